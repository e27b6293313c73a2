// meshRegionShaped (stability_body_mesh.hpp): the implicit route with shaped triangles and the
// sharp edges kept: a radial (or marching-tetrahedra) seed refined where it sags, split along its
// sharp edges, remeshed towards a sizing field with the edges kept, settled onto the boundary.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/mesh/feature_split.hpp>
#include <nsdkit/mesh/graded_remesh.hpp>
#include <nsdkit/mesh/mesh_measures.hpp>
#include <nsdkit/mesh/sag_refinement.hpp>
#include <nsdkit/mesh/sharp_edge_remesh.hpp>
#include <nsdkit/mesh/stability_body_mesh.hpp>
#include <nsdkit/mesh/star_seed.hpp>

namespace nsd::mesh {
namespace {

using Vec = Eigen::Vector3d;

/// Rays of the sideways distance search (mesh_measures.hpp): every direction lies within
/// 0.171 rad of one of them (measured over 2e5 random directions), so its bound exceeds the true
/// distance by at most 1.5 %.
constexpr int kSideRays = 256;

/// The radial seed: 4^3 * 20 = 1280 triangles, rays about 8 degrees apart before stretching to
/// the box (the star check runs on its 642 rays).
constexpr int kStarSubdivisions = 3;
/// Rounds of sag refinement: each halves the sagging edges; from the radial seed's edges (up to
/// 2 edge lengths after the first rounds) to 1/8 of the edge length takes 5, the rest reach the
/// thin ends.
constexpr int kSagRounds = 12;
/// Growth of the target length per unit length (gradedSizes): a target of 1/8 edge length
/// reaches the full length over 2.2 edge lengths.
constexpr double kGradation = 0.4;
/// Box aspect (longest over shortest extent, in the axes' units) above which the set is meshed
/// in coordinates scaled to its box.
constexpr double kAxisScalingAspect = 20.0;

void requireValid(const ShapedMeshOptions& o) {
  if (o.seed_resolution < kShapedSeedResolutionMin ||
      o.seed_resolution > kShapedSeedResolutionMax) {
    throw InvalidInput("seed resolution must be in [8, 200], got " +
                       std::to_string(o.seed_resolution));
  }
  if (!(o.edge_length >= 1e-3 && o.edge_length <= 0.1)) {
    throw InvalidInput("edge length must be in [1e-3, 0.1] of the body's size, got " +
                       formatValue(o.edge_length));
  }
  if (o.iterations < 1 || o.iterations > 50) {
    throw InvalidInput("iterations must be in [1, 50], got " + std::to_string(o.iterations));
  }
  if (!(o.sag_tolerance >= 1e-5 && o.sag_tolerance <= 1e-2)) {
    throw InvalidInput("sag tolerance must be in [1e-5, 1e-2] of the body's size, got " +
                       formatValue(o.sag_tolerance));
  }
  if (o.boundary_samples < 0 || o.boundary_samples > 10'000'000) {
    throw InvalidInput("boundary samples must be in [0, 1e7], got " +
                       std::to_string(o.boundary_samples));
  }
}

/// The box of the points, widened by `pad` on every side.
std::pair<Vec, Vec> boxOf(const std::vector<Vec>& points, double pad) {
  Vec lower = Vec::Constant(INFINITY);
  Vec upper = -lower;
  for (const auto& v : points) {
    lower = lower.cwiseMin(v);
    upper = upper.cwiseMax(v);
  }
  return {lower - Vec::Constant(pad), upper + Vec::Constant(pad)};
}

/// Twice the mean edge length of a marching-tetrahedra mesh is close to its grid cell.
double seedCell(const TriangleMesh& seed) {
  double sum = 0.0;
  for (const auto& t : seed.triangles) {
    for (std::size_t e = 0; e < 3; ++e) {
      sum += (seed.vertices[static_cast<std::size_t>(t[e])] -
              seed.vertices[static_cast<std::size_t>(t[(e + 1) % 3])])
                 .norm();
    }
  }
  return 2.0 * sum / (3.0 * static_cast<double>(std::max<std::size_t>(1, seed.triangles.size())));
}

/// The smallest angle over the triangles that touch no held vertex (corner or kink) [deg].
double minAngleAwayFromCorners(const TriangleMesh& mesh, const std::vector<bool>& held) {
  double smallest = 180.0;
  for (const auto& t : mesh.triangles) {
    const auto at = [&](int k) { return static_cast<std::size_t>(t[static_cast<std::size_t>(k)]); };
    if (held[at(0)] || held[at(1)] || held[at(2)]) continue;
    smallest = std::min(smallest, detail::smallestAngleDeg(mesh.vertices[at(0)],
                                                           mesh.vertices[at(1)],
                                                           mesh.vertices[at(2)]));
  }
  return smallest;
}

/// The report of meshRegionShaped: topology, distances measured with the predicate (the
/// boundary -> mesh side also from the located sharp-edge points).
void measureShaped(const std::function<bool(const Vec&)>& inside, const Vec& interior_point,
                   const std::vector<Vec>& edge_points, const std::pair<Vec, Vec>& box,
                   double edge_length, double tolerance, const ShapedMeshOptions& o,
                   StabilityBodyMesh& out) {
  StabilityBodyMeshReport& r = out.report;
  detail::SurfaceMesh sm;
  detail::measureTopology(out.mesh, r, sm);
  if (!r.closed || !r.manifold || !r.outward) {
    throw SolverFailure("the remeshed surface is not a closed, outward 2-manifold");
  }
  ImplicitMeshOptions measure;
  std::tie(measure.box_lower, measure.box_upper) = box;
  measure.interior_point = interior_point;
  // The distances are bisected to 1e-4 edge lengths (8e-7 of the size at the default length),
  // far below the 1e-3 they are checked against; the vertices lie on the boundary to
  // `tolerance` (1e-7 of the size).
  measure.bisection_tolerance = std::max(tolerance, 1e-4 * edge_length);
  measure.threads = o.threads;
  measure.boundary_samples = o.boundary_samples;
  r.max_vertex_distance = tolerance;
  detail::measureAgainstPredicate(inside, measure, edge_length, out.mesh, sm, r, kSideRays);
  // The split points (on the true edges and corners) against the mesh.
  r.hausdorff = std::max(r.hausdorff, detail::maxDistanceToMesh(sm, edge_points));
}

/// Stage 1: the radial seed where the set is star-shaped about the interior point, else the
/// marching-tetrahedra seed remeshed at the edge length; `radial` says which.
TriangleMesh seedMesh(const std::function<bool(const Vec&)>& inside, const TriangleMesh& tetra_seed,
                      const detail::LabelledBoundary& boundary, const detail::RayFan& fan,
                      double edge_length, const ShapedMeshOptions& o, bool& radial) {
  auto star = detail::starShapedSeed(inside, fan, kStarSubdivisions, o.threads);
  radial = star.has_value();
  return radial ? std::move(*star) : detail::shapeSeed(tetra_seed, boundary, edge_length, 3);
}

/// Stage 3 (sizes): the refined mesh's targets carried over to the split mesh (its first
/// vertices are the refined mesh's; an edge or corner point takes the smallest target of its
/// neighbours among them), lowered by the split mesh's own sags and graded.
std::vector<double> splitMeshSizes(const detail::FeatureConformingMesh& conforming,
                                   const detail::SagRefinedMesh& refined,
                                   const detail::LabelledBoundary& boundary,
                                   const detail::SagRefinementOptions& sag) {
  const std::size_t kept = refined.sizes.size();
  std::vector<double> sizes(conforming.mesh.vertices.size(), sag.max_length);
  std::copy(refined.sizes.begin(), refined.sizes.end(), sizes.begin());
  for (const auto& t : conforming.mesh.triangles) {
    for (std::size_t e = 0; e < 3; ++e) {
      const auto a = static_cast<std::size_t>(t[e]), b = static_cast<std::size_t>(t[(e + 1) % 3]);
      if (a >= kept && b < kept) sizes[a] = std::min(sizes[a], refined.sizes[b]);
      if (b >= kept && a < kept) sizes[b] = std::min(sizes[b], refined.sizes[a]);
    }
  }
  sizes = detail::sagSizes(conforming, std::move(sizes), boundary, sag);
  return detail::gradedSizes(conforming.mesh, std::move(sizes), kGradation);
}

/// What stages 1 to 5 produce, in the coordinates they ran in.
struct ShapedStages {
  StabilityBodyMesh body;         ///< the mesh, its held vertices and sharp-edge count
  std::vector<Vec> edge_points;   ///< the located edge points and corners
  std::pair<Vec, Vec> box;        ///< the set's box, widened by two grid cells
  double edge_length = 0.0;       ///< the target where the boundary is flat
  double tolerance = 0.0;         ///< of the vertices on the boundary
};

/// Stages 1 to 5 on the set {inside}, its box and grid scale from `tetra_seed`.
ShapedStages runStages(const std::function<bool(const Vec&)>& inside,
                       const BoundaryPieceLabel& piece, const Vec& interior_point,
                       const TriangleMesh& tetra_seed, const ShapedMeshOptions& o) {
  const auto [body_lower, body_upper] = boxOf(tetra_seed.vertices, 0.0);
  const double size = (body_upper - body_lower).norm();
  ShapedStages out;
  out.edge_length = o.edge_length * size;
  const double edge_length = out.edge_length;
  const detail::LabelledBoundary boundary{
      inside, piece ? piece : BoundaryPieceLabel([](const Vec&) { return 0; }),
      seedCell(tetra_seed), 1e-7 * size};
  out.tolerance = boundary.tolerance;
  out.box = boxOf(tetra_seed.vertices, 2.0 * boundary.cell);
  detail::RayFan fan;
  fan.centre = interior_point;
  std::tie(fan.box_lower, fan.box_upper) = out.box;
  fan.tolerance = 1e-4 * edge_length;
  // 1. The seed; 2. refined where it sags.
  bool radial = false;
  const TriangleMesh seed = seedMesh(inside, tetra_seed, boundary, fan, edge_length, o, radial);
  detail::SagRefinementOptions sag;
  sag.sag_tolerance = o.sag_tolerance * size;
  sag.max_length = edge_length;
  sag.min_length = edge_length / 8.0;
  sag.rounds = kSagRounds;
  sag.threads = o.threads;
  sag.rays = radial ? &fan : nullptr;
  const detail::SagRefinedMesh refined = detail::refineWhereSagging(seed, boundary, sag);
  // 3. Split along the sharp edges, the targets.
  const detail::FeatureConformingMesh conforming =
      detail::splitAlongSharpEdges(boundary, refined.mesh, o.threads);
  const detail::SizedReference reference(
      conforming.mesh, splitMeshSizes(conforming, refined, boundary, sag), conforming.features);
  // 4. Remeshed with the edges kept, 5. settled onto the boundary.
  detail::MarkedMesh m;
  detail::markSharpEdges(conforming, edge_length, m);
  detail::remeshGraded(m, reference, o.iterations);
  detail::settleOntoBoundary(m, boundary, edge_length,
                             [&](const Vec& p) { return reference.closest(p).size; });
  out.body.mesh = detail::toTriangleMesh(m.sm);
  out.body.held = detail::heldVertices(m);
  for (const auto e : m.sm.edges()) out.body.report.sharp_edges += m.sharp[e] ? 1 : 0;
  out.body.report.corners = static_cast<int>(conforming.corners.size());
  out.body.report.shaped =
      ShapedRouteReport{radial ? "radial" : "marching tetrahedra", Eigen::Vector3d::Ones()};
  out.edge_points.assign(conforming.mesh.vertices.begin() +
                             static_cast<std::ptrdiff_t>(refined.mesh.vertices.size()),
                         conforming.mesh.vertices.end());
  return out;
}

}  // namespace

StabilityBodyMesh meshRegionShaped(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                   const BoundaryPieceLabel& piece,
                                   const Eigen::Vector3d& interior_point,
                                   const ShapedMeshOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  requireValid(o);
  // The box and the grid scale from a marching-tetrahedra seed.
  // (The seed's own distance is not measured: every vertex is projected again.)
  const StabilityBodyMesh tetra_seed =
      meshRegionAround(inside, interior_point, o.seed_resolution, o.threads, false);
  // A set far thinner along one axis than along another (in the axes' units) is meshed in
  // coordinates scaled to its box, u = x / scale: the lengths relative to its size would
  // otherwise leave too few triangles across it.
  const auto [lower, upper] = boxOf(tetra_seed.mesh.vertices, 0.0);
  const Vec extent = upper - lower;
  Vec scale = Vec::Ones();
  if (extent.maxCoeff() > kAxisScalingAspect * extent.minCoeff()) scale = extent / extent.maxCoeff();
  const auto to_x = [&](const Vec& u) { return Vec(u.cwiseProduct(scale)); };
  const auto to_u = [&](const Vec& x) { return Vec(x.cwiseQuotient(scale)); };
  TriangleMesh seed_u = tetra_seed.mesh;
  for (Vec& v : seed_u.vertices) v = to_u(v);
  const ShapedStages stages = runStages(
      [&](const Vec& u) { return inside(to_x(u)); },
      piece ? BoundaryPieceLabel([&](const Vec& u) { return piece(to_x(u)); }) : piece,
      to_u(interior_point), seed_u, o);
  StabilityBodyMesh out = stages.body;
  for (Vec& v : out.mesh.vertices) v = to_x(v);
  std::vector<Vec> edge_points = stages.edge_points;
  for (Vec& v : edge_points) v = to_x(v);
  const auto [mesh_lower, mesh_upper] = boxOf(out.mesh.vertices, 0.0);
  out.report.diameter = (mesh_upper - mesh_lower).norm();
  out.report.tolerance_used = o.edge_length;
  if (!out.report.shaped) out.report.shaped.emplace();
  out.report.shaped->axis_scale = scale;
  // Measured in the axes' units; the scaling shortens no distance (scale <= 1).
  measureShaped(inside, interior_point, edge_points,
                {to_x(stages.box.first), to_x(stages.box.second)}, stages.edge_length,
                stages.tolerance, o, out);
  // Angles in the coordinates the triangles were shaped in.
  out.report.min_angle_deg = detail::minAngle(stages.body.mesh);
  out.report.min_angle_away_from_corners_deg =
      minAngleAwayFromCorners(stages.body.mesh, stages.body.held);
  out.report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace nsd::mesh
