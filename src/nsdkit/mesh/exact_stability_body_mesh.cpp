// The exact route: conforming meshes of the faces found by stabilityBodyFaces.

#include <Eigen/Geometry>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <list>
#include <map>
#include <set>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/mesh/curved_face_mesh.hpp>
#include <nsdkit/mesh/exact_faces_assembly.hpp>
#include <nsdkit/mesh/mesh_measures.hpp>
#include <nsdkit/mesh/stability_body_mesh.hpp>

namespace nsd::mesh {
namespace {

using detail::Assembly;
using detail::CurvedFace;
using detail::FacesAssembly;
using detail::FacesMesh;
using detail::SurfaceMesh;
// sin^2 of the smallest angle the flat Delaunay refinement of the curved faces aims at: 24
// degrees, above the 20 degrees required on the surface, leaving room for what the conformal
// flattening of the reference grid does not keep.
constexpr double kCurvedAspectBound = 0.1654;

// The smallest 3-D angle of a curved-face mesh away from its rectangle's corners (2 % of the
// diameter) [deg].
double smallestCurvedAngle(const Assembly& b, const SheetRectangle& rect,
                           const detail::CurvedFaceMesh& m) {
  const SlipAngleRectangle& r = rect.angles;
  const std::array<Eigen::Vector3d, 4> corners{
      b.surface(r.plus_lower, r.minus_lower), b.surface(r.plus_upper, r.minus_lower),
      b.surface(r.plus_lower, r.minus_upper), b.surface(r.plus_upper, r.minus_upper)};
  const double zone = 0.02 * b.faces.diameter;
  double worst = 180.0;
  for (const auto& t : m.triangles) {
    std::array<Eigen::Vector3d, 3> x;
    bool near = false;
    for (std::size_t k = 0; k < 3; ++k) {
      const Eigen::Vector2d& a = m.angles[static_cast<std::size_t>(t[k])];
      x[k] = b.surface(a[0], a[1]);
      for (const auto& c : corners) near |= (x[k] - c).norm() < zone;
    }
    if (!near) worst = std::min(worst, detail::smallestAngleDeg(x[0], x[1], x[2]));
  }
  return worst;
}

CurvedFace meshCurvedFace(Assembly& b, std::size_t index, double chord_tol) {
  const SheetRectangle& rect = b.faces.curved[index];
  // 64 reference cells, doubled (up to 256) while the flattening does not keep 20.2 degrees on
  // the surface (a strongly varying metric needs a finer reference grid).
  detail::CurvedFaceMesh m;
  for (int cells = 64; cells <= 256; cells *= 2) {
    m = detail::meshCurvedFaceConformally([&b](double tp, double tm) { return b.surface(tp, tm); },
                                          rect.angles, chord_tol, kCurvedAspectBound, cells);
    if (smallestCurvedAngle(b, rect, m) >= 20.2) break;
  }
  std::vector<bool> sharp(m.angles.size(), false);
  for (const auto& side : m.sides)
    for (int v : side) sharp[static_cast<std::size_t>(v)] = true;
  std::vector<int> global(m.angles.size());
  for (std::size_t v = 0; v < m.angles.size(); ++v) {
    const Eigen::Vector2d& t = m.angles[v];
    global[v] =
        b.addVertex(b.surface(t[0], t[1]), {t[0], t[1], static_cast<double>(rect.sheet)}, sharp[v]);
  }
  CurvedFace face;
  face.rectangle = index;
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

// The rectangle of sheet `sheet` that contains the slip angles (nearest if none, by rounding).
std::size_t rectangleOf(const StabilityBodyFaces& f, const Eigen::Vector3d& angles) {
  std::size_t best = 0;
  double best_out = INFINITY;
  for (std::size_t i = 0; i < f.curved.size(); ++i) {
    if (f.curved[i].sheet != static_cast<int>(angles[2])) continue;
    const SlipAngleRectangle& r = f.curved[i].angles;
    const double out = std::max({r.plus_lower - angles[0], angles[0] - r.plus_upper,
                                 r.minus_lower - angles[1], angles[1] - r.minus_upper});
    if (out < best_out) {
      best_out = out;
      best = i;
    }
  }
  return best;
}

// Stage 1: each curved face oriented outward by Def 11 just off its centre.
void orientCurvedFaces(FacesAssembly& fa, const TwoContactFamily& family) {
  const StabilityBodyFaces& f = fa.f;
  auto& curved = fa.curved;
  const double probe = fa.probe;
  for (auto& face : curved) {
    const SlipAngleRectangle& r = f.curved[face.rectangle].angles;
    const SurfacePoint p = slipSlipBoundaryPointWithPartials(f, 0.5 * (r.plus_lower + r.plus_upper),
                                                             0.5 * (r.minus_lower + r.minus_upper));
    const Eigen::Vector3d n = p.dx_dtheta_plus.cross(p.dx_dtheta_minus).normalized();
    const bool behind = realizableAt(family, p.x - probe * n);
    const bool ahead = realizableAt(family, p.x + probe * n);
    if (behind == ahead) {
      throw SolverFailure(
          "Def 11 does not change across a two-point-slip face: it is not a "
          "boundary of the body");
    }
    face.orientation = behind ? 1.0 : -1.0;
    if (!behind) {
      for (auto& tri : face.triangles) std::swap(tri[1], tri[2]);
    }
  }
}

// One conforming mesh of the body at the relative distance tolerance `tolerance`: topology and
// volume measured, and the exact volume if asked (the rest by measureFacesMesh).
//  - curved faces: meshCurvedFace per rectangle, oriented outward by Def 11 on both sides;
//  - key points (the rectangles' corners and the tetrahedron's vertices) merged where they
//    coincide (curved faces meeting at a corner);
//  - the tetrahedron's six edges discretized once through the key points on them, the spacing
//    graded between the key points' side spacings;
//  - planar face k: CGAL constrained Delaunay triangulation of the tetrahedron's face k with
//    the sides of the curved faces on plane k as constraints; each region they cut it into is
//    kept if Def 11 holds just inside the body there, and the kept regions are refined
//    (Delaunay_mesher_no_edge_refinement_2 seeded with them, 20.7 degrees).
FacesMesh meshFacesAt(const StabilityBodyFaces& f, const TwoContactFamily& family, double tolerance,
                      bool with_exact_volume) {
  const auto t0 = std::chrono::steady_clock::now();
  FacesAssembly fa{f, Assembly{f, {}, {}, {}}, {}, 0.0, 0.0, 0.0, 0.0, {}, {}, {}, 0.0, {}, {}};
  fa.diameter = f.diameter;
  fa.chord_tol = 0.5 * tolerance * fa.diameter;
  fa.on_plane_tolerance = 1e-8 * fa.diameter;
  fa.probe = 1e-6 * fa.diameter;  // Def 11 probes this far from a face
  for (std::size_t i = 0; i < f.curved.size(); ++i) {
    fa.curved.push_back(meshCurvedFace(fa.b, i, fa.chord_tol));
  }
  orientCurvedFaces(fa, family);
  mergeKeyPoints(fa);
  measureKeySpacing(fa);
  discretizeTetrahedronEdges(fa, family);
  for (int k = 0; k < 4; ++k) meshPlanarFace(fa, family, k);
  addCurvedTrianglesAfterCheckingPlanarFaces(fa);
  const double exact_volume = with_exact_volume ? exactVolume(fa, 16) : NAN;
  const double exact_volume_error =
      with_exact_volume ? std::fabs(exact_volume - exactVolume(fa, 8)) : NAN;
  FacesMesh out = compactAndMeasure(fa, tolerance);
  out.exact_volume = exact_volume;
  out.exact_volume_error = exact_volume_error;
  out.stability_body.report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

// Angles, distances from the exact faces (both sides) of a mesh of meshFacesAt.
void measureFacesMesh(const StabilityBodyFaces& f, FacesMesh& m) {
  const TriangleMesh& mesh = m.stability_body.mesh;
  StabilityBodyMeshReport& r = m.stability_body.report;
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
        angles += w[k] * m.stability_body.slip_angles[static_cast<std::size_t>(tri[k])];
      }
      double d = (x - slipSlipBoundaryPoint(f, angles[0], angles[1])).norm();
      if (d > quick) {
        d = std::min(
            d, distanceToSheet(f, f.curved[rectangleOf(f, angles)].angles, x, angles.head<2>()));
      }
      r.max_face_distance = std::max(r.max_face_distance, d);
    }
  }
  SurfaceMesh sm;
  StabilityBodyMeshReport topology;
  detail::measureTopology(mesh, topology, sm);
  // Exact -> mesh: 151 x 151 samples of each curved face (their sides are the planar faces'
  // curved boundaries; the planar faces and straight edges are meshed exactly).
  if (!r.closed) {
    r.hausdorff = INFINITY;
  } else {
    std::vector<Eigen::Vector3d> samples;
    const int n = 150;
    for (const auto& curved : f.curved) {
      const SlipAngleRectangle& rect = curved.angles;
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
                      const StabilityBodyMesh& body, int count) {
  const auto& mesh = body.mesh;
  const double delta = 1e-4 * f.diameter;
  std::vector<std::size_t> eligible;  // triangles without a vertex on a sharp edge
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    const auto& tri = mesh.triangles[t];
    if (!body.on_sharp_edge[static_cast<std::size_t>(tri[0])] &&
        !body.on_sharp_edge[static_cast<std::size_t>(tri[1])] &&
        !body.on_sharp_edge[static_cast<std::size_t>(tri[2])]) {
      eligible.push_back(t);
    }
  }
  const std::size_t stride =
      std::max<std::size_t>(1, eligible.size() / static_cast<std::size_t>(std::max(1, count)));
  int checked = 0;
  for (std::size_t e = stride / 2; e < eligible.size() && checked < count; e += stride) {
    const std::size_t t = eligible[e];
    const auto& tri = mesh.triangles[t];
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

StabilityBodyMesh meshTwoContactStabilityBody(const TwoContactFamily& family,
                                              const StabilityBodyMeshOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!(options.tolerance >= 1e-5 && options.tolerance <= 0.1)) {
    throw InvalidInput("mesh tolerance must be in [1e-5, 0.1], got " +
                       formatValue(options.tolerance));
  }
  if (!(options.volume_tolerance >= 0.0)) {
    throw InvalidInput("mesh volume tolerance must be >= 0, got " +
                       formatValue(options.volume_tolerance));
  }
  const StabilityBodyFaces faces = stabilityBodyFaces(family);
  double tolerance = options.tolerance;
  FacesMesh meshed = meshFacesAt(faces, family, tolerance, true);
  if (meshed.stability_body.mesh.triangles.empty() || !(meshed.exact_volume > 0.0)) {
    throw SolverFailure(
        "Def 11 fails next to every candidate face: the exact faces bound no realizable set");
  }
  const double exact_volume = meshed.exact_volume;
  const double exact_volume_error = meshed.exact_volume_error;
  auto volume_off = [&](const StabilityBodyMeshReport& r) {
    return options.volume_tolerance > 0.0 &&
           !(std::fabs(r.volume - exact_volume) <= options.volume_tolerance * exact_volume);
  };
  for (int attempt = 0; attempt < 4 && volume_off(meshed.stability_body.report); ++attempt) {
    // The volume deficit of a chord-bounded mesh scales with the tolerance: aim at 80 % of the
    // allowed deficit (the tolerance cut by a factor between 1.25 and 4).
    const double off = std::fabs(meshed.stability_body.report.volume - exact_volume) / exact_volume;
    tolerance *= std::clamp(0.8 * options.volume_tolerance / off, 0.25, 0.8);
    meshed = meshFacesAt(faces, family, tolerance, false);  // the exact volume stays
  }
  measureFacesMesh(faces, meshed);
  StabilityBodyMesh mesh = std::move(meshed.stability_body);
  mesh.report.exact = ExactRouteReport{exact_volume, exact_volume_error, 0};
  if (!mesh.report.closed || !mesh.report.manifold || !mesh.report.outward) {
    throw SolverFailure("the exact faces did not close into an outward 2-manifold surface");
  }
  mesh.report.exact->def11_checks = checkAgainstDef11(faces, family, mesh, options.def11_checks);
  mesh.report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return mesh;
}

}  // namespace nsd::mesh
