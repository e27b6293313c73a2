#include <nsdkit/rolling/brush_contact.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <nsdkit/core/errors.hpp>

namespace nsd::rolling {
namespace {

BrushContactParameters base(int grid) {
  BrushContactParameters p;
  p.grid = grid;
  return p;
}

// Steady rolling over `distance_in_radii` patch radii with longitudinal creepage xi.
TractionResultant rollSteady(BrushContact& c, double xi, double distance_in_radii) {
  const double a = c.patch().a, dq = 0.5 * 2.0 * a / c.cells();
  TractionResultant r;
  for (double q = 0.0; q < distance_in_radii * a; q += dq) r = c.step(dq, xi * dq, 0.0, 0.0);
  return r;
}

TEST(BrushContact, HertzPatchAndFlexibilities) {
  const auto p = base(40);
  const HertzPatch h = hertzPatch(p);
  EXPECT_NEAR(h.a, std::cbrt(3 * p.load * p.radius / (4 * p.elastic_modulus)), 1e-18);  // (1)
  EXPECT_NEAR(h.p0 * 2 * 3.14159265358979 * h.a * h.a / 3, p.load, 1e-9 * p.load);      // (2)
  EXPECT_NEAR(h.L1 / h.L2, 3.73 / 4.34, 1e-12);                                         // (27)-(28)
}

TEST(BrushContact, SmallCreepageGivesKalkerLinearStiffness) {
  // No-slip steady state u = xi (x - a(y)) gives F_x = -(8 a^3 / (3 L1)) xi = -G a^2 C11 xi
  // (Kalker's linear law). Tiny creepage keeps the slip zone negligible; the midpoint rule on a
  // 80-cell grid is accurate to ~1 %.
  BrushContact c(base(80));
  const double xi = 1e-6;
  const TractionResultant r = rollSteady(c, xi, 3.0);
  const double a = c.patch().a;
  const double kalker = -8.0e10 * a * a * 4.34 * xi;
  EXPECT_NEAR(r.fx, kalker, 0.02 * std::fabs(kalker));
  EXPECT_NEAR(r.fy, 0.0, 1e-9 * std::fabs(kalker));
}

TEST(BrushContact, FullSlidingSaturatesAtMuW) {
  // Large creepage: every bristle slides, |F| -> mu W (2 % covers the midpoint rule at the
  // square-root edge of the Hertz pressure).
  auto p = base(80);
  BrushContact c(p);
  const TractionResultant r = rollSteady(c, 0.2, 3.0);
  EXPECT_GT(r.sliding_fraction, 0.99);
  EXPECT_NEAR(std::fabs(r.fx), p.mu * p.load, 0.02 * p.mu * p.load);
  EXPECT_LT(r.fx, 0.0);  // opposes the creepage
}

TEST(BrushContact, SteadyStateIsIndependentOfTheInitialTractionField) {
  // After rolling more than one patch diameter every bristle has been replaced, so the steady
  // traction does not depend on the initial field (Sect. 2.2.4): equal to 1e-12 relative.
  BrushContact zero(base(40)), random(base(40));
  std::mt19937 rng(3);
  std::normal_distribution<double> n(0.0, 1e-7);
  random.setDisplacement([&](double, double) { return Eigen::Vector2d(n(rng), n(rng)); });
  const TractionResultant a = rollSteady(zero, 2e-4, 4.5);
  const TractionResultant b = rollSteady(random, 2e-4, 4.5);
  EXPECT_NEAR(a.fx, b.fx, 1e-12 * std::fabs(a.fx));
  EXPECT_NEAR(a.fy, b.fy, 1e-12 * std::fabs(a.fx));
}

TEST(BrushContact, HysteresisLoopDissipates) {
  // Tangential back-and-forth creep without rolling: the force-displacement loop is traversed in
  // the dissipative sense (positive work done on the contact) once bristles slide, and encloses
  // no area in the elastic range.
  auto loop_area = [](double amplitude) {
    BrushContact c(base(40));
    const int steps = 400;
    double work = 0.0, f_prev = 0.0;
    for (int cycle = 0; cycle < 2; ++cycle) {
      for (int k = 0; k < steps; ++k) {
        const double t0 = 2 * 3.14159265358979 * k / steps,
                     t1 = 2 * 3.14159265358979 * (k + 1) / steps;
        const double dx = amplitude * (std::sin(t1) - std::sin(t0));
        const double f = c.step(0.0, dx, 0.0, 0.0).fx;
        // Work of the driver against the contact force, trapezoidal (exact for elastic loops).
        if (cycle == 1) work += -0.5 * (f + f_prev) * dx;
        f_prev = f;
      }
    }
    return work;
  };
  // Bristles at the patch edge (vanishing pressure) slide at any amplitude, so even a tiny cycle
  // dissipates a little; relative to the elastic energy scale A^2 it is negligible.
  const double a_small = 1e-10, a_large = 2e-6;
  const double small = loop_area(a_small), large = loop_area(a_large);
  EXPECT_GE(small, 0.0);
  EXPECT_GT(large, 0.0);
  EXPECT_LT(small / (a_small * a_small), 1e-2 * large / (a_large * a_large));
}

TEST(BrushContact, ResultantsConvergeWithTheGrid) {
  // Partial slip: the resultant converges about first order in the cell size (staircase edge
  // of the circular patch); by 80 -> 160 cells the change is below 1 %.
  std::vector<double> f;
  for (int grid : {40, 80, 160}) {
    BrushContact c(base(grid));
    f.push_back(rollSteady(c, 5e-4, 3.0).fx);
  }
  EXPECT_LT(std::fabs(f[2] - f[1]), 0.6 * std::fabs(f[1] - f[0]));
  EXPECT_LT(std::fabs(f[2] - f[1]), 0.01 * std::fabs(f[2]));
}

TEST(BrushContact, RejectsBadInput) {
  auto p = base(40);
  p.mu = -0.1;
  EXPECT_THROW(BrushContact{p}, InvalidInput);
  p = base(2);
  EXPECT_THROW(BrushContact{p}, InvalidInput);
  BrushContact c(base(20));
  EXPECT_THROW(c.step(NAN, 0, 0, 0), InvalidInput);
}

}  // namespace
}  // namespace nsd::rolling
