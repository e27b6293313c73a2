// The sphere released on the incline and the sphere held on it (benchmark_systems.hpp; the
// closed forms of one_plane_families.hpp, with the two-point-contact paper's Def 9 for rolling).
#include <cmath>

#include <nsdkit/validation/benchmark_systems.hpp>
#include <nsdkit/validation/benchmark_systems_detail.hpp>

namespace nsd::validation {

SphereOnIncline::SphereOnIncline(OnePlaneModel model) : BenchmarkSystem(std::move(model)) {
  detail::requireFamily(model_, CaseFamily::kIncline, "SphereOnIncline");
}

OnePlaneReference SphereOnIncline::reference() const {
  const OnePlaneModel& m = model_;
  const double g = m.gravity_m_s2, j = m.inertia_ratio, r = m.radius_m, mu = m.mu;
  OnePlaneReference ref = detail::atRestOnSlope(m, mu * (1.0 + j) / j);
  if (ref.rolls) {
    ref.acceleration_m_s2 = g * std::sin(m.slope_rad) / (1.0 + j);
    ref.spin_rate_rad_s = ref.acceleration_m_s2 * m.duration_s / r;
  } else {
    ref.acceleration_m_s2 = detail::slidingAcceleration(m);
    ref.spin_rate_rad_s = mu * g * std::cos(m.slope_rad) / (j * r) * m.duration_s;
  }
  return ref;
}

BodyState SphereOnIncline::stateAt(double t_s) const {
  return detail::uniformlyAcceleratedFromRest(model_, reference(), t_s);
}

engines::SphereScene SphereOnIncline::scene() const {
  return sphereOnPlaneScene(model_, stateAt(0.0));
}

HeldSphere::HeldSphere(OnePlaneModel model) : BenchmarkSystem(std::move(model)) {
  detail::requireFamily(model_, CaseFamily::kCreep, "HeldSphere");
}

OnePlaneReference HeldSphere::reference() const {
  const OnePlaneModel& m = model_;
  OnePlaneReference ref = detail::atRestOnSlope(m, m.mu);
  ref.at_rest = ref.rolls;
  ref.acceleration_m_s2 = ref.rolls ? 0.0 : detail::slidingAcceleration(m);
  ref.spin_rate_rad_s =
      ref.rolls ? 0.0 : -ref.acceleration_m_s2 * m.duration_s / (m.inertia_ratio * m.radius_m);
  return ref;
}

BodyState HeldSphere::stateAt(double t_s) const {
  return detail::uniformlyAcceleratedFromRest(model_, reference(), t_s);
}

engines::SphereScene HeldSphere::scene() const {
  const OnePlaneModel& m = model_;
  engines::SphereScene s = sphereOnPlaneScene(m, stateAt(0.0));
  // The holding torque -m g r sin(s) a: it cancels the rolling that gravity would start.
  s.torque_W += -m.mass_kg * m.gravity_m_s2 * m.radius_m * std::sin(m.slope_rad) * frameOf(m).a_W;
  return s;
}

}  // namespace nsd::validation
