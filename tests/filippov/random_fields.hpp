#pragma once
// Shared by the filippov tests: seeded random fields.
#include <random>

#include <nsdkit/filippov/codim3.hpp>

namespace nsd::filippov::test {

// A random Coulomb-like field: H bilinear in (1, lambda+) x (1, lambda-), D = 1 + small
// bilinear part (positive), c± in [1, 2].
inline TrigRationalSphereField randomField(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  std::uniform_real_distribution<double> c(1.0, 2.0);
  TrigRationalSphereField f;
  for (auto& h : f.numerator) {
    Eigen::Matrix3d k;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) k(i, j) = n(rng);
    }
    h = TrigPoly2::fromCoefficients(k);
  }
  std::uniform_real_distribution<double> small(-0.1, 0.1);  // seeded, unlike Random()
  Eigen::Matrix3d d = Eigen::Matrix3d::NullaryExpr([&] { return small(rng); });
  d(0, 0) = 1.0;
  f.denominator = TrigPoly2::fromCoefficients(d);
  f.c_plus = c(rng);
  f.c_minus = c(rng);
  return f;
}

}  // namespace nsd::filippov::test
