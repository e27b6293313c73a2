// The Kane-Levinson rattleback: spin reversal with and without air drag (Figs. 3-5).
// Checked: without drag the rolling motion conserves energy (to the integrator's tolerance) and
// the spin reverses (Fig. 3: first reversal near 2.8 s); with drag the energy decreases and the
// first reversal comes earlier.
#include <cmath>
#include <iostream>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/rattleback/kane_levinson.hpp>

#include "example_checks.hpp"

int main() {
  using namespace nsd::rattleback;
  const double deg = nsd::degreesToRadians(1.0);
  nsd_examples::Checks checks;
  double first_reversal_without_drag = NAN;
  for (double sigma : {0.0, 1e-4}) {
    KaneLevinsonParameters p;
    p.sigma = sigma;
    const auto tr = simulateKaneLevinson(p, {0.5 * deg, 0.5 * deg, 0, 0, 0, -5}, 20.0);
    std::cout << "sigma = " << sigma << " N m s: spin reversals at t =";
    for (double t : tr.spin_reversals) std::cout << ' ' << t << " s";
    std::cout << "; energy " << tr.samples.front().energy << " -> " << tr.samples.back().energy
              << " J\n";
    const double e0 = tr.samples.front().energy, e1 = tr.samples.back().energy;
    checks.that("the spin reverses", !tr.spin_reversals.empty());
    if (tr.spin_reversals.empty()) continue;
    if (sigma == 0.0) {
      checks.near("energy conserved without drag", e1, e0, 1e-6);
      checks.nearAbsolute("first reversal (Fig. 3)", tr.spin_reversals.front(), 2.8, 0.1);
      first_reversal_without_drag = tr.spin_reversals.front();
    } else {
      checks.that("drag dissipates energy", e1 < 0.99 * e0);
      checks.that("drag brings the reversal earlier",
                  tr.spin_reversals.front() < first_reversal_without_drag);
    }
  }
  return checks.exitStatus();
}
