// Case files of "bring your own solver": schema 2 (every family), rebuilt from their model when
// read, sealed by a digest; schema 1 (trough only) still read and rebuilt.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/sha256.hpp>
#include <nsdkit/core/version.hpp>
#include <nsdkit/validation/case_file_checks.hpp>
#include <nsdkit/validation/validation.hpp>

namespace nsd::validation {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
constexpr const char* kSchemaV1 = "nsdkit-validation-case/1";
constexpr double kDegPerRad = 180.0 / kPi;

json vec(const Eigen::Vector3d& v) { return {v.x(), v.y(), v.z()}; }
json numberOrNull(double v) { return std::isfinite(v) ? json(v) : json(); }

json sceneJson(const engines::SphereScene& s) {
  json planes = json::array();
  for (const auto& p : s.planes) {
    planes.push_back(
        {{"name", p.name}, {"normal", vec(p.normal_W)}, {"offset_m", p.offset_m}, {"mu", p.mu}});
  }
  json inertia = json::array();
  for (int r = 0; r < 3; ++r) inertia.push_back(vec(s.inertia_C_W.row(r).transpose()));
  const Eigen::Quaterniond& q = s.q0_WS;
  return {{"shape", engines::toString(s.shape)},
          {"radius_m", s.radius_m},
          {"half_extents_m", vec(s.half_extents_m)},
          {"shape_offset_m", vec(s.shape_offset_S)},
          {"mass_kg", s.mass_kg},
          {"inertia_kg_m2", inertia},
          {"planes", planes},
          {"gravity_m_s2", vec(s.gravity_W)},
          {"force_N", vec(s.force_W)},
          {"torque_N_m", vec(s.torque_W)},
          {"initial_state",
           {{"position_m", vec(s.centre0_W)},
            {"orientation_wxyz", {q.w(), q.x(), q.y(), q.z()}},
            {"velocity_m_s", vec(s.v_C0_W)},
            {"angular_velocity_rad_s", vec(s.omega0_W)}}}};
}

json expectationJson(const ValidationCase& c) {
  return {{"modes", c.allowed_modes},
          {"metric", familyMetricName(c)},
          {"reference", toString(c.reference)},
          {"acceleration_m_s2", numberOrNull(c.expected_acceleration)},
          {"acceleration_axis", vec(c.along_W)},
          {"acceleration_window", "mean over the second half of the run"},
          {"rolling_onset_s", numberOrNull(c.expected_rolling_onset_s)},
          {"final_speed_m_s", numberOrNull(c.expected_final_speed)},
          {"spin_rad_s", numberOrNull(c.expected_spin_rad_s)},
          {"spin_axis", vec(c.spin_axis_W)},
          {"drilling_spin_rad_s", numberOrNull(c.expected_drilling_spin_rad_s)},
          {"exact_rest", c.exact_rest},
          {"measure_heading", c.measure_heading},
          {"stop_distance_m", numberOrNull(c.expected_stop_distance_m)},
          {"reversal_s", numberOrNull(c.expected_reversal_s)},
          {"spin_after_reversal_rad_s", numberOrNull(c.expected_spin_after_reversal_rad_s)}};
}

json troughModelJson(const ValidationCase& c) {
  const auto& p = c.parameters;
  return {{"family", "trough"},
          {"group", c.family},
          {"probe", c.name.substr(c.family.size() + 1)},
          {"mu_plus", p.mu_plus},
          {"mu_minus", p.mu_minus},
          {"inertia_ratio", p.inertia_ratio},
          {"opening_angle_deg", p.opening_angle_rad * kDegPerRad},
          {"mass_kg", p.mass_kg},
          {"radius_m", p.radius_m},
          {"gravity_m_s2", p.gravity_m_s2},
          {"torque_dimensionless", vec(c.torque)},
          {"initial_speed_m_s", c.v_C0_W.z()},
          {"duration_s", c.t_end_s},
          {"probed_face", c.probed_face},
          {"face_distance", numberOrNull(c.face_distance)}};
}

json onePlaneModelJson(const OnePlaneModel& m) {
  return {{"family", toString(m.family)},    {"mu", m.mu},
          {"inertia_ratio", m.inertia_ratio}, {"radius_m", m.radius_m},
          {"mass_kg", m.mass_kg},             {"gravity_m_s2", m.gravity_m_s2},
          {"slope_rad", m.slope_rad},         {"heading_rad", m.heading_rad},
          {"launch_speed_m_s", m.launch_speed_m_s}, {"backspin_rad_s", m.backspin_rad_s},
          {"drilling_torque_N_m", m.drilling_torque_N_m}, {"duration_s", m.duration_s},
          {"box_half_extents_m", vec(m.box_half_extents_m)},
          {"rattleback",
           {{"a_m", m.rattleback.a}, {"b_m", m.rattleback.b}, {"c_m", m.rattleback.c},
            {"mass_kg", m.rattleback.mass}, {"h_m", m.rattleback.h},
            {"A_kg_m2", m.rattleback.A}, {"B_kg_m2", m.rattleback.B}, {"C_kg_m2", m.rattleback.C},
            {"D_kg_m2", m.rattleback.D}, {"sigma_N_m_s", m.rattleback.sigma},
            {"gravity_m_s2", m.rattleback.gravity},
            {"alpha0_rad", m.rattleback_initial.alpha}, {"beta0_rad", m.rattleback_initial.beta},
            {"omega0_rad_s", {m.rattleback_initial.omega1, m.rattleback_initial.omega2,
                              m.rattleback_initial.omega3}}}}};
}

std::string digestOf(json content) {
  content.erase("digest");
  return sha256Hex(content.dump());
}

json caseJson(const ValidationCase& c, std::size_t index) {
  if (c.body) throw InvalidInput("case " + c.name + ": a body file's cases are not exported");
  json j{{"schema", kCaseSchema},
         {"nsdkit_version", kVersion},
         {"index", index},
         {"name", c.name},
         {"family", toString(c.kind)},
         {"units", "SI: m, kg, s, N, N m, rad; angles in the model as named"},
         {"frame",
          c.one_plane
              ? "world frame: gravity along -z; the plane's normal n = cos(s) z + sin(s) h with "
                "h = (cos theta, sin theta, 0); the sphere's centre at the origin at t = 0; each "
                "plane is {p : normal . p = offset_m}, its normal pointing towards the sphere"
              : "trough frame W: z along the trough, upward vertical (x + y)/sqrt2, ball centre "
                "at the origin at t = 0; each plane is {p : normal . p = offset_m}, its normal "
                "pointing towards the ball"},
         {"scene", sceneJson(sceneOf(c))},
         {"duration_s", c.t_end_s},
         {"expected", expectationJson(c)},
         {"model", c.one_plane ? onePlaneModelJson(*c.one_plane) : troughModelJson(c)}};
  j["digest"] = digestOf(j);
  return j;
}

// ---- Reading ----------------------------------------------------------------------------------

ValidationCase rebuildTrough(const FieldReader& r, const json& model, const json& whole, bool v1) {
  TroughCaseModel m;
  auto& p = m.parameters;
  p.mu_plus = r.number(model, "mu_plus");
  p.mu_minus = r.number(model, "mu_minus");
  p.inertia_ratio = r.number(model, "inertia_ratio");
  p.opening_angle_rad = r.number(model, "opening_angle_deg") / kDegPerRad;
  p.mass_kg = r.number(model, "mass_kg");
  p.radius_m = r.number(model, "radius_m");
  p.gravity_m_s2 = r.number(model, "gravity_m_s2");
  m.torque = r.vector3(model, "torque_dimensionless");
  if (v1) {
    // Schema 1 names the case "<group>/<probe>" with the group in model.family.
    m.group = r.string(model, "family");
    const std::string name = r.string(whole, "name");
    if (name.rfind(m.group + "/", 0) != 0) throw InvalidInput(r.label + ": name does not start with model.family");
    m.probe = name.substr(m.group.size() + 1);
    m.initial_speed_m_s = r.vector3(r.at(whole, "initial_state"), "velocity_m_s").z();
    m.duration_s = r.number(whole, "duration_s");
  } else {
    m.group = r.string(model, "group");
    m.probe = r.string(model, "probe");
    m.initial_speed_m_s = r.number(model, "initial_speed_m_s");
    m.duration_s = r.number(model, "duration_s");
  }
  ValidationCase c;
  try {
    c = buildTroughCase(m);
  } catch (const InvalidInput& e) {
    throw InvalidInput(r.label + ": " + e.what());
  }
  const json& described = v1 ? r.at(whole, "expected") : model;
  c.probed_face = r.string(described, "probed_face");
  c.face_distance = r.number(described, "face_distance", true);
  return c;
}

ValidationCase rebuildOnePlane(const FieldReader& r, const json& model, const std::string& name) {
  OnePlaneModel m;
  m.family = caseFamilyFromString(r.string(model, "family"));
  m.mu = r.number(model, "mu");
  m.inertia_ratio = r.number(model, "inertia_ratio");
  m.radius_m = r.number(model, "radius_m");
  m.mass_kg = r.number(model, "mass_kg");
  m.gravity_m_s2 = r.number(model, "gravity_m_s2");
  m.slope_rad = r.number(model, "slope_rad");
  m.heading_rad = r.number(model, "heading_rad");
  m.launch_speed_m_s = r.number(model, "launch_speed_m_s");
  m.backspin_rad_s = r.number(model, "backspin_rad_s");
  m.drilling_torque_N_m = r.number(model, "drilling_torque_N_m");
  m.duration_s = r.number(model, "duration_s");
  m.box_half_extents_m = r.vector3(model, "box_half_extents_m");
  const json& rb = r.at(model, "rattleback");
  m.rattleback.a = r.number(rb, "a_m");
  m.rattleback.b = r.number(rb, "b_m");
  m.rattleback.c = r.number(rb, "c_m");
  m.rattleback.mass = r.number(rb, "mass_kg");
  m.rattleback.h = r.number(rb, "h_m");
  m.rattleback.A = r.number(rb, "A_kg_m2");
  m.rattleback.B = r.number(rb, "B_kg_m2");
  m.rattleback.C = r.number(rb, "C_kg_m2");
  m.rattleback.D = r.number(rb, "D_kg_m2");
  m.rattleback.sigma = r.number(rb, "sigma_N_m_s");
  m.rattleback.gravity = r.number(rb, "gravity_m_s2");
  m.rattleback_initial.alpha = r.number(rb, "alpha0_rad");
  m.rattleback_initial.beta = r.number(rb, "beta0_rad");
  const Eigen::Vector3d omega0 = r.vector3(rb, "omega0_rad_s");
  m.rattleback_initial.omega1 = omega0.x();
  m.rattleback_initial.omega2 = omega0.y();
  m.rattleback_initial.omega3 = omega0.z();
  try {
    return buildOnePlaneCase(name, m);
  } catch (const InvalidInput& e) {
    throw InvalidInput(r.label + ": " + e.what());
  }
}

// The first difference between the stored and the rebuilt content ("" when none).
std::string firstDifference(const json& stored, const json& rebuilt, bool v1) {
  if (v1) {
    // Schema 1 stored the sphere and planes at the top level and fewer expectations.
    const json& e = stored.at("expected");
    if (e.at("modes") != rebuilt.at("expected").at("modes")) return "expected modes";
    for (const char* key : {"acceleration_m_s2", "rolling_onset_s", "final_speed_m_s"}) {
      if (!sameWithinRounding(e.at(key), rebuilt.at("expected").at(key))) {
        return std::string("expected ") + key;
      }
    }
    json scene = rebuilt.at("scene");
    for (const char* key : {"planes", "gravity_m_s2", "torque_N_m"}) {
      if (!sameWithinRounding(stored.at(key), scene.at(key))) return std::string("scene ") + key;
    }
    return "";
  }
  if (stored.at("expected").at("modes") != rebuilt.at("expected").at("modes")) {
    return "expected modes";
  }
  for (const char* section : {"expected", "scene"}) {
    const std::string key = firstDifferentKey(stored.at(section), rebuilt.at(section));
    if (!key.empty()) return std::string(section == std::string("expected") ? "expected " : "scene ") + key;
  }
  if (!sameWithinRounding(stored.at("duration_s"), rebuilt.at("duration_s"))) return "duration_s";
  return "";
}

std::string joinModes(const json& modes) {
  std::string s;
  for (const auto& m : modes) s += (s.empty() ? "" : "|") + m.get<std::string>();
  return s;
}

}  // namespace

std::string caseJsonText(const ValidationCase& c, std::size_t index) {
  return caseJson(c, index).dump(2) + "\n";
}

ValidationCase caseFromJsonText(const std::string& text, const std::string& label) {
  const json j = parseJsonText(text, label);
  const FieldReader r{label};
  const std::string schema = r.string(j, "schema");
  const bool v1 = schema == kSchemaV1;
  if (!v1 && schema != kCaseSchema) {
    throw InvalidInput(label + ": schema must be '" + std::string(kCaseSchema) + "' (or '" +
                       kSchemaV1 + "'), got '" + quoteForMessage(schema) + "'");
  }
  const json& model = r.at(j, "model");
  const std::string name = r.string(j, "name");
  const bool trough = v1 || r.string(model, "family") == "trough";
  ValidationCase c = trough ? rebuildTrough(r, model, j, v1)
                            : rebuildOnePlane(r, model, name);
  if (c.name != name) {
    c.refusal = label + ": name '" + quoteForMessage(name) + "' differs from the model's ('" + c.name + "')";
    return c;
  }
  const json rebuilt = caseJson(c, 0);
  std::string difference;
  try {
    difference = firstDifference(j, rebuilt, v1);
  } catch (const json::exception&) {
    difference = "a scene or expectation field (missing or of the wrong type)";
  }
  const std::string version = j.contains("nsdkit_version") && j["nsdkit_version"].is_string()
                                  ? j["nsdkit_version"].get<std::string>()
                                  : std::string(v1 ? "an earlier version (schema 1)" : "?");
  if (!difference.empty()) {
    c.refusal = label + ": " + difference + " differ" + (difference == "expected modes" ? "" : "s") +
                " from the model's" +
                (difference == "expected modes" ? " (" + joinModes(rebuilt["expected"]["modes"]) + ")" : "");
    if (version != kVersion) c.refusal += " (written by nsdkit " + quoteForMessage(version) + ", rebuilt by " + kVersion + ")";
    return c;
  }
  if (!v1) {
    if (!j.contains("digest") || !j["digest"].is_string()) {
      c.refusal = label + ": no digest (the file was not written by --export-cases)";
    } else if (j["digest"].get<std::string>() != digestOf(j)) {
      c.refusal = label + ": the content does not match its digest (the file was edited after export)";
    }
  }
  return c;
}

void exportCases(const std::vector<ValidationCase>& cases, const std::string& dir) {
  fs::create_directories(dir);
  json index = json::array();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string text = caseJsonText(cases[i], i);
    writeFileAtomically(dir + "/" + std::to_string(i) + ".json",
                        [&](std::ostream& out) { out << text; });
    index.push_back({{"index", i}, {"name", cases[i].name}, {"file", std::to_string(i) + ".json"}});
  }
  writeFileAtomically(dir + "/index.json", [&](std::ostream& out) {
    out << json{{"schema", kCaseSchema}, {"nsdkit_version", kVersion}, {"cases", index}}.dump(2)
        << '\n';
  });
}

std::vector<ValidationCase> importCases(const std::string& dir) {
  const std::string index_file = dir + "/index.json";
  const json index = parseJsonText(readBoundedFile(dir, "index.json", kMaxCaseFileBytes), index_file);
  const FieldReader top{index_file};
  const std::string schema = top.string(index, "schema");
  if (schema != kCaseSchema && schema != kSchemaV1) {
    throw InvalidInput(index_file + ": schema must be '" + std::string(kCaseSchema) + "', got '" +
                       quoteForMessage(schema) + "'");
  }
  const json& list = top.at(index, "cases");
  if (!list.is_array() || list.empty()) throw InvalidInput(index_file + ": 'cases' must be a non-empty array");
  if (list.size() > 100000) throw InvalidInput(index_file + ": more than 100000 cases");
  std::vector<ValidationCase> cases;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string expected_file = std::to_string(i) + ".json";
    if (list[i].is_object() && list[i].contains("file")) {
      const json& file = list[i]["file"];
      if (!file.is_string() || file.get<std::string>() != expected_file) {
        throw InvalidInput(index_file + ": case " + std::to_string(i) + ": file must be '" +
                           expected_file + "', got '" + quoteForMessage(file.dump()) + "'");
      }
    }
    const std::string label = "case " + std::to_string(i) + " (" + expected_file + ")";
    cases.push_back(caseFromJsonText(readBoundedFile(dir, expected_file, kMaxCaseFileBytes), label));
  }
  return cases;
}

}  // namespace nsd::validation
