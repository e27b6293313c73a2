// The exact route's mesh assembly after the curved faces (exact_faces_assembly.hpp): key points,
// tetrahedron edges, planar faces (CGAL constrained Delaunay), the exact volume, compaction.
#include <nsdkit/mesh/exact_faces_assembly.hpp>

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Delaunay_mesh_face_base_2.h>
#include <CGAL/Delaunay_mesh_size_criteria_2.h>
#include <CGAL/Delaunay_mesh_vertex_base_2.h>
#include <CGAL/Delaunay_mesher_no_edge_refinement_2.h>
#include <CGAL/centroid.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <list>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/mesh/mesh_measures.hpp>

namespace nsd::mesh::detail {
namespace {

using K = detail::Kernel;
using Vb = CGAL::Delaunay_mesh_vertex_base_2<K>;
using Fb = CGAL::Delaunay_mesh_face_base_2<K>;
using Tds = CGAL::Triangulation_data_structure_2<Vb, Fb>;
using CDT = CGAL::Constrained_Delaunay_triangulation_2<K, Tds, CGAL::Exact_predicates_tag>;
using Criteria = CGAL::Delaunay_mesh_size_criteria_2<CDT>;
using PlanarFaceMesher = CGAL::Delaunay_mesher_no_edge_refinement_2<CDT, Criteria>;

// Gauss-Legendre nodes and weights on [-1, 1], 8 points.
constexpr std::array<double, 8> kGaussNodes{
    -0.9602898564975363, -0.7966664774136267, -0.5255324099163290, -0.1834346424956498,
    0.1834346424956498,  0.5255324099163290,  0.7966664774136267,  0.9602898564975363};
constexpr std::array<double, 8> kGaussWeights{
    0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.3626837833783620,
    0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763};

// Composite 8-point Gauss-Legendre of f over [a, b] in `panels` panels.
template <class F>
auto gaussLegendre(const F& f, double a, double b, int panels) {
  const double h = (b - a) / panels;
  decltype(f(a)) sum = f(a) * 0.0;
  for (int k = 0; k < panels; ++k) {
    const double mid = a + (k + 0.5) * h;
    for (std::size_t i = 0; i < 8; ++i)
      sum += (0.5 * h * kGaussWeights[i]) * f(mid + 0.5 * h * kGaussNodes[i]);
  }
  return sum;
}

// The flux of x through a curved face, the integral of x . (x_theta+ x x_theta-) over its
// rectangle (exact partials), times its orientation sign.
double curvedFlux(const StabilityBodyFaces& f, const CurvedFace& face, int panels) {
  const SlipAngleRectangle& r = f.curved[face.rectangle].angles;
  return face.orientation * gaussLegendre(
                                [&](double tm) {
                                  return gaussLegendre(
                                      [&](double tp) {
                                        const SurfacePoint p =
                                            slipSlipBoundaryPointWithPartials(f, tp, tm);
                                        return p.x.dot(p.dx_dtheta_plus.cross(p.dx_dtheta_minus));
                                      },
                                      r.plus_lower, r.plus_upper, panels);
                                },
                                r.minus_lower, r.minus_upper, panels);
}

// The integral of x x dx along a rectangle's side from the slip angles of vertex u to those of
// vertex v (the side runs along one angle).
Eigen::Vector3d sideCrossIntegral(const StabilityBodyFaces& f, const Eigen::Vector3d& u,
                                  const Eigen::Vector3d& v, int panels) {
  const bool along_minus = u[0] == v[0];  // theta+ fixed: the side runs along theta-
  const double from = along_minus ? u[1] : u[0], to = along_minus ? v[1] : v[0];
  return gaussLegendre(
      [&](double t) -> Eigen::Vector3d {
        const SurfacePoint p = along_minus ? slipSlipBoundaryPointWithPartials(f, u[0], t)
                                           : slipSlipBoundaryPointWithPartials(f, t, u[1]);
        return p.x.cross(along_minus ? p.dx_dtheta_minus : p.dx_dtheta_plus);
      },
      from, to, panels);
}

}  // namespace

// Stage 2: key points: rectangle corners and tetrahedron vertices, merged where they coincide.
void mergeKeyPoints(FacesAssembly& fa) {
  const StabilityBodyFaces& f = fa.f;
  Assembly& b = fa.b;
  auto& curved = fa.curved;
  auto& keys = fa.keys;
  const double on_plane_tolerance = fa.on_plane_tolerance;
  auto key_of = [&](int v) {
    for (int k : keys) {
      if ((b.at(k) - b.at(v)).norm() <= on_plane_tolerance) return k;
    }
    keys.push_back(v);
    return v;
  };
  for (auto& face : curved) {
    std::map<int, int> merged;
    for (auto& side : face.sides) {
      for (int* end : {&side.front(), &side.back()}) {
        const int k = key_of(*end);
        if (k != *end) merged[*end] = k;
        *end = k;
      }
    }
    for (auto& tri : face.triangles) {
      for (int& v : tri) {
        const auto it = merged.find(v);
        if (it != merged.end()) v = it->second;
      }
    }
  }
  for (int k = 0; k < 4; ++k) {
    fa.tet_vertex[static_cast<std::size_t>(k)] = key_of(b.addVertex(
        f.tetrahedron_vertices[static_cast<std::size_t>(k)], Eigen::Vector3d::Constant(NAN), true));
  }

}

// Stage 3: the spacing at each key point: the shortest side segment at it (curved faces).
void measureKeySpacing(FacesAssembly& fa) {
  Assembly& b = fa.b;
  auto& curved = fa.curved;
  auto& spacing = fa.spacing;
  double& mean_spacing = fa.mean_spacing;
  const double diameter = fa.diameter;
  int spacing_count = 0;
  for (const auto& face : curved) {
    for (const auto& side : face.sides) {
      for (std::size_t k = 0; k + 1 < side.size(); ++k) {
        mean_spacing += (b.at(side[k + 1]) - b.at(side[k])).norm();
        ++spacing_count;
      }
      for (const auto& [corner, next] : {std::make_pair(side.front(), side[1]),
                                         std::make_pair(side.back(), side[side.size() - 2])}) {
        const double length = (b.at(next) - b.at(corner)).norm();
        auto it = spacing.find(corner);
        if (it == spacing.end()) {
          spacing[corner] = length;
        } else {
          it->second = std::min(it->second, length);
        }
      }
    }
  }
  mean_spacing = spacing_count > 0 ? mean_spacing / spacing_count : 0.02 * diameter;

}

// Stage 4: the tetrahedron's edges (k, l), through the key points on both planes, graded between
// them; pieces off the body are left whole and recorded.
void discretizeTetrahedronEdges(FacesAssembly& fa, const TwoContactFamily& family) {
  const StabilityBodyFaces& f = fa.f;
  Assembly& b = fa.b;
  const auto& keys = fa.keys;
  const auto& tet_vertex = fa.tet_vertex;
  const auto& spacing = fa.spacing;
  const double mean_spacing = fa.mean_spacing, on_plane_tolerance = fa.on_plane_tolerance;
  const double probe = fa.probe;
  auto& edge_points = fa.edge_points;
  auto& off_body = fa.off_body;
  auto on_plane = [&](int v, int k) { return fa.onPlane(v, k); };
  const Eigen::Vector3d tet_centroid =
      0.25 * (f.tetrahedron_vertices[0] + f.tetrahedron_vertices[1] + f.tetrahedron_vertices[2] +
              f.tetrahedron_vertices[3]);
  for (int k = 0; k < 4; ++k) {
    for (int l = k + 1; l < 4; ++l) {
      std::vector<int> on_edge;
      for (int key : keys) {
        if (on_plane(key, k) && on_plane(key, l)) on_edge.push_back(key);
      }
      int ends[2], count = 0;
      for (int m = 0; m < 4; ++m) {
        if (m != k && m != l) ends[count++] = tet_vertex[static_cast<std::size_t>(m)];
      }
      const Eigen::Vector3d a = b.at(ends[0]), direction = b.at(ends[1]) - a;
      std::sort(on_edge.begin(), on_edge.end(), [&](int u, int v) {
        return (b.at(u) - a).dot(direction) < (b.at(v) - a).dot(direction);
      });
      auto spacing_at = [&](int v) {
        const auto it = spacing.find(v);
        return it != spacing.end() ? it->second : -1.0;
      };
      std::vector<int> points{on_edge.front()};
      for (std::size_t m = 0; m + 1 < on_edge.size(); ++m) {
        const int u = on_edge[m], v = on_edge[m + 1];
        const double length = (b.at(v) - b.at(u)).norm();
        // Pieces of the edge off the body (Def 11 fails just inside the tetrahedron at five
        // points along them) are never meshed: left whole.
        bool on_body = false;
        for (int q = 1; q <= 5 && !on_body && length > on_plane_tolerance; ++q) {
          const Eigen::Vector3d x = b.at(u) + (b.at(v) - b.at(u)) * (q / 6.0);
          on_body = realizableAt(family, x + probe * (tet_centroid - x).normalized());
        }
        if (!on_body) {
          off_body.emplace(std::min(u, v), std::max(u, v));
          points.push_back(v);
          continue;
        }
        double h0 = spacing_at(u), h1 = spacing_at(v);
        if (h0 < 0) h0 = h1 > 0 ? h1 : mean_spacing;
        if (h1 < 0) h1 = h0;
        h0 = std::clamp(h0, 0.05 * mean_spacing, 4.0 * mean_spacing);
        h1 = std::clamp(h1, 0.05 * mean_spacing, 4.0 * mean_spacing);
        const double slope = (h1 - h0) / length;
        const bool uniform = std::fabs(slope) < 1e-9;
        const double total = uniform ? length / h0 : std::log(h1 / h0) / slope;
        if (!(total < 1e5)) {
          throw SolverFailure("a tetrahedron edge of the body needs more than 1e5 points");
        }
        const int n = std::max(1, static_cast<int>(std::lround(total)));
        for (int q = 1; q < n; ++q) {
          const double w = total * q / n;
          const double s = uniform ? w * h0 : h0 * std::expm1(slope * w) / slope;
          points.push_back(b.addVertex(b.at(u) + (b.at(v) - b.at(u)) * (s / length),
                                       Eigen::Vector3d::Constant(NAN), true));
        }
        points.push_back(v);
      }
      edge_points[{k, l}] = points;
    }
  }

}

namespace {

// The regions a constrained triangulation of plane k is cut into by its constraints, and a
// seed (the centroid of the region's largest triangle) in each bounded region where Def 11
// holds just inside the body: the regions the planar face keeps.
std::list<K::Point_2> keptRegionSeeds(const CDT& cdt, const TwoContactFamily& family,
                                      const Eigen::Vector3d& origin, const Eigen::Vector3d& e1,
                                      const Eigen::Vector3d& e2, const Eigen::Vector3d& normal,
                                      double probe) {
  std::map<CDT::Face_handle, int> region;
  std::vector<CDT::Face_handle> representative;
  std::vector<bool> reaches_infinity;
  for (auto fh = cdt.all_faces_begin(); fh != cdt.all_faces_end(); ++fh) {
    if (region.count(fh)) continue;
    const int id = static_cast<int>(representative.size());
    representative.push_back(fh);
    reaches_infinity.push_back(false);
    double best_area = -1.0;
    std::vector<CDT::Face_handle> stack{fh};
    region[fh] = id;
    while (!stack.empty()) {
      const CDT::Face_handle g = stack.back();
      stack.pop_back();
      if (cdt.is_infinite(g)) {
        reaches_infinity[static_cast<std::size_t>(id)] = true;
      } else {
        const double area = std::fabs(CGAL::to_double(cdt.triangle(g).area()));
        if (area > best_area) {
          best_area = area;
          representative[static_cast<std::size_t>(id)] = g;
        }
      }
      for (int m = 0; m < 3; ++m) {
        if (g->is_constrained(m)) continue;
        const CDT::Face_handle h = g->neighbor(m);
        if (region.count(h)) continue;
        region[h] = id;
        stack.push_back(h);
      }
    }
  }
  std::list<K::Point_2> seeds;
  for (std::size_t id = 0; id < representative.size(); ++id) {
    if (reaches_infinity[id]) continue;
    const auto tri = cdt.triangle(representative[id]);
    const K::Point_2 c = CGAL::centroid(tri);
    const Eigen::Vector3d x = origin + c.x() * e1 + c.y() * e2;
    if (realizableAt(family, x - probe * normal)) seeds.push_back(c);
  }
  return seeds;
}

}  // namespace

// Stage 5 (per plane k): CGAL constrained Delaunay triangulation of the tetrahedron's face k with
// the curved faces' sides on it as constraints; the regions where Def 11 holds just inside are
// kept and refined.
void meshPlanarFace(FacesAssembly& fa, const TwoContactFamily& family, int k) {
  const StabilityBodyFaces& f = fa.f;
  Assembly& b = fa.b;
  auto& curved = fa.curved;
  const auto& edge_points = fa.edge_points;
  const double mean_spacing = fa.mean_spacing, probe = fa.probe;
    const BoundaryPlane& plane = f.planes[static_cast<std::size_t>(k)];
    const Eigen::Vector3d normal = plane.outward_normal;
    const Eigen::Vector3d origin = normal * plane.offset;
    const Eigen::Vector3d e1 = (std::fabs(normal[2]) < 0.9 ? normal.cross(Eigen::Vector3d::UnitZ())
                                                           : normal.cross(Eigen::Vector3d::UnitX()))
                                   .normalized();
    const Eigen::Vector3d e2 = normal.cross(e1);
    CDT cdt;
    std::map<CDT::Vertex_handle, int> index_of;
    std::map<int, CDT::Vertex_handle> handle_of;
    auto insert = [&](int v) {
      const auto it = handle_of.find(v);
      if (it != handle_of.end()) return it->second;
      const Eigen::Vector3d d = b.at(v) - origin;
      const auto h = cdt.insert(K::Point_2(d.dot(e1), d.dot(e2)));
      if (index_of.count(h) && index_of[h] != v) {
        throw SolverFailure("two boundary points coincide on plane " + plane.condition);
      }
      index_of[h] = v;
      handle_of[v] = h;
      return h;
    };
    auto chain = [&](const std::vector<int>& points) {
      for (std::size_t m = 0; m + 1 < points.size(); ++m) {
        cdt.insert_constraint(insert(points[m]), insert(points[m + 1]));
      }
    };
    for (int l = 0; l < 4; ++l) {
      if (l != k) chain(edge_points.at({std::min(k, l), std::max(k, l)}));
    }
    for (const auto& face : curved) {
      for (int s = 0; s < 4; ++s) {
        if (f.curved[face.rectangle].side_plane[static_cast<std::size_t>(s)] == k)
          chain(face.sides[static_cast<std::size_t>(s)]);
      }
    }
    if (cdt.number_of_vertices() != handle_of.size()) {
      throw SolverFailure("the sides of the curved faces cross on plane " + plane.condition);
    }
    // Regions between the constraints; keep those where Def 11 holds just inside.
    const std::list<K::Point_2> seeds =
        keptRegionSeeds(cdt, family, origin, e1, e2, normal, probe);
    if (seeds.empty()) return;  // no part of this plane bounds the body
    // 0.125: minimum angle ~20.7 degrees.
    PlanarFaceMesher mesher(cdt, Criteria(0.125, 4.0 * mean_spacing));
    mesher.set_seeds(seeds.begin(), seeds.end(), true);
    mesher.refine_mesh();
    for (auto fh = cdt.finite_faces_begin(); fh != cdt.finite_faces_end(); ++fh) {
      if (!fh->is_in_domain()) continue;
      std::array<int, 3> tri{};
      for (int m = 0; m < 3; ++m) {
        const auto h = fh->vertex(m);
        auto it = index_of.find(h);
        if (it == index_of.end()) {
          // A vertex the mesher inserted: in the plane (projected onto it exactly).
          Eigen::Vector3d x = origin + h->point().x() * e1 + h->point().y() * e2;
          x -= plane.signedDistance(x) * normal;
          it = index_of.emplace(h, b.addVertex(x, Eigen::Vector3d::Constant(NAN), false)).first;
        }
        tri[static_cast<std::size_t>(m)] = it->second;
      }
      const Eigen::Vector3d n3 = (b.at(tri[1]) - b.at(tri[0])).cross(b.at(tri[2]) - b.at(tri[0]));
      if (n3.dot(normal) < 0) std::swap(tri[1], tri[2]);
      b.mesh.triangles.push_back(tri);
      b.mesh.face_of_triangle.push_back(2 + k);
      b.mesh.condition_of_triangle.push_back(f.planes[static_cast<std::size_t>(k)].bounding);
    }
  }

// Stage 6: a kept planar region must not reach a tetrahedron-edge piece that is off the body
// (something else bounds it there); then the curved faces' triangles join the mesh.
void addCurvedTrianglesAfterCheckingPlanarFaces(FacesAssembly& fa) {
  const StabilityBodyFaces& f = fa.f;
  Assembly& b = fa.b;
  auto& curved = fa.curved;
  const auto& off_body = fa.off_body;
  for (const auto& t : b.mesh.triangles) {
    for (std::size_t m = 0; m < 3; ++m) {
      if (off_body.count({std::min(t[m], t[(m + 1) % 3]), std::max(t[m], t[(m + 1) % 3])})) {
        throw SolverFailure(
            "a planar face reaches a tetrahedron edge where Def 11 fails: another condition "
            "bounds the body there, which the exact faces do not model");
      }
    }
  }
  for (const auto& face : curved) {
    for (const auto& tri : face.triangles) {
      b.mesh.triangles.push_back(tri);
      b.mesh.face_of_triangle.push_back(f.curved[face.rectangle].sheet);
      b.mesh.condition_of_triangle.push_back(BoundingCondition::kSlipSlip);
    }
  }

}

// Stage 7: the exact volume, (1/3) of the flux of x. Curved faces by quadrature; planar face k
// gives its offset times its area: its triangles' area plus, for each triangle edge that is a
// chord of a curved side (run as in the triangle, counter-clockwise about the outward normal),
// the area between chord and side, (1/2) n . (integral of x x dx along the side - a x b).
double exactVolume(const FacesAssembly& fa, int panels) {
  const StabilityBodyFaces& f = fa.f;
  const Assembly& b = fa.b;
  const auto& curved = fa.curved;
  std::map<std::pair<int, int>, bool> side_chord;
  for (const auto& face : curved) {
    for (const auto& side : face.sides) {
      for (std::size_t m = 0; m + 1 < side.size(); ++m) side_chord[{side[m], side[m + 1]}] = true;
    }
  }
  double flux = 0.0;
  for (const auto& face : curved) flux += curvedFlux(f, face, panels);
  for (std::size_t t = 0; t < b.mesh.triangles.size(); ++t) {
    const int label = b.mesh.face_of_triangle[t];
    if (label < 2) continue;
    const BoundaryPlane& plane = f.planes[static_cast<std::size_t>(label - 2)];
    const auto& tri = b.mesh.triangles[t];
    double area = 0.5 * plane.outward_normal.dot(
                            (b.at(tri[1]) - b.at(tri[0])).cross(b.at(tri[2]) - b.at(tri[0])));
    for (std::size_t m = 0; m < 3; ++m) {
      const int u = tri[m], v = tri[(m + 1) % 3];
      const bool forward = side_chord.count({u, v}) > 0;
      if (!forward && !side_chord.count({v, u})) continue;
      const int from = forward ? u : v, to = forward ? v : u;
      const Eigen::Vector3d cap =
          sideCrossIntegral(f, b.param[static_cast<std::size_t>(from)],
                            b.param[static_cast<std::size_t>(to)], panels) -
          b.at(from).cross(b.at(to));
      area += (forward ? 0.5 : -0.5) * plane.outward_normal.dot(cap);
    }
    flux += plane.offset * area;
  }
  return flux / 3.0;
}

// Stage 8: drop vertices no triangle uses (merged corners, unused tetrahedron vertices), count
// the sharp edges and measure the topology.
FacesMesh compactAndMeasure(FacesAssembly& fa, double tolerance) {
  const StabilityBodyFaces& f = fa.f;
  Assembly& b = fa.b;
  auto& curved = fa.curved;
  const auto& keys = fa.keys;
  const auto& edge_points = fa.edge_points;
  const double diameter = fa.diameter;
  std::vector<int> new_index(b.mesh.vertices.size(), -1);
  for (const auto& t : b.mesh.triangles)
    for (int v : t) new_index[static_cast<std::size_t>(v)] = 0;
  Assembly compact{f, {}, {}, {}};
  for (std::size_t v = 0; v < new_index.size(); ++v) {
    if (new_index[v] < 0) continue;
    new_index[v] = compact.addVertex(b.mesh.vertices[v], b.param[v], b.on_sharp_edge[v]);
  }
  for (auto t : b.mesh.triangles) {
    for (int& v : t) v = new_index[static_cast<std::size_t>(v)];
    compact.mesh.triangles.push_back(t);
  }
  compact.mesh.face_of_triangle = b.mesh.face_of_triangle;
  compact.mesh.condition_of_triangle = b.mesh.condition_of_triangle;
  FacesMesh out;
  for (int key : keys) {
    if (new_index[static_cast<std::size_t>(key)] >= 0) out.corners.push_back(b.at(key));
  }
  // Sharp edges: the curved faces' sides, and the pieces of tetrahedron edges between key
  // points that planar triangles use.
  int sharp_edges = 0;
  for (const auto& face : curved) {
    for (const auto& side : face.sides) sharp_edges += side.front() != side.back();
  }
  std::map<std::pair<int, int>, int> edge_use;
  for (const auto& t : b.mesh.triangles) {
    for (std::size_t m = 0; m < 3; ++m) {
      edge_use[{std::min(t[m], t[(m + 1) % 3]), std::max(t[m], t[(m + 1) % 3])}] += 1;
    }
  }
  for (const auto& [edge, points] : edge_points) {
    bool in_piece = false;
    for (std::size_t m = 0; m + 1 < points.size(); ++m) {
      const bool used = edge_use.count({std::min(points[m], points[m + 1]),
                                        std::max(points[m], points[m + 1])}) > 0;
      if (used && !in_piece) ++sharp_edges;
      in_piece = used && std::find(keys.begin(), keys.end(), points[m + 1]) == keys.end();
    }
  }
  StabilityBodyMeshReport& r = out.stability_body.report;
  r.diameter = diameter;
  r.tolerance_used = tolerance;
  out.stability_body.mesh = std::move(compact.mesh);
  out.stability_body.on_sharp_edge = std::move(compact.on_sharp_edge);
  out.stability_body.slip_angles = std::move(compact.param);
  SurfaceMesh sm;
  detail::measureTopology(out.stability_body.mesh, r, sm);
  r.corners = static_cast<int>(out.corners.size());
  r.sharp_edges = sharp_edges;
  return out;
}

}  // namespace nsd::mesh::detail
