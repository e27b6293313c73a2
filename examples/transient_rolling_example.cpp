// Transient rolling friction (brush model): natural frequencies of a sphere between two plates
// and in 90-degree V-grooves from step responses (eqs. (23), (25)), and the hysteresis loop of a
// sphere under a sinusoidally moving plate (eq. (26)) with the break frequency of Fig. 7(b).
// Checked against eqs. (23) and (25): omega2 / omega1 = R sqrt(m / I) = sqrt(5/2) between two
// plates and sqrt(5/2) sin(alpha / 2) in the grooves (within 1 %, the spectral resolution of a
// 1 s step response); the break frequency falls as the amplitude grows (Fig. 7(b)).
#include <cmath>
#include <iostream>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/rolling/rolling_cases.hpp>

#include "example_checks.hpp"

int main() {
  using namespace nsd::rolling;
  nsd_examples::Checks checks;
  for (const char* system : {"two-plates", "v-groove"}) {
    RollingCaseParameters p;
    p.system = system;
    p.groove_angle_rad = nsd::kPi / 2.0;
    const auto f = identifyFrequencies(simulateStep(p, 0.02, 1.0, 2e-4), 1000.0);
    std::cout << system << ": omega1 = " << f.omega1 << ", omega2 = " << f.omega2
              << ", omega2/omega1 = " << f.omega2 / f.omega1 << '\n';
    const double lever =
        p.system == std::string("v-groove") ? std::sin(0.5 * p.groove_angle_rad) : 1.0;
    checks.near(std::string(system) + ": omega2 / omega1", f.omega2 / f.omega1,
                std::sqrt(2.5) * lever, 0.01);
  }
  double previous_break = INFINITY;
  RollingCaseParameters plate;
  plate.system = "plate";
  for (double amplitude : {0.03, 0.1, 0.3}) {
    const auto h = hysteresis(simulateSine(plate, amplitude, 10.0, 4, 2e-4), 10.0);
    const auto fs = breakFrequency(plate, amplitude, 1.0, 80.0, 0.1);
    std::cout << "plate, A = " << amplitude << ": k_e = " << h.k_e << ", zeta_r = " << h.zeta_r
              << ", |F/x_t| = " << h.frf_magnitude << ", break frequency f_s = " << fs.frequency
              << '\n';
    checks.that("break frequency falls with the amplitude", fs.frequency < previous_break);
    previous_break = fs.frequency;
  }
  return checks.exitStatus();
}
