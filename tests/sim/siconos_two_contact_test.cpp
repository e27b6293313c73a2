#include "sim/siconos_two_contact.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/errors.hpp"
#include "models/ball_trough.hpp"

namespace nsd::sim {
namespace {

const auto kBall = models::BallTroughParameters::paper(0.3, 0.4);

TEST(Siconos, RealizableRollingMatchesEq78) {
  // Torque well inside the body: Siconos keeps both contacts rolling and the centre accelerates
  // as in (78). The Moreau-Jean scheme is exact for constant accelerations up to the solver
  // tolerance (1e-10): 1e-6 m/s after 0.2 s.
  const Eigen::Vector3d m(0.1, -0.1, 0.05);
  SiconosOptions o;
  o.t_end = 0.2;
  const SiconosRun r = simulateSiconos(models::makeTwoContactBody(kBall, m), Eigen::Vector3d::Zero(),
                                       Eigen::Vector3d::Zero(), o);
  EXPECT_EQ(r.observed_mode, "RR");
  const auto& last = r.samples.back();
  EXPECT_NEAR(last.v_C_W.z(), models::rollingAcceleration(kBall, m) * last.t, 1e-6);
  EXPECT_GT(last.force_plus[0], 0.0);
  EXPECT_GT(last.force_minus[0], 0.0);
}

TEST(Siconos, OnePointSlipOutsideThePlanes) {
  // Outside the SR planes only: Siconos slips at P+ only, at the rate of ERRATA item 6 (SR).
  const Eigen::Vector3d m(1.0, 0.0, 0.0);
  SiconosOptions o;
  o.t_end = 0.2;
  const SiconosRun r = simulateSiconos(models::makeTwoContactBody(kBall, m), Eigen::Vector3d::Zero(),
                                       Eigen::Vector3d::Zero(), o);
  EXPECT_EQ(r.observed_mode, "SR");
  const double rate = std::fabs(models::slipRollField(kBall, m, -1).rates[0]);
  // Time stepping: the slip grows linearly; 1 % covers the first step's transient.
  EXPECT_NEAR(r.samples.back().slip_plus, rate * r.samples.back().t, 0.01 * rate * r.samples.back().t);
}

TEST(Siconos, RejectsBadOptions) {
  SiconosOptions o;
  o.t_end = o.step;  // Debian's Siconos asserts T >= t0 + 2h
  EXPECT_THROW(simulateSiconos(models::makeTwoContactBody(kBall, Eigen::Vector3d::Zero()),
                               Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), o),
               InvalidInput);
}

}  // namespace
}  // namespace nsd::sim
