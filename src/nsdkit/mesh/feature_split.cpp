// The sharp edges of an implicit set's boundary made edges of a mesh (feature_split.hpp).
#include <nsdkit/mesh/feature_split.hpp>

#include <Eigen/Geometry>
#include <algorithm>
#include <map>
#include <set>

#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/parallel.hpp>

namespace nsd::mesh::detail {

using Vec = Eigen::Vector3d;

Vec LabelledBoundary::project(const Vec& p, const Vec& n) const { return project(p, n, tolerance); }

Vec LabelledBoundary::project(const Vec& p, const Vec& n, double bisection_tolerance) const {
  // The nearest change of the predicate along the normal: outwards from an inside point,
  // inwards from an outside one (then the other way: a normal pointing across a thin wedge),
  // in steps of 1/16 cell over two cells, then bisection in the step that changes.
  const bool in = inside(p);
  const double step = cell / 16.0;
  for (const double sense : {in ? 1.0 : -1.0, in ? -1.0 : 1.0}) {
    for (int k = 1; k <= 32; ++k) {
      if (inside(p + sense * k * step * n) == in) continue;
      const double t = bisect([&](double s) { return inside(p + sense * s * n) == in; },
                              (k - 1) * step, k * step, bisection_tolerance)
                           .value;
      return p + sense * t * n;
    }
  }
  return p;
}

Vec LabelledBoundary::normalAt(const Vec& q, const Vec& n) const { return normalAt(q, n, tolerance); }

Vec LabelledBoundary::normalAt(const Vec& q, const Vec& n, double bisection_tolerance) const {
  // Four boundary points around q, a tenth of a cell away across two tangent directions.
  const Vec t1 = n.unitOrthogonal(), t2 = n.cross(t1);
  const double h = 0.1 * cell;
  const double tol = bisection_tolerance;
  const Vec a = project(q + h * t1, n, tol), b = project(q - h * t1, n, tol);
  const Vec c = project(q + h * t2, n, tol), d = project(q - h * t2, n, tol);
  const Vec normal = (a - b).cross(c - d);
  if (!(normal.squaredNorm() > 0.0)) return n;
  return normal.dot(n) >= 0.0 ? normal.normalized() : Vec(-normal.normalized());
}

Vec LabelledBoundary::closest(const Vec& p, const Vec& n) const {
  // The closest boundary point q has p - q along the boundary's normal at q: the normal is
  // estimated from four boundary points around p (projected along n), and p projected along
  // it. The four points need only 1e-3 cell (1e-2 rad at 0.1 cell apart; the point found along
  // the normal is then bisected to the full tolerance).
  return project(p, normalAt(p, n, std::max(tolerance, 1e-3 * cell)));
}

int LabelledBoundary::labelAt(const Vec& p, const Vec& n) const {
  // Beside an edge a step outside may land where two pieces fail at once (label -1); that wedge
  // narrows to the edge, so shorter steps find the piece unless p is on the edge itself.
  const double step = std::max(1e-4 * cell, 100.0 * tolerance);
  for (const double scale : {1.0, 0.1, 0.01}) {
    const int label = piece(p + std::max(scale * step, 10.0 * tolerance) * n);
    if (label >= 0) return label;
  }
  return -1;
}

Vec LabelledBoundary::edgePoint(Vec a, int la, Vec b, int lb, const Vec& normal) const {
  for (int k = 0; k < 60 && (a - b).norm() > 1e-4 * cell; ++k) {
    const Vec m = project(0.5 * (a + b), normal);
    const int label = labelAt(m, normal);
    if (label == la) {
      a = m;
    } else if (label == lb) {
      b = m;
    } else {
      break;  // a third piece: next to a corner
    }
  }
  return project(0.5 * (a + b), normal);
}

namespace {

/// Stage 1: area-weighted outward vertex normals of the seed mesh.
std::vector<Vec> vertexNormals(const TriangleMesh& seed) {
  std::vector<Vec> normals(seed.vertices.size(), Vec::Zero());
  for (const auto& t : seed.triangles) {
    const Vec& a = seed.vertices[at(t[0])];
    const Vec n = (seed.vertices[at(t[1])] - a).cross(seed.vertices[at(t[2])] - a);
    for (int k : t) normals[at(k)] += n;
  }
  for (Vec& n : normals) n = n.squaredNorm() > 0 ? n.normalized() : Vec::UnitZ();
  return normals;
}

Vec meanDirection(const Vec& a, const Vec& b) {
  const Vec m = a + b;
  return m.squaredNorm() > 1e-12 ? m.normalized() : a;
}

/// Stage 1 (continued): a vertex with no piece (-1) takes the most common piece among its
/// neighbours (passes spreading inwards); then a label that no neighbour shares while at least
/// half of them agree on another is a stray (a normal of the seed pointing inside, a sliver of a
/// piece narrower than a triangle): the vertex takes theirs.
void smoothLabels(const TriangleMesh& seed, std::vector<int>& label) {
  std::vector<std::set<int>> neighbours(seed.vertices.size());
  for (const auto& t : seed.triangles) {
    for (std::size_t e = 0; e < 3; ++e) {
      neighbours[at(t[e])].insert(t[(e + 1) % 3]);
      neighbours[at(t[(e + 1) % 3])].insert(t[e]);
    }
  }
  // No piece (-1): the most common piece among the neighbours, passes spreading inwards.
  for (int pass = 0; pass < 8; ++pass) {
    std::vector<int> next = label;
    bool open = false;
    for (std::size_t v = 0; v < label.size(); ++v) {
      if (label[v] >= 0) continue;
      std::map<int, int> count;
      for (int w : neighbours[v]) {
        if (label[at(w)] >= 0) ++count[label[at(w)]];
      }
      const auto best = std::max_element(count.begin(), count.end(), [](const auto& a, const auto& b) {
        return a.second < b.second;
      });
      if (best != count.end()) next[v] = best->first;
      open = open || best == count.end();
    }
    label = std::move(next);
    if (!open) break;
  }
  for (int pass = 0; pass < 3; ++pass) {
    std::vector<int> next = label;
    for (std::size_t v = 0; v < label.size(); ++v) {
      std::map<int, int> count;
      for (int w : neighbours[v]) ++count[label[at(w)]];
      const auto best = std::max_element(count.begin(), count.end(), [](const auto& a, const auto& b) {
        return a.second < b.second;
      });
      if (best == count.end() || count[label[v]] >= 1) continue;
      if (2 * best->second >= static_cast<int>(neighbours[v].size())) next[v] = best->first;
    }
    label = std::move(next);
  }
}

/// One round of the corner search: triangle p sampled on a kGrid x kGrid barycentric grid (each
/// point projected onto the boundary along `normal` and labelled); the first grid triangle
/// holding three labels, doubled about its centroid, replaces p. False when there is none.
bool zoomOnJunction(const LabelledBoundary& boundary, std::array<Vec, 3>& p, const Vec& normal) {
  constexpr int kGrid = 6;
  const auto node = [&](int i, int j) {
    return Vec(p[0] + (p[1] - p[0]) * (double(i) / kGrid) + (p[2] - p[0]) * (double(j) / kGrid));
  };
  std::map<std::pair<int, int>, int> label;
  const auto label_of = [&](const std::pair<int, int>& ij) {
    const auto found = label.find(ij);
    if (found != label.end()) return found->second;
    const Vec q = boundary.project(node(ij.first, ij.second), normal);
    return label[ij] = boundary.labelAt(q, normal);
  };
  for (int i = 0; i < kGrid; ++i) {
    for (int j = 0; i + j < kGrid; ++j) {
      // The grid triangle (i, j), (i+1, j), (i, j+1) and the one above it.
      const std::array<std::array<std::pair<int, int>, 3>, 2> cells{
          {{{{i, j}, {i + 1, j}, {i, j + 1}}}, {{{i + 1, j}, {i + 1, j + 1}, {i, j + 1}}}}};
      for (std::size_t c = 0; c < (i + j + 1 < kGrid ? 2u : 1u); ++c) {
        const auto& cell = cells[c];
        const int l0 = label_of(cell[0]), l1 = label_of(cell[1]), l2 = label_of(cell[2]);
        if (l0 < 0 || l1 < 0 || l2 < 0 || l0 == l1 || l1 == l2 || l0 == l2) continue;
        std::array<Vec, 3> q{node(cell[0].first, cell[0].second),
                             node(cell[1].first, cell[1].second),
                             node(cell[2].first, cell[2].second)};
        const Vec centre = (q[0] + q[1] + q[2]) / 3.0;
        for (Vec& x : q) x = centre + 2.0 * (x - centre);
        p = q;
        return true;
      }
    }
  }
  return false;
}

/// Stage 3: the corner near a triangle whose vertices carry three different labels. The
/// junction may lie beyond the triangle (its vertices were labelled a step outside, and a seed
/// cuts corners off): the search starts on the triangle enlarged 3, 9 or 27 times about its
/// centroid, the first that holds a junction; then each round (zoomOnJunction) shrinks it to a
/// third, 15 rounds in all.
Vec cornerPoint(const LabelledBoundary& boundary, const std::array<Vec, 3>& triangle,
                const Vec& normal) {
  const Vec start = (triangle[0] + triangle[1] + triangle[2]) / 3.0;
  std::array<Vec, 3> p = triangle;
  bool found = false;
  for (const double scale : {3.0, 9.0, 27.0}) {
    for (std::size_t k = 0; k < 3; ++k) p[k] = start + scale * (triangle[k] - start);
    if ((found = zoomOnJunction(boundary, p, normal))) break;
  }
  if (!found) return boundary.project(start, normal);
  for (int round = 1; round < 15 && zoomOnJunction(boundary, p, normal); ++round) {
  }
  return boundary.project((p[0] + p[1] + p[2]) / 3.0, normal);
}

/// The new vertices of stage 4 before they are located: one per seed edge with two labels,
/// one per triangle with three.
struct SplitPlan {
  std::map<std::pair<int, int>, int> edge_vertex;  ///< seed edge (sorted) -> new vertex
  std::vector<std::pair<int, int>> edges;          ///< new vertex - first -> its seed edge
  std::vector<std::size_t> corner_triangles;       ///< seed triangles with three labels
  std::vector<int> corner_vertex;                  ///< their new vertices
};

SplitPlan planSplit(const TriangleMesh& seed, const std::vector<int>& label) {
  SplitPlan plan;
  int next = static_cast<int>(seed.vertices.size());
  for (std::size_t f = 0; f < seed.triangles.size(); ++f) {
    const auto& t = seed.triangles[f];
    int mixed = 0;
    for (std::size_t e = 0; e < 3; ++e) {
      const int a = t[e], b = t[(e + 1) % 3];
      if (label[at(a)] == label[at(b)]) continue;
      ++mixed;
      if (plan.edge_vertex.emplace(std::minmax(a, b), next).second) {
        plan.edges.push_back(std::minmax(a, b));
        ++next;
      }
    }
    if (mixed == 3) plan.corner_triangles.push_back(f);
  }
  for (std::size_t c = 0; c < plan.corner_triangles.size(); ++c) plan.corner_vertex.push_back(next++);
  return plan;
}

/// Stage 4 for one seed triangle: its pieces, feature edges and corner.
void splitTriangle(const std::array<int, 3>& t, const std::vector<int>& label,
                   const SplitPlan& plan, int corner, const std::vector<Vec>& x,
                   FeatureConformingMesh& out) {
  const auto l = [&](std::size_t k) { return label[at(t[k % 3])]; };
  const auto point_on = [&](int a, int b) { return plan.edge_vertex.at(std::minmax(a, b)); };
  auto& tris = out.mesh.triangles;
  if (l(0) == l(1) && l(1) == l(2)) {
    tris.push_back(t);
    return;
  }
  if (corner >= 0) {
    for (std::size_t k = 0; k < 3; ++k) {
      const int a = t[k], b = t[(k + 1) % 3], p = point_on(a, b);
      tris.push_back({a, p, corner});
      tris.push_back({p, b, corner});
      out.features.push_back({corner, p});
    }
    out.corners.push_back(corner);
    return;
  }
  // Two labels: vertex k is the odd one; the contour runs from edge (k, k+1) to edge (k+2, k).
  std::size_t k = 0;
  while (l(k) == l(k + 1) || l(k) == l(k + 2)) ++k;
  const int a = t[k], b = t[(k + 1) % 3], c = t[(k + 2) % 3];
  const int p = point_on(a, b), q = point_on(c, a);
  tris.push_back({a, p, q});
  // The quad p, b, c, q by its shorter diagonal.
  if ((x[at(p)] - x[at(c)]).squaredNorm() <= (x[at(b)] - x[at(q)]).squaredNorm()) {
    tris.push_back({p, b, c});
    tris.push_back({p, c, q});
  } else {
    tris.push_back({p, b, q});
    tris.push_back({b, c, q});
  }
  out.features.push_back({p, q});
}

}  // namespace

FeatureConformingMesh splitAlongSharpEdges(const LabelledBoundary& boundary,
                                           const TriangleMesh& seed, unsigned threads) {
  // Stage 1.
  const std::vector<Vec> normals = vertexNormals(seed);
  std::vector<int> label(seed.vertices.size());
  parallelFor(seed.vertices.size(), threads, [&](std::size_t v) {
    label[v] = boundary.labelAt(seed.vertices[v], normals[v]);
  });
  smoothLabels(seed, label);
  // Stages 2 and 3: the new vertices located by bisection on the boundary (in parallel).
  const SplitPlan plan = planSplit(seed, label);
  FeatureConformingMesh out;
  out.mesh.vertices = seed.vertices;
  out.mesh.vertices.resize(seed.vertices.size() + plan.edges.size() + plan.corner_vertex.size());
  const std::size_t first_edge_vertex = seed.vertices.size();
  parallelFor(plan.edges.size(), threads, [&](std::size_t e) {
    const auto [a, b] = plan.edges[e];
    // At the scale of the edge: a boundary searched over two cells of the seed's grid could be
    // found through a part thinner than that, on its far side.
    LabelledBoundary local = boundary;
    local.cell = std::min(boundary.cell, (seed.vertices[at(a)] - seed.vertices[at(b)]).norm());
    out.mesh.vertices[first_edge_vertex + e] =
        local.edgePoint(seed.vertices[at(a)], label[at(a)], seed.vertices[at(b)], label[at(b)],
                        meanDirection(normals[at(a)], normals[at(b)]));
  });
  parallelFor(plan.corner_triangles.size(), threads, [&](std::size_t j) {
    const auto& t = seed.triangles[plan.corner_triangles[j]];
    std::array<Vec, 3> p;
    Vec n = Vec::Zero();
    for (std::size_t k = 0; k < 3; ++k) {
      p[k] = seed.vertices[at(t[k])];
      n += normals[at(t[k])];
    }
    LabelledBoundary local = boundary;
    local.cell = std::min({boundary.cell, (p[0] - p[1]).norm(), (p[1] - p[2]).norm(),
                           (p[2] - p[0]).norm()});
    out.mesh.vertices[at(plan.corner_vertex[j])] =
        cornerPoint(local, p, n.squaredNorm() > 0 ? n.normalized() : normals[at(t[0])]);
  });
  // Stage 4.
  std::vector<int> corner_of(seed.triangles.size(), -1);
  for (std::size_t j = 0; j < plan.corner_triangles.size(); ++j) {
    corner_of[plan.corner_triangles[j]] = plan.corner_vertex[j];
  }
  for (std::size_t f = 0; f < seed.triangles.size(); ++f) {
    splitTriangle(seed.triangles[f], label, plan, corner_of[f], out.mesh.vertices, out);
  }
  out.mesh.face_of_triangle.assign(out.mesh.triangles.size(), -1);
  out.label = label;
  out.label.resize(out.mesh.vertices.size(), -1);
  return out;
}

}  // namespace nsd::mesh::detail
