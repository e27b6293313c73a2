#pragma once
/// @file contact_shapes.hpp
/// Contact kinematics from geometry: a body's surface near a contact given as a shape (sphere,
/// ellipsoid, torus — a wheel or hoop: a body of revolution whose profile is a circle) against a
/// fixed plane. From the shape and the plane's normal it gives the contact point, the tangent
/// basis and the surface's shape operator there; from the angular velocity, the velocity of the
/// contact point over the body's surface (Montana's contact equations for a plane, whose
/// curvature is zero) and the velocity-dependent contact acceleration (`bias` of the body files
/// and of two_contact_body.hpp).
///
/// Derivation (D. J. Montana, "The kinematics of contact and grasp", Int. J. Robotics Research
/// 7(3), 1988, eq. (4) with the plane's curvature 0 and no slip or spin of the plane). In the body
/// frame B let N_B be the plane's unit normal pointing into the body; the contact point p is the
/// surface point whose outward normal is nu = -N_B. The plane is fixed, so
/// dN_B/dt = -omega_B x N_B. Differentiating nu(p(t)) = -N_B with the shape operator S
/// (d nu = S dp on the tangent plane, positive definite for a convex surface):
///     S dp/dt = omega_B x N_B,   dp/dt = S^-1 (omega_B x N_B)   (tangent to the surface).
/// The slip velocity is u = v_C + omega x r with r = p - C; with p moving over the body,
///     du/dt = a_C + alpha x r + omega x (omega x r) + omega x dp/dt,
/// so the contact acceleration not produced by forces beyond the rigid-body terms is
///     bias = omega x dp/dt   (body frame B; rotate it into the frame the body file uses).
/// For a sphere of radius R, dp/dt = R omega x N_B and the bias cancels the centripetal term.
///
/// A curved fixed surface (a rail head: a cylinder) with shape operator S_c (outward normal N,
/// positive when convex towards the body) adds its curvature: its normal at the moving contact
/// turns too, and the same differentiation gives (Montana eq. (4) without spin and slip)
///     (S + S_c) dp/dt = omega_B x N_B,
/// with S_c expressed in the body frame; the bias keeps the form omega x dp/dt because the gap's
/// second derivative at rolling (u = 0) is n . du/dt. S + S_c must be positive definite: a point
/// contact. A cone touches a plane along a line (S singular): it needs a curved counter surface.
///
/// Frames: every vector in the body frame B; the shape's pose in B is its centre and the columns
/// of `axes_B` (its own x, y, z axes). SI units.

#include <Eigen/Core>

namespace nsd::contact {

/// Kinds of contact shape.
enum class ContactShapeKind {
  kSphere,     ///< radius: semi_axes[0]
  kEllipsoid,  ///< semi-axes along the shape's x, y, z: semi_axes
  kTorus,      ///< axis along the shape's z; major radius (rolling radius of the rim centre
               ///< circle) semi_axes[0], minor (tread) radius semi_axes[1] (a hoop: small minor)
  kCone,       ///< a conical wheel tread: axis along the shape's z, rolling radius semi_axes[0]
               ///< at z = 0, radius decreasing towards +z at cone_angle_rad (a railway wheel)
};

/// A convex surface near a contact, with its pose in the body frame.
struct ContactShape {
  /// Which surface it is; the sizes below are read as its enumerator says.
  ContactShapeKind kind = ContactShapeKind::kSphere;
  /// The sizes [m], by kind: sphere radius [0]; ellipsoid semi-axes along the shape's x, y, z;
  /// torus major and minor radii [0], [1]; cone rolling radius at z = 0 [0].
  Eigen::Vector3d semi_axes_m = Eigen::Vector3d::Constant(1.0);
  Eigen::Vector3d centre_B = Eigen::Vector3d::Zero();    ///< [m]
  Eigen::Matrix3d axes_B = Eigen::Matrix3d::Identity();  ///< rotation: shape axes in B
  double cone_angle_rad = 0.0;  ///< kCone: half-angle of the taper, in [0, pi/2)
  /// @throws InvalidInput naming the field for non-positive or non-finite sizes, a torus whose
  ///         minor radius is not below its major one, or axes that are not a rotation.
  void validate() const;
};

/// The fixed surface the shape touches, near the contact (frame B of the computation).
struct CounterSurface {
  /// The kind of counter surface.
  enum class Kind { kPlane, kCylinder };
  /** @var Kind::kPlane
      A plane. */
  /** @var Kind::kCylinder
      A cylinder of radius radius_m about axis_B (a rail head). */
  /// Which counter surface it is.
  Kind kind = Kind::kPlane;
  double radius_m = 0.0;                              ///< kCylinder: its radius (a rail head)
  Eigen::Vector3d axis_B = Eigen::Vector3d::UnitZ();  ///< kCylinder: unit axis (along the rail)
  /// @throws InvalidInput naming the field.
  void validate() const;
};

/// The contact of a shape with a plane.
struct ShapeContact {
  Eigen::Vector3d point_B;         ///< contact point p [m]
  Eigen::Vector3d normal_B;        ///< N_B: the plane's normal into the body (= -outward normal)
  Eigen::Vector3d t1_B, t2_B;      ///< tangent basis, t2 = N x t1
  /** @var t1_B
      First unit tangent at the contact point, ⊥ N (t2 = N x t1 completes the basis). */
  Eigen::Matrix2d shape_operator;  ///< S in (t1, t2) [1/m]: d(outward normal) = S dp
  /// S_c of the counter surface in (t1, t2) [1/m] (zero for a plane)
  Eigen::Matrix2d counter_shape_operator = Eigen::Matrix2d::Zero();
};

/// The contact of `shape` with a plane whose unit normal, pointing into the body, is
/// `normal_B`. @throws InvalidInput for an invalid shape or normal (not unit, not finite); for a
/// torus, a normal along its axis (the rim touches along a whole circle).
ShapeContact contactWithPlane(const ContactShape& shape, const Eigen::Vector3d& normal_B);

/// As contactWithPlane, against a curved fixed surface whose outward unit normal at the contact
/// is `normal_B`. @throws InvalidInput as above; for a cylinder whose axis is not perpendicular
/// to the normal (1e-9); when S + S_c is not positive definite (a line contact: a cone on a
/// plane).
ShapeContact contactWithSurface(const ContactShape& shape, const Eigen::Vector3d& normal_B,
                                const CounterSurface& counter);

/// dp/dt [m/s]: the velocity of the contact point over the body's surface when the body turns
/// at omega_B [rad/s] on the fixed surface without slipping (Montana, see the file comment).
Eigen::Vector3d contactPointRate(const ShapeContact& contact, const Eigen::Vector3d& omega_B);

/// The velocity-dependent contact acceleration beyond the rigid-body terms, omega x dp/dt
/// [m/s^2] (see the file comment).
Eigen::Vector3d rollingContactBias(const ShapeContact& contact, const Eigen::Vector3d& omega_B);

/// The velocity-dependent contact acceleration in the convention of the body files,
/// SingleContactBody and TwoContactBody (`bias`): omega x (omega x r) + omega x dp/dt, with r the
/// contact point relative to the mass centre [m] (file comment). Zero for a sphere on a plane and
/// for a body of revolution rolling about its axis.
Eigen::Vector3d contactAccelerationBias(const ShapeContact& contact, const Eigen::Vector3d& r_CP_B,
                                        const Eigen::Vector3d& omega_B);

}  // namespace nsd::contact
