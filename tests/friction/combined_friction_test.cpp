#include <nsdkit/friction/combined_friction.hpp>

#include <gtest/gtest.h>

#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::friction {
namespace {

// Independent reference: midpoint rule on a Cartesian grid over the unit disk, straight from
// eq. (1) with (2)-(4) (no polar coordinates, no symmetry reduction). Its error is O(h) near the
// singular point and the disk edge, so agreement is checked to 2e-3.
FrictionResultant cartesianReference(const CombinedMotion& m, const PressureDistribution& p,
                                     int n) {
  FrictionResultant out;
  const double h = 2.0 / n;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const double x = -1 + (i + 0.5) * h, y = -1 + (j + 0.5) * h;
      const double r2 = x * x + y * y;
      if (r2 >= 1.0) continue;
      const double s =
          p.sigma(std::sqrt(r2)) * (1 + m.k_r * (x * std::cos(m.beta) - y * std::sin(m.beta)));
      const double vx = m.v - m.u * y, vy = m.u * x, speed = std::hypot(vx, vy);
      if (speed == 0.0) continue;
      out.f_par += s * vx / speed * h * h;
      out.f_perp += s * vy / speed * h * h;  // (6): F_perp = -F_y, F_y = -sum s V_y/abs(V)
      out.m_c += s * (x * vy - y * vx) / speed * h * h;
    }
  }
  return out;
}

TEST(ExactFriction, MatchesIndependentCartesianQuadrature) {
  for (const auto& m : {CombinedMotion{1, 3, 0.5, 0.3}, CombinedMotion{1, 0.5, -0.4, 1.2},
                        CombinedMotion{0.2, -1.0, 0.8, 2.0}, CombinedMotion{1, 1.5, 0.0, 0.0}}) {
    for (const auto& p : {hertzPressure(), uniformPressure()}) {
      const FrictionResultant e = exactFriction(m, p, 1e-9);
      const FrictionResultant r = cartesianReference(m, p, 1500);
      EXPECT_NEAR(e.f_par, r.f_par, 2e-3) << p.name;
      EXPECT_NEAR(e.f_perp, r.f_perp, 2e-3) << p.name;
      EXPECT_NEAR(e.m_c, r.m_c, 2e-3) << p.name;
      EXPECT_LT(e.error_estimate, 1e-7);
    }
  }
}

TEST(ExactFriction, SingularCentreInsideTheContact) {
  // |v/u| < 1 puts the instantaneous centre in the contact. The result must be continuous
  // across |v/u| = 1 (the singular point crossing the edge) and reach 1e-10 accuracy.
  const auto p = hertzPressure();
  const auto below = exactFriction({0.999999, 1.0, 0.3, 0.4}, p, 1e-10);
  const auto above = exactFriction({1.000001, 1.0, 0.3, 0.4}, p, 1e-10);
  // The integrals are Lipschitz in v with constant O(1) (log at worst): 1e-4 is ample.
  EXPECT_NEAR(below.f_par, above.f_par, 1e-4);
  EXPECT_NEAR(below.m_c, above.m_c, 1e-4);
  const auto mid = exactFriction({0.3, 1.0, 0.0, 0.0}, p, 1e-10);
  EXPECT_LT(mid.error_estimate, 1e-9);
}

TEST(ExactFriction, LimitsAndSlopesGiveThePrintedPadeCoefficients) {
  // Derive F0, F_r, M0, M_wr from limits of (6) at u = 0 and v = 0, and a, b, m from the slopes
  // (10), then compare with the printed Hertz values after (12). Slopes by central differences
  // of step 1e-4 (error ~1e-8 relative), limits to quadrature accuracy.
  const auto p = hertzPressure();
  const PadeCoefficients printed = hertzPadeCoefficients();
  const double beta = 0.7, kr = 0.5;
  EXPECT_NEAR(exactFriction({1, 0, kr, beta}, p).f_par, printed.f0, 1e-9);
  EXPECT_NEAR(exactFriction({0, 1, kr, beta}, p).f_par / (kr * std::sin(beta)), printed.f_r, 1e-8);
  EXPECT_NEAR(exactFriction({0, 1, kr, beta}, p).f_perp / (kr * std::cos(beta)), printed.f_r, 1e-8);
  EXPECT_NEAR(exactFriction({0, 1, 0, 0}, p).m_c, printed.m0, 1e-9);
  EXPECT_NEAR(exactFriction({1, 0, kr, beta}, p).m_c / (kr * std::sin(beta)), printed.m_wr, 1e-8);
  const double d = 1e-4;
  // 1/m = (v/M0) dM_c/du at u = 0 (k_r = 0), v = 1.
  const double dm =
      (exactFriction({1, d, 0, 0}, p, 1e-11).m_c - exactFriction({1, -d, 0, 0}, p, 1e-11).m_c) /
      (2 * d);
  EXPECT_NEAR(printed.m0 / dm, printed.m, 1e-5);
  // 1/a = (u/F0) dF_par/dv at v = 0 (k_r = 0), u = 1: one-sided (v >= 0), second order.
  const double f1 = exactFriction({d, 1, 0, 0}, p, 1e-11).f_par;
  const double f2 = exactFriction({2 * d, 1, 0, 0}, p, 1e-11).f_par;
  const double da = (4 * f1 - f2) / (2 * d);  // F_par(0) = 0 at k_r = 0
  EXPECT_NEAR(printed.f0 / da, printed.a, 1e-5);
  // 1/b = v/(k_r F_r cos beta) dF_perp/du at u = 0, v = 1.
  const double db = (exactFriction({1, d, kr, 0}, p, 1e-11).f_perp -
                     exactFriction({1, -d, kr, 0}, p, 1e-11).f_perp) /
                    (2 * d);
  EXPECT_NEAR(kr * printed.f_r / db, printed.b, 1e-5);
  // Shift (7): s = pi R int sigma r^3 dr = R/5 for Hertz.
  EXPECT_NEAR(padeCoefficients(p).s, printed.s, 1e-13);
}

TEST(PadeFriction, MomentFormulasReproduceThePrintedHertzValues) {
  const PadeCoefficients c = padeCoefficients(hertzPressure());
  const PadeCoefficients h = hertzPadeCoefficients();
  // Moments by tanh-sinh to ~1e-15: agreement to 1e-12.
  EXPECT_NEAR(c.f_r, h.f_r, 1e-12);
  EXPECT_NEAR(c.m0, h.m0, 1e-12);
  EXPECT_NEAR(c.m_wr, h.m_wr, 1e-12);
  EXPECT_NEAR(c.a, h.a, 1e-12);
  EXPECT_NEAR(c.b, h.b, 1e-12);
  EXPECT_NEAR(c.m, h.m, 1e-12);
  // Pade is exact in its limits for k_r = 0 (pure sliding, pure whirl).
  EXPECT_NEAR(padeFriction({1, 0, 0, 0}, h).f_par, 1.0, 1e-15);
  EXPECT_NEAR(padeFriction({0, 2, 0, 0}, h).m_c, h.m0, 1e-15);
  // Rolling torque (8): M_r = s k_r N.
  const RollingTorque t = rollingTorque(0.5, 0.0, h);
  EXPECT_NEAR(t.m_par, -0.1, 1e-15);
}

TEST(Friction, RejectsBadInput) {
  EXPECT_THROW(exactFriction({0, 0, 0, 0}, hertzPressure()), InvalidInput);
  EXPECT_THROW(exactFriction({-1, 1, 0, 0}, hertzPressure()), InvalidInput);
  EXPECT_THROW(exactFriction({1, 1, 1.5, 0}, hertzPressure()), InvalidInput);
  EXPECT_THROW(exactFriction({1, NAN, 0, 0}, hertzPressure()), InvalidInput);
  EXPECT_THROW(padeFriction({1, 1, 0, NAN}, hertzPadeCoefficients()), InvalidInput);
  EXPECT_THROW(customPressure([](double) { return -1.0; }, "negative"), InvalidInput);
  const auto parabolic = customPressure([](double r) { return 1 - r * r; }, "parabolic");
  // Normalized: 2 pi int sigma r dr = 1 (tanh-sinh, 1e-12).
  EXPECT_NEAR(exactFriction({1, 0, 0, 0}, parabolic).f_par, 1.0, 1e-9);
}

}  // namespace
}  // namespace nsd::friction
