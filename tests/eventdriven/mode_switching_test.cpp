#include "eventdriven/mode_switching.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/errors.hpp"
#include "models/ball_trough.hpp"

namespace nsd::eventdriven {
namespace {

const auto kBall = models::BallTroughParameters::paper(0.3, 0.4);

ModeTrajectory run(const Eigen::Vector3d& m, const Eigen::Vector4d& s0, double t_end) {
  return simulateModeSwitching(models::makeTwoContactBody(kBall, m), s0, t_end);
}

void expectEnergyBalance(const ModeTrajectory& tr) {
  // Kinetic energy change = external work - friction dissipation (integrated along the run to
  // the ODE tolerance 1e-10; 1e-8 J allows for the event snapping).
  for (const auto& s : tr.samples) {
    EXPECT_NEAR(s.kinetic_energy - tr.samples.front().kinetic_energy,
                s.external_work - s.dissipated, 1e-8 * (1.0 + s.external_work));
    EXPECT_GE(s.dissipated, -1e-15);
  }
}

TEST(ModeSwitching, RealizableRollingMatchesEq78) {
  const Eigen::Vector3d m(0.1, -0.1, 0.05);  // inside the body
  const auto tr = run(m, Eigen::Vector4d::Zero(), 1.0);
  ASSERT_EQ(tr.events.size(), 1u);
  EXPECT_EQ(tr.events[0].to, Mode::kRR);
  for (const auto& s : tr.samples) {
    EXPECT_EQ(s.mode, Mode::kRR);
    EXPECT_NEAR(s.v_C_W.z(), models::rollingAcceleration(kBall, m) * s.t, 1e-10);
  }
  expectEnergyBalance(tr);
}

TEST(ModeSwitching, SlippingBallRollsAtThePredictedTime) {
  // Sliding along the trough without rotation, no torque: by symmetry u1+ = u1- and
  // du1/dt = -(1+2j) mu g / (sqrt2 j) from (75)-(76); both contacts stick at
  // t* = sqrt2 j u0 / ((1+2j) mu g); then Def 11 holds and the ball rolls on.
  const double u0 = 1.0, j = 0.4, mu = 0.3, g = 9.81;
  const auto tr = run(Eigen::Vector3d::Zero(), Eigen::Vector4d(u0, u0, 0, 0), 1.0);
  ASSERT_EQ(tr.events.size(), 2u);
  EXPECT_EQ(tr.events[1].from, Mode::kSS);
  EXPECT_EQ(tr.events[1].to, Mode::kRR);
  const double t_star = std::sqrt(2.0) * j * u0 / ((1 + 2 * j) * mu * g);
  EXPECT_NEAR(tr.events[1].t, t_star, 1e-9);
  // Centre speed during slip: v = u0 - sqrt2 mu g t; after t* it stays constant (no torque).
  const double v_star = u0 - std::sqrt(2.0) * mu * g * t_star;
  EXPECT_NEAR(tr.samples.back().v_C_W.z(), v_star, 1e-9);
  expectEnergyBalance(tr);
}

TEST(ModeSwitching, OnePointEscapeFollowsTheCorrectedLimitVectors) {
  // Outside the SR planes (83) only: two-point rolling is not realizable, P+ starts slipping and
  // u1+ grows at the rate of ERRATA item 6 (case SR) with the outflowing sign.
  const Eigen::Vector3d m(1.0, 0.0, 0.0);
  const auto tr = run(m, Eigen::Vector4d::Zero(), 0.5);
  ASSERT_FALSE(tr.events.empty());
  EXPECT_EQ(tr.events[0].to, Mode::kSR);
  const double rate = models::slipRollField(kBall, m, -1).rates[0];
  EXPECT_LT(rate, 0.0);  // the sigma = -1 side flows out
  const auto& last = tr.samples.back();
  EXPECT_NEAR(last.u1_plus, rate * last.t, 1e-7);
  EXPECT_NEAR(last.v_C_W.z(), models::slipRollField(kBall, m, -1).rates[3] * last.t, 1e-7);
  // RS case too (outside the planes (82) only).
  const Eigen::Vector3d m2(0.0, 0.8, 0.0);
  const auto rs = run(m2, Eigen::Vector4d::Zero(), 0.5);
  EXPECT_EQ(rs.events[0].to, Mode::kRS);
  const double rate2 = models::rollSlipField(kBall, m2, +1).rates[1];
  EXPECT_GT(rate2, 0.0);
  EXPECT_NEAR(rs.samples.back().u1_minus, rate2 * rs.samples.back().t, 1e-7);
  expectEnergyBalance(tr);
  expectEnergyBalance(rs);
}

TEST(ModeSwitching, TwoPointSlipWhenOnlySSFails) {
  // m_z above m_z3 with m_x = m_y = 0: only SS fails; the ball starts slipping at both points
  // along a repelling limit direction and never returns to rolling.
  const auto tr = run(Eigen::Vector3d(0, 0, 0.7), Eigen::Vector4d::Zero(), 0.3);
  EXPECT_EQ(tr.events[0].to, Mode::kSS);
  EXPECT_EQ(tr.samples.back().mode, Mode::kSS);
  expectEnergyBalance(tr);
}

TEST(ModeSwitching, RejectsBadInput) {
  const auto body = models::makeTwoContactBody(kBall, Eigen::Vector3d::Zero());
  EXPECT_THROW(simulateModeSwitching(body, Eigen::Vector4d(NAN, 0, 0, 0), 1.0), InvalidInput);
  EXPECT_THROW(simulateModeSwitching(body, Eigen::Vector4d::Zero(), -1.0), InvalidInput);
  ModeSwitchingOptions o;
  o.escape_speed = o.stick_threshold;
  EXPECT_THROW(simulateModeSwitching(body, Eigen::Vector4d::Zero(), 1.0, o), InvalidInput);
}

}  // namespace
}  // namespace nsd::eventdriven
