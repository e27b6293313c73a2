// The box face down on a plane: thrown on a horizontal plane, or at rest on the incline
// (benchmark_systems.hpp).
#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>
#include <nsdkit/validation/benchmark_systems_detail.hpp>

namespace nsd::validation {

BoxOnPlane::BoxOnPlane(OnePlaneModel model) : BenchmarkSystem(std::move(model)) {
  detail::requireFamily(model_, CaseFamily::kBlock, "BoxOnPlane");
}

OnePlaneReference BoxOnPlane::reference() const {
  const OnePlaneModel& m = model_;
  const double g = m.gravity_m_s2, mu = m.mu;
  if (m.launch_speed_m_s > 0.0) {
    if (mu == 0.0) throw InvalidInput("model.mu must be > 0 for a sliding block (never stops)");
    OnePlaneReference ref;
    ref.drilling_spin_rad_s = detail::drillingSpinAtEnd(m);
    ref.spin_rate_rad_s = 0.0;
    ref.rolls = true;  // stops, then sticks
    ref.stop_time_s = m.launch_speed_m_s / (mu * g);
    ref.stop_distance_m = m.launch_speed_m_s * m.launch_speed_m_s / (2.0 * mu * g);
    return ref;
  }
  OnePlaneReference ref = detail::atRestOnSlope(m, mu);
  ref.spin_rate_rad_s = 0.0;
  ref.at_rest = ref.rolls;
  ref.acceleration_m_s2 = ref.rolls ? 0.0 : detail::slidingAcceleration(m);
  return ref;
}

// Decelerates at mu g until the stop (thrown), or accelerates uniformly from rest (on a slope).
// The box never turns: its orientation is orientation() throughout.
BodyState BoxOnPlane::stateAt(double t) const {
  const OnePlaneModel& m = model_;
  const OnePlaneReference ref = reference();
  BodyState x;
  if (m.launch_speed_m_s > 0.0) {
    const OnePlaneFrame f = frameOf(m);
    const double t_stop = ref.stop_time_s, decel = m.mu * m.gravity_m_s2;
    const double ts = std::min(t, t_stop);
    x.x_C_W = (m.launch_speed_m_s * ts - 0.5 * decel * ts * ts) * f.e_W;
    x.v_C_W = (m.launch_speed_m_s - decel * ts) * f.e_W;
    x.omega_W.setZero();
  } else {
    x = detail::uniformlyAcceleratedFromRest(m, ref, t);
  }
  x.q_WS = orientation();
  return x;
}

Eigen::Quaterniond BoxOnPlane::orientation() const { return initialOrientationOf(model_); }

engines::SphereScene BoxOnPlane::scene() const {
  const OnePlaneModel& m = model_;
  engines::SphereScene s = sphereOnPlaneScene(m, stateAt(0.0));
  // Solid box: I_xx = m (hy^2 + hz^2) / 3 etc. in its own frame, turned into W.
  const Eigen::Vector3d h2 = m.box_half_extents_m.cwiseProduct(m.box_half_extents_m);
  const Eigen::Vector3d moments =
      m.mass_kg / 3.0 * Eigen::Vector3d(h2.y() + h2.z(), h2.x() + h2.z(), h2.x() + h2.y());
  const Eigen::Matrix3d R = orientation().toRotationMatrix();
  s.shape = engines::ShapeKind::kBox;
  s.half_extents_m = m.box_half_extents_m;
  s.radius_m = m.box_half_extents_m.maxCoeff();
  s.q0_WS = orientation();
  s.inertia_C_W = R * moments.asDiagonal() * R.transpose();
  s.planes.front().offset_m = -m.box_half_extents_m.z();
  return s;
}

}  // namespace nsd::validation
