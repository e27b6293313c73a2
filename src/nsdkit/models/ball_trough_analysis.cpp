#include <nsdkit/models/ball_trough_analysis.hpp>

#include <Eigen/Dense>
#include <chrono>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>

namespace nsd::models {
namespace {

bool realizable(const BallTroughParameters& p, const Eigen::Vector3d& m) {
  return isRealizableGeneric(p, m);
}

bool hasSS(const BallTroughParameters& p, const Eigen::Vector3d& m) {
  for (auto e : classifyGenericVerdict(p, m).escapes) {
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
                tolerance, true, "m_z3 on the axis");
}

BisectionResult numericalMz1(const BallTroughParameters& p, double tolerance, int per_side,
                             double inset) {
  auto no_ss_on_boundary = [&](double mz) {
    for (const auto& m : sectionBoundary(p, mz, per_side, inset)) {
      if (hasSS(p, m)) return false;
    }
    return true;
  };
  return bisect(no_ss_on_boundary, 0.0, specialValues(p.mu()).m_z3, tolerance, true,
                "m_z1 (no SS escape on the section boundary)");
}

BisectionResult numericalMz2(const BallTroughParameters& p, double tolerance, int per_side,
                             double inset) {
  auto some_plane_point_realizable = [&](double mz) {
    for (const auto& m : sectionBoundary(p, mz, per_side, inset)) {
      if (realizable(p, m)) return true;
    }
    return false;
  };
  return bisect(some_plane_point_realizable, 0.0, specialValues(p.mu()).m_z3, tolerance, true,
                "m_z2 (a realizable point on the planes)");
}

MaxAccelerationResult numericalMaxAcceleration(const BallTroughParameters& p, double m_z,
                                               double tolerance) {
  requirePositive(tolerance, "tolerance");
  const Eigen::Vector3d centre(0.0, 0.0, m_z);
  if (!realizable(p, centre)) {
    throw InvalidInput("the section m_z = " + formatValue(m_z) +
                       " does not contain (0, 0, m_z) in the stability body");
  }
  auto acceleration = [&](const Eigen::Vector3d& m) {
    const contact::TwoContactDynamics dyn(makeTwoContactBody(p, m));
    return dyn.rollRoll().accelerations.dv_C_W.z();
  };
  // The section is star-shaped about the axis point (it contains the segment to every boundary
  // point for |m_z| < m_z3). Its boundary at polar angle psi, by bisection on Def 11.
  double last_width = 0.0;
  auto boundary = [&](double psi) {
    const Eigen::Vector3d d(std::cos(psi), std::sin(psi), 0.0);
    double hi = 1.0;
    while (realizable(p, centre + hi * d)) {
      hi *= 2.0;
      if (hi > 1e3) throw SolverFailure("the realizable section is unbounded along a ray");
    }
    const BisectionResult b = bisect([&](double t) { return realizable(p, centre + t * d); }, 0.0,
                                     hi, tolerance);  // ends known: centre inside, hi outside
    last_width = b.bracket_width;
    return Eigen::Vector3d(centre + b.last_true * d);  // realizable side
  };
  // The largest acceleration over the realizable section lies on its boundary (F_RR is affine
  // in the torque). Coarse scan of the boundary, then golden-section search around the best
  // angle: the maximum is a corner (the edge (91) crosses the section), where the boundary
  // acceleration has a kink but is unimodal nearby.
  constexpr int kCoarse = 360;
  int best = 0;
  double best_value = -INFINITY;
  for (int k = 0; k < kCoarse; ++k) {
    const double value = acceleration(boundary(2.0 * kPi * k / kCoarse));
    if (value > best_value) {
      best_value = value;
      best = k;
    }
  }
  double a = 2.0 * kPi * (best - 1) / kCoarse, b = 2.0 * kPi * (best + 1) / kCoarse;
  const double golden = 0.5 * (std::sqrt(5.0) - 1.0);
  double x1 = b - golden * (b - a), x2 = a + golden * (b - a);
  double f1 = acceleration(boundary(x1)), f2 = acceleration(boundary(x2));
  while (b - a > 1e-10) {
    if (f1 < f2) {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + golden * (b - a);
      f2 = acceleration(boundary(x2));
    } else {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - golden * (b - a);
      f1 = acceleration(boundary(x1));
    }
  }
  MaxAccelerationResult r;
  r.torque = boundary(0.5 * (a + b));
  r.bracket_width = last_width;
  r.acceleration = acceleration(r.torque);
  return r;
}

EdgeExtent maxAccelerationEdgeExtent(const BallTroughParameters& p, double tolerance) {
  const double mu = p.mu(), j = p.inertia_ratio;
  const double mz3 = specialValues(mu).m_z3;
  auto on_edge_realizable = [&](double mz) {
    const double d = mu * (1 + 2 * j) - 1e-7;
    return isRealizableGeneric(p, Eigen::Vector3d(d - mu * mz, -d - mu * mz, mz));
  };
  return {bisect(on_edge_realizable, 0.0, -mz3, tolerance, true, "lower end of the edge (91)"),
          bisect(on_edge_realizable, 0.0, mz3, tolerance, true, "upper end of the edge (91)")};
}

TorqueGridClassification classifyTorqueGrid(const BallTroughParameters& p, int points_per_axis,
                                            unsigned threads) {
  if (points_per_axis < 2 || points_per_axis > 400) {
    throw InvalidInput("grid points per axis must be in [2, 400], got " +
                       std::to_string(points_per_axis));
  }
  if (threads < 1) throw InvalidInput("threads must be at least 1");
  TorqueGridClassification out;
  const double mu = p.mu(), j = p.inertia_ratio;
  out.points_per_axis = points_per_axis;
  out.half_width_xy = 1.05 * mu * (1 + 2 * j) * 2.0;
  out.half_width_z = 1.05 * specialValues(mu).m_z3;
  auto coord = [&](int k, double half) { return -half + 2.0 * half * k / (points_per_axis - 1); };
  for (int a = 0; a < points_per_axis; ++a)
    for (int b = 0; b < points_per_axis; ++b)
      for (int c = 0; c < points_per_axis; ++c) {
        out.torques.emplace_back(coord(a, out.half_width_xy), coord(b, out.half_width_xy),
                                 coord(c, out.half_width_z));
      }
  const std::size_t n = out.torques.size();
  out.realizable.assign(n, 0);
  out.failing_modes.assign(n, contact::EscapeSet());
  const auto t0 = std::chrono::steady_clock::now();
  parallelFor(n, threads, [&](std::size_t i) {
    const BallTroughClassification c = classifyGenericVerdict(p, out.torques[i]);
    out.realizable[i] = c.realizable;
    out.failing_modes[i] = contact::EscapeSet::of(c.escapes);
  });
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (std::size_t i = 0; i < n; ++i)
    ++out.counts[out.realizable[i] ? std::string("realizable")
                                   : contact::verdictLabel(false, out.failing_modes[i])];
  return out;
}

}  // namespace nsd::models
