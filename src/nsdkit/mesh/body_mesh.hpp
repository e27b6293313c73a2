#pragma once
/// @file body_mesh.hpp
/// Surface meshes of the ball-in-trough stability body (two-point-contact paper, Figs. 10-11):
/// a closed, outward-oriented, 2-manifold triangle surface whose faces are built conformingly
/// from the closed forms, so the 12 sharp edges are exact polylines and never rounded off.
///
/// Construction (right-angle trough, mu+ = mu- = mu < 1, any j in (0, 1]):
///  - top curved face: the image of (88) over p = phi+ in [p0, pi - p0], q = phi- in [0, pi],
///    p0 = asin(2 mu / (1 + mu^2)), on a tensor grid graded until the chord error is below the
///    tolerance; its four sides lie on the four planes (82)-(83) (checked at run time);
///  - bottom curved face: the mirror image under (m_x, m_y, m_z) -> (m_y, m_x, -m_z);
///  - four planar faces (82)-(83): constrained Delaunay triangulations (CGAL
///    Delaunay_mesher_no_edge_refinement_2) of the polygon made of one top side, one bottom side
///    and the two straight plane∩plane edges, sharing the edge vertices bit for bit.
/// Only this folder includes CGAL; the API uses Eigen and std types.

#include <Eigen/Core>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include <nsdkit/models/ball_trough.hpp>

namespace nsd::mesh {

/// A triangle surface: vertices [dimensionless torque units] and outward-oriented triangles.
struct TriangleMesh {
  std::vector<Eigen::Vector3d> vertices;
  std::vector<std::array<int, 3>> triangles;
  std::vector<int> face_of_triangle;  ///< 0 top, 1 bottom, 2..5 planes (82a, 82b, 83a, 83b)
};

/// Options of the body mesher.
struct BodyMeshOptions {
  /// Target distance of the mesh from the exact boundary, relative to the body diameter.
  double tolerance = 5e-4;
  /// Largest relative difference of the mesh's volume from the exact volume: while it is
  /// exceeded, the body is meshed again with half the distance tolerance (at most 4 times; small
  /// bodies have much area per volume). 0: no such check.
  double volume_tolerance = 5e-4;
};

/// Accuracy and validity, measured on the produced mesh.
struct BodyMeshReport {
  std::size_t vertices = 0, faces = 0;
  double volume = 0.0, area = 0.0;  ///< CGAL PMP::volume and PMP::area
  bool closed = false, manifold = false, outward = false;
  double diameter = 0.0;                         ///< bounding-box diagonal of the body
  double max_vertex_distance = 0.0;              ///< max distance of vertices from their exact face
  double max_face_distance = 0.0;                ///< sampled over triangle interiors (upper bound)
  double hausdorff = 0.0;                        ///< two-sided, dense exact sampling vs the mesh
  double min_angle_deg = 0.0;                    ///< over all triangles
  double min_angle_away_from_corners_deg = 0.0;  ///< triangles not touching the 8 corners
  int corners = 0;                               ///< body corners found (8 expected)
  int sharp_edges = 0;  ///< edges between faces (12 expected: 8 curved, 4 straight)
  /// The exact volume (exact route): (1/3) of the flux of x through the exact faces, by
  /// composite Gauss-Legendre quadrature of (88) over its parameter square and of the planar
  /// faces' boundary curves (their areas by Green's theorem); NaN for the implicit route.
  double exact_volume = NAN;
  double exact_volume_error = NAN;  ///< |difference from half the quadrature panels| (estimate)
  double tolerance_used = NAN;      ///< the distance tolerance of the final mesh (relative)
  double seconds = 0.0;
};

/// A mesh and its report.
struct BodyMesh {
  TriangleMesh mesh;
  BodyMeshReport report;
};

/// Meshes the stability body. @throws InvalidInput if the closed forms do not apply, mu >= 1,
/// tolerance not in (0, 0.1]; SolverFailure if the face structure is not the expected one.
BodyMesh meshBallTroughBody(const models::BallTroughParameters& p,
                            const BodyMeshOptions& options = {});

/// Options of the generic (implicit) route.
struct ImplicitMeshOptions {
  Eigen::Vector3d box_lower = Eigen::Vector3d::Constant(-1.0);  ///< must enclose the region
  Eigen::Vector3d box_upper = Eigen::Vector3d::Constant(1.0);
  int resolution = 32;                ///< grid cells per axis
  double bisection_tolerance = 1e-6;  ///< crossing points located to this distance
  unsigned threads = 1;
  /// A point inside the region (e.g. the point the box was probed from): boundary samples are
  /// found on rays from it. NaN: the boundary -> mesh side is not sampled.
  Eigen::Vector3d interior_point = Eigen::Vector3d::Constant(NAN);
  int boundary_samples = 2000;  ///< rays for the boundary -> mesh side of the distance
};

/// Meshes the set {x : inside(x)} of any predicate by marching tetrahedra on a grid (Kuhn
/// subdivision of each cube, so the surface is watertight), with every crossing point located
/// on its grid edge by bisection of the predicate. Sharp edges are not preserved (best effort:
/// they are cut by the grid); the report says so (`sharp_edges` = -1). The distance from the
/// boundary is measured with the predicate: `max_face_distance` bounds the distance of each
/// triangle's centroid from the boundary (along its normal), `hausdorff` adds boundary samples
/// on rays from `interior_point` against the mesh. The predicate must be thread-safe.
/// @throws InvalidInput if the region touches the box or options are invalid.
BodyMesh meshImplicitRegion(const std::function<bool(const Eigen::Vector3d&)>& inside,
                            const ImplicitMeshOptions& options);

/// Meshes the bounded set {x : inside(x)} that contains `interior_point`, finding the box
/// itself: rays along the 124 directions of a 5^3 lattice from the point, each bisected (20
/// halvings of [0, R], R = 4 doubled while the ray's end is still inside), give the extent,
/// padded by 25 % and enlarged by half again (up to three times) while the region touches the
/// box; then meshImplicitRegion with `resolution` cells per axis.
/// @throws InvalidInput if interior_point is not inside, or the set is unbounded along a ray
///         (naming the direction).
BodyMesh meshRegionAround(const std::function<bool(const Eigen::Vector3d&)>& inside,
                          const Eigen::Vector3d& interior_point, int resolution = 24,
                          unsigned threads = 1);

/// Writes OFF, PLY, OBJ or STL (by `format`). @throws InvalidInput for an unknown format or an
/// unwritable file.
void writeMesh(const TriangleMesh& mesh, const std::string& path, const std::string& format);

}  // namespace nsd::mesh
