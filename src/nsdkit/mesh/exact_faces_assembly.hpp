#pragma once
/// @file exact_faces_assembly.hpp
/// Internal (not installed): the stages of the exact route's mesh assembly
/// (exact_stability_body_mesh.cpp's meshFacesAt): the assembly of vertices and triangles, the
/// curved faces, and the stages after the curved faces are meshed and oriented: key points,
/// tetrahedron edges, planar faces, the exact volume and the compaction.

#include <Eigen/Core>
#include <array>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include <nsdkit/mesh/stability_body_mesh.hpp>

namespace nsd::mesh::detail {

// One curved face: its triangles and sides as vertex ids of the assembly.
struct CurvedFace {
  std::size_t rectangle = 0;  // index into StabilityBodyFaces::curved
  std::vector<std::array<int, 3>> triangles;
  std::array<std::vector<int>, 4> sides;  // vertex ids along each side (other angle increasing)
  double orientation = 1.0;               // +1 if x_theta+ x x_theta- points outward
};

struct Assembly {
  const StabilityBodyFaces& faces;
  TriangleMesh mesh;
  std::vector<Eigen::Vector3d> param;  // (theta+, theta-, sheet) of curved-face vertices
  std::vector<bool> on_sharp_edge;

  Eigen::Vector3d surface(double tp, double tm) const {
    return slipSlipBoundaryPoint(faces, tp, tm);
  }
  int addVertex(const Eigen::Vector3d& x, const Eigen::Vector3d& p, bool sharp) {
    mesh.vertices.push_back(x);
    param.push_back(p);
    on_sharp_edge.push_back(sharp);
    return static_cast<int>(mesh.vertices.size()) - 1;
  }
  const Eigen::Vector3d& at(int v) const { return mesh.vertices[static_cast<std::size_t>(v)]; }
};


// A conforming mesh of the body, the exact volume from its structure, and its corners.
struct FacesMesh {
  StabilityBodyMesh stability_body;
  std::vector<Eigen::Vector3d> corners;
  double exact_volume = NAN, exact_volume_error = NAN;
};

// The state of meshFacesAt's stages: the assembly of vertices and triangles, the curved faces,
// the key points and the discretized tetrahedron edges.
struct FacesAssembly {
  const StabilityBodyFaces& f;
  Assembly b;
  std::vector<CurvedFace> curved;
  double diameter = 0.0, chord_tol = 0.0, on_plane_tolerance = 0.0, probe = 0.0;
  std::vector<int> keys;                // merged key points (corners, tetrahedron vertices)
  std::array<int, 4> tet_vertex{};      // the tetrahedron's vertices among them
  std::map<int, double> spacing;        // side spacing at each key point
  double mean_spacing = 0.0;
  std::map<std::pair<int, int>, std::vector<int>> edge_points;  // tetrahedron edge (k, l)
  std::set<std::pair<int, int>> off_body;  // tetrahedron-edge pieces where Def 11 fails
  bool onPlane(int v, int k) const {
    return std::fabs(f.planes[static_cast<std::size_t>(k)].signedDistance(b.at(v))) <=
           on_plane_tolerance;
  }
};

/// Stage 2: key points: rectangle corners and tetrahedron vertices, merged where they coincide.
void mergeKeyPoints(FacesAssembly& fa);
/// Stage 3: the spacing at each key point: the shortest side segment at it (curved faces).
void measureKeySpacing(FacesAssembly& fa);
/// Stage 4: the tetrahedron's edges through the key points, graded; pieces off the body recorded.
void discretizeTetrahedronEdges(FacesAssembly& fa, const TwoContactFamily& family);
/// Stage 5: the planar face on plane k (CGAL constrained Delaunay, kept regions refined).
void meshPlanarFace(FacesAssembly& fa, const TwoContactFamily& family, int k);
/// Stage 6: planar faces checked against off-body edge pieces; the curved triangles added.
void addCurvedTrianglesAfterCheckingPlanarFaces(FacesAssembly& fa);
/// Stage 7: the exact volume by quadrature with `panels` Gauss-Legendre panels.
double exactVolume(const FacesAssembly& fa, int panels);
/// Stage 8: unused vertices dropped, sharp edges counted, topology measured.
FacesMesh compactAndMeasure(FacesAssembly& fa, double tolerance);

}  // namespace nsd::mesh::detail
