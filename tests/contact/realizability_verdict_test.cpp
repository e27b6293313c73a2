// TwoContactDynamics::realizabilityVerdict (contact/two_contact_body.hpp), Def 11's verdict
// that stops at the first escape, against the complete analysis (analyzeRealizability) of the
// same dynamics: the same `realizable` and the same first escape, on seeded random bodies and
// loads chosen so that every first escape (RS, SR, SS) and "realizable" occur many times; and SS
// left alone (the warm start neither read nor changed) when RS or SR escapes.
#include <nsdkit/contact/two_contact_body.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <random>
#include <string>

#include <nsdkit/core/errors.hpp>

#include "../support/random_two_contact_dynamics.hpp"

namespace nsd::contact {
namespace {

std::string nameOf(const std::optional<EscapeMode>& first) {
  return first ? toString(*first) : std::string("realizable");
}

TEST(RealizabilityVerdict, EqualsTheCompleteAnalysisOnRandomBodiesAndLoads) {
  std::mt19937 rng(47);
  // Two warm starts fed the same points: the verdict's and the complete analysis's.
  SlipSlipWarmStart verdict_warm, complete_warm;
  std::map<std::string, int> seen;
  int refused = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const double torque_scale = (trial % 3 == 0) ? 0.05 : (trial % 3 == 1 ? 0.5 : 3.0);
    const TwoContactDynamics dynamics = test::randomWallDynamics(rng, torque_scale);
    TwoPointRealizability complete;
    try {
      complete = dynamics.analyzeRealizability({}, &complete_warm);
    } catch (const SolverFailure&) {
      // A Painleve-type SS system: the verdict refuses it too unless RS or SR escapes first.
      ++refused;
      try {
        const RealizabilityVerdict v = dynamics.realizabilityVerdict({}, &verdict_warm);
        EXPECT_FALSE(v.realizable) << "trial " << trial;
        ASSERT_TRUE(v.first_escape.has_value());
        EXPECT_NE(*v.first_escape, EscapeMode::kSS) << "trial " << trial;
      } catch (const SolverFailure&) {
      }
      continue;
    }
    const RealizabilityVerdict verdict = dynamics.realizabilityVerdict({}, &verdict_warm);
    const std::string expected_first =
        complete.escapes.empty() ? "realizable" : toString(complete.escapes.front());
    EXPECT_EQ(verdict.realizable, complete.realizable) << "trial " << trial;
    EXPECT_EQ(nameOf(verdict.first_escape), expected_first) << "trial " << trial;
    ++seen[expected_first];
  }
  std::printf("first escapes: realizable %d, RS %d, SR %d, SS %d; %d Painleve-type refusals\n",
              seen["realizable"], seen["RS"], seen["SR"], seen["SS"], refused);
  // Every branch of the shortcut was taken many times.
  for (const char* kind : {"realizable", "RS", "SR", "SS"}) {
    EXPECT_GE(seen[kind], 40) << kind;
  }
  EXPECT_LT(refused, 150);
}

TEST(RealizabilityVerdict, LeavesSlipSlipAloneWhenAOnePointSlipEscapes) {
  // A seed no search leaves in place (slip angles 1.234 and 2.345 rad): when RS or SR decides,
  // it is kept and no shortcut is counted; at a realizable point SS was searched completely and
  // the seeds are this point's escapes: none.
  const filippov::AnglePair sentinel{std::cos(1.234), std::sin(1.234), std::cos(2.345),
                                     std::sin(2.345)};
  std::mt19937 rng(48);
  int one_point = 0, realizable = 0;
  for (int trial = 0; trial < 400 && (one_point < 20 || realizable < 20); ++trial) {
    const TwoContactDynamics dynamics = test::randomWallDynamics(rng, trial % 2 ? 3.0 : 0.05);
    SlipSlipWarmStart warm;
    warm.seeds = {sentinel};
    RealizabilityVerdict v;
    try {
      v = dynamics.realizabilityVerdict({}, &warm);
    } catch (const SolverFailure&) {
      continue;
    }
    const bool kept = warm.seeds.size() == 1 && warm.seeds[0].cos1 == sentinel.cos1 &&
                      warm.seeds[0].sin1 == sentinel.sin1 && warm.seeds[0].cos2 == sentinel.cos2 &&
                      warm.seeds[0].sin2 == sentinel.sin2;
    if (v.first_escape && *v.first_escape != EscapeMode::kSS) {
      ++one_point;
      EXPECT_TRUE(kept && warm.shortcuts == 0)
          << "trial " << trial << ": SS was searched after " << nameOf(v.first_escape);
      EXPECT_FALSE(v.uncertain);
    } else if (v.realizable) {
      ++realizable;
      EXPECT_TRUE(warm.seeds.empty()) << "trial " << trial << ": SS was not searched";
    }
  }
  EXPECT_GE(one_point, 20);
  EXPECT_GE(realizable, 20);
}

}  // namespace
}  // namespace nsd::contact
