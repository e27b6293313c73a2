// Codimension-2 limit directions of trigonometric-rational fields (algebraic route) against the
// sampled search on the same fields, and closed forms for tangencies and continua.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/codim2.hpp>

namespace nsd::filippov {
namespace {

TrigCoefficients1 coefficients(std::initializer_list<double> values) {
  return trigCoefficients1(values);
}

TEST(Codim2Rational, AgreesWithTheSampledSearchOnRandomFields) {
  std::mt19937 rng(31);
  std::normal_distribution<double> normal(0.0, 1.0);
  int compared = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    TrigRationalPlaneField f;
    for (auto& h : f.numerator) {
      h = TrigCoefficients1(5);  // degree 2
      for (int j = 0; j < 5; ++j) h[j] = normal(rng);
    }
    f.denominator = coefficients({2.0, 0.6 * normal(rng), 0.6 * normal(rng)});
    if (std::fabs(f.denominator[1]) + std::fabs(f.denominator[2]) >= 1.9) continue;
    const Codim2Result exact = analyzeCodim2(f);
    const Codim2Result sampled = analyzeCodim2(NormalPlaneFieldOfDirection(
        [&](const PlaneDirection& n) { return f.value(n.cos_phi, n.sin_phi); }));
    if (sampled.report.completeness == Completeness::kPossiblyIncomplete) continue;
    SCOPED_TRACE(trial);
    EXPECT_EQ(exact.report.completeness, Completeness::kCertified);
    ASSERT_EQ(exact.directions.size(), sampled.directions.size());
    for (std::size_t k = 0; k < exact.directions.size(); ++k) {
      // The sampled search stops polishing once its root is within root_tolerance_rad = 1e-12
      // (by the bracket width or by |V| / slope bound); the algebraic one is at rounding level
      // (~1e-15), hence 1e-12 plus a rounding margin.
      EXPECT_LT(circularDistance(exact.directions[k].phi_rad, sampled.directions[k].phi_rad),
                1.05e-12);
      EXPECT_EQ(exact.directions[k].type, sampled.directions[k].type);
      const Eigen::Vector2d g =
          f.value(std::cos(exact.directions[k].phi_rad), std::sin(exact.directions[k].phi_rad));
      EXPECT_LT(std::fabs(circumferentialComponent(g, exact.directions[k].phi_rad)),
                1e-12 * (1.0 + g.norm()));
    }
    EXPECT_EQ(exact.type, sampled.type);
    ++compared;
  }
  EXPECT_GE(compared, 1500);
}

TEST(Codim2Rational, SlopesMatchFiniteDifferences) {
  TrigRationalPlaneField f;
  f.numerator[0] = coefficients({0.2, -1.0, 0.4});
  f.numerator[1] = coefficients({-0.1, 0.3, -0.8});
  f.denominator = coefficients({1.5, 0.2, -0.3});
  const Codim2Result r = analyzeCodim2(f);
  ASSERT_EQ(r.directions.size(), 4u);
  for (const auto& d : r.directions) {
    const double h = 1e-6;
    auto v = [&](double phi) {
      return circumferentialComponent(f.value(std::cos(phi), std::sin(phi)), phi);
    };
    // Central difference: error ~h^2 |V'''| ~ 1e-11.
    EXPECT_NEAR(d.slope, (v(d.phi_rad + h) - v(d.phi_rad - h)) / (2 * h), 1e-8);
  }
}

TEST(Codim2Rational, TangencyIsADoubleRoot) {
  // H = (sin a - sin phi, -cos a + cos phi): D V = 1 - cos(phi - a) >= 0 touches zero at a.
  const double a = 1.1;
  TrigRationalPlaneField f;
  f.numerator[0] = coefficients({std::sin(a), 0.0, -1.0});
  f.numerator[1] = coefficients({-std::cos(a), 1.0, 0.0});
  f.denominator = coefficients({1.0});
  const Codim2Result r = analyzeCodim2(f);
  ASSERT_EQ(r.directions.size(), 1u);
  EXPECT_EQ(r.directions[0].multiplicity, 2);
  // A double root is located to ~sqrt(eps) by its derivative's root.
  EXPECT_NEAR(r.directions[0].phi_rad, a, 1e-7);
}

TEST(Codim2Rational, IsotropicFieldIsAContinuum) {
  // G = n(phi): V = 0 everywhere, R = 1 (repelling everywhere).
  TrigRationalPlaneField f;
  f.numerator[0] = coefficients({0.0, 1.0, 0.0});
  f.numerator[1] = coefficients({0.0, 0.0, 1.0});
  f.denominator = coefficients({1.0});
  const Codim2Result r = analyzeCodim2(f);
  EXPECT_EQ(r.report.completeness, Completeness::kContinuum);
  EXPECT_EQ(r.type, SlidingPointType::kRepellingSliding);
  EXPECT_NEAR(r.continuum_max_radial, 1.0, 1e-12);
}

TEST(Codim2Rational, RejectsBadInput) {
  TrigRationalPlaneField f;
  f.numerator[0] = coefficients({0.2, -1.0, 0.4});
  f.numerator[1] = coefficients({-0.1, 0.3, -0.8});
  f.denominator = coefficients({0.1, 1.0, 0.0});  // D = 0.1 + cos(phi) changes sign
  EXPECT_THROW(analyzeCodim2(f), SolverFailure);
  f.denominator = coefficients({1.0, 0.0});  // even size
  EXPECT_THROW(analyzeCodim2(f), InvalidInput);
  f.denominator = coefficients({1.0});
  f.numerator[0][1] = NAN;
  EXPECT_THROW(analyzeCodim2(f), InvalidInput);
}

}  // namespace
}  // namespace nsd::filippov
