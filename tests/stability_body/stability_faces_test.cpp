// The stability body's exact faces (CGAL-free) for the paper's ball: the four planes with their
// bounding conditions against the closed-form planes (82)-(83), the tetrahedron, the two curved
// faces, and Def 11 inside and outside.
#include <gtest/gtest.h>

#include <cmath>

#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/stability_body/stability_faces.hpp>

namespace nsd::stability_body {
namespace {

TwoContactFamily paperBall() {
  const auto p = models::BallTroughParameters::paper(0.3, 0.4);
  return [p](const Eigen::Vector3d& m) {
    return contact::TwoContactDynamics(models::makeTwoContactBody(p, m));
  };
}

TEST(StabilityFaces, PlanesCarryTheirConditionAndMatchTheClosedForms) {
  const auto p = models::BallTroughParameters::paper(0.3, 0.4);
  const StabilityBodyFaces f = stabilityBodyFaces(paperBall());
  const BoundingCondition expected[4] = {BoundingCondition::kRollSlip, BoundingCondition::kRollSlip,
                                         BoundingCondition::kSlipRoll, BoundingCondition::kSlipRoll};
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(f.planes[k].bounding, expected[k]) << k;
    EXPECT_EQ(f.planes[k].condition.substr(0, 2), toString(expected[k])) << k;
  }
  EXPECT_EQ(toString(BoundingCondition::kSlipSlip), "SS");
  // Each tetrahedron vertex lies on the three planes other than its own, to rounding, and on
  // the closed-form planes (82)-(83) (models::planeValues is zero on them).
  for (std::size_t v = 0; v < 4; ++v) {
    for (std::size_t k = 0; k < 4; ++k) {
      if (k == v) continue;
      EXPECT_NEAR(f.planes[k].signedDistance(f.tetrahedron_vertices[v]), 0.0, 1e-12) << v << k;
    }
    const Eigen::Vector4d closed = models::planeValues(p, f.tetrahedron_vertices[v]);
    int zeros = 0;
    for (int k = 0; k < 4; ++k) zeros += std::fabs(closed[k]) < 1e-9;
    EXPECT_EQ(zeros, 3) << v;
  }
  // The paper's ball: one curved face on each sheet (Fig. 10).
  ASSERT_EQ(f.curved.size(), 2u);
  EXPECT_NE(f.curved[0].sheet, f.curved[1].sheet);
  // Def 11 at the centre and far outside.
  EXPECT_TRUE(realizableAt(paperBall(), Eigen::Vector3d::Zero()));
  EXPECT_FALSE(realizableAt(paperBall(), Eigen::Vector3d(0, 0, 3)));
}

}  // namespace
}  // namespace nsd::stability_body
