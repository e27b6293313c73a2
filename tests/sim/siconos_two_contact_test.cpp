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
  const SiconosRun r = simulateSiconos(models::makeTwoContactBody(kBall, m),
                                       Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), o);
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
  const SiconosRun r = simulateSiconos(models::makeTwoContactBody(kBall, m),
                                       Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), o);
  EXPECT_EQ(r.observed_mode, "SR");
  const double rate = std::fabs(models::slipRollField(kBall, m, -1).rates[0]);
  // Time stepping: the slip grows linearly; 1 % covers the first step's transient.
  EXPECT_NEAR(r.samples.back().slip_plus, rate * r.samples.back().t,
              0.01 * rate * r.samples.back().t);
}

TEST(Siconos, EventDrivenFrictionlessSpinMatchesClosedForm) {
  // Where Siconos EventDriven applies (frictionless unilateral contacts): the torque only spins
  // the ball, d Omega/dt = M / (j m r^2), and the centre stays at rest (gravity is carried by
  // the two normal forces). LSODAR's tolerances give ~1e-6 relative.
  const Eigen::Vector3d m(0.2, -0.1, 0.3);
  const auto body = models::makeTwoContactBody(kBall, m);
  const auto run = simulateSiconosEventDrivenFrictionless(body, 0.2, 0.01);
  ASSERT_GE(run.t.size(), 10u);
  const double inertia = kBall.inertia_ratio * kBall.mass_kg * kBall.radius_m * kBall.radius_m;
  const Eigen::Vector3d expected = body.torque_external_W / inertia * run.t.back();
  EXPECT_LT((run.omega_W.back() - expected).norm(), 1e-5 * expected.norm());
  EXPECT_LT(run.v_C_W.back().norm(), 1e-8);
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
