// Limit directions at the intersection of two codimension-2 sets (Def 10) for a Rayleigh field
// G(n) = A n: they are the eigenvectors of A, typed by the sign of the eigenvalue.
#include <iostream>

#include "filippov/codim3.hpp"

int main() {
  Eigen::Matrix3d a;
  a << -2.0, 0.3, 0.1, 0.3, -1.0, 0.4, 0.1, 0.4, 1.5;
  const auto result = nsd::filippov::analyzeCodim3(
      [&](const nsd::filippov::SphereDirection& d) { return a * d.n; });
  std::cout << "point type: " << nsd::filippov::toString(result.type) << ", "
            << result.directions.size() << " limit directions, " << result.report.evaluations
            << " evaluations\n";
  for (const auto& d : result.directions) {
    std::cout << "  n = (" << d.n.transpose() << "), R = " << d.radial << ", "
              << nsd::filippov::toString(d.type) << (d.on_equator_arc ? " [arc]" : "") << '\n';
  }
  return 0;
}
