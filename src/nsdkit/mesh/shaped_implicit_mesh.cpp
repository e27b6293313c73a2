// meshRegionShaped (body_mesh.hpp): the implicit route with shaped triangles and the sharp edges
// kept: a radial (or marching-tetrahedra) seed refined where it sags, split along its sharp
// edges, remeshed towards a sizing field with the edges kept, settled onto the boundary.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/mesh/body_mesh.hpp>
#include <nsdkit/mesh/feature_split.hpp>
#include <nsdkit/mesh/graded_remesh.hpp>
#include <nsdkit/mesh/mesh_measures.hpp>
#include <nsdkit/mesh/sag_refinement.hpp>
#include <nsdkit/mesh/sharp_edge_remesh.hpp>
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
/// boundary -> mesh side also from the located sharp-edge points), angles.
void measureShaped(const std::function<bool(const Vec&)>& inside, const Vec& interior_point,
                   const detail::FeatureConformingMesh& conforming, std::size_t seed_vertices,
                   const std::pair<Vec, Vec>& box, double edge_length, double tolerance,
                   const ShapedMeshOptions& o, BodyMesh& out, const std::vector<bool>& held) {
  BodyMeshReport& r = out.report;
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
  const std::vector<Vec> edge_points(conforming.mesh.vertices.begin() +
                                         static_cast<std::ptrdiff_t>(seed_vertices),
                                     conforming.mesh.vertices.end());
  r.hausdorff = std::max(r.hausdorff, detail::maxDistanceToMesh(sm, edge_points));
  r.min_angle_deg = detail::minAngle(out.mesh);
  r.min_angle_away_from_corners_deg = minAngleAwayFromCorners(out.mesh, held);
  r.corners = static_cast<int>(conforming.corners.size());
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

}  // namespace

BodyMesh meshRegionShaped(const std::function<bool(const Eigen::Vector3d&)>& inside,
                          const BoundaryPieceLabel& piece, const Eigen::Vector3d& interior_point,
                          const ShapedMeshOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  requireValid(o);
  // The box, the size and the grid scale from a marching-tetrahedra seed.
  // (The seed's own distance is not measured: every vertex is projected again.)
  const BodyMesh tetra_seed =
      meshRegionAround(inside, interior_point, o.seed_resolution, o.threads, false);
  const auto [body_lower, body_upper] = boxOf(tetra_seed.mesh.vertices, 0.0);
  const double size = (body_upper - body_lower).norm();
  const double edge_length = o.edge_length * size;
  const detail::LabelledBoundary boundary{
      inside, piece ? piece : BoundaryPieceLabel([](const Vec&) { return 0; }),
      seedCell(tetra_seed.mesh), 1e-7 * size};
  const auto box = boxOf(tetra_seed.mesh.vertices, 2.0 * boundary.cell);
  detail::RayFan fan;
  fan.centre = interior_point;
  std::tie(fan.box_lower, fan.box_upper) = box;
  fan.tolerance = 1e-4 * edge_length;
  // 1. The seed; 2. refined where it sags.
  bool radial = false;
  const TriangleMesh seed = seedMesh(inside, tetra_seed.mesh, boundary, fan, edge_length, o, radial);
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
  BodyMesh out;
  out.mesh = detail::toTriangleMesh(m.sm);
  for (const auto e : m.sm.edges()) out.report.sharp_edges += m.sharp[e] ? 1 : 0;
  const auto [mesh_lower, mesh_upper] = boxOf(out.mesh.vertices, 0.0);
  out.report.diameter = (mesh_upper - mesh_lower).norm();
  out.report.tolerance_used = o.edge_length;
  out.report.seed = radial ? "radial" : "marching tetrahedra";
  out.held = detail::heldVertices(m);
  measureShaped(inside, interior_point, conforming, refined.mesh.vertices.size(), box,
                edge_length, boundary.tolerance, o, out, out.held);
  out.report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace nsd::mesh
