// The graded remeshing (mesh/graded_remesh.hpp) against closed forms: the graded targets on a
// strip equal the shortest-path formula; a unit sphere remeshed towards targets 0.06 on its
// top and 0.24 on its bottom gets triangles of those sizes, shaped, on the sphere; a chain of
// marked edges (the equator) stays a closed chain on the equator.
#include <nsdkit/mesh/graded_remesh.hpp>

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <vector>

#include <nsdkit/mesh/star_seed.hpp>

#include "../support/triangle_angles.hpp"

namespace nsd::mesh::detail {
namespace {

using Vec = Eigen::Vector3d;

// The test's own angle measure on triangles of known angles: equilateral (60), right
// isosceles (45), and a sliver of angle atan(1e-6) (acos would lose it to rounding).
TEST(TriangleAngles, TheTestsMeasureKnowsItsTriangles) {
  const Vec o(0, 0, 0), x(1, 0, 0), y(0, 1, 0);
  EXPECT_NEAR(test_support::smallestTriangleAngleDeg(o, x, Vec(0.5, std::sqrt(0.75), 0)), 60.0,
              1e-12);
  EXPECT_NEAR(test_support::smallestTriangleAngleDeg(o, x, y), 45.0, 1e-12);
  EXPECT_NEAR(test_support::smallestTriangleAngleDeg(o, x, Vec(1, 1e-6, 0)),
              std::atan(1e-6) * 180.0 / M_PI, 1e-15);
  EXPECT_TRUE(std::isnan(test_support::smallestTriangleAngleDeg(o, x, Vec(NAN, 0, 0))));
}

TEST(GradedSizes, GrowAlongTheShortestPathFromTheSmallestTarget) {
  // A strip of triangles: bottom row (i, 0, 0), top row (i + 0.5, 1, 0), i = 0..20. From
  // vertex 0 the shortest path to bottom vertex i runs along the bottom row: i units.
  TriangleMesh strip;
  const int n = 21;
  for (int i = 0; i < n; ++i) strip.vertices.emplace_back(i, 0.0, 0.0);
  for (int i = 0; i < n; ++i) strip.vertices.emplace_back(i + 0.5, 1.0, 0.0);
  for (int i = 0; i + 1 < n; ++i) {
    strip.triangles.push_back({i, i + 1, n + i});
    strip.triangles.push_back({i + 1, n + i + 1, n + i});
  }
  std::vector<double> sizes(strip.vertices.size(), 10.0);
  sizes[0] = 0.5;
  const std::vector<double> graded = gradedSizes(strip, sizes, 0.4);
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(graded[static_cast<std::size_t>(i)], std::min(10.0, 0.5 + 0.4 * i), 1e-12);
  }
  // Targets never rise: a vertex keeps its own target when it is the smaller.
  for (std::size_t v = 0; v < sizes.size(); ++v) EXPECT_LE(graded[v], sizes[v]);
}

/// The target on the unit sphere: 0.06 above z = 0.5, 0.24 below z = -0.5, linear between.
double sphereTarget(const Vec& x) {
  const double t = std::clamp((x.z() + 0.5) / 1.0, 0.0, 1.0);
  return 0.24 + t * (0.06 - 0.24);
}

/// Mean edge length of the edges whose midpoints satisfy `where`.
template <class Where>
double meanEdgeLength(const TriangleMesh& m, Where where) {
  double sum = 0.0;
  int count = 0;
  for (const auto& t : m.triangles) {
    for (std::size_t k = 0; k < 3; ++k) {
      const Vec& a = m.vertices[static_cast<std::size_t>(t[k])];
      const Vec& b = m.vertices[static_cast<std::size_t>(t[(k + 1) % 3])];
      if (!where(0.5 * (a + b))) continue;
      sum += (a - b).norm();
      ++count;
    }
  }
  return sum / count;
}

TEST(RemeshGraded, FollowsTheTargetsOnASphereWithShapedTriangles) {
  // Reference: the icosphere of 20 480 triangles (edges ~0.03).
  const TriangleMesh reference_mesh = unitIcosphere(5);
  std::vector<double> targets;
  for (const Vec& v : reference_mesh.vertices) targets.push_back(sphereTarget(v));
  const SizedReference reference(reference_mesh, targets);
  FeatureConformingMesh start;  // the icosphere of 320 triangles (edges ~0.3), no chains
  start.mesh = unitIcosphere(2);
  start.label.assign(start.mesh.vertices.size(), 0);
  MarkedMesh m;
  markSharpEdges(start, 0.24, m);
  remeshGraded(m, reference, 8);
  const TriangleMesh out = toTriangleMesh(m.sm);
  StabilityBodyMeshReport r;
  SurfaceMesh sm;
  measureTopology(out, r, sm);
  EXPECT_TRUE(r.closed && r.manifold && r.outward);
  // On the reference, so on the sphere to its depth: the centres of its facets (circumradius
  // about 0.022) lie 1 - cos(0.022) = 2.4e-4 inside.
  for (const Vec& v : out.vertices) EXPECT_NEAR(v.norm(), 1.0, 3e-4);
  // Edge lengths as targeted where the target is constant: split above 4/3 and collapsed below
  // 4/5 of it, so the mean lies in between (measured 0.062 and 0.23).
  const double top = meanEdgeLength(out, [](const Vec& x) { return x.z() > 0.7; });
  const double bottom = meanEdgeLength(out, [](const Vec& x) { return x.z() < -0.7; });
  EXPECT_GT(top, 0.8 * 0.06);
  EXPECT_LT(top, 4.0 / 3.0 * 0.06);
  EXPECT_GT(bottom, 0.8 * 0.24);
  EXPECT_LT(bottom, 4.0 / 3.0 * 0.24);
  // Shaped triangles (the 320-triangle start has 52 to 69 degree angles; the grading squeezes
  // some between the sizes).
  EXPECT_GT(r.faces, 4 * 320u);
  // The smallest angle measured here (opposite the shortest side, by atan2), not by the
  // library's minAngle: above 20 degrees and below the equilateral 60 (a measure stuck at 0 or
  // 180, or NaN, fails), and the library's figure agrees with it to rounding.
  const double smallest = test_support::smallestMeshAngleDeg(out.vertices, out.triangles);
  EXPECT_GT(smallest, 20.0);
  EXPECT_LT(smallest, 60.0);
  EXPECT_NEAR(minAngle(out), smallest, 1e-9);
}

TEST(RemeshGraded, KeepsAChainOfMarkedEdgesOnItsCurve) {
  // The octahedron subdivided 4 times and pushed onto the unit sphere has the equator as a loop
  // of edges: marked as a chain, it must stay one closed loop of chain edges on the equator
  // (chain vertices move along it, its edges are split and collapsed along it, never flipped).
  TriangleMesh octa;
  octa.vertices = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  octa.triangles = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4},
                    {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
  octa = subdivideOnUnitSphere(std::move(octa), 4);
  FeatureConformingMesh start;
  start.mesh = octa;
  start.label.assign(octa.vertices.size(), 0);
  for (const auto& t : octa.triangles) {
    for (std::size_t k = 0; k < 3; ++k) {
      const int a = t[k], b = t[(k + 1) % 3];
      if (a < b && std::fabs(octa.vertices[static_cast<std::size_t>(a)].z()) < 1e-12 &&
          std::fabs(octa.vertices[static_cast<std::size_t>(b)].z()) < 1e-12) {
        start.features.push_back({a, b});
      }
    }
  }
  ASSERT_EQ(start.features.size(), 64u);  // 4 quarter circles of 16 edges
  // The reference: the same mesh and its equator chain, target 0.15 everywhere. Chain vertices
  // are projected onto the reference's chain (onto its surface they would leave the equator:
  // a point just inside a convex edge is closest to one of the faces beside it).
  const SizedReference reference(octa, std::vector<double>(octa.vertices.size(), 0.15),
                                 start.features);
  MarkedMesh m;
  markSharpEdges(start, 0.15, m);
  remeshGraded(m, reference, 6);
  int chain_edges = 0;
  for (const auto e : m.sm.edges()) {
    if (!m.sharp[e]) continue;
    ++chain_edges;
    for (int end = 0; end < 2; ++end) {
      const auto p = m.sm.point(m.sm.vertex(e, end));
      EXPECT_NEAR(p.z(), 0.0, 1e-12);
    }
  }
  // Every chain vertex has two chain edges: the loop is closed and unbroken.
  for (const auto v : m.sm.vertices()) {
    int at_v = 0;
    for (const auto h : CGAL::halfedges_around_target(m.sm.halfedge(v), m.sm)) {
      at_v += m.sharp[m.sm.edge(h)] ? 1 : 0;
    }
    EXPECT_TRUE(at_v == 0 || at_v == 2);
  }
  // The equator (length 2 pi) in edges near the target: 2 pi / 0.15 = 42 (64 before).
  EXPECT_GT(chain_edges, static_cast<int>(2.0 * M_PI / (4.0 / 3.0 * 0.15)));
  EXPECT_LT(chain_edges, static_cast<int>(2.0 * M_PI / (0.8 * 0.15)) + 1);
}

}  // namespace
}  // namespace nsd::mesh::detail
