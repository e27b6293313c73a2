// nsdkit's event-driven mode-switching integrator: a ball thrown sliding along a V trough
// decelerates and starts rolling at the instant Def 11 allows it.
// Checked against closed forms for the 90 degree trough: the contact line lies d = r / sqrt2
// below the centre and the normal forces sum to sqrt2 m g, so the slip u decreases at
// mu sqrt2 g (1 + m d^2 / I) until rolling starts; the angular momentum about the contact line
// is conserved, so the rolling speed is v0 m d^2 / (I + m d^2); the friction work is the kinetic
// energy lost.
#include <cmath>
#include <iostream>

#include <nsdkit/eventdriven/mode_switching.hpp>
#include <nsdkit/models/ball_trough.hpp>

#include "example_checks.hpp"

int main() {
  const auto p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  const auto body = nsd::models::makeTwoContactBody(p, Eigen::Vector3d::Zero());
  const auto tr =
      nsd::eventdriven::simulateModeSwitching(body, Eigen::Vector4d(1.0, 1.0, 0, 0), 0.5);
  for (const auto& e : tr.events) {
    std::cout << "t = " << e.t << " s: " << nsd::eventdriven::toString(e.from) << " -> "
              << nsd::eventdriven::toString(e.to) << " (" << e.reason << ")\n";
  }
  const auto& last = tr.samples.back();
  std::cout << "final speed " << last.v_C_W.z() << " m/s, friction work " << last.dissipated
            << " J\n";

  nsd_examples::Checks checks;
  const double m = p.mass_kg, d2 = 0.5 * p.radius_m * p.radius_m;
  const double inertia = p.inertia_ratio * m * p.radius_m * p.radius_m;
  const double v0 = 1.0;  // both contacts slip at u = 1 m/s, no rotation
  const double slip_rate = p.mu() * std::sqrt(2.0) * p.gravity_m_s2 * (1.0 + m * d2 / inertia);
  const double v_rolling = v0 * m * d2 / (inertia + m * d2);
  checks.that("one transition, SS -> RR",
              tr.events.size() == 2 && tr.events.back().to == nsd::eventdriven::Mode::kRR);
  if (!tr.events.empty()) {
    checks.near("rolling starts at u0 / slip rate", tr.events.back().t, v0 / slip_rate, 1e-6);
  }
  checks.near("rolling speed", last.v_C_W.z(), v_rolling, 1e-8);
  const double energy_lost = 0.5 * m * v0 * v0 - 0.5 * (m + inertia / d2) * v_rolling * v_rolling;
  checks.near("friction work = kinetic energy lost", last.dissipated, energy_lost, 1e-6);
  return checks.exitStatus();
}
