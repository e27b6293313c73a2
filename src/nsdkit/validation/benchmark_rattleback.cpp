// Kane and Levinson's rattleback rolling on a horizontal plane (benchmark_systems.hpp): its scene
// at the initial state and its rolling motion, from their equations integrated
// (rattleback/kane_levinson.hpp).
#include <Eigen/Geometry>

#include <cmath>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>
#include <nsdkit/validation/benchmark_systems_detail.hpp>
#include <nsdkit/validation/rattleback_metric.hpp>

namespace nsd::validation {
namespace {

// Kane and Levinson's body frame r (r3 downward when upright) in W (z up): R_WS = R_Wn R_nr with
// n = (x, -y, -z) (n3 down) and R_nr = R3(gamma) R1(alpha) R2(beta) (their eq. (37)).
Eigen::Matrix3d rattlebackRotation(const rattleback::KaneLevinsonInitial& i) {
  const Eigen::Matrix3d R_Wn = Eigen::Vector3d(1, -1, -1).asDiagonal();
  const Eigen::Matrix3d R_nr = (Eigen::AngleAxisd(i.gamma, Eigen::Vector3d::UnitZ()) *
                                Eigen::AngleAxisd(i.alpha, Eigen::Vector3d::UnitX()) *
                                Eigen::AngleAxisd(i.beta, Eigen::Vector3d::UnitY()))
                                   .toRotationMatrix();
  return R_Wn * R_nr;
}

rattleback::KaneLevinsonState stateVector(const rattleback::KaneLevinsonSample& k) {
  rattleback::KaneLevinsonState state;
  state << k.alpha, k.beta, k.gamma, k.omega1, k.omega2, k.omega3;
  return state;
}

}  // namespace

KaneLevinsonRattleback::KaneLevinsonRattleback(OnePlaneModel model)
    : BenchmarkSystem(std::move(model)) {
  detail::requireFamily(model_, CaseFamily::kRattleback, "KaneLevinsonRattleback");
}

OnePlaneReference KaneLevinsonRattleback::reference() const {
  const OnePlaneModel& m = model_;
  OnePlaneReference ref;
  ref.drilling_spin_rad_s = detail::drillingSpinAtEnd(m);
  rattleback::KaneLevinsonInitial init = m.rattleback_initial;
  init.gamma = 0.0;
  const auto tr = rattleback::simulateKaneLevinson(m.rattleback, init, m.duration_s);
  ref.rolls = true;
  ref.reversal_s = tr.spin_reversals.empty() ? NAN : tr.spin_reversals.front();
  // The spin about the downward vertical n3, omega . n3 = sum_k omega_k mu_k (KL (37)), at the
  // 1 ms samples, measured as any solver's is (rattleback_metric.hpp).
  std::vector<double> t_s(tr.samples.size()), spin_down(tr.samples.size());
  for (std::size_t i = 0; i < tr.samples.size(); ++i) {
    const auto& k = tr.samples[i];
    t_s[i] = k.t;
    spin_down[i] = rattleback::contactKinematics(m.rattleback, stateVector(k))
                       .mu.dot(Eigen::Vector3d(k.omega1, k.omega2, k.omega3));
  }
  const RattlebackMetrics measures = rattlebackMetrics(t_s, spin_down);
  ref.mean_spin_reversal_s = measures.mean_spin_reversal_s;
  ref.turned_angle_rad = measures.turned_angle_rad;
  ref.spin_after_reversal_rad_s = measures.spin_after_reversal_rad_s;
  return ref;
}

BodyState KaneLevinsonRattleback::stateAt(double t_s) const {
  if (t_s != 0.0) throw InvalidInput("the rattleback's motion is integrated, not closed-form");
  const engines::SphereScene s = scene();
  return {s.centre0_W, s.v_C0_W, s.omega0_W, s.q0_WS};
}

// At its initial state, rolling: contact point at the origin on the plane z = 0, the mass centre's
// velocity from rolling (KL (26)), inertia (2) about the mass centre.
engines::SphereScene KaneLevinsonRattleback::scene() const {
  const OnePlaneModel& m = model_;
  const auto& p = m.rattleback;
  rattleback::KaneLevinsonState state;
  state << m.rattleback_initial.alpha, m.rattleback_initial.beta, 0.0, m.rattleback_initial.omega1,
      m.rattleback_initial.omega2, m.rattleback_initial.omega3;
  const auto k = rattleback::contactKinematics(p, state);
  const Eigen::Matrix3d R = rattlebackRotation(m.rattleback_initial);
  Eigen::Matrix3d inertia_S;
  inertia_S << p.A, p.D, 0, p.D, p.B, 0, 0, 0, p.C;
  engines::SphereScene s;
  s.shape = engines::ShapeKind::kEllipsoid;
  s.half_extents_m = Eigen::Vector3d(p.a, p.b, p.c);
  s.radius_m = p.a;
  s.mass_kg = p.mass;
  s.shape_offset_S = Eigen::Vector3d(0, 0, -p.h);  // the centre O is h above R* (r3 down)
  s.q0_WS = Eigen::Quaterniond(R).normalized();
  s.inertia_C_W = R * inertia_S * R.transpose();
  s.gravity_W = Eigen::Vector3d(0, 0, -p.gravity);
  s.torque_W.setZero();
  const Eigen::Vector3d contact_to_C_S = Eigen::Vector3d(0, 0, p.h) - k.contact;
  s.centre0_W = R * contact_to_C_S;
  s.v_C0_W = R * k.velocity;
  s.omega0_W = R * Eigen::Vector3d(m.rattleback_initial.omega1, m.rattleback_initial.omega2,
                                   m.rattleback_initial.omega3);
  engines::StaticPlane plane;
  plane.name = "P";
  plane.normal_W = Eigen::Vector3d::UnitZ();
  plane.offset_m = 0.0;
  plane.mu = m.mu;
  s.planes = {plane};
  return s;
}

std::vector<std::pair<double, BodyState>> KaneLevinsonRattleback::rollingMotion(
    double spacing_s) const {
  const OnePlaneModel& m = model_;
  requirePositive(spacing_s, "sample spacing");
  if (!(m.duration_s / spacing_s <= kMaxAnalyticSamples)) {
    throw InvalidInput("sample spacing " + formatValue(spacing_s) + " s: more than " +
                       formatValue(kMaxAnalyticSamples) + " samples over " +
                       formatValue(m.duration_s) + " s");
  }
  rattleback::IntegrationOptions options;
  options.sample_spacing = spacing_s;
  rattleback::KaneLevinsonInitial init = m.rattleback_initial;
  init.gamma = 0.0;
  const auto tr = rattleback::simulateKaneLevinson(m.rattleback, init, m.duration_s, options);
  std::vector<std::pair<double, BodyState>> out;
  Eigen::Vector2d horizontal = Eigen::Vector2d::Zero();  // integral of the horizontal velocity
  Eigen::Vector3d previous_v = Eigen::Vector3d::Zero();
  const Eigen::Vector3d start = scene().centre0_W;
  for (std::size_t i = 0; i < tr.samples.size(); ++i) {
    const auto& k = tr.samples[i];
    const auto kin = rattleback::contactKinematics(m.rattleback, stateVector(k));
    rattleback::KaneLevinsonInitial pose;
    pose.alpha = k.alpha;
    pose.beta = k.beta;
    pose.gamma = k.gamma;
    const Eigen::Matrix3d R = rattlebackRotation(pose);
    BodyState x;
    x.v_C_W = R * kin.velocity;
    x.omega_W = R * Eigen::Vector3d(k.omega1, k.omega2, k.omega3);
    x.q_WS = Eigen::Quaterniond(R).normalized();
    if (i > 0) {  // trapezoid rule on the samples (O(h^2): 1e-7 m at 1 ms here)
      const double dt = k.t - tr.samples[i - 1].t;
      horizontal += 0.5 * dt * (x.v_C_W + previous_v).head<2>();
    }
    previous_v = x.v_C_W;
    const Eigen::Vector3d contact_to_C = R * (Eigen::Vector3d(0, 0, m.rattleback.h) - kin.contact);
    x.x_C_W =
        Eigen::Vector3d(start.x() + horizontal.x(), start.y() + horizontal.y(), contact_to_C.z());
    out.emplace_back(k.t, x);
  }
  return out;
}

}  // namespace nsd::validation
