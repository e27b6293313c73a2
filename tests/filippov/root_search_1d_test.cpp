#include <nsdkit/filippov/root_search_1d.hpp>

#include <gtest/gtest.h>

#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::filippov {
namespace {

std::function<Sample1D(double)> wrap(std::function<double(double)> f) {
  return [f](double x) { return Sample1D{f(x), 1.0}; };
}

TEST(RootSearch1D, SimpleAndDoubleRootsOfAPolynomial) {
  // (x - 0.2)(x - 0.21)(x - 0.7)^2 on [0, 1]: a close pair and a double root.
  RootSearch1DOptions o;
  o.min_interval = 1e-7;
  const auto r =
      findAllRoots1D(wrap([](double x) { return (x - 0.2) * (x - 0.21) * (x - 0.7) * (x - 0.7); }),
                     0.0, 1.0, false, o);
  ASSERT_EQ(r.roots.size(), 3u);
  // Simple roots polished by toms748 to ~1e-15; the double root by Brent to ~sqrt(eps).
  EXPECT_NEAR(r.roots[0].x, 0.2, 1e-12);
  EXPECT_NEAR(r.roots[1].x, 0.21, 1e-12);
  EXPECT_NEAR(r.roots[2].x, 0.7, 1e-6);
  EXPECT_EQ(r.roots[2].multiplicity, 2);
  EXPECT_TRUE(r.roots[0].certified_unique);
}

TEST(RootSearch1D, AllRootsOfAHighFrequencySine) {
  // sin(12 x) on the circle: 24 roots k pi/12. A caller bound |f''| <= 144 makes the list
  // complete up to rounding (a black-box function is never interval-certified).
  RootSearch1DOptions o;
  o.second_derivative_bound = 144.0;
  const auto r =
      findAllRoots1D(wrap([](double x) { return std::sin(12 * x); }), 0, kTwoPi, true, o);
  EXPECT_EQ(r.report.completeness, Completeness::kFloatingPointBounds);
  ASSERT_EQ(r.roots.size(), 24u);
  for (std::size_t k = 0; k < 24; ++k)
    EXPECT_NEAR(r.roots[k].x, kPi * static_cast<double>(k) / 12.0, 1e-12);
}

TEST(RootSearch1D, NoRootsAndContinuum) {
  RootSearch1DOptions o;
  const auto none =
      findAllRoots1D(wrap([](double x) { return 2.0 + std::cos(x); }), 0, kTwoPi, true, o);
  EXPECT_TRUE(none.roots.empty());
  EXPECT_EQ(none.report.completeness, Completeness::kEstimatedBounds);
  const auto all = findAllRoots1D([](double) { return Sample1D{0.0, 1.0}; }, 0, 1, false, o);
  EXPECT_EQ(all.report.completeness, Completeness::kContinuum);
}

TEST(RootSearch1D, RejectsNonFiniteValues) {
  RootSearch1DOptions o;
  EXPECT_THROW(findAllRoots1D(wrap([](double x) { return x > 0.5 ? NAN : 1.0; }), 0, 1, false, o),
               InvalidInput);
  EXPECT_THROW(findAllRoots1D(wrap([](double) { return 1.0; }), 1, 0, false, o), InvalidInput);
}

}  // namespace
}  // namespace nsd::filippov
