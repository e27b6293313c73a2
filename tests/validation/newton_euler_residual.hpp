#pragma once
// Test helper: Newton-Euler with Coulomb's law evaluated on an analytic trajectory of a one-plane
// benchmark system (benchmark_systems.hpp), from its scene alone (mass, inertia, plane, mu,
// gravity, force, torque). It shares no code with the systems' closed forms.
//
// At a time t inside one phase of the motion (no mode switch within t +- h), with the central
// differences a = (v(t+h) - v(t-h)) / 2h and alpha = (Omega(t+h) - Omega(t-h)) / 2h (exact up to
// rounding: the velocities are linear in t within a phase):
//  - the contact force is F_c = m a - m g - F; its normal part N must be > 0;
//  - a sphere turns by J alpha = tau + r_CP x F_c (r_CP = -r n); a box (which its family keeps
//    from turning) must not turn at all;
//  - Coulomb: where the contact point's slip u = v + Omega x r_CP is zero, |F_t| <= mu N (the
//    ratio |F_t| / (mu N) is reported); where it slides, F_t = -mu N u / |u|;
//  - the body touches the plane {n . p = offset}: n . x_C - offset = r (a box: its half height),
//    and x(t+h) - x(t-h) = 2h v(t).
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <string>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>

namespace nsd::validation::testing {

/// The largest violations of Newton-Euler and Coulomb over the sampled times.
struct NewtonEulerResidual {
  double force_N = 0.0;       ///< |J alpha - tau - r_CP x F_c| / r (a sphere) [N]
  double coulomb_N = 0.0;     ///< sticking: |F_t| - mu N beyond 0; sliding: |F_t + mu N u/|u||
  double cone_ratio = -1.0;   ///< the largest |F_t| / (mu N) while sticking (-1: none stuck)
  double turn_rad_s = 0.0;    ///< a box: the largest |Omega| and |alpha| dt (it must not turn)
  double kinematics_m = 0.0;  ///< contact gap |n . x_C - offset - r| and |x(t+h) - x(t-h) - 2h v|
  double min_normal_N = INFINITY;  ///< the smallest N met
  int sticking = 0, sliding = 0;   ///< samples in each mode
};

/// The residuals of `system`'s stateAt at the times `times` (each t - h >= 0), step h [s].
inline NewtonEulerResidual newtonEulerResidual(const BenchmarkSystem& system,
                                               const std::vector<double>& times, double h) {
  const engines::SphereScene s = system.scene();
  const bool box = s.shape == engines::ShapeKind::kBox;
  const Eigen::Vector3d n = s.planes.at(0).normal_W;
  const double mu = s.planes.at(0).mu;
  const double lever = box ? s.half_extents_m.z() : s.radius_m;
  const Eigen::Vector3d r_CP = -lever * n;
  const double offset = s.planes.at(0).offset_m;
  NewtonEulerResidual out;
  for (const double t : times) {
    const BodyState before = system.stateAt(t - h), now = system.stateAt(t),
                    after = system.stateAt(t + h);
    const Eigen::Vector3d a = (after.v_C_W - before.v_C_W) / (2.0 * h);
    const Eigen::Vector3d alpha = (after.omega_W - before.omega_W) / (2.0 * h);
    const Eigen::Vector3d F_c = s.mass_kg * a - s.mass_kg * s.gravity_W - s.force_W;
    const double N = F_c.dot(n);
    const Eigen::Vector3d F_t = F_c - N * n;
    out.min_normal_N = std::min(out.min_normal_N, N);
    if (box) {
      out.turn_rad_s = std::max({out.turn_rad_s, now.omega_W.norm(), alpha.norm() * h});
    } else {
      const Eigen::Vector3d moment_error = s.inertia_C_W * alpha - s.torque_W - r_CP.cross(F_c);
      out.force_N = std::max(out.force_N, moment_error.norm() / lever);
    }
    Eigen::Vector3d u = now.v_C_W + now.omega_W.cross(r_CP);
    u -= u.dot(n) * n;
    if (u.norm() < 1e-9) {
      ++out.sticking;
      out.coulomb_N = std::max(out.coulomb_N, F_t.norm() - mu * N);
      out.cone_ratio = std::max(out.cone_ratio, F_t.norm() / (mu * N));
    } else {
      ++out.sliding;
      out.coulomb_N = std::max(out.coulomb_N, (F_t + mu * N * u.normalized()).norm());
    }
    const Eigen::Vector3d drift = after.x_C_W - before.x_C_W - 2.0 * h * now.v_C_W;
    out.kinematics_m =
        std::max({out.kinematics_m, drift.norm(), std::fabs(n.dot(now.x_C_W) - offset - lever)});
  }
  return out;
}

/// n times evenly spread over (h, t_end - h], away from the instants `avoid` by more than 2h.
inline std::vector<double> sampleTimes(double t_end, double h, int n,
                                       const std::vector<double>& avoid = {}) {
  std::vector<double> times;
  for (int i = 1; i <= n; ++i) {
    const double t = h + (t_end - 2.0 * h) * i / n;
    bool near = false;
    for (const double a : avoid) near = near || std::fabs(t - a) < 2.0 * h;
    if (!near) times.push_back(t);
  }
  return times;
}

}  // namespace nsd::validation::testing
