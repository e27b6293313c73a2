// The sphere thrown sliding with backspin on a horizontal plane (benchmark_systems.hpp; the heavy
// ball of seed 002 without whirl, Kireenkov eqs. (11)-(18) with u = 0).
#include <algorithm>
#include <cmath>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>
#include <nsdkit/validation/benchmark_systems_detail.hpp>

namespace nsd::validation {

LaunchedSphere::LaunchedSphere(OnePlaneModel model) : BenchmarkSystem(std::move(model)) {
  detail::requireFamily(model_, CaseFamily::kLaunch, "LaunchedSphere");
}

OnePlaneReference LaunchedSphere::reference() const {
  const OnePlaneModel& m = model_;
  const double g = m.gravity_m_s2, j = m.inertia_ratio, r = m.radius_m, mu = m.mu;
  OnePlaneReference ref;
  ref.drilling_spin_rad_s = detail::drillingSpinAtEnd(m);
  const double slip0 = m.launch_speed_m_s + r * m.backspin_rad_s;
  ref.rolls = true;
  ref.rolling_onset_s = j * slip0 / (mu * g * (1.0 + j));
  ref.final_speed_m_s = (m.launch_speed_m_s - j * r * m.backspin_rad_s) / (1.0 + j);
  if (mu == 0.0) throw InvalidInput("model.mu must be > 0 for a launch (it never rolls)");
  ref.spin_rate_rad_s = ref.rolling_onset_s < m.duration_s
                            ? ref.final_speed_m_s / r
                            : -m.backspin_rad_s + mu * g / (j * r) * m.duration_s;
  return ref;
}

// Slides with the friction mu m g against the slip (the slip keeps its direction h) until t*,
// then rolls at the final speed.
BodyState LaunchedSphere::stateAt(double t) const {
  const OnePlaneModel& m = model_;
  const OnePlaneFrame f = frameOf(m);
  const OnePlaneReference ref = reference();
  const double r = m.radius_m, J = sphereMomentOfInertia(m);
  const double drilling = m.drilling_torque_N_m * t / J;
  const double g = m.gravity_m_s2, t_star = ref.rolling_onset_s;
  const double decel = m.mu * g, spin_up = m.mu * g / (m.inertia_ratio * r);
  const double ts = std::min(t, t_star);  // time spent sliding
  const double v_slide_end = m.launch_speed_m_s - decel * ts;
  const double distance = m.launch_speed_m_s * ts - 0.5 * decel * ts * ts +
                          ref.final_speed_m_s * std::max(0.0, t - t_star);
  const double speed = t < t_star ? v_slide_end : ref.final_speed_m_s;
  const double spin = t < t_star ? -m.backspin_rad_s + spin_up * t : ref.final_speed_m_s / r;
  BodyState x;
  x.x_C_W = distance * f.e_W;
  x.v_C_W = speed * f.e_W;
  x.omega_W = spin * f.a_W + drilling * f.n_W;
  return x;
}

engines::SphereScene LaunchedSphere::scene() const {
  return sphereOnPlaneScene(model_, stateAt(0.0));
}

}  // namespace nsd::validation
