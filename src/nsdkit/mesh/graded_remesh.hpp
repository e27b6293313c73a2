#pragma once
/// @file graded_remesh.hpp
/// Internal: isotropic remeshing that follows a sizing field (edge lengths that vary over the
/// surface), with sharp-edge chains kept. CGAL 5.5's isotropic remeshing takes one target
/// length; the shaped route needs triangles a few times smaller where the set's boundary bends
/// tightly (the rounded rims at the axle's plate ends) than on its flat faces.
///
/// The algorithm is Botsch and Kobbelt's incremental remeshing (M. Botsch, L. Kobbelt, "A
/// remeshing approach to multiresolution modeling", SGP 2004) with the target length taken from
/// a sizing field at each edge, as in M. Dunyach, D. Vanderhaeghe, L. Barthe, M. Botsch,
/// "Adaptive remeshing for real-time mesh deformation", Eurographics 2013: per round, edges
/// longer than 4/3 of their target are split, edges shorter than 4/5 of it collapsed (when no
/// edge of the result is longer than 4/3 of its target), edges flipped towards valence 6, and
/// vertices moved to the area-weighted centroid of their faces in their tangent plane, then
/// projected onto a reference surface.
/// Not installed.

#include <array>
#include <memory>
#include <vector>

#include <nsdkit/mesh/sharp_edge_remesh.hpp>

namespace nsd::mesh::detail {

/// A reference surface (a triangle mesh) with a target edge length at each of its vertices:
/// the projection of the remesher and its sizing field (interpolated linearly over the closest
/// triangle); and its sharp-edge chains, onto which chain vertices are projected.
class SizedReference {
 public:
  /// `sizes`: one target edge length per vertex of `surface` (> 0); `chains`: vertex pairs of
  /// the surface's chain edges.
  SizedReference(const TriangleMesh& surface, std::vector<double> sizes,
                 const std::vector<std::array<int, 2>>& chains = {});
  ~SizedReference();
  SizedReference(const SizedReference&) = delete;
  SizedReference& operator=(const SizedReference&) = delete;

  /// The closest point of the reference surface to p, and the target edge length there.
  struct Closest {
    Eigen::Vector3d point;
    double size = 0.0;
  };
  Closest closest(const Eigen::Vector3d& p) const;
  /// The closest point of the chains to p (the surface's closest point when there are none),
  /// and the target edge length at the surface there.
  Closest closestOnChain(const Eigen::Vector3d& p) const;

 private:
  struct Tree;
  TriangleMesh surface_;
  std::vector<double> sizes_;
  std::unique_ptr<Tree> tree_;
};

/// Target edge lengths per vertex of `mesh` graded so that they grow by at most `gradation`
/// per unit length along the mesh's edges (s_v <= s_u + gradation |uv|, shortest paths;
/// Dijkstra): a small target spreads to its neighbourhood, so that the triangles' size changes
/// gradually and none is squeezed between sizes far apart.
std::vector<double> gradedSizes(const TriangleMesh& mesh, std::vector<double> sizes,
                                double gradation);

/// Remeshes `m` for `iterations` rounds towards the reference's target lengths, its sharp-edge
/// chains kept (split along themselves, collapsed along themselves, never flipped; chain
/// vertices move along their chain) and its held vertices fixed; every vertex moved or
/// created is projected onto the reference.
void remeshGraded(MarkedMesh& m, const SizedReference& reference, int iterations);

}  // namespace nsd::mesh::detail
