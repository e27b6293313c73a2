// Limit directions at the intersection of two codimension-2 sets (Def 10) for a Rayleigh field
// G(n) = A n: they are the eigenvectors of A, typed by the sign of the eigenvalue.
#include <iostream>

#include <nsdkit/filippov/codim3.hpp>

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

  // A field affine in the two slip directions, G = g0 + C+ n(phi+) + C- n(phi-) (the structure
  // of two-point Coulomb slip with constant normal forces), given as a black box: the bilinear
  // fit route reproduces it from 40 samples and searches the fit with the rational route; the
  // quadtree (fit disabled) is the independent check.
  Eigen::Matrix<double, 3, 2> c_plus, c_minus;
  c_plus << -1.0, 0.2, 0.3, -0.4, 0.1, -0.9;
  c_minus << 0.2, -0.3, -1.1, 0.1, -0.2, -0.8;
  const Eigen::Vector3d g0(0.1, -0.2, 0.3);
  const nsd::filippov::SphereField affine = [&](const nsd::filippov::SphereDirection& d) {
    return Eigen::Vector3d(g0 + c_plus * Eigen::Vector2d(d.cos_phi_plus, d.sin_phi_plus) +
                           c_minus * Eigen::Vector2d(d.cos_phi_minus, d.sin_phi_minus));
  };
  nsd::filippov::SampledCodim3Options quadtree;
  quadtree.fit_bilinear_fields = false;
  const auto fitted = nsd::filippov::analyzeCodim3(affine);
  const auto checked = nsd::filippov::analyzeCodim3(affine, quadtree);
  std::cout << "affine field: " << fitted.directions.size() << " limit directions from "
            << fitted.report.evaluations << " evaluations (" << fitted.report.method << "); "
            << "quadtree: " << checked.directions.size() << " from " << checked.report.evaluations
            << " evaluations\n";
  bool same = fitted.directions.size() == checked.directions.size();
  for (std::size_t k = 0; same && k < fitted.directions.size(); ++k) {
    same = (fitted.directions[k].n - checked.directions[k].n).norm() < 1e-8 &&
           fitted.directions[k].type == checked.directions[k].type;
  }
  std::cout << "  same directions and types: " << (same ? "yes" : "NO") << '\n';
  return same ? 0 : 1;
}
