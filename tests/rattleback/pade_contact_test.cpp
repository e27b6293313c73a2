#include <nsdkit/rattleback/pade_contact.hpp>

#include <gtest/gtest.h>

#include "../support/nan_propagating.hpp"

#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::rattleback {
namespace {

TEST(PadeRattleback, ConvergesToKaneLevinsonAsSlipIsSuppressed) {
  // With rolling resistance and drilling friction off and mu = 1, the regularized Coulomb force
  // (12) enforces rolling as eps1 -> 0: the slip speed scales with eps1 and the rotation angle
  // approaches the Kane-Levinson solution (same body, same initial state) over 1.5 s. The
  // regularization acts like a viscous slip law (slip ~ eps1 T / (mu N)), so convergence is
  // first order in eps1: each factor ~3 in eps1 must cut the error by at least 30 %.
  const KaneLevinsonParameters kl;
  const KaneLevinsonInitial init{0.5 * kRadiansPerDegree, 0.5 * kRadiansPerDegree, 0, 0, 0, -5};
  const auto reference = simulateKaneLevinson(kl, init, 1.5);
  double previous_error = INFINITY;
  for (double eps1 : {1e-2, 3e-3, 1e-3}) {
    const auto tr = simulatePadeRattleback(fromKaneLevinson(kl, 1.0, eps1), init, 1.5);
    ASSERT_EQ(tr.samples.size(), reference.samples.size());
    double error = 0.0, slip = 0.0;
    for (std::size_t k = 0; k < tr.samples.size(); ++k) {
      error = nsd::test_support::maxPropagatingNaN({error, std::fabs(tr.samples[k].gamma - reference.samples[k].gamma),
                        std::fabs(tr.samples[k].alpha - reference.samples[k].alpha)});
      slip = nsd::test_support::maxPropagatingNaN({slip, tr.samples[k].slip_speed});
    }
    EXPECT_LT(error, 0.7 * previous_error) << "eps1 = " << eps1;
    EXPECT_LT(slip, 1.5 * eps1);  // regularized sticking: |v_AC| ~ eps1
    previous_error = error;
  }
  EXPECT_LT(previous_error, 0.5);
}

TEST(PadeRattleback, RestingStoneStaysAtRestWithWeightAsNormalForce) {
  // Upright at rest: N = m g and nothing moves (equilibrium of (1)-(7); 1e-9 relative).
  const auto p = padePreset("A");
  const auto tr = simulatePadeRattleback(p, {0, 0, 0, 0, 0, 0}, 0.5);
  for (const auto& s : tr.samples) {
    EXPECT_NEAR(s.normal_force, p.mass * p.gravity, 1e-9 * p.mass * p.gravity);
    EXPECT_LT(std::fabs(s.omega3), 1e-12);
  }
}

TEST(PadeRattleback, PresetsDissipateAndKeepContact) {
  // Friction and rolling resistance only dissipate: the energy never increases (to the
  // integration tolerance), the contact constraint (7) drifts by less than 1e-7 m.
  for (const std::string name : {"A", "C1", "E"}) {
    const auto tr = simulatePadeRattleback(
        padePreset(name), {0.5 * kRadiansPerDegree, 0.5 * kRadiansPerDegree, 0, 0, 0, 5}, 5.0);
    for (std::size_t k = 1; k < tr.samples.size(); ++k) {
      EXPECT_LE(tr.samples[k].energy, tr.samples[k - 1].energy + 1e-9) << name;
      EXPECT_LT(std::fabs(tr.samples[k].height_error), 1e-7) << name;
      EXPECT_GT(tr.samples[k].normal_force, 0.0);
    }
    EXPECT_LT(tr.samples.back().energy, tr.samples.front().energy);
  }
}

TEST(PadeRattleback, PresetsAndBadInput) {
  for (const std::string name : {"A", "B", "C", "C1", "D", "D1", "E", "F"}) {
    EXPECT_NO_THROW(padePreset(name).validate()) << name;
  }
  EXPECT_EQ(padePreset("F").b1, 0.0);
  EXPECT_NEAR(padePreset("A").b4 / padePreset("A").b5, 0.240, 1e-3);  // as stated for model A
  EXPECT_THROW(padePreset("G"), InvalidInput);
  auto p = padePreset("A");
  p.eps1 = 0.0;
  EXPECT_THROW(simulatePadeRattleback(p, {}, 1.0), InvalidInput);
  p = padePreset("A");
  p.mu = -0.1;
  EXPECT_THROW(simulatePadeRattleback(p, {}, 1.0), InvalidInput);
}

}  // namespace
}  // namespace nsd::rattleback
