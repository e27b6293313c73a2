// Bring your own solver: the case files, trajectory CSVs, analytic trajectories and scoring.
#include <Eigen/Geometry>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include <nsdkit/cli/csv.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/validation.hpp>

namespace nsd::validation {
namespace {

constexpr const char* kSchema = "nsdkit-validation-case/1";
constexpr double kRadToDeg = 180.0 / 3.14159265358979323846;

nlohmann::json vec(const Eigen::Vector3d& v) { return {v.x(), v.y(), v.z()}; }
nlohmann::json numberOrNull(double v) {
  return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json();
}

std::string caseFile(const std::string& dir, std::size_t index) {
  return dir + "/" + std::to_string(index) + ".json";
}

// Field access with errors naming the file and the field.
struct Reader {
  std::string file;
  const nlohmann::json& at(const nlohmann::json& j, const std::string& key) const {
    if (!j.is_object() || !j.contains(key))
      throw InvalidInput(file + ": missing field '" + key + "'");
    return j.at(key);
  }
  double number(const nlohmann::json& j, const std::string& key, bool allow_null = false) const {
    const auto& v = at(j, key);
    if (allow_null && v.is_null()) return NAN;
    if (!v.is_number()) throw InvalidInput(file + ": field '" + key + "' must be a number");
    const double x = v.get<double>();
    if (!std::isfinite(x)) throw InvalidInput(file + ": field '" + key + "' must be finite");
    return x;
  }
  Eigen::Vector3d vector3(const nlohmann::json& j, const std::string& key) const {
    const auto& v = at(j, key);
    if (!v.is_array() || v.size() != 3) {
      throw InvalidInput(file + ": field '" + key + "' must be an array of 3 numbers");
    }
    Eigen::Vector3d out;
    for (int i = 0; i < 3; ++i) {
      if (!v[i].is_number()) throw InvalidInput(file + ": field '" + key + "' must hold numbers");
      out[i] = v[i].get<double>();
    }
    return out;
  }
};

nlohmann::json readJson(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw InvalidInput("cannot read '" + file + "'");
  nlohmann::json j;
  try {
    in >> j;
  } catch (const std::exception& e) {
    throw InvalidInput(file + ": not valid JSON: " + e.what());
  }
  return j;
}

}  // namespace

void exportCases(const std::vector<ValidationCase>& cases, const std::string& dir) {
  std::filesystem::create_directories(dir);
  nlohmann::json index = nlohmann::json::array();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    const engines::SphereScene s = sceneOf(c);
    nlohmann::json planes = nlohmann::json::array();
    for (const auto& p : s.planes) {
      planes.push_back(
          {{"name", p.name}, {"normal", vec(p.normal_W)}, {"offset_m", p.offset_m}, {"mu", p.mu}});
    }
    nlohmann::json inertia = nlohmann::json::array();
    for (int r = 0; r < 3; ++r) inertia.push_back(vec(s.inertia_C_W.row(r).transpose()));
    const nlohmann::json j{
        {"schema", kSchema},
        {"index", i},
        {"name", c.name},
        {"frame",
         "trough frame W: z along the trough, upward vertical (x + y)/sqrt2, ball centre at the "
         "origin at t = 0; SI units; each plane is {p : normal . p = offset_m}, its normal "
         "pointing towards the ball"},
        {"sphere", {{"radius_m", s.radius_m}, {"mass_kg", s.mass_kg}, {"inertia_kg_m2", inertia}}},
        {"planes", planes},
        {"gravity_m_s2", vec(s.gravity_W)},
        {"force_N", vec(s.force_W)},
        {"torque_N_m", vec(s.torque_W)},
        {"initial_state",
         {{"position_m", vec(s.centre0_W)},
          {"velocity_m_s", vec(s.v_C0_W)},
          {"angular_velocity_rad_s", vec(s.omega0_W)}}},
        {"duration_s", c.t_end_s},
        {"expected",
         {{"modes", c.allowed_modes},
          {"reference", toString(c.reference)},
          {"acceleration_m_s2", numberOrNull(c.expected_acceleration)},
          {"acceleration_axis", "z (along the trough), mean over the second half of the run"},
          {"acceleration_tolerance_relative", JudgeOptions{}.acceleration_tolerance},
          {"rolling_onset_s", numberOrNull(c.expected_rolling_onset_s)},
          {"final_speed_m_s", numberOrNull(c.expected_final_speed)},
          {"probed_face", c.probed_face},
          {"face_distance", numberOrNull(c.face_distance)}}},
        {"model",
         {{"family", c.family},
          {"mu_plus", c.parameters.mu_plus},
          {"mu_minus", c.parameters.mu_minus},
          {"inertia_ratio", c.parameters.inertia_ratio},
          {"opening_angle_deg", c.parameters.opening_angle_rad * kRadToDeg},
          {"mass_kg", c.parameters.mass_kg},
          {"radius_m", c.parameters.radius_m},
          {"gravity_m_s2", c.parameters.gravity_m_s2},
          {"torque_dimensionless", vec(c.torque)},
          {"realizable", c.realizable}}}};
    writeFileAtomically(caseFile(dir, i), [&](std::ostream& out) { out << j.dump(2) << '\n'; });
    index.push_back({{"index", i}, {"name", c.name}, {"file", std::to_string(i) + ".json"}});
  }
  writeFileAtomically(dir + "/index.json", [&](std::ostream& out) {
    out << nlohmann::json{{"schema", kSchema}, {"cases", index}}.dump(2) << '\n';
  });
}

std::vector<ValidationCase> importCases(const std::string& dir) {
  const std::string index_file = dir + "/index.json";
  const nlohmann::json index = readJson(index_file);
  Reader top{index_file};
  const auto& list = top.at(index, "cases");
  std::vector<ValidationCase> cases;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string file = caseFile(dir, i);
    const nlohmann::json j = readJson(file);
    const Reader r{file};
    if (!j.contains("schema") || j["schema"] != kSchema) {
      throw InvalidInput(file + ": schema must be '" + std::string(kSchema) + "'");
    }
    const auto& model = r.at(j, "model");
    const auto& expected = r.at(j, "expected");
    ValidationCase c;
    c.name = r.at(j, "name").get<std::string>();
    c.family = r.at(model, "family").get<std::string>();
    c.parameters.mu_plus = r.number(model, "mu_plus");
    c.parameters.mu_minus = r.number(model, "mu_minus");
    c.parameters.inertia_ratio = r.number(model, "inertia_ratio");
    c.parameters.opening_angle_rad = r.number(model, "opening_angle_deg") / kRadToDeg;
    c.parameters.mass_kg = r.number(model, "mass_kg");
    c.parameters.radius_m = r.number(model, "radius_m");
    c.parameters.gravity_m_s2 = r.number(model, "gravity_m_s2");
    c.parameters.validate();
    c.torque = r.vector3(model, "torque_dimensionless");
    c.realizable = r.at(model, "realizable").get<bool>();
    c.v_C0_W = r.vector3(r.at(j, "initial_state"), "velocity_m_s");
    c.t_end_s = r.number(j, "duration_s");
    requirePositive(c.t_end_s, file + ": duration_s");
    c.reference =
        r.at(expected, "reference").get<std::string>() == toString(ReferenceSource::kClosedForm)
            ? ReferenceSource::kClosedForm
            : ReferenceSource::kPredicate;
    c.allowed_modes = r.at(expected, "modes").get<std::vector<std::string>>();
    if (c.allowed_modes.empty()) throw InvalidInput(file + ": field 'modes' is empty");
    c.expected_acceleration = r.number(expected, "acceleration_m_s2", true);
    c.expected_rolling_onset_s = r.number(expected, "rolling_onset_s", true);
    c.expected_final_speed = r.number(expected, "final_speed_m_s", true);
    c.probed_face = r.at(expected, "probed_face").get<std::string>();
    c.face_distance = r.number(expected, "face_distance", true);
    cases.push_back(c);
  }
  return cases;
}

SolverTrajectory readTrajectoryCsv(const ValidationCase& c, const std::string& path) {
  const auto rows =
      cli::readNumericCsv(path, {"t", "x", "y", "z", "vx", "vy", "vz", "wx", "wy", "wz"});
  const engines::SphereScene scene = sceneOf(c);
  SolverTrajectory t;
  double previous = 0.0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    if (!(row[0] > previous) && !(i == 0 && row[0] == 0.0)) {
      throw InvalidInput(path + ": line " + std::to_string(i + 2) + ": times must increase");
    }
    previous = row[0];
    if (row[0] <= 0.0) continue;  // the initial state is known
    t.samples.push_back(engines::makeSample(scene, row[0], {row[1], row[2], row[3]},
                                            {row[4], row[5], row[6]}, {row[7], row[8], row[9]}));
  }
  t.completed = true;
  t.engine_version = "user trajectories";
  return t;
}

std::vector<ValidationResult> scoreTrajectories(const std::vector<ValidationCase>& cases,
                                                const std::string& trajectory_dir,
                                                const std::string& solver_name,
                                                const JudgeOptions& options) {
  std::vector<ValidationResult> results;
  const SolverSpec solver{solver_name, "-", 0.0};
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string path = trajectory_dir + "/" + std::to_string(i) + ".csv";
    SolverTrajectory t;
    if (!std::filesystem::exists(path)) {
      t.failure = "missing trajectory file " + path;
    } else {
      try {
        t = readTrajectoryCsv(cases[i], path);
      } catch (const InvalidInput& e) {
        t = SolverTrajectory{};
        t.failure = std::string("unreadable trajectory: ") + e.what();
      }
    }
    results.push_back(judge(cases[i], solver, t, options));
  }
  return results;
}

std::vector<engines::EngineSample> analyticTrajectory(const ValidationCase& c, double spacing) {
  requirePositive(spacing, "sample spacing");
  if (!c.realizable) {
    throw InvalidInput("case " + c.name + " has no analytic trajectory (rolling not realizable)");
  }
  const engines::SphereScene scene = sceneOf(c);
  const auto body = models::makeTwoContactBody(c.parameters, c.torque);
  const contact::TwoContactDynamics dyn(body);
  const Eigen::Vector3d a = dyn.bases().a_W;
  // Rolling about the contact line: v_C = -Omega x r+ with Omega = Omega_a a, so a speed v along
  // the trough needs Omega_a = v / (e_z . (r+ x a)).
  const double per_speed = 1.0 / Eigen::Vector3d::UnitZ().dot(body.r_CPplus_W.cross(a));
  const double v0 = c.v_C0_W.z();
  const bool sliding = std::isfinite(c.expected_rolling_onset_s);
  const double t_star = sliding ? c.expected_rolling_onset_s : 0.0;
  const double accel = sliding ? 0.0 : c.expected_acceleration;
  const double mu = c.parameters.mu_plus, g = c.parameters.gravity_m_s2;
  const double sliding_decel = std::sqrt(2.0) * mu * g;  // paper trough, see generateCases
  std::vector<engines::EngineSample> out;
  const long n = std::lround(c.t_end_s / spacing);
  for (long i = 1; i <= n; ++i) {
    const double t = static_cast<double>(i) * spacing;
    double v, z, omega_a;
    if (sliding && t < t_star) {
      v = v0 - sliding_decel * t;
      z = v0 * t - 0.5 * sliding_decel * t * t;
      omega_a = c.expected_final_speed * per_speed * t / t_star;
    } else if (sliding) {
      v = c.expected_final_speed;
      z = v0 * t_star - 0.5 * sliding_decel * t_star * t_star + v * (t - t_star);
      omega_a = v * per_speed;
    } else {
      v = v0 + accel * t;
      z = v0 * t + 0.5 * accel * t * t;
      omega_a = v * per_speed;
    }
    out.push_back(engines::makeSample(scene, t, Eigen::Vector3d(0, 0, z), Eigen::Vector3d(0, 0, v),
                                      omega_a * a));
  }
  return out;
}

void writeTrajectoryCsv(const std::vector<engines::EngineSample>& samples,
                        const std::string& path) {
  writeFileAtomically(path, [&](std::ostream& out) {
    out << "t,x,y,z,vx,vy,vz,wx,wy,wz\n";
    for (const auto& s : samples) {
      out << s.t << ',' << s.x_C_W.x() << ',' << s.x_C_W.y() << ',' << s.x_C_W.z() << ','
          << s.v_C_W.x() << ',' << s.v_C_W.y() << ',' << s.v_C_W.z() << ',' << s.omega_W.x() << ','
          << s.omega_W.y() << ',' << s.omega_W.z() << '\n';
    }
  });
}

}  // namespace nsd::validation
