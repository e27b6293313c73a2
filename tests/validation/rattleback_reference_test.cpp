// The rattleback family's reference against an independent contact model (slow: about 30 s).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <nsdkit/rattleback/pade_contact.hpp>
#include <nsdkit/validation/one_plane_families.hpp>

#include "../support/nan_propagating.hpp"

namespace nsd::validation {
namespace {

// The rattleback's reference (Kane and Levinson's rolling equations) against the same body with
// Coulomb friction mu = 1 that may slip (the Pade contact model of seed 001 with rolling
// resistance off and regularization 1e-4 m/s): its slip stays below 1e-3 m/s (mu = 1 is enough
// for rolling); its reversal agrees to 2 %, its spin over the last second to 5 % (the spin
// oscillates with the wobble after the reversal, and the regularization creeps: 3 % measured).
// The reference is that sensitive: at 1e-3 m/s the creep moves the reversal by 7 % and the spin
// by 20 % (measured), which is why a soft-contact engine is judged on both.
TEST(RattlebackReference, AgreesWithACoulombContactThatMaySlip) {
  OnePlaneModel m;
  for (const auto& [name, model] : onePlaneModels()) {
    if (model.family == CaseFamily::kRattleback) m = model;
  }
  const OnePlaneReference ref = referenceOf(m);
  ASSERT_TRUE(std::isfinite(ref.reversal_s));
  const auto pade = rattleback::fromKaneLevinson(m.rattleback, m.mu, 1e-4);
  rattleback::KaneLevinsonInitial init = m.rattleback_initial;
  const auto tr = rattleback::simulatePadeRattleback(pade, init, m.duration_s);
  ASSERT_FALSE(tr.spin_reversals.empty());
  EXPECT_NEAR(tr.spin_reversals.front(), ref.reversal_s, 0.02 * ref.reversal_s);
  double max_slip = 0.0;
  for (const auto& s : tr.samples) {
    max_slip = test_support::maxPropagatingNaN({max_slip, s.slip_speed});
  }
  EXPECT_LT(max_slip, 1e-3);
  const auto& last = tr.samples.back();
  const auto& before = tr.samples[tr.samples.size() - 1001];
  const double spin = (last.gamma - before.gamma) / (last.t - before.t);
  EXPECT_NEAR(spin, ref.spin_after_reversal_rad_s, 0.05 * std::fabs(ref.spin_after_reversal_rad_s));
}

}  // namespace
}  // namespace nsd::validation
