#include "models/ball_trough_analysis.hpp"

#include <Eigen/Dense>
#include <cmath>

#include "core/errors.hpp"

namespace nsd::models {
namespace {

template <class Predicate>
BisectionResult bisect(Predicate&& true_below, double lo, double hi, double tolerance) {
  // Requires true_below(lo) and !true_below(hi).
  BisectionResult r;
  r.predicate_calls = 0;
  while (hi - lo > tolerance) {
    const double mid = 0.5 * (lo + hi);
    ++r.predicate_calls;
    (true_below(mid) ? lo : hi) = mid;
  }
  r.value = 0.5 * (lo + hi);
  r.bracket_width = hi - lo;
  return r;
}

bool realizable(const BallTroughParameters& p, const Eigen::Vector3d& m) {
  return classifyGeneric(p, m).realizable;
}

bool hasSS(const BallTroughParameters& p, const Eigen::Vector3d& m) {
  for (auto e : classifyGeneric(p, m).escapes) {
    if (e == contact::EscapeMode::kSS) return true;
  }
  return false;
}

// Points just inside the boundary of the tetrahedron section at m_z.
std::vector<Eigen::Vector3d> sectionBoundary(const BallTroughParameters& p, double m_z,
                                             int per_side, double inset) {
  const auto c = tetrahedronSection(p, m_z);
  const Eigen::Vector2d centre = 0.25 * (c[0] + c[1] + c[2] + c[3]);
  std::vector<Eigen::Vector3d> pts;
  for (int s = 0; s < 4; ++s) {
    for (int k = 0; k < per_side; ++k) {
      const double t = static_cast<double>(k) / per_side;
      const Eigen::Vector2d q =
          (1 - t) * c[static_cast<std::size_t>(s)] + t * c[static_cast<std::size_t>((s + 1) % 4)];
      const Eigen::Vector2d inside = centre + (1.0 - inset) * (q - centre);
      pts.emplace_back(inside[0], inside[1], m_z);
    }
  }
  return pts;
}

}  // namespace

std::array<Eigen::Vector2d, 4> tetrahedronSection(const BallTroughParameters& p, double m_z) {
  const double mu = p.mu(), j = p.inertia_ratio, k = mu * (1 + 2 * j);
  // Lines: A = j mx + (1+j) my in [-k(1+mz), k(1+mz)], B = (1+j) mx + j my in [-k(1-mz), k(1-mz)].
  Eigen::Matrix2d m;
  m << j, 1 + j, 1 + j, j;
  const Eigen::Matrix2d inv = m.inverse();
  const double a = k * (1 + m_z), b = k * (1 - m_z);
  return {inv * Eigen::Vector2d(-a, -b), inv * Eigen::Vector2d(-a, b), inv * Eigen::Vector2d(a, b),
          inv * Eigen::Vector2d(a, -b)};
}

BisectionResult numericalMz3(const BallTroughParameters& p, double tolerance) {
  return bisect([&](double mz) { return realizable(p, Eigen::Vector3d(0, 0, mz)); }, 0.0, 1.0,
                tolerance);
}

BisectionResult numericalMz1(const BallTroughParameters& p, double tolerance, int per_side,
                             double inset) {
  auto no_ss_on_boundary = [&](double mz) {
    for (const auto& m : sectionBoundary(p, mz, per_side, inset)) {
      if (hasSS(p, m)) return false;
    }
    return true;
  };
  return bisect(no_ss_on_boundary, 0.0, specialValues(p.mu()).m_z3, tolerance);
}

BisectionResult numericalMz2(const BallTroughParameters& p, double tolerance, int per_side,
                             double inset) {
  auto some_plane_point_realizable = [&](double mz) {
    for (const auto& m : sectionBoundary(p, mz, per_side, inset)) {
      if (realizable(p, m)) return true;
    }
    return false;
  };
  return bisect(some_plane_point_realizable, 0.0, specialValues(p.mu()).m_z3, tolerance);
}

MaxAccelerationResult numericalMaxAcceleration(const BallTroughParameters& p, double m_z,
                                               double tolerance) {
  const Eigen::Vector3d dir(1, -1, 0);
  const Eigen::Vector3d offset = m_z * Eigen::Vector3d(-p.mu(), -p.mu(), 1.0);
  auto inside = [&](double t) { return realizable(p, offset + t * dir); };
  const BisectionResult b = bisect(inside, 0.0, 4.0, tolerance);
  MaxAccelerationResult r;
  r.torque = offset + (b.value - b.bracket_width) * dir;  // last realizable side
  r.bracket_width = b.bracket_width;
  const contact::TwoContactDynamics dyn(makeTwoContactBody(p, r.torque));
  r.acceleration = dyn.rollRoll().accelerations.dv_C_W.z();
  return r;
}

}  // namespace nsd::models
