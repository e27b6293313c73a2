#include <nsdkit/core/errors.hpp>

#include <gtest/gtest.h>

#include <cmath>

#include <nsdkit/core/angles.hpp>

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
  EXPECT_THROW(requirePositive(1e-320, "mu"), InvalidInput);  // subnormal: refused by every route
  EXPECT_NO_THROW(requirePositive(3e-308, "mu"));             // the smallest normals are fine
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

TEST(Angles, HalfTurnWrapAgreesWithTheGeneralWrap) {
  // On [-pi, pi] the branch-free wrap must equal the fmod-based one exactly (both add 2 pi to
  // negative angles once), including the rounding of -tiny + 2 pi to 2 pi, which maps to 0.
  for (double a : {-kPi, -3.0, -1e-300, -0.0, 0.0, 1e-300, 1.0, kPi}) {
    EXPECT_EQ(wrapHalfTurnToTwoPi(a), wrapToTwoPi(a)) << a;
  }
  EXPECT_EQ(wrapHalfTurnToTwoPi(-1e-17), 0.0);
  EXPECT_LT(wrapHalfTurnToTwoPi(-1e-15), kTwoPi);
}

}  // namespace
}  // namespace nsd
