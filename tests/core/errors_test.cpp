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

TEST(Errors, QuoteInputEscapesAndKeepsTheTailOfALongText) {
  EXPECT_EQ(quoteInput("a'b\\c\n"), "'a\\x27b\\x5cc\\x0a'");
  EXPECT_EQ(quoteInput(std::string(80, 'x')), "'" + std::string(80, 'x') + "'");  // at the limit
  // A path over 80 bytes (as in a deep checkout): the head, "...", the last 40 bytes and the size, so
  // the file name is never cut away.
  const std::string path =
      "/check/work/main/build/release/tests/bad_input_work/case662/bt/" + std::string(35, 'd') +
      "/stability_body.html";
  const std::string shown = quoteInput(path);
  EXPECT_EQ(shown, "'" + path.substr(0, 40) + "..." + path.substr(path.size() - 40) + "' (" +
                       std::to_string(path.size()) + " bytes)");
  EXPECT_NE(shown.find("/stability_body.html'"), std::string::npos);
  // A multi-byte character cut at the edge is still escaped byte by byte, never passed raw.
  const std::string cut = std::string(39, 'a') + "\xc3\xa9" + std::string(60, 'b');
  EXPECT_EQ(quoteInput(cut).substr(0, 47), "'" + std::string(39, 'a') + "\\xc3...");
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
