// nsdkit.validation: bring your own solver from Python. Cases as dicts (the JSON of schema
// nsdkit-validation-case/2), trajectories as NumPy arrays, rows as dicts. Bad input raises
// ValueError (nsd::InvalidInput); every case handed in is rebuilt from its model, as in the CLI.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/report.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/run.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>
#include <nsdkit/validation/trajectory_table.hpp>

#include "binding_common.hpp"

namespace val = nsd::validation;

namespace nsd::python {
namespace {

// `families` (None: every family) as a list of families. @throws InvalidInput naming
// `families` for anything but a non-empty list of known family names.
std::vector<val::CaseFamily> familiesOf(const py::object& families) {
  if (families.is_none()) return val::allCaseFamilies();
  if (py::isinstance<py::str>(families) || !py::isinstance<py::sequence>(families)) {
    throw nsd::InvalidInput("families must be a list of family names (or None for all), got " +
                            nsd::quoteInput(py::str(families.get_type().attr("__name__")).cast<std::string>()));
  }
  std::string list;
  std::size_t k = 0;
  for (const auto& f : families) {
    if (!py::isinstance<py::str>(f)) {
      throw nsd::InvalidInput("families[" + std::to_string(k) + "] must be a family name, got " +
                              nsd::quoteInput(py::str(py::repr(f)).cast<std::string>()));
    }
    const auto name = f.cast<std::string>();
    if (name.find(',') != std::string::npos) {
      throw nsd::InvalidInput("families[" + std::to_string(k) + "]: one name per entry, got " +
                              nsd::quoteInput(name));
    }
    list += (k++ == 0 ? "" : ",") + name;
  }
  if (k == 0) throw nsd::InvalidInput("families: an empty list (None selects every family)");
  try {
    return val::parseFamilyList(list);
  } catch (const nsd::InvalidInput& e) {
    throw nsd::InvalidInput(std::string("families: ") + e.what());
  }
}

py::object jsonLoads(const std::string& text) {
  return py::module_::import("json").attr("loads")(text);
}

py::dict caseDict(const val::ValidationCase& c, std::size_t index) {
  py::dict d = jsonLoads(val::caseJsonText(c, index));
  if (!c.refusal.empty()) d["refusal"] = c.refusal;
  return d;
}

double finiteOrNan(double v) {
  return std::isfinite(v) ? v : std::numeric_limits<double>::quiet_NaN();
}

py::dict rowDict(const val::ValidationResult& r) {
  py::dict row;
  row["case"] = r.case_name;
  row["family"] = val::toString(r.family);
  row["solver"] = r.solver;
  row["custom"] = r.custom;
  row["status"] = val::toString(r.status);
  row["pass"] = r.pass;
  row["expected"] = r.expected;
  row["observed"] = r.observed;
  row["reason"] = r.reason;
  row["metric"] = r.metric;
  row["metric_value"] = finiteOrNan(r.metric_value);
  row["acceleration"] = finiteOrNan(r.acceleration);
  row["acceleration_error"] = finiteOrNan(r.acceleration_error);
  row["rolling_onset"] = finiteOrNan(r.rolling_onset);
  row["onset_error"] = finiteOrNan(val::valueOrNan(r.onset, &val::OnsetRecord::onset_error));
  row["final_speed"] = finiteOrNan(r.final_speed);
  row["final_speed_error"] =
      finiteOrNan(val::valueOrNan(r.onset, &val::OnsetRecord::final_speed_error));
  row["heading_drift_deg"] =
      finiteOrNan(val::valueOrNan(r.heading, &val::HeadingRecord::drift_deg));
  row["friction_ratio_max"] = finiteOrNan(r.friction_ratio_max);
  row["stop_time"] = finiteOrNan(val::valueOrNan(r.stop, &val::StopRecord::time_s));
  row["creep_speed"] = finiteOrNan(val::valueOrNan(r.rest, &val::RestRecord::creep_speed_m_s));
  row["stop_distance"] = finiteOrNan(r.stop_distance);
  row["spin"] = finiteOrNan(r.spin);
  row["reversal_time"] =
      finiteOrNan(val::valueOrNan(r.rattleback, &val::RattlebackRecord::reversal_time_s));
  row["spin_after_reversal"] =
      finiteOrNan(val::valueOrNan(r.rattleback, &val::RattlebackRecord::spin_after_reversal_rad_s));
  row["slip_speeds"] = std::vector<double>{finiteOrNan(r.slip_plus), finiteOrNan(r.slip_minus)};
  return row;
}

// A case dict as a rebuilt case; messages name `case` (and the dict's name, escaped).
val::ValidationCase caseFromDict(const py::dict& d) {
  const std::string label =
      "case " + (d.contains("name") ? nsd::quoteInput(py::str(d["name"]).cast<std::string>())
                                    : std::string("(no name)"));
  std::string text;
  try {
    text = py::cast<std::string>(py::module_::import("json").attr("dumps")(d));
  } catch (const py::error_already_set& e) {
    // Not JSON at all (an object json cannot write, nesting deeper than Python's recursion).
    throw nsd::InvalidInput(label + ": not a case (" + nsd::quoteInput(e.what(), 60) + ")");
  }
  return val::caseFromJsonText(text, label);
}

py::list cases(const py::object& families, bool quick) {
  auto list = val::generateCases(familiesOf(families));
  if (quick) list = val::quickSubset(list);
  py::list out;
  for (const auto& c : list) out.append(caseDict(c, c.case_index));
  return out;
}

std::size_t exportCases(const std::string& folder, const py::object& families, bool quick) {
  if (folder.empty()) throw nsd::InvalidInput("folder: an empty path (give a folder)");
  auto list = val::generateCases(familiesOf(families));
  if (quick) list = val::quickSubset(list);
  val::exportCases(list, folder, "folder");
  return list.size();
}

py::list readCases(const std::string& folder) {
  if (folder.empty() || !std::filesystem::is_directory(folder)) {
    throw nsd::InvalidInput("folder: no case folder " + nsd::quoteInput(folder));
  }
  const auto list = val::importCases(folder);
  py::list out;
  for (const auto& c : list) out.append(caseDict(c, c.case_index));
  return out;
}

py::dict score(const py::dict& case_dict,
               const py::array_t<double, py::array::c_style | py::array::forcecast>& trajectory,
               const std::string& solver_name) {
  val::requireReportableSolverName(solver_name, "solver_name");
  const val::ValidationCase c = caseFromDict(case_dict);
  const val::SolverSpec solver{solver_name, "-", 0.0};
  if (trajectory.ndim() != 2 || (trajectory.shape(1) != 10 && trajectory.shape(1) != 14)) {
    std::string shape;
    for (py::ssize_t d = 0; d < trajectory.ndim(); ++d) {
      shape += (d > 0 ? ", " : "") + std::to_string(trajectory.shape(d));
    }
    throw nsd::InvalidInput("trajectory must be an (n, 10) or (n, 14) array, got shape (" +
                            shape + (trajectory.ndim() == 1 ? ",)" : ")"));
  }
  if (!c.refusal.empty()) {
    val::SolverTrajectory none;
    val::ValidationResult r = val::judge(c, solver, none);
    r.status = val::RowStatus::kRefused;
    r.observed = "refused";
    r.reason = "case refused: " + c.refusal;
    return rowDict(r);
  }
  const auto columns = static_cast<std::size_t>(trajectory.shape(1));
  const auto count = static_cast<std::size_t>(trajectory.shape(0));
  val::ValidationResult r;
  try {
    py::gil_scoped_release release;
    // Row by row from the array's own (C-contiguous) buffer: no copy of the table.
    val::SolverTrajectory t = val::failedTrajectory("no samples");
    if (count > 0) {
      val::TrajectoryTableBuilder builder(c, columns == 14, count);
      for (std::size_t i = 0; i < count; ++i) {
        if (!builder.add(trajectory.data() + i * columns, columns)) break;
      }
      t = builder.finish();
    }
    r = val::judge(c, solver, t);
  } catch (const std::bad_alloc&) {
    throw nsd::InvalidInput("trajectory: not enough memory to score " + std::to_string(count) +
                            " rows");
  }
  return rowDict(r);
}

py::list scoreFolder(const std::string& cases_dir, const std::string& trajectories_dir,
                     const std::string& solver_name, const py::object& report_dir,
                     const py::object& families) {
  val::requireReportableSolverName(solver_name, "solver_name");
  if (trajectories_dir.empty() || !std::filesystem::is_directory(trajectories_dir)) {
    throw nsd::InvalidInput("trajectories: no folder " + nsd::quoteInput(trajectories_dir));
  }
  if (cases_dir.empty() || !std::filesystem::is_directory(cases_dir)) {
    throw nsd::InvalidInput("cases: no case folder " + nsd::quoteInput(cases_dir));
  }
  const val::SolverManifest manifest = val::readSolverManifest(trajectories_dir);
  const auto list = val::importCases(cases_dir);
  const auto scored = families.is_none() ? std::vector<val::CaseFamily>{} : familiesOf(families);
  std::vector<val::ValidationResult> results;
  {
    py::gil_scoped_release release;
    results = val::scoreTrajectories(list, trajectories_dir, solver_name, {}, scored);
  }
  if (!report_dir.is_none()) {
    val::SolverSpec spec{solver_name, "-", manifest.step_s};
    spec.declared_version = manifest.version;
    spec.declared_settings = manifest.settings;
    val::writeReport(py::cast<std::string>(report_dir), list, results, {}, {spec}, {});
  }
  py::list out;
  for (const auto& r : results) out.append(rowDict(r));
  return out;
}

py::array_t<double> analyticTrajectory(const py::dict& case_dict, double spacing_s) {
  const val::ValidationCase c = caseFromDict(case_dict);
  if (!c.refusal.empty()) throw nsd::InvalidInput("case refused: " + c.refusal);
  if (!(spacing_s >= 1e-5 && spacing_s <= val::kMaxSampleSpacing_s)) {
    throw nsd::InvalidInput("spacing_s must be in [1e-5, " +
                            nsd::formatValue(val::kMaxSampleSpacing_s) + "] s, got " +
                            nsd::formatValue(spacing_s));
  }
  const auto samples = val::analyticTrajectory(c, spacing_s);
  py::array_t<double> out({static_cast<py::ssize_t>(samples.size()), py::ssize_t{14}});
  auto a = out.mutable_unchecked<2>();
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const auto& s = samples[i];
    const double v[14] = {s.t,         s.x_C_W.x(),   s.x_C_W.y(),   s.x_C_W.z(),  s.q_WS.w(),
                          s.q_WS.x(),  s.q_WS.y(),    s.q_WS.z(),    s.v_C_W.x(),  s.v_C_W.y(),
                          s.v_C_W.z(), s.omega_W.x(), s.omega_W.y(), s.omega_W.z()};
    for (int k = 0; k < 14; ++k) a(static_cast<py::ssize_t>(i), k) = v[k];
  }
  return out;
}

// The validation cases' names (nsdkit validate's list: every family unless given).
std::vector<std::string> validationCaseNames(const py::object& families) {
  std::vector<std::string> names;
  for (const auto& c : val::generateCases(familiesOf(families))) names.push_back(c.name);
  return names;
}

// Runs the named cases (all when empty) through the named solvers (all when empty) and returns
// one dict per row of the report.
py::list validate(const std::vector<std::string>& case_names,
                  const std::vector<std::string>& solver_names, int threads,
                  const py::object& families) {
  std::vector<nsd::validation::ValidationCase> all_cases =
      val::generateCases(familiesOf(families));
  for (const auto& name : case_names) {
    if (std::none_of(all_cases.begin(), all_cases.end(),
                     [&](const auto& c) { return c.name == name; })) {
      throw nsd::InvalidInput("cases: unknown validation case " + nsd::quoteInput(name) +
                              " (see validation_cases())");
    }
  }
  std::vector<nsd::validation::ValidationCase> cases;
  for (auto& c : all_cases) {
    if (case_names.empty() ||
        std::find(case_names.begin(), case_names.end(), c.name) != case_names.end()) {
      cases.push_back(std::move(c));
    }
  }
  nsd::validation::ValidationOptions options;
  if (!solver_names.empty()) {
    const auto known = nsd::validation::allSolvers();
    std::string known_names;
    for (const auto& s : known) known_names += (known_names.empty() ? "" : ", ") + s.name;
    for (const auto& name : solver_names) {
      if (std::none_of(known.begin(), known.end(), [&](const auto& s) { return s.name == name; })) {
        throw nsd::InvalidInput("solvers: unknown solver " + nsd::quoteInput(name) + " (" +
                                known_names + ")");
      }
    }
    options.solvers.clear();
    for (const auto& s : known) {
      if (std::find(solver_names.begin(), solver_names.end(), s.name) != solver_names.end()) {
        options.solvers.push_back(s);
      }
    }
  }
  options.threads = threadCount(threads);
  std::vector<nsd::validation::ValidationResult> results;
  {
    py::gil_scoped_release release;
    results = nsd::validation::runValidation(cases, options);
  }
  py::list rows;
  for (const auto& r : results) {
    py::dict row;
    row["case"] = r.case_name;
    row["solver"] = r.solver;
    row["setting"] = r.setting;
    row["step_s"] = r.step_s;
    row["reference"] = nsd::validation::toString(r.reference);
    row["expected"] = r.expected;
    row["observed"] = r.observed;
    row["pass"] = r.pass;
    row["acceleration"] = r.acceleration;
    row["acceleration_error"] = r.acceleration_error;
    row["final_speed"] = r.final_speed;
    row["wall_seconds"] = r.wall_seconds;
    row["reason"] = r.reason;
    rows.append(row);
  }
  return rows;
}

}  // namespace

void bindValidation(py::module_& m) {
  py::module_ v = m.def_submodule(
      "validation",
      "Bring your own solver: the contact benchmark's cases (trough, incline, launch, creep, "
      "block, rattleback) and the trusted scorer. SI units; frames are written in each case.");
  py::module_::import("sys").attr("modules")["nsdkit.validation"] = v;
  v.def("cases", &cases, py::arg("families") = py::none(), py::arg("quick") = false,
        "The benchmark's cases as dicts (schema nsdkit-validation-case/2: 'scene' with shape, "
        "mass [kg], inertia [kg m^2], planes with mu, gravity [m/s^2], force [N], torque [N m], "
        "initial position [m], orientation (w, x, y, z), velocity [m/s], angular velocity "
        "[rad/s]; 'duration_s'; 'expected'; 'model'; 'digest'). families: names (all when "
        "None); quick: the --quick subset.");
  v.def("export_cases", &exportCases, py::arg("folder"), py::arg("families") = py::none(),
        py::arg("quick") = false,
        "Writes the cases as <folder>/<i>.json and index.json (as nsdkit validate "
        "--export-cases); returns their number.");
  v.def("read_cases", &readCases, py::arg("folder"),
        "Reads an exported folder, every case rebuilt from its model; a refused case's dict has "
        "'refusal' (the reason). Raises ValueError for a folder that is not a case folder.");
  v.def("score", &score, py::arg("case"), py::arg("trajectory"), py::arg("solver_name") = "python",
        "Judges one trajectory of a case: an (n, 10) array t, x, y, z, vx, vy, vz, wx, wy, wz or "
        "(n, 14) with qw, qx, qy, qz after z (SI, the case's frame, first row the initial state "
        "at t = 0, rows at most 10 ms apart). The case is rebuilt from its 'model' first: an "
        "edited case gives a 'refused' row. Returns the row: 'status', 'pass', 'observed', "
        "'reason', 'metric' and 'metric_value', and the measurements ('acceleration' [m/s^2], "
        "'heading_drift_deg', 'creep_speed' [m/s], 'rolling_onset' [s], ...).");
  v.def("score_folder", &scoreFolder, py::arg("cases"), py::arg("trajectories"),
        py::arg("solver_name") = "python", py::arg("report") = py::none(),
        py::arg("families") = py::none(),
        "Scores <trajectories>/<n>.csv (n the case's number, its file's 'index') for every case "
        "of an exported folder, with the folder's solver.json, like nsdkit validate --score: "
        "forged or edited cases are refused, unknown ones scored as '<name> [custom]', and every "
        "case of nsdkit's set in `families` (None: the families present) that the folder lacks "
        "is a failed row. Writes the report into `report` when given. Returns the rows.");
  v.def("analytic_trajectory", &analyticTrajectory, py::arg("case"), py::arg("spacing_s") = 1e-3,
        "The exact trajectory of a case as an (n, 14) array (as `score` takes it), where one "
        "exists (ValueError for a trough case whose rolling is not realizable).");
  // The rows of nsdkit validate, run from Python (nsdkit.validate, nsdkit.validation_cases).
  m.def("validation_cases", &validationCaseNames, py::arg("families") = py::none(),
        "Names of the generated validation cases of `families` (None: all six, trough, incline, "
        "launch, creep, block, rattleback), as `nsdkit validate --families` runs them.");
  m.def("validate", &validate, py::arg("cases") = std::vector<std::string>{},
        py::arg("solvers") = std::vector<std::string>{}, py::arg("threads") = 0,
        py::arg("families") = py::none(),
        "Runs validation cases (names, of `families`: None for all six, as nsdkit validate; all "
        "cases when `cases` is empty) through solvers (nsdkit-event-driven, "
        "siconos, mujoco, bullet, ode, dart; all settings and steps of each; all when empty) "
        "and judges each run against the analytic reference by the common mode rule. Returns "
        "one dict per run: 'case', 'solver', 'setting', 'step_s' [s], 'reference', 'expected' "
        "and 'observed' modes, 'pass', 'acceleration' [m/s^2] and its relative "
        "'acceleration_error', 'final_speed' [m/s], 'wall_seconds', 'reason'.");
}

}  // namespace nsd::python
