#include "core/errors.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/angles.hpp"

namespace nsd {
namespace {

TEST(Errors, RequireFiniteNamesTheValue) {
  try {
    requireFinite(NAN, "mu");
    FAIL() << "no exception";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("mu"), std::string::npos);
  }
  EXPECT_NO_THROW(requireFinite(1.0, "x"));
  EXPECT_THROW(requirePositive(0.0, "mass"), InvalidInput);
  EXPECT_THROW(requirePositive(-1.0, "mass"), InvalidInput);
  EXPECT_THROW(requireNonNegative(-1e-300, "mu"), InvalidInput);
  EXPECT_NO_THROW(requireNonNegative(0.0, "mu"));
  Eigen::Vector3d v(1, INFINITY, 0);
  EXPECT_THROW(requireFinite(v, "r"), InvalidInput);
}

TEST(Angles, WrapAndDistance) {
  // Exact identities of the wrap map; 1e-15 absorbs one rounding of fmod.
  EXPECT_NEAR(wrapToTwoPi(-0.5), kTwoPi - 0.5, 1e-15);
  EXPECT_NEAR(wrapToTwoPi(kTwoPi + 0.25), 0.25, 1e-15);
  EXPECT_NEAR(circularDistance(0.1, kTwoPi - 0.1), 0.2, 1e-15);
}

}  // namespace
}  // namespace nsd
