#pragma once
/// @file curved_face_mesh.hpp
/// Internal: a shape-quality mesh of one curved face, a smooth sheet x(theta+, theta-) over a
/// rectangle of slip angles. Not installed.
///
/// The sheet's parametrization is sheared and stretched (down to 8 degrees between the
/// parameter lines, length ratios up to 40), so triangles that are good in (theta+, theta-) are
/// slivers on the surface. The face is therefore flattened conformally first: a reference
/// tensor grid of the sheet is mapped to the plane by least-squares conformal maps (CGAL
/// Surface_mesh_parameterization, LSCM), which keep angles up to the reference grid's
/// discretization. CGAL's 2-D Delaunay refinement (Delaunay_mesher_2, Ruppert/Shewchuk) then
/// meshes the flat domain with a minimum-angle bound and a chord criterion evaluated on the exact
/// surface; each vertex is lifted through the reference grid (barycentric slip angles) onto the
/// exact sheet, and vertices on the rectangle's sides are snapped onto them exactly.

#include <Eigen/Core>
#include <array>
#include <functional>
#include <vector>

#include <nsdkit/stability_body/stability_faces.hpp>

namespace nsd::mesh::detail {

/// A mesh of one curved face in slip angles; triangles are counter-clockwise in
/// (theta+, theta-), so their 3-D normals follow x_theta+ x x_theta-.
struct CurvedFaceMesh {
  std::vector<Eigen::Vector2d> angles;        ///< (theta+, theta-) [rad] per vertex
  std::vector<std::array<int, 3>> triangles;  ///< indices into `angles`
  /// Vertex indices along each side (theta+ = lower, theta- = lower, theta+ = upper,
  /// theta- = upper), the other angle increasing; corners belong to two sides.
  std::array<std::vector<int>, 4> sides;
};

/// Meshes the face: chord error (edge midpoints and centroid of every triangle against the
/// surface) below `chord_tolerance` [load units], flat minimum angle above asin(sqrt(aspect)),
/// with `cells` reference cells along the longer side (finer keeps angles better where the
/// sheet's metric varies strongly). @throws SolverFailure if the flattening fails or folds.
CurvedFaceMesh meshCurvedFaceConformally(
    const std::function<Eigen::Vector3d(double, double)>& sheet,
    const stability_body::SlipAngleRectangle& rectangle, double chord_tolerance, double aspect_bound, int cells);

}  // namespace nsd::mesh::detail
