// The one-plane benchmark's systems (benchmark_systems.hpp): what they share, and the factory.
#include <nsdkit/validation/benchmark_systems.hpp>

#include <cmath>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/benchmark_systems_detail.hpp>

namespace nsd::validation {

BenchmarkSystem::BenchmarkSystem(OnePlaneModel model) : model_(std::move(model)) {
  model_.validate();
}

double sphereMomentOfInertia(const OnePlaneModel& m) {
  return m.inertia_ratio * m.mass_kg * m.radius_m * m.radius_m;
}

engines::SphereScene sphereOnPlaneScene(const OnePlaneModel& m, const BodyState& start) {
  const OnePlaneFrame f = frameOf(m);
  engines::SphereScene s;
  s.radius_m = m.radius_m;
  s.mass_kg = m.mass_kg;
  s.inertia_C_W = Eigen::Matrix3d::Identity() * sphereMomentOfInertia(m);
  s.gravity_W = Eigen::Vector3d(0, 0, -m.gravity_m_s2);
  s.torque_W = m.drilling_torque_N_m * f.n_W;
  s.centre0_W = start.x_C_W;
  s.v_C0_W = start.v_C_W;
  s.omega0_W = start.omega_W;
  engines::StaticPlane plane;
  plane.name = "P";
  plane.normal_W = f.n_W;
  plane.offset_m = -m.radius_m;
  plane.mu = m.mu;
  s.planes = {plane};
  return s;
}

std::unique_ptr<BenchmarkSystem> benchmarkSystemOf(const OnePlaneModel& model) {
  switch (model.family) {
    case CaseFamily::kIncline:
      return std::make_unique<SphereOnIncline>(model);
    case CaseFamily::kCreep:
      return std::make_unique<HeldSphere>(model);
    case CaseFamily::kLaunch:
      return std::make_unique<LaunchedSphere>(model);
    case CaseFamily::kBlock:
      return std::make_unique<BoxOnPlane>(model);
    case CaseFamily::kRattleback:
      return std::make_unique<KaneLevinsonRattleback>(model);
    case CaseFamily::kTrough:
      break;
  }
  model.validate();  // names the trough (or a family out of the enum) as the validation does
  throw InvalidInput("model.family: not a one-plane family");
}

namespace detail {

void requireFamily(const OnePlaneModel& m, CaseFamily family, const char* system) {
  if (m.family != family) {
    throw InvalidInput(std::string(system) + ": model.family must be '" + toString(family) +
                       "', got '" + toString(m.family) + "'");
  }
}

OnePlaneReference atRestOnSlope(const OnePlaneModel& m, double threshold_tan_slope) {
  const double tan_s = std::sin(m.slope_rad) / std::cos(m.slope_rad);
  OnePlaneReference ref;
  ref.drilling_spin_rad_s = drillingSpinAtEnd(m);
  ref.threshold_tan_slope = threshold_tan_slope;
  ref.rolls = tan_s < threshold_tan_slope;
  return ref;
}

double slidingAcceleration(const OnePlaneModel& m) {
  return m.gravity_m_s2 * (std::sin(m.slope_rad) - m.mu * std::cos(m.slope_rad));
}

double drillingSpinAtEnd(const OnePlaneModel& m) {
  return m.drilling_torque_N_m * m.duration_s / sphereMomentOfInertia(m);
}

BodyState uniformlyAcceleratedFromRest(const OnePlaneModel& m, const OnePlaneReference& ref,
                                       double t) {
  const OnePlaneFrame f = frameOf(m);
  const double drilling = m.drilling_torque_N_m * t / sphereMomentOfInertia(m);
  const double a = ref.acceleration_m_s2;
  const double spin_rate = ref.spin_rate_rad_s / m.duration_s;  // constant dOmega_a/dt
  BodyState x;
  x.x_C_W = 0.5 * a * t * t * f.e_W;
  x.v_C_W = a * t * f.e_W;
  x.omega_W = spin_rate * t * f.a_W + drilling * f.n_W;
  return x;
}

}  // namespace detail
}  // namespace nsd::validation
