// Contact kinematics from geometry against independent references: the Kane–Levinson
// ellipsoid's contact point (their eqs. (17)-(18)) at every instant of its rolling motion; the
// contact point's rate over the surface (Montana) against a central difference of that point
// along the motion; the slip acceleration with the derived bias, zero along the rolling motion;
// closed forms of the sphere and of a tilted wheel (torus).
#include <nsdkit/contact/contact_shapes.hpp>

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <random>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/rattleback/kane_levinson.hpp>

namespace nsd::contact {
namespace {

using rattleback::KaneLevinsonParameters;
using rattleback::KaneLevinsonState;

ContactShape klEllipsoid(const KaneLevinsonParameters& p) {
  ContactShape s;
  s.kind = ContactShapeKind::kEllipsoid;
  s.semi_axes_m = Eigen::Vector3d(p.a, p.b, p.c);
  return s;  // centred at O, axes r1, r2, r3: the body frame of the paper
}

std::vector<KaneLevinsonState> klStates(const KaneLevinsonParameters& p) {
  const rattleback::KaneLevinsonInitial start{
      degreesToRadians(0.5), degreesToRadians(0.5), 0, 0, 0, -5};
  const auto motion = rattleback::simulateKaneLevinson(p, start, 4.0);
  std::vector<KaneLevinsonState> states;
  for (std::size_t i = 0; i < motion.samples.size(); i += 37) {
    const auto& m = motion.samples[i];
    KaneLevinsonState s;
    s << m.alpha, m.beta, m.gamma, m.omega1, m.omega2, m.omega3;
    states.push_back(s);
  }
  return states;
}

// d/dt of a kinematic quantity along the motion: central difference of step h along the state's
// rate.
template <class Quantity>
Eigen::Vector3d alongTheMotion(const KaneLevinsonParameters& p, const KaneLevinsonState& s,
                               Quantity&& quantity, double h = 1e-6) {
  const KaneLevinsonState rate = rattleback::kaneLevinsonRate(p, s);
  return (quantity(rattleback::contactKinematics(p, s + h * rate)) -
          quantity(rattleback::contactKinematics(p, s - h * rate))) /
         (2 * h);
}

// The contact point of the ellipsoid with the plane of normal -n3 is Kane and Levinson's
// (17)-(18) at every instant (both closed forms of the same point: 1e-12 of the size).
TEST(ContactShapes, EllipsoidGivesTheKaneLevinsonContactPoint) {
  const KaneLevinsonParameters p;
  for (const KaneLevinsonState& s : klStates(p)) {
    const auto k = rattleback::contactKinematics(p, s);
    const ShapeContact c = contactWithPlane(klEllipsoid(p), -k.mu.normalized());
    ASSERT_LT((c.point_B - k.contact).norm(), 1e-12 * p.a);
  }
}

// Montana's rate of the contact point over the surface against a central difference of the
// contact point along the rolling motion (step 1e-6 s: truncation ~1e-12, rounding ~1e-10 of
// rates ~1e-2 m/s): 1e-6 relative, as the issue asks.
TEST(ContactShapes, ContactPointRateMatchesTheMotion) {
  const KaneLevinsonParameters p;
  double worst = 0.0;
  for (const KaneLevinsonState& s : klStates(p)) {
    const auto k = rattleback::contactKinematics(p, s);
    const Eigen::Vector3d numeric =
        alongTheMotion(p, s, [](const rattleback::ContactKinematics& c) { return c.contact; });
    const Eigen::Vector3d montana =
        contactPointRate(contactWithPlane(klEllipsoid(p), -k.mu.normalized()), s.tail<3>());
    worst = std::max(worst, (montana - numeric).norm() / std::max(numeric.norm(), 1e-3));
  }
  EXPECT_LT(worst, 1e-6);
}

// Along a rolling motion the slip velocity stays zero, so its derivative
// a_G + alpha x r + omega x (omega x r) + bias vanishes (a_G by central differences of the mass
// centre's velocity, alpha from the model's equations): 1e-6 of |a_G| + |omega|^2 |r|.
TEST(ContactShapes, SlipAccelerationVanishesAlongTheRollingMotion) {
  const KaneLevinsonParameters p;
  double worst = 0.0;
  for (const KaneLevinsonState& s : klStates(p)) {
    const auto k = rattleback::contactKinematics(p, s);
    const Eigen::Vector3d w = s.tail<3>(), alpha = rattleback::kaneLevinsonRate(p, s).tail<3>();
    const Eigen::Vector3d a_G =
        alongTheMotion(p, s, [](const rattleback::ContactKinematics& c) { return c.velocity; }) +
        w.cross(k.velocity);
    const ShapeContact c = contactWithPlane(klEllipsoid(p), -k.mu.normalized());
    const Eigen::Vector3d r = c.point_B - Eigen::Vector3d(0, 0, p.h);  // from R* to P
    const Eigen::Vector3d slip =
        a_G + alpha.cross(r) + w.cross(w.cross(r)) + rollingContactBias(c, w);
    const double scale = a_G.norm() + w.squaredNorm() * r.norm();
    worst = std::max(worst, slip.norm() / scale);
  }
  EXPECT_LT(worst, 1e-6);
}

TEST(ContactShapes, SphereBiasCancelsTheCentripetalTerm) {
  ContactShape sphere;
  sphere.semi_axes_m[0] = 0.05;
  std::mt19937 random(7);
  std::normal_distribution<double> n01;
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::Vector3d normal =
        Eigen::Vector3d(n01(random), n01(random), n01(random)).normalized();
    const Eigen::Vector3d w(n01(random), n01(random), n01(random));
    const ShapeContact c = contactWithPlane(sphere, normal);
    const Eigen::Vector3d r = c.point_B;  // from the centre
    EXPECT_LT((r + 0.05 * normal).norm(), 1e-15);
    EXPECT_LT((rollingContactBias(c, w) + w.cross(w.cross(r))).norm(), 1e-12 * w.squaredNorm());
  }
}

// A wheel (torus, axis z, rolling radius R + r) tilted by theta about x on a horizontal plane:
// the contact point is R e + r nu with e the downward direction in the wheel plane.
TEST(ContactShapes, TiltedWheelTouchesAtTheClosedFormPoint) {
  ContactShape wheel;
  wheel.kind = ContactShapeKind::kTorus;
  wheel.semi_axes_m = Eigen::Vector3d(0.3, 0.02, 0.0);
  const double theta = 0.3;
  // Plane normal (up) in the wheel frame: the wheel's axis z is tilted by theta from horizontal.
  const Eigen::Vector3d up(0.0, std::cos(theta), std::sin(theta));
  const ShapeContact c = contactWithPlane(wheel, up);
  const Eigen::Vector3d expected = 0.3 * Eigen::Vector3d(0, -1, 0) + 0.02 * (-up);
  EXPECT_LT((c.point_B - expected).norm(), 1e-14);
  // Rolling about the contact with the wheel spinning about its axis: the point moves along the
  // rim at (R + r cos(phi)) times the spin rate (phi: the normal's angle from the wheel plane).
  const Eigen::Vector3d spin(0, 0, 2.0);
  const Eigen::Vector3d rate = contactPointRate(c, spin);
  const double expected_speed = 2.0 * (0.3 + 0.02 * std::cos(theta));
  EXPECT_NEAR(rate.norm(), expected_speed, 1e-12);
  EXPECT_NEAR(rate.dot(Eigen::Vector3d::UnitX()), -expected_speed, 1e-12);
}

TEST(ContactShapes, RefusesBadShapesAndNormals) {
  ContactShape wheel;
  wheel.kind = ContactShapeKind::kTorus;
  wheel.semi_axes_m = Eigen::Vector3d(0.02, 0.3, 0.0);  // minor above major
  EXPECT_THROW(contactWithPlane(wheel, Eigen::Vector3d::UnitY()), InvalidInput);
  wheel.semi_axes_m = Eigen::Vector3d(0.3, 0.02, 0.0);
  EXPECT_THROW(contactWithPlane(wheel, Eigen::Vector3d::UnitZ()), InvalidInput);  // flat on it
  ContactShape ellipsoid;
  ellipsoid.kind = ContactShapeKind::kEllipsoid;
  ellipsoid.semi_axes_m = Eigen::Vector3d(0.2, NAN, 0.02);
  EXPECT_THROW(contactWithPlane(ellipsoid, Eigen::Vector3d::UnitZ()), InvalidInput);
  ContactShape sphere;
  EXPECT_THROW(contactWithPlane(sphere, Eigen::Vector3d(0, 0, 2)), InvalidInput);
}

}  // namespace
}  // namespace nsd::contact
