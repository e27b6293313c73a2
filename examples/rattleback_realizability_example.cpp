// Realizable rolling along a motion: at every instant of the Kane-Levinson rattleback's spin
// reversal (the paper's Fig. 3 start), the friction the rolling motion needs (|F_t| / N), the
// smallest mu for which Def 9 keeps it rolling, and the verdict at mu = 0.3.
// Checked: Def 9 equals the friction cone at every instant (Theorem 4 of the paper's ref. [4]);
// the normal force averages to the weight over the motion (the vertical momentum stays bounded:
// its change over 5 s is below 0.5 % of M g T); the force reproduces the sticking force of the
// one-contact body built from the ellipsoid's shape (an independent route). Cross-check with a
// motion that can slip: Coulomb stick-slip (eventdriven/shape_stick_slip.hpp) slips first within
// 5 ms of the worst instant at 0.1 % below the minimal mu and never slips 0.1 % above it.
#include <cstdio>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/eventdriven/shape_stick_slip.hpp>
#include <nsdkit/models/rattleback_realizability.hpp>
#include <nsdkit/models/rattleback_shaped_body.hpp>

#include "example_checks.hpp"

int main() {
  using namespace nsd;
  const rattleback::KaneLevinsonParameters p;
  const rattleback::KaneLevinsonInitial start{
      degreesToRadians(0.5), degreesToRadians(0.5), 0, 0, 0, -5.0};
  models::RollingRealizabilityOptions o;
  o.mu = 0.3;
  const models::RollingRealizabilityReport r =
      models::rattlebackRollingRealizability(p, start, 5.0, o);
  std::printf(
      "spin reversal at %.3f s; rolling needs mu >= %.6f (worst at t = %.5f s); at mu = "
      "%.2f Def 9 fails first at t = %.3f s, at %zu of %zu instants\n",
      r.spin_reversals.empty() ? -1.0 : r.spin_reversals.front(), r.minimal_mu, r.worst_time_s,
      o.mu, r.first_not_realizable_s, r.instants_not_realizable, r.instants.size());
  double mean_normal = 0.0;
  for (const auto& i : r.instants) mean_normal += i.normal_force_N;
  mean_normal /= static_cast<double>(r.instants.size());
  nsd_examples::Checks checks;
  checks.nearAbsolute("Def 9 against the friction cone", r.max_def9_cone_difference, 0.0, 1e-8);
  checks.near("mean normal force = weight", mean_normal, p.mass * p.gravity, 5e-3);
  checks.nearAbsolute("sticking force of the shape's body = force of the rolling motion",
                      r.max_force_consistency_error, 0.0, 1e-7);
  checks.that("one spin reversal", r.spin_reversals.size() == 1);
  const eventdriven::ShapedBodyState state = models::kaneLevinsonState(p, start);
  const auto below = eventdriven::simulateStickSlip(
      models::kaneLevinsonBody(p, r.minimal_mu * (1 - 1e-3)), state, 5.0);
  const auto above = eventdriven::simulateStickSlip(
      models::kaneLevinsonBody(p, r.minimal_mu * (1 + 1e-3)), state, 5.0);
  std::printf("stick-slip: at mu = %.6f it slips first at t = %.5f s; at mu = %.6f it %s\n",
              r.minimal_mu * (1 - 1e-3), below.first_slip_s, r.minimal_mu * (1 + 1e-3),
              above.first_slip_s < 0 ? "rolls throughout" : "slips");
  checks.nearAbsolute("first slip just below the minimal mu at the worst instant",
                      below.first_slip_s, r.worst_time_s, 5e-3);
  checks.that("no slip just above the minimal mu", above.first_slip_s < 0.0);
  return checks.exitStatus();
}
