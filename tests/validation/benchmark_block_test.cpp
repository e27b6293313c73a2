// BoxOnPlane (benchmark_systems.hpp): the thrown box and the box on the incline satisfy Newton's
// law with Coulomb's friction from the scene alone (newton_euler_residual.hpp), never turn, and
// keep their edges along (e, a, n) on a slope.
//
// Tolerances as benchmark_incline_test.cpp: 1e-7 N and 1e-12 m against rounding near 1e-12 N; a
// 1 % change of the deceleration mu g moves Coulomb's force by 0.03 N.
#include <gtest/gtest.h>

#include <cmath>

#include "newton_euler_residual.hpp"

namespace nsd::validation {
namespace {

constexpr double kBlockStep_s = 1e-4;

void expectNewtonCoulomb(const BenchmarkSystem& system, const std::vector<double>& times) {
  const auto r = testing::newtonEulerResidual(system, times, kBlockStep_s);
  EXPECT_EQ(r.turn_rad_s, 0.0);  // the box never turns
  EXPECT_LT(r.coulomb_N, 1e-7);
  EXPECT_LT(r.kinematics_m, 1e-12);
  EXPECT_GT(r.min_normal_N, 0.0);
}

TEST(BoxOnPlane, ThrownBoxDeceleratesAtMuGThenSticks) {
  for (const double heading : {0.0, 0.4}) {
    OnePlaneModel m;
    m.family = CaseFamily::kBlock;
    m.launch_speed_m_s = 1.0;
    m.heading_rad = heading;
    m.duration_s = 0.6;
    const BoxOnPlane system(m);
    const double t_stop = system.reference().stop_time_s;
    ASSERT_LT(t_stop, m.duration_s);
    expectNewtonCoulomb(system, testing::sampleTimes(m.duration_s, kBlockStep_s, 30, {t_stop}));
    EXPECT_NEAR((system.stateAt(m.duration_s).x_C_W - system.stateAt(0.0).x_C_W).norm(),
                system.reference().stop_distance_m, 1e-12);
  }
}

TEST(BoxOnPlane, BoxOnTheInclineRestsBelowTanSEqualsMuAndSlidesAbove) {
  for (const double factor : {0.5, 0.99, 1.01, 1.5}) {
    SCOPED_TRACE("tan s = " + std::to_string(factor) + " mu");
    OnePlaneModel m;
    m.family = CaseFamily::kBlock;
    m.slope_rad = std::atan(factor * m.mu);
    m.heading_rad = 0.5;
    m.duration_s = 0.5;
    const BoxOnPlane system(m);
    EXPECT_EQ(system.reference().at_rest, factor < 1.0);
    const auto times = testing::sampleTimes(m.duration_s, kBlockStep_s, 20);
    expectNewtonCoulomb(system, times);
    if (factor < 1.0) {  // at rest the friction needed is tan s / mu of the cone
      EXPECT_NEAR(testing::newtonEulerResidual(system, times, kBlockStep_s).cone_ratio, factor,
                  1e-9);
    }
    // The edges along (e, a, n) at every time: x along the downhill tangent, z along n.
    const OnePlaneFrame f = frameOf(m);
    const Eigen::Matrix3d R = system.stateAt(0.3).q_WS.toRotationMatrix();
    EXPECT_LT((R.col(0) - f.e_W).norm(), 1e-12);
    EXPECT_LT((R.col(2) - f.n_W).norm(), 1e-12);
    EXPECT_TRUE(system.scene().q0_WS.isApprox(system.stateAt(0.3).q_WS, 1e-15));
  }
}

}  // namespace
}  // namespace nsd::validation
