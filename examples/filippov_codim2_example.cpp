// Limit directions of a sticking block on a plane (extended Filippov system, Defs 6-9):
// G(phi) = f - mu n(phi). Rolling/sticking is realizable iff |f| < mu.
#include <cmath>
#include <iostream>

#include <nsdkit/filippov/codim2.hpp>

int main() {
  const double mu = 0.5;
  for (double magnitude : {0.3, 0.8}) {
    const Eigen::Vector2d f = magnitude * Eigen::Vector2d(std::cos(1.0), std::sin(1.0));
    const auto result = nsd::filippov::analyzeCodim2([&](double phi) {
      return Eigen::Vector2d(f - mu * Eigen::Vector2d(std::cos(phi), std::sin(phi)));
    });
    std::cout << "|f| = " << magnitude << ": " << nsd::filippov::toString(result.type) << " ("
              << nsd::filippov::toString(result.report.completeness) << ")\n";
    for (const auto& d : result.directions) {
      std::cout << "  phi = " << d.phi_rad << " rad, R = " << d.radial << ", "
                << nsd::filippov::toString(d.type) << '\n';
    }
  }
  return 0;
}
