#include <nsdkit/filippov/codim2.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::filippov {
namespace {

Eigen::Vector2d n(double phi) { return {std::cos(phi), std::sin(phi)}; }

// A normal-plane field with prescribed R(phi) and V(phi): G = R n(phi) + V n(phi + pi/2).
NormalPlaneField prescribed(std::function<double(double)> r, std::function<double(double)> v) {
  return
      [r, v](double phi) { return Eigen::Vector2d(r(phi) * n(phi) + v(phi) * n(phi + kPi / 2)); };
}

// Reference roots of v on [0, 2 pi): sign changes on a uniform sweep of `sweep` directions,
// each bracket refined by 60 bisections; sorted.
std::vector<double> sweepRoots(const std::function<double(double)>& v, int sweep) {
  std::vector<double> roots;
  double prev = v(0.0);
  for (int k = 1; k <= sweep; ++k) {
    const double phi = kTwoPi * k / sweep;
    const double cur = v(phi);
    if ((prev < 0) != (cur < 0)) {
      double lo = kTwoPi * (k - 1) / sweep, hi = phi;
      for (int it = 0; it < 60; ++it) {
        const double mid = 0.5 * (lo + hi);
        ((v(mid) < 0) == (prev < 0) ? lo : hi) = mid;
      }
      roots.push_back(wrapToTwoPi(0.5 * (lo + hi)));
    }
    prev = cur;
  }
  std::sort(roots.begin(), roots.end());
  return roots;
}

TEST(Codim2, IsotropicCoulombRealizableIffForceInsideCone) {
  // G(phi) = f - mu n(phi) (unit mass, sticking block on a plane under tangential force f):
  // V = |f| sin(psi - phi) has roots psi and psi + pi with R = |f| - mu and -|f| - mu (Def 9 vs
  // Coulomb: realizable iff |f| < mu).
  const double mu = 0.5;
  for (double magnitude : {0.1, 0.49, 0.51, 2.0}) {
    const double psi = 1.1;
    const Eigen::Vector2d f = magnitude * n(psi);
    const auto result = analyzeCodim2([&](double phi) { return Eigen::Vector2d(f - mu * n(phi)); });
    ASSERT_EQ(result.directions.size(), 2u);
    EXPECT_NEAR(result.directions[0].phi_rad, psi, 1e-12);
    EXPECT_NEAR(result.directions[1].phi_rad, psi + kPi, 1e-12);
    EXPECT_NEAR(result.directions[0].radial, magnitude - mu, 1e-12);
    EXPECT_NEAR(result.directions[1].radial, -magnitude - mu, 1e-12);
    EXPECT_EQ(result.type == SlidingPointType::kAttractingSliding, magnitude < mu);
    if (magnitude > mu) {
      EXPECT_EQ(result.type, SlidingPointType::kCrossing);
    }
  }
}

TEST(Codim2, PrescribedRootsCloseSimplePairAndDoubleRoot) {
  // V = sin(phi - a) sin(phi - a - delta) (1 - cos(phi - b)): simple roots a, a + delta,
  // a + pi, a + delta + pi, and a double root b. R = cos(phi - c) + 0.2 sets the types.
  const double a = 0.4, delta = 2e-3, b = 5.0, c = 0.0;
  const auto result = analyzeCodim2(prescribed(
      [&](double p) { return std::cos(p - c) + 0.2; },
      [&](double p) { return std::sin(p - a) * std::sin(p - a - delta) * (1 - std::cos(p - b)); }));
  const std::vector<double> expected{a, a + delta, a + kPi, a + delta + kPi, b};
  ASSERT_EQ(result.directions.size(), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) {
    // Simple roots to toms748 accuracy; the double root by minimization to ~1e-5 (sqrt of the
    // value tolerance 1e-10 relative).
    EXPECT_NEAR(result.directions[k].phi_rad, expected[k], k == 4 ? 1e-4 : 1e-10);
    const double r = std::cos(expected[k] - c) + 0.2;
    EXPECT_EQ(result.directions[k].type,
              r < 0 ? LimitDirectionType::kAttracting : LimitDirectionType::kRepelling);
  }
  EXPECT_EQ(result.directions[4].multiplicity, 2);
  EXPECT_EQ(result.type, SlidingPointType::kCrossing);
}

TEST(Codim2, RotatingFieldHasNoLimitDirection) {
  const auto result = analyzeCodim2(prescribed(
      [](double) { return -1.0; }, [](double p) { return 0.7 + 0.2 * std::sin(3 * p); }));
  EXPECT_TRUE(result.directions.empty());
  EXPECT_EQ(result.type, SlidingPointType::kNoLimitDirection);
}

TEST(Codim2, RandomAffineFieldsMatchBruteForceSweep) {
  // Property test: G(phi) = g0 + C n(phi) (seeded). Reference: a dense sweep of 2e5 directions,
  // sign changes of V, each bracket refined by bisection. Same roots (to 1e-9) and same types.
  std::mt19937 rng(20261122);
  std::normal_distribution<double> normal(0.0, 1.0);
  const int sweep = 200000;
  for (int trial = 0; trial < 100; ++trial) {
    const Eigen::Vector2d g0(normal(rng), normal(rng));
    Eigen::Matrix2d c;
    c << normal(rng), normal(rng), normal(rng), normal(rng);
    const NormalPlaneField g = [&](double phi) { return Eigen::Vector2d(g0 + c * n(phi)); };
    const auto result = analyzeCodim2(g);
    const std::vector<double> reference =
        sweepRoots([&](double phi) { return circumferentialComponent(g(phi), phi); }, sweep);
    ASSERT_EQ(result.directions.size(), reference.size()) << "trial " << trial;
    for (std::size_t k = 0; k < reference.size(); ++k) {
      EXPECT_LT(circularDistance(result.directions[k].phi_rad, reference[k]), 1e-9);
      const double r = radialComponent(g(reference[k]), reference[k]);
      EXPECT_EQ(result.directions[k].type,
                r < 0 ? LimitDirectionType::kAttracting : LimitDirectionType::kRepelling);
    }
  }
}

TEST(Codim2, HighDegreeFieldsMatchBruteForceSweep) {
  // Property test beyond the trigonometric fit that starts the polishing (degree n/2 - 1 = 7 on
  // the default 16 nodes): V a seeded random trigonometric polynomial of degree 9 to 12, R = 1
  // + 0.5 cos(phi) (types alternate with the sign of R). The fit is then only approximate, so
  // polishing may start off the root or fall back to false position; the roots must still
  // match a dense sweep of 2e5 directions (sign changes refined by bisection) to 1e-9.
  std::mt19937 rng(91122);
  std::normal_distribution<double> normal(0.0, 1.0);
  const int sweep = 200000;
  int total_roots = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const int degree = 9 + trial % 4;
    std::vector<double> a(static_cast<std::size_t>(degree) + 1), b(a.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
      a[k] = normal(rng);
      b[k] = normal(rng);
    }
    auto v = [&](double phi) {
      double sum = 0.0;
      for (std::size_t k = 0; k < a.size(); ++k) {
        const double kk = static_cast<double>(k);
        sum += a[k] * std::cos(kk * phi) + b[k] * std::sin(kk * phi);
      }
      return sum;
    };
    auto r = [](double phi) { return 1.0 + 0.5 * std::cos(phi); };
    const auto result = analyzeCodim2(prescribed(r, v));
    ASSERT_NE(result.report.completeness, Completeness::kPossiblyIncomplete) << "trial " << trial;
    const std::vector<double> reference = sweepRoots(v, sweep);
    ASSERT_EQ(result.directions.size(), reference.size()) << "trial " << trial;
    for (std::size_t k = 0; k < reference.size(); ++k) {
      EXPECT_LT(circularDistance(result.directions[k].phi_rad, reference[k]), 1e-9)
          << "trial " << trial;
      EXPECT_EQ(result.directions[k].type, LimitDirectionType::kRepelling);  // R >= 0.5
    }
    total_roots += static_cast<int>(reference.size());
  }
  EXPECT_GT(total_roots, 40 * 6);  // the fields have many roots (not a vacuous comparison)
}

TEST(Codim2, AffineFieldsCostOneEvaluationPerRoot) {
  // For G = g0 + C n(phi), V has degree 2: the fit of the 16 node samples that starts the
  // polishing is exact, its root is V's root to rounding, and the first evaluation there has
  // |V| <= m1 * root_tolerance_rad, which ends the polishing. So exactly one evaluation falls
  // within 1e-4 rad of each root (refinement midpoints are grid points, none that close here).
  // A false-position start lands ~5e-3 off and converges in 3 to 4 more evaluations near the
  // root.
  std::mt19937 rng(5150);
  std::normal_distribution<double> normal(0.0, 1.0);
  int roots = 0;
  for (int trial = 0; trial < 50; ++trial) {
    const Eigen::Vector2d g0(normal(rng), normal(rng));
    Eigen::Matrix2d c;
    c << normal(rng), normal(rng), normal(rng), normal(rng);
    std::vector<double> evaluated;
    const auto result = analyzeCodim2(NormalPlaneFieldOfDirection([&](const PlaneDirection& d) {
      evaluated.push_back(d.phi());
      return Eigen::Vector2d(g0 + c * Eigen::Vector2d(d.cos_phi, d.sin_phi));
    }));
    for (const auto& direction : result.directions) {
      const auto near = std::count_if(evaluated.begin(), evaluated.end(), [&](double phi) {
        return circularDistance(phi, direction.phi_rad) < 1e-4;
      });
      EXPECT_EQ(near, 1) << "trial " << trial << " root " << direction.phi_rad;
      ++roots;
    }
  }
  EXPECT_GT(roots, 100);
}

TEST(Codim2, ASearchNestedInTheFieldWithAnotherGridLeavesTheOuterSearchIntact) {
  // The outer field's evaluation runs an inner search with 24 initial intervals (the outer one
  // has 16). Both searches keep per-thread grids; the outer result must equal the same search
  // without nesting (this read past the end of the outer grid when one grid was cached).
  std::mt19937 rng(77);
  std::normal_distribution<double> normal(0.0, 1.0);
  Codim2Options inner_options;
  inner_options.initial_intervals = 24;
  int compared = 0;
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::Matrix2d c;
    c << normal(rng), normal(rng), normal(rng), normal(rng);
    const Eigen::Vector2d g0(normal(rng), normal(rng));
    const auto field = [&](const PlaneDirection& d) {
      return Eigen::Vector2d(g0 + c * Eigen::Vector2d(d.cos_phi, d.sin_phi));
    };
    const auto plain = analyzeCodim2(NormalPlaneFieldOfDirection(field));
    std::size_t inner_roots = 0;
    const auto nested = analyzeCodim2(NormalPlaneFieldOfDirection([&](const PlaneDirection& d) {
      inner_roots +=
          analyzeCodim2(NormalPlaneFieldOfDirection(field), inner_options).directions.size();
      return field(d);
    }));
    ASSERT_EQ(nested.directions.size(), plain.directions.size()) << "trial " << trial;
    for (std::size_t k = 0; k < plain.directions.size(); ++k) {
      EXPECT_EQ(nested.directions[k].phi_rad, plain.directions[k].phi_rad);
      EXPECT_EQ(nested.directions[k].type, plain.directions[k].type);
      ++compared;
    }
    EXPECT_EQ(inner_roots, plain.directions.size() * nested.report.evaluations);
  }
  EXPECT_GT(compared, 20);
}

TEST(Codim2, NumericalLimitAgreesWithClosedForm) {
  // F(x) = A x + b + C (x0, x1)/|(x0, x1)| in R^4, Sigma = {x0 = x1 = 0}: the limit field is
  // A x_bar + b + C n(phi). Extrapolation is exact for the eps-linear part (tolerance 1e-9).
  Eigen::Matrix4d a;
  a << 1, 2, 0, 1, -1, 0, 2, 0, 0.5, 1, -1, 0, 0, 0, 1, 1;
  const Eigen::Vector4d b(0.3, -0.2, 1, 0);
  Eigen::Matrix<double, 4, 2> c;
  c << -1, 0.3, 0.2, -0.8, 0, 1, 1, 1;
  const VectorField field = [&](const Eigen::VectorXd& x) -> Eigen::VectorXd {
    const Eigen::Vector2d u(x[0], x[1]);
    return a * x + b + c * (u / u.norm());
  };
  Eigen::VectorXd x_bar(4);
  x_bar << 0, 0, 0.4, -1.2;
  const LimitVectorField closed = [&](const Eigen::VectorXd& xb, double phi) -> Eigen::VectorXd {
    return a * xb + b + c * n(phi);
  };
  const auto exact = analyzeCodim2(closed, x_bar, 0, 1);
  const auto numeric = analyzeCodim2FromField(field, x_bar, 0, 1);
  ASSERT_EQ(exact.directions.size(), numeric.directions.size());
  ASSERT_FALSE(exact.directions.empty());
  for (std::size_t k = 0; k < exact.directions.size(); ++k) {
    EXPECT_NEAR(exact.directions[k].phi_rad, numeric.directions[k].phi_rad, 1e-9);
    EXPECT_EQ(exact.directions[k].type, numeric.directions[k].type);
  }
  EXPECT_LT(numeric.limit_error_estimate, 1e-8);
}

TEST(Codim2, RejectsBadInput) {
  EXPECT_THROW(analyzeCodim2([](double p) { return Eigen::Vector2d(p > 3 ? NAN : 1.0, 0.0); }),
               InvalidInput);
  Eigen::VectorXd x_bar(3);
  x_bar << 0, 0.1, 0;
  const LimitVectorField f = [](const Eigen::VectorXd& x, double) -> Eigen::VectorXd { return x; };
  EXPECT_THROW(analyzeCodim2(f, x_bar, 0, 1), InvalidInput);  // x_bar not on Sigma
  EXPECT_THROW(analyzeCodim2(f, x_bar, 0, 0), InvalidInput);  // same index twice
  EXPECT_THROW(analyzeCodim2(f, x_bar, 0, 5), InvalidInput);  // out of range
  const LimitVectorField wrong_dim = [](const Eigen::VectorXd&, double) -> Eigen::VectorXd {
    return Eigen::VectorXd::Zero(2);
  };
  x_bar << 0, 0, 1;
  EXPECT_THROW(analyzeCodim2(wrong_dim, x_bar, 0, 1), InvalidInput);
}

}  // namespace
}  // namespace nsd::filippov
