// KaneLevinsonRattleback (benchmark_systems.hpp): its rolling motion, integrated from Kane and
// Levinson's equations, checked against the scene's geometry alone (the ellipsoid's semi-axes,
// its offset from the mass centre, the inertia in S):
//  - the ellipsoid's lowest point, found as its support point along -z, stays on the plane z = 0;
//  - that point does not move: v_C + Omega x (P - C) = 0 (rolling without slip);
//  - the energy m g z_C + m |v_C|^2 / 2 + Omega . J_W Omega / 2 is conserved (sigma = 0: no drag,
//    and rolling does no work);
//  - the centre's position is the integral of its velocity.
// Tolerances: the integration runs at 1e-10 relative error, sampled every 0.1 ms; the central
// difference of x_C over 2h differs from 2h v_C by about h^3 |d3x/dt3| / 3 (5e-9 m while it
// rattles; 6e-6 m at 1 ms spacing). A slip of 1e-6 m/s, an energy drift of 1e-7 J and a position
// error of 1e-7 m per step are each far below what a wrong frame or a wrong contact point gives
// (the centre moves at about 1e-2 m/s, the energy is 0.1 J).
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>

namespace nsd::validation {
namespace {

// The rattleback family's model (Kane and Levinson's Section 3 body, omega3 = -5 rad/s,
// alpha = beta = 0.5 degree), over 3 s.
OnePlaneModel kaneLevinsonCase() {
  for (const auto& [name, m] : onePlaneModels()) {
    if (m.family != CaseFamily::kRattleback) continue;
    OnePlaneModel shorter = m;
    shorter.duration_s = 3.0;
    return shorter;
  }
  throw InvalidInput("no rattleback model");
}

// The point of the ellipsoid (semi-axes along S, centre C + R offset) farthest along -z.
Eigen::Vector3d lowestPoint(const engines::SphereScene& s, const Eigen::Vector3d& x_C_W,
                            const Eigen::Quaterniond& q_WS) {
  const Eigen::Matrix3d R = q_WS.toRotationMatrix();
  const Eigen::Vector3d d_S = R.transpose() * Eigen::Vector3d(0, 0, -1);
  const Eigen::Vector3d a2 = s.half_extents_m.cwiseProduct(s.half_extents_m);
  const Eigen::Vector3d p_S = a2.cwiseProduct(d_S) / std::sqrt(d_S.dot(a2.cwiseProduct(d_S)));
  return x_C_W + R * (s.shape_offset_S + p_S);
}

double energy(const engines::SphereScene& s, const BodyState& x) {
  // The inertia in S from the scene's (given in W at t = 0), turned with the body.
  const Eigen::Matrix3d R0 = s.q0_WS.toRotationMatrix(), R = x.q_WS.toRotationMatrix();
  const Eigen::Matrix3d J_W = R * (R0.transpose() * s.inertia_C_W * R0) * R.transpose();
  return -s.mass_kg * s.gravity_W.z() * x.x_C_W.z() + 0.5 * s.mass_kg * x.v_C_W.squaredNorm() +
         0.5 * x.omega_W.dot(J_W * x.omega_W);
}

TEST(KaneLevinsonRattleback, RollsWithoutSlipOnThePlaneAndKeepsItsEnergy) {
  const KaneLevinsonRattleback system(kaneLevinsonCase());
  const engines::SphereScene s = system.scene();
  const auto motion = system.rollingMotion(1e-4);
  ASSERT_GT(motion.size(), 20000u);
  const double e0 = energy(s, motion.front().second);
  double worst_height = 0, worst_slip = 0, worst_energy = 0, worst_position = 0;
  for (std::size_t i = 1; i + 1 < motion.size(); ++i) {
    const BodyState& x = motion[i].second;
    const Eigen::Vector3d p = lowestPoint(s, x.x_C_W, x.q_WS);
    worst_height = std::max(worst_height, std::fabs(p.z()));
    worst_slip = std::max(worst_slip, (x.v_C_W + x.omega_W.cross(p - x.x_C_W)).norm());
    worst_energy = std::max(worst_energy, std::fabs(energy(s, x) - e0));
    const double dt = motion[i + 1].first - motion[i - 1].first;
    const Eigen::Vector3d velocity = (motion[i + 1].second.x_C_W - motion[i - 1].second.x_C_W) / dt;
    worst_position = std::max(worst_position, (velocity - x.v_C_W).norm() * dt);
  }
  EXPECT_LT(worst_height, 1e-9);
  EXPECT_LT(worst_slip, 1e-6);
  EXPECT_LT(worst_energy, 1e-7);
  EXPECT_LT(worst_position, 1e-7);
  // The motion starts at the scene's initial state, and stateAt gives that state.
  EXPECT_LT((motion.front().second.x_C_W - s.centre0_W).norm(), 1e-15);
  EXPECT_LT((system.stateAt(0.0).v_C_W - s.v_C0_W).norm(), 1e-15);
  EXPECT_THROW(system.stateAt(1.0), InvalidInput);
  EXPECT_THROW(system.rollingMotion(0.0), InvalidInput);
  EXPECT_THROW(system.rollingMotion(1e-12), InvalidInput);  // 3e12 samples: refused, not made
  EXPECT_THROW(system.rollingMotion(3.0 / (1.01 * kMaxAnalyticSamples)), InvalidInput);
  EXPECT_THROW(system.rollingMotion(NAN), InvalidInput);
}

// It reverses: the mean spin changes sign once (Kane and Levinson's Fig. 2), which its reference
// reports with the angle turned before.
TEST(KaneLevinsonRattleback, ReferenceReportsTheSpinReversal) {
  OnePlaneModel m = kaneLevinsonCase();
  m.duration_s = 8.0;
  const OnePlaneReference ref = KaneLevinsonRattleback(m).reference();
  EXPECT_TRUE(std::isfinite(ref.mean_spin_reversal_s));
  EXPECT_GT(ref.mean_spin_reversal_s, 0.5);
  EXPECT_LT(ref.mean_spin_reversal_s, m.duration_s);
  EXPECT_TRUE(std::isfinite(ref.turned_angle_rad));
  EXPECT_TRUE(std::isfinite(ref.spin_after_reversal_rad_s));
  // After the reversal it spins the other way round the downward vertical than omega3 = -5 about
  // r3 (downward when upright) started it.
  EXPECT_LT(ref.spin_after_reversal_rad_s * m.rattleback_initial.omega3, 0.0);
}

}  // namespace
}  // namespace nsd::validation
