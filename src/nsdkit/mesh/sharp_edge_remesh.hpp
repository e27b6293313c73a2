#pragma once
/// @file sharp_edge_remesh.hpp
/// Internal: the remeshing stages of the shaped implicit route (stability_body_mesh.hpp,
/// meshRegionShaped) on a CGAL surface mesh whose sharp edges are chains of marked edges
/// (feature_split.hpp).
///  - shapeSeed: a marching-tetrahedra seed (slivers) made near-equilateral before it is split,
///    so that moving the split points onto the sharp edges turns no triangle over (the seed of
///    sets that are not star-shaped about their interior point);
///  - markSharpEdges: the split seed as a surface mesh, its chains marked, its corners and the
///    kinks of its chains held (the remeshing itself: graded_remesh.hpp);
///  - settleOntoBoundary: the chain vertices put back onto the true edges, the others onto the
///    boundary, flat triangles flipped away and their vertices moved where that raises their
///    smallest angle.
/// Not installed.

#include <CGAL/Surface_mesh.h>

#include <functional>
#include <vector>

#include <nsdkit/mesh/feature_split.hpp>
#include <nsdkit/mesh/mesh_measures.hpp>

namespace nsd::mesh::detail {

/// A surface mesh with its sharp-edge chains and held vertices marked.
struct MarkedMesh {
  SurfaceMesh sm;
  SurfaceMesh::Property_map<SurfaceMesh::Edge_index, bool> sharp;
  SurfaceMesh::Property_map<SurfaceMesh::Vertex_index, bool> held;  ///< corners and kinks
};

/// `seed` remeshed without constraints at `edge_length` (`iterations` rounds), every vertex
/// projected onto its closest boundary point, searched within one cell of `boundary` (the seed's
/// grid cell) or two edge lengths, whichever is longer.
TriangleMesh shapeSeed(const TriangleMesh& seed, const LabelledBoundary& boundary,
                       double edge_length, int iterations);

/// The split seed as a marked mesh: its feature edges sharp, its corners held, and held too
/// every chain end or junction and every vertex where its chain turns by more than 40 degrees
/// between the points two edge lengths along it on either side (a cusp where pieces meet
/// tangentially), strongest first and none within that distance of one already held.
/// @throws SolverFailure if the split seed is not a closed 2-manifold.
void markSharpEdges(const FeatureConformingMesh& conforming, double edge_length, MarkedMesh& m);

/// The chain vertices back onto the true edges (bisection across the edge, moved only across
/// the chain and by at most half the local length), the other vertices onto the boundary along
/// their normals (by at most half the local length), then edges of triangles under 30 degrees
/// flipped where that raises the smaller angle, and flat triangles on a chain collapsed into it;
/// then needles (longest edge over 3 times the shortest) collapsed into an end of their short
/// edge and caps (an angle over 140 degrees) flipped, the chains and held vertices kept (CGAL's
/// remove_almost_degenerate_faces; a collapse keeps an end, so every vertex stays on the
/// boundary); last, the vertices of triangles under 25 degrees moved (free ones in their tangent
/// plane, chain vertices along their chain) and put back onto the boundary where that raises
/// the smallest angle around them. `local_length` gives the target length at a point (empty:
/// `edge_length` everywhere).
void settleOntoBoundary(MarkedMesh& m, const LabelledBoundary& boundary, double edge_length,
                        const std::function<double(const Eigen::Vector3d&)>& local_length = {});

/// The mesh as vertices and triangles (in the mesh's vertex order) and, per vertex, whether it
/// is held.
TriangleMesh toTriangleMesh(const SurfaceMesh& sm);
std::vector<bool> heldVertices(const MarkedMesh& m);

}  // namespace nsd::mesh::detail
