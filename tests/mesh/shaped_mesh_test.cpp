// The shaped implicit route (meshRegionShaped) against closed forms: a turned cube (sharp edges
// and corners, its exact distance, volume 8) and the axle's realizable set against a seeded
// Monte Carlo volume of its predicate; every figure recomputed from the mesh here.
#include <nsdkit/mesh/stability_body_mesh.hpp>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/region/monte_carlo.hpp>

#include <gtest/gtest.h>

#include "../support/nan_propagating.hpp"
#include "../support/point_triangle_distance.hpp"

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::mesh {
namespace {

using Vec = Eigen::Vector3d;

/// The cube [-1, 1]^3 turned by `turn` (not aligned with the seed's grid).
struct TurnedCube {
  Eigen::Matrix3d turn;
  Vec local(const Vec& x) const { return turn.transpose() * x; }
  bool inside(const Vec& x) const { return local(x).cwiseAbs().maxCoeff() < 1.0; }
  /// The face a point outside lies beyond: the coordinate and sign that exceed 1 the most.
  int face(const Vec& x) const {
    const Vec y = local(x);
    Eigen::Index k = 0;
    y.cwiseAbs().maxCoeff(&k);
    return 2 * static_cast<int>(k) + (y[k] > 0 ? 1 : 0);
  }
  /// The exact distance of x from the cube's surface.
  double distance(const Vec& x) const {
    const Vec y = local(x).cwiseAbs();
    if (y.maxCoeff() <= 1.0) return 1.0 - y.maxCoeff();
    return (y.array() - 1.0).max(0.0).matrix().norm();
  }
};

TurnedCube turnedCube() {
  const Eigen::Matrix3d turn =
      (Eigen::AngleAxisd(0.3, Vec::UnitZ()) * Eigen::AngleAxisd(0.5, Vec::UnitY()) *
       Eigen::AngleAxisd(0.2, Vec::UnitX()))
          .toRotationMatrix();
  return {turn};
}

double smallestAngleDeg(const Vec& a, const Vec& b, const Vec& c) {
  const auto at = [](const Vec& p, const Vec& q, const Vec& r) {
    return std::acos(std::clamp((q - p).normalized().dot((r - p).normalized()), -1.0, 1.0)) *
           180.0 / kPi;
  };
  return test_support::minPropagatingNaN({at(a, b, c), at(b, c, a), at(c, a, b)});
}

using test_support::pointTriangleDistance;

double distanceToMesh(const TriangleMesh& m, const Vec& p) {
  double best = INFINITY;
  for (const auto& t : m.triangles) {
    best = test_support::minPropagatingNaN(
        {best, pointTriangleDistance(p, m.vertices[static_cast<std::size_t>(t[0])],
                                     m.vertices[static_cast<std::size_t>(t[1])],
                                     m.vertices[static_cast<std::size_t>(t[2])])});
  }
  return best;
}

/// Points on the cube's twelve edges (`per_edge` each, corners included).
std::vector<Vec> cubeEdgePoints(const TurnedCube& cube, int per_edge) {
  std::vector<Vec> out;
  for (int axis = 0; axis < 3; ++axis) {
    for (int a : {-1, 1}) {
      for (int b : {-1, 1}) {
        for (int k = 0; k < per_edge; ++k) {
          Vec y;
          y[axis] = -1.0 + 2.0 * k / (per_edge - 1);
          y[(axis + 1) % 3] = a;
          y[(axis + 2) % 3] = b;
          out.push_back(cube.turn * y);
        }
      }
    }
  }
  return out;
}

/// The cube's figures, recomputed from a mesh with the cube's exact geometry.
struct CubeFigures {
  double mesh_to_cube = 0.0;      ///< over 10 points per triangle (vertices, edge thirds, centroid)
  double edges_to_mesh = 0.0;     ///< the cube's twelve edges (21 points each) against the mesh
  double corner_gap = 0.0;        ///< the largest distance from a cube corner to its nearest vertex
  double volume = 0.0;            ///< divergence theorem over the triangles
  double min_angle_away = 180.0;  ///< triangles with no vertex within 0.05 of a cube corner
};

CubeFigures measureCube(const TurnedCube& cube, const TriangleMesh& m) {
  CubeFigures f;
  const auto v = [&](int i) { return m.vertices[static_cast<std::size_t>(i)]; };
  std::vector<Vec> corners;
  for (int s = 0; s < 8; ++s) {
    corners.push_back(cube.turn * Vec(s & 1 ? 1 : -1, s & 2 ? 1 : -1, s & 4 ? 1 : -1));
  }
  for (const auto& t : m.triangles) {
    for (int i = 0; i <= 3; ++i) {
      for (int j = 0; i + j <= 3; ++j) {
        const Vec p = v(t[0]) + (v(t[1]) - v(t[0])) * (i / 3.0) + (v(t[2]) - v(t[0])) * (j / 3.0);
        f.mesh_to_cube = test_support::maxPropagatingNaN({f.mesh_to_cube, cube.distance(p)});
      }
    }
    f.volume += v(t[0]).dot(v(t[1]).cross(v(t[2]))) / 6.0;
    bool near_corner = false;
    for (const Vec& c : corners) {
      for (int k : t) near_corner = near_corner || (v(k) - c).norm() < 0.05;
    }
    if (!near_corner) {
      f.min_angle_away = test_support::minPropagatingNaN(
          {f.min_angle_away, smallestAngleDeg(v(t[0]), v(t[1]), v(t[2]))});
    }
  }
  for (const Vec& p : cubeEdgePoints(cube, 21)) {
    f.edges_to_mesh = test_support::maxPropagatingNaN({f.edges_to_mesh, distanceToMesh(m, p)});
  }
  for (const Vec& c : corners) {
    double nearest = INFINITY;
    for (const Vec& x : m.vertices)
      nearest = test_support::minPropagatingNaN({nearest, (x - c).norm()});
    f.corner_gap = test_support::maxPropagatingNaN({f.corner_gap, nearest});
  }
  return f;
}

const Vec kCubeInteriorPoint(0.1, 0.05, -0.07);

TEST(ShapedMesh, TurnedCubeKeepsItsEdgesAndCorners) {
  // The figures of issue 33 against the exact cube: distance <= 1e-3 of the size both ways
  // (measured 7e-7 and 1.2e-6), corners on vertices (1.2e-6), triangles >= 20 degrees away from
  // the corners (measured 21.6; 20.9 with a seed of 32 cells), volume 8 (measured to 4e-8).
  const TurnedCube cube = turnedCube();
  const auto inside = [cube](const Vec& x) { return cube.inside(x); };
  const auto piece = [cube](const Vec& x) { return cube.face(x); };
  ShapedMeshOptions o;
  o.threads = 2;
  const StabilityBodyMesh b = meshRegionShaped(inside, piece, kCubeInteriorPoint, o);
  ASSERT_TRUE(b.report.closed && b.report.manifold && b.report.outward);
  const CubeFigures f = measureCube(cube, b.mesh);
  // The body's size: the diagonal of the turned cube's axis-aligned box.
  const Vec extent = cube.turn.cwiseAbs() * Vec::Ones();
  const double size = 2.0 * extent.norm();
  std::printf(
      "turned cube: %zu triangles, mesh -> cube %.2e, edges -> mesh %.2e, corners %.2e "
      "(of the size), volume error %.1e, smallest angle away from corners %.2f deg, reported "
      "distance %.2e, %.2f s\n",
      b.report.faces, f.mesh_to_cube / size, f.edges_to_mesh / size, f.corner_gap / size,
      std::fabs(f.volume - 8.0) / 8.0, f.min_angle_away, b.report.hausdorff / size,
      b.report.seconds);
  EXPECT_NEAR(b.report.diameter, size, 1e-3 * size);
  EXPECT_LE(f.mesh_to_cube, 1e-3 * size);
  EXPECT_LE(f.edges_to_mesh, 1e-3 * size);
  EXPECT_LE(f.corner_gap, 1e-4 * size);  // the corners are located by bisection
  EXPECT_GE(f.min_angle_away, 20.0);
  EXPECT_NEAR(f.volume, 8.0, 1e-4 * 8.0);
  // The report agrees with the recomputed figures: its volume (CGAL), its smallest angle away
  // from held vertices (no cube corner is within 0.05 of a triangle it skips, so it cannot be
  // below the recomputed one), its distance (a lower estimate of the exact one).
  EXPECT_NEAR(b.report.volume, f.volume, 1e-12 * 8.0);
  EXPECT_GE(b.report.min_angle_away_from_corners_deg, 20.0);
  const double measured = test_support::maxPropagatingNaN({f.mesh_to_cube, f.edges_to_mesh});
  EXPECT_LE(b.report.hausdorff, measured * 1.05 + 1e-9);
  // And from below: the report is a sampled two-sided distance like the figures measured here
  // with the cube's exact geometry (measured 2.97e-6 against 6.82e-6 of the size: 0.44 of it,
  // its samples miss the worst edge points), so a report that collapsed to zero, one side's
  // interior or NaN fails 0.1 of it; the measured figures themselves are not trivially zero.
  EXPECT_GT(f.mesh_to_cube, 1e-8 * size);
  EXPECT_GT(f.edges_to_mesh, 1e-8 * size);
  EXPECT_GT(b.report.hausdorff, 0.1 * measured);
  EXPECT_EQ(b.report.corners, 8);
  EXPECT_GT(b.report.sharp_edges, 12 * 8);  // twelve edges of ~10 mesh edges each at least
}

TEST(ShapedMesh, WithoutPiecesTheEdgesAreRoundedOff) {
  // The same remeshing without the labels of the faces: no edge is kept, and the cube's edges
  // lie farther from the mesh than the 1e-3 of the size the test above requires (measured
  // 1.5e-3 of it: the refinement where the mesh sags cuts them finer, but the chords across an
  // edge stay): that test fails when the edges are not kept.
  const TurnedCube cube = turnedCube();
  ShapedMeshOptions o;
  o.threads = 2;
  const StabilityBodyMesh b =
      meshRegionShaped([cube](const Vec& x) { return cube.inside(x); }, {}, kCubeInteriorPoint, o);
  ASSERT_TRUE(b.report.closed && b.report.manifold && b.report.outward);
  EXPECT_EQ(b.report.sharp_edges, 0);
  const CubeFigures f = measureCube(cube, b.mesh);
  std::printf(
      "rounded cube: %zu triangles, edges -> mesh %.2e of the size, volume error %.1e, "
      "smallest angle %.2f deg\n",
      b.mesh.triangles.size(), f.edges_to_mesh / b.report.diameter, std::fabs(f.volume - 8.0) / 8.0,
      f.min_angle_away);
  EXPECT_GT(f.edges_to_mesh, 1e-3 * b.report.diameter);
}

/// The box of a mesh's vertices.
std::pair<Vec, Vec> boxOf(const TriangleMesh& m) {
  Vec lower = Vec::Constant(INFINITY), upper = -lower;
  for (const Vec& x : m.vertices) {
    lower = lower.cwiseMin(x);
    upper = upper.cwiseMax(x);
  }
  return {lower, upper};
}

/// A shipped body's realizable set over three of its parameters and its shaped mesh (2
/// threads), checked to be a closed outward 2-manifold.
struct ShippedMesh {
  region::RealizableSet3 set;
  StabilityBodyMesh b;
};

ShippedMesh meshShippedBody(const std::string& file, const std::array<std::string, 3>& axes) {
  const auto body = body::readBodyFile(std::string(NSDKIT_BODIES_DIR) + "/" + file);
  ShippedMesh out{region::bodyRealizableSet(body, axes), {}};
  ShapedMeshOptions o;
  o.threads = 2;
  out.b = meshRegionShaped(out.set.inside, out.set.piece, out.set.default_point, o);
  EXPECT_TRUE(out.b.report.closed && out.b.report.manifold && out.b.report.outward);
  return out;
}

TEST(ShapedMesh, AxleMeetsTheFiguresRecomputedFromItsMesh) {
  // The axle over (fz, ty, fx), a plate 58 thick against 658 long that ends in knife-edged
  // blades (the exact route refuses it). Issue 33's figures, recomputed here from the mesh and
  // the predicate alone:
  //  - volume within 0.5 % of a seeded Monte Carlo estimate (4e6 samples, standard error
  //    0.09 %; measured -0.09 %);
  //  - mesh -> boundary: every triangle's centroid has the predicate change within 1e-3 of the
  //    size along its normal, or where that fails (one triangle, at a blade's tip) along one of
  //    26 directions (the report: all within 0.35, 5.1e-4 of it); boundary -> mesh: 3000
  //    boundary points on seeded random rays from the interior point, stretched to the box, lie
  //    within 1e-3 of the size of the mesh (measured 6.8e-4; the report's own measure 6.7e-4);
  //  - triangles that touch no held vertex (corner or kink) have no angle under 20 degrees
  //    (measured 21.1).
  // Before the radial seed and the graded remeshing (session 5) the distance was 6.8e-3 of the
  // size and 10 triangles were under 20 degrees: this test failed.
  const auto [set, b] = meshShippedBody("axle_on_plane.json", {"fz", "ty", "fx"});
  ASSERT_EQ(b.held.size(), b.mesh.vertices.size());
  const auto [lower, upper] = boxOf(b.mesh);
  const double size = (upper - lower).norm();
  const double reach = 1e-3 * size;
  double volume = 0.0, smallest_free_angle = 180.0;
  std::size_t far_centroids = 0;
  // Named references: C++17 lambdas cannot capture a structured binding (clang refuses it).
  const auto& vertices = b.mesh.vertices;
  const auto& held_flags = b.held;
  for (const auto& t : b.mesh.triangles) {
    const auto v = [&](int k) {
      return vertices[static_cast<std::size_t>(t[static_cast<std::size_t>(k)])];
    };
    const auto held = [&](int k) {
      return held_flags[static_cast<std::size_t>(t[static_cast<std::size_t>(k)])];
    };
    volume += v(0).dot(v(1).cross(v(2))) / 6.0;
    if (!held(0) && !held(1) && !held(2)) {
      smallest_free_angle = test_support::minPropagatingNaN(
          {smallest_free_angle, smallestAngleDeg(v(0), v(1), v(2))});
    }
    const Vec centroid = (v(0) + v(1) + v(2)) / 3.0;
    const Vec normal = (v(1) - v(0)).cross(v(2) - v(0)).normalized();
    // The predicate changes within `reach` along the normal: between the centroid and a point
    // 1/8 to 8/8 of it away on either side (one side alone: beside a blade thinner than twice
    // the reach both ends lie outside).
    const bool in = set.inside(centroid);
    bool changes = false;
    for (int k = 1; k <= 8 && !changes; ++k) {
      changes = set.inside(centroid + k * reach / 8.0 * normal) != in ||
                set.inside(centroid - k * reach / 8.0 * normal) != in;
    }
    // Where the normal runs along the boundary (next to a blade's tip), sideways: the 26
    // directions to a cube's corners, edges and faces.
    for (int i = -1; i <= 1 && !changes; ++i)
      for (int j = -1; j <= 1 && !changes; ++j)
        for (int l = -1; l <= 1 && !changes; ++l) {
          if (!i && !j && !l) continue;
          const Vec d = Vec(i, j, l).normalized();
          for (int k = 1; k <= 8 && !changes; ++k) {
            changes = set.inside(centroid + k * reach / 8.0 * d) != in;
          }
        }
    if (!changes) ++far_centroids;
  }
  // Boundary points: bisection on seeded random rays between the interior point and the box.
  std::mt19937 rng(33);
  std::normal_distribution<double> gauss;
  const Vec half = 0.5 * (upper - lower) * 1.05;
  double boundary_to_mesh = 0.0;
  for (int k = 0; k < 3000; ++k) {
    const Vec d = Vec(gauss(rng), gauss(rng), gauss(rng)).normalized().cwiseProduct(half);
    double in = 0.0, out = 1.0 / d.cwiseQuotient(half).cwiseAbs().maxCoeff();
    while (out - in > 1e-7) {
      const double mid = 0.5 * (in + out);
      (set.inside(set.default_point + mid * d) ? in : out) = mid;
    }
    const Vec q = set.default_point + in * d;
    double nearest = INFINITY;
    for (const auto& t : b.mesh.triangles) {
      nearest = test_support::minPropagatingNaN(
          {nearest, pointTriangleDistance(q, b.mesh.vertices[static_cast<std::size_t>(t[0])],
                                          b.mesh.vertices[static_cast<std::size_t>(t[1])],
                                          b.mesh.vertices[static_cast<std::size_t>(t[2])])});
    }
    boundary_to_mesh = test_support::maxPropagatingNaN({boundary_to_mesh, nearest});
  }
  const Vec margin = Vec::Constant(0.02 * size);
  const auto mc =
      region::monteCarloVolume(set.inside, lower - margin, upper + margin, 4'000'000, 1, 2);
  std::printf(
      "axle: %zu triangles, boundary -> mesh %.2e of the size, %zu centroids without the "
      "boundary within 1e-3, volume %+.3f %% vs Monte Carlo (+- %.3f %%), smallest angle "
      "away from held vertices %.2f deg, %.1f s\n",
      b.mesh.triangles.size(), boundary_to_mesh / size, far_centroids,
      100.0 * (volume - mc.volume) / mc.volume, 100.0 * mc.standard_error / mc.volume,
      smallest_free_angle, b.report.seconds);
  EXPECT_NEAR(volume, b.report.volume, 1e-12 * volume);
  EXPECT_LT(mc.standard_error, 0.0015 * mc.volume);
  EXPECT_NEAR(volume, mc.volume, 0.005 * mc.volume);
  EXPECT_EQ(far_centroids, 0u);
  EXPECT_LE(boundary_to_mesh, reach);
  // The measure is not degenerate (chords of the curved axle are off its boundary: 6.8e-4 of
  // the size measured), and the report is a positive distance, not zero or NaN.
  EXPECT_GT(boundary_to_mesh, 1e-6 * size);
  EXPECT_LE(b.report.hausdorff, 1e-3 * b.report.diameter);
  EXPECT_GT(b.report.hausdorff, 0.0);
  EXPECT_GE(smallest_free_angle, 20.0);
  EXPECT_NEAR(smallest_free_angle, b.report.min_angle_away_from_corners_deg, 1e-9);
  ASSERT_TRUE(b.report.shaped.has_value());
  EXPECT_EQ(b.report.shaped->seed, "radial");
  EXPECT_GT(b.report.sharp_edges, 0);
}

TEST(ShapedMesh, ASetThinInItsAxesUnitsIsMeshedInAxesScaledToItsBox) {
  // The ball on an incline over (tx, ty, slope_deg): 0.4 x 0.57 x 175 (N m, N m, degrees).
  // Triangles sized relative to that box's diagonal would be 1.4 degrees across a set 0.4 N m
  // thin: meshed so (session 5, before the scaling) its volume was 29 % under Monte Carlo. In
  // coordinates scaled to the box it meets the figures: volume within 0.5 % of a seeded Monte
  // Carlo estimate over the mesh's box widened by 2 % of each extent (measured -0.13 %), the
  // distance within 1e-3 of the size, angles of 20 degrees or more in the scaled coordinates.
  const auto [set, b] = meshShippedBody("ball_on_incline.json", {"tx", "ty", "slope_deg"});
  EXPECT_LT(b.report.shaped->axis_scale.minCoeff(), 0.01);
  EXPECT_EQ(b.report.shaped->axis_scale.maxCoeff(), 1.0);
  const auto [lower, upper] = boxOf(b.mesh);
  const Vec margin = 0.02 * (upper - lower);
  const auto mc =
      region::monteCarloVolume(set.inside, lower - margin, upper + margin, 4'000'000, 1, 2);
  std::printf(
      "ball on incline: %zu triangles, axis scale (%.3g, %.3g, %.3g), volume %.5g vs "
      "Monte Carlo %.5g +- %.2g, distance %.2e of the size, smallest angle %.2f deg\n",
      b.mesh.triangles.size(), b.report.shaped->axis_scale[0], b.report.shaped->axis_scale[1],
      b.report.shaped->axis_scale[2], b.report.volume, mc.volume, mc.standard_error,
      b.report.hausdorff / b.report.diameter, b.report.min_angle_away_from_corners_deg);
  EXPECT_LT(mc.standard_error, 0.0015 * mc.volume);
  EXPECT_NEAR(b.report.volume, mc.volume, 0.005 * mc.volume);
  EXPECT_LE(b.report.hausdorff, 1e-3 * b.report.diameter);
  EXPECT_GE(b.report.min_angle_away_from_corners_deg, 20.0);
}

TEST(ShapedMesh, OptionsOutsideTheirDomainAreRefused) {
  const TurnedCube cube = turnedCube();
  const auto inside = [cube](const Vec& x) { return cube.inside(x); };
  const auto refused = [&](ShapedMeshOptions o) {
    EXPECT_THROW(meshRegionShaped(inside, {}, kCubeInteriorPoint, o), InvalidInput);
  };
  ShapedMeshOptions o;
  o.edge_length = 0.0;
  refused(o);
  o.edge_length = NAN;
  refused(o);
  o = {};
  o.seed_resolution = 4;
  refused(o);
  o = {};
  o.iterations = 0;
  refused(o);
  o = {};
  o.sag_tolerance = 0.0;
  refused(o);
  o.sag_tolerance = NAN;
  refused(o);
  o.sag_tolerance = 0.05;
  refused(o);
  EXPECT_THROW(meshRegionShaped(inside, {}, Vec(3, 0, 0), {}), InvalidInput);  // not inside
}

}  // namespace
}  // namespace nsd::mesh
