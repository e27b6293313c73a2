// The one-contact families of the contact benchmark (see one_plane_families.hpp): their names,
// models and case list; each model's reference, trajectory and scene come from its system
// (benchmark_systems.hpp).
#include <nsdkit/validation/one_plane_families.hpp>

#include <Eigen/Geometry>

#include <cmath>
#include <sstream>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>

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
  throw InvalidInput(
      "family must be one of trough, incline, launch, creep, block, rattleback; got " +
      quoteInput(name, 40));
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

OnePlaneReference referenceOf(const OnePlaneModel& m) { return benchmarkSystemOf(m)->reference(); }

Eigen::Quaterniond initialOrientationOf(const OnePlaneModel& m) {
  if (m.family != CaseFamily::kBlock || m.slope_rad == 0.0) return Eigen::Quaterniond::Identity();
  const OnePlaneFrame f = frameOf(m);
  Eigen::Matrix3d R;
  R << f.e_W, f.a_W, f.n_W;  // columns: the box's edges x, y, z in W
  return Eigen::Quaterniond(R).normalized();
}

engines::SphereScene sceneOf(const OnePlaneModel& m) { return benchmarkSystemOf(m)->scene(); }

BodyState exactStateAt(const OnePlaneModel& m, double t) {
  return benchmarkSystemOf(m)->stateAt(t);
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
  return KaneLevinsonRattleback(m).rollingMotion(spacing_s);
}

}  // namespace nsd::validation
