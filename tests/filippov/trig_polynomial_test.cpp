// TrigPoly2 against pointwise closed forms: fit, products, derivatives and coefficient bounds.
#include <nsdkit/filippov/trig_polynomial.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::filippov {
namespace {

// A closed-form polynomial of degrees (2, 1).
double sample(double t1, double t2) {
  return 0.3 - 1.2 * std::cos(t1) + 0.7 * std::sin(2 * t1) * std::cos(t2) +
         2.0 * std::sin(t1) * std::sin(t2) - 0.4 * std::cos(2 * t1);
}

TEST(TrigPoly2, FitIsExactForPolynomialsOfTheGivenDegree) {
  const TrigPoly2 p = TrigPoly2::fit(2, 1, [](const AnglePair& x) {
    return sample(std::atan2(x.sin1, x.cos1), std::atan2(x.sin2, x.cos2));
  });
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(0.0, kTwoPi);
  for (int k = 0; k < 200; ++k) {
    const double t1 = u(rng), t2 = u(rng);
    // Tolerance: the DFT of 15 samples of magnitude ~4 is exact to a few ulp.
    EXPECT_NEAR(p.value(AnglePair::fromAngles(t1, t2)), sample(t1, t2), 1e-13);
  }
}

TEST(TrigPoly2, ProductsWithCosSinMatchPointwiseProducts) {
  const TrigPoly2 p = TrigPoly2::fit(2, 1, [](const AnglePair& x) {
    return sample(std::atan2(x.sin1, x.cos1), std::atan2(x.sin2, x.cos2));
  });
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> u(0.0, kTwoPi);
  for (int k = 0; k < 100; ++k) {
    const double t1 = u(rng), t2 = u(rng);
    const AnglePair x = AnglePair::fromAngles(t1, t2);
    const double v = sample(t1, t2);
    EXPECT_NEAR(p.timesCos1().value(x), v * std::cos(t1), 1e-13);
    EXPECT_NEAR(p.timesSin1().value(x), v * std::sin(t1), 1e-13);
    EXPECT_NEAR(p.timesCos2().value(x), v * std::cos(t2), 1e-13);
    EXPECT_NEAR(p.timesSin2().value(x), v * std::sin(t2), 1e-13);
    EXPECT_NEAR((p + p.timesSin2() * 2.0).value(x), v + 2.0 * v * std::sin(t2), 1e-13);
  }
  const TrigPoly2 s =
      TrigPoly2::separable(Eigen::Vector3d(1.0, 0.5, -0.2), Eigen::Vector3d(0.3, 0.0, 2.0));
  const AnglePair x = AnglePair::fromAngles(0.4, 2.1);
  EXPECT_NEAR(s.value(x),
              (1.0 + 0.5 * std::cos(0.4) - 0.2 * std::sin(0.4)) * (0.3 + 2.0 * std::sin(2.1)),
              1e-15);
}

TEST(TrigPoly2, GradientMatchesCentralDifferencesAndBoundsHold) {
  const TrigPoly2 p = TrigPoly2::fit(2, 1, [](const AnglePair& x) {
    return sample(std::atan2(x.sin1, x.cos1), std::atan2(x.sin2, x.cos2));
  });
  const SecondDerivativeBounds b = p.secondDerivativeBounds();
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(0.0, kTwoPi);
  const double h = 1e-4;
  double max11 = 0.0, max12 = 0.0, max22 = 0.0, min_value = INFINITY;
  for (int k = 0; k < 2000; ++k) {
    const double t1 = u(rng), t2 = u(rng);
    const TrigValueGradient g = p.valueGradient(AnglePair::fromAngles(t1, t2));
    auto f = [&](double a, double c) { return sample(a, c); };
    // Central differences: truncation ~h^2 |f'''| ~ 1e-7.
    EXPECT_NEAR(g.d1, (f(t1 + h, t2) - f(t1 - h, t2)) / (2 * h), 1e-6);
    EXPECT_NEAR(g.d2, (f(t1, t2 + h) - f(t1, t2 - h)) / (2 * h), 1e-6);
    max11 = std::max(max11, std::fabs(f(t1 + h, t2) - 2 * f(t1, t2) + f(t1 - h, t2)) / (h * h));
    max22 = std::max(max22, std::fabs(f(t1, t2 + h) - 2 * f(t1, t2) + f(t1, t2 - h)) / (h * h));
    max12 = std::max(max12, std::fabs(f(t1 + h, t2 + h) - f(t1 + h, t2 - h) - f(t1 - h, t2 + h) +
                                      f(t1 - h, t2 - h)) /
                                (4 * h * h));
    min_value = std::min(min_value, g.value);
  }
  // The coefficient bounds hold everywhere, so they exceed every sampled second derivative
  // (1e-6: the differences' own rounding).
  EXPECT_GE(b.b11 + 1e-6, max11);
  EXPECT_GE(b.b12 + 1e-6, max12);
  EXPECT_GE(b.b22 + 1e-6, max22);
  EXPECT_LE(p.simpleLowerBound(), min_value);
  EXPECT_NEAR(p.absCoefficientSum(), 0.3 + 1.2 + 0.7 + 2.0 + 0.4, 1e-13);
}

TEST(TrigPoly2, BadInputIsRejected) {
  EXPECT_THROW(TrigPoly2(-1, 0), InvalidInput);
  EXPECT_THROW(TrigPoly2(TrigPoly2::kMaxDegree + 1, 0), InvalidInput);
  EXPECT_THROW(TrigPoly2::fromCoefficients(Eigen::MatrixXd::Ones(2, 3)), InvalidInput);
  Eigen::MatrixXd nan_coefficients = Eigen::MatrixXd::Ones(3, 3);
  nan_coefficients(1, 1) = NAN;
  EXPECT_THROW(TrigPoly2::fromCoefficients(nan_coefficients), InvalidInput);
  EXPECT_THROW(TrigPoly2::fit(1, 1, [](const AnglePair&) { return NAN; }), InvalidInput);
  const TrigPoly2 top(TrigPoly2::kMaxDegree, 0);
  EXPECT_THROW(top.timesCos1(), InvalidInput);
}

}  // namespace
}  // namespace nsd::filippov
