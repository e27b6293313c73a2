// The exact route: conforming meshes of the faces found by stabilityBodyFaces.
#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Delaunay_mesh_face_base_2.h>
#include <CGAL/Delaunay_mesh_size_criteria_2.h>
#include <CGAL/Delaunay_mesh_vertex_base_2.h>
#include <CGAL/Delaunay_mesher_no_edge_refinement_2.h>
#include <CGAL/Polygon_2.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/mesh/body_mesh.hpp>
#include <nsdkit/mesh/curved_face_mesh.hpp>
#include <nsdkit/mesh/mesh_measures.hpp>

namespace nsd::mesh {
namespace {

using detail::SurfaceMesh;
using K = detail::Kernel;
using Vb = CGAL::Delaunay_mesh_vertex_base_2<K>;
using Fb = CGAL::Delaunay_mesh_face_base_2<K>;
using Tds = CGAL::Triangulation_data_structure_2<Vb, Fb>;
using CDT = CGAL::Constrained_Delaunay_triangulation_2<K, Tds, CGAL::Exact_predicates_tag>;
using Criteria = CGAL::Delaunay_mesh_size_criteria_2<CDT>;
using Mesher = CGAL::Delaunay_mesher_no_edge_refinement_2<CDT, Criteria>;

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

// Slip angles of side `side` of a rectangle at t in [0, 1] (sides in the order of
// StabilityBodyFaces::side_plane: theta+ = lower, theta- = lower, theta+ = upper,
// theta- = upper, each run with the other angle increasing).
Eigen::Vector2d sideAngles(const SlipAngleRectangle& r, int side, double t) {
  const double tp = r.plus_lower + (r.plus_upper - r.plus_lower) * t;
  const double tm = r.minus_lower + (r.minus_upper - r.minus_lower) * t;
  switch (side) {
    case 0:
      return {r.plus_lower, tm};
    case 1:
      return {tp, r.minus_lower};
    case 2:
      return {r.plus_upper, tm};
    default:
      return {tp, r.minus_upper};
  }
}

// One curved face: its triangles and sides as vertex ids of the assembly.
struct CurvedFace {
  std::vector<std::array<int, 3>> triangles;
  std::array<std::vector<int>, 4> sides;  // vertex ids along each side (other angle increasing)
  double orientation = 1.0;               // +1 if S_p x S_q points outward
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
  bool onPlane(int v, int k, double tolerance) const {
    return std::fabs(faces.planes[static_cast<std::size_t>(k)].signedDistance(at(v))) <= tolerance;
  }
};

// sin^2 of the smallest angle the flat Delaunay refinement of the curved faces aims at: 24
// degrees, above the 20 degrees required on the surface, leaving room for what the conformal
// flattening of the reference grid does not keep.
constexpr double kCurvedAspectBound = 0.1654;

CurvedFace meshCurvedFace(Assembly& b, int sheet, double chord_tol) {
  const detail::CurvedFaceMesh m = detail::meshCurvedFaceConformally(
      [&b](double tp, double tm) { return b.surface(tp, tm); },
      b.faces.curved[static_cast<std::size_t>(sheet)], chord_tol, kCurvedAspectBound);
  std::vector<bool> sharp(m.angles.size(), false);
  for (const auto& side : m.sides)
    for (int v : side) sharp[static_cast<std::size_t>(v)] = true;
  std::vector<int> global(m.angles.size());
  for (std::size_t v = 0; v < m.angles.size(); ++v) {
    const Eigen::Vector2d& t = m.angles[v];
    global[v] =
        b.addVertex(b.surface(t[0], t[1]), {t[0], t[1], static_cast<double>(sheet)}, sharp[v]);
  }
  CurvedFace face;
  for (const auto& t : m.triangles) {
    face.triangles.push_back({global[static_cast<std::size_t>(t[0])],
                              global[static_cast<std::size_t>(t[1])],
                              global[static_cast<std::size_t>(t[2])]});
  }
  for (std::size_t s = 0; s < 4; ++s) {
    for (int v : m.sides[s]) face.sides[s].push_back(global[static_cast<std::size_t>(v)]);
  }
  return face;
}

// The exact volume as (1/3) of the flux of x through the exact faces:
//  - curved face: the integral of S . (S_p x S_q) over its rectangle (exact partials), with
//    the face's orientation sign;
//  - planar face k: x . n is its offset, so it gives offset_k A_k, the area A_k from Green's
//    theorem, (1/2) |n . (loop integral of x x dx)|, along its boundary: a side of each curved
//    face and two straight edges (x x dx over a segment a -> b is a x b).
// `panels` per parameter; the estimate of the error compares with half as many panels.
double exactVolume(const StabilityBodyFaces& f, const std::array<double, 2>& orientation,
                   double on_plane_tolerance, int panels) {
  auto S = [&f](double tp, double tm) { return slipSlipBoundaryPoint(f, tp, tm); };
  double flux = 0.0;
  for (std::size_t s = 0; s < 2; ++s) {
    const SlipAngleRectangle& r = f.curved[s];
    const double face_flux = gaussLegendre(
        [&](double tm) {
          return gaussLegendre(
              [&](double tp) {
                const SurfacePoint p = slipSlipBoundaryPointWithPartials(f, tp, tm);
                return p.x.dot(p.dx_dtheta_plus.cross(p.dx_dtheta_minus));
              },
              r.plus_lower, r.plus_upper, panels);
        },
        r.minus_lower, r.minus_upper, panels);
    flux += orientation[s] * face_flux;
  }
  auto curve = [&](int sheet, int side, double t) {
    const Eigen::Vector2d a = sideAngles(f.curved[static_cast<std::size_t>(sheet)], side, t);
    return S(a[0], a[1]);
  };
  // x x dx/dt along a side; a side runs along one angle over the rectangle's span of it.
  auto side_cross = [&](int sheet, int side, double t) -> Eigen::Vector3d {
    const SlipAngleRectangle& r = f.curved[static_cast<std::size_t>(sheet)];
    const Eigen::Vector2d a = sideAngles(r, side, t);
    const SurfacePoint p = slipSlipBoundaryPointWithPartials(f, a[0], a[1]);
    const Eigen::Vector3d dx =
        side % 2 == 0 ? Eigen::Vector3d((r.minus_upper - r.minus_lower) * p.dx_dtheta_minus)
                      : Eigen::Vector3d((r.plus_upper - r.plus_lower) * p.dx_dtheta_plus);
    return p.x.cross(dx);
  };
  auto on_plane = [&](const Eigen::Vector3d& x, int k) {
    return std::fabs(f.planes[static_cast<std::size_t>(k)].signedDistance(x)) <= on_plane_tolerance;
  };
  for (int k = 0; k < 4; ++k) {
    const auto& sp0 = f.side_plane[0];
    const auto& sp1 = f.side_plane[1];
    const int s0 = static_cast<int>(std::find(sp0.begin(), sp0.end(), k) - sp0.begin());
    const int s1 = static_cast<int>(std::find(sp1.begin(), sp1.end(), k) - sp1.begin());
    const auto top = [&](double t) { return curve(0, s0, t); };
    const Eigen::Vector3d a0 = top(0.0), a1 = top(1.0);
    // The bottom side starts at the corner on the same second plane as a1.
    int other = -1;
    for (int l = 0; l < 4; ++l) {
      if (l != k && on_plane(a1, l)) other = l;
    }
    const bool forward = other >= 0 && on_plane(curve(1, s1, 0.0), other);
    const auto bottom = [&](double t) { return curve(1, s1, forward ? t : 1.0 - t); };
    const Eigen::Vector3d b0 = bottom(0.0), b1 = bottom(1.0);
    const Eigen::Vector3d top_integral =
        gaussLegendre([&](double t) { return side_cross(0, s0, t); }, 0.0, 1.0, panels);
    const Eigen::Vector3d bottom_integral =
        (forward ? 1.0 : -1.0) *
        gaussLegendre([&](double t) { return side_cross(1, s1, t); }, 0.0, 1.0, panels);
    const Eigen::Vector3d loop = top_integral + a1.cross(b0) + bottom_integral + b1.cross(a0);
    const BoundaryPlane& plane = f.planes[static_cast<std::size_t>(k)];
    flux += plane.offset * 0.5 * std::fabs(plane.outward_normal.dot(loop));
  }
  return flux / 3.0;
}

// Distance from y to the sheet: Gauss-Newton on |x(theta) - y|^2 from theta0 (exact partials,
// clamped to the rectangle); any sheet point bounds it from above, this one closely.
double distanceToSheet(const StabilityBodyFaces& f, const SlipAngleRectangle& r,
                       const Eigen::Vector3d& y, Eigen::Vector2d theta) {
  double best = INFINITY;
  for (int iteration = 0; iteration < 5; ++iteration) {
    const SurfacePoint p = slipSlipBoundaryPointWithPartials(f, theta[0], theta[1]);
    const Eigen::Vector3d residual = p.x - y;
    best = std::min(best, residual.norm());
    Eigen::Matrix<double, 3, 2> jacobian;
    jacobian << p.dx_dtheta_plus, p.dx_dtheta_minus;
    const Eigen::Vector2d step =
        (jacobian.transpose() * jacobian).ldlt().solve(-jacobian.transpose() * residual);
    if (!step.allFinite()) break;
    theta[0] = std::clamp(theta[0] + step[0], r.plus_lower, r.plus_upper);
    theta[1] = std::clamp(theta[1] + step[1], r.minus_lower, r.minus_upper);
  }
  return best;
}

// A conforming mesh of the body and the outward sign of S_p x S_q on each curved face.
struct FacesMesh {
  BodyMesh body;
  std::array<double, 2> orientation{1.0, 1.0};
  std::vector<Eigen::Vector3d> corners;
  int straight_edges = 0;
};

// One conforming mesh of the body at the relative distance tolerance `tolerance`: topology and
// volume measured (the rest by measureFacesMesh).
FacesMesh meshFacesAt(const StabilityBodyFaces& f, double tolerance) {
  const auto t0 = std::chrono::steady_clock::now();
  Assembly b{f, {}, {}, {}};
  const double diameter = f.diameter;
  const double chord_tol = 0.5 * tolerance * diameter;
  const double on_plane_tolerance = 1e-8 * diameter;
  std::array<CurvedFace, 2> curved{meshCurvedFace(b, 0, chord_tol),
                                   meshCurvedFace(b, 1, chord_tol)};

  // Orientation: a face's normal points away from the centroid of the eight corners.
  Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
  std::vector<Eigen::Vector3d> corners;
  for (const auto& face : curved) {
    for (int side : {0, 2}) {
      for (int end : {0, 1}) {
        const auto& list = face.sides[static_cast<std::size_t>(side)];
        corners.push_back(b.at(end ? list.back() : list.front()));
        centroid += corners.back();
      }
    }
  }
  centroid /= static_cast<double>(corners.size());
  for (std::size_t s = 0; s < 2; ++s) {
    auto& face = curved[s];
    const auto& t = face.triangles[face.triangles.size() / 2];
    const Eigen::Vector3d a = b.at(t[0]), c = b.at(t[1]), d = b.at(t[2]);
    if ((c - a).cross(d - a).dot((a + c + d) / 3.0 - centroid) < 0) {
      for (auto& tri : face.triangles) std::swap(tri[1], tri[2]);
    }
    // The triangles run (a, a+1, ...) with increasing theta+ then theta-: S_p x S_q agrees with
    // the unflipped triangles.
    const Eigen::Vector3d na = (b.at(face.triangles[0][1]) - b.at(face.triangles[0][0]))
                                   .cross(b.at(face.triangles[0][2]) - b.at(face.triangles[0][0]));
    const double tp = b.param[static_cast<std::size_t>(face.triangles[0][0])][0];
    const double tm = b.param[static_cast<std::size_t>(face.triangles[0][0])][1];
    const double hp = 1e-7, hq = 1e-7;
    const Eigen::Vector3d sp = (b.surface(tp + hp, tm) - b.surface(tp, tm)) / hp;
    const Eigen::Vector3d sq = (b.surface(tp, tm + hq) - b.surface(tp, tm)) / hq;
    face.orientation = sp.cross(sq).dot(na) > 0 ? 1.0 : -1.0;
    for (const auto& tri : face.triangles) {
      b.mesh.triangles.push_back(tri);
      b.mesh.face_of_triangle.push_back(static_cast<int>(s));
    }
  }

  // Straight edges: a corner of face 0 and a corner of face 1 on the same two planes,
  // discretized once and shared by the two planar faces. The spacing grows linearly from the
  // curved sides' segment length at one corner to that at the other (points at equal steps of
  // the integral of 1/spacing), so the planar meshes grade smoothly along them.
  // Corners where the two curved faces meet (a straight edge of zero length, e.g. a body whose
  // curved faces close it like a lens): face 1 uses face 0's vertex there.
  {
    std::map<int, int> merged;
    for (const auto& side1 : curved[1].sides) {
      for (int c1 : {side1.front(), side1.back()}) {
        for (const auto& side0 : curved[0].sides) {
          for (int c0 : {side0.front(), side0.back()}) {
            if ((b.at(c0) - b.at(c1)).norm() <= on_plane_tolerance) merged[c1] = c0;
          }
        }
      }
    }
    auto remap = [&merged](int& v) {
      const auto it = merged.find(v);
      if (it != merged.end()) v = it->second;
    };
    for (auto& t : curved[1].triangles)
      for (int& v : t) remap(v);
    for (auto& side : curved[1].sides)
      for (int& v : side) remap(v);
    std::vector<Eigen::Vector3d> distinct;
    for (const auto& c : corners) {
      bool seen = false;
      for (const auto& d : distinct) seen |= (c - d).norm() <= on_plane_tolerance;
      if (!seen) distinct.push_back(c);
    }
    corners = distinct;
  }
  std::map<int, double> corner_spacing;
  double mean_spacing = 0.0;
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
        auto it = corner_spacing.find(corner);
        if (it == corner_spacing.end()) {
          corner_spacing[corner] = length;
        } else {
          it->second = std::min(it->second, length);
        }
      }
    }
  }
  mean_spacing /= spacing_count;
  std::map<std::pair<int, int>, std::vector<int>> straight;
  auto straight_edge = [&](int t, int bc) -> std::vector<int> {
    if (t == bc) return {t};  // the two curved faces meet at this corner
    const auto key = std::make_pair(t, bc);
    auto it = straight.find(key);
    if (it != straight.end()) return it->second;
    const Eigen::Vector3d a = b.at(t), c = b.at(bc);
    const double length = (c - a).norm();
    const double h0 = corner_spacing.at(t), h1 = corner_spacing.at(bc);
    const double slope = (h1 - h0) / length;
    // The integral of ds / (h0 + slope s) over the edge, and its inverse.
    const bool uniform = std::fabs(slope) < 1e-9;
    const double total = uniform ? length / h0 : std::log(h1 / h0) / slope;
    const int n = std::max(2, static_cast<int>(std::lround(total)));
    std::vector<int> pts{t};
    for (int k = 1; k < n; ++k) {
      const double w = total * k / n;
      const double at_s = uniform ? w * h0 : h0 * std::expm1(slope * w) / slope;
      pts.push_back(
          b.addVertex(a + (c - a) * (at_s / length), Eigen::Vector3d::Constant(NAN), true));
    }
    pts.push_back(bc);
    straight[key] = pts;
    return pts;
  };

  for (int k = 0; k < 4; ++k) {
    const auto& sp0 = f.side_plane[0];
    const auto& sp1 = f.side_plane[1];
    std::vector<int> top_side =
        curved[0]
            .sides[static_cast<std::size_t>(std::find(sp0.begin(), sp0.end(), k) - sp0.begin())];
    std::vector<int> bottom_side =
        curved[1]
            .sides[static_cast<std::size_t>(std::find(sp1.begin(), sp1.end(), k) - sp1.begin())];
    int end_plane = -1, start_plane = -1;
    for (int l = 0; l < 4; ++l) {
      if (l == k) continue;
      if (b.onPlane(top_side.back(), l, on_plane_tolerance)) end_plane = l;
      if (b.onPlane(top_side.front(), l, on_plane_tolerance)) start_plane = l;
    }
    if (end_plane < 0 || start_plane < 0) throw SolverFailure("a body corner is not on two planes");
    if (!b.onPlane(bottom_side.front(), end_plane, on_plane_tolerance))
      std::reverse(bottom_side.begin(), bottom_side.end());
    if (!b.onPlane(bottom_side.front(), end_plane, on_plane_tolerance) ||
        !b.onPlane(bottom_side.back(), start_plane, on_plane_tolerance)) {
      throw SolverFailure("the corners of the two curved faces do not pair up on plane " +
                          f.planes[static_cast<std::size_t>(k)].condition);
    }
    const std::vector<int> edge1 = straight_edge(top_side.back(), bottom_side.front());
    std::vector<int> edge2 = straight_edge(top_side.front(), bottom_side.back());
    std::reverse(edge2.begin(), edge2.end());
    // Top side, straight edge, bottom side, straight edge back (without its ends); a straight
    // edge of zero length (merged corners) adds nothing.
    std::vector<int> polygon(top_side);
    polygon.insert(polygon.end(), edge1.begin() + 1, edge1.end());
    polygon.insert(polygon.end(), bottom_side.begin() + 1, bottom_side.end());
    for (std::size_t m = 1; m + 1 < edge2.size(); ++m) polygon.push_back(edge2[m]);
    if (polygon.back() == polygon.front()) polygon.pop_back();

    // 2-D coordinates in the plane; CGAL's constrained Delaunay mesher inside the polygon.
    const Eigen::Vector3d normal = f.planes[static_cast<std::size_t>(k)].outward_normal;
    Eigen::Vector3d origin = Eigen::Vector3d::Zero();
    for (int v : polygon) origin += b.at(v);
    origin /= static_cast<double>(polygon.size());
    const Eigen::Vector3d e1 = (std::fabs(normal[2]) < 0.9 ? normal.cross(Eigen::Vector3d::UnitZ())
                                                           : normal.cross(Eigen::Vector3d::UnitX()))
                                   .normalized();
    const Eigen::Vector3d e2 = normal.cross(e1);
    std::vector<K::Point_2> points2;
    for (int v : polygon) {
      const Eigen::Vector3d d = b.at(v) - origin;
      points2.emplace_back(d.dot(e1), d.dot(e2));
    }
    if (!CGAL::Polygon_2<K>(points2.begin(), points2.end()).is_simple()) {
      throw SolverFailure("the boundary of the planar face " +
                          f.planes[static_cast<std::size_t>(k)].condition +
                          " is not a simple polygon: its curved sides cross");
    }
    CDT cdt;
    std::map<CDT::Vertex_handle, int> index_of;
    std::vector<CDT::Vertex_handle> handles;
    for (std::size_t m = 0; m < polygon.size(); ++m) {
      const int v = polygon[m];
      const auto h = cdt.insert(points2[m]);
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
    for (auto fh = cdt.finite_faces_begin(); fh != cdt.finite_faces_end(); ++fh) {
      if (!fh->is_in_domain()) continue;
      std::array<int, 3> tri{};
      for (int m = 0; m < 3; ++m) {
        const auto h = fh->vertex(m);
        auto it = index_of.find(h);
        if (it == index_of.end()) {
          // A vertex the mesher inserted: in the plane (projected onto it exactly).
          Eigen::Vector3d x = origin + h->point().x() * e1 + h->point().y() * e2;
          x -= f.planes[static_cast<std::size_t>(k)].signedDistance(x) * normal;
          it = index_of.emplace(h, b.addVertex(x, Eigen::Vector3d::Constant(NAN), false)).first;
        }
        tri[static_cast<std::size_t>(m)] = it->second;
      }
      const Eigen::Vector3d n3 = (b.at(tri[1]) - b.at(tri[0])).cross(b.at(tri[2]) - b.at(tri[0]));
      if (n3.dot(normal) < 0) std::swap(tri[1], tri[2]);
      b.mesh.triangles.push_back(tri);
      b.mesh.face_of_triangle.push_back(2 + k);
    }
  }

  // Drop vertices no triangle uses (face 1's merged corners).
  {
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
    b.mesh = std::move(compact.mesh);
    b.param = std::move(compact.param);
    b.on_sharp_edge = std::move(compact.on_sharp_edge);
  }
  FacesMesh out;
  BodyMeshReport& r = out.body.report;
  r.diameter = diameter;
  r.tolerance_used = tolerance;
  SurfaceMesh sm;
  detail::measureTopology(b.mesh, r, sm);
  r.corners = static_cast<int>(corners.size());
  r.sharp_edges = 8 + static_cast<int>(straight.size());
  out.orientation = {curved[0].orientation, curved[1].orientation};
  out.corners = corners;
  out.straight_edges = static_cast<int>(straight.size());
  out.body.mesh = std::move(b.mesh);
  out.body.on_sharp_edge = std::move(b.on_sharp_edge);
  out.body.slip_angles = std::move(b.param);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

// Angles, distances from the exact faces (both sides) of a mesh of meshFacesAt.
void measureFacesMesh(const StabilityBodyFaces& f, FacesMesh& m) {
  const TriangleMesh& mesh = m.body.mesh;
  BodyMeshReport& r = m.body.report;
  const double diameter = r.diameter;
  const auto& corners = m.corners;
  auto at = [&mesh](int v) -> const Eigen::Vector3d& {
    return mesh.vertices[static_cast<std::size_t>(v)];
  };
  r.min_angle_deg = 180.0;
  r.min_angle_away_from_corners_deg = 180.0;
  const double corner_zone = 0.02 * diameter;
  for (const auto& t : mesh.triangles) {
    const auto &x0 = at(t[0]), &x1 = at(t[1]), &x2 = at(t[2]);
    const double angle = detail::smallestAngleDeg(x0, x1, x2);
    r.min_angle_deg = std::min(r.min_angle_deg, angle);
    bool near_corner = false;
    for (const auto& c : corners) {
      near_corner |= (x0 - c).norm() < corner_zone || (x1 - c).norm() < corner_zone ||
                     (x2 - c).norm() < corner_zone;
    }
    if (!near_corner)
      r.min_angle_away_from_corners_deg = std::min(r.min_angle_away_from_corners_deg, angle);
  }
  // Vertices of the planar faces: distance from their plane (the curved faces' vertices are
  // evaluations of the surface).
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    const int face = mesh.face_of_triangle[t];
    if (face < 2) continue;
    for (int v : mesh.triangles[t]) {
      r.max_vertex_distance =
          std::max(r.max_vertex_distance,
                   std::fabs(f.planes[static_cast<std::size_t>(face - 2)].signedDistance(at(v))));
    }
  }
  // Triangle interiors of the curved faces at the centroid and the edge midpoints (where a
  // linear interpolant departs most from a quadratic surface): the distance from the sheet, by
  // Gauss-Newton from the barycentric slip angles where the sheet point there is not already
  // within a quarter of the tolerance.
  const double bary[4][3] = {{1. / 3, 1. / 3, 1. / 3}, {0.5, 0.5, 0}, {0, 0.5, 0.5}, {0.5, 0, 0.5}};
  const double quick = 0.25 * r.tolerance_used * diameter;
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    const int face = mesh.face_of_triangle[t];
    if (face >= 2) continue;
    const auto& tri = mesh.triangles[t];
    for (const auto& w : bary) {
      Eigen::Vector3d x = Eigen::Vector3d::Zero(), angles = Eigen::Vector3d::Zero();
      for (std::size_t k = 0; k < 3; ++k) {
        x += w[k] * at(tri[k]);
        angles += w[k] * m.body.slip_angles[static_cast<std::size_t>(tri[k])];
      }
      double d = (x - slipSlipBoundaryPoint(f, angles[0], angles[1])).norm();
      if (d > quick) {
        d = std::min(
            d, distanceToSheet(f, f.curved[static_cast<std::size_t>(face)], x, angles.head<2>()));
      }
      r.max_face_distance = std::max(r.max_face_distance, d);
    }
  }
  SurfaceMesh sm;
  BodyMeshReport topology;
  detail::measureTopology(mesh, topology, sm);
  // Exact -> mesh: 151 x 151 samples of each curved face (their sides are the planar faces'
  // curved boundaries; the planar faces and straight edges are meshed exactly).
  if (!r.closed) {
    r.hausdorff = INFINITY;
  } else {
    std::vector<Eigen::Vector3d> samples;
    const int n = 150;
    for (const auto& rect : f.curved) {
      for (int a = 0; a <= n; ++a) {
        for (int c = 0; c <= n; ++c) {
          samples.push_back(slipSlipBoundaryPoint(
              f, rect.plus_lower + (rect.plus_upper - rect.plus_lower) * a / n,
              rect.minus_lower + (rect.minus_upper - rect.minus_lower) * c / n));
        }
      }
    }
    r.hausdorff = std::max(detail::maxDistanceToMesh(sm, samples), r.max_face_distance);
  }
}

// Def 11 itself on both sides of the faces: at triangles away from the sharp edges, the exact
// boundary point under the centroid moved by delta inwards must be realizable and outwards not.
int checkAgainstDef11(const StabilityBodyFaces& f, const TwoContactFamily& family,
                      const BodyMesh& body, int count) {
  const auto& mesh = body.mesh;
  const double delta = 1e-4 * f.diameter;
  const std::size_t stride =
      std::max<std::size_t>(1, mesh.triangles.size() / static_cast<std::size_t>(count));
  int checked = 0;
  for (std::size_t t = stride / 2; t < mesh.triangles.size(); t += stride) {
    const auto& tri = mesh.triangles[t];
    if (body.on_sharp_edge[static_cast<std::size_t>(tri[0])] ||
        body.on_sharp_edge[static_cast<std::size_t>(tri[1])] ||
        body.on_sharp_edge[static_cast<std::size_t>(tri[2])]) {
      continue;
    }
    Eigen::Vector3d x = Eigen::Vector3d::Zero(), angles = Eigen::Vector3d::Zero();
    for (int v : tri) {
      x += mesh.vertices[static_cast<std::size_t>(v)] / 3.0;
      angles += body.slip_angles[static_cast<std::size_t>(v)] / 3.0;
    }
    const Eigen::Vector3d normal = (mesh.vertices[static_cast<std::size_t>(tri[1])] -
                                    mesh.vertices[static_cast<std::size_t>(tri[0])])
                                       .cross(mesh.vertices[static_cast<std::size_t>(tri[2])] -
                                              mesh.vertices[static_cast<std::size_t>(tri[0])])
                                       .normalized();
    if (mesh.face_of_triangle[t] < 2) x = slipSlipBoundaryPoint(f, angles[0], angles[1]);
    if (!realizableAt(family, x - delta * normal) || realizableAt(family, x + delta * normal)) {
      throw SolverFailure("Def 11 disagrees with the exact faces near (" + formatValue(x[0]) +
                          ", " + formatValue(x[1]) + ", " + formatValue(x[2]) +
                          "): this body has a boundary piece the exact route does not model");
    }
    ++checked;
  }
  return checked;
}

}  // namespace

BodyMesh meshTwoContactBody(const TwoContactFamily& family, const BodyMeshOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!(options.tolerance > 0.0 && options.tolerance <= 0.1)) {
    throw InvalidInput("mesh tolerance must be in (0, 0.1], got " + formatValue(options.tolerance));
  }
  if (!(options.volume_tolerance >= 0.0)) {
    throw InvalidInput("mesh volume tolerance must be >= 0, got " +
                       formatValue(options.volume_tolerance));
  }
  const StabilityBodyFaces faces = stabilityBodyFaces(family);
  double tolerance = options.tolerance;
  FacesMesh meshed = meshFacesAt(faces, tolerance);
  const double on_plane_tolerance = 1e-8 * faces.diameter;
  const double exact_volume = exactVolume(faces, meshed.orientation, on_plane_tolerance, 16);
  const double exact_volume_error =
      std::fabs(exact_volume - exactVolume(faces, meshed.orientation, on_plane_tolerance, 8));
  auto volume_off = [&](const BodyMeshReport& r) {
    return options.volume_tolerance > 0.0 &&
           !(std::fabs(r.volume - exact_volume) <= options.volume_tolerance * exact_volume);
  };
  for (int attempt = 0; attempt < 4 && volume_off(meshed.body.report); ++attempt) {
    // The volume deficit of a chord-bounded mesh scales with the tolerance: aim at 80 % of the
    // allowed deficit (the tolerance cut by a factor between 1.25 and 4).
    const double off = std::fabs(meshed.body.report.volume - exact_volume) / exact_volume;
    tolerance *= std::clamp(0.8 * options.volume_tolerance / off, 0.25, 0.8);
    meshed = meshFacesAt(faces, tolerance);
  }
  measureFacesMesh(faces, meshed);
  BodyMesh mesh = std::move(meshed.body);
  mesh.report.exact_volume = exact_volume;
  mesh.report.exact_volume_error = exact_volume_error;
  if (!mesh.report.closed || !mesh.report.manifold || !mesh.report.outward) {
    throw SolverFailure("the exact faces did not close into an outward 2-manifold surface");
  }
  mesh.report.def11_checks = checkAgainstDef11(faces, family, mesh, options.def11_checks);
  mesh.report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return mesh;
}

BodyMesh meshBallTroughBody(const models::BallTroughParameters& p, const BodyMeshOptions& options) {
  p.validate();
  return meshTwoContactBody(
      [p](const Eigen::Vector3d& m) {
        return contact::TwoContactDynamics(models::makeTwoContactBody(p, m));
      },
      options);
}

}  // namespace nsd::mesh
