// LaunchedSphere (benchmark_systems.hpp): its analytic trajectory satisfies Newton-Euler with
// Coulomb's law from the scene alone (newton_euler_residual.hpp) in both phases, sliding before
// t* and rolling after; the phases meet continuously at t*.
//
// Tolerances as benchmark_incline_test.cpp: 1e-7 N and 1e-12 m against rounding near 1e-12 N;
// a 1 % error of mu g (the sliding deceleration) moves Coulomb's force by 0.03 N and a wrong
// spin-up rate mu g / (j r) breaks the moment balance by more than 0.1 N.
#include <gtest/gtest.h>

#include <cmath>

#include "newton_euler_residual.hpp"

namespace nsd::validation {
namespace {

constexpr double kLaunchStep_s = 1e-4;

TEST(LaunchedSphere, BothPhasesSatisfyNewtonEulerAndCoulomb) {
  for (const double backspin : {0.0, 10.0, -10.0}) {
    for (const double heading : {0.0, 0.7}) {
      SCOPED_TRACE("backspin " + std::to_string(backspin) + " rad/s, heading " +
                   std::to_string(heading));
      OnePlaneModel m;
      m.family = CaseFamily::kLaunch;
      m.launch_speed_m_s = 1.0;
      m.backspin_rad_s = backspin;
      m.heading_rad = heading;
      m.duration_s = 0.5;
      const LaunchedSphere system(m);
      const double t_star = system.reference().rolling_onset_s;
      ASSERT_LT(t_star, m.duration_s);
      std::vector<double> times;  // ten in each phase, none within 1e-3 s of t*
      for (int i = 1; i <= 10; ++i) {
        times.push_back((t_star - 1e-3) * i / 10.0);
        times.push_back(t_star + 1e-3 + (m.duration_s - t_star - 2e-3) * i / 10.0);
      }
      const auto r = testing::newtonEulerResidual(system, times, kLaunchStep_s);
      EXPECT_LT(r.force_N, 1e-7);
      EXPECT_LT(r.coulomb_N, 1e-7);
      EXPECT_LT(r.kinematics_m, 1e-12);
      EXPECT_EQ(r.sliding, 10);   // before t*
      EXPECT_EQ(r.sticking, 10);  // after t*
      // The sliding phase meets the rolling one at t*: its slip closes there, and the velocity
      // and spin just before t* (the sliding branch) are those at t* (the rolling branch).
      const BodyState just_before = system.stateAt(t_star * (1.0 - 1e-9));
      const BodyState at = system.stateAt(t_star);
      const Eigen::Vector3d n = system.scene().planes.at(0).normal_W;
      const Eigen::Vector3d slip = just_before.v_C_W + just_before.omega_W.cross(-m.radius_m * n);
      EXPECT_LT(slip.norm(), 1e-8);
      EXPECT_LT((just_before.v_C_W - at.v_C_W).norm(), 1e-8);
      EXPECT_LT((just_before.omega_W - at.omega_W).norm(), 1e-6);
    }
  }
}

TEST(LaunchedSphere, WithoutFrictionThereIsNoReference) {
  OnePlaneModel m;
  m.family = CaseFamily::kLaunch;
  m.launch_speed_m_s = 1.0;
  m.mu = 0.0;
  const LaunchedSphere system(m);
  EXPECT_THROW(system.reference(), InvalidInput);
  EXPECT_THROW(system.scene(), InvalidInput);
}

}  // namespace
}  // namespace nsd::validation
