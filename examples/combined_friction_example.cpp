// Combined sliding/whirling/rolling friction on a Hertz contact: exact integrals (6) against the
// first-order Pade model (10), and the heavy ball of Figs. 6-7.
#include <iostream>

#include <nsdkit/friction/combined_friction.hpp>
#include <nsdkit/friction/heavy_ball.hpp>

int main() {
  using namespace nsd::friction;
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
  const auto tr = simulateHeavyBall(HeavyBallParameters{}, {1.0, 3.0}, 20.0, 0.01);
  std::cout << "heavy ball: slip stops at t = " << tr.slip_stop_time
            << ", whirl at t = " << tr.whirl_stop_time
            << ", lateral drift y = " << tr.samples.back().y << '\n';
  return 0;
}
