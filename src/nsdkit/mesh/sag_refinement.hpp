#pragma once
/// @file sag_refinement.hpp
/// Internal: a mesh whose vertices lie on the boundary of an implicit set, refined where its
/// edges sag away from the boundary, and the target edge length that follows from the sag.
///
/// An edge of length L whose midpoint lies a distance d from the boundary spans a boundary of
/// curvature about kappa = 8 d / L^2 (a circular arc through its ends); a chord of length h over
/// it sags by h^2 kappa / 8, so the length that sags by the tolerance e there is
/// h = L sqrt(e / d). The shaped route uses it where the set's boundary bends more tightly than
/// its target edge length can follow (the axle's rounded rims, a few units across, meshed with
/// triangles of 5.5), and where the seed cut a thin end off.
/// Not installed.

#include <vector>

#include <nsdkit/mesh/feature_split.hpp>
#include <nsdkit/mesh/star_seed.hpp>

namespace nsd::mesh::detail {

/// The refined mesh and one target edge length per vertex.
struct SagRefinedMesh {
  TriangleMesh mesh;           ///< closed, outward, vertices on the boundary
  std::vector<double> sizes;   ///< target edge length per vertex, in [min_length, max_length]
  int splits = 0;              ///< edges split over all rounds
};

/// Options of refineWhereSagging (lengths in the set's coordinates).
struct SagRefinementOptions {
  double sag_tolerance = 0.0;  ///< largest sag kept (> 0)
  double max_length = 0.0;     ///< the target where the boundary is flat (the route's edge length)
  double min_length = 0.0;     ///< no target below it, no edge split below twice it
  int rounds = 6;              ///< rounds of measure and split
  unsigned threads = 1;
  /// When set, a split point is where the ray from the fan's centre through the edge's
  /// midpoint leaves the set (a radial mesh stays radial); the sag is measured along the normal
  /// all the same (along a ray that grazes the boundary the distance is far longer).
  const RayFan* rays = nullptr;
};

/// Refines `mesh` (closed, outward, vertices on `boundary`) for `o.rounds` rounds: every edge
/// that may sag (its faces meet at an angle over 4 e / L, a circular arc that sags by e / 2) and
/// was not measured yet gets its midpoint projected onto the boundary along the mean of its
/// ends' normals; the edges that sag by more than `o.sag_tolerance` are split at that boundary
/// point (each triangle into 2, 3 or 4). The target length of a vertex is the smallest
/// L sqrt(e / d) over its measured edges, within [min_length, max_length].
SagRefinedMesh refineWhereSagging(const TriangleMesh& mesh, const LabelledBoundary& boundary,
                                  const SagRefinementOptions& o);

/// `sizes` (one per vertex of the split mesh) lowered by the sag of its edges within one piece
/// (not on a chain; those that may sag): an edge across a piece narrower than the route's
/// length, between two chains, sees the piece's curvature that the refinement before the split
/// could not (its ends carried different labels).
std::vector<double> sagSizes(const FeatureConformingMesh& conforming, std::vector<double> sizes,
                             const LabelledBoundary& boundary, const SagRefinementOptions& o);

}  // namespace nsd::mesh::detail
