// Trajectories of "bring your own solver": reading and checking a solver's CSV or table, scoring a
// folder, and the analytic trajectories of the cases.
#include <Eigen/Geometry>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <new>

#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>
#include <nsdkit/validation/case_file_checks.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/number_format.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solvers.hpp>
#include <nsdkit/validation/trajectory_table.hpp>

namespace nsd::validation {

const std::vector<std::string>& trajectoryColumns(bool with_orientation) {
  static const std::vector<std::string> kColumns{"t",  "x",  "y",  "z",  "vx",
                                                 "vy", "vz", "wx", "wy", "wz"};
  static const std::vector<std::string> kColumnsWithOrientation{
      "t", "x", "y", "z", "qw", "qx", "qy", "qz", "vx", "vy", "vz", "wx", "wy", "wz"};
  return with_orientation ? kColumnsWithOrientation : kColumns;
}

namespace {

bool withinRounding(const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
  for (int i = 0; i < 3; ++i) {
    if (!(std::fabs(a[i] - b[i]) <= 1e-6 * (1.0 + std::fabs(b[i])))) return false;
  }
  return true;
}

SolverTrajectory failed(const std::string& reason) {
  SolverTrajectory t;
  t.failure = reason;
  t.engine_version = "user trajectories";
  return t;
}

}  // namespace

SolverTrajectory failedTrajectory(const std::string& reason) { return failed(reason); }

TrajectoryTableBuilder::TrajectoryTableBuilder(const ValidationCase& c, bool with_orientation,
                                               std::size_t expected_rows)
    : scene_(sceneOf(c)), with_orientation_(with_orientation) {
  trajectory_.engine_version = "user trajectories";
  if (expected_rows > 1) {
    trajectory_.samples.reserve(std::min(expected_rows, kMaxTrajectoryRows) - 1);
  }
}

bool TrajectoryTableBuilder::add(const double* row, std::size_t size) {
  if (!trajectory_.failure.empty()) return false;
  const std::string failure = checkRow(row, size);
  ++rows_;
  if (failure.empty()) return true;
  trajectory_ = failed(failure);
  return false;
}

std::string TrajectoryTableBuilder::checkRow(const double* row, std::size_t size) {
  const std::size_t columns = with_orientation_ ? 14 : 10;
  const int v = with_orientation_ ? 8 : 4;  // first velocity column
  const std::string where = "row " + std::to_string(rows_ + 1);
  if (rows_ >= kMaxTrajectoryRows) {
    return where + ": more than " + std::to_string(kMaxTrajectoryRows) +
           " rows (the limit: 5 us steps over 10 s)";
  }
  if (size != columns) {
    return where + ": " + std::to_string(size) + " values, expected " + std::to_string(columns);
  }
  for (std::size_t k = 0; k < columns; ++k) {
    if (!std::isfinite(row[k])) {
      return where + ", column '" + trajectoryColumns(with_orientation_)[k] +
             "': non-finite value";
    }
  }
  if (with_orientation_ &&
      std::fabs(std::hypot(std::hypot(row[4], row[5]), std::hypot(row[6], row[7])) - 1.0) > 1e-6) {
    return where + ": the orientation quaternion is not unit (within 1e-6)";
  }
  const Eigen::Vector3d x(row[1], row[2], row[3]), vel(row[v], row[v + 1], row[v + 2]),
      omega(row[v + 3], row[v + 4], row[v + 5]);
  if (rows_ == 0) {
    if (row[0] != 0.0) {
      return "the first sample must be the initial state at t = 0, got t = " +
             formatForReport(row[0], 6) + " s";
    }
    if (!withinRounding(x, scene_.centre0_W) || !withinRounding(vel, scene_.v_C0_W) ||
        !withinRounding(omega, scene_.omega0_W)) {
      return "the first sample is not the case's initial state (within 1e-6 (1 + |value|))";
    }
    if (with_orientation_ &&
        !(std::fabs(Eigen::Quaterniond(row[4], row[5], row[6], row[7]).dot(scene_.q0_WS)) >=
          1.0 - 1e-6)) {
      return "the first sample's orientation is not the case's";
    }
    last_t_ = row[0];
    return "";
  }
  const double dt = row[0] - last_t_;
  if (!(dt > 0.0)) {
    return where + ": times must increase (t = " + formatForReport(row[0], 8) + " s)";
  }
  if (dt > kMaxSampleSpacing_s * (1.0 + 1e-9)) {
    return where + ": samples " + formatForReport(dt, 4) + " s apart, more than " +
           formatForReport(kMaxSampleSpacing_s) + " s";
  }
  last_t_ = row[0];
  // Without orientation columns the body is taken at its initial orientation (exact for the
  // sphere; for the block, which slides without turning, up to the solver's own turning).
  const Eigen::Quaterniond q =
      with_orientation_ ? Eigen::Quaterniond(row[4], row[5], row[6], row[7]).normalized()
                        : scene_.q0_WS;
  trajectory_.samples.push_back(engines::makeSample(scene_, row[0], x, q, vel, omega));
  return "";
}

SolverTrajectory TrajectoryTableBuilder::finish() {
  if (rows_ == 0) return failed("no samples");
  if (trajectory_.failure.empty()) trajectory_.completed = true;
  return std::move(trajectory_);
}

SolverTrajectory trajectoryFromTable(const ValidationCase& c,
                                     const std::vector<std::vector<double>>& rows,
                                     bool with_orientation) {
  if (rows.empty()) return failed("no samples");
  TrajectoryTableBuilder builder(c, with_orientation, rows.size());
  for (const auto& row : rows) {
    if (!builder.add(row.data(), row.size())) break;
  }
  return builder.finish();
}

void requireReportableSolverName(const std::string& name, const std::string& field) {
  // Text that means (almost) nothing in Markdown, HTML or a JSON string: no markup (<, >, [, ],
  // *, backquote, |), no quotes, no control bytes; '_' is escaped where it lands (report.md).
  const bool allowed = std::all_of(name.begin(), name.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) ||
           (ch != '\0' && std::strchr("-_.+() /=", ch) != nullptr);
  });
  if (name.empty() || name.size() > kMaxSolverNameChars || !allowed) {
    throw InvalidInput(field + " must be 1-" + std::to_string(kMaxSolverNameChars) +
                       " characters among letters, digits, space and -_.+()/=, got " +
                       quoteInput(name));
  }
}

SolverManifest readSolverManifest(const std::string& trajectory_dir) {
  SolverManifest m;
  std::error_code ec;
  if (!std::filesystem::exists(
          std::filesystem::symlink_status(std::filesystem::path(trajectory_dir) / "solver.json", ec))) {
    return m;
  }
  const std::string label = quoteInput(trajectory_dir + "/solver.json");
  const nlohmann::json j =
      parseJsonText(readBoundedFile(trajectory_dir, "solver.json", kMaxCaseFileBytes), label);
  const FieldReader r{label};
  if (!j.is_object()) throw InvalidInput(label + ": must be a JSON object");
  for (const auto& [key, value] : j.items()) {
    (void)value;
    if (key != "name" && key != "version" && key != "step_s" && key != "settings" &&
        key != "not_representable") {
      throw InvalidInput(label + ": unknown field " + quoteInput(key) +
                         " (name, version, step_s, settings, not_representable)");
    }
  }
  m.present = true;
  if (j.contains("name")) {
    m.name = r.string(j, "name");
    requireReportableSolverName(m.name, label + ": name");
  }
  if (j.contains("version")) {
    m.version = r.string(j, "version");
    // A version is free text (e.g. "nsdkit's closed forms"): printable ASCII without markup
    // (| ` < >), escaped for the medium wherever it lands (report.md, report.html).
    const bool printable = std::all_of(m.version.begin(), m.version.end(), [](char ch) {
      return ch >= 0x20 && ch < 0x7f && std::strchr("|`<>", ch) == nullptr;
    });
    if (m.version.empty() || m.version.size() > kMaxSolverNameChars || !printable) {
      throw InvalidInput(label + ": version must be 1-" + std::to_string(kMaxSolverNameChars) +
                         " printable ASCII characters without | ` < >, got " +
                         quoteInput(m.version));
    }
  }
  if (j.contains("step_s")) {
    m.step_s = r.number(j, "step_s");
    if (!(m.step_s >= 0.0 && m.step_s <= kMaxSampleSpacing_s)) {
      throw InvalidInput(label + ": step_s must be in [0, " + formatForReport(kMaxSampleSpacing_s) +
                         "] s (0: adaptive), got " + formatForReport(m.step_s, 6));
    }
  }
  auto list = [&](const char* key) -> const nlohmann::json& {
    const nlohmann::json& l = r.at(j, key);
    if (!l.is_array() || l.size() > 100000) {
      throw InvalidInput(label + ": " + key + " must be an array (at most 100000 entries)");
    }
    return l;
  };
  if (j.contains("settings")) {
    for (const auto& e : list("settings")) {
      const FieldReader er{label + ": settings[]"};
      m.settings.push_back({er.string(e, "setting"), er.string(e, "reason")});
    }
  }
  if (j.contains("not_representable")) {
    for (const auto& e : list("not_representable")) {
      const FieldReader er{label + ": not_representable[]"};
      m.not_representable.emplace_back(er.string(e, "case"), er.string(e, "reason"));
    }
  }
  return m;
}

namespace {

// The declared reason of a case the solver cannot represent ("" when not declared).
std::string declaredNotRepresentable(const SolverManifest& m, const std::string& name) {
  for (const auto& [case_name, reason] : m.not_representable) {
    if (case_name == name) return reason.empty() ? "(no reason given)" : reason;
  }
  return "";
}

void requireDeclaredCasesExist(const SolverManifest& m, const std::vector<ValidationCase>& cases,
                               const std::string& trajectory_dir) {
  for (const auto& declared : m.not_representable) {
    const std::string& name = declared.first;
    const bool known = std::any_of(cases.begin(), cases.end(),
                                   [&](const ValidationCase& c) { return c.name == name; });
    if (!known) {
      throw InvalidInput(quoteInput(trajectory_dir + "/solver.json") +
                         ": not_representable names " +
                         quoteInput(name) + ", which is no case of the case folder");
    }
  }
}

// Rows for nsdkit's cases of the scored families that the folder lacks.
std::vector<ValidationResult> missingCaseRows(const std::vector<ValidationCase>& cases,
                                              std::vector<CaseFamily> families,
                                              const SolverSpec& solver, const JudgeOptions& o) {
  if (families.empty()) {
    for (const auto& c : cases) {
      if (!c.custom && std::find(families.begin(), families.end(), c.kind) == families.end()) {
        families.push_back(c.kind);
      }
    }
  }
  std::vector<ValidationResult> rows;
  for (const auto& canonical : canonicalCases()) {
    if (std::find(families.begin(), families.end(), canonical.kind) == families.end()) continue;
    // A custom case under a canonical name (another duration) does not stand for it.
    const bool present = std::any_of(cases.begin(), cases.end(), [&](const ValidationCase& c) {
      return c.name == canonical.name && !c.custom;
    });
    if (present) continue;
    ValidationResult r = judge(canonical, solver, failed(""), o);
    r.reason = "missing from the case folder (index.json): a family's score covers all its " +
               std::to_string(std::count_if(canonicalCases().begin(), canonicalCases().end(),
                                            [&](const ValidationCase& x) {
                                              return x.kind == canonical.kind;
                                            })) +
               " cases";
    rows.push_back(r);
  }
  return rows;
}

}  // namespace

SolverTrajectory trajectoryFromFolder(const ValidationCase& c, const std::string& trajectory_dir,
                                      const SolverManifest& manifest) {
  SolverTrajectory t;
  if (const std::string reason = declaredNotRepresentable(manifest, c.name); !reason.empty()) {
    t.not_representable = "declared by the solver (solver.json): " + reason;
  } else {
    t = readTrajectoryCsv(c, trajectory_dir + "/" + std::to_string(c.case_index) + ".csv");
  }
  t.settings = manifest.settings;
  if (!manifest.version.empty()) t.engine_version = manifest.version;
  return t;
}

std::vector<ValidationResult> scoreTrajectories(const std::vector<ValidationCase>& cases,
                                                const std::string& trajectory_dir,
                                                const std::string& solver_name,
                                                const JudgeOptions& options,
                                                const std::vector<CaseFamily>& families) {
  requireReportableSolverName(solver_name, "solver name");
  const SolverManifest manifest = readSolverManifest(trajectory_dir);
  requireDeclaredCasesExist(manifest, cases, trajectory_dir);
  std::vector<ValidationResult> results;
  const SolverSpec solver{solver_name, "-", manifest.step_s};
  // A user's solver is named as given (its step is in solver.json, not in its label).
  auto named = [&](ValidationResult r, const ValidationCase& c) {
    r.solver = c.custom ? solver_name + " [custom]" : solver_name;
    r.custom = c.custom;
    if (c.custom) r.counts_as_validation = false;
    return r;
  };
  for (const ValidationCase& c : cases) {
    if (!families.empty() && std::find(families.begin(), families.end(), c.kind) == families.end()) {
      continue;
    }
    if (!c.refusal.empty()) {
      ValidationResult r = named(judge(c, solver, failed(""), options), c);
      r.status = RowStatus::kRefused;
      r.observed = "refused";
      r.reason = "case refused: " + c.refusal;
      results.push_back(r);
      continue;
    }
    const std::string path = trajectory_dir + "/" + std::to_string(c.case_index) + ".csv";
    try {
      results.push_back(
          named(judge(c, solver, trajectoryFromFolder(c, trajectory_dir, manifest), options), c));
    } catch (const std::bad_alloc&) {
      throw InvalidInput(quoteInput(path) + ": not enough memory to score this trajectory " +
                         "(scoring needs up to 16 times a file's size and 1 GB; see docs/validation.md)");
    }
  }
  for (auto& r : missingCaseRows(cases, families, solver, options)) {
    r.solver = solver_name;
    results.push_back(r);
  }
  return results;
}

std::vector<engines::EngineSample> analyticTrajectory(const ValidationCase& c, double spacing) {
  requirePositive(spacing, "sample spacing");
  if (!(c.t_end_s / spacing <= kMaxAnalyticSamples)) {
    throw InvalidInput("sample spacing " + formatValue(spacing) + " s: more than " +
                       formatValue(kMaxAnalyticSamples) + " samples over " +
                       formatValue(c.t_end_s) + " s");
  }
  const engines::SphereScene scene = sceneOf(c);
  // Samples at i spacing, the last one at the duration itself.
  const long n = static_cast<long>(std::ceil(c.t_end_s / spacing - 1e-9));
  std::vector<engines::EngineSample> out;
  out.reserve(static_cast<std::size_t>(n) + 1);
  if (c.one_plane && c.one_plane->family == CaseFamily::kRattleback) {
    for (const auto& [t, x] : rattlebackRollingMotion(*c.one_plane, spacing)) {
      out.push_back(engines::makeSample(scene, t, x.x_C_W, x.q_WS, x.v_C_W, x.omega_W));
    }
    return out;
  }
  if (c.one_plane) {
    const std::unique_ptr<BenchmarkSystem> system = benchmarkSystemOf(*c.one_plane);
    for (long i = 0; i <= n; ++i) {
      const double t = std::min(static_cast<double>(i) * spacing, c.t_end_s);
      const BodyState x = system->stateAt(t);
      out.push_back(engines::makeSample(scene, t, x.x_C_W, scene.q0_WS, x.v_C_W, x.omega_W));
    }
    return out;
  }
  // The trough: the ball's exact motion (BallInTrough::stateAt).
  if (c.body)
    throw InvalidInput("case " + c.name + ": a body file's case has no closed-form motion");
  if (!c.realizable) {
    throw InvalidInput("case " + c.name + " has no analytic trajectory (rolling not realizable)");
  }
  const BallInTrough trough(troughModelOf(c));
  for (long i = 0; i <= n; ++i) {
    const double t = std::min(static_cast<double>(i) * spacing, c.t_end_s);
    const BodyState x = trough.stateAt(t);
    out.push_back(engines::makeSample(scene, t, x.x_C_W, x.v_C_W, x.omega_W));
  }
  return out;
}

void writeTrajectoryCsv(const std::vector<engines::EngineSample>& samples,
                        const std::string& path) {
  writeFileAtomically(path, [&](std::ostream& out) {
    out.precision(17);  // round-trips every double: the file is the trajectory, not a rounding
    out << "t,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz\n";
    for (const auto& s : samples) {
      out << s.t << ',' << s.x_C_W.x() << ',' << s.x_C_W.y() << ',' << s.x_C_W.z() << ','
          << s.q_WS.w() << ',' << s.q_WS.x() << ',' << s.q_WS.y() << ',' << s.q_WS.z() << ','
          << s.v_C_W.x() << ',' << s.v_C_W.y() << ',' << s.v_C_W.z() << ',' << s.omega_W.x() << ','
          << s.omega_W.y() << ',' << s.omega_W.z() << '\n';
    }
  });
}

}  // namespace nsd::validation
