#include <nsdkit/mesh/body_mesh.hpp>

#include <CGAL/AABB_face_graph_triangle_primitive.h>
#include <CGAL/AABB_traits.h>
#include <CGAL/AABB_tree.h>
#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Delaunay_mesh_face_base_2.h>
#include <CGAL/Delaunay_mesh_size_criteria_2.h>
#include <CGAL/Delaunay_mesh_vertex_base_2.h>
#include <CGAL/Delaunay_mesher_no_edge_refinement_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Polygon_mesh_processing/measure.h>
#include <CGAL/Polygon_mesh_processing/orientation.h>
#include <CGAL/Polygon_mesh_processing/polygon_soup_to_polygon_mesh.h>
#include <CGAL/Surface_mesh.h>
#include <CGAL/boost/graph/IO/polygon_mesh_io.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>

namespace nsd::mesh {
namespace {

using K = CGAL::Exact_predicates_inexact_constructions_kernel;
using Point3 = K::Point_3;
using SurfaceMesh = CGAL::Surface_mesh<Point3>;
using Vb = CGAL::Delaunay_mesh_vertex_base_2<K>;
using Fb = CGAL::Delaunay_mesh_face_base_2<K>;
using Tds = CGAL::Triangulation_data_structure_2<Vb, Fb>;
using CDT = CGAL::Constrained_Delaunay_triangulation_2<K, Tds, CGAL::Exact_predicates_tag>;
using Criteria = CGAL::Delaunay_mesh_size_criteria_2<CDT>;
using Mesher = CGAL::Delaunay_mesher_no_edge_refinement_2<CDT, Criteria>;
namespace PMP = CGAL::Polygon_mesh_processing;

// Symmetry of the body: (m_x, m_y, m_z) -> (m_y, m_x, -m_z), a half-turn about (1, 1, 0)/sqrt2.
Eigen::Vector3d mirror(const Eigen::Vector3d& m) { return {m[1], m[0], -m[2]}; }

double angleDeg(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c) {
  const Eigen::Vector3d u = b - a, v = c - a;
  const double cosine = u.dot(v) / (u.norm() * v.norm());
  return std::acos(std::clamp(cosine, -1.0, 1.0)) * 180.0 / kPi;
}

struct Builder {
  const models::BallTroughParameters& params;
  double mu, j;
  TriangleMesh mesh;
  std::vector<Eigen::Vector2d> param_of_vertex;  // (p, q) for top-face vertices, NaN otherwise

  Eigen::Vector3d surface(double p, double q) const {
    return models::twoPointSlipSurface(mu, j, p, q);
  }
  int addVertex(const Eigen::Vector3d& x, const Eigen::Vector2d& pq) {
    mesh.vertices.push_back(x);
    param_of_vertex.push_back(pq);
    return static_cast<int>(mesh.vertices.size()) - 1;
  }
};

// Inserts midpoints into a sorted node list where flagged.
void refineNodes(std::vector<double>& nodes, const std::vector<bool>& flags) {
  std::vector<double> out;
  for (std::size_t i = 0; i + 1 < nodes.size(); ++i) {
    out.push_back(nodes[i]);
    if (flags[i]) out.push_back(0.5 * (nodes[i] + nodes[i + 1]));
  }
  out.push_back(nodes.back());
  nodes = std::move(out);
}

// Counts, 2-manifold/closed/outward flags, volume and area with CGAL; fills `sm`.
void measureTopology(const TriangleMesh& mesh, BodyMeshReport& r, SurfaceMesh& sm) {
  r.vertices = mesh.vertices.size();
  r.faces = mesh.triangles.size();
  std::vector<Point3> points;
  for (const auto& v : mesh.vertices) points.emplace_back(v[0], v[1], v[2]);
  std::vector<std::vector<std::size_t>> polygons;
  for (const auto& t : mesh.triangles) {
    polygons.push_back({static_cast<std::size_t>(t[0]), static_cast<std::size_t>(t[1]),
                        static_cast<std::size_t>(t[2])});
  }
  r.manifold = PMP::is_polygon_soup_a_polygon_mesh(polygons);
  if (r.manifold) {
    PMP::polygon_soup_to_polygon_mesh(points, polygons, sm);
    r.closed = CGAL::is_closed(sm);
    if (r.closed) {
      r.outward = PMP::is_outward_oriented(sm);
      r.volume = PMP::volume(sm);
    }
    r.area = PMP::area(sm);
  }
}

double minAngle(const TriangleMesh& mesh) {
  double worst = 180.0;
  for (const auto& t : mesh.triangles) {
    const auto& a = mesh.vertices[static_cast<std::size_t>(t[0])];
    const auto& b = mesh.vertices[static_cast<std::size_t>(t[1])];
    const auto& c = mesh.vertices[static_cast<std::size_t>(t[2])];
    worst = std::min({worst, angleDeg(a, b, c), angleDeg(b, c, a), angleDeg(c, a, b)});
  }
  return worst;
}

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

// The volume of the paper's body as (1/3) of the flux of x through its exact faces:
//  - curved faces: the top face (88) over [p0, p1] x [0, pi] gives the integral of
//    S . (S_p x S_q) (partials by central differences, oriented outward, the origin being
//    inside); the bottom face, its image under a rotation, gives the same;
//  - planar face k: x . n is its distance h_k from the origin, so it gives h_k A_k, the area A_k
//    from Green's theorem, (1/2) n . (loop integral of x x dx), along its boundary: a side of the
//    top face, a straight edge, a side of the bottom face, a straight edge (x x dx over a
//    segment a -> b is a x b).
// `panels` per parameter; the estimate of the error compares with half as many panels.
double exactBodyVolume(const Builder& b, double p0, double p1, const std::array<int, 4>& top_plane,
                       const std::array<int, 4>& bottom_plane, int panels) {
  const double h = 1e-6;
  auto curved = [&](double pp, double qq) {
    const Eigen::Vector3d s = b.surface(pp, qq);
    const Eigen::Vector3d sp = (b.surface(pp + h, qq) - b.surface(pp - h, qq)) / (2 * h);
    const Eigen::Vector3d sq = (b.surface(pp, qq + h) - b.surface(pp, qq - h)) / (2 * h);
    return s.dot(sp.cross(sq));
  };
  double flux_top = gaussLegendre(
      [&](double qq) {
        return gaussLegendre([&](double pp) { return curved(pp, qq); }, p0, p1, panels);
      },
      0.0, kPi, panels);
  // Outward: S_p x S_q points away from the origin at the face centre.
  {
    const double pm = 0.5 * (p0 + p1), qm = 0.5 * kPi;
    if (curved(pm, qm) < 0) flux_top = -flux_top;
  }
  // Side s of the top face as a curve t -> (p, q), t in [0, 1].
  auto side_point = [&](int s, double t) -> Eigen::Vector2d {
    switch (s) {
      case 0:
        return {p0 + (p1 - p0) * t, 0.0};
      case 1:
        return {p1, kPi * t};
      case 2:
        return {p1 - (p1 - p0) * t, kPi};
      default:
        return {p0, kPi * (1.0 - t)};
    }
  };
  auto top_curve = [&](int s, double t) {
    const Eigen::Vector2d pq = side_point(s, t);
    return b.surface(pq[0], pq[1]);
  };
  auto cross_integral = [&](const std::function<Eigen::Vector3d(double)>& curve) {
    return gaussLegendre(
        [&](double t) -> Eigen::Vector3d {
          const Eigen::Vector3d dx = (curve(t + h) - curve(t - h)) / (2 * h);
          return curve(t).cross(dx);
        },
        0.0, 1.0, panels);
  };
  double planar = 0.0;
  for (int k = 0; k < 4; ++k) {
    const int st =
        static_cast<int>(std::find(top_plane.begin(), top_plane.end(), k) - top_plane.begin());
    const int sb = static_cast<int>(std::find(bottom_plane.begin(), bottom_plane.end(), k) -
                                    bottom_plane.begin());
    const auto top = [&](double t) { return top_curve(st, t); };
    // The straight edge joins the top side's end corner a1 to the end of the bottom side on the
    // same second plane l (a corner of the body lies on two planes).
    const Eigen::Vector3d a1 = top(1.0), b0 = mirror(top_curve(sb, 0.0));
    int other = -1;
    double closest = INFINITY;
    for (int l = 0; l < 4; ++l) {
      const double value = std::fabs(models::planeValues(b.params, a1)[l]);
      if (l != k && value < closest) {
        closest = value;
        other = l;
      }
    }
    const bool forward =
        std::fabs(models::planeValues(b.params, b0)[other]) <
        std::fabs(models::planeValues(b.params, mirror(top_curve(sb, 1.0)))[other]);
    const auto bottom = [&](double t) { return mirror(top_curve(sb, forward ? t : 1.0 - t)); };
    const Eigen::Vector3d start_b = bottom(0.0), end_b = bottom(1.0), a0 = top(0.0);
    const Eigen::Vector3d loop =
        cross_integral(top) + a1.cross(start_b) + cross_integral(bottom) + end_b.cross(a0);
    const Eigen::Vector3d normal = (top(0.5) - a0).cross(start_b - a0).normalized();
    const double area = 0.5 * std::fabs(normal.dot(loop));
    const double distance = std::fabs(a0.dot(normal));  // the origin is inside the body
    planar += distance * area;
  }

  return (2.0 * flux_top + planar) / 3.0;
}

}  // namespace

namespace {

// One conforming mesh of the body at the relative distance tolerance `tolerance`.
BodyMesh meshBallTroughBodyAt(const models::BallTroughParameters& p, double tolerance) {
  const auto t0 = std::chrono::steady_clock::now();
  const double mu = p.mu(), j = p.inertia_ratio;
  const BodyMeshOptions options{tolerance, 0.0};
  Builder b{p, mu, j, {}, {}};
  const double p0 = std::asin(2 * mu / (1 + mu * mu));
  const double p1 = kPi - p0;

  // Diameter estimate from a coarse sample of both curved faces.
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(INFINITY), hi = -lo;
  for (int a = 0; a <= 40; ++a) {
    for (int c = 0; c <= 40; ++c) {
      const Eigen::Vector3d s = b.surface(p0 + (p1 - p0) * a / 40, kPi * c / 40);
      lo = lo.cwiseMin(s).cwiseMin(mirror(s));
      hi = hi.cwiseMax(s).cwiseMax(mirror(s));
    }
  }
  const double diameter = (hi - lo).norm();
  const double chord_tol = 0.5 * options.tolerance * diameter;

  // Graded tensor grid on [p0, p1] x [0, pi], refined until every cell's centre and edge
  // midpoints are within chord_tol of the bilinear/linear interpolation of its corners.
  std::vector<double> ps, qs;
  for (int k = 0; k <= 8; ++k) {
    ps.push_back(p0 + (p1 - p0) * k / 8);
    qs.push_back(kPi * k / 8);
  }
  for (int pass = 0; pass < 30; ++pass) {
    std::vector<bool> fp(ps.size() - 1, false), fq(qs.size() - 1, false);
    bool any = false;
    for (std::size_t a = 0; a + 1 < ps.size(); ++a) {
      for (std::size_t c = 0; c + 1 < qs.size(); ++c) {
        const double pa = ps[a], pb = ps[a + 1], qa = qs[c], qb = qs[c + 1];
        const double pm = 0.5 * (pa + pb), qm = 0.5 * (qa + qb);
        const Eigen::Vector3d s00 = b.surface(pa, qa), s10 = b.surface(pb, qa);
        const Eigen::Vector3d s01 = b.surface(pa, qb), s11 = b.surface(pb, qb);
        const double e_p = std::max((b.surface(pm, qa) - 0.5 * (s00 + s10)).norm(),
                                    (b.surface(pm, qb) - 0.5 * (s01 + s11)).norm());
        const double e_q = std::max((b.surface(pa, qm) - 0.5 * (s00 + s01)).norm(),
                                    (b.surface(pb, qm) - 0.5 * (s10 + s11)).norm());
        const double e_c = (b.surface(pm, qm) - 0.25 * (s00 + s10 + s01 + s11)).norm();
        if (e_p > chord_tol || (e_c > chord_tol && e_p >= e_q)) fp[a] = any = true;
        if (e_q > chord_tol || (e_c > chord_tol && e_q > e_p)) fq[c] = any = true;
      }
    }
    if (!any) break;
    refineNodes(ps, fp);
    refineNodes(qs, fq);
    if (ps.size() * qs.size() > 4000000) throw SolverFailure("body mesh grid exceeds 4e6 nodes");
  }

  // Top face vertices and triangles (shorter 3-D diagonal per cell).
  const std::size_t np = ps.size(), nq = qs.size();
  std::vector<int> top(np * nq);
  for (std::size_t c = 0; c < nq; ++c) {
    for (std::size_t a = 0; a < np; ++a) {
      top[c * np + a] = b.addVertex(b.surface(ps[a], qs[c]), {ps[a], qs[c]});
    }
  }
  std::vector<std::array<int, 3>> top_tris;
  for (std::size_t c = 0; c + 1 < nq; ++c) {
    for (std::size_t a = 0; a + 1 < np; ++a) {
      const int v00 = top[c * np + a], v10 = top[c * np + a + 1];
      const int v01 = top[(c + 1) * np + a], v11 = top[(c + 1) * np + a + 1];
      const auto& x = b.mesh.vertices;
      if ((x[static_cast<std::size_t>(v00)] - x[static_cast<std::size_t>(v11)]).norm() <=
          (x[static_cast<std::size_t>(v10)] - x[static_cast<std::size_t>(v01)]).norm()) {
        top_tris.push_back({v00, v10, v11});
        top_tris.push_back({v00, v11, v01});
      } else {
        top_tris.push_back({v00, v10, v01});
        top_tris.push_back({v10, v11, v01});
      }
    }
  }
  // Orientation: the normal of the central cell must point away from the origin (inside).
  {
    const auto& t = top_tris[top_tris.size() / 2];
    const auto& x = b.mesh.vertices;
    const Eigen::Vector3d a = x[static_cast<std::size_t>(t[0])],
                          bb = x[static_cast<std::size_t>(t[1])],
                          c = x[static_cast<std::size_t>(t[2])];
    if ((bb - a).cross(c - a).dot((a + bb + c) / 3.0) < 0) {
      for (auto& tri : top_tris) std::swap(tri[1], tri[2]);
    }
  }
  // Bottom face: image of the top under the symmetry (m_x, m_y, m_z) -> (m_y, m_x, -m_z), a
  // rotation by pi about (1, 1, 0)/sqrt2 (determinant +1), so the orientation is kept.
  std::vector<int> bottom(top.size());
  for (std::size_t k = 0; k < top.size(); ++k) {
    bottom[k] = b.addVertex(mirror(b.mesh.vertices[static_cast<std::size_t>(top[k])]),
                            Eigen::Vector2d::Constant(NAN));
  }
  const std::size_t n_top = b.mesh.vertices.size() / 2;
  for (const auto& t : top_tris) {
    b.mesh.triangles.push_back(t);
    b.mesh.face_of_triangle.push_back(0);
  }
  for (const auto& t : top_tris) {
    b.mesh.triangles.push_back({t[0] + static_cast<int>(n_top), t[1] + static_cast<int>(n_top),
                                t[2] + static_cast<int>(n_top)});
    b.mesh.face_of_triangle.push_back(1);
  }

  // The four sides of the top face and the plane each lies on.
  std::array<std::vector<int>, 4> sides;  // q = 0, p = p1, q = pi, p = p0 (counter-clockwise)
  for (std::size_t a = 0; a < np; ++a) sides[0].push_back(top[a]);
  for (std::size_t c = 0; c < nq; ++c) sides[1].push_back(top[c * np + np - 1]);
  for (std::size_t a = np; a-- > 0;) sides[2].push_back(top[(nq - 1) * np + a]);
  for (std::size_t c = nq; c-- > 0;) sides[3].push_back(top[c * np]);
  auto plane_of = [&](const std::vector<int>& side) {
    int best = -1;
    for (int k = 0; k < 4; ++k) {
      double worst = 0.0;
      for (int v : side) {
        worst = std::max(worst, std::fabs(models::planeValues(
                                    p, b.mesh.vertices[static_cast<std::size_t>(v)])[k]));
      }
      if (worst < 1e-9) best = k;
    }
    if (best < 0) {
      throw SolverFailure(
          "a side of the curved face (88) does not lie on a plane (82)-(83): the "
          "face structure of the paper does not hold for these parameters");
    }
    return best;
  };
  std::array<int, 4> top_plane{}, bottom_plane{};
  std::array<std::vector<int>, 4> bottom_sides;
  for (int s = 0; s < 4; ++s) {
    top_plane[static_cast<std::size_t>(s)] = plane_of(sides[static_cast<std::size_t>(s)]);
    for (int v : sides[static_cast<std::size_t>(s)]) {
      bottom_sides[static_cast<std::size_t>(s)].push_back(v + static_cast<int>(n_top));
    }
    bottom_plane[static_cast<std::size_t>(s)] = plane_of(bottom_sides[static_cast<std::size_t>(s)]);
  }
  for (int k = 0; k < 4; ++k) {
    if (std::count(top_plane.begin(), top_plane.end(), k) != 1 ||
        std::count(bottom_plane.begin(), bottom_plane.end(), k) != 1) {
      throw SolverFailure("the curved faces do not meet each plane (82)-(83) exactly once");
    }
  }

  // Straight edges: a top corner and a bottom corner on the same two planes. Discretized once
  // with spacing matching the curved sides, shared by the two planar faces.
  const double j1 = 1 + j, kk = mu * (1 + 2 * j);
  const std::array<Eigen::Vector3d, 4> outward{
      Eigen::Vector3d(j, j1, -kk), -Eigen::Vector3d(j, j1, kk), -Eigen::Vector3d(j1, j, -kk),
      Eigen::Vector3d(j1, j, kk)};
  auto on_plane = [&](int v, int k) {
    return std::fabs(models::planeValues(p, b.mesh.vertices[static_cast<std::size_t>(v)])[k]) <
           1e-9;
  };
  double mean_spacing = 0.0;
  int spacing_count = 0;
  for (const auto& side : sides) {
    for (std::size_t k = 0; k + 1 < side.size(); ++k) {
      mean_spacing += (b.mesh.vertices[static_cast<std::size_t>(side[k + 1])] -
                       b.mesh.vertices[static_cast<std::size_t>(side[k])])
                          .norm();
      ++spacing_count;
    }
  }
  mean_spacing /= spacing_count;
  std::map<std::pair<int, int>, std::vector<int>> straight;  // key: (top corner, bottom corner)
  auto straight_edge = [&](int t, int bc) -> std::vector<int> {
    const auto key = std::make_pair(t, bc);
    auto it = straight.find(key);
    if (it != straight.end()) return it->second;
    const Eigen::Vector3d a = b.mesh.vertices[static_cast<std::size_t>(t)];
    const Eigen::Vector3d c = b.mesh.vertices[static_cast<std::size_t>(bc)];
    const int n = std::max(2, static_cast<int>(std::ceil((c - a).norm() / mean_spacing)));
    std::vector<int> pts{t};
    for (int k = 1; k < n; ++k)
      pts.push_back(b.addVertex(a + (c - a) * k / n, Eigen::Vector2d::Constant(NAN)));
    pts.push_back(bc);
    straight[key] = pts;
    return pts;
  };

  // Planar faces.
  int straight_edges_used = 0;
  for (int k = 0; k < 4; ++k) {
    const auto ts = static_cast<std::size_t>(std::find(top_plane.begin(), top_plane.end(), k) -
                                             top_plane.begin());
    const auto bs = static_cast<std::size_t>(
        std::find(bottom_plane.begin(), bottom_plane.end(), k) - bottom_plane.begin());
    std::vector<int> top_side = sides[ts];
    std::vector<int> bottom_side = bottom_sides[bs];
    // Polygon: top side, straight edge to the bottom side, bottom side, straight edge back.
    const int t_end = top_side.back();
    int other_plane = -1;
    for (int l = 0; l < 4; ++l) {
      if (l != k && on_plane(t_end, l)) other_plane = l;
    }
    if (other_plane < 0) throw SolverFailure("a body corner is not on two planes");
    if (!on_plane(bottom_side.front(), other_plane))
      std::reverse(bottom_side.begin(), bottom_side.end());
    if (!on_plane(bottom_side.front(), other_plane) || !on_plane(bottom_side.back(), k)) {
      throw SolverFailure("straight edge endpoints do not match on plane " + std::to_string(k));
    }
    const std::vector<int> edge1 = straight_edge(t_end, bottom_side.front());
    std::vector<int> edge2 = straight_edge(top_side.front(), bottom_side.back());
    std::reverse(edge2.begin(), edge2.end());
    straight_edges_used += 2;
    std::vector<int> polygon(top_side);
    polygon.insert(polygon.end(), edge1.begin() + 1, edge1.end());
    polygon.insert(polygon.end(), bottom_side.begin() + 1, bottom_side.end());
    polygon.insert(polygon.end(), edge2.begin() + 1, edge2.end() - 1);

    // 2-D coordinates in the plane.
    const Eigen::Vector3d normal = outward[static_cast<std::size_t>(k)].normalized();
    Eigen::Vector3d origin = Eigen::Vector3d::Zero();
    for (int v : polygon) origin += b.mesh.vertices[static_cast<std::size_t>(v)];
    origin /= static_cast<double>(polygon.size());
    const Eigen::Vector3d e1 = (std::fabs(normal[2]) < 0.9 ? normal.cross(Eigen::Vector3d::UnitZ())
                                                           : normal.cross(Eigen::Vector3d::UnitX()))
                                   .normalized();
    const Eigen::Vector3d e2 = normal.cross(e1);
    CDT cdt;
    std::map<CDT::Vertex_handle, int> index_of;
    std::vector<CDT::Vertex_handle> handles;
    for (int v : polygon) {
      const Eigen::Vector3d d = b.mesh.vertices[static_cast<std::size_t>(v)] - origin;
      const auto h = cdt.insert(K::Point_2(d.dot(e1), d.dot(e2)));
      handles.push_back(h);
      index_of[h] = v;
    }
    for (std::size_t m = 0; m < handles.size(); ++m) {
      cdt.insert_constraint(handles[m], handles[(m + 1) % handles.size()]);
    }
    if (cdt.number_of_vertices() != polygon.size()) {
      throw SolverFailure("planar face polygon has coincident vertices");
    }
    Mesher mesher(cdt, Criteria(0.125, 4.0 * mean_spacing));  // 0.125: min angle ~20.7 degrees
    mesher.refine_mesh();
    for (auto f = cdt.finite_faces_begin(); f != cdt.finite_faces_end(); ++f) {
      if (!f->is_in_domain()) continue;
      std::array<int, 3> tri{};
      for (int m = 0; m < 3; ++m) {
        const auto h = f->vertex(m);
        auto it = index_of.find(h);
        if (it == index_of.end()) {
          const Eigen::Vector3d x = origin + h->point().x() * e1 + h->point().y() * e2;
          it = index_of.emplace(h, b.addVertex(x, Eigen::Vector2d::Constant(NAN))).first;
        }
        tri[static_cast<std::size_t>(m)] = it->second;
      }
      const auto& x = b.mesh.vertices;
      const Eigen::Vector3d n3 =
          (x[static_cast<std::size_t>(tri[1])] - x[static_cast<std::size_t>(tri[0])])
              .cross(x[static_cast<std::size_t>(tri[2])] - x[static_cast<std::size_t>(tri[0])]);
      if (n3.dot(normal) < 0) std::swap(tri[1], tri[2]);
      b.mesh.triangles.push_back(tri);
      b.mesh.face_of_triangle.push_back(2 + k);
    }
  }

  // ---- Validity and measures with CGAL.
  BodyMesh out;
  out.mesh = std::move(b.mesh);
  BodyMeshReport& r = out.report;
  r.diameter = diameter;
  SurfaceMesh sm;
  measureTopology(out.mesh, r, sm);

  // Angles.
  std::vector<Eigen::Vector3d> corners;
  for (const auto& side : sides) {
    corners.push_back(out.mesh.vertices[static_cast<std::size_t>(side.front())]);
    corners.push_back(mirror(out.mesh.vertices[static_cast<std::size_t>(side.front())]));
  }
  r.corners = static_cast<int>(corners.size());
  r.sharp_edges = 8 + static_cast<int>(straight.size());
  r.min_angle_deg = 180.0;
  r.min_angle_away_from_corners_deg = 180.0;
  const double corner_zone = 0.02 * diameter;
  for (const auto& t : out.mesh.triangles) {
    const auto& a = out.mesh.vertices[static_cast<std::size_t>(t[0])];
    const auto& bb = out.mesh.vertices[static_cast<std::size_t>(t[1])];
    const auto& c = out.mesh.vertices[static_cast<std::size_t>(t[2])];
    const double angle = std::min({angleDeg(a, bb, c), angleDeg(bb, c, a), angleDeg(c, a, bb)});
    r.min_angle_deg = std::min(r.min_angle_deg, angle);
    bool near_corner = false;
    for (const auto& k : corners) {
      near_corner |= (a - k).norm() < corner_zone || (bb - k).norm() < corner_zone ||
                     (c - k).norm() < corner_zone;
    }
    if (!near_corner)
      r.min_angle_away_from_corners_deg = std::min(r.min_angle_away_from_corners_deg, angle);
  }

  // Distances. Vertices: planar ones from their plane, curved ones are exact evaluations of (88).
  for (std::size_t t = 0; t < out.mesh.triangles.size(); ++t) {
    const int face = out.mesh.face_of_triangle[t];
    if (face < 2) continue;
    for (int v : out.mesh.triangles[t]) {
      const Eigen::Vector3d x = out.mesh.vertices[static_cast<std::size_t>(v)];
      const double d = std::fabs(models::planeValues(p, x)[face - 2]) /
                       outward[static_cast<std::size_t>(face - 2)].norm();
      r.max_vertex_distance = std::max(r.max_vertex_distance, d);
    }
  }
  // Triangle interiors of the curved faces: |T(xi) - S(p(xi), q(xi))| bounds the distance.
  const double bary[7][3] = {
      {1. / 3, 1. / 3, 1. / 3}, {0.5, 0.5, 0},   {0, 0.5, 0.5},  {0.5, 0, 0.5},
      {0.6, 0.2, 0.2},          {0.2, 0.6, 0.2}, {0.2, 0.2, 0.6}};
  for (const auto& t : top_tris) {
    for (const auto& w : bary) {
      Eigen::Vector3d x = Eigen::Vector3d::Zero();
      Eigen::Vector2d pq = Eigen::Vector2d::Zero();
      for (int m = 0; m < 3; ++m) {
        x += w[m] * out.mesh.vertices[static_cast<std::size_t>(t[static_cast<std::size_t>(m)])];
        pq += w[m] * b.param_of_vertex[static_cast<std::size_t>(t[static_cast<std::size_t>(m)])];
      }
      r.max_face_distance = std::max(r.max_face_distance, (x - b.surface(pq[0], pq[1])).norm());
    }
  }
  // Exact -> mesh: dense samples of both curved faces and the straight edges, AABB tree.
  if (!r.closed) {
    r.hausdorff = INFINITY;
  } else {
    using Primitive = CGAL::AABB_face_graph_triangle_primitive<SurfaceMesh>;
    using Tree = CGAL::AABB_tree<CGAL::AABB_traits<K, Primitive>>;
    Tree tree(faces(sm).first, faces(sm).second, sm);
    tree.accelerate_distance_queries();
    double worst = 0.0;
    const int n = 300;
    for (int a = 0; a <= n; ++a) {
      for (int c = 0; c <= n; ++c) {
        const Eigen::Vector3d s = b.surface(p0 + (p1 - p0) * a / n, kPi * c / n);
        for (const Eigen::Vector3d& q : {s, mirror(s)}) {
          worst = std::max(
              worst, std::sqrt(CGAL::to_double(tree.squared_distance(Point3(q[0], q[1], q[2])))));
        }
      }
    }
    r.hausdorff = std::max(worst, r.max_face_distance);
  }
  r.exact_volume = exactBodyVolume(b, p0, p1, top_plane, bottom_plane, 48);
  r.exact_volume_error =
      std::fabs(r.exact_volume - exactBodyVolume(b, p0, p1, top_plane, bottom_plane, 24));
  r.tolerance_used = tolerance;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace

BodyMesh meshBallTroughBody(const models::BallTroughParameters& p, const BodyMeshOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  p.validate();
  if (!(p.mu() < 1.0))
    throw InvalidInput("the body mesher needs mu < 1, got " + formatValue(p.mu()));
  if (!(options.tolerance > 0.0 && options.tolerance <= 0.1)) {
    throw InvalidInput("mesh tolerance must be in (0, 0.1], got " + formatValue(options.tolerance));
  }
  if (!(options.volume_tolerance >= 0.0)) {
    throw InvalidInput("mesh volume tolerance must be >= 0, got " +
                       formatValue(options.volume_tolerance));
  }
  double tolerance = options.tolerance;
  BodyMesh mesh = meshBallTroughBodyAt(p, tolerance);
  auto volume_off = [&options](const BodyMeshReport& r) {
    return options.volume_tolerance > 0.0 &&
           !(std::fabs(r.volume - r.exact_volume) <= options.volume_tolerance * r.exact_volume);
  };
  for (int attempt = 0; attempt < 4 && volume_off(mesh.report); ++attempt) {
    tolerance *= 0.5;
    mesh = meshBallTroughBodyAt(p, tolerance);
  }
  mesh.report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return mesh;
}

namespace {

// The distance of an implicit mesh from the predicate's boundary, measured with the predicate
// alone (there is no exact boundary to evaluate):
//  - mesh -> boundary: from each triangle's centroid, along its normal towards the other side
//    of the predicate, to the first change found by marching in steps of a quarter grid cell
//    over two cells and bisecting to the tolerance. Any crossing bounds the distance from
//    above, and so does the nearest vertex (on the boundary to the bisection tolerance).
//  - boundary -> mesh: boundary points on `boundary_samples` rays from the interior point
//    (Fibonacci directions; bisection between it and the box, which lies outside), at their
//    distance from the mesh (CGAL AABB tree). These are samples: a lower estimate of this side.
// max_face_distance is the first side, hausdorff the larger of the two.
void measureAgainstPredicate(const std::function<bool(const Eigen::Vector3d&)>& inside,
                             const ImplicitMeshOptions& o, double cell, const TriangleMesh& mesh,
                             const SurfaceMesh& sm, BodyMeshReport& r) {
  const std::size_t count = mesh.triangles.size();
  std::vector<double> to_boundary(count, 0.0);
  nsd::parallelFor(count, o.threads, [&](std::size_t t) {
    const auto& tri = mesh.triangles[t];
    const Eigen::Vector3d a = mesh.vertices[static_cast<std::size_t>(tri[0])];
    const Eigen::Vector3d b = mesh.vertices[static_cast<std::size_t>(tri[1])];
    const Eigen::Vector3d c = mesh.vertices[static_cast<std::size_t>(tri[2])];
    const Eigen::Vector3d centroid = (a + b + c) / 3.0;
    const Eigen::Vector3d normal = (b - a).cross(c - a).normalized();  // outward
    const bool in = inside(centroid);
    const Eigen::Vector3d step = (in ? 1.0 : -1.0) * normal;
    double previous = 0.0, found = INFINITY;
    for (int k = 1; k <= 8; ++k) {
      const double s = 0.25 * cell * k;
      if (inside(centroid + s * step) != in) {
        found = bisect([&](double u) { return inside(centroid + u * step) == in; }, previous, s,
                       o.bisection_tolerance)
                    .value;
        break;
      }
      previous = s;
    }
    // The vertices lie on the boundary (to the bisection tolerance): the nearest one bounds the
    // distance too (and is the bound where the normal of a sliver grazes the boundary).
    const double nearest_vertex =
        std::min({(centroid - a).norm(), (centroid - b).norm(), (centroid - c).norm()}) +
        o.bisection_tolerance;
    to_boundary[t] = std::min(found, nearest_vertex);
  });
  r.max_face_distance = 0.0;
  for (double d : to_boundary) r.max_face_distance = std::max(r.max_face_distance, d);
  r.hausdorff = r.max_face_distance;
  if (!o.interior_point.allFinite() || !inside(o.interior_point) || !r.closed) return;
  using Primitive = CGAL::AABB_face_graph_triangle_primitive<SurfaceMesh>;
  using Tree = CGAL::AABB_tree<CGAL::AABB_traits<K, Primitive>>;
  Tree tree(faces(sm).first, faces(sm).second, sm);
  const std::size_t samples = static_cast<std::size_t>(std::max(0, o.boundary_samples));
  std::vector<Eigen::Vector3d> boundary(samples);
  const double golden = kPi * (3.0 - std::sqrt(5.0));
  nsd::parallelFor(samples, o.threads, [&](std::size_t i) {
    const double z = 1.0 - 2.0 * (static_cast<double>(i) + 0.5) / static_cast<double>(samples);
    const double ring = std::sqrt(std::max(0.0, 1.0 - z * z)),
                 angle = golden * static_cast<double>(i);
    const Eigen::Vector3d d(ring * std::cos(angle), ring * std::sin(angle), z);
    // The ray leaves the box at the smallest positive t over the axes.
    double t_box = INFINITY;
    for (int k = 0; k < 3; ++k) {
      if (d[k] > 0) t_box = std::min(t_box, (o.box_upper[k] - o.interior_point[k]) / d[k]);
      if (d[k] < 0) t_box = std::min(t_box, (o.box_lower[k] - o.interior_point[k]) / d[k]);
    }
    const double t = bisect([&](double u) { return inside(o.interior_point + u * d); }, 0.0, t_box,
                            o.bisection_tolerance)
                         .value;
    boundary[i] = o.interior_point + t * d;
  });
  tree.accelerate_distance_queries();
  for (const auto& q : boundary) {
    r.hausdorff = std::max(
        r.hausdorff, std::sqrt(CGAL::to_double(tree.squared_distance(Point3(q[0], q[1], q[2])))));
  }
}

}  // namespace

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
  measureTopology(out.mesh, r, sm);
  r.diameter = (o.box_upper - o.box_lower).norm();
  r.max_vertex_distance = o.bisection_tolerance;
  measureAgainstPredicate(inside, o, h.minCoeff(), out.mesh, sm, r);
  r.min_angle_deg = minAngle(out.mesh);
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
