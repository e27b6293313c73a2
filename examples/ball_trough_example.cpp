// Realizable two-point rolling of a ball in a V trough (paper Sect. 6), by the generic
// two-contact machinery, with every failing escape mode and the offending limit directions.
#include <iostream>

#include <nsdkit/models/ball_trough.hpp>

int main() {
  auto p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  for (const Eigen::Vector3d& m : {Eigen::Vector3d(0.1, -0.1, 0.05), Eigen::Vector3d(0.0, 0.0, 0.6),
                                   Eigen::Vector3d(1.0, 0.0, 0.0)}) {
    const auto c = nsd::models::classifyGeneric(p, m);
    std::cout << "m = (" << m.transpose() << "): "
              << (c.realizable ? "realizable" : "escapes " + nsd::models::escapeLabel(c.escapes))
              << ", rolling acceleration " << nsd::models::rollingAcceleration(p, m) << " m/s^2\n";
    for (const auto& d : c.ss.directions) {
      std::cout << "    SS limit direction (phi+, phi-) = (" << d.phi_plus << ", " << d.phi_minus
                << "), R = " << d.radial << " " << nsd::filippov::toString(d.type) << '\n';
    }
  }
  // A 60-degree trough with unequal friction: only the generic route applies.
  p.opening_angle_rad = 60.0 * 3.14159265358979323846 / 180.0;
  p.mu_plus = 0.2;
  p.mu_minus = 0.4;
  const auto c = nsd::models::classifyGeneric(p, Eigen::Vector3d(0.05, 0.0, 0.1));
  std::cout << "60 deg trough, mu+ = 0.2, mu- = 0.4, m = (0.05, 0, 0.1): "
            << (c.realizable ? "realizable" : nsd::models::escapeLabel(c.escapes)) << '\n';
  return 0;
}
