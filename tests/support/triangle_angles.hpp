#pragma once
// Tests' triangle-quality helper, independent of mesh/mesh_measures: the smallest interior angle
// of a triangle is the one opposite its shortest side; it is computed there by
// atan2(|u x v|, u . v), accurate for small angles (acos of a normalized dot product is not).
#include <Eigen/Core>
#include <Eigen/Geometry>

#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace nsd::test_support {

/// Smallest interior angle of triangle abc [deg]; NaN for a degenerate or non-finite triangle.
inline double smallestTriangleAngleDeg(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                                       const Eigen::Vector3d& c) {
  const std::array<Eigen::Vector3d, 3> p{a, b, c};
  // Side k is opposite vertex k.
  const std::array<double, 3> side{(b - c).norm(), (c - a).norm(), (a - b).norm()};
  std::size_t k = 0;
  for (std::size_t i = 1; i < 3; ++i) {
    if (!(side[i] >= side[k])) k = i;  // a NaN side is picked and propagates
  }
  const Eigen::Vector3d u = p[(k + 1) % 3] - p[k], v = p[(k + 2) % 3] - p[k];
  if (!(u.norm() > 0.0 && v.norm() > 0.0)) return std::numeric_limits<double>::quiet_NaN();
  constexpr double kDegreesPerRadian = 57.295779513082320876798;
  return std::atan2(u.cross(v).norm(), u.dot(v)) * kDegreesPerRadian;
}

/// Smallest interior angle over a mesh's triangles [deg] (NaN if any triangle gives NaN).
template <class Vertices, class Triangles>
double smallestMeshAngleDeg(const Vertices& vertices, const Triangles& triangles) {
  double smallest = 180.0;
  for (const auto& t : triangles) {
    const double angle = smallestTriangleAngleDeg(vertices[static_cast<std::size_t>(t[0])],
                                                  vertices[static_cast<std::size_t>(t[1])],
                                                  vertices[static_cast<std::size_t>(t[2])]);
    if (std::isnan(angle)) return angle;
    if (angle < smallest) smallest = angle;
  }
  return smallest;
}

}  // namespace nsd::test_support
