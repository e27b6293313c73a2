#include <nsdkit/eventdriven/shape_stick_slip.hpp>

#include <gtest/gtest.h>

#include <cmath>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/models/rattleback_realizability.hpp>
#include <nsdkit/models/rattleback_shaped_body.hpp>

namespace nsd::eventdriven {
namespace {

// A uniform sphere (m 2 kg, R 0.1 m) thrown without spin: the closed form of a bowling ball.
ShapedBodyOnPlane sphere(double mu) {
  ShapedBodyOnPlane body;
  body.mass_kg = 2.0;
  body.inertia_G_B = Eigen::Matrix3d::Identity() * 0.4 * 2.0 * 0.01;
  body.surface.kind = contact::ContactShapeKind::kSphere;
  body.surface.semi_axes_m = Eigen::Vector3d::Constant(0.1);
  body.mu = mu;
  return body;
}

TEST(ShapeStickSlip, ThrownSphereSlipsThenRollsAtTheClosedForm) {
  // Sliding friction mu m g decelerates v and spins the ball up until v = R omega: slipping
  // ends at t* = 2 v0 / (7 mu g) with v = 5 v0 / 7. The slip speed falls at 7 mu g / 2 = 6.9
  // m/s^2, so the stick threshold (1e-9 m/s) moves t* by 1.5e-10 s; 1e-8 s is far from that
  // and far below the effect of a wrong inertia factor (2/5 -> 1/2 moves t* by 4 ms).
  const double mu = 0.2, v0 = 1.5, g = 9.81;
  ShapedBodyState s;
  s.velocity_G_W = Eigen::Vector3d(v0, 0.0, 0.0);
  const StickSlipTrajectory tr = simulateStickSlip(sphere(mu), s, 1.5);
  ASSERT_EQ(tr.events.size(), 2u);
  EXPECT_EQ(tr.events[0].to, ContactMode::kSlipping);
  EXPECT_EQ(tr.events[1].to, ContactMode::kRolling);
  EXPECT_NEAR(tr.events[1].t_s, 2.0 * v0 / (7.0 * mu * g), 1e-8);
  EXPECT_DOUBLE_EQ(tr.first_slip_s, 0.0);
  const StickSlipSample& last = tr.samples.back();
  EXPECT_NEAR(last.t_s, 1.5, 1e-12);
  EXPECT_NEAR(last.velocity_G_W.x(), 5.0 * v0 / 7.0, 1e-9);
  EXPECT_NEAR(last.omega_B.y(), 5.0 * v0 / 7.0 / 0.1, 1e-8);  // rolling: v = R omega_y
  EXPECT_NEAR(last.friction_ratio, 0.0, 1e-9);                // uniform rolling: no force
  // Slipping: |F_t| / N = mu exactly.
  EXPECT_NEAR(tr.samples[10].friction_ratio, mu, 1e-12);
}

TEST(ShapeStickSlip, RollingRattlebackFollowsKaneLevinson) {
  // Ample friction: the body rolls throughout, and its Newton–Euler motion with the ellipsoid's
  // contact kinematics (Montana) must be Kane and Levinson's rolling motion, an independent
  // formulation (Kane's equations, the paper's (40)-(42), (71)). Both integrate at 1e-10; a
  // wrong bias or contact point gives differences of order 1e-2 rad/s within 0.1 s.
  const rattleback::KaneLevinsonParameters p;
  const rattleback::KaneLevinsonInitial init{0.0, 0.0, 0.0, 0.0, 0.0, -5.0};  // Fig. 3 spin
  const double t_end = 1.0;
  const StickSlipTrajectory tr = simulateStickSlip(models::kaneLevinsonBody(p, 10.0),
                                                   models::kaneLevinsonState(p, init), t_end);
  const auto kl = rattleback::simulateKaneLevinson(p, init, t_end);
  ASSERT_EQ(tr.events.size(), 1u);
  EXPECT_EQ(tr.events[0].to, ContactMode::kRolling);
  EXPECT_LT(tr.first_slip_s, 0.0);
  ASSERT_EQ(tr.samples.size(), kl.samples.size());
  for (std::size_t k = 0; k < tr.samples.size(); ++k) {
    const auto& a = tr.samples[k];
    const auto& b = kl.samples[k];
    ASSERT_NEAR(a.t_s, b.t, 1e-12);
    ASSERT_NEAR(a.omega_B.x(), b.omega1, 1e-6) << a.t_s;
    ASSERT_NEAR(a.omega_B.y(), b.omega2, 1e-6) << a.t_s;
    ASSERT_NEAR(a.omega_B.z(), b.omega3, 1e-6) << a.t_s;
    // No drag: energy conserved to the ODE tolerance (the energy is ~0.1 J).
    ASSERT_NEAR(a.energy_J, b.energy, 1e-8) << a.t_s;
    ASSERT_NEAR(a.slip_speed_m_s, 0.0, 1e-9);
  }
  EXPECT_LT(tr.max_normal_velocity_drift_m_s, 1e-9);
}

TEST(ShapeStickSlip, RefusesBadInput) {
  ShapedBodyState s;
  EXPECT_THROW(simulateStickSlip(sphere(-0.1), s, 1.0), InvalidInput);
  EXPECT_THROW(simulateStickSlip(sphere(0.2), s, std::nan("")), InvalidInput);
  s.omega_B.x() = std::nan("");
  EXPECT_THROW(simulateStickSlip(sphere(0.2), s, 1.0), InvalidInput);
}

}  // namespace
}  // namespace nsd::eventdriven
