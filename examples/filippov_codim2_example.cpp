// Limit directions of a sticking block on a plane (extended Filippov system, Defs 6-9):
// G(phi) = f - mu n(phi). Rolling/sticking is realizable iff |f| < mu.
// Checked against the closed form: V = G·t = f·t vanishes at phi = arg f and arg f + pi, where
// R = G·n = +-|f| - mu; sticking is realizable (attracting sliding) iff |f| < mu.
#include <cmath>
#include <iostream>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/filippov/codim2.hpp>

#include "example_checks.hpp"

int main() {
  nsd_examples::Checks checks;
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
    checks.that("two limit directions", result.directions.size() == 2);
    if (result.directions.size() != 2) continue;
    checks.near("phi of the first direction", result.directions[0].phi_rad, 1.0, 1e-9);
    checks.near("phi of the second direction", result.directions[1].phi_rad, 1.0 + nsd::kPi, 1e-9);
    checks.near("R at arg f", result.directions[0].radial, magnitude - mu, 1e-9);
    checks.near("R at arg f + pi", result.directions[1].radial, -magnitude - mu, 1e-9);
    const bool realizable = result.type == nsd::filippov::SlidingPointType::kAttractingSliding;
    checks.that("realizable iff |f| < mu", realizable == (magnitude < mu));
  }
  return checks.exitStatus();
}
