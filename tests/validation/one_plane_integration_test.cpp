// The one-plane families' references against a route that shares none of their code (issue 50):
// Newton-Euler for the scene alone (sceneOf: mass, inertia, radius, plane, mu, loads, initial
// state), integrated with Coulomb's law in this file. Rolling or sticking is kept while the force
// it needs lies in the friction cone (Def 9's sticking force for one contact); sliding runs with
// the friction mu N against the slip until the slip vanishes, located within the step. Under the
// constant forces of these scenes every phase has constant accelerations, so the integration is
// exact up to rounding and the event location: the tolerances below (1e-6 relative) are 10^4
// times smaller than the smallest error each check must catch (a 1 % change of an acceleration,
// an onset or a final speed).
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <string>

#include <nsdkit/validation/cases.hpp>

namespace nsd::validation {
namespace {

/// The motion of one body on one plane.
struct IntegratedMotion {
  Eigen::Vector3d v_end_W = Eigen::Vector3d::Zero();
  Eigen::Vector3d v_half_W = Eigen::Vector3d::Zero();  ///< at t_end / 2
  Eigen::Vector3d omega_end_W = Eigen::Vector3d::Zero();
  Eigen::Vector3d x_end_W = Eigen::Vector3d::Zero();
  double first_stick_s = NAN;  ///< first time the slip vanished (NaN: never)
  bool sticks_at_end = false;
};

/// The body: a sphere rolls about its contact point; a block (translation only, as its family
/// treats it) has no lever arm and no rotation.
struct OnePlaneBody {
  double mass_kg;
  Eigen::Matrix3d inverse_inertia_W;  ///< zero for the block: it does not turn
  Eigen::Vector3d r_CP_W;             ///< centre to contact point
  Eigen::Vector3d normal_W;
  double mu;
  Eigen::Vector3d external_force_W, torque_W;
  double normal_force_N;
};

OnePlaneBody bodyOf(const engines::SphereScene& s) {
  OnePlaneBody b;
  b.mass_kg = s.mass_kg;
  b.normal_W = s.planes.at(0).normal_W;
  b.mu = s.planes.at(0).mu;
  const bool box = s.shape == engines::ShapeKind::kBox;
  b.inverse_inertia_W = box ? Eigen::Matrix3d::Zero() : Eigen::Matrix3d(s.inertia_C_W.inverse());
  b.r_CP_W = -(box ? s.half_extents_m.z() : s.radius_m) * b.normal_W;
  b.external_force_W = s.mass_kg * s.gravity_W + s.force_W;
  b.torque_W = box ? Eigen::Vector3d::Zero() : s.torque_W;
  b.normal_force_N = -b.external_force_W.dot(b.normal_W);
  return b;
}

Eigen::Vector3d tangential(const Eigen::Vector3d& v, const Eigen::Vector3d& n) {
  return v - v.dot(n) * n;
}

/// d(slip)/dt under the tangential contact force F.
Eigen::Vector3d slipRate(const OnePlaneBody& b, const Eigen::Vector3d& F) {
  const Eigen::Vector3d a = (b.external_force_W + b.normal_force_N * b.normal_W + F) / b.mass_kg;
  const Eigen::Vector3d alpha = b.inverse_inertia_W * (b.r_CP_W.cross(F) + b.torque_W);
  return tangential(a + alpha.cross(b.r_CP_W), b.normal_W);
}

/// The tangential force that keeps the slip at zero (linear in F: solved on a basis of the plane).
Eigen::Vector3d stickingForce(const OnePlaneBody& b) {
  const Eigen::Vector3d n = b.normal_W;
  const Eigen::Vector3d t1 = n.unitOrthogonal(), t2 = n.cross(t1);
  const Eigen::Vector3d u0 = slipRate(b, Eigen::Vector3d::Zero());
  Eigen::Matrix2d A;
  const Eigen::Vector3d c1 = slipRate(b, t1) - u0, c2 = slipRate(b, t2) - u0;
  A << c1.dot(t1), c2.dot(t1), c1.dot(t2), c2.dot(t2);
  const Eigen::Vector2d f = A.fullPivLu().solve(-Eigen::Vector2d(u0.dot(t1), u0.dot(t2)));
  return f[0] * t1 + f[1] * t2;
}

IntegratedMotion integrate(const engines::SphereScene& scene, double t_end, double dt) {
  const OnePlaneBody b = bodyOf(scene);
  Eigen::Vector3d x = scene.centre0_W, v = scene.v_C0_W, omega = scene.omega0_W;
  IntegratedMotion m;
  const Eigen::Vector3d sticking = stickingForce(b);
  const bool can_stick = sticking.norm() <= b.mu * b.normal_force_N;
  bool sticking_now = false;
  const auto slip = [&] { return tangential(v + omega.cross(b.r_CP_W), b.normal_W); };
  const auto advance = [&](const Eigen::Vector3d& F, double h) {
    const Eigen::Vector3d a = (b.external_force_W + b.normal_force_N * b.normal_W + F) / b.mass_kg;
    x += v * h + 0.5 * a * h * h;
    v += a * h;
    omega += b.inverse_inertia_W * (b.r_CP_W.cross(F) + b.torque_W) * h;
  };
  double t = 0.0;
  bool half_recorded = false;
  const auto steps = static_cast<long>(std::llround(t_end / dt));
  for (long k = 0; k < steps; ++k, t = static_cast<double>(k) * dt) {
    if (!half_recorded && t >= 0.5 * t_end - 1e-12) {
      m.v_half_W = v;
      half_recorded = true;
    }
    const Eigen::Vector3d u = slip();
    if (sticking_now || (u.norm() < 1e-12 && can_stick)) {
      sticking_now = can_stick;
      if (sticking_now) {
        if (std::isnan(m.first_stick_s)) m.first_stick_s = t;
        advance(sticking, dt);
        continue;
      }
    }
    // Sliding: friction against the slip (or, from rest, against the sticking force's lack).
    const Eigen::Vector3d direction =
        u.norm() > 1e-12 ? Eigen::Vector3d(u.normalized()) : Eigen::Vector3d(-sticking.normalized());
    const Eigen::Vector3d F = -b.mu * b.normal_force_N * direction;
    const Eigen::Vector3d du = slipRate(b, F);
    const double to_zero = u.norm() > 1e-12 && du.dot(u) < 0.0 ? -u.dot(du) / du.squaredNorm() : dt;
    if (to_zero < dt) {  // the slip vanishes within this step
      advance(F, to_zero);
      if (can_stick) {
        m.first_stick_s = t + to_zero;
        sticking_now = true;
        advance(sticking, dt - to_zero);
      } else {
        advance(F, dt - to_zero);
      }
      continue;
    }
    advance(F, dt);
  }
  m.v_end_W = v;
  m.omega_end_W = omega;
  m.x_end_W = x;
  m.sticks_at_end = sticking_now;
  return m;
}

bool near(double value, double expected, double relative, double absolute) {
  return std::fabs(value - expected) <= relative * std::fabs(expected) + absolute;
}

constexpr double kStep_s = 1e-5;
constexpr double kRelative = 1e-6;

class OnePlaneFamily : public ::testing::TestWithParam<CaseFamily> {};

TEST_P(OnePlaneFamily, ReferencesAgreeWithNewtonEulerIntegratedFromTheSceneAlone) {
  std::size_t checked = 0;
  for (const ValidationCase& c : generateCases({GetParam()})) {
    SCOPED_TRACE(c.name);
    const engines::SphereScene scene = sceneOf(c);
    ASSERT_EQ(scene.planes.size(), 1u);
    const IntegratedMotion m = integrate(scene, c.t_end_s, kStep_s);
    const bool block = c.kind == CaseFamily::kBlock;
    const std::string mode = m.sticks_at_end ? (block ? "stick" : "R") : (block ? "slide" : "S");
    ASSERT_EQ(c.allowed_modes.size(), 1u);
    EXPECT_EQ(mode, c.allowed_modes[0]);
    // A rolling start that the integration never leaves has its sticking time at 0.
    if (std::isfinite(c.expected_acceleration) && !block) {
      const double a = (m.v_end_W - m.v_half_W).dot(c.along_W) / (0.5 * c.t_end_s);
      EXPECT_TRUE(near(a, c.expected_acceleration, kRelative, 1e-9))
          << "integrated " << a << " m/s^2, reference " << c.expected_acceleration;
    }
    if (std::isfinite(c.expected_rolling_onset_s)) {
      EXPECT_TRUE(near(m.first_stick_s, c.expected_rolling_onset_s, kRelative, 1e-9))
          << "integrated onset " << m.first_stick_s << " s, reference "
          << c.expected_rolling_onset_s;
    }
    if (std::isfinite(c.expected_final_speed)) {
      EXPECT_TRUE(near(m.v_end_W.norm(), c.expected_final_speed, kRelative, 1e-9))
          << "integrated final speed " << m.v_end_W.norm() << " m/s, reference "
          << c.expected_final_speed;
    }
    if (std::isfinite(c.expected_spin_rad_s)) {
      EXPECT_TRUE(near(m.omega_end_W.dot(c.spin_axis_W), c.expected_spin_rad_s, kRelative, 1e-9))
          << "integrated spin " << m.omega_end_W.dot(c.spin_axis_W) << " rad/s, reference "
          << c.expected_spin_rad_s;
    }
    if (std::isfinite(c.expected_stop_time_s)) {
      EXPECT_TRUE(near(m.first_stick_s, c.expected_stop_time_s, kRelative, 1e-9));
      const double distance = (m.x_end_W - scene.centre0_W).norm();
      EXPECT_TRUE(near(distance, c.expected_stop_distance_m, kRelative, 1e-9))
          << "integrated stop distance " << distance << " m, reference "
          << c.expected_stop_distance_m;
    }
    if (c.exact_rest) {
      EXPECT_LT(m.v_end_W.norm(), 1e-9);
    }
    ++checked;
  }
  EXPECT_GT(checked, 0u);
}

INSTANTIATE_TEST_SUITE_P(Families, OnePlaneFamily,
                         ::testing::Values(CaseFamily::kIncline, CaseFamily::kLaunch,
                                           CaseFamily::kCreep, CaseFamily::kBlock),
                         [](const ::testing::TestParamInfo<CaseFamily>& param_info) {
                           return toString(param_info.param);
                         });

// The integration itself against two closed forms it must reproduce (so a wrong integrator
// cannot agree with a wrong reference by accident): a solid sphere released on a 20-degree
// incline with mu = 1 rolls at 5/7 g sin s; thrown at 2 m/s without spin on mu = 0.2 it rolls
// at 2/7 v0 / (mu g) with 5/7 v0.
TEST(OnePlaneIntegration, ReproducesTheTextbookSphere) {
  engines::SphereScene s;
  s.radius_m = 0.1;
  s.mass_kg = 2.0;
  s.inertia_C_W = Eigen::Matrix3d::Identity() * 0.4 * 2.0 * 0.01;
  const double slope = 20.0 * M_PI / 180.0;
  engines::StaticPlane plane;
  plane.normal_W = Eigen::Vector3d(std::sin(slope), 0.0, std::cos(slope));
  plane.mu = 1.0;
  s.planes = {plane};
  const IntegratedMotion rolling = integrate(s, 0.5, kStep_s);
  const Eigen::Vector3d downhill(std::cos(slope), 0.0, -std::sin(slope));
  EXPECT_NEAR((rolling.v_end_W - rolling.v_half_W).dot(downhill) / 0.25,
              5.0 / 7.0 * 9.81 * std::sin(slope), 1e-9);
  s.planes[0].normal_W = Eigen::Vector3d::UnitZ();
  s.planes[0].mu = 0.2;
  s.v_C0_W = Eigen::Vector3d(2.0, 0.0, 0.0);
  const IntegratedMotion thrown = integrate(s, 1.0, kStep_s);
  EXPECT_NEAR(thrown.first_stick_s, 2.0 / 7.0 * 2.0 / (0.2 * 9.81), 1e-9);
  EXPECT_NEAR(thrown.v_end_W.x(), 5.0 / 7.0 * 2.0, 1e-9);
}

}  // namespace
}  // namespace nsd::validation
