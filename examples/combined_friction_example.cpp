// Combined sliding/whirling/rolling friction on a Hertz contact: exact integrals (6) against the
// first-order Pade model (10), and the heavy ball of Figs. 6-7.
// Checked: pure sliding (u = 0) gives Coulomb's F_par = 1 and no torque in both models; a
// spinning contact needs less force (F_par < 1) and the models agree on its sign; the heavy
// ball's slip and whirl stop at the same instant (Kireenkov's result for combined friction) and
// it slows down (dissipates).
#include <cmath>
#include <iostream>

#include <nsdkit/friction/combined_friction.hpp>
#include <nsdkit/friction/heavy_ball.hpp>

#include "example_checks.hpp"

int main() {
  using namespace nsd::friction;
  nsd_examples::Checks checks;
  const auto pressure = hertzPressure();
  const auto pade = hertzPadeCoefficients();
  for (const CombinedMotion m :
       {CombinedMotion{1, 0.5, 0.0, 0.0}, CombinedMotion{1, 3, 0.5, 0.3}}) {
    const auto e = exactFriction(m, pressure, 1e-8);
    const auto p = padeFriction(m, pade);
    std::cout << "v = " << m.v << ", u = " << m.u << ", k_r = " << m.k_r
              << ": exact (F_par, F_perp, M_c) = (" << e.f_par << ", " << e.f_perp << ", " << e.m_c
              << ") +- " << e.error_estimate << "; Pade = (" << p.f_par << ", " << p.f_perp << ", "
              << p.m_c << ")\n";
  }
  const auto sliding = exactFriction(CombinedMotion{1, 0.0, 0.0, 0.0}, pressure, 1e-8);
  const auto sliding_pade = padeFriction(CombinedMotion{1, 0.0, 0.0, 0.0}, pade);
  checks.near("exact F_par of pure sliding", sliding.f_par, 1.0, 1e-6);
  checks.nearAbsolute("exact M_c of pure sliding", sliding.m_c, 0.0, 1e-9);
  checks.near("Pade F_par of pure sliding", sliding_pade.f_par, 1.0, 1e-9);
  const auto spinning = exactFriction(CombinedMotion{1, 0.5, 0.0, 0.0}, pressure, 1e-8);
  checks.that("spin lowers the sliding force", spinning.f_par < 1.0 && spinning.m_c > 0.0);
  const auto tr = simulateHeavyBall(HeavyBallParameters{}, {1.0, 3.0}, 20.0, 0.01);
  std::cout << "heavy ball: slip stops at t = " << tr.slip_stop_time
            << ", whirl at t = " << tr.whirl_stop_time
            << ", lateral drift y = " << tr.samples.back().y << '\n';
  checks.near("slip and whirl stop together", tr.whirl_stop_time, tr.slip_stop_time, 1e-3);
  checks.that("the ball stops within 20 time units",
              tr.slip_stop_time > 0.0 && tr.slip_stop_time < 20.0);
  return checks.exitStatus();
}
