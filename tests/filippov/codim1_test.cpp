#include <nsdkit/filippov/codim1.hpp>

#include <gtest/gtest.h>

#include <cmath>

#include <nsdkit/contact/friction_law.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::filippov {
namespace {

Eigen::VectorXd vec(std::initializer_list<double> v) {
  Eigen::VectorXd x(static_cast<Eigen::Index>(v.size()));
  Eigen::Index i = 0;
  for (double d : v) x[i++] = d;
  return x;
}

TEST(Codim1, ClassifiesByNormalComponents) {
  // Def 4 on hand-made limit vectors; index 0 is the switching coordinate.
  EXPECT_EQ(classifyCodim1(vec({-1, 2}), vec({1, 3}), 0).type, Codim1PointType::kAttractingSliding);
  EXPECT_EQ(classifyCodim1(vec({1, 2}), vec({-1, 3}), 0).type, Codim1PointType::kRepellingSliding);
  const auto crossing = classifyCodim1(vec({1, 2}), vec({2, 3}), 0);
  EXPECT_EQ(crossing.type, Codim1PointType::kCrossing);
  EXPECT_EQ(crossing.crossing_sign, +1);
  EXPECT_EQ(classifyCodim1(vec({0, 2}), vec({2, 3}), 0).type, Codim1PointType::kTangency);
  EXPECT_EQ(classifyCodim1(vec({1e-13, 2}), vec({2, 3}), 0, 1e-12).type,
            Codim1PointType::kTangency);
}

TEST(Codim1, SlidingVectorIsTangentConvexCombination) {
  const Eigen::VectorXd f1 = vec({-2, 1, 4}), f2 = vec({1, 3, -2});
  const Eigen::VectorXd fs = filippovSlidingVector(f1, f2, 0);
  // alpha = f2_k / (f2_k - f1_k) = 1/3, exactly representable up to one rounding.
  const double alpha = 1.0 / 3.0;
  EXPECT_EQ(fs[0], 0.0);
  EXPECT_NEAR(fs[1], alpha * 1 + (1 - alpha) * 3, 1e-15);
  EXPECT_NEAR(fs[2], alpha * 4 + (1 - alpha) * -2, 1e-15);
  EXPECT_THROW(filippovSlidingVector(vec({1, 0}), vec({1, 0}), 0), InvalidInput);
}

TEST(Codim1, NumericalLimitsOfPiecewiseSmoothField) {
  // F(x) = A x + b + c sign(x0): the limits are A x_bar + b ± c exactly; the extrapolation is
  // exact for fields linear in eps, so agreement to 1e-12 (a few ulps of |F| ~ 10) is expected.
  const Eigen::Matrix3d a = (Eigen::Matrix3d() << 1, 2, 3, -1, 0.5, 2, 0, 1, -3).finished();
  const Eigen::Vector3d b(0.5, -1, 2), c(-3, 1, 0.25);
  const VectorField field = [&](const Eigen::VectorXd& x) -> Eigen::VectorXd {
    return a * x + b + c * (x[0] > 0 ? 1.0 : -1.0);
  };
  const Eigen::VectorXd x_bar = vec({0, 0.7, -0.2});
  const Codim1LimitVectors lv = limitVectorsCodim1(field, x_bar, 0);
  EXPECT_TRUE(lv.converged);
  EXPECT_LT((lv.f1_star - (a * x_bar + b + c)).norm(), 1e-12);
  EXPECT_LT((lv.f2_star - (a * x_bar + b - c)).norm(), 1e-12);
}

TEST(Codim1, StribeckBlockRealizableEqualsPossible) {
  // Sect. 4.1: du/dt = L/m - mu(|u|) g sign(u). Def 2 (realizable, from the vector field with
  // numerical limits) must coincide with Def 1 (|L| <= mu_s m g) over a sweep of L. Points within
  // 1e-9 of the boundary are skipped (tangency there by construction).
  const auto law = contact::FrictionLaw::coulombStribeck(0.6, 0.35, 0.05);
  const double m = 2.0, g = 9.81;
  int agree = 0, total = 0;
  for (int k = -200; k <= 200; ++k) {
    const double load = 0.02 * k * law.mu_static * m * g;
    const VectorField field = [&](const Eigen::VectorXd& x) -> Eigen::VectorXd {
      const double u = x[0];
      return vec({load / m - law.coefficient(std::fabs(u)) * g * (u > 0 ? 1.0 : -1.0)});
    };
    DirectionalLimitOptions lo;
    lo.initial_offset = 1e-4;
    const Codim1LimitVectors lv = limitVectorsCodim1(field, vec({0}), 0, lo);
    const bool possible = std::fabs(load) < law.mu_static * m * g;
    if (std::fabs(std::fabs(load) - law.mu_static * m * g) < 1e-9) continue;
    const bool realizable =
        classifyCodim1(lv.f1_star, lv.f2_star, 0, 1e-9).type == Codim1PointType::kAttractingSliding;
    agree += realizable == possible;
    ++total;
  }
  EXPECT_EQ(agree, total);
  EXPECT_GT(total, 390);
}

TEST(Codim1, RejectsBadInput) {
  const VectorField field = [](const Eigen::VectorXd& x) -> Eigen::VectorXd { return x; };
  EXPECT_THROW(limitVectorsCodim1(field, vec({0.1, 0}), 0), InvalidInput);  // not on Sigma
  EXPECT_THROW(limitVectorsCodim1(field, vec({0, NAN}), 0), InvalidInput);
  EXPECT_THROW(limitVectorsCodim1(field, vec({0, 0}), 2), InvalidInput);
  const VectorField nan_field = [](const Eigen::VectorXd& x) -> Eigen::VectorXd { return x * NAN; };
  EXPECT_THROW(limitVectorsCodim1(nan_field, vec({0, 0}), 0), SolverFailure);
  EXPECT_THROW(classifyCodim1(vec({1, 2}), vec({1}), 0), InvalidInput);
  EXPECT_THROW(classifyCodim1(vec({NAN, 2}), vec({1, 1}), 0), InvalidInput);
}

}  // namespace
}  // namespace nsd::filippov
