#include <nsdkit/contact/contact_shapes.hpp>

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>

#include <nsdkit/core/errors.hpp>

namespace nsd::contact {

void ContactShape::validate() const {
  requireFinite(centre_B, "shape centre");
  requireFinite(axes_B, "shape axes");
  const double orthonormality = (axes_B.transpose() * axes_B - Eigen::Matrix3d::Identity()).norm();
  if (!(orthonormality < 1e-9) || !(axes_B.determinant() > 0.0)) {
    throw InvalidInput("shape axes must be a rotation (orthonormal columns, determinant +1)");
  }
  switch (kind) {
    case ContactShapeKind::kSphere:
      requirePositive(semi_axes_m[0], "sphere radius");
      break;
    case ContactShapeKind::kEllipsoid:
      for (int k = 0; k < 3; ++k) requirePositive(semi_axes_m[k], "ellipsoid semi-axis");
      break;
    case ContactShapeKind::kTorus:
      requirePositive(semi_axes_m[0], "torus major radius");
      requirePositive(semi_axes_m[1], "torus minor radius");
      if (!(semi_axes_m[1] < semi_axes_m[0])) {
        throw InvalidInput("torus minor radius " + std::to_string(semi_axes_m[1]) +
                           " must be below its major radius " + std::to_string(semi_axes_m[0]));
      }
      break;
    case ContactShapeKind::kCone:
      requirePositive(semi_axes_m[0], "cone rolling radius");
      requireFinite(cone_angle_rad, "cone angle");
      if (!(cone_angle_rad >= 0.0 && cone_angle_rad < 1.5)) {
        throw InvalidInput("cone angle " + formatValue(cone_angle_rad) +
                           " rad must be in [0, 1.5)");
      }
      break;
  }
}

void CounterSurface::validate() const {
  if (kind == Kind::kPlane) return;
  requirePositive(radius_m, "counter surface radius");
  requireFinite(axis_B, "counter surface axis");
  if (!(std::fabs(axis_B.norm() - 1.0) < 1e-9)) {
    throw InvalidInput("counter surface axis must be a unit vector (norm " +
                       formatValue(axis_B.norm()) + ")");
  }
}

namespace {

struct LocalContact {
  Eigen::Vector3d point;  // shape frame
  Eigen::Matrix3d shape;  // shape operator as a 3x3 map on the tangent plane (shape frame)
};

LocalContact sphereContact(double radius, const Eigen::Vector3d& outward) {
  const Eigen::Matrix3d tangent = Eigen::Matrix3d::Identity() - outward * outward.transpose();
  return {radius * outward, tangent / radius};
}

// Ellipsoid x^T A x = 1, A = diag(1/a^2, 1/b^2, 1/c^2): the point with outward normal nu is
// A^-1 nu / sqrt(nu^T A^-1 nu); nu = A p / |A p| gives d nu = P A dp / |A p| (P the tangent
// projector).
LocalContact ellipsoidContact(const Eigen::Vector3d& semi_axes, const Eigen::Vector3d& outward) {
  const Eigen::Vector3d a2 = semi_axes.cwiseProduct(semi_axes);
  const Eigen::Vector3d inverse_a_nu = a2.cwiseProduct(outward);
  const Eigen::Vector3d p = inverse_a_nu / std::sqrt(outward.dot(inverse_a_nu));
  const Eigen::Vector3d a_p = p.cwiseQuotient(a2);
  const Eigen::Matrix3d tangent = Eigen::Matrix3d::Identity() - outward * outward.transpose();
  const Eigen::Matrix3d a = a2.cwiseInverse().asDiagonal();
  return {p, tangent * a * tangent / a_p.norm()};
}

// Torus with axis z, major radius R, minor radius r: the point with outward normal
// nu = cos(phi) e + sin(phi) z (e horizontal) is R e + r nu; principal curvatures 1/r along the
// meridian and cos(phi) / (R + r cos(phi)) along the circle of latitude.
LocalContact torusContact(double major, double minor, const Eigen::Vector3d& outward) {
  const double rho = std::hypot(outward.x(), outward.y());
  if (!(rho > 1e-12)) {
    throw InvalidInput(
        "torus contact: the plane's normal is along the torus axis (the rim "
        "touches along a whole circle)");
  }
  const Eigen::Vector3d e(outward.x() / rho, outward.y() / rho, 0.0);
  const Eigen::Vector3d circle = Eigen::Vector3d::UnitZ().cross(e);
  const Eigen::Vector3d meridian = outward.cross(circle);
  const double kappa_circle = rho / (major + minor * rho);
  return {major * e + minor * outward,
          meridian * meridian.transpose() / minor + kappa_circle * circle * circle.transpose()};
}

// Cone r(z) = r0 - z tan(gamma) about z: outward normals cos(gamma) e + sin(gamma) z (e
// horizontal); the contact on the rolling circle z = 0 at r0 e; principal curvatures 0 along the
// generator and cos(gamma) / r0 along the circle.
LocalContact coneContact(double rolling_radius, double cone_angle, const Eigen::Vector3d& outward) {
  if (!(std::fabs(outward.z() - std::sin(cone_angle)) < 1e-9)) {
    throw InvalidInput("cone contact: the normal meets the tread at " +
                       formatValue(std::asin(std::clamp(outward.z(), -1.0, 1.0))) +
                       " rad from its radial direction, not at the cone angle " +
                       formatValue(cone_angle) + " rad");
  }
  const double rho = std::hypot(outward.x(), outward.y());
  const Eigen::Vector3d e(outward.x() / rho, outward.y() / rho, 0.0);
  const Eigen::Vector3d circle = Eigen::Vector3d::UnitZ().cross(e);
  return {rolling_radius * e, rho / rolling_radius * circle * circle.transpose()};
}

LocalContact localContact(const ContactShape& shape, const Eigen::Vector3d& outward) {
  switch (shape.kind) {
    case ContactShapeKind::kCone:
      return coneContact(shape.semi_axes_m[0], shape.cone_angle_rad, outward);
    case ContactShapeKind::kEllipsoid:
      return ellipsoidContact(shape.semi_axes_m, outward);
    case ContactShapeKind::kTorus:
      return torusContact(shape.semi_axes_m[0], shape.semi_axes_m[1], outward);
    case ContactShapeKind::kSphere:
    default:
      return sphereContact(shape.semi_axes_m[0], outward);
  }
}

}  // namespace

ShapeContact contactWithPlane(const ContactShape& shape, const Eigen::Vector3d& normal_B) {
  return contactWithSurface(shape, normal_B, CounterSurface{});
}

namespace {

// S_c of a cylinder in (t1, t2): curvature 1/radius across its axis.
Eigen::Matrix2d counterShapeOperator(const CounterSurface& counter, const ShapeContact& c) {
  if (counter.kind == CounterSurface::Kind::kPlane) return Eigen::Matrix2d::Zero();
  if (!(std::fabs(counter.axis_B.dot(c.normal_B)) < 1e-9)) {
    throw InvalidInput("counter surface axis must be perpendicular to the contact normal (cosine " +
                       formatValue(counter.axis_B.dot(c.normal_B)) + ")");
  }
  const Eigen::Vector3d across = c.normal_B.cross(counter.axis_B).normalized();
  const Eigen::Vector2d a(across.dot(c.t1_B), across.dot(c.t2_B));
  return a * a.transpose() / counter.radius_m;
}

}  // namespace

ShapeContact contactWithSurface(const ContactShape& shape, const Eigen::Vector3d& normal_B,
                                const CounterSurface& counter) {
  shape.validate();
  counter.validate();
  requireFinite(normal_B, "plane normal");
  if (!(std::fabs(normal_B.norm() - 1.0) < 1e-9)) {
    throw InvalidInput("plane normal must be a unit vector (norm " +
                       std::to_string(normal_B.norm()) + ")");
  }
  const Eigen::Vector3d outward = shape.axes_B.transpose() * (-normal_B);
  const LocalContact local = localContact(shape, outward);
  ShapeContact c;
  c.point_B = shape.centre_B + shape.axes_B * local.point;
  c.normal_B = normal_B;
  const Eigen::Vector3d any =
      std::fabs(normal_B.x()) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY();
  c.t1_B = normal_B.cross(any).normalized();
  c.t2_B = normal_B.cross(c.t1_B);
  Eigen::Matrix<double, 3, 2> tangent;
  tangent << c.t1_B, c.t2_B;
  const Eigen::Matrix3d shape_B = shape.axes_B * local.shape * shape.axes_B.transpose();
  c.shape_operator = tangent.transpose() * shape_B * tangent;
  c.counter_shape_operator = counterShapeOperator(counter, c);
  const Eigen::Matrix2d relative = c.shape_operator + c.counter_shape_operator;
  if (!(relative.determinant() > 1e-12 * relative.squaredNorm()) || !(relative.trace() > 0.0)) {
    throw InvalidInput(
        "the shape touches its counter surface along a line, not at a point (relative "
        "curvature singular: a cone needs a curved counter surface, e.g. a rail head)");
  }
  return c;
}

Eigen::Vector3d contactPointRate(const ShapeContact& c, const Eigen::Vector3d& omega_B) {
  requireFinite(omega_B, "angular velocity");
  const Eigen::Vector3d w = omega_B.cross(c.normal_B);  // tangent to the plane
  const Eigen::Vector2d rate =
      (c.shape_operator + c.counter_shape_operator).inverse() *
      Eigen::Vector2d(w.dot(c.t1_B), w.dot(c.t2_B));
  return rate[0] * c.t1_B + rate[1] * c.t2_B;
}

Eigen::Vector3d rollingContactBias(const ShapeContact& c, const Eigen::Vector3d& omega_B) {
  return omega_B.cross(contactPointRate(c, omega_B));
}

Eigen::Vector3d contactAccelerationBias(const ShapeContact& c, const Eigen::Vector3d& r_CP_B,
                                        const Eigen::Vector3d& omega_B) {
  return omega_B.cross(omega_B.cross(r_CP_B)) + rollingContactBias(c, omega_B);
}

}  // namespace nsd::contact
