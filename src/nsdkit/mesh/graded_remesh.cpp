// Isotropic remeshing towards a sizing field, sharp-edge chains kept (graded_remesh.hpp).
#include <nsdkit/mesh/graded_remesh.hpp>

#include <CGAL/AABB_face_graph_triangle_primitive.h>
#include <CGAL/AABB_segment_primitive.h>
#include <CGAL/AABB_traits.h>
#include <CGAL/AABB_tree.h>
#include <CGAL/Polygon_mesh_processing/compute_normal.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>

#include <nsdkit/core/errors.hpp>

namespace nsd::mesh::detail {

namespace PMP = CGAL::Polygon_mesh_processing;
using Vec = Eigen::Vector3d;

struct SizedReference::Tree {
  using Primitive = CGAL::AABB_face_graph_triangle_primitive<SurfaceMesh>;
  using AabbTree = CGAL::AABB_tree<CGAL::AABB_traits<Kernel, Primitive>>;
  using Segment = Kernel::Segment_3;
  using SegmentPrimitive =
      CGAL::AABB_segment_primitive<Kernel, std::vector<Segment>::const_iterator>;
  using SegmentTree = CGAL::AABB_tree<CGAL::AABB_traits<Kernel, SegmentPrimitive>>;
  SurfaceMesh sm;
  AabbTree tree;
  std::vector<Segment> segments;
  SegmentTree chain_tree;
};

SizedReference::SizedReference(const TriangleMesh& surface, std::vector<double> sizes,
                               const std::vector<std::array<int, 2>>& chains)
    : surface_(surface), sizes_(std::move(sizes)), tree_(std::make_unique<Tree>()) {
  if (sizes_.size() != surface_.vertices.size()) {
    throw InvalidInput("one target edge length per reference vertex is needed");
  }
  StabilityBodyMeshReport topology;
  measureTopology(surface_, topology, tree_->sm);  // keeps the vertex order
  if (!topology.manifold) throw SolverFailure("the remeshing reference is not a 2-manifold");
  tree_->tree.insert(faces(tree_->sm).first, faces(tree_->sm).second, tree_->sm);
  tree_->tree.accelerate_distance_queries();
  for (const auto& [a, b] : chains) {
    const Vec& pa = surface_.vertices.at(static_cast<std::size_t>(a));
    const Vec& pb = surface_.vertices.at(static_cast<std::size_t>(b));
    tree_->segments.emplace_back(toPoint(pa), toPoint(pb));
  }
  if (!tree_->segments.empty()) {
    tree_->chain_tree.insert(tree_->segments.cbegin(), tree_->segments.cend());
    tree_->chain_tree.accelerate_distance_queries();
  }
}

SizedReference::Closest SizedReference::closestOnChain(const Vec& p) const {
  if (tree_->segments.empty()) return closest(p);
  const Vec on_chain = toVec(tree_->chain_tree.closest_point(toPoint(p)));
  return {on_chain, closest(on_chain).size};
}

SizedReference::~SizedReference() = default;

SizedReference::Closest SizedReference::closest(const Vec& p) const {
  const auto [point, face] = tree_->tree.closest_point_and_primitive(toPoint(p));
  const Vec q = toVec(point);
  // Barycentric coordinates of q in the face (q lies on it), clamped against rounding.
  std::array<Vec, 3> x;
  std::array<double, 3> s{};
  std::size_t k = 0;
  for (const auto v : CGAL::vertices_around_face(tree_->sm.halfedge(face), tree_->sm)) {
    if (k < 3) {
      x[k] = surface_.vertices[static_cast<std::size_t>(v)];
      s[k] = sizes_[static_cast<std::size_t>(v)];
    }
    ++k;
  }
  const Vec n = (x[1] - x[0]).cross(x[2] - x[0]);
  const double area2 = n.squaredNorm();
  double size = std::min({s[0], s[1], s[2]});
  if (area2 > 0.0) {
    const double w0 = std::max(0.0, (x[2] - x[1]).cross(q - x[1]).dot(n) / area2);
    const double w1 = std::max(0.0, (x[0] - x[2]).cross(q - x[2]).dot(n) / area2);
    const double w2 = std::max(0.0, (x[1] - x[0]).cross(q - x[0]).dot(n) / area2);
    const double sum = w0 + w1 + w2;
    if (sum > 0.0) size = (w0 * s[0] + w1 * s[1] + w2 * s[2]) / sum;
  }
  return {q, size};
}

std::vector<double> gradedSizes(const TriangleMesh& mesh, std::vector<double> sizes,
                                double gradation) {
  std::vector<std::vector<int>> neighbours(mesh.vertices.size());
  for (const auto& t : mesh.triangles) {
    for (std::size_t e = 0; e < 3; ++e) {
      neighbours[static_cast<std::size_t>(t[e])].push_back(t[(e + 1) % 3]);
      neighbours[static_cast<std::size_t>(t[(e + 1) % 3])].push_back(t[e]);
    }
  }
  using Entry = std::pair<double, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  for (std::size_t v = 0; v < sizes.size(); ++v) queue.emplace(sizes[v], static_cast<int>(v));
  while (!queue.empty()) {
    const auto [size, v] = queue.top();
    queue.pop();
    const auto vi = static_cast<std::size_t>(v);
    if (size > sizes[vi]) continue;
    for (int u : neighbours[vi]) {
      const auto ui = static_cast<std::size_t>(u);
      const double reached = size + gradation * (mesh.vertices[ui] - mesh.vertices[vi]).norm();
      if (reached < sizes[ui]) {
        sizes[ui] = reached;
        queue.emplace(reached, u);
      }
    }
  }
  return sizes;
}

namespace {

using VertexIndex = SurfaceMesh::Vertex_index;
using HalfedgeIndex = SurfaceMesh::Halfedge_index;
using EdgeIndex = SurfaceMesh::Edge_index;
using FaceIndex = SurfaceMesh::Face_index;


/// One remeshing run: the mesh, its reference and each vertex's target length.
class GradedRemesher {
 public:
  GradedRemesher(MarkedMesh& m, const SizedReference& reference)
      : m_(m), sm_(m.sm), reference_(reference) {
    size_ = sm_.add_property_map<VertexIndex, double>("v:graded_size", 0.0).first;
    for (const auto v : sm_.vertices()) size_[v] = reference_.closest(x(v)).size;
  }
  ~GradedRemesher() { sm_.remove_property_map(size_); }
  GradedRemesher(const GradedRemesher&) = delete;
  GradedRemesher& operator=(const GradedRemesher&) = delete;

  void run(int iterations) {
    for (int i = 0; i < iterations; ++i) {
      splitLongEdges();
      collapseShortEdges();
      sm_.collect_garbage();
      equalizeValences();
      relaxAndProject();
    }
  }

 private:
  MarkedMesh& m_;
  SurfaceMesh& sm_;
  const SizedReference& reference_;
  SurfaceMesh::Property_map<VertexIndex, double> size_;

  Vec x(VertexIndex v) const { return toVec(sm_.point(v)); }
  double length(EdgeIndex e) const {
    return (x(sm_.vertex(e, 0)) - x(sm_.vertex(e, 1))).norm();
  }
  double target(VertexIndex a, VertexIndex b) const { return std::min(size_[a], size_[b]); }
  double target(EdgeIndex e) const { return target(sm_.vertex(e, 0), sm_.vertex(e, 1)); }

  int chainEdges(VertexIndex v) const {
    int count = 0;
    for (const auto h : CGAL::halfedges_around_target(sm_.halfedge(v), sm_)) {
      count += m_.sharp[sm_.edge(h)] ? 1 : 0;
    }
    return count;
  }

  void place(VertexIndex v, const Vec& p) {
    const auto c = chainEdges(v) > 0 ? reference_.closestOnChain(p) : reference_.closest(p);
    sm_.point(v) = toPoint(c.point);
    size_[v] = c.size;
  }

  // 1. Edges longer than 4/3 of their target, split at their midpoints (longest first), the
  //    two triangles beside each split in two.
  void splitLongEdges() {
    for (int pass = 0; pass < 8; ++pass) {
      std::vector<std::pair<double, EdgeIndex>> long_edges;
      for (const auto e : sm_.edges()) {
        const double l = length(e);
        if (l > 4.0 / 3.0 * target(e)) long_edges.emplace_back(l, e);
      }
      if (long_edges.empty()) return;
      std::sort(long_edges.begin(), long_edges.end(), std::greater<>());
      for (const auto& [l, e] : long_edges) splitEdge(e);
    }
  }

  void splitEdge(EdgeIndex e) {
    const HalfedgeIndex h = sm_.halfedge(e);
    const Vec middle = 0.5 * (x(sm_.source(h)) + x(sm_.target(h)));
    const bool sharp = m_.sharp[e];
    const HalfedgeIndex added = CGAL::Euler::split_edge(h, sm_);
    const VertexIndex v = sm_.target(added);
    m_.sharp[sm_.edge(added)] = sharp;
    m_.held[v] = false;
    if (!sm_.is_border(added)) CGAL::Euler::split_face(added, sm_.next(sm_.next(added)), sm_);
    const HalfedgeIndex opposite = sm_.opposite(added);
    if (!sm_.is_border(opposite)) {
      CGAL::Euler::split_face(sm_.prev(opposite), sm_.next(opposite), sm_);
    }
    place(v, middle);
  }

  // 2. Edges shorter than 4/5 of their target, collapsed where allowed.
  void collapseShortEdges() {
    for (int pass = 0; pass < 8; ++pass) {
      std::vector<std::pair<double, EdgeIndex>> short_edges;
      for (const auto e : sm_.edges()) {
        const double l = length(e);
        if (l < 0.8 * target(e)) short_edges.emplace_back(l, e);
      }
      int collapsed = 0;
      std::sort(short_edges.begin(), short_edges.end());
      for (const auto& [l, e] : short_edges) {
        if (!sm_.is_removed(e) && length(e) < 0.8 * target(e)) collapsed += collapse(e) ? 1 : 0;
      }
      if (collapsed == 0) return;
    }
  }

  /// Which end of a collapsed edge survives, where it goes, and whether that point is to be
  /// projected onto the reference (both ends free: the midpoint).
  struct Survivor {
    int end = -1;  ///< 0 or 1; -1: the collapse would break a chain or move a held vertex
    Vec position = Vec::Zero();
    bool project = false;
  };

  Survivor survivor(EdgeIndex e) const {
    const VertexIndex a = sm_.vertex(e, 0), b = sm_.vertex(e, 1);
    if (m_.held[a] && m_.held[b]) return {};
    const int ca = chainEdges(a), cb = chainEdges(b);
    if (m_.sharp[e]) {
      // Along a chain: both ends are plain chain vertices, merged at the edge's midpoint.
      if (m_.held[a] || m_.held[b] || ca != 2 || cb != 2) return {};
      return {0, 0.5 * (x(a) + x(b)), false};
    }
    const bool fixed_a = m_.held[a] || ca > 0, fixed_b = m_.held[b] || cb > 0;
    if (fixed_a && fixed_b) return {};  // would shortcut or join chains
    if (fixed_a) return {0, x(a), false};
    if (fixed_b) return {1, x(b), false};
    return {0, 0.5 * (x(a) + x(b)), true};
  }

  bool collapse(EdgeIndex e) {
    const HalfedgeIndex h = sm_.halfedge(e), o = sm_.opposite(h);
    // A chain edge beside the collapsed one would be merged with a plain edge.
    for (const HalfedgeIndex g : {sm_.next(h), sm_.prev(h), sm_.next(o), sm_.prev(o)}) {
      if (m_.sharp[sm_.edge(g)]) return false;
    }
    Survivor s = survivor(e);
    if (s.end < 0 || !CGAL::Euler::does_satisfy_link_condition(e, sm_)) return false;
    const VertexIndex a = sm_.vertex(e, 0), b = sm_.vertex(e, 1);
    const VertexIndex end = s.end == 0 ? a : b;
    const auto projected = reference_.closest(s.position);
    if (s.project) s.position = projected.point;
    const double size = s.position == x(end) ? size_[end] : projected.size;
    if (!acceptable(a, b, s.position, size) || !acceptable(b, a, s.position, size)) return false;
    const bool held = m_.held[end];
    const VertexIndex kept = CGAL::Euler::collapse_edge(e, sm_);
    sm_.point(kept) = toPoint(s.position);
    m_.held[kept] = held;
    size_[kept] = size;
    return true;
  }

  /// Whether moving v (an end of the collapsed edge whose other end is `other`) to `position`
  /// keeps its edges at most 4/3 of their target and turns none of its faces (that survive)
  /// over or flat.
  bool acceptable(VertexIndex v, VertexIndex other, const Vec& position, double size) const {
    for (const auto h : CGAL::halfedges_around_target(sm_.halfedge(v), sm_)) {
      const VertexIndex n = sm_.source(h);
      if (n == other) continue;
      if ((x(n) - position).norm() > 4.0 / 3.0 * std::min(size_[n], size)) return false;
      const FaceIndex f = sm_.face(h);
      if (f == SurfaceMesh::null_face()) continue;
      // Face (n, v, w) with v moved; faces that contain `other` disappear.
      const VertexIndex w = sm_.target(sm_.next(h));
      if (w == other) continue;
      const Vec before = (x(v) - x(n)).cross(x(w) - x(n));
      const Vec after = (position - x(n)).cross(x(w) - x(n));
      if (!(after.norm() > 1e-12 * before.norm()) ||
          after.normalized().dot(before.normalized()) < 0.5) {
        return false;
      }
    }
    return true;
  }

  int valence(VertexIndex v) const { return static_cast<int>(sm_.degree(v)); }

  // 3. Flips towards valence 6, where the two triangles are nearly coplanar (the flip must not
  //    change the surface) and the flip keeps their smallest angle above 60 % of what it was.
  void equalizeValences() {
    for (const auto e : sm_.edges()) {
      if (m_.sharp[e] || sm_.is_border(e)) continue;
      const HalfedgeIndex h = sm_.halfedge(e), o = sm_.opposite(h);
      const VertexIndex a = sm_.source(h), b = sm_.target(h), c = sm_.target(sm_.next(h)),
                        d = sm_.target(sm_.next(o));
      if (c == d || CGAL::halfedge(c, d, sm_).second) continue;
      const auto deviation = [](int va, int vb, int vc, int vd) {
        return (va - 6) * (va - 6) + (vb - 6) * (vb - 6) + (vc - 6) * (vc - 6) +
               (vd - 6) * (vd - 6);
      };
      const int va = valence(a), vb = valence(b), vc = valence(c), vd = valence(d);
      if (va <= 3 || vb <= 3) continue;
      const bool better_valence =
          deviation(va - 1, vb - 1, vc + 1, vd + 1) < deviation(va, vb, vc, vd);
      const bool same_valence =
          deviation(va - 1, vb - 1, vc + 1, vd + 1) == deviation(va, vb, vc, vd);
      if (!better_valence && !same_valence) continue;
      const Vec n1 = (x(b) - x(a)).cross(x(c) - x(a)).normalized();
      const Vec n2 = (x(a) - x(b)).cross(x(d) - x(b)).normalized();
      if (!(n1.dot(n2) > 0.95)) continue;
      const Vec up = n1 + n2;
      if ((x(d) - x(c)).cross(x(a) - x(c)).dot(up) <= 0.0 ||
          (x(c) - x(d)).cross(x(b) - x(d)).dot(up) <= 0.0) {
        continue;
      }
      const double before =
          std::min(smallestAngleDeg(x(a), x(b), x(c)), smallestAngleDeg(x(b), x(a), x(d)));
      const double after =
          std::min(smallestAngleDeg(x(c), x(d), x(a)), smallestAngleDeg(x(d), x(c), x(b)));
      // A flip that keeps the valences must raise the smaller angle (a Delaunay flip).
      if (after < (better_valence ? 0.6 : 1.0) * before + (better_valence ? 0.0 : 1.0)) continue;
      CGAL::Euler::flip_edge(h, sm_);
    }
  }

  // 4. Free vertices to the centroid of their faces (weighted by area over the squared target,
  //    so that small triangles pull as hard as large ones) in their tangent plane, chain
  //    vertices to the middle of their chain neighbours along the chain; then onto the
  //    reference.
  void relaxAndProject() {
    std::vector<std::pair<VertexIndex, Vec>> moved;
    for (const auto v : sm_.vertices()) {
      if (m_.held[v]) continue;
      const Vec p = x(v);
      const int chain = chainEdges(v);
      if (chain == 0) {
        Vec centroid = Vec::Zero();
        double weight = 0.0;
        for (const auto f : CGAL::faces_around_target(sm_.halfedge(v), sm_)) {
          if (f == SurfaceMesh::null_face()) continue;
          Vec c = Vec::Zero();
          double s = 0.0;
          std::array<Vec, 3> corner;
          std::size_t k = 0;
          for (const auto w : CGAL::vertices_around_face(sm_.halfedge(f), sm_)) {
            if (k < 3) corner[k] = x(w);
            c += x(w);
            s += size_[w];
            ++k;
          }
          const double area = 0.5 * (corner[1] - corner[0]).cross(corner[2] - corner[0]).norm();
          const double mean_size = s / static_cast<double>(k);
          const double w = area / (mean_size * mean_size);
          centroid += w * c / static_cast<double>(k);
          weight += w;
        }
        const auto nv = PMP::compute_vertex_normal(v, sm_);
        const Vec n(nv.x(), nv.y(), nv.z());
        if (!(weight > 0.0) || !n.allFinite()) continue;
        const Vec shift = centroid / weight - p;
        moved.emplace_back(v, p + shift - shift.dot(n) * n);
      } else if (chain == 2) {
        std::array<Vec, 2> ends;
        std::size_t k = 0;
        for (const auto h : CGAL::halfedges_around_target(sm_.halfedge(v), sm_)) {
          if (m_.sharp[sm_.edge(h)] && k < 2) ends[k++] = x(sm_.source(h));
        }
        const Vec tangent = (ends[1] - ends[0]).normalized();
        if (!tangent.allFinite()) continue;
        const Vec shift = 0.5 * (ends[0] + ends[1]) - p;
        moved.emplace_back(v, p + shift.dot(tangent) * tangent);
      }
    }
    for (const auto& [v, p] : moved) place(v, p);
  }
};

}  // namespace

void remeshGraded(MarkedMesh& m, const SizedReference& reference, int iterations) {
  GradedRemesher(m, reference).run(iterations);
  m.sm.collect_garbage();
}

}  // namespace nsd::mesh::detail
