#pragma once
/// @file stability_body_mesh.hpp
/// Surface meshes of stability bodies (realizable sets of rolling over three load parameters):
/// closed, outward-oriented, 2-manifold triangle surfaces.
///
/// Exact route (meshTwoContactStabilityBody, meshBallTroughStabilityBody): for a two-contact body
/// whose dynamics is affine in the three axes (forces, torques; the ball's torques (79) at any
/// trough angle and mu±), the faces of stability_faces.hpp are meshed conformingly, so the sharp
/// edges are exact polylines and never rounded off:
///  - each curved face: the two-point-slip sheet x(theta+, theta-) over its rectangle of slip
///    angles, flattened conformally (CGAL LSCM) and meshed there by CGAL Delaunay refinement with
///    a minimum-angle bound and a chord criterion on the exact sheet (curved_face_mesh.hpp);
///  - planar faces: the tetrahedron's faces cut by the curved faces' sides, each region kept
///    where Def 11 holds just inside, as CGAL constrained Delaunay meshes
///    (Delaunay_mesher_no_edge_refinement_2) sharing the edge vertices bit for bit.
/// For the paper's ball the curved faces are eq. (88) and the planes (82)-(83).
/// Implicit route (meshImplicitRegion, meshRegionAround): marching tetrahedra on any predicate.
/// Only this folder includes CGAL; the API uses Eigen and std types.

#include <Eigen/Core>
#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nsdkit/stability_body/stability_faces.hpp>

namespace nsd::mesh {

// The exact faces the mesher triangulates live in the stability_body component (CGAL-free);
// their names are used here unqualified.
using stability_body::BoundaryPlane;
using stability_body::BoundingCondition;
using stability_body::invariantLoadDirection;
using stability_body::realizableAt;
using stability_body::SheetRectangle;
using stability_body::SlipAngleRectangle;
using stability_body::slipSlipBoundaryPoint;
using stability_body::slipSlipBoundaryPointWithPartials;
using stability_body::slipSlipNormalForces;
using stability_body::StabilityBodyFaces;
using stability_body::stabilityBodyFaces;
using stability_body::SurfacePoint;
using stability_body::TwoContactFamily;

/// A triangle surface: vertices [dimensionless torque units] and outward-oriented triangles.
struct TriangleMesh {
  std::vector<Eigen::Vector3d> vertices;      ///< points in the three parameters' coordinates
  std::vector<std::array<int, 3>> triangles;  ///< indices into `vertices`, oriented outward
  /// Exact route: 0, 1 the curved (two-point-slip, SS) faces on sheet 0 and 1, 2..5 the planes
  /// RS (u1- > 0), RS (u1- < 0), SR (u1+ > 0), SR (u1+ < 0); implicit route: -1.
  std::vector<int> face_of_triangle;
  /// Exact route: the condition bounding the body on each triangle (empty on the implicit route).
  std::vector<BoundingCondition> condition_of_triangle;
};

/// Options of the body mesher.
struct StabilityBodyMeshOptions {
  /// Target distance of the mesh from the exact boundary, relative to the body diameter.
  double tolerance = 5e-4;
  /// Largest relative difference of the mesh's volume from the exact volume: while it is
  /// exceeded, the body is meshed again with half the distance tolerance (at most 4 times; small
  /// bodies have much area per volume). 0: no such check.
  double volume_tolerance = 5e-4;
  /// Number of triangles away from the sharp edges at which Def 11 itself is evaluated just
  /// inside and just outside the exact face (1e-4 diameters away): any disagreement refuses the
  /// mesh (a boundary piece the exact faces do not model).
  int def11_checks = 48;
};

/// What the exact route measures besides the common measures (StabilityBodyMeshReport::exact).
struct ExactRouteReport {
  /// The exact volume: (1/3) of the flux of x through the exact faces, by composite
  /// Gauss-Legendre quadrature of each curved face over its rectangle of slip angles and of the
  /// planar faces' boundary curves (their areas by Green's theorem).
  double volume = NAN;
  double volume_error = NAN;  ///< |difference from half the quadrature panels| (estimate)
  int def11_checks = 0;       ///< Def-11 checks passed (StabilityBodyMeshOptions::def11_checks)
};

/// What the shaped route records besides the common measures (StabilityBodyMeshReport::shaped).
struct ShapedRouteReport {
  /// The seed: "radial" (the set is star-shaped about its interior point) or "marching
  /// tetrahedra".
  std::string seed;
  /// The scale of each axis in the coordinates the triangles were shaped in, u = x / axis_scale:
  /// (1, 1, 1), or the box's extents over the longest when the longest is over 20 times the
  /// shortest. The angles are those of the triangles in u.
  Eigen::Vector3d axis_scale = Eigen::Vector3d::Ones();
};

/// Accuracy and validity, measured on the produced mesh: the measures of every route, and the
/// route's own (`exact`, `shaped`; neither on the implicit route).
struct StabilityBodyMeshReport {
  std::size_t vertices = 0;          ///< vertices of the mesh
  std::size_t faces = 0;             ///< triangles of the mesh
  double volume = 0.0;               ///< CGAL PMP::volume (0 unless closed)
  double area = 0.0;                 ///< CGAL PMP::area (0 unless manifold)
  bool closed = false;               ///< CGAL::is_closed: no border edge
  bool manifold = false;             ///< the triangles form a 2-manifold (a CGAL polygon mesh)
  bool outward = false;              ///< CGAL PMP::is_outward_oriented (checked only when closed)
  double diameter = 0.0;             ///< bounding-box diagonal of the body
  double max_vertex_distance = 0.0;  ///< max distance of vertices from their exact face
  double max_face_distance = 0.0;    ///< sampled over triangle interiors (upper bound)
  double hausdorff = 0.0;            ///< two-sided, dense exact sampling vs the mesh
  double min_angle_deg = 0.0;        ///< over all triangles
  double min_angle_away_from_corners_deg = 0.0;  ///< triangles not touching the 8 corners
  /// Corners: where three faces meet (exact route: 8 for the paper's ball, 4 or 6 in narrow
  /// troughs; shaped route: where three boundary pieces meet); -1 on the implicit route.
  int corners = 0;
  /// Mesh edges on sharp edges (exact route: the edges between faces, 12 for the paper's ball;
  /// shaped route: mesh edges on them); -1 on the implicit route (not preserved).
  int sharp_edges = 0;
  /// The distance tolerance of the final mesh (exact route, relative to the diameter) or the
  /// target edge length (shaped route); NaN on the implicit route.
  double tolerance_used = NAN;
  double seconds = 0.0;  ///< wall time of the meshing [s]
  /// The exact route's own measures (present on that route only).
  std::optional<ExactRouteReport> exact;
  /// The shaped route's own record (present on that route only).
  std::optional<ShapedRouteReport> shaped;
  /// exact->volume, or NaN off the exact route (the files write null there).
  double exactVolume() const { return exact ? exact->volume : NAN; }
};

/// A mesh and its report.
struct StabilityBodyMesh {
  TriangleMesh mesh;               ///< the surface
  StabilityBodyMeshReport report;  ///< its measures
  /// Exact route, per vertex: the slip angles (theta+, theta-) [rad] and the sheet (0, 1) of a
  /// curved-face vertex, NaN for a vertex inside a planar face or on a straight edge.
  std::vector<Eigen::Vector3d> slip_angles;
  /// Exact route, per vertex: on a sharp edge (a side of a curved face or a straight edge).
  std::vector<bool> on_sharp_edge;
  /// Shaped route, per vertex: a corner (three pieces meet) or a kink of a sharp edge, held in
  /// place by the remeshing (min_angle_away_from_corners_deg leaves their triangles out).
  std::vector<bool> held;
};

/// Meshes the realizable set of a two-contact body over three load parameters by the exact
/// route. @throws InvalidInput for a tolerance not in (0, 0.1] or axes that are not loads;
/// SolverFailure when the face structure of stability_faces.hpp does not hold or Def 11
/// disagrees with it (the message names what failed).
StabilityBodyMesh meshTwoContactStabilityBody(const TwoContactFamily& family,
                                              const StabilityBodyMeshOptions& options = {});

/// Options of the generic (implicit) route.
struct ImplicitMeshOptions {
  Eigen::Vector3d box_lower = Eigen::Vector3d::Constant(-1.0);  ///< must enclose the region
  Eigen::Vector3d box_upper = Eigen::Vector3d::Constant(1.0);   ///< the box's upper corner
  int resolution = 32;                                          ///< grid cells per axis
  double bisection_tolerance = 1e-6;  ///< crossing points located to this distance
  unsigned threads = 1;               ///< worker threads (labels, crossings, distances)
  /// A point inside the region (e.g. the point the box was probed from): boundary samples are
  /// found on rays from it. NaN: the boundary -> mesh side is not sampled.
  Eigen::Vector3d interior_point = Eigen::Vector3d::Constant(NAN);
  int boundary_samples = 2000;  ///< rays for the boundary -> mesh side of the distance
  /// The distance measures of the report (max_face_distance, hausdorff). Off for a seed whose
  /// vertices are projected again (the shaped route): those fields stay 0.
  bool measure_distance = true;
};

/// Meshes the set {x : inside(x)} of any predicate by marching tetrahedra on a grid (Kuhn
/// subdivision of each cube, so the surface is watertight), with every crossing point located
/// on its grid edge by bisection of the predicate. Sharp edges are not preserved (best effort:
/// they are cut by the grid); the report says so (`sharp_edges` = -1). The distance from the
/// boundary is measured with the predicate: `max_face_distance` bounds the distance of each
/// triangle's centroid from the boundary (along its normal), `hausdorff` adds boundary samples
/// on rays from `interior_point` against the mesh. The predicate must be thread-safe.
/// @throws InvalidInput if the region touches the box or options are invalid.
StabilityBodyMesh meshImplicitRegion(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                     const ImplicitMeshOptions& options);

/// Meshes the bounded set {x : inside(x)} that contains `interior_point`, finding the box
/// itself: rays along the 124 directions of a 5^3 lattice from the point, each bisected (20
/// halvings of [0, R], R = 4 doubled while the ray's end is still inside), give the extent,
/// padded by 25 % and enlarged by half again (up to three times) while the region touches the
/// box; then meshImplicitRegion with `resolution` cells per axis (its distance measured unless
/// `measure_distance` is false).
/// @throws InvalidInput if interior_point is not inside, or the set is unbounded along a ray
///         (naming the direction).
StabilityBodyMesh meshRegionAround(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                   const Eigen::Vector3d& interior_point, int resolution = 24,
                                   unsigned threads = 1, bool measure_distance = true);

/// Labels a point just outside a set by the piece of its boundary it lies beyond (equal labels:
/// the same smooth piece). For a realizable set: the failing modes of Def 11 there.
using BoundaryPieceLabel = std::function<int(const Eigen::Vector3d&)>;

/// The shaped route's seed resolutions (cells per axis): ShapedMeshOptions::seed_resolution.
inline constexpr int kShapedSeedResolutionMin = 8;
inline constexpr int kShapedSeedResolutionMax = 200;  ///< the largest seed resolution

/// Options of the shaped implicit route (meshRegionShaped). Lengths are relative to the
/// diagonal of the body's bounding box.
struct ShapedMeshOptions {
  int seed_resolution = 24;     ///< marching-tetrahedra seed: the box (and the seed where the
                                ///< set is not star-shaped about the interior point)
  double edge_length = 0.008;   ///< target edge length of the triangles where the boundary is
                                ///< flat (relative to the body's size)
  double sag_tolerance = 2e-4;  ///< largest sag of a triangle's edge from the boundary
                                ///< (relative); shorter triangles where it bends tightly
  int iterations = 6;           ///< rounds of split, collapse, flip, relax and project
  unsigned threads = 1;         ///< seeds, refinement, split and measures (remeshing: 1)
  int boundary_samples = 4000;  ///< rays for the boundary -> mesh side of the distance
};

/// Meshes the bounded set {x : inside(x)} around `interior_point` with shaped triangles,
/// keeping its sharp edges (star_seed.hpp, sag_refinement.hpp, feature_split.hpp,
/// graded_remesh.hpp, sharp_edge_remesh.hpp):
///  1. the seed: where the set is star-shaped about the interior point (every ray checked on
///     the seed's rays), a radial mesh of rays through a subdivided icosahedron stretched to the
///     set's box (thin parts that rays reach are kept); else a marching-tetrahedra seed
///     (meshRegionAround, `seed_resolution` cells per axis) remeshed at the target length;
///  2. refined where its edges sag more than `sag_tolerance` from the boundary (split at the
///     boundary point beside their midpoint), each vertex given the target length that sags by
///     the tolerance there (length L sqrt(e / d) of an edge of length L sagging by d);
///  3. with `piece`, the sharp edges (where the piece changes) located by bisection on the
///     boundary and the mesh split along them, so they are chains of mesh edges; the targets
///     lowered by the sag of the split mesh's edges and graded (growth 0.4 per unit length);
///  4. remeshed towards the targets (`iterations` rounds, Botsch-Kobbelt with a sizing field)
///     with the chains kept, corners and kinks held, vertices projected onto the split mesh;
///  5. the chain vertices put back onto the true edges (bisection across the edge), the others
///     onto the boundary, flat triangles flipped away and their vertices moved where that
///     raises their smallest angle.
/// The report measures the mesh with the predicate alone (as meshImplicitRegion; each
/// triangle's bound tightened by rays in 256 directions, the boundary -> mesh side also from the
/// located edge points), counts the mesh edges on sharp edges (`sharp_edges`) and the corners,
/// and gives the smallest angle of the triangles that touch no held vertex. `piece` may be
/// empty: no edge is kept. Sizes are the diagonal of the mesh's box (`diameter`).
/// @throws InvalidInput as meshRegionAround or for options out of their domain; SolverFailure
///         if the surface does not stay a closed 2-manifold.
StabilityBodyMesh meshRegionShaped(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                   const BoundaryPieceLabel& piece,
                                   const Eigen::Vector3d& interior_point,
                                   const ShapedMeshOptions& options = {});

/// Which mesher meshRealizableSet uses.
enum class MeshRoute {
  kAuto,      ///< exact where its faces fit (a two-contact family is given), else shaped, else
              ///< implicit (the shaped route failed or the resolution is outside [8, 200])
  kExact,     ///< meshTwoContactStabilityBody; its refusal is an error
  kImplicit,  ///< meshRegionAround (marching tetrahedra)
  kShaped,    ///< meshRegionShaped (shaped triangles, sharp edges kept where pieces are labelled)
};

/// A realizable set over three parameters, meshed by the route chosen.
struct RealizableSetMesh {
  StabilityBodyMesh stability_body;        ///< the mesh and its report
  MeshRoute route = MeshRoute::kImplicit;  ///< the route that made the mesh
  /// kAuto only: why the exact route was not used (the message of its refusal, or that no
  /// two-contact family was given); empty when it was.
  std::string exact_route_refused;
  /// kAuto only, when the implicit route made the mesh: why the shaped route did not (its
  /// failure, or a resolution outside its seed's [8, 200]).
  std::string shaped_route_refused;
};

/// Meshes the set {x : inside(x)} around `start` (a realizable point): by the exact route from
/// `family` (may be empty), the implicit route with `resolution` cells per axis, or the shaped
/// route (`shaped`, its seed on `resolution` cells per axis, its sharp edges where `piece` tells
/// the boundary pieces apart; `piece` may be empty); kAuto tries them in the order exact,
/// shaped, implicit, keeping why each one before failed.
/// @throws InvalidInput for kExact without a family, a start point outside the set; the
///         exact route's errors for kExact; the implicit and shaped routes' errors.
RealizableSetMesh meshRealizableSet(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                    const Eigen::Vector3d& start, const TwoContactFamily& family,
                                    MeshRoute route,
                                    const StabilityBodyMeshOptions& exact_options = {},
                                    int resolution = 24, unsigned threads = 1,
                                    const BoundaryPieceLabel& piece = {},
                                    const ShapedMeshOptions& shaped = {});

/// "auto", "exact", "implicit", "shaped". @throws InvalidInput for another name.
MeshRoute parseMeshRoute(const std::string& name);
/// The name parseMeshRoute reads: "auto", "exact", "implicit" or "shaped".
std::string toString(MeshRoute route);

/// Writes OFF, PLY, OBJ or STL (by `format`). @throws InvalidInput for an unknown format or an
/// unwritable file.
void writeMesh(const TriangleMesh& mesh, const std::string& path, const std::string& format);

/// A stability body's triangles as CSV (condition,face,x0,y0,z0,x1,...,z2), each with the
/// condition that bounds it there ("realizable" and face 0 when the mesh has none: the implicit
/// and shaped routes); coordinates as the shortest decimals that read back exactly. The main
/// job's stability_body_triangles.csv and the input of the stability body's HTML page.
void writeTriangleConditionsCsv(const TriangleMesh& mesh, std::ostream& out);

}  // namespace nsd::mesh
