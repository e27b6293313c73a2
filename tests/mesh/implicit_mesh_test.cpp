// meshImplicitRegion (mesh/stability_body_mesh.hpp), marching tetrahedra on a predicate, against
// the closed form of a sphere: its vertices, volume, measured distance, and the seed option that
// skips the distance measures, the boundary -> mesh samples on an elongated set against its
// parametrized boundary; meshRegionAround's box probe where the predicate cannot decide.
#include <nsdkit/mesh/stability_body_mesh.hpp>

#include <gtest/gtest.h>

#include "../support/nan_propagating.hpp"
#include "../support/point_triangle_distance.hpp"

#include <Eigen/Core>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::mesh {
namespace {

TEST(ImplicitMesh, SphereVolumeAndWatertightness) {
  // Marching tetrahedra on the predicate |x| < 0.7: vertices on the sphere to 1e-9, surface
  // closed/manifold/outward; the inscribed polyhedron misses a volume fraction ~ (h/r)^2 / 4
  // with h = 1.6/32 = 0.05, r = 0.7: 0.2 %, so 1 % is ample.
  ImplicitMeshOptions o;
  o.box_lower = Eigen::Vector3d::Constant(-0.8);
  o.box_upper = Eigen::Vector3d::Constant(0.8);
  o.resolution = 32;
  o.bisection_tolerance = 1e-9;
  o.threads = 2;
  const StabilityBodyMesh b =
      meshImplicitRegion([](const Eigen::Vector3d& x) { return x.norm() < 0.7; }, o);
  EXPECT_TRUE(b.report.closed);
  EXPECT_TRUE(b.report.manifold);
  EXPECT_TRUE(b.report.outward);
  const double exact = 4.0 / 3.0 * kPi * 0.7 * 0.7 * 0.7;
  EXPECT_NEAR(b.report.volume, exact, 0.01 * exact);
  EXPECT_LT(b.report.volume, exact);  // inscribed
  for (const auto& v : b.mesh.vertices) EXPECT_NEAR(v.norm(), 0.7, 1e-8);
  EXPECT_THROW(meshImplicitRegion([](const Eigen::Vector3d& x) { return x.norm() < 2.0; }, o),
               InvalidInput);  // touches the box
}

// The implicit route measures its own distance from the boundary with the predicate alone.
// For a sphere the true distance is known: a point x of the inscribed mesh is 0.7 - |x| from
// it (dense barycentric samples of every triangle), and no point of the sphere is farther from
// the mesh than that. The report's estimate (centroids along their normals, boundary points on
// 2000 rays) must find it: within 10 % (the deepest point of a triangle is near, not at, its
// centroid, so the estimate runs about 5 % low), and shrink with the grid.
TEST(ImplicitMesh, MeasuredDistanceMatchesTheSphere) {
  ImplicitMeshOptions o;
  o.box_lower = Eigen::Vector3d::Constant(-0.8);
  o.box_upper = Eigen::Vector3d::Constant(0.8);
  o.bisection_tolerance = 1e-9;
  o.threads = 2;
  o.interior_point = Eigen::Vector3d(0.01, -0.02, 0.03);
  double previous = INFINITY;
  for (int resolution : {12, 24}) {
    o.resolution = resolution;
    const StabilityBodyMesh b =
        meshImplicitRegion([](const Eigen::Vector3d& x) { return x.norm() < 0.7; }, o);
    double truth = 0.0;
    for (const auto& t : b.mesh.triangles) {
      for (int i = 0; i <= 8; ++i) {
        for (int j = 0; i + j <= 8; ++j) {
          const Eigen::Vector3d x =
              (i * b.mesh.vertices[static_cast<std::size_t>(t[0])] +
               j * b.mesh.vertices[static_cast<std::size_t>(t[1])] +
               (8 - i - j) * b.mesh.vertices[static_cast<std::size_t>(t[2])]) /
              8.0;
          truth = nsd::test_support::maxPropagatingNaN({truth, 0.7 - x.norm()});
        }
      }
    }
    // Measured: 6.45e-3 against 6.78e-3 (grid 12), 2.11e-3 against 2.23e-3 (grid 24).
    EXPECT_NEAR(b.report.hausdorff, truth, 0.1 * truth) << resolution;
    EXPECT_LT(b.report.hausdorff, previous);  // converges with the grid
    previous = b.report.hausdorff;
  }
}

// A needle-like ellipsoid (x/20)^2 + y^2 + z^2 < 1 on a coarse grid (cells 3.7 long in x): the
// mesh falls short of the tips, which a viewer at the centre sees under a small solid angle.
// The reported distance must find that shortfall: against the exact boundary sampled densely in
// its parametrization (x = 20 cos u, (y, z) = sin u (cos v, sin v), 400 x 64 points, denser in x
// near the tips, exact point-triangle distances), within 10 % (samples give a lower estimate;
// rays even in solid angle alone found 68 % of it).
TEST(ImplicitMesh, MeasuredDistanceSeesTheEndsOfAnElongatedSet) {
  const auto inside = [](const Eigen::Vector3d& x) {
    return (x[0] / 20.0) * (x[0] / 20.0) + x[1] * x[1] + x[2] * x[2] < 1.0;
  };
  ImplicitMeshOptions o;
  o.box_lower = Eigen::Vector3d(-22.0, -1.5, -1.5);  // no grid line through the tips
  o.box_upper = Eigen::Vector3d(23.0, 1.6, 1.6);
  o.resolution = 12;
  o.bisection_tolerance = 1e-9;
  o.threads = 2;
  o.interior_point = Eigen::Vector3d(0.1, 0.02, -0.03);
  const StabilityBodyMesh b = meshImplicitRegion(inside, o);
  ASSERT_TRUE(b.report.closed);
  double truth = 0.0;
  for (int i = 0; i <= 400; ++i) {
    const double u = kPi * i / 400.0;
    for (int j = 0; j < 64; ++j) {
      const double v = 2.0 * kPi * j / 64.0;
      const Eigen::Vector3d p(20.0 * std::cos(u), std::sin(u) * std::cos(v),
                              std::sin(u) * std::sin(v));
      double nearest = INFINITY;
      for (const auto& t : b.mesh.triangles) {
        nearest = std::min(nearest, test_support::pointTriangleDistance(
                                        p, b.mesh.vertices[static_cast<std::size_t>(t[0])],
                                        b.mesh.vertices[static_cast<std::size_t>(t[1])],
                                        b.mesh.vertices[static_cast<std::size_t>(t[2])]));
      }
      truth = test_support::maxPropagatingNaN({truth, nearest});
    }
  }
  // Measured: 0.128 reported against 0.131 (0.089 with rays even in solid angle alone).
  ASSERT_GT(truth, 0.1);  // the mesh falls short of the tips
  EXPECT_NEAR(b.report.hausdorff, truth, 0.1 * truth);
}

TEST(ImplicitMesh, SeedWithoutDistanceIsTheSameMesh) {
  // measure_distance = false (the shaped route's seed) changes the report, never the mesh.
  ImplicitMeshOptions o;
  o.box_lower = Eigen::Vector3d::Constant(-0.8);
  o.box_upper = Eigen::Vector3d::Constant(0.8);
  o.resolution = 12;
  o.interior_point = Eigen::Vector3d(0.01, -0.02, 0.03);
  const auto ball = [](const Eigen::Vector3d& x) { return x.norm() < 0.7; };
  const StabilityBodyMesh measured = meshImplicitRegion(ball, o);
  o.measure_distance = false;
  const StabilityBodyMesh seed = meshImplicitRegion(ball, o);
  ASSERT_EQ(seed.mesh.vertices.size(), measured.mesh.vertices.size());
  EXPECT_EQ(seed.mesh.triangles, measured.mesh.triangles);
  for (std::size_t v = 0; v < seed.mesh.vertices.size(); ++v) {
    EXPECT_EQ(seed.mesh.vertices[v], measured.mesh.vertices[v]);
  }
  EXPECT_GT(measured.report.hausdorff, 1e-3);  // 6.45e-3 at this grid (test above)
  EXPECT_EQ(seed.report.hausdorff, 0.0);
  EXPECT_EQ(seed.report.max_face_distance, 0.0);
  EXPECT_EQ(seed.report.volume, measured.report.volume);
}

// A region that reaches past where its predicate can decide (a half-space x < 1 whose
// predicate fails beyond |p| = 100, as Def 11 does in Painleve configurations): the box probe
// stops with the failure, saying how far along which ray the region was followed (the ray along
// -x is inside at 64 and fails at 128), instead of the bare message of the far point.
TEST(ImplicitMesh, BoxProbeSaysWhereThePredicateCannotDecide) {
  const auto inside = [](const Eigen::Vector3d& p) -> bool {
    if (p.norm() > 100.0) throw SolverFailure("cannot decide here");
    return p[0] < 1.0;
  };
  try {
    meshRegionAround(inside, Eigen::Vector3d::Zero(), 8);
    ADD_FAILURE() << "a region past its predicate's reach was meshed";
  } catch (const SolverFailure& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("reaches at least 64 along"), std::string::npos) << message;
    EXPECT_NE(message.find("cannot decide here"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace nsd::mesh
