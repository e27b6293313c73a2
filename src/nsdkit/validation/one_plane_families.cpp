// The one-contact families of the contact benchmark (see one_plane_families.hpp).
#include <nsdkit/validation/one_plane_families.hpp>

#include <Eigen/Geometry>

#include <cmath>
#include <sstream>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/rattleback_metric.hpp>

namespace nsd::validation {

std::string toString(CaseFamily family) {
  switch (family) {
    case CaseFamily::kTrough:
      return "trough";
    case CaseFamily::kIncline:
      return "incline";
    case CaseFamily::kLaunch:
      return "launch";
    case CaseFamily::kCreep:
      return "creep";
    case CaseFamily::kBlock:
      return "block";
    case CaseFamily::kRattleback:
      return "rattleback";
  }
  return "?";
}

CaseFamily caseFamilyFromString(const std::string& name) {
  for (CaseFamily f : allCaseFamilies()) {
    if (toString(f) == name) return f;
  }
  throw InvalidInput("family must be one of trough, incline, launch, creep, block, rattleback; got '" +
                     name.substr(0, 40) + "'");
}

std::vector<CaseFamily> allCaseFamilies() {
  return {CaseFamily::kTrough, CaseFamily::kIncline, CaseFamily::kLaunch, CaseFamily::kCreep,
          CaseFamily::kBlock, CaseFamily::kRattleback};
}

void OnePlaneModel::validate() const {
  if (family == CaseFamily::kTrough) throw InvalidInput("model.family: 'trough' is not one plane");
  requireNonNegative(mu, "model.mu");
  requirePositive(inertia_ratio, "model.inertia_ratio");
  requirePositive(radius_m, "model.radius_m");
  requirePositive(mass_kg, "model.mass_kg");
  requirePositive(gravity_m_s2, "model.gravity_m_s2");
  requireNonNegative(slope_rad, "model.slope_rad");
  if (!(slope_rad < 0.5 * kPi - 1e-3)) {
    throw InvalidInput("model.slope_rad must be below pi/2 - 1e-3, got " + formatValue(slope_rad));
  }
  requireFinite(heading_rad, "model.heading_rad");
  requireNonNegative(launch_speed_m_s, "model.launch_speed_m_s");
  requireFinite(backspin_rad_s, "model.backspin_rad_s");
  requireFinite(drilling_torque_N_m, "model.drilling_torque_N_m");
  requirePositive(duration_s, "model.duration_s");
  if (family == CaseFamily::kLaunch) {
    if (slope_rad != 0.0) throw InvalidInput("model.slope_rad must be 0 for a launch");
    if (!(launch_speed_m_s > 0.0)) throw InvalidInput("model.launch_speed_m_s must be > 0");
    // The final velocity (v0 - j r omega0) / (1 + j) must keep the launch's direction.
    if (!(launch_speed_m_s - inertia_ratio * radius_m * backspin_rad_s > 0.0)) {
      throw InvalidInput("model.backspin_rad_s: the ball would come back (v0 <= j r omega0)");
    }
  } else if (family == CaseFamily::kRattleback) {
    rattleback.validate();
    if (slope_rad != 0.0 || launch_speed_m_s != 0.0 || backspin_rad_s != 0.0 ||
        drilling_torque_N_m != 0.0) {
      throw InvalidInput("model: a rattleback case has no slope, launch, backspin or drilling");
    }
    if (!(std::fabs(rattleback_initial.alpha) < 0.5) || !(std::fabs(rattleback_initial.beta) < 0.5) ||
        !std::isfinite(rattleback_initial.omega1 + rattleback_initial.omega2 +
                       rattleback_initial.omega3)) {
      throw InvalidInput("model.rattleback_initial: |alpha|, |beta| < 0.5 rad and finite rates");
    }
    if (!(duration_s <= 60.0)) throw InvalidInput("model.duration_s must be at most 60 s");
  } else if (family == CaseFamily::kBlock) {
    for (int i = 0; i < 3; ++i) requirePositive(box_half_extents_m[i], "model.box_half_extents_m");
    if (launch_speed_m_s > 0.0 && slope_rad != 0.0) {
      throw InvalidInput("model.slope_rad must be 0 for a sliding block");
    }
    if (backspin_rad_s != 0.0 || drilling_torque_N_m != 0.0) {
      throw InvalidInput("model.backspin_rad_s and drilling_torque_N_m must be 0 for a block");
    }
    const double hz = box_half_extents_m.z();
    if (!(mu * hz < std::min(box_half_extents_m.x(), box_half_extents_m.y())) ||
        !(std::tan(slope_rad) * hz < box_half_extents_m.x())) {
      throw InvalidInput("model.box_half_extents_m: the block would tip (needs mu hz and tan s hz "
                         "below the half length)");
    }
  } else if (launch_speed_m_s != 0.0 || backspin_rad_s != 0.0) {
    throw InvalidInput("model.launch_speed_m_s and backspin_rad_s are for the launch family");
  }
}

OnePlaneFrame frameOf(const OnePlaneModel& m) {
  const Eigen::Vector3d z = Eigen::Vector3d::UnitZ();
  const Eigen::Vector3d h(std::cos(m.heading_rad), std::sin(m.heading_rad), 0.0);
  OnePlaneFrame f;
  f.n_W = std::cos(m.slope_rad) * z + std::sin(m.slope_rad) * h;
  f.e_W = std::cos(m.slope_rad) * h - std::sin(m.slope_rad) * z;
  f.a_W = f.n_W.cross(f.e_W);
  return f;
}

namespace {

double momentOfInertia(const OnePlaneModel& m) {
  return m.inertia_ratio * m.mass_kg * m.radius_m * m.radius_m;
}

// Kane and Levinson's body frame r (r3 downward when upright) in W (z up): R_WS = R_Wn R_nr with
// n = (x, -y, -z) (n3 down) and R_nr = R3(gamma) R1(alpha) R2(beta) (their eq. (37)).
Eigen::Matrix3d rattlebackRotation(const rattleback::KaneLevinsonInitial& i) {
  const Eigen::Matrix3d R_Wn = Eigen::Vector3d(1, -1, -1).asDiagonal();
  const Eigen::Matrix3d R_nr =
      (Eigen::AngleAxisd(i.gamma, Eigen::Vector3d::UnitZ()) *
       Eigen::AngleAxisd(i.alpha, Eigen::Vector3d::UnitX()) *
       Eigen::AngleAxisd(i.beta, Eigen::Vector3d::UnitY()))
          .toRotationMatrix();
  return R_Wn * R_nr;
}

// The rattleback at its initial state, rolling: contact point at the origin on the plane z = 0,
// the mass centre's velocity from rolling (KL (26)), inertia (2) about the mass centre.
engines::SphereScene rattlebackScene(const OnePlaneModel& m, engines::SphereScene s) {
  const auto& p = m.rattleback;
  rattleback::KaneLevinsonState state;
  state << m.rattleback_initial.alpha, m.rattleback_initial.beta, 0.0,
      m.rattleback_initial.omega1, m.rattleback_initial.omega2, m.rattleback_initial.omega3;
  const auto k = rattleback::contactKinematics(p, state);
  const Eigen::Matrix3d R = rattlebackRotation(m.rattleback_initial);
  Eigen::Matrix3d inertia_S;
  inertia_S << p.A, p.D, 0, p.D, p.B, 0, 0, 0, p.C;
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


}  // namespace

OnePlaneReference referenceOf(const OnePlaneModel& m) {
  m.validate();
  const double g = m.gravity_m_s2, j = m.inertia_ratio, r = m.radius_m, mu = m.mu;
  const double sin_s = std::sin(m.slope_rad), cos_s = std::cos(m.slope_rad);
  const double tan_s = sin_s / cos_s;
  OnePlaneReference ref;
  ref.drilling_spin_rad_s = m.drilling_torque_N_m * m.duration_s / momentOfInertia(m);
  switch (m.family) {
    case CaseFamily::kIncline:
      ref.threshold_tan_slope = mu * (1.0 + j) / j;
      ref.rolls = tan_s < ref.threshold_tan_slope;
      if (ref.rolls) {
        ref.acceleration_m_s2 = g * sin_s / (1.0 + j);
        ref.spin_rate_rad_s = ref.acceleration_m_s2 * m.duration_s / r;
      } else {
        ref.acceleration_m_s2 = g * (sin_s - mu * cos_s);
        ref.spin_rate_rad_s = mu * g * cos_s / (j * r) * m.duration_s;
      }
      break;
    case CaseFamily::kCreep:
      ref.threshold_tan_slope = mu;
      ref.rolls = tan_s < mu;
      ref.at_rest = ref.rolls;
      ref.acceleration_m_s2 = ref.rolls ? 0.0 : g * (sin_s - mu * cos_s);
      ref.spin_rate_rad_s = ref.rolls ? 0.0 : -ref.acceleration_m_s2 * m.duration_s / (j * r);
      break;
    case CaseFamily::kLaunch: {
      const double slip0 = m.launch_speed_m_s + r * m.backspin_rad_s;
      ref.rolls = true;
      ref.rolling_onset_s = j * slip0 / (mu * g * (1.0 + j));
      ref.final_speed_m_s = (m.launch_speed_m_s - j * r * m.backspin_rad_s) / (1.0 + j);
      if (mu == 0.0) throw InvalidInput("model.mu must be > 0 for a launch (it never rolls)");
      ref.spin_rate_rad_s = ref.rolling_onset_s < m.duration_s
                                ? ref.final_speed_m_s / r
                                : -m.backspin_rad_s + mu * g / (j * r) * m.duration_s;
      break;
    }
    case CaseFamily::kBlock:
      ref.spin_rate_rad_s = 0.0;
      if (m.launch_speed_m_s > 0.0) {
        if (mu == 0.0) throw InvalidInput("model.mu must be > 0 for a sliding block (never stops)");
        ref.rolls = true;  // stops, then sticks
        ref.stop_time_s = m.launch_speed_m_s / (mu * g);
        ref.stop_distance_m = m.launch_speed_m_s * m.launch_speed_m_s / (2.0 * mu * g);
      } else {
        ref.threshold_tan_slope = mu;
        ref.rolls = tan_s < mu;
        ref.at_rest = ref.rolls;
        ref.acceleration_m_s2 = ref.rolls ? 0.0 : g * (sin_s - mu * cos_s);
      }
      break;
    case CaseFamily::kRattleback: {
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
        rattleback::KaneLevinsonState state;
        state << k.alpha, k.beta, k.gamma, k.omega1, k.omega2, k.omega3;
        t_s[i] = k.t;
        spin_down[i] = rattleback::contactKinematics(m.rattleback, state).mu.dot(
            Eigen::Vector3d(k.omega1, k.omega2, k.omega3));
      }
      const RattlebackMetrics measures = rattlebackMetrics(t_s, spin_down);
      ref.mean_spin_reversal_s = measures.mean_spin_reversal_s;
      ref.turned_angle_rad = measures.turned_angle_rad;
      ref.spin_after_reversal_rad_s = measures.spin_after_reversal_rad_s;
      break;
    }
    case CaseFamily::kTrough:
      break;
  }
  return ref;
}

Eigen::Quaterniond initialOrientationOf(const OnePlaneModel& m) {
  if (m.family != CaseFamily::kBlock || m.slope_rad == 0.0) return Eigen::Quaterniond::Identity();
  const OnePlaneFrame f = frameOf(m);
  Eigen::Matrix3d R;
  R << f.e_W, f.a_W, f.n_W;  // columns: the box's edges x, y, z in W
  return Eigen::Quaterniond(R).normalized();
}

engines::SphereScene sceneOf(const OnePlaneModel& m) {
  m.validate();
  const OnePlaneFrame f = frameOf(m);
  engines::SphereScene s;
  s.radius_m = m.radius_m;
  s.mass_kg = m.mass_kg;
  s.inertia_C_W = Eigen::Matrix3d::Identity() * momentOfInertia(m);
  if (m.family == CaseFamily::kBlock) {
    // Solid box: I_xx = m (hy^2 + hz^2) / 3 etc. in its own frame, turned into W.
    const Eigen::Vector3d h2 = m.box_half_extents_m.cwiseProduct(m.box_half_extents_m);
    const Eigen::Vector3d moments =
        m.mass_kg / 3.0 * Eigen::Vector3d(h2.y() + h2.z(), h2.x() + h2.z(), h2.x() + h2.y());
    const Eigen::Matrix3d R = initialOrientationOf(m).toRotationMatrix();
    s.shape = engines::ShapeKind::kBox;
    s.half_extents_m = m.box_half_extents_m;
    s.radius_m = m.box_half_extents_m.maxCoeff();
    s.q0_WS = initialOrientationOf(m);
    s.inertia_C_W = R * moments.asDiagonal() * R.transpose();
  }
  s.gravity_W = Eigen::Vector3d(0, 0, -m.gravity_m_s2);
  s.torque_W = m.drilling_torque_N_m * f.n_W;
  if (m.family == CaseFamily::kCreep) {
    s.torque_W += -m.mass_kg * m.gravity_m_s2 * m.radius_m * std::sin(m.slope_rad) * f.a_W;
  }
  if (m.family == CaseFamily::kRattleback) return rattlebackScene(m, s);
  const BodyState x0 = exactStateAt(m, 0.0);
  s.centre0_W = x0.x_C_W;
  s.v_C0_W = x0.v_C_W;
  s.omega0_W = x0.omega_W;
  engines::StaticPlane plane;
  plane.name = "P";
  plane.normal_W = f.n_W;
  plane.offset_m = m.family == CaseFamily::kBlock ? -m.box_half_extents_m.z() : -m.radius_m;
  plane.mu = m.mu;
  s.planes = {plane};
  return s;
}

BodyState exactStateAt(const OnePlaneModel& m, double t) {
  if (m.family == CaseFamily::kRattleback) {
    if (t != 0.0) throw InvalidInput("the rattleback's motion is integrated, not closed-form");
    const engines::SphereScene s = sceneOf(m);
    return {s.centre0_W, s.v_C0_W, s.omega0_W, s.q0_WS};
  }
  const OnePlaneFrame f = frameOf(m);
  const OnePlaneReference ref = referenceOf(m);
  const double r = m.radius_m, J = momentOfInertia(m);
  BodyState x;
  const double drilling = m.drilling_torque_N_m * t / J;
  if (m.family == CaseFamily::kLaunch) {
    const double g = m.gravity_m_s2, t_star = ref.rolling_onset_s;
    const double decel = m.mu * g, spin_up = m.mu * g / (m.inertia_ratio * r);
    const double ts = std::min(t, t_star);  // time spent sliding
    const double v_slide_end = m.launch_speed_m_s - decel * ts;
    const double distance = m.launch_speed_m_s * ts - 0.5 * decel * ts * ts +
                            ref.final_speed_m_s * std::max(0.0, t - t_star);
    const double speed = t < t_star ? v_slide_end : ref.final_speed_m_s;
    const double spin = t < t_star ? -m.backspin_rad_s + spin_up * t : ref.final_speed_m_s / r;
    x.x_C_W = distance * f.e_W;
    x.v_C_W = speed * f.e_W;
    x.omega_W = spin * f.a_W + drilling * f.n_W;
    return x;
  }
  if (m.family == CaseFamily::kBlock && m.launch_speed_m_s > 0.0) {
    const double t_stop = ref.stop_time_s, decel = m.mu * m.gravity_m_s2;
    const double ts = std::min(t, t_stop);
    x.x_C_W = (m.launch_speed_m_s * ts - 0.5 * decel * ts * ts) * f.e_W;
    x.v_C_W = (m.launch_speed_m_s - decel * ts) * f.e_W;
    x.omega_W.setZero();
    return x;
  }
  // Incline, creep and the block on a slope: uniform acceleration from rest along e.
  const double a = ref.acceleration_m_s2;
  const double spin_rate = ref.spin_rate_rad_s / m.duration_s;  // constant dOmega_a/dt
  x.x_C_W = 0.5 * a * t * t * f.e_W;
  x.v_C_W = a * t * f.e_W;
  x.omega_W = spin_rate * t * f.a_W + drilling * f.n_W;
  return x;
}

namespace {

// A body at rest on slopes at 0.5, 0.9 (exact rest) and 1.1 (slides) times tan s = mu = 0.3,
// headings 0 and 30 degrees, 1 s: the creep family's held sphere and the block on an incline.
void addRestOnSlopeCases(std::vector<std::pair<std::string, OnePlaneModel>>& out,
                         CaseFamily family, const std::string& prefix) {
  for (const double factor : {0.5, 0.9, 1.1}) {
    for (const double heading_deg : {0.0, 30.0}) {
      OnePlaneModel m;
      m.family = family;
      m.slope_rad = std::atan(factor * m.mu);
      m.heading_rad = degreesToRadians(heading_deg);
      m.duration_s = 1.0;
      std::ostringstream s;
      s << prefix << "tan" << factor << "mu/heading" << heading_deg;
      out.emplace_back(s.str(), m);
    }
  }
}

}  // namespace

std::vector<std::pair<std::string, OnePlaneModel>> onePlaneModels() {
  std::vector<std::pair<std::string, OnePlaneModel>> out;
  auto name = [](const std::string& family, const std::string& rest) {
    return family + "/" + rest;
  };
  // Incline: both sides of tan s = mu (1 + j) / j at 0.5, 0.9, 1.1 and 1.5 times it, two
  // coefficients, headings 0 and 30 degrees; drilling torque on a rolling and a sliding case.
  for (const double mu : {0.3, 0.1}) {
    for (const double factor : {0.5, 0.9, 1.1, 1.5}) {
      for (const double heading_deg : {0.0, 30.0}) {
        OnePlaneModel m;
        m.family = CaseFamily::kIncline;
        m.mu = mu;
        m.slope_rad = std::atan(factor * mu * (1.0 + m.inertia_ratio) / m.inertia_ratio);
        m.heading_rad = degreesToRadians(heading_deg);
        std::ostringstream s;
        s << "mu" << mu << "/tan" << factor << "x/heading" << heading_deg;
        out.emplace_back(name("incline", s.str()), m);
      }
    }
  }
  for (const double factor : {0.5, 1.5}) {
    OnePlaneModel m;
    m.family = CaseFamily::kIncline;
    m.slope_rad = std::atan(factor * m.mu * (1.0 + m.inertia_ratio) / m.inertia_ratio);
    m.drilling_torque_N_m = 0.01;  // dOmega_n/dt = 10 rad/s^2 for the 1 kg, 5 cm sphere
    std::ostringstream s;
    s << "mu0.3/tan" << factor << "x/drilling0.01";
    out.emplace_back(name("incline", s.str()), m);
  }
  // Launch: v0 = 1 m/s in four directions, without spin and with backspin r omega0 = v0 / 2.
  for (const double heading_deg : {0.0, 15.0, 30.0, 45.0}) {
    for (const double backspin : {0.0, 10.0}) {
      OnePlaneModel m;
      m.family = CaseFamily::kLaunch;
      m.launch_speed_m_s = 1.0;
      m.backspin_rad_s = backspin;
      m.heading_rad = degreesToRadians(heading_deg);
      m.duration_s = 0.4;
      std::ostringstream s;
      s << "heading" << heading_deg << "/backspin" << backspin;
      out.emplace_back(name("launch", s.str()), m);
    }
  }
  // Creep: held at tan s = 0.5 mu and 0.9 mu (exact rest) and 1.1 mu (slides), two headings.
  addRestOnSlopeCases(out, CaseFamily::kCreep, "creep/mu0.3/");
  // Block: sliding at 1 m/s in four directions (edges along W's axes); at rest on slopes at 0.5,
  // 0.9 (rest) and 1.1 (slides) times tan s = mu, headings 0 and 30 degrees.
  for (const double heading_deg : {0.0, 15.0, 30.0, 45.0}) {
    OnePlaneModel m;
    m.family = CaseFamily::kBlock;
    m.launch_speed_m_s = 1.0;
    m.heading_rad = degreesToRadians(heading_deg);
    m.duration_s = 0.6;
    std::ostringstream s;
    s << "sliding/heading" << heading_deg;
    out.emplace_back(name("block", s.str()), m);
  }
  addRestOnSlopeCases(out, CaseFamily::kBlock, "block/incline/");
  // Rattleback: Kane and Levinson's Section 3 body, omega3 = -5 rad/s, alpha = beta = 0.5 deg.
  {
    OnePlaneModel m;
    m.family = CaseFamily::kRattleback;
    m.mu = 1.0;
    m.rattleback_initial.alpha = degreesToRadians(0.5);
    m.rattleback_initial.beta = degreesToRadians(0.5);
    m.rattleback_initial.omega3 = -5.0;
    m.duration_s = 8.0;
    out.emplace_back("rattleback/kane-levinson/omega3=-5", m);
  }
  return out;
}

std::vector<std::pair<double, BodyState>> rattlebackRollingMotion(const OnePlaneModel& m,
                                                                  double spacing_s) {
  if (m.family != CaseFamily::kRattleback) throw InvalidInput("not a rattleback model");
  requirePositive(spacing_s, "sample spacing");
  rattleback::IntegrationOptions options;
  options.sample_spacing = spacing_s;
  rattleback::KaneLevinsonInitial init = m.rattleback_initial;
  init.gamma = 0.0;
  const auto tr = rattleback::simulateKaneLevinson(m.rattleback, init, m.duration_s, options);
  std::vector<std::pair<double, BodyState>> out;
  Eigen::Vector2d horizontal = Eigen::Vector2d::Zero();  // integral of the horizontal velocity
  Eigen::Vector3d previous_v = Eigen::Vector3d::Zero();
  const Eigen::Vector3d start = sceneOf(m).centre0_W;
  for (std::size_t i = 0; i < tr.samples.size(); ++i) {
    const auto& k = tr.samples[i];
    rattleback::KaneLevinsonState state;
    state << k.alpha, k.beta, k.gamma, k.omega1, k.omega2, k.omega3;
    const auto kin = rattleback::contactKinematics(m.rattleback, state);
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
    x.x_C_W = Eigen::Vector3d(start.x() + horizontal.x(), start.y() + horizontal.y(),
                              contact_to_C.z());
    out.emplace_back(k.t, x);
  }
  return out;
}

}  // namespace nsd::validation
