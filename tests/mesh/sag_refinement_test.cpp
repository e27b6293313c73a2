// The sag refinement (mesh/sag_refinement.hpp) against closed forms: on an ellipsoid no edge of
// the refined radial mesh sags beyond the tolerance, the split points stay on the ellipsoid and
// on their rays; on a sphere the targets follow h = sqrt(8 e R); a cube's flat faces ask for
// no refinement at all.
#include <nsdkit/mesh/sag_refinement.hpp>

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <utility>
#include <vector>

#include <nsdkit/mesh/mesh_measures.hpp>

#include "../support/nan_propagating.hpp"

namespace nsd::mesh::detail {
namespace {

using Vec = Eigen::Vector3d;

/// The ellipsoid |D^-1 x|^2 < 1 with semi-axes `axes` about the origin.
struct Ellipsoid {
  Vec axes;
  double level(const Vec& x) const { return x.cwiseQuotient(axes).squaredNorm(); }
  /// Distance of x from the surface to first order: |F - 1| / |grad F| (exact to O(d^2)).
  double distance(const Vec& x) const {
    const Vec gradient = 2.0 * x.cwiseQuotient(axes.cwiseProduct(axes));
    return std::fabs(level(x) - 1.0) / gradient.norm();
  }
};

struct Refined {
  SagRefinedMesh refined;
  RayFan fan;
};

Refined refineEllipsoid(const Ellipsoid& e, double sag, double max_length, double min_length) {
  const auto inside = [e](const Vec& x) { return e.level(x) < 1.0; };
  Refined out;
  out.fan.box_lower = -1.2 * e.axes;
  out.fan.box_upper = 1.2 * e.axes;
  out.fan.tolerance = 1e-9;
  const auto seed = starShapedSeed(inside, out.fan, 2, 2);  // 320 triangles
  EXPECT_TRUE(seed.has_value());
  const LabelledBoundary boundary{inside, [](const Vec&) { return 0; }, max_length, 1e-9};
  SagRefinementOptions o;
  o.sag_tolerance = sag;
  o.max_length = max_length;
  o.min_length = min_length;
  o.rounds = 12;
  o.threads = 2;
  o.rays = &out.fan;
  out.refined = refineWhereSagging(*seed, boundary, o);
  return out;
}

TEST(RefineWhereSagging, NoEdgeOfAnEllipsoidsRefinedMeshSagsBeyondTheTolerance) {
  // Semi-axes 3, 1 and 0.25: curvature radii from 0.02 (the rim of the short axis) to 36.
  const Ellipsoid e{Vec(3.0, 1.0, 0.25)};
  const double sag = 2e-3, max_length = 0.4, min_length = 0.02;
  const Refined r = refineEllipsoid(e, sag, max_length, min_length);
  const TriangleMesh& m = r.refined.mesh;
  ASSERT_GT(r.refined.splits, 0);
  // Every vertex on the ellipsoid: the seed's bisected to 1e-9 along its ray, the split points
  // to a hundredth of the tolerance (2e-5; a sag needs no more).
  for (const Vec& v : m.vertices) EXPECT_LT(e.distance(v), 2.5e-5);
  // Every edge's midpoint within the tolerance of the surface, where the edge may still be
  // split (longer than twice the shortest length). The refinement measures only edges that may
  // sag by more than half the tolerance (bend times length over 4 e), so 1.5 e bounds the rest
  // with margin; the seed's edges sag by up to 0.032 (measured), 16 times the tolerance.
  double worst = 0.0, seed_worst = 0.0;
  std::set<std::pair<int, int>> edges;
  for (const auto& t : m.triangles) {
    for (std::size_t k = 0; k < 3; ++k) edges.insert(std::minmax(t[k], t[(k + 1) % 3]));
  }
  for (const auto& [a, b] : edges) {
    const Vec& pa = m.vertices[static_cast<std::size_t>(a)];
    const Vec& pb = m.vertices[static_cast<std::size_t>(b)];
    if ((pa - pb).norm() <= 2.0 * min_length) continue;
    worst = test_support::maxPropagatingNaN({worst, e.distance(0.5 * (pa + pb))});
  }
  const auto inside = [e](const Vec& x) { return e.level(x) < 1.0; };
  const auto seed = starShapedSeed(inside, r.fan, 2, 1);
  for (const auto& t : seed->triangles) {
    for (std::size_t k = 0; k < 3; ++k) {
      const Vec middle = 0.5 * (seed->vertices[static_cast<std::size_t>(t[k])] +
                                seed->vertices[static_cast<std::size_t>(t[(k + 1) % 3])]);
      seed_worst = test_support::maxPropagatingNaN({seed_worst, e.distance(middle)});
    }
  }
  std::printf("ellipsoid: seed sags by %.2e, refined (%d splits) by %.2e\n", seed_worst,
              r.refined.splits, worst);
  EXPECT_GT(seed_worst, 10.0 * sag);
  EXPECT_LT(worst, 1.5 * sag);
  // Still a closed outward 2-manifold (each split point on its ray keeps the mesh radial).
  StabilityBodyMeshReport report;
  SurfaceMesh sm;
  measureTopology(m, report, sm);
  EXPECT_TRUE(report.closed && report.manifold && report.outward);
}

TEST(RefineWhereSagging, TargetsOnASphereFollowTheSagOfACircularArc) {
  // On a sphere of radius R a chord of length h sags by h^2 / (8 R): the target where it sags
  // by e is sqrt(8 e R) = 0.4 for R = 2, e = 0.01. Each vertex's target is the smallest over its
  // measured edges, and a chord's sag is measured along the mean normal of its ends (a little
  // less than its distance from the sphere): the median within 15 % of the closed form, none
  // below 80 % of it.
  const double radius = 2.0, sag = 0.01;
  const Ellipsoid sphere{Vec::Constant(radius)};
  const Refined r = refineEllipsoid(sphere, sag, 2.0, 0.05);
  const double expected = std::sqrt(8.0 * sag * radius);
  std::vector<double> sizes = r.refined.sizes;
  std::sort(sizes.begin(), sizes.end());
  EXPECT_NEAR(sizes[sizes.size() / 2], expected, 0.15 * expected);
  EXPECT_GT(sizes.front(), 0.8 * expected);
}

TEST(RefineWhereSagging, FlatFacesAreNotRefined) {
  // A cube's faces are flat: only the edges across its sharp edges sag, and those lie between
  // two pieces (labels from the face beyond), so the targets stay the longest length; with the
  // seed's edges shorter than twice it, nothing is split but across the sharp edges.
  const auto inside = [](const Vec& x) { return x.cwiseAbs().maxCoeff() < 1.0; };
  const auto face = [](const Vec& x) {
    Eigen::Index k = 0;
    x.cwiseAbs().maxCoeff(&k);
    return 2 * static_cast<int>(k) + (x[k] > 0 ? 1 : 0);
  };
  RayFan fan;
  fan.centre = Vec(0.1, -0.05, 0.02);
  fan.box_lower = Vec::Constant(-1.2);
  fan.box_upper = Vec::Constant(1.2);
  fan.tolerance = 1e-9;
  const auto seed = starShapedSeed(inside, fan, 3, 2);
  ASSERT_TRUE(seed.has_value());
  const LabelledBoundary boundary{inside, face, 0.5, 1e-9};
  SagRefinementOptions o;
  o.sag_tolerance = 1e-3;
  o.max_length = 0.5;
  o.min_length = 0.05;
  o.threads = 2;
  o.rays = &fan;
  const SagRefinedMesh refined = refineWhereSagging(*seed, boundary, o);
  for (double s : refined.sizes) EXPECT_EQ(s, o.max_length);
}

}  // namespace
}  // namespace nsd::mesh::detail
