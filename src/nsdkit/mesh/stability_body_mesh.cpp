#include <nsdkit/mesh/stability_body_mesh.hpp>

#include <CGAL/AABB_face_graph_triangle_primitive.h>
#include <CGAL/AABB_traits.h>
#include <CGAL/AABB_tree.h>
#include <CGAL/boost/graph/IO/polygon_mesh_io.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/mesh/mesh_measures.hpp>

namespace nsd::mesh {

using detail::SurfaceMesh;
using K = detail::Kernel;
using Point3 = detail::Point3;
namespace {

using InsidePredicate = std::function<bool(const Eigen::Vector3d&)>;

void requireValid(const InsidePredicate& inside, const ImplicitMeshOptions& o) {
  if (!inside) throw InvalidInput("region predicate is empty");
  if (o.resolution < 2 || o.resolution > 400) throw InvalidInput("resolution must be in [2, 400]");
  requirePositive(o.bisection_tolerance, "bisection tolerance");
  requireFinite(o.box_lower, "box lower corner");
  requireFinite(o.box_upper, "box upper corner");
  if (!(o.box_upper.array() > o.box_lower.array()).all()) throw InvalidInput("mesh box is empty");
}

// The (n + 1)^3 nodes of the box's grid, node id = (k (n + 1) + j) (n + 1) + i, with their
// inside labels.
struct NodeGrid {
  int n = 0;
  std::size_t n1 = 0;
  Eigen::Vector3d lower, step;  // [units of the region's coordinates]
  std::vector<char> label;      // 1 inside

  std::size_t index(int i, int j, int k) const {
    return (static_cast<std::size_t>(k) * n1 + static_cast<std::size_t>(j)) * n1 +
           static_cast<std::size_t>(i);
  }
  Eigen::Vector3d point(std::size_t id) const {
    const auto i = static_cast<double>(id % n1), j = static_cast<double>((id / n1) % n1),
               k = static_cast<double>(id / (n1 * n1));
    return {lower[0] + i * step[0], lower[1] + j * step[1], lower[2] + k * step[2]};
  }
  std::size_t size() const { return n1 * n1 * n1; }
};

// Labels every node (in parallel); a node on the box inside the region is an error.
NodeGrid labelNodes(const InsidePredicate& inside, const ImplicitMeshOptions& o) {
  NodeGrid g;
  g.n = o.resolution;
  g.n1 = static_cast<std::size_t>(g.n + 1);
  g.lower = o.box_lower;
  g.step = (o.box_upper - o.box_lower) / g.n;
  g.label.assign(g.size(), 0);
  nsd::parallelFor(g.size(), o.threads,
                   [&](std::size_t id) { g.label[id] = inside(g.point(id)) ? 1 : 0; });
  const std::size_t last = g.n1 - 1;
  for (std::size_t id = 0; id < g.size(); ++id) {
    const auto i = id % g.n1, j = (id / g.n1) % g.n1, k = id / (g.n1 * g.n1);
    const bool on_box = i == 0 || j == 0 || k == 0 || i == last || j == last || k == last;
    if (on_box && g.label[id]) {
      throw InvalidInput("the region touches the mesh box: enlarge the box");
    }
  }
  return g;
}

using Edge = std::pair<std::size_t, std::size_t>;  // node ids, smaller first

// The tetrahedra of the Kuhn subdivision that the boundary crosses (mixed labels), and their
// crossing edges, each numbered once (the mesh vertex it will carry).
struct CrossedTetrahedra {
  std::vector<std::array<std::size_t, 4>> tets;
  std::map<Edge, int> vertex_of_edge;
  std::vector<Edge> edges;
};

// Kuhn subdivision: 6 tetrahedra per cube along the diagonal 0 -> 7 (corner bit 1 = +x,
// 2 = +y, 4 = +z); shared faces are split the same way in neighbouring cubes.
CrossedTetrahedra findCrossedTetrahedra(const NodeGrid& g) {
  static const int kTets[6][4] = {{0, 1, 3, 7}, {0, 1, 5, 7}, {0, 2, 3, 7},
                                  {0, 2, 6, 7}, {0, 4, 5, 7}, {0, 4, 6, 7}};
  CrossedTetrahedra out;
  const auto add = [&](const std::array<std::size_t, 4>& t) {
    int in = 0;
    for (auto v : t) in += g.label[v];
    if (in == 0 || in == 4) return;
    out.tets.push_back(t);
    for (std::size_t a = 0; a < 4; ++a) {
      for (std::size_t b = a + 1; b < 4; ++b) {
        if (g.label[t[a]] == g.label[t[b]]) continue;
        const Edge key = std::minmax(t[a], t[b]);
        if (out.vertex_of_edge.emplace(key, static_cast<int>(out.edges.size())).second) {
          out.edges.push_back(key);
        }
      }
    }
  };
  for (int k = 0; k < g.n; ++k) {
    for (int j = 0; j < g.n; ++j) {
      for (int i = 0; i < g.n; ++i) {
        std::array<std::size_t, 8> c{};
        for (int bit = 0; bit < 8; ++bit) {
          c[static_cast<std::size_t>(bit)] =
              g.index(i + (bit & 1), j + ((bit >> 1) & 1), k + ((bit >> 2) & 1));
        }
        for (const auto& tet : kTets) {
          add({c[static_cast<std::size_t>(tet[0])], c[static_cast<std::size_t>(tet[1])],
               c[static_cast<std::size_t>(tet[2])], c[static_cast<std::size_t>(tet[3])]});
        }
      }
    }
  }
  return out;
}

// The boundary point on each crossing edge, by bisection of the predicate (in parallel) to the
// options' tolerance.
std::vector<Eigen::Vector3d> locateCrossings(const InsidePredicate& inside, const NodeGrid& g,
                                             const std::vector<Edge>& edges,
                                             const ImplicitMeshOptions& o) {
  std::vector<Eigen::Vector3d> points(edges.size());
  nsd::parallelFor(edges.size(), o.threads, [&](std::size_t e) {
    Eigen::Vector3d in_point = g.point(edges[e].first);
    Eigen::Vector3d out_point = g.point(edges[e].second);
    if (!g.label[edges[e].first]) std::swap(in_point, out_point);
    // Bisection in the edge parameter t (point in_point + t (out_point - in_point)).
    const Eigen::Vector3d along = out_point - in_point;
    const double length = along.norm();
    const double t = length <= o.bisection_tolerance
                         ? 0.5
                         : bisect([&](double s) { return inside(in_point + s * along); }, 0.0, 1.0,
                                  o.bisection_tolerance / length)
                               .value;
    points[e] = in_point + t * along;
  });
  return points;
}

// The boundary's triangles in each crossed tetrahedron (one for a 1-3 split, two for 2-2),
// oriented inside -> outside; slivers of zero area (crossings at a node) dropped.
void triangulateCrossedTetrahedra(const NodeGrid& g, const CrossedTetrahedra& crossed,
                                  TriangleMesh& mesh) {
  for (const auto& t : crossed.tets) {
    std::vector<std::size_t> ins, outs;
    for (auto v : t) (g.label[v] ? ins : outs).push_back(v);
    auto vertex = [&](std::size_t a, std::size_t c) {
      return crossed.vertex_of_edge.at(std::minmax(a, c));
    };
    std::vector<std::array<int, 3>> tris;
    Eigen::Vector3d direction = Eigen::Vector3d::Zero();  // inside -> outside
    for (auto a : ins)
      for (auto c : outs) direction += g.point(c) - g.point(a);
    if (ins.size() == 1) {
      tris.push_back({vertex(ins[0], outs[0]), vertex(ins[0], outs[1]), vertex(ins[0], outs[2])});
    } else if (ins.size() == 3) {
      tris.push_back({vertex(outs[0], ins[0]), vertex(outs[0], ins[1]), vertex(outs[0], ins[2])});
    } else {
      const int a = vertex(ins[0], outs[0]), c = vertex(ins[0], outs[1]);
      const int d = vertex(ins[1], outs[1]), e = vertex(ins[1], outs[0]);
      tris.push_back({a, c, d});
      tris.push_back({a, d, e});
    }
    for (auto tri : tris) {
      const auto& x = mesh.vertices;
      const Eigen::Vector3d nrm =
          (x[static_cast<std::size_t>(tri[1])] - x[static_cast<std::size_t>(tri[0])])
              .cross(x[static_cast<std::size_t>(tri[2])] - x[static_cast<std::size_t>(tri[0])]);
      if (nrm.dot(direction) < 0) std::swap(tri[1], tri[2]);
      if (nrm.squaredNorm() == 0.0) continue;  // degenerate sliver (crossings at a node)
      mesh.triangles.push_back(tri);
      mesh.face_of_triangle.push_back(-1);
    }
  }
}

}  // namespace

// A pipeline: the grid's labels, the crossed tetrahedra of its Kuhn subdivision, the crossing
// points by bisection, their triangles (marching tetrahedra), and the mesh's measures.
StabilityBodyMesh meshImplicitRegion(const InsidePredicate& inside, const ImplicitMeshOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  requireValid(inside, o);
  const NodeGrid grid = labelNodes(inside, o);
  const CrossedTetrahedra crossed = findCrossedTetrahedra(grid);
  StabilityBodyMesh out;
  out.mesh.vertices = locateCrossings(inside, grid, crossed.edges, o);
  triangulateCrossedTetrahedra(grid, crossed, out.mesh);
  StabilityBodyMeshReport& r = out.report;
  SurfaceMesh sm;
  detail::measureTopology(out.mesh, r, sm);
  r.diameter = (o.box_upper - o.box_lower).norm();
  r.max_vertex_distance = o.bisection_tolerance;
  if (o.measure_distance) {
    detail::measureAgainstPredicate(inside, o, grid.step.minCoeff(), out.mesh, sm, r);
  }
  r.min_angle_deg = detail::minAngle(out.mesh);
  r.min_angle_away_from_corners_deg = r.min_angle_deg;
  r.corners = -1;
  r.sharp_edges = -1;  // not preserved: best effort on a grid
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

void writeMesh(const TriangleMesh& mesh, const std::string& path, const std::string& format) {
  if (format != "off" && format != "ply" && format != "obj" && format != "stl") {
    throw InvalidInput("unknown mesh format '" + format + "' (off|ply|obj|stl)");
  }
  SurfaceMesh sm;
  std::vector<SurfaceMesh::Vertex_index> vs;
  for (const auto& v : mesh.vertices) vs.push_back(sm.add_vertex(Point3(v[0], v[1], v[2])));
  for (const auto& t : mesh.triangles) {
    sm.add_face(vs[static_cast<std::size_t>(t[0])], vs[static_cast<std::size_t>(t[1])],
                vs[static_cast<std::size_t>(t[2])]);
  }
  // CGAL's stream writers, through nsdkit's one atomic writer (opened in binary mode): PLY and
  // STL binary, as CGAL's file writers make them, OFF and OBJ as text with 17 digits.
  const auto np = CGAL::parameters::stream_precision(17);
  writeFileAtomically(path, [&](std::ostream& out) {
    bool ok = false;
    if (format == "off") ok = CGAL::IO::write_OFF(out, sm, np);
    if (format == "ply" || format == "stl") CGAL::IO::set_binary_mode(out);
    if (format == "ply") ok = CGAL::IO::write_PLY(out, sm, np.use_binary_mode(true));
    if (format == "obj") ok = CGAL::IO::write_OBJ(out, sm, np);
    if (format == "stl") ok = CGAL::IO::write_STL(out, sm, np.use_binary_mode(true));
    if (!ok)
      throw InvalidInput("CGAL could not write the mesh as " + format + " to '" + path + "'");
  });
}

void writeTriangleConditionsCsv(const TriangleMesh& mesh, std::ostream& out) {
  out << "condition,face,x0,y0,z0,x1,y1,z1,x2,y2,z2\n";
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    out << (t < mesh.condition_of_triangle.size()
                ? stability_body::toString(mesh.condition_of_triangle[t])
                : std::string("realizable"))
        << ',' << (t < mesh.face_of_triangle.size() ? mesh.face_of_triangle[t] : 0);
    for (const int v : mesh.triangles[t]) {
      const Eigen::Vector3d& x = mesh.vertices[static_cast<std::size_t>(v)];
      out << ',' << formatValue(x[0]) << ',' << formatValue(x[1]) << ',' << formatValue(x[2]);
    }
    out << '\n';
  }
}

}  // namespace nsd::mesh
