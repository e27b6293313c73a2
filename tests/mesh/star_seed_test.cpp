// The radial seed (mesh/star_seed.hpp) against closed forms: an ellipsoid's seed lies on the
// ellipsoid and is a closed outward 2-manifold; a set that a ray leaves twice is refused.
#include <nsdkit/mesh/star_seed.hpp>

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>

#include <nsdkit/mesh/mesh_measures.hpp>

namespace nsd::mesh::detail {
namespace {

using Vec = Eigen::Vector3d;

/// The ellipsoid (x/3)^2 + y^2 + (z/0.5)^2 < 1 shifted by `centre`: its level function.
struct OffCentreEllipsoid {
  Vec centre{0.4, -0.2, 0.1};
  Vec axes{3.0, 1.0, 0.5};
  double level(const Vec& x) const { return (x - centre).cwiseQuotient(axes).squaredNorm(); }
  bool inside(const Vec& x) const { return level(x) < 1.0; }
};

RayFan fanAround(const OffCentreEllipsoid& e, const Vec& start) {
  RayFan fan;
  fan.centre = start;
  fan.box_lower = e.centre - 1.2 * e.axes;
  fan.box_upper = e.centre + 1.2 * e.axes;
  fan.tolerance = 1e-9;
  return fan;
}

TEST(UnitIcosphere, HasTheVertexCountOfItsSubdivisionAndLiesOnTheSphere) {
  const TriangleMesh m = unitIcosphere(3);
  EXPECT_EQ(m.vertices.size(), 10u * 64u + 2u);
  EXPECT_EQ(m.triangles.size(), 20u * 64u);
  for (const Vec& v : m.vertices) EXPECT_NEAR(v.norm(), 1.0, 1e-15);
}

TEST(StarShapedSeed, AnEllipsoidsSeedLiesOnItAndIsClosedAndOutward) {
  // Rays from a point off the ellipsoid's centre (the seed needs star-shapedness, not symmetry).
  const OffCentreEllipsoid e;
  const Vec start = e.centre + Vec(1.0, 0.3, -0.1);
  ASSERT_TRUE(e.inside(start));
  const auto seed =
      starShapedSeed([&](const Vec& x) { return e.inside(x); }, fanAround(e, start), 3, 2);
  ASSERT_TRUE(seed.has_value());
  EXPECT_EQ(seed->vertices.size(), 642u);
  // Each vertex bisected to 1e-9 along its ray: the level function is 1 to 4e-9 (its gradient
  // 2 (x - c) / axes^2 is at most 4 per unit length, at the ends of the short axis).
  for (const Vec& v : seed->vertices) EXPECT_NEAR(e.level(v), 1.0, 1e-7);
  StabilityBodyMeshReport r;
  SurfaceMesh sm;
  measureTopology(*seed, r, sm);
  EXPECT_TRUE(r.closed && r.manifold && r.outward);
  // A polyhedron inscribed in the ellipsoid: its volume below 4/3 pi abc = 2 pi (by under 5 %
  // with rays about 8 degrees apart).
  const double exact = 4.0 / 3.0 * M_PI * 3.0 * 1.0 * 0.5;
  EXPECT_LT(r.volume, exact);
  EXPECT_GT(r.volume, 0.95 * exact);
}

TEST(StarShapedSeed, ASetThatARayLeavesTwiceIsRefused) {
  // A ball of radius 1 inside a spherical shell 2 < |x| < 2.4: every ray from the centre
  // leaves the set twice. Whichever exit a ray's bisection finds, the check sees the other part
  // (inside the set beyond the exit, or outside before it).
  const auto inside = [](const Vec& x) {
    const double r = x.norm();
    return r < 1.0 || (r > 2.0 && r < 2.4);
  };
  RayFan fan;
  fan.box_lower = Vec::Constant(-2.6);
  fan.box_upper = Vec::Constant(2.6);
  EXPECT_FALSE(starShapedSeed(inside, fan, 2, 1).has_value());
  // Without the shell the same rays pass the check.
  EXPECT_TRUE(starShapedSeed([](const Vec& x) { return x.norm() < 1.0; }, fan, 2, 1).has_value());
}

}  // namespace
}  // namespace nsd::mesh::detail
