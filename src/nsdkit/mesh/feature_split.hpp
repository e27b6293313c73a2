#pragma once
/// @file feature_split.hpp
/// Internal: the sharp edges of the boundary of an implicit set {x : inside(x)} made edges of a
/// mesh. The set's boundary is piecewise smooth; a label of the piece just outside each boundary
/// point (for a realizable set: the failing modes of Def 11 there) tells the pieces apart.
///
/// Stages (feature_split.cpp), on a seed mesh whose vertices lie on the boundary (the shaped
/// route's seed, sharp_edge_remesh.hpp):
///  1. each seed vertex gets its outward normal (area-weighted) and the label of the point a
///     small step outside it (shorter steps where two pieces fail at once); a vertex still
///     without a piece, or with a label no neighbour shares while half of them agree on
///     another, takes its neighbours' label;
///  2. on each seed edge whose ends carry different labels the edge point is located by
///     bisection along the boundary (the midpoint is projected onto the boundary along the mean
///     normal by bisection of the predicate and relabelled, until the bracket is 1e-4 cells);
///  3. near each seed triangle with three labels the corner is located by a zooming grid
///     search (a 6 x 6 barycentric grid on the triangle enlarged 3, 9 or 27 times, its points
///     projected onto the boundary and labelled; the grid triangle with three labels, doubled,
///     is the next triangle; 15 rounds);
///  4. each seed triangle is split along its label contour (marching triangles): a triangle with
///     two labels into three triangles through its two edge points, one with three labels into
///     six through its corner. The contour segments are the mesh's feature edges, chained
///     through shared edge points, so the sharp edges become polylines of mesh edges whose
///     vertices lie on the true edges.
/// Not installed.

#include <Eigen/Core>
#include <array>
#include <cstddef>
#include <functional>
#include <vector>

#include <nsdkit/mesh/stability_body_mesh.hpp>

namespace nsd::mesh::detail {

/// A TriangleMesh index (int, as in its triangles) as the index of a std::vector.
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

/// A closed mesh whose sharp edges are chains of its edges.
struct FeatureConformingMesh {
  TriangleMesh mesh;                          ///< outward, vertices on the boundary
  std::vector<std::array<int, 2>> features;   ///< vertex pairs of the feature edges
  std::vector<int> corners;                   ///< vertices where three or more pieces meet
  /// Per vertex: the label of the piece beyond it (feature vertices: -1).
  std::vector<int> label;
};

/// The boundary of {inside} as seen through its predicate and labels, at grid scale `cell` and
/// boundary tolerance `tolerance` (both in the set's coordinates).
struct LabelledBoundary {
  std::function<bool(const Eigen::Vector3d&)> inside;
  std::function<int(const Eigen::Vector3d&)> piece;
  double cell = 1.0;
  double tolerance = 1e-8;

  /// The boundary point on the line p + t n nearest p on the side the predicate points to (out
  /// of an inside point, into an outside one), else on the other side, |t| <= 2 cells; p
  /// itself when there is none.
  Eigen::Vector3d project(const Eigen::Vector3d& p, const Eigen::Vector3d& n) const;
  /// The same, bisected to `bisection_tolerance` instead of `tolerance`.
  Eigen::Vector3d project(const Eigen::Vector3d& p, const Eigen::Vector3d& n,
                          double bisection_tolerance) const;
  /// The boundary's outward normal at boundary point q (n: a normal close to it), from four
  /// boundary points a tenth of a cell around it.
  Eigen::Vector3d normalAt(const Eigen::Vector3d& q, const Eigen::Vector3d& n) const;
  /// The same, its four points bisected to `bisection_tolerance`.
  Eigen::Vector3d normalAt(const Eigen::Vector3d& q, const Eigen::Vector3d& n,
                           double bisection_tolerance) const;
  /// The boundary point closest to p (near the boundary; n: a normal close to the boundary's):
  /// p projected along the boundary's normal, estimated from four boundary points around p
  /// (projected along n, to 1e-3 cell). Exact on planes.
  Eigen::Vector3d closest(const Eigen::Vector3d& p, const Eigen::Vector3d& n) const;
  /// The label of the boundary piece at boundary point p with outward normal n.
  int labelAt(const Eigen::Vector3d& p, const Eigen::Vector3d& n) const;
  /// The edge point between boundary points a (label la) and b (label lb): bisection along the
  /// boundary, the midpoints projected along `normal` (stage 2).
  Eigen::Vector3d edgePoint(Eigen::Vector3d a, int la, Eigen::Vector3d b, int lb,
                            const Eigen::Vector3d& normal) const;
};

/// Splits `seed` (closed, outward, vertices on the boundary) along the sharp edges (stages 1-4).
FeatureConformingMesh splitAlongSharpEdges(const LabelledBoundary& boundary,
                                           const TriangleMesh& seed, unsigned threads);

}  // namespace nsd::mesh::detail
