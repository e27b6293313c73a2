// Case files of "bring your own solver", the reading side: each case rebuilt from its model and
// compared with what the file stores (schema 2; schema 1, trough only, still read), and the
// case folder written by exportCases read back.
#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/version.hpp>
#include <nsdkit/validation/case_file_checks.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>

namespace nsd::validation {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
constexpr const char* kSchemaV1 = "nsdkit-validation-case/1";

ValidationCase rebuildTrough(const FieldReader& r, const json& model, const json& whole, bool v1) {
  TroughCaseModel m;
  auto& p = m.parameters;
  p.mu_plus = r.number(model, "mu_plus");
  p.mu_minus = r.number(model, "mu_minus");
  p.inertia_ratio = r.number(model, "inertia_ratio");
  p.opening_angle_rad = r.number(model, "opening_angle_deg") / kDegreesPerRadian;
  p.mass_kg = r.number(model, "mass_kg");
  p.radius_m = r.number(model, "radius_m");
  p.gravity_m_s2 = r.number(model, "gravity_m_s2");
  m.torque = r.vector3(model, "torque_dimensionless");
  if (v1) {
    // Schema 1 names the case "<group>/<probe>" with the group in model.family.
    m.group = r.string(model, "family");
    const std::string name = r.string(whole, "name");
    if (name.rfind(m.group + "/", 0) != 0)
      throw InvalidInput(r.label + ": name does not start with model.family");
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
  const std::string family = r.string(model, "family");
  try {
    m.family = caseFamilyFromString(family);
  } catch (const InvalidInput& e) {
    throw InvalidInput(r.label + ": model." + e.what());  // names the file and the field
  }
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
    if (!key.empty())
      return std::string(section == std::string("expected") ? "expected " : "scene ") + key;
  }
  if (!sameWithinRounding(stored.at("duration_s"), rebuilt.at("duration_s"))) return "duration_s";
  return "";
}

// A case's content with what may differ between two exports of the same case left out: its
// number, the version that wrote it and the digest.
json comparable(json j) {
  for (const char* key : {"index", "nsdkit_version", "digest"}) j.erase(key);
  return j;
}

json withoutDuration(json j) {
  j.erase("duration_s");
  if (j.contains("model") && j["model"].is_object()) j["model"].erase("duration_s");
  return j;
}

// Compares a rebuilt case with nsdkit's case of the same name: "" when it is that case; else
// marks it custom (only its duration differs: a trough exported with --t-end) or refuses it.
void compareWithCanonical(ValidationCase& c, const ValidationCase& canonical,
                          const std::string& label, const std::string& version) {
  const json mine = comparable(caseJson(c, 0)), theirs = comparable(caseJson(canonical, 0));
  const std::string key = firstDifferentKey(mine, theirs);
  if (key.empty()) return;
  if (firstDifferentKey(withoutDuration(mine), withoutDuration(theirs)).empty()) {
    c.custom = true;  // same case over another duration: scored, never counted
    return;
  }
  c.refusal = label + ": " + quoteInput(c.name) + " is the name of one of nsdkit " +
              kVersion + "'s cases, but this file's case differs from it (" + key +
              "): a forged or edited case is never scored";
  if (version != kVersion) {
    c.refusal += " (written by nsdkit " + quoteInput(version) + ": export the cases again)";
  }
}

std::string joinModes(const json& modes) {
  std::string s;
  for (const auto& m : modes) s += (s.empty() ? "" : "|") + m.get<std::string>();
  return s;
}

}  // namespace

ValidationCase caseFromJsonText(const std::string& text, const std::string& label) {
  const json j = parseJsonText(text, label);
  const FieldReader r{label};
  const std::string schema = r.string(j, "schema");
  const bool v1 = schema == kSchemaV1;
  if (!v1 && schema != kCaseSchema) {
    throw InvalidInput(label + ": schema must be '" + std::string(kCaseSchema) + "' (or '" +
                       kSchemaV1 + "'), got " + quoteInput(schema));
  }
  const json& model = r.at(j, "model");
  const std::string name = r.string(j, "name");
  const bool trough = v1 || r.string(model, "family") == "trough";
  ValidationCase c = trough ? rebuildTrough(r, model, j, v1) : rebuildOnePlane(r, model, name);
  if (c.name != name) {
    c.refusal = label + ": name " + quoteInput(name) + " differs from the model's ('" +
                c.name + "')";
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
    c.refusal =
        label + ": " + difference + " differ" + (difference == "expected modes" ? "" : "s") +
        " from the model's" +
        (difference == "expected modes" ? " (" + joinModes(rebuilt["expected"]["modes"]) + ")"
                                        : "");
    if (version != kVersion)
      c.refusal +=
          " (written by nsdkit " + quoteInput(version) + ", rebuilt by " + kVersion + ")";
    return c;
  }
  if (!v1) {
    if (!j.contains("digest") || !j["digest"].is_string()) {
      c.refusal = label + ": no digest (the file was not written by --export-cases)";
      return c;
    } else if (j["digest"].get<std::string>() != caseDigest(j)) {
      c.refusal =
          label + ": the content does not match its digest (the file was edited after export)";
      return c;
    }
  }
  if (const ValidationCase* canonical = canonicalCase(c.name)) {
    c.case_index = canonical->case_index;
    compareWithCanonical(c, *canonical, label, version);
  } else {
    c.custom = true;
  }
  return c;
}

namespace {

// Everything an export checks before its first file: a refusal leaves no case file behind.
void requireExportable(const std::string& dir, const std::vector<std::size_t>& numbers,
                       const std::string& field) {
  if (dir.empty()) throw InvalidInput(field + ": an empty path (give a folder)");
  checkOutputFolder(dir, field);
  std::vector<std::string> names{"index.json"};
  for (const std::size_t n : numbers) names.push_back(std::to_string(n) + ".json");
  for (const std::string& name : names) {
    const fs::path path = fs::path(dir) / name;
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(path, ec);
    if (fs::exists(status) && !fs::is_regular_file(status)) {
      throw InvalidInput(field + ": " + quoteInput(path.string()) +
                         " exists and is not a regular file (nothing was written)");
    }
  }
}

}  // namespace

void exportCases(const std::vector<ValidationCase>& cases, const std::string& dir,
                 const std::string& field) {
  // Files are numbered by the case's place in nsdkit's set: a case keeps its number whatever
  // families are exported.
  std::vector<std::size_t> numbers;
  for (const auto& c : cases) {
    const ValidationCase* canonical = canonicalCase(c.name);
    if (!canonical) throw InvalidInput("case " + c.name + " is not one of nsdkit's cases");
    numbers.push_back(canonical->case_index);
  }
  requireExportable(dir, numbers, field);
  fs::create_directories(dir);
  json index = json::array();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string file = std::to_string(numbers[i]) + ".json";
    const std::string text = caseJsonText(cases[i], numbers[i]);
    writeFileAtomically(dir + "/" + file, [&](std::ostream& out) { out << text; });
    index.push_back({{"index", numbers[i]}, {"name", cases[i].name}, {"file", file}});
  }
  writeFileAtomically(dir + "/index.json", [&](std::ostream& out) {
    out << json{{"schema", kCaseSchema}, {"nsdkit_version", kVersion}, {"cases", index}}.dump(2)
        << '\n';
  });
}

namespace {

// One entry of index.json: its number (which names the case's files) and the case's name.
struct IndexEntry {
  std::size_t number = 0;
  std::string name;
};

std::vector<IndexEntry> readIndexEntries(const json& list, const std::string& index_file) {
  std::vector<IndexEntry> entries;
  std::map<std::size_t, std::size_t> numbers;
  std::map<std::string, std::size_t> names;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const FieldReader r{index_file + ": cases[" + std::to_string(i) + "]"};
    if (!list[i].is_object()) throw InvalidInput(r.label + " must be an object");
    const json& number = r.at(list[i], "index");
    if (!number.is_number_unsigned() || number.get<std::size_t>() > 10000000) {
      throw InvalidInput(r.label + ".index must be a case number (0 to 1e7), got " +
                         quoteInput(number.dump()));
    }
    IndexEntry e{number.get<std::size_t>(), r.string(list[i], "name")};
    const std::string file = std::to_string(e.number) + ".json";
    if (list[i].contains("file") &&
        (!list[i]["file"].is_string() || list[i]["file"].get<std::string>() != file)) {
      throw InvalidInput(r.label + ".file must be '" + file + "', got " +
                         quoteInput(list[i]["file"].dump()));
    }
    if (const auto [it, fresh] = numbers.emplace(e.number, i); !fresh) {
      throw InvalidInput(r.label + ": case number " + std::to_string(e.number) +
                         " is listed twice (also cases[" + std::to_string(it->second) + "])");
    }
    if (const auto [it, fresh] = names.emplace(e.name, i); !fresh) {
      throw InvalidInput(r.label + ": case " + quoteInput(e.name) +
                         " is listed twice (also cases[" + std::to_string(it->second) + "])");
    }
    entries.push_back(std::move(e));
  }
  return entries;
}

// The file must hold the case index.json says it holds, under the number nsdkit gives it.
void checkAgainstIndex(ValidationCase& c, const json& file, const IndexEntry& e,
                       const std::string& label) {
  if (!c.refusal.empty()) return;
  const bool names_agree = c.name == e.name;
  const bool numbers_agree =
      !file.contains("index") ||
      (file["index"].is_number_unsigned() && file["index"].get<std::size_t>() == e.number);
  if (!names_agree || !numbers_agree) {
    c.refusal = label + ": holds case " + quoteInput(c.name) + " (number " +
                quoteInput(file.contains("index") ? file["index"].dump() : "?") +
                "), index.json lists " + quoteInput(e.name) + " (number " +
                std::to_string(e.number) + "): a file copied or moved over another";
  } else if (!c.custom && c.case_index != e.number) {
    c.refusal = label + ": nsdkit numbers case " + quoteInput(c.name) + " " +
                std::to_string(c.case_index) + ", not " + std::to_string(e.number) +
                " (export the cases again)";
  }
  if (c.custom) c.case_index = e.number;
}

}  // namespace

std::vector<ValidationCase> importCases(const std::string& dir) {
  const std::string index_file = quoteInput(dir + "/index.json");
  const json index =
      parseJsonText(readBoundedFile(dir, "index.json", kMaxCaseFileBytes), index_file);
  const FieldReader top{index_file};
  const std::string schema = top.string(index, "schema");
  if (schema != kCaseSchema && schema != kSchemaV1) {
    throw InvalidInput(index_file + ": schema must be '" + std::string(kCaseSchema) + "', got " +
                       quoteInput(schema));
  }
  const json& list = top.at(index, "cases");
  if (!list.is_array() || list.empty())
    throw InvalidInput(index_file + ": 'cases' must be a non-empty array");
  if (list.size() > 100000) throw InvalidInput(index_file + ": more than 100000 cases");
  std::vector<ValidationCase> cases;
  for (const IndexEntry& e : readIndexEntries(list, index_file)) {
    const std::string file = std::to_string(e.number) + ".json";
    const std::string label = "case " + std::to_string(e.number) + " (" + file + ")";
    const std::string text = readBoundedFile(dir, file, kMaxCaseFileBytes);
    ValidationCase c = caseFromJsonText(text, label);
    checkAgainstIndex(c, parseJsonText(text, label), e, label);
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace nsd::validation
