#include <nsdkit/mesh/body_mesh.hpp>

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
BodyMesh meshImplicitRegion(const std::function<bool(const Eigen::Vector3d&)>& inside,
                            const ImplicitMeshOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!inside) throw InvalidInput("region predicate is empty");
  if (o.resolution < 2 || o.resolution > 400) throw InvalidInput("resolution must be in [2, 400]");
  requirePositive(o.bisection_tolerance, "bisection tolerance");
  requireFinite(o.box_lower, "box lower corner");
  requireFinite(o.box_upper, "box upper corner");
  if (!(o.box_upper.array() > o.box_lower.array()).all()) throw InvalidInput("mesh box is empty");
  const int n = o.resolution;
  const auto n1 = static_cast<std::size_t>(n + 1);
  const Eigen::Vector3d h = (o.box_upper - o.box_lower) / n;
  auto node_index = [&](int i, int jj, int k) {
    return (static_cast<std::size_t>(k) * n1 + static_cast<std::size_t>(jj)) * n1 +
           static_cast<std::size_t>(i);
  };
  auto node_point = [&](std::size_t id) {
    const auto i = static_cast<double>(id % n1), jj = static_cast<double>((id / n1) % n1),
               k = static_cast<double>(id / (n1 * n1));
    return Eigen::Vector3d(o.box_lower[0] + i * h[0], o.box_lower[1] + jj * h[1],
                           o.box_lower[2] + k * h[2]);
  };
  const std::size_t total = n1 * n1 * n1;
  std::vector<char> label(total, 0);
  auto parallel = [&](std::size_t count, const std::function<void(std::size_t)>& f) {
    nsd::parallelFor(count, o.threads, f);
  };
  parallel(total, [&](std::size_t id) { label[id] = inside(node_point(id)) ? 1 : 0; });
  for (std::size_t id = 0; id < total; ++id) {
    const auto i = id % n1, jj = (id / n1) % n1, k = id / (n1 * n1);
    const bool on_box = i == 0 || jj == 0 || k == 0 || i == n1 - 1 || jj == n1 - 1 || k == n1 - 1;
    if (on_box && label[id]) throw InvalidInput("the region touches the mesh box: enlarge the box");
  }
  // Kuhn subdivision: 6 tetrahedra per cube along the diagonal 0 -> 7 (corner bit 1 = +x,
  // 2 = +y, 4 = +z); shared faces are split the same way in neighbouring cubes.
  static const int kTets[6][4] = {{0, 1, 3, 7}, {0, 1, 5, 7}, {0, 2, 3, 7},
                                  {0, 2, 6, 7}, {0, 4, 5, 7}, {0, 4, 6, 7}};
  std::map<std::pair<std::size_t, std::size_t>, int> edge_vertex;
  std::vector<std::pair<std::size_t, std::size_t>> crossing_edges;
  struct Tet {
    std::array<std::size_t, 4> nodes;
  };
  std::vector<Tet> active;
  for (int k = 0; k < n; ++k) {
    for (int jj = 0; jj < n; ++jj) {
      for (int i = 0; i < n; ++i) {
        std::array<std::size_t, 8> c{};
        for (int bit = 0; bit < 8; ++bit) {
          c[static_cast<std::size_t>(bit)] =
              node_index(i + (bit & 1), jj + ((bit >> 1) & 1), k + ((bit >> 2) & 1));
        }
        for (const auto& tet : kTets) {
          Tet t{{c[static_cast<std::size_t>(tet[0])], c[static_cast<std::size_t>(tet[1])],
                 c[static_cast<std::size_t>(tet[2])], c[static_cast<std::size_t>(tet[3])]}};
          int in = 0;
          for (auto v : t.nodes) in += label[v];
          if (in == 0 || in == 4) continue;
          active.push_back(t);
          for (int a = 0; a < 4; ++a) {
            for (int bb = a + 1; bb < 4; ++bb) {
              const auto u = t.nodes[static_cast<std::size_t>(a)],
                         w = t.nodes[static_cast<std::size_t>(bb)];
              if (label[u] == label[w]) continue;
              const auto key = std::minmax(u, w);
              if (edge_vertex.emplace(key, static_cast<int>(crossing_edges.size())).second) {
                crossing_edges.push_back(key);
              }
            }
          }
        }
      }
    }
  }
  // Crossing points by bisection (in parallel), then triangles oriented inside -> outside.
  BodyMesh out;
  out.mesh.vertices.resize(crossing_edges.size());
  parallel(crossing_edges.size(), [&](std::size_t e) {
    Eigen::Vector3d in_point = node_point(crossing_edges[e].first);
    Eigen::Vector3d out_point = node_point(crossing_edges[e].second);
    if (!label[crossing_edges[e].first]) std::swap(in_point, out_point);
    // Bisection in the edge parameter t (point in_point + t (out_point - in_point)).
    const Eigen::Vector3d along = out_point - in_point;
    const double length = along.norm();
    const double t = length <= o.bisection_tolerance
                         ? 0.5
                         : bisect([&](double s) { return inside(in_point + s * along); }, 0.0, 1.0,
                                  o.bisection_tolerance / length)
                               .value;
    out.mesh.vertices[e] = in_point + t * along;
  });
  for (const Tet& t : active) {
    std::vector<std::size_t> ins, outs;
    for (auto v : t.nodes) (label[v] ? ins : outs).push_back(v);
    auto vertex = [&](std::size_t a, std::size_t c) { return edge_vertex.at(std::minmax(a, c)); };
    std::vector<std::array<int, 3>> tris;
    Eigen::Vector3d direction = Eigen::Vector3d::Zero();  // inside -> outside
    for (auto a : ins)
      for (auto c : outs) direction += node_point(c) - node_point(a);
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
      const auto& x = out.mesh.vertices;
      const Eigen::Vector3d nrm =
          (x[static_cast<std::size_t>(tri[1])] - x[static_cast<std::size_t>(tri[0])])
              .cross(x[static_cast<std::size_t>(tri[2])] - x[static_cast<std::size_t>(tri[0])]);
      if (nrm.dot(direction) < 0) std::swap(tri[1], tri[2]);
      if (nrm.squaredNorm() == 0.0) continue;  // degenerate sliver (crossings at a node)
      out.mesh.triangles.push_back(tri);
      out.mesh.face_of_triangle.push_back(-1);
    }
  }
  BodyMeshReport& r = out.report;
  SurfaceMesh sm;
  detail::measureTopology(out.mesh, r, sm);
  r.diameter = (o.box_upper - o.box_lower).norm();
  r.max_vertex_distance = o.bisection_tolerance;
  if (o.measure_distance) detail::measureAgainstPredicate(inside, o, h.minCoeff(), out.mesh, sm, r);
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

}  // namespace nsd::mesh
