// nsdkit's event-driven mode-switching integrator: a ball thrown sliding along a V trough
// decelerates and starts rolling at the instant Def 11 allows it.
#include <iostream>

#include <nsdkit/eventdriven/mode_switching.hpp>
#include <nsdkit/models/ball_trough.hpp>

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
  return 0;
}
