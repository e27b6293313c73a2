// The remeshing stages of the shaped implicit route (sharp_edge_remesh.hpp).
#include <nsdkit/mesh/sharp_edge_remesh.hpp>

#include <CGAL/Polygon_mesh_processing/compute_normal.h>
#include <CGAL/Polygon_mesh_processing/remesh.h>
#include <CGAL/Polygon_mesh_processing/repair_degeneracies.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::mesh::detail {

// At the namespace's scope, as in the folder's other files (one unity batch holds several).
namespace PMP = CGAL::Polygon_mesh_processing;
using Vec = Eigen::Vector3d;

namespace {

using VertexIndex = SurfaceMesh::Vertex_index;
using HalfedgeIndex = SurfaceMesh::Halfedge_index;
using FaceIndex = SurfaceMesh::Face_index;

VertexIndex vertexAt(int i) { return VertexIndex(static_cast<SurfaceMesh::size_type>(i)); }

Vec vertexNormal(const SurfaceMesh& sm, VertexIndex v) {
  const auto n = PMP::compute_vertex_normal(v, sm);
  return {n.x(), n.y(), n.z()};
}

Vec faceNormal(const SurfaceMesh& sm, FaceIndex f) {
  const auto n = PMP::compute_face_normal(f, sm);
  return {n.x(), n.y(), n.z()};
}

/// The remesher's projection: a vertex onto its closest boundary point (LabelledBoundary::
/// closest). Along the vertex normal alone, vertices next to a convex edge that the seed cut off
/// land on the edge itself (the normal there points across it), and gather on the edges.
struct OntoClosest {
  const SurfaceMesh* sm;
  const LabelledBoundary* boundary;
  Point3 operator()(VertexIndex v) const {
    const Vec normal = vertexNormal(*sm, v);
    const Vec p = toVec(sm->point(v));
    return toPoint(normal.allFinite() ? boundary->closest(p, normal) : p);
  }
};

/// Chain ends, junctions and kinks of the split seed's chains (markSharpEdges).
std::vector<int> chainVerticesToHold(const FeatureConformingMesh& conforming, double reach,
                                     double turn_deg) {
  std::vector<std::vector<int>> links(conforming.mesh.vertices.size());
  for (const auto& [a, b] : conforming.features) {
    links[static_cast<std::size_t>(a)].push_back(b);
    links[static_cast<std::size_t>(b)].push_back(a);
  }
  const auto& x = conforming.mesh.vertices;
  const auto at = [&](int i) -> const Vec& { return x[static_cast<std::size_t>(i)]; };
  // The point `reach` along the chain from v through its neighbour `next` (or the chain's end;
  // on a closed chain shorter than that, the point where the walk comes back to v).
  const auto walk = [&](int v, int next) {
    int previous = v;
    while ((at(next) - at(v)).norm() < reach && next != v &&
           links[static_cast<std::size_t>(next)].size() == 2) {
      const auto& l = links[static_cast<std::size_t>(next)];
      const int following = l[0] == previous ? l[1] : l[0];
      previous = next;
      next = following;
    }
    return at(next);
  };
  std::vector<std::pair<double, int>> turning;  // (cosine of the angle at v, v)
  std::vector<int> held;
  std::vector<Vec> held_points;
  for (std::size_t v = 0; v < links.size(); ++v) {
    if (links[v].empty()) continue;
    const int i = static_cast<int>(v);
    if (links[v].size() != 2) {
      held.push_back(i);
      held_points.push_back(x[v]);
      continue;
    }
    const Vec a = walk(i, links[v][0]) - x[v], b = walk(i, links[v][1]) - x[v];
    turning.emplace_back(a.normalized().dot(b.normalized()), i);
  }
  for (int c : conforming.corners) held_points.push_back(at(c));
  std::sort(turning.begin(), turning.end(), std::greater<>());
  const double cos_limit = std::cos((180.0 - turn_deg) * kPi / 180.0);
  for (const auto& [cosine, v] : turning) {
    if (cosine <= cos_limit) break;
    const Vec& p = at(v);
    const auto near = [&](const Vec& q) { return (p - q).norm() < reach; };
    if (std::any_of(held_points.begin(), held_points.end(), near)) continue;
    held.push_back(v);
    held_points.push_back(p);
  }
  return held;
}

bool onChain(const MarkedMesh& m, VertexIndex v) {
  for (const auto h : CGAL::halfedges_around_target(m.sm.halfedge(v), m.sm)) {
    if (m.sharp[m.sm.edge(h)]) return true;
  }
  return false;
}

/// A chain vertex back onto the true edge. Across the chain (normal to it) a point into each of
/// the two fans of faces beside it is projected onto its piece; the edge point is bisected
/// between them and the vertex moves across the chain to it (a slide along the chain would fold
/// the triangles beside it), by at most `reach`. Where the pieces carry one label (they meet
/// smoothly there) it stays.
Vec ontoSharpEdge(const MarkedMesh& m, VertexIndex v, const LabelledBoundary& boundary,
                  double reach) {
  const SurfaceMesh& sm = m.sm;
  std::vector<HalfedgeIndex> chain;  // the two chain halfedges into v: faces on either side
  for (const auto h : CGAL::halfedges_around_target(sm.halfedge(v), sm)) {
    if (m.sharp[sm.edge(h)]) chain.push_back(h);
  }
  const Vec p = toVec(sm.point(v));
  if (chain.size() != 2) return p;
  const Vec tangent =
      (toVec(sm.point(sm.source(chain[0]))) - toVec(sm.point(sm.source(chain[1])))).normalized();
  std::array<Vec, 2> side_point, side_normal;
  for (std::size_t s = 0; s < 2; ++s) {
    const FaceIndex f = sm.face(chain[s]);
    Vec centroid = Vec::Zero();
    for (const auto w : CGAL::vertices_around_face(sm.halfedge(f), sm)) centroid += toVec(sm.point(w));
    Vec across = centroid / 3.0 - p;
    across -= across.dot(tangent) * tangent;
    if (!(across.norm() > 0.0)) return p;
    side_normal[s] = faceNormal(sm, f);
    side_point[s] = boundary.project(p + reach * across.normalized(), side_normal[s]);
  }
  const Vec mean = (side_normal[0] + side_normal[1]).normalized();
  const int la = boundary.labelAt(side_point[0], side_normal[0]);
  const int lb = boundary.labelAt(side_point[1], side_normal[1]);
  if (la == lb || la < 0 || lb < 0 || !mean.allFinite()) return p;
  const Vec q = boundary.edgePoint(side_point[0], la, side_point[1], lb, mean);
  const Vec across = (q - p) - (q - p).dot(tangent) * tangent;
  return across.norm() <= reach ? Vec(p + across) : p;
}

/// Collapses the apex of the triangle left of chain halfedge `h` into the nearer end of h when
/// the triangle is flat (smallest angle under `bound_deg`) and its apex is on no chain.
bool collapseApexOntoChain(MarkedMesh& m, HalfedgeIndex h, double bound_deg) {
  SurfaceMesh& sm = m.sm;
  const auto x = [&](VertexIndex v) { return toVec(sm.point(v)); };
  const VertexIndex a = sm.source(h), b = sm.target(h), c = sm.target(sm.next(h));
  if (sm.is_border(h) || onChain(m, c) || m.held[c] ||
      smallestAngleDeg(x(a), x(b), x(c)) >= bound_deg) {
    return false;
  }
  const VertexIndex end = (x(c) - x(a)).norm() < (x(c) - x(b)).norm() ? a : b;
  const auto e = sm.edge(CGAL::halfedge(c, end, sm).first);
  if (!CGAL::Euler::does_satisfy_link_condition(e, sm)) return false;
  const Point3 kept_point = sm.point(end);
  const bool kept_held = m.held[end];
  const VertexIndex kept = CGAL::Euler::collapse_edge(e, sm);
  sm.point(kept) = kept_point;
  m.held[kept] = kept_held;
  return true;
}

/// One face: flip its longest edge if that is no chain edge and the flip raises the smaller of
/// the two triangles' smallest angles without turning either over; a flat triangle whose longest
/// edge is a chain edge loses its apex into the chain.
bool improveFace(MarkedMesh& m, FaceIndex f, double bound_deg) {
  SurfaceMesh& sm = m.sm;
  const auto x = [&](VertexIndex v) { return toVec(sm.point(v)); };
  const auto length = [&](HalfedgeIndex g) { return (x(sm.target(g)) - x(sm.source(g))).norm(); };
  HalfedgeIndex h = sm.halfedge(f);
  for (const auto g : CGAL::halfedges_around_face(sm.halfedge(f), sm)) {
    if (length(g) > length(h)) h = g;
  }
  if (m.sharp[sm.edge(h)]) return collapseApexOntoChain(m, h, 5.0);
  const VertexIndex a = sm.source(h), b = sm.target(h), c = sm.target(sm.next(h)),
                    d = sm.target(sm.next(sm.opposite(h)));
  if (smallestAngleDeg(x(a), x(b), x(c)) >= bound_deg || CGAL::halfedge(c, d, sm).second) {
    return false;
  }
  const double before =
      std::min(smallestAngleDeg(x(a), x(b), x(c)), smallestAngleDeg(x(b), x(a), x(d)));
  const Vec up = (x(b) - x(a)).cross(x(c) - x(a)).normalized() +
                 (x(a) - x(b)).cross(x(d) - x(b)).normalized();
  if ((x(d) - x(c)).cross(x(a) - x(c)).dot(up) <= 0.0 ||
      (x(c) - x(d)).cross(x(b) - x(d)).dot(up) <= 0.0) {
    return false;
  }
  const double after =
      std::min(smallestAngleDeg(x(c), x(d), x(a)), smallestAngleDeg(x(d), x(c), x(b)));
  if (after <= before) return false;
  CGAL::Euler::flip_edge(h, sm);
  return true;
}

/// The smallest angle of the faces around v [deg].
double smallestAngleAround(const SurfaceMesh& sm, VertexIndex v) {
  double smallest = 180.0;
  for (const auto f : CGAL::faces_around_target(sm.halfedge(v), sm)) {
    if (f == SurfaceMesh::null_face()) continue;
    std::array<Vec, 3> x;
    std::size_t k = 0;
    for (const auto w : CGAL::vertices_around_face(sm.halfedge(f), sm)) {
      if (k < 3) x[k++] = toVec(sm.point(w));
    }
    smallest = std::min(smallest, smallestAngleDeg(x[0], x[1], x[2]));
  }
  return smallest;
}

/// Moves v to the candidate position (each put back onto the boundary by `onto`) that raises
/// the smallest angle around it the most; where none does, v stays.
template <class Onto>
void moveWhereAnglesGrow(SurfaceMesh& sm, VertexIndex v, const std::vector<Vec>& candidates,
                         Onto onto) {
  const Point3 start = sm.point(v);
  double best = smallestAngleAround(sm, v);
  Point3 best_point = start;
  for (const Vec& c : candidates) {
    sm.point(v) = start;
    sm.point(v) = toPoint(onto(c));
    const double angle = smallestAngleAround(sm, v);
    if (angle > best) {
      best = angle;
      best_point = sm.point(v);
    }
  }
  sm.point(v) = best_point;
}

/// A chain vertex (two chain edges) moved along its chain half and all the way to the middle
/// of its chain neighbours, put back onto the true edge, where that raises the smallest angle
/// around it.
void slideAlongChain(MarkedMesh& m, VertexIndex v, const LabelledBoundary& boundary,
                     double edge_length, const std::function<double(const Vec&)>& local_length) {
  SurfaceMesh& sm = m.sm;
  std::vector<Vec> ends;
  for (const auto h : CGAL::halfedges_around_target(sm.halfedge(v), sm)) {
    if (m.sharp[sm.edge(h)]) ends.push_back(toVec(sm.point(sm.source(h))));
  }
  if (ends.size() != 2) return;
  const Vec p = toVec(sm.point(v));
  const Vec tangent = (ends[1] - ends[0]).normalized();
  if (!tangent.allFinite()) return;
  const double along = (0.5 * (ends[0] + ends[1]) - p).dot(tangent);
  LabelledBoundary near = boundary;
  near.cell = local_length ? local_length(p) : edge_length;
  moveWhereAnglesGrow(sm, v, {p + 0.5 * along * tangent, p + along * tangent},
                      [&](const Vec& c) {
                        sm.point(v) = toPoint(c);
                        return ontoSharpEdge(m, v, near, 0.5 * near.cell);
                      });
}

/// The free vertices (on no chain, not held) of triangles under 25 degrees, each moved to the
/// mean of its neighbours in its tangent plane and projected onto the boundary along its
/// normal, where that raises the smallest angle around it (three rounds). Settling moves
/// vertices along their normals, which can leave a few triangles flatter than the remeshing
/// made them.
void polishSmallAngles(MarkedMesh& m, const LabelledBoundary& boundary, double edge_length,
                       const std::function<double(const Vec&)>& local_length) {
  SurfaceMesh& sm = m.sm;
  for (int round = 0; round < 3; ++round) {
    std::vector<VertexIndex> candidates;
    for (const auto f : sm.faces()) {
      std::array<Vec, 3> x;
      std::array<VertexIndex, 3> v;
      std::size_t k = 0;
      for (const auto w : CGAL::vertices_around_face(sm.halfedge(f), sm)) {
        if (k < 3) {
          v[k] = w;
          x[k++] = toVec(sm.point(w));
        }
      }
      if (smallestAngleDeg(x[0], x[1], x[2]) >= 30.0) continue;
      for (const auto w : v) {
        if (!m.held[w]) candidates.push_back(w);
      }
    }
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    if (candidates.empty()) return;
    for (const auto v : candidates) {
      if (onChain(m, v)) {
        slideAlongChain(m, v, boundary, edge_length, local_length);
        continue;
      }
      const Vec p = toVec(sm.point(v));
      const Vec normal = vertexNormal(sm, v);
      if (!normal.allFinite()) continue;
      // Candidate positions: the mean of the neighbours, and for each flat triangle at v half
      // way to where v would make it equilateral over its opposite edge.
      std::vector<Vec> targets;
      Vec mean = Vec::Zero();
      double count = 0.0;
      for (const auto h : CGAL::halfedges_around_target(sm.halfedge(v), sm)) {
        mean += toVec(sm.point(sm.source(h)));
        count += 1.0;
        if (sm.is_border(h)) continue;
        const Vec a = toVec(sm.point(sm.target(sm.next(h)))), b = toVec(sm.point(sm.source(h)));
        if (smallestAngleDeg(p, a, b) >= 25.0) continue;
        const Vec middle = 0.5 * (a + b);
        Vec across = (p - middle) - (p - middle).dot((b - a).normalized()) * (b - a).normalized();
        if (!(across.norm() > 0.0)) continue;
        targets.push_back(0.5 * (p + middle + std::sqrt(3.0) / 2.0 * (b - a).norm() *
                                                  across.normalized()));
      }
      if (count > 0.0) targets.push_back(mean / count);
      LabelledBoundary near = boundary;
      near.cell = local_length ? local_length(p) : edge_length;
      moveWhereAnglesGrow(sm, v, targets, [&](const Vec& t) {
        const Vec shift = t - p;
        return near.project(p + shift - shift.dot(normal) * normal, normal);
      });
    }
  }
}

}  // namespace

TriangleMesh shapeSeed(const TriangleMesh& seed, const LabelledBoundary& boundary,
                       double edge_length, int iterations) {
  SurfaceMesh sm;
  StabilityBodyMeshReport topology;
  measureTopology(seed, topology, sm);
  // The seed cuts edges and corners off by up to about a grid cell: its vertices are projected
  // within one cell of the seed's grid (boundary.cell), or two edge lengths if longer (two
  // cells let some vertices of the paper's ball reach past thin parts: its volume 0.5 % high).
  // The shaped seed's vertices only need to be near the boundary (the split locates its edge
  // points anew, the last stage settles every vertex): 1e-4 edge lengths.
  LabelledBoundary near = boundary;
  near.cell = std::max(0.5 * boundary.cell, edge_length);
  near.tolerance = std::max(boundary.tolerance, 1e-4 * edge_length);
  PMP::isotropic_remeshing(faces(sm), edge_length, sm,
                           CGAL::parameters::number_of_iterations(static_cast<unsigned>(iterations))
                               .number_of_relaxation_steps(3)
                               .projection_functor(OntoClosest{&sm, &near}));
  sm.collect_garbage();
  return toTriangleMesh(sm);
}

void markSharpEdges(const FeatureConformingMesh& conforming, double edge_length, MarkedMesh& m) {
  StabilityBodyMeshReport topology;
  measureTopology(conforming.mesh, topology, m.sm);  // keeps the vertex order
  if (!topology.closed || !topology.manifold) {
    throw SolverFailure("the seed split along its sharp edges is not a closed 2-manifold");
  }
  m.sharp = m.sm.add_property_map<SurfaceMesh::Edge_index, bool>("e:sharp", false).first;
  m.held = m.sm.add_property_map<VertexIndex, bool>("v:held", false).first;
  for (const auto& [a, b] : conforming.features) {
    const auto h = CGAL::halfedge(vertexAt(a), vertexAt(b), m.sm);
    if (h.second) m.sharp[m.sm.edge(h.first)] = true;
  }
  for (int c : conforming.corners) m.held[vertexAt(c)] = true;
  for (int v : chainVerticesToHold(conforming, 2.0 * edge_length, 40.0)) m.held[vertexAt(v)] = true;
}

void settleOntoBoundary(MarkedMesh& m, const LabelledBoundary& boundary, double edge_length,
                        const std::function<double(const Vec&)>& local_length) {
  std::vector<std::pair<VertexIndex, Vec>> moved;
  for (const auto v : m.sm.vertices()) {
    if (m.held[v]) continue;
    const Vec p = toVec(m.sm.point(v));
    LabelledBoundary near = boundary;
    near.cell = local_length ? local_length(p) : edge_length;
    const double reach = 0.5 * near.cell;
    if (onChain(m, v)) {
      moved.emplace_back(v, ontoSharpEdge(m, v, near, reach));
      continue;
    }
    const Vec normal = vertexNormal(m.sm, v);
    if (!normal.allFinite()) continue;
    const Vec q = near.project(p, normal);
    if ((q - p).norm() <= reach) moved.emplace_back(v, q);
  }
  for (const auto& [v, p] : moved) m.sm.point(v) = toPoint(p);
  for (int pass = 0; pass < 4; ++pass) {
    bool changed = false;
    for (const auto f : m.sm.faces()) changed = improveFace(m, f, 30.0) || changed;
    if (!changed) break;
  }
  m.sm.collect_garbage();
  // Needles (longest edge over three times the shortest) lose their short edge into one of its
  // ends, caps (an angle over 140 degrees) their long edge by a flip; the chains and held
  // vertices stay, and every vertex kept is still on the boundary.
  PMP::experimental::remove_almost_degenerate_faces(
      faces(m.sm), m.sm, std::cos(140.0 * kPi / 180.0), 3.0, edge_length,
      CGAL::parameters::edge_is_constrained_map(m.sharp)
          .vertex_is_constrained_map(m.held)
          .flip_triangle_height_threshold(edge_length));
  m.sm.collect_garbage();
  polishSmallAngles(m, boundary, edge_length, local_length);
}

TriangleMesh toTriangleMesh(const SurfaceMesh& sm) {
  TriangleMesh mesh;
  std::vector<int> index(sm.number_of_vertices() + sm.number_of_removed_vertices(), -1);
  for (const auto v : sm.vertices()) {
    index[static_cast<std::size_t>(v)] = static_cast<int>(mesh.vertices.size());
    mesh.vertices.push_back(toVec(sm.point(v)));
  }
  for (const auto f : sm.faces()) {
    std::array<int, 3> t{};
    std::size_t k = 0;
    for (const auto v : CGAL::vertices_around_face(sm.halfedge(f), sm)) {
      if (k < 3) t[k] = index[static_cast<std::size_t>(v)];
      ++k;
    }
    if (k != 3) throw SolverFailure("the remeshed surface has a face that is not a triangle");
    mesh.triangles.push_back(t);
  }
  mesh.face_of_triangle.assign(mesh.triangles.size(), -1);
  return mesh;
}

std::vector<bool> heldVertices(const MarkedMesh& m) {
  std::vector<bool> held;
  for (const auto v : m.sm.vertices()) held.push_back(m.held[v]);
  return held;
}

}  // namespace nsd::mesh::detail
