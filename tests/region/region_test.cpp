#include <nsdkit/region/region.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <sstream>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/region/ball_trough_predicate.hpp>

namespace nsd::region {
namespace {

const auto kParams = models::BallTroughParameters::paper(0.3, 0.4);

SweepResult section(double mz, unsigned threads, double refine) {
  SweepOptions o;
  o.threads = threads;
  o.refine_tolerance = refine;
  return sweep({{"mx", -1.2, 1.2, 41}, {"my", -1.2, 1.2, 41}}, {{"mz", mz}},
               ballTroughPredicate(kParams), o);
}

TEST(Region, CrossSectionBelowMz1IsBoundedByThePlanes) {
  // Below m_z1 the body's section is the tetrahedron's: every refined boundary point lies on one
  // of the planes (82)-(83). The bisection bracket is 1e-7 in one coordinate and the planes'
  // gradients have norm <= 1 + j, so |plane| <= 2e-7; 1e-6 leaves margin.
  const SweepResult r = section(0.1, 2, 1e-7);
  ASSERT_GT(r.boundary.size(), 20u);
  for (const BoundaryPoint& b : r.boundary) {
    const Eigen::Vector4d v =
        models::planeValues(kParams, Eigen::Vector3d(b.values[0], b.values[1], 0.1));
    EXPECT_LT(v.cwiseAbs().minCoeff(), 1e-6);
    EXPECT_EQ(b.outside_label.find("SS"), std::string::npos) << b.outside_label;
  }
}

TEST(Region, CrossSectionAboveMz2IsBoundedByTheTwoPointSlipSurface) {
  // Above m_z2 only two-point slip bounds the section: boundary points escape by SS alone and
  // lie on the surface (88) (found by Gauss-Newton from a coarse start grid; 1e-5 covers the
  // bisection bracket 1e-7 times the surface's slope).
  const double mz = 0.5;
  const SweepResult r = section(mz, 2, 1e-7);
  ASSERT_GT(r.boundary.size(), 4u);
  for (const BoundaryPoint& b : r.boundary) {
    EXPECT_EQ(b.outside_label, "SS");
    const Eigen::Vector3d m(b.values[0], b.values[1], mz);
    double best = INFINITY;
    for (double p0 = 0.1; p0 < 6.3; p0 += 0.3) {
      for (double q0 = 0.1; q0 < 6.3; q0 += 0.3) {
        if ((p0 < 3.1416) != (q0 < 3.1416)) continue;
        Eigen::Vector2d x(p0, q0);
        for (int it = 0; it < 30; ++it) {
          const Eigen::Vector3d f = models::twoPointSlipSurface(0.3, 0.4, x[0], x[1]) - m;
          Eigen::Matrix<double, 3, 2> j;
          j.col(0) = (models::twoPointSlipSurface(0.3, 0.4, x[0] + 1e-7, x[1]) - m - f) / 1e-7;
          j.col(1) = (models::twoPointSlipSurface(0.3, 0.4, x[0], x[1] + 1e-7) - m - f) / 1e-7;
          x -= j.colPivHouseholderQr().solve(f);
        }
        best = std::min(best, (models::twoPointSlipSurface(0.3, 0.4, x[0], x[1]) - m).norm());
      }
    }
    EXPECT_LT(best, 1e-5) << m.transpose();
  }
}

TEST(Region, OutputIsIndependentOfThreadCount) {
  const SweepResult one = section(0.3, 1, 1e-4);
  const SweepResult two = section(0.3, 2, 1e-4);
  std::ostringstream a, b;
  writeCsv(a, one, {});
  writeCsv(b, two, {});
  EXPECT_EQ(a.str(), b.str());
}

TEST(Region, RejectsBadAxesAndParameters) {
  EXPECT_THROW(parseAxis("mx:-1:1"), InvalidInput);
  EXPECT_THROW(parseAxis("mx:a:1:3"), InvalidInput);
  EXPECT_THROW(parseAxis("mx:-1:1:0"), InvalidInput);
  EXPECT_EQ(parseAxis("mz:-0.5:0.5:11").count, 11);
  const auto predicate = ballTroughPredicate(kParams);
  EXPECT_THROW(sweep({{"foo", 0, 1, 3}}, {}, predicate), InvalidInput);
  EXPECT_THROW(sweep({{"mx", 0, 1, 3}}, {{"mx", 0.2}}, predicate), InvalidInput);
  EXPECT_THROW(sweep({{"mu", -1, 0, 3}}, {}, predicate), InvalidInput);  // mu <= 0 at a node
}

}  // namespace
}  // namespace nsd::region
