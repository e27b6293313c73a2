// Point types from limit-direction types (Def 8): classifyDirections against classifyFromCounts
// and the closed-form rules.
#include <gtest/gtest.h>

#include <vector>

#include <nsdkit/filippov/codim2.hpp>
#include <nsdkit/filippov/codim3.hpp>
#include <nsdkit/filippov/trig_polynomial.hpp>
#include <nsdkit/filippov/types.hpp>

namespace nsd::filippov {
namespace {

struct Direction {
  LimitDirectionType type;
};

std::vector<Direction> directions(std::initializer_list<LimitDirectionType> types) {
  std::vector<Direction> out;
  for (const auto t : types) out.push_back(Direction{t});
  return out;
}

TEST(Types, PointTypeFromDirectionTypes) {
  using T = LimitDirectionType;
  EXPECT_EQ(classifyDirections(directions({})), SlidingPointType::kNoLimitDirection);
  EXPECT_EQ(classifyDirections(directions({T::kAttracting, T::kAttracting})),
            SlidingPointType::kAttractingSliding);
  EXPECT_EQ(classifyDirections(directions({T::kRepelling})), SlidingPointType::kRepellingSliding);
  EXPECT_EQ(classifyDirections(directions({T::kAttracting, T::kRepelling})),
            SlidingPointType::kCrossing);
  EXPECT_EQ(classifyDirections(directions({T::kAttracting, T::kNeutral})),
            SlidingPointType::kMarginal);
  // Counting agrees with classifyFromCounts on every small combination.
  for (int a = 0; a < 3; ++a) {
    for (int r = 0; r < 3; ++r) {
      for (int n = 0; n < 3; ++n) {
        std::vector<Direction> d;
        d.insert(d.end(), static_cast<std::size_t>(a), Direction{T::kAttracting});
        d.insert(d.end(), static_cast<std::size_t>(r), Direction{T::kRepelling});
        d.insert(d.end(), static_cast<std::size_t>(n), Direction{T::kNeutral});
        EXPECT_EQ(classifyDirections(d), classifyFromCounts(a, r, n)) << a << r << n;
      }
    }
  }
}

TEST(Types, ContinuumRuleIsTheCountingRule) {
  const double tol = 1e-9;
  EXPECT_EQ(classifyContinuum(0.5, 2.0, tol), SlidingPointType::kRepellingSliding);
  EXPECT_EQ(classifyContinuum(-2.0, -0.5, tol), SlidingPointType::kAttractingSliding);
  EXPECT_EQ(classifyContinuum(-1.0, 1.0, tol), SlidingPointType::kCrossing);
  EXPECT_EQ(classifyContinuum(0.0, 1.0, tol), SlidingPointType::kMarginal);   // repelling + R = 0
  EXPECT_EQ(classifyContinuum(-1.0, 0.0, tol), SlidingPointType::kMarginal);  // attracting + R = 0
  EXPECT_EQ(classifyContinuum(0.0, 0.0, tol), SlidingPointType::kMarginal);
}

TrigCoefficients1 coefficients1(std::initializer_list<double> values) {
  return trigCoefficients1(values);
}

// Every route classifies the same continuum the same way (the rule above): an all-repelling
// continuum is repelling sliding, a repelling one with a neutral direction is marginal.
TEST(Types, EveryRouteClassifiesContinuaAlike) {
  // Codim 2: G = r(phi) n(phi), V = 0 on the whole circle.
  for (const bool touches_zero : {false, true}) {
    const auto r = [&](double c) { return touches_zero ? 1.0 + c : 2.0 + c; };  // c = cos phi
    const auto sampled = analyzeCodim2(NormalPlaneFieldOfDirection([&](const PlaneDirection& d) {
      return Eigen::Vector2d(r(d.cos_phi) * d.cos_phi, r(d.cos_phi) * d.sin_phi);
    }));
    // H = ((a + cos) cos, (a + cos) sin) = (1/2 + a cos + cos(2 phi)/2, a sin + sin(2 phi)/2).
    const double a = touches_zero ? 1.0 : 2.0;
    TrigRationalPlaneField rational;
    rational.numerator[0] = coefficients1({0.5, a, 0.0, 0.5, 0.0});
    rational.numerator[1] = coefficients1({0.0, 0.0, a, 0.0, 0.5});
    rational.denominator = coefficients1({1.0});
    const auto exact = analyzeCodim2(rational);
    const auto expected =
        touches_zero ? SlidingPointType::kMarginal : SlidingPointType::kRepellingSliding;
    for (const auto* result : {&sampled, &exact}) {
      EXPECT_EQ(result->report.completeness, Completeness::kContinuum);
      EXPECT_EQ(result->type, expected) << "touches zero " << touches_zero;
    }
  }
  // Codim 3: the sampled route with G = n, the rational one with H = sin(phi+) (sin phi- cos
  // phi+, sin phi+ cos phi-, sin phi+ sin phi-), which is sqrt(1 - cos^2 cos^2) |sin phi+| n:
  // R > 0 on both parameter squares.
  const auto sampled = analyzeCodim3(SphereField([](const SphereDirection& d) { return d.n; }));
  TrigRationalSphereField rational;
  const std::array<std::function<double(const AnglePair&)>, 3> h{
      [](const AnglePair& x) { return x.sin1 * x.sin2 * x.cos1; },
      [](const AnglePair& x) { return x.sin1 * x.sin1 * x.cos2; },
      [](const AnglePair& x) { return x.sin1 * x.sin1 * x.sin2; }};
  for (int k = 0; k < 3; ++k) rational.numerator[k] = TrigPoly2::fit(2, 1, h[k]);
  rational.denominator = TrigPoly2::fit(0, 0, [](const AnglePair&) { return 1.0; });
  const auto exact = analyzeCodim3(rational);
  for (const auto* result : {&sampled, &exact}) {
    EXPECT_EQ(result->report.completeness, Completeness::kContinuum);
    EXPECT_EQ(result->type, SlidingPointType::kRepellingSliding);
  }
}

}  // namespace
}  // namespace nsd::filippov
