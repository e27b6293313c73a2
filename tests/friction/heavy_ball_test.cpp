#include <nsdkit/friction/heavy_ball.hpp>

#include <gtest/gtest.h>

#include <cmath>

#include <nsdkit/core/errors.hpp>

#include "../support/nan_propagating.hpp"

namespace nsd::friction {
namespace {

TEST(HeavyBall, SlidingAndWhirlingStopSimultaneously) {
  // Fig. 7: from v(0) = 1, u(0) = 3, all else 0. "Simultaneously" means: the first times at
  // which v and |u| fall below 1e-7 of their initial scale differ by less than 1e-3 of that time
  // (both decay linearly to a common finite stop time t*; a separate stop would leave one of
  // them O(1) when the other vanishes), and u/v stays bounded on the approach.
  const HeavyBallParameters p;
  const HeavyBallTrajectory tr = simulateHeavyBall(p, {1.0, 3.0}, 50.0, 1e-3);
  ASSERT_GT(tr.slip_stop_time, 0.0);
  ASSERT_GT(tr.whirl_stop_time, 0.0);
  const double t_star = test_support::maxPropagatingNaN({tr.slip_stop_time, tr.whirl_stop_time});
  EXPECT_LT(std::fabs(tr.slip_stop_time - tr.whirl_stop_time), 1e-3 * t_star);
  double max_ratio = 0.0;
  for (const auto& s : tr.samples) {
    // Every sample finite first: the filter below would skip a NaN speed silently.
    ASSERT_TRUE(std::isfinite(s.t) && std::isfinite(s.u) && std::isfinite(s.v)) << s.t;
    if (s.t > 0.9 * t_star && s.v > 1e-6) {
      max_ratio = test_support::maxPropagatingNaN({max_ratio, std::fabs(s.u) / s.v});
    }
  }
  EXPECT_LT(max_ratio, 100.0);
  // Dry friction only dissipates.
  EXPECT_LT(tr.energy_final, tr.energy_initial);
}

TEST(HeavyBall, TrajectoryDeviatesFromAStraightLineOnlyWithRollingAsymmetry) {
  // Fig. 6: with k_r != 0 the lateral force F_perp bends the path; with k_r = 0 the friction
  // force is along the slip and the path stays on the x axis (to rounding).
  HeavyBallParameters p;
  const auto bent = simulateHeavyBall(p, {1.0, 3.0}, 50.0, 1e-2);
  EXPECT_GT(std::fabs(bent.samples.back().y), 0.05);
  p.k_r0 = 0.0;
  const auto straight = simulateHeavyBall(p, {1.0, 3.0}, 50.0, 1e-2);
  EXPECT_LT(std::fabs(straight.samples.back().y), 1e-12);
}

TEST(HeavyBall, PureSlidingWithoutWhirlMatchesClosedForm) {
  // u0 = 0, k_r = 0: classic billiard ball, slip decays as dv/dt = -(7/2) f g, so sliding stops
  // at t = 2 v0 / (7 f g) with centre speed 5/7 v0 afterwards.
  HeavyBallParameters p;
  p.k_r0 = 0.0;
  const auto tr = simulateHeavyBall(p, {1.0, 0.0}, 1.0, 1e-3);
  EXPECT_NEAR(tr.slip_stop_time, 2.0 / 7.0, 1e-6);
  // Then rolling at 5/7 v0: the centre speed from the positions (last 0.1 s, after the slip
  // stopped) and the rolling rate omega_y R_b (R_b = 1) agree with it to the ODE tolerance.
  ASSERT_GE(tr.samples.size(), 101u);
  const auto& last = tr.samples.back();
  const auto& before = tr.samples[tr.samples.size() - 101];
  ASSERT_GT(before.t, tr.slip_stop_time);
  EXPECT_NEAR((last.x - before.x) / (last.t - before.t), 5.0 / 7.0, 1e-6);
  EXPECT_NEAR(last.omega_y * p.ball_radius, 5.0 / 7.0, 1e-6);
}

TEST(HeavyBall, ExactModelRunsAndAgreesInKind) {
  HeavyBallParameters p;
  p.exact_model = true;
  p.exact_tolerance = 1e-6;
  p.absolute_tolerance = p.relative_tolerance = 1e-7;
  const auto tr = simulateHeavyBall(p, {1.0, 3.0}, 50.0, 1e-2);
  ASSERT_GT(tr.slip_stop_time, 0.0);
  EXPECT_LT(std::fabs(tr.slip_stop_time - tr.whirl_stop_time), 1e-2 * tr.slip_stop_time);
}

TEST(HeavyBall, RejectsBadInput) {
  HeavyBallParameters p;
  p.friction = -0.1;
  EXPECT_THROW(simulateHeavyBall(p, {1, 3}, 1.0, 0.01), InvalidInput);
  EXPECT_THROW(simulateHeavyBall(HeavyBallParameters{}, {0, 0}, 1.0, 0.01), InvalidInput);
  EXPECT_THROW(simulateHeavyBall(HeavyBallParameters{}, {1, 3}, -1.0, 0.01), InvalidInput);
  EXPECT_THROW(simulateHeavyBall(HeavyBallParameters{}, {1, NAN}, 1.0, 0.01), InvalidInput);
}

}  // namespace
}  // namespace nsd::friction
