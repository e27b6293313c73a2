// The Kane-Levinson rattleback: spin reversal with and without air drag (Figs. 3-5).
#include <cmath>
#include <iostream>

#include <nsdkit/rattleback/kane_levinson.hpp>

int main() {
  using namespace nsd::rattleback;
  const double deg = 3.14159265358979323846 / 180.0;
  for (double sigma : {0.0, 1e-4}) {
    KaneLevinsonParameters p;
    p.sigma = sigma;
    const auto tr = simulateKaneLevinson(p, {0.5 * deg, 0.5 * deg, 0, 0, 0, -5}, 20.0);
    std::cout << "sigma = " << sigma << " N m s: spin reversals at t =";
    for (double t : tr.spin_reversals) std::cout << ' ' << t << " s";
    std::cout << "; energy " << tr.samples.front().energy << " -> " << tr.samples.back().energy
              << " J\n";
  }
  return 0;
}
