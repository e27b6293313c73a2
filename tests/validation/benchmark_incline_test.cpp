// SphereOnIncline and HeldSphere (benchmark_systems.hpp): their analytic trajectories satisfy
// Newton-Euler with Coulomb's law, evaluated from the scene alone (newton_euler_residual.hpp),
// on both sides of each threshold, and the threshold itself is where the sticking force reaches
// the cone.
//
// Tolerances: the central differences are exact up to rounding for these piecewise-linear
// velocities (h = 1 ms, forces ~10 N: rounding ~1e-12 N); 1e-7 N and 1e-12 m are far below what
// each check must catch: replacing (1 + j) by (1 + 2j) in the rolling acceleration changes the
// moment balance by about 0.5 N, a 1 % change of a sliding acceleration Coulomb's force by 0.03 N.
#include <gtest/gtest.h>

#include <cmath>

#include "newton_euler_residual.hpp"

namespace nsd::validation {
namespace {

constexpr double kInclineStep_s = 1e-3;
constexpr double kInclineForceTolerance_N = 1e-7;
constexpr double kInclineLengthTolerance_m = 1e-12;

OnePlaneModel inclineAt(CaseFamily family, double tan_slope, double heading_rad, double drilling) {
  OnePlaneModel m;
  m.family = family;
  m.slope_rad = std::atan(tan_slope);
  m.heading_rad = heading_rad;
  m.drilling_torque_N_m = drilling;
  m.duration_s = 0.5;
  return m;
}

void expectNewtonEuler(const BenchmarkSystem& system, bool expect_sticking) {
  const auto times = testing::sampleTimes(system.model().duration_s, kInclineStep_s, 25);
  const testing::NewtonEulerResidual r =
      testing::newtonEulerResidual(system, times, kInclineStep_s);
  EXPECT_LT(r.force_N, kInclineForceTolerance_N);
  EXPECT_LT(r.coulomb_N, kInclineForceTolerance_N);
  EXPECT_LT(r.kinematics_m, kInclineLengthTolerance_m);
  EXPECT_GT(r.min_normal_N, 0.0);
  EXPECT_EQ(expect_sticking ? r.sticking : r.sliding, static_cast<int>(times.size()));
}

// Released on the incline: rolls below tan s = mu (1 + j) / j (Def 9), slides above; with and
// without a drilling torque (which must not change either: no torsional friction at a point).
TEST(SphereOnIncline, TrajectorySatisfiesNewtonEulerAndCoulombOnBothSides) {
  const OnePlaneModel base;
  const double threshold = base.mu * (1.0 + base.inertia_ratio) / base.inertia_ratio;
  for (const double factor : {0.2, 0.9, 0.999, 1.001, 1.1, 1.5}) {
    for (const double drilling : {0.0, 0.01}) {
      SCOPED_TRACE("tan s = " + std::to_string(factor) + " of the threshold, drilling " +
                   std::to_string(drilling));
      const SphereOnIncline system(
          inclineAt(CaseFamily::kIncline, factor * threshold, 0.5, drilling));
      EXPECT_EQ(system.reference().rolls, factor < 1.0);
      EXPECT_DOUBLE_EQ(system.reference().threshold_tan_slope, threshold);
      expectNewtonEuler(system, factor < 1.0);
    }
  }
}

// The rolling sphere needs the friction |F_t| = m g sin s j / (1 + j) of the cone mu m g cos s:
// the ratio is tan s over the threshold mu (1 + j) / j, so it reaches the cone's edge exactly
// there (a 1 % error of the threshold moves the ratio by 0.01; rounding leaves 1e-15).
TEST(SphereOnIncline, StickingForceFillsTheConeInProportionToTheSlope) {
  const OnePlaneModel base;
  const double threshold = base.mu * (1.0 + base.inertia_ratio) / base.inertia_ratio;
  for (const double factor : {0.3, 0.9, 1.0 - 1e-9}) {
    const SphereOnIncline system(inclineAt(CaseFamily::kIncline, factor * threshold, 0.0, 0.0));
    const auto r = testing::newtonEulerResidual(system, {0.25}, kInclineStep_s);
    ASSERT_EQ(r.sticking, 1);
    EXPECT_NEAR(r.cone_ratio, factor, 1e-9);
  }
}

// Held by the torque -m g r sin(s) a: exact rest below tan s = mu, sliding (and spinning back)
// above.
TEST(HeldSphere, TrajectorySatisfiesNewtonEulerAndCoulombOnBothSides) {
  const OnePlaneModel base;
  for (const double factor : {0.5, 0.9, 1.1, 2.0}) {
    SCOPED_TRACE("tan s = " + std::to_string(factor) + " mu");
    const HeldSphere system(inclineAt(CaseFamily::kCreep, factor * base.mu, 0.3, 0.0));
    EXPECT_EQ(system.reference().at_rest, factor < 1.0);
    expectNewtonEuler(system, factor < 1.0);
    if (factor < 1.0) {  // at rest the friction carries the whole weight along the slope
      const auto r = testing::newtonEulerResidual(system, {0.25}, kInclineStep_s);
      EXPECT_NEAR(r.cone_ratio, factor, 1e-9);
    }
    if (factor < 1.0) {
      EXPECT_EQ(system.stateAt(0.4).v_C_W.norm(), 0.0);
    }
  }
}

TEST(BenchmarkSystems, EachClassRefusesAnotherFamilyAndTheFactoryPicksByFamily) {
  OnePlaneModel m = inclineAt(CaseFamily::kCreep, 0.1, 0.0, 0.0);
  EXPECT_THROW(SphereOnIncline{m}, InvalidInput);
  EXPECT_NE(dynamic_cast<HeldSphere*>(benchmarkSystemOf(m).get()), nullptr);
  m.family = CaseFamily::kIncline;
  EXPECT_NE(dynamic_cast<SphereOnIncline*>(benchmarkSystemOf(m).get()), nullptr);
  EXPECT_THROW(HeldSphere{m}, InvalidInput);
  m.family = CaseFamily::kBlock;
  EXPECT_NE(dynamic_cast<BoxOnPlane*>(benchmarkSystemOf(m).get()), nullptr);
  EXPECT_THROW(LaunchedSphere{m}, InvalidInput);
  OnePlaneModel launch;
  launch.family = CaseFamily::kLaunch;
  launch.launch_speed_m_s = 1.0;
  EXPECT_NE(dynamic_cast<LaunchedSphere*>(benchmarkSystemOf(launch).get()), nullptr);
  EXPECT_THROW(BoxOnPlane{launch}, InvalidInput);
  OnePlaneModel rattleback;
  rattleback.family = CaseFamily::kRattleback;
  EXPECT_NE(dynamic_cast<KaneLevinsonRattleback*>(benchmarkSystemOf(rattleback).get()), nullptr);
  EXPECT_THROW(SphereOnIncline{rattleback}, InvalidInput);
  m.family = CaseFamily::kTrough;
  EXPECT_THROW(benchmarkSystemOf(m), InvalidInput);
  m.family = CaseFamily::kIncline;
  m.mu = NAN;
  EXPECT_THROW(benchmarkSystemOf(m), InvalidInput);
}

}  // namespace
}  // namespace nsd::validation
