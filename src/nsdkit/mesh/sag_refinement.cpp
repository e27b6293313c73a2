// Refinement where a mesh sags away from an implicit set's boundary (sag_refinement.hpp).
#include <nsdkit/mesh/sag_refinement.hpp>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <nsdkit/core/parallel.hpp>

namespace nsd::mesh::detail {

// At the namespace's scope, as in the folder's other files (one unity batch holds several).
using Vec = Eigen::Vector3d;

namespace {

using EdgeKey = std::pair<int, int>;

EdgeKey keyOf(int a, int b) { return a < b ? EdgeKey{a, b} : EdgeKey{b, a}; }

/// An edge of the mesh with the two triangles beside it.
struct EdgeFaces {
  std::array<int, 2> triangle{-1, -1};
};

std::vector<Vec> faceNormals(const TriangleMesh& mesh) {
  std::vector<Vec> normals;
  normals.reserve(mesh.triangles.size());
  for (const auto& t : mesh.triangles) {
    const Vec& a = mesh.vertices[at(t[0])];
    normals.push_back((mesh.vertices[at(t[1])] - a).cross(mesh.vertices[at(t[2])] - a));
  }
  return normals;
}

/// Area-weighted outward vertex normals from (unnormalised) face normals.
std::vector<Vec> vertexNormals(const TriangleMesh& mesh, const std::vector<Vec>& face_normals) {
  std::vector<Vec> normals(mesh.vertices.size(), Vec::Zero());
  for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
    for (int v : mesh.triangles[f]) normals[at(v)] += face_normals[f];
  }
  for (auto& n : normals) n.normalize();
  return normals;
}

std::map<EdgeKey, EdgeFaces> edgesOf(const TriangleMesh& mesh) {
  std::map<EdgeKey, EdgeFaces> edges;
  for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
    const auto& t = mesh.triangles[f];
    for (std::size_t e = 0; e < 3; ++e) {
      auto& faces = edges[keyOf(t[e], t[(e + 1) % 3])].triangle;
      (faces[0] < 0 ? faces[0] : faces[1]) = static_cast<int>(f);
    }
  }
  return edges;
}

/// What measuring an edge found: its sag, the point where it would be split and that point's
/// piece.
struct EdgeSag {
  double sag = 0.0;
  Vec split_point = Vec::Zero();
  int label = -1;
};

/// Each triangle split along its marked edges (their new vertices in `added`): one marked edge
/// gives two triangles through the opposite corner, two give three (the quad left beside them
/// split along its shorter diagonal), three give four.
TriangleMesh splitTriangles(const TriangleMesh& mesh, const std::map<EdgeKey, int>& added) {
  TriangleMesh out;
  out.vertices = mesh.vertices;
  const auto middle = [&](int a, int b) {
    const auto it = added.find(keyOf(a, b));
    return it == added.end() ? -1 : it->second;
  };
  const auto length = [&](int a, int b) {
    return (out.vertices[at(a)] - out.vertices[at(b)]).norm();
  };
  for (const auto& t : mesh.triangles) {
    const std::array<int, 3> m{middle(t[0], t[1]), middle(t[1], t[2]), middle(t[2], t[0])};
    const int marked = (m[0] >= 0) + (m[1] >= 0) + (m[2] >= 0);
    if (marked == 0) {
      out.triangles.push_back(t);
    } else if (marked == 3) {
      out.triangles.push_back({t[0], m[0], m[2]});
      out.triangles.push_back({t[1], m[1], m[0]});
      out.triangles.push_back({t[2], m[2], m[1]});
      out.triangles.push_back({m[0], m[1], m[2]});
    } else {
      // Rotate so that edge (a, b) is marked, and for two marks (b, c) too.
      std::size_t r = 0;
      while (m[r] < 0 || (marked == 2 && m[(r + 1) % 3] < 0)) ++r;
      const int a = t[r], b = t[(r + 1) % 3], c = t[(r + 2) % 3];
      const int ab = m[r];
      if (marked == 1) {
        out.triangles.push_back({a, ab, c});
        out.triangles.push_back({ab, b, c});
      } else {
        const int bc = m[(r + 1) % 3];
        out.triangles.push_back({ab, b, bc});
        if (length(a, bc) < length(ab, c)) {
          out.triangles.push_back({a, ab, bc});
          out.triangles.push_back({a, bc, c});
        } else {
          out.triangles.push_back({a, ab, c});
          out.triangles.push_back({ab, bc, c});
        }
      }
    }
  }
  out.face_of_triangle.assign(out.triangles.size(), -1);
  return out;
}

/// The piece beyond each vertex (LabelledBoundary::labelAt along its normal).
std::vector<int> labelVertices(const TriangleMesh& mesh, const LabelledBoundary& boundary,
                               unsigned threads) {
  std::vector<int> labels(mesh.vertices.size(), -1);
  const std::vector<Vec> normals = vertexNormals(mesh, faceNormals(mesh));
  nsd::parallelFor(mesh.vertices.size(), threads, [&](std::size_t v) {
    if (normals[v].allFinite()) labels[v] = boundary.labelAt(mesh.vertices[v], normals[v]);
  });
  return labels;
}

/// Per vertex whether all its neighbours carry its label: an edge between two such vertices
/// lies inside one piece (a vertex next to a sharp edge may be labelled from across it, and
/// the sag of an edge across a sharp edge shrinks only linearly with its length).
std::vector<char> amidOnePiece(const std::map<EdgeKey, EdgeFaces>& edges,
                               const std::vector<int>& labels) {
  std::vector<char> amid(labels.size(), 1);
  for (const auto& [key, faces] : edges) {
    if (labels[at(key.first)] != labels[at(key.second)] || labels[at(key.first)] < 0) {
      amid[at(key.first)] = amid[at(key.second)] = 0;
    }
  }
  return amid;
}

/// Whether an edge of `length` may sag by more than half the tolerance: a circular arc that
/// bends by the angle between the faces beside it, or between the normals at its ends (a
/// mesh that cuts across a rim is flat there, but its vertices' normals see the rim's faces).
bool maySag(double length, const Vec& face0, const Vec& face1, const Vec& end0, const Vec& end1,
            const SagRefinementOptions& o) {
  const double bend = std::max(std::acos(std::clamp(face0.dot(face1), -1.0, 1.0)),
                               std::acos(std::clamp(end0.dot(end1), -1.0, 1.0)));
  return !(bend == bend) || bend * length > 4.0 * o.sag_tolerance;
}

/// The edges to measure in a round: not measured yet, and in the first round all, later those
/// longer than twice the route's length or that may sag.
std::vector<EdgeKey> sagCandidates(const TriangleMesh& mesh,
                                   const std::map<EdgeKey, EdgeFaces>& edges,
                                   const std::vector<Vec>& face_normals,
                                   const std::vector<Vec>& normals,
                                   const std::set<EdgeKey>& measured, bool all,
                                   const SagRefinementOptions& o) {
  std::vector<EdgeKey> candidates;
  for (const auto& [key, faces] : edges) {
    if (measured.count(key) || faces.triangle[1] < 0) continue;
    const double length = (mesh.vertices[at(key.first)] - mesh.vertices[at(key.second)]).norm();
    if (all || length > 2.0 * o.max_length ||
        maySag(length, face_normals[at(faces.triangle[0])].normalized(),
               face_normals[at(faces.triangle[1])].normalized(), normals[at(key.first)],
               normals[at(key.second)], o)) {
      candidates.push_back(key);
    }
  }
  return candidates;
}

/// The sag of each edge in `edges`: the distance from its midpoint to the boundary along the
/// mean normal of its ends (that boundary point is where it would be split, `label` its
/// piece). On a radial mesh (o.rays) the distance to where the ray through the midpoint leaves
/// the set counts too, when longer, and that point is the split point (so that the mesh stays
/// radial): beside a blade thinner than the triangles the normal points across the blade,
/// while the blade's rim lies further out along the ray.
std::vector<EdgeSag> measureSags(const TriangleMesh& mesh, const std::vector<EdgeKey>& edges,
                                 const std::vector<Vec>& normals, const LabelledBoundary& boundary,
                                 const SagRefinementOptions& o, bool label) {
  std::vector<EdgeSag> sags(edges.size());
  // The sag is wanted to a hundredth of the tolerance.
  const double tolerance = std::max(boundary.tolerance, 1e-2 * o.sag_tolerance);
  nsd::parallelFor(edges.size(), o.threads, [&](std::size_t i) {
    const auto [a, b] = edges[i];
    const Vec& pa = mesh.vertices[at(a)];
    const Vec& pb = mesh.vertices[at(b)];
    const Vec middle = 0.5 * (pa + pb);
    const Vec normal = (normals[at(a)] + normals[at(b)]).normalized();
    if (!normal.allFinite()) return;
    LabelledBoundary near = boundary;
    near.cell = (pb - pa).norm();
    near.tolerance = tolerance;
    const Vec q = near.project(middle, normal);
    sags[i] = {(q - middle).norm(), q, label ? boundary.labelAt(q, normal) : -1};
    if (!o.rays) return;
    RayFan fan = *o.rays;
    fan.tolerance = tolerance;
    const auto r = fan.exit(boundary.inside, middle);
    if (!r) return;
    sags[i].sag = std::max(sags[i].sag, (*r - middle).norm());
    sags[i].split_point = *r;
  });
  return sags;
}

/// The length that sags by the tolerance where an edge of `length` sags by `sag`.
double sizeFromSag(double length, double sag, const SagRefinementOptions& o) {
  return sag > 0.0 ? std::clamp(length * std::sqrt(o.sag_tolerance / sag), o.min_length,
                                o.max_length)
                   : o.max_length;
}

}  // namespace

SagRefinedMesh refineWhereSagging(const TriangleMesh& mesh, const LabelledBoundary& boundary,
                                  const SagRefinementOptions& o) {
  SagRefinedMesh out;
  out.mesh = mesh;
  // Per vertex: the smallest L sqrt(e / d) over the measured edges at it inside one piece (a
  // split point inherits its edge's) and the piece beyond it; the edges measured so far.
  std::vector<double> sizes(mesh.vertices.size(), o.max_length);
  std::vector<int> labels = labelVertices(mesh, boundary, o.threads);
  std::set<EdgeKey> measured;
  for (int round = 0; round < o.rounds; ++round) {
    const std::vector<Vec> face_normals = faceNormals(out.mesh);
    const std::vector<Vec> normals = vertexNormals(out.mesh, face_normals);
    const auto edges = edgesOf(out.mesh);
    const std::vector<char> amid = amidOnePiece(edges, labels);
    const std::vector<EdgeKey> candidates =
        sagCandidates(out.mesh, edges, face_normals, normals, measured, round == 0, o);
    const std::vector<EdgeSag> sags = measureSags(out.mesh, candidates, normals, boundary, o, true);
    std::map<EdgeKey, int> added;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      const auto [a, b] = candidates[i];
      measured.insert(candidates[i]);
      const double length = (out.mesh.vertices[at(a)] - out.mesh.vertices[at(b)]).norm();
      const bool one_piece = labels[at(a)] == labels[at(b)] && labels[at(a)] >= 0;
      const double size = one_piece && amid[at(a)] && amid[at(b)]
                              ? sizeFromSag(length, sags[i].sag, o)
                              : o.max_length;
      sizes[at(a)] = std::min(sizes[at(a)], size);
      sizes[at(b)] = std::min(sizes[at(b)], size);
      // Across two pieces a sagging edge is split only while it is longer than half the
      // route's length, or where the pieces meet at an acute wedge (normals over 107 degrees
      // apart; the split stage bisects its edge points along the mean normal, ill-defined
      // there): below that the split stage puts its edge points on the sharp edge.
      const bool wedge =
          normals[at(a)].dot(normals[at(b)]) < -0.3 || length > 0.5 * o.max_length;
      const bool sags_too_far =
          (one_piece || wedge) && sags[i].sag > o.sag_tolerance && length > 2.0 * o.min_length;
      if (sags_too_far || length > 2.0 * o.max_length) {
        added[candidates[i]] = static_cast<int>(out.mesh.vertices.size());
        out.mesh.vertices.push_back(sags[i].split_point);
        sizes.push_back(size);
        labels.push_back(sags[i].label);
      }
    }
    if (added.empty()) break;
    out.splits += static_cast<int>(added.size());
    out.mesh = splitTriangles(out.mesh, added);
  }
  out.sizes = std::move(sizes);
  return out;
}

std::vector<double> sagSizes(const FeatureConformingMesh& conforming, std::vector<double> sizes,
                             const LabelledBoundary& boundary, const SagRefinementOptions& o) {
  const TriangleMesh& mesh = conforming.mesh;
  const std::vector<Vec> face_normals = faceNormals(mesh);
  const std::vector<Vec> normals = vertexNormals(mesh, face_normals);
  std::set<EdgeKey> chain;
  for (const auto& [a, b] : conforming.features) chain.insert(keyOf(a, b));
  const auto edges = edgesOf(mesh);
  std::vector<EdgeKey> candidates;
  for (const EdgeKey& key :
       sagCandidates(mesh, edges, face_normals, normals, {}, false, o)) {
    if (!chain.count(key)) candidates.push_back(key);
  }
  SagRefinementOptions along_normals = o;
  along_normals.rays = nullptr;  // the split mesh is not radial
  const std::vector<EdgeSag> sags =
      measureSags(mesh, candidates, normals, boundary, along_normals, false);
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const auto [a, b] = candidates[i];
    const double size =
        sizeFromSag((mesh.vertices[at(a)] - mesh.vertices[at(b)]).norm(), sags[i].sag, o);
    sizes[at(a)] = std::min(sizes[at(a)], size);
    sizes[at(b)] = std::min(sizes[at(b)], size);
  }
  return sizes;
}

}  // namespace nsd::mesh::detail
