#pragma once
// Tests' geometry helper: the distance from a point to a triangle, independent of CGAL.
#include <Eigen/Core>

namespace nsd::test_support {

/// Distance from x to triangle abc (the closest point by region tests on the plane projection,
/// Ericson, Real-Time Collision Detection, 5.1.5).
inline double pointTriangleDistance(const Eigen::Vector3d& x, const Eigen::Vector3d& a,
                                    const Eigen::Vector3d& b, const Eigen::Vector3d& c) {
  const Eigen::Vector3d ab = b - a, ac = c - a, ap = x - a;
  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0) return ap.norm();
  const Eigen::Vector3d bp = x - b;
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3) return bp.norm();
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return (x - (a + d1 / (d1 - d3) * ab)).norm();
  const Eigen::Vector3d cp = x - c;
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6) return cp.norm();
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return (x - (a + d2 / (d2 - d6) * ac)).norm();
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
    return (x - (b + (d4 - d3) / ((d4 - d3) + (d5 - d6)) * (c - b))).norm();
  }
  const double denom = 1.0 / (va + vb + vc);
  return (x - (a + ab * (vb * denom) + ac * (vc * denom))).norm();
}

}  // namespace nsd::test_support
