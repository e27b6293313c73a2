#pragma once
/// @file stability_faces.hpp
/// The exact faces of a two-contact body's realizable set (Def 11) in a space of three load
/// parameters x in which the dynamics is affine (forces and torques; the ball's torques (79)).
///
/// Every force of the analysis is affine in x at a fixed configuration, so (two-point-contact
/// paper, Sects. 5-6; generalizing eqs. (82), (83), (88)):
///  - RS and SR (Def 11, codim-1 part): the switching components du1- of the RS fields for
///    u1- -> 0± and du1+ of the SR fields are affine: four planes; rolling is attracting inside.
///  - SS: at slip angles (theta+, theta-) (lambda± = (cos theta±, sin theta±) in (t1±, t2±)) the
///    field's numerator H = D G is affine in x, H(theta, x) = h0(theta) + A(theta) x. A limit
///    direction with R = 0 has G = 0, so the boundary is the surface
///        x(theta+, theta-) = -A(theta)^-1 h0(theta),
///    one sheet over each parameter square (0, pi)^2 and (pi, 2 pi)^2 of the codim-3 analysis.
/// On a square edge (theta- in {0, pi}) the slip at P- is along t1-, and a state with G = 0 also
/// solves the RS equations with du1- = 0: the edge lies on an RS plane; theta+ in {0, pi} on an
/// SR plane. The plane value along the surface is N± times a function of one angle (the rolling
/// contact's force is free), so where a sheet leaves the tetrahedron T of the planes it does so
/// across a line theta± = const: its part inside T is a product of intervals of theta+ and of
/// theta-, one or more rectangles of slip angles, or none. The realizable set is bounded by the
/// curved faces (the sheets over those rectangles, less any across which Def 11 does not change)
/// and by the parts of T's faces on the realizable side of the curved faces' sides (found with
/// Def 11). For the paper's ball: two curved faces and four planar faces, each bounded by one side
/// of each curved face and two straight edges (Fig. 10); in narrow troughs T cut by one sheet, or
/// T itself.
///
/// stabilityBodyFaces finds this structure and checks it (affinity, a bounded T, the product
/// structure, sides on their planes, interiors inside all planes, positive normal forces, no fold,
/// Def 11 changing across each curved face); bodies for which it does not hold are refused with
/// the reason (the implicit route remains for them).

#include <Eigen/Core>
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nsdkit/contact/two_contact_body.hpp>

namespace nsd::stability_body {

/// The body's dynamics at a point x of three load parameters (affine in x).
using TwoContactFamily = std::function<contact::TwoContactDynamics(const Eigen::Vector3d& x)>;

/// The condition that bounds the realizable set on a face: the escape of Def 11 there.
enum class BoundingCondition {
  kSlipSlip,  ///< SS: the two-point-slip surface (88)
  kRollSlip,  ///< RS: a plane (82), du1- = 0
  kSlipRoll,  ///< SR: a plane (83), du1+ = 0
};
/// "SS", "RS" or "SR".
std::string toString(BoundingCondition condition);

/// A plane of the boundary: outward_normal . x = offset on it, < offset inside (unit normal).
struct BoundaryPlane {
  /// Unit normal pointing out of the realizable side.
  Eigen::Vector3d outward_normal = Eigen::Vector3d::UnitZ();
  /// The plane's offset: outward_normal . x = offset on it.
  double offset = 0.0;
  std::string condition;  ///< e.g. "RS (u1- > 0): du1- = 0"
  BoundingCondition bounding = BoundingCondition::kRollSlip;  ///< RS or SR
  /// outward_normal . x - offset: < 0 inside, > 0 outside (in the units of x).
  double signedDistance(const Eigen::Vector3d& x) const { return outward_normal.dot(x) - offset; }
};

/// A rectangle of slip angles (theta+, theta-) [rad].
struct SlipAngleRectangle {
  double plus_lower = 0.0, plus_upper = 0.0, minus_lower = 0.0, minus_upper = 0.0;
  /** @var plus_lower
      Lower end of the theta+ interval [rad]. */
  /** @var plus_upper
      Upper end of the theta+ interval [rad]. */
  /** @var minus_lower
      Lower end of the theta- interval [rad]. */
  /** @var minus_upper
      Upper end of the theta- interval [rad]. */
};

/// A curved face: a sheet over a rectangle of slip angles.
struct SheetRectangle {
  int sheet = 0;  ///< 0: in (0, pi)^2, 1: in (pi, 2 pi)^2
  /// The rectangle of slip angles the face spans.
  SlipAngleRectangle angles;
  /// The plane each side lies on: theta+ = lower, theta- = lower, theta+ = upper,
  /// theta- = upper.
  std::array<int, 4> side_plane{};
};

/// The exact faces (see the file comment).
struct StabilityBodyFaces {
  /// RS (u1- > 0), RS (u1- < 0), SR (u1+ > 0), SR (u1+ < 0).
  std::array<BoundaryPlane, 4> planes;
  /// The tetrahedron of the planes: vertex k lies on the three planes other than k.
  std::array<Eigen::Vector3d, 4> tetrahedron_vertices;
  /// The curved faces: the parts of the sheets inside the tetrahedron, each a union of
  /// rectangles of slip angles (products of intervals of theta+ and of theta-).
  std::vector<SheetRectangle> curved;
  /// The SS numerators at x = 0, e0, e1, e2 and the dynamics there (normal forces).
  std::array<filippov::TrigRationalSphereField, 4> ss_fields;
  /// The dynamics at the same four points x = 0, e0, e1, e2.
  std::vector<contact::TwoContactDynamics> dynamics;
  double diameter = 0.0;  ///< bounding-box diagonal of the curved faces' samples
};

/// The point x with G(theta, x) = 0: -A(theta)^-1 h0(theta). @throws SolverFailure where A is
/// singular (the sheet goes to infinity).
Eigen::Vector3d slipSlipBoundaryPoint(const StabilityBodyFaces& faces, double theta_plus,
                                      double theta_minus);

/// The boundary point and its partial derivatives along theta+ and theta- (exact: from the
/// numerators' gradients, x_theta = -A^-1 (A_theta x + h0_theta)).
struct SurfacePoint {
  Eigen::Vector3d x, dx_dtheta_plus, dx_dtheta_minus;
  /** @var x
      The boundary point x(theta+, theta-). */
  /** @var dx_dtheta_plus
      dx/dtheta+ [units of x per rad]. */
  /** @var dx_dtheta_minus
      dx/dtheta- [units of x per rad]. */
};
/// The boundary point at slip angles (theta+, theta-) [rad] with its partial derivatives.
/// @throws SolverFailure where A is singular, as slipSlipBoundaryPoint.
SurfacePoint slipSlipBoundaryPointWithPartials(const StabilityBodyFaces& faces, double theta_plus,
                                               double theta_minus);

/// SS normal forces (N+, N-) [N] at slip angles theta and load x.
Eigen::Vector2d slipSlipNormalForces(const StabilityBodyFaces& faces, double theta_plus,
                                     double theta_minus, const Eigen::Vector3d& x);

/// Finds and checks the faces. @throws InvalidInput if the family is not affine in x;
/// SolverFailure naming the first property of the structure that does not hold.
StabilityBodyFaces stabilityBodyFaces(const TwoContactFamily& family);

/// A unit direction d of the three axes along which Def 11 cannot change: the loads enter every
/// field of the analysis only through the contact accelerations without contact forces
/// (TwoContactDynamics::freeAcceleration), and along d these stay the same (the loads only change
/// the rolling motion, e.g. a traction force balanced by a braking torque). The realizable set is
/// then a prism along d, unbounded. Empty when the axes act independently (relative test 1e-10).
std::optional<Eigen::Vector3d> invariantLoadDirection(const TwoContactFamily& family);

/// Def 11 at x through the family (the predicate the faces bound), for independent checks.
bool realizableAt(const TwoContactFamily& family, const Eigen::Vector3d& x);

}  // namespace nsd::stability_body
