#include <nsdkit/region/region.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <sstream>
#include <vector>

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
    EXPECT_EQ(b.outside_label().find("SS"), std::string::npos) << b.outside_label();
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
    EXPECT_EQ(b.outside_label(), "SS");
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

// The refinement against a set whose boundary is known in closed form: the disk of radius 0.53
// on a 21 x 21 grid of [-1, 1]^2 (no node on the circle), whose outside points are labelled
// "near" (escape RS) within 0.54 of the centre and "far" (escape SR) beyond. Every grid edge with one end inside is
// refined (counted here by brute force), each boundary point lies on its edge with the exact
// crossing inside its bracket (0 < width <= the tolerance) and at most half the width from it,
// carries the label of the last outside point of its bisection ("near": the grid's outside
// nodes are mostly "far"), and the reported predicate calls equal the calls counted here.
TEST(Region, RefinementBracketsEveryCrossingOfACircle) {
  constexpr double radius = 0.53, tolerance = 1e-6;
  std::atomic<std::size_t> calls{0};
  const ParameterPredicate disk = [&](const ParameterPoint& p) {
    ++calls;
    const double r = std::hypot(p.at("x"), p.at("y"));
    PointVerdict v;
    v.realizable = r < radius;
    if (!v.realizable) v.escapes.add(r < 0.54 ? contact::Escape::kRS : contact::Escape::kSR);
    return v;
  };
  SweepOptions o;
  o.threads = 2;
  o.refine_tolerance = tolerance;
  constexpr int n = 21;
  const SweepResult r = sweep({{"x", -1.0, 1.0, n}, {"y", -1.0, 1.0, n}}, {}, disk, o);
  EXPECT_EQ(r.predicate_calls, calls.load());
  const auto node = [](int k) { return -1.0 + 2.0 * k / (n - 1); };
  const auto inside = [&](int i, int j) { return std::hypot(node(i), node(j)) < radius; };
  std::size_t crossing_edges = 0, far_nodes = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (i + 1 < n && inside(i, j) != inside(i + 1, j)) {
        ++crossing_edges;
        far_nodes += std::hypot(node(inside(i, j) ? i + 1 : i), node(j)) >= 0.54;
      }
      if (j + 1 < n && inside(i, j) != inside(i, j + 1)) {
        ++crossing_edges;
        far_nodes += std::hypot(node(i), node(inside(i, j) ? j + 1 : j)) >= 0.54;
      }
    }
  }
  ASSERT_GT(crossing_edges, 20u);
  ASSERT_GT(far_nodes, crossing_edges / 2);  // the label check below can fail
  EXPECT_EQ(r.boundary.size(), crossing_edges);
  for (const BoundaryPoint& b : r.boundary) {
    ASSERT_EQ(b.values.size(), 2u);
    const std::size_t other = 1 - b.axis;
    const double across = b.values[other];
    // The fixed coordinate is a grid node's; the crossing on this line, on b's side.
    EXPECT_NEAR(std::remainder(across + 1.0, 0.1), 0.0, 1e-12);
    const double crossing =
        std::copysign(std::sqrt(radius * radius - across * across), b.values[b.axis]);
    EXPECT_GT(b.bracket_width, 0.0);
    EXPECT_LE(b.bracket_width, tolerance);
    EXPECT_LE(std::fabs(b.values[b.axis] - crossing), 0.5 * b.bracket_width + 1e-15)
        << b.values[0] << ", " << b.values[1];
    EXPECT_EQ(b.outside_escapes, contact::EscapeSet().add(contact::Escape::kRS));  // "near"
  }
}

TEST(Region, AxisNodesEndExactlyAtTheRequestedBounds) {
  // -1.2 + 2.1 * 6 / 6 rounds to 0.9000000000000001: the last node must be the bound itself,
  // the interior nodes the formula to one rounding (2.2e-16 of the range).
  const Axis a{"fz", -1.2, 0.9, 7};
  EXPECT_EQ(axisNode(a, 0), -1.2);
  EXPECT_EQ(axisNode(a, 6), 0.9);
  for (int k = 1; k < 6; ++k) EXPECT_NEAR(axisNode(a, k), -1.2 + 0.35 * k, 4.0 * 2.2e-16 * 2.1);
  EXPECT_EQ(axisNode(Axis{"mx", 0.3, 0.3, 1}, 0), 0.3);
  const SweepResult r = sweep({a}, {}, [](const ParameterPoint& p) {
    PointVerdict v;
    v.realizable = p.at("fz") > 0.0;
    return v;
  });
  EXPECT_EQ(r.points.back().values[0], 0.9);
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

// The refinement on a predicate with a known threshold (realizable iff x < 0.3), the points it
// asked for recorded: the boundary point is the midpoint of the closest inside and outside points
// asked for, the bracket their distance, and every call is counted. Grid 0, 0.5, 1: one boundary
// edge, bisected to 0.01 (the bracket 0.0078 is 1/64 of 0.5; the midpoint and the inside end
// differ by 0.0039, 1e13 times the rounding of these sums).
TEST(Region, RefinedBoundaryIsTheMiddleOfTheLastBracketAndEveryCallIsCounted) {
  std::vector<double> asked;
  const ParameterPredicate threshold = [&asked](const ParameterPoint& p) {
    const double x = p.at("x");
    asked.push_back(x);
    PointVerdict v;
    v.realizable = x < 0.3;
    if (!v.realizable) v.escapes.add(contact::Escape::kRS);
    return v;
  };
  SweepOptions o;
  o.threads = 1;  // the recording predicate is not thread-safe
  o.refine_tolerance = 0.01;
  const SweepResult r = sweep({{"x", 0.0, 1.0, 3}}, {}, threshold, o);
  ASSERT_EQ(r.boundary.size(), 1u);
  double last_in = -INFINITY, last_out = INFINITY;
  for (const double x : asked) {
    ASSERT_TRUE(std::isfinite(x));
    if (x < 0.3) last_in = std::max(last_in, x);
    if (!(x < 0.3)) last_out = std::min(last_out, x);
  }
  const BoundaryPoint& b = r.boundary.front();
  EXPECT_EQ(b.outside_label(), "RS");
  EXPECT_NEAR(b.bracket_width, last_out - last_in, 1e-15);
  EXPECT_LE(b.bracket_width, 0.01);
  EXPECT_NEAR(b.values[0], 0.5 * (last_in + last_out), 1e-15);
  EXPECT_NEAR(b.values[0], 0.3, 0.5 * b.bracket_width + 1e-15);
  EXPECT_EQ(r.predicate_calls, asked.size());
  EXPECT_GT(asked.size(), 3u);  // the grid's three and the bisection's
}

}  // namespace
}  // namespace nsd::region
