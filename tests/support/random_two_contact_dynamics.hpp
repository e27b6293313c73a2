// Seeded random two-contact bodies for the contact tests: a body on two walls (n+ near y, n- near
// x) pressed into both by its load, with a random inertia, contact points, friction and rolling
// rate Omega_a, drawn in a fixed order so that a seed always gives the same body.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <random>

#include <nsdkit/contact/two_contact_body.hpp>

namespace nsd::test {

/// A random body at a random rolling rate Omega_a (the state, drawn with the body); the external
/// torque's entries are normal with standard deviation `torque_scale` [N m] against a load of
/// about 10 N, so it sets how often rolling is realizable.
inline contact::TwoContactDynamics randomWallDynamics(std::mt19937& rng,
                                                      double torque_scale = 0.3) {
  std::normal_distribution<double> normal(0.0, 1.0);
  auto vec = [&] { return Eigen::Vector3d(normal(rng), normal(rng), normal(rng)); };
  contact::TwoContactBody b;
  b.mass = 0.5 + std::fabs(normal(rng));
  std::uniform_real_distribution<double> entry(-0.3, 0.3);  // seeded, unlike Random()
  const Eigen::Matrix3d l = Eigen::Matrix3d::NullaryExpr([&] { return entry(rng); });
  b.inertia_C_W = l * l.transpose() + 0.2 * Eigen::Matrix3d::Identity();
  b.n_plus_W = (Eigen::Vector3d(0, 1, 0) + 0.3 * vec()).normalized();
  b.n_minus_W = (Eigen::Vector3d(1, 0, 0) + 0.3 * vec()).normalized();
  b.r_CPplus_W = -0.5 * b.n_plus_W + 0.1 * vec();
  b.r_CPminus_W = -0.5 * b.n_minus_W + 0.1 * vec();
  b.force_external_W = -9.81 * b.mass * (b.n_plus_W + b.n_minus_W).normalized() + 0.5 * vec();
  b.torque_external_W = torque_scale * vec();
  const double omega_a = normal(rng);
  b.friction_plus = contact::FrictionLaw::coulomb(0.2 + 0.3 * std::fabs(normal(rng)));
  b.friction_minus = contact::FrictionLaw::coulomb(0.2 + 0.3 * std::fabs(normal(rng)));
  return contact::TwoContactDynamics(b, contact::rollingAngularVelocity(b, omega_a));
}

}  // namespace nsd::test
