#include <nsdkit/jobs/validate_job.hpp>

#include <algorithm>
#include <filesystem>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/numeric_csv.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/validation/body_cases.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/maps.hpp>
#include <nsdkit/validation/report.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/run.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::jobs {
namespace {

namespace val = validation;

bool writeReportPage(const ValidateJobOptions& o, const HtmlPageWriter& page) {
  return page && page({"report", {std::filesystem::absolute(o.output).string()}, {}, ""});
}

// The parameter points of `body`: the rows of `input`, or a body_grid x body_grid subsample of
// the section named in the body file (with its fixed values).
std::pair<std::vector<std::string>, std::vector<std::vector<double>>> bodyPoints(
    const body::BodyDescription& body, const ValidateJobOptions& o) {
  if (!o.input.empty()) {
    NumericTable table = readNumericTable(o.input);
    return {table.header, table.rows};
  }
  if (o.body_grid < 1 || o.body_grid > 100) {
    throw InvalidInput("--body-grid must be in [1, 100], got " + std::to_string(o.body_grid));
  }
  const region::BodySection section = region::bodySection(body, o.body);
  return {section.names(), region::sectionSubsample(section, o.body_grid)};
}

// body: nsdkit, Siconos and (for a sphere on planes) the engines on the body's loads.
ValidateJobResult runBodyCases(const ValidateJobOptions& o, const HtmlPageWriter& page) {
  if (o.score || !o.export_cases.empty() || o.quick) {
    throw InvalidInput(
        "--body runs the body's own cases: without --score, --export-cases, --quick");
  }
  const body::BodyDescription body = body::readBodyFile(o.body);
  const auto [names, points] = bodyPoints(body, o);
  const auto cases = val::bodyCases(body, names, points, o.t_end.value_or(0.2));
  std::filesystem::create_directories(o.output);
  val::ValidationOptions options;
  options.threads = o.threads;
  options.solvers = val::solversForCases(cases);
  options.series_cases.clear();
  if (o.log && !o.quiet) {
    *o.log << "validating " << body.name << ": " << cases.size() << " load points x "
           << options.solvers.size() << " solver settings..." << std::endl;
  }
  const auto results = val::runValidation(cases, options);
  val::writeReport(o.output, cases, results, {}, options.solvers, options.judge);
  ValidateJobResult r;
  r.runs = results.size();
  for (const auto& row : results) r.passed += row.pass;
  r.page_written = writeReportPage(o, page);
  return r;
}

// score: a solver's trajectories of an exported case folder (docs/validation.md).
ValidateJobResult runScore(const ValidateJobOptions& o, const HtmlPageWriter& page) {
  if (o.cases_dir.empty() || o.trajectories_dir.empty()) {
    throw InvalidInput("--score needs --cases DIR and --trajectories DIR");
  }
  if (o.t_end) throw InvalidInput("--t-end is not for --score: each case file holds its duration");
  if (o.quick) throw InvalidInput("--quick is not for --score: every case of the folder is scored");
  if (!std::filesystem::is_directory(o.trajectories_dir)) {
    throw InvalidInput("--trajectories: no folder " + quoteInput(o.trajectories_dir));
  }
  const val::SolverManifest manifest = val::readSolverManifest(o.trajectories_dir);
  if (o.solver_name && !manifest.name.empty() && manifest.name != *o.solver_name) {
    throw InvalidInput("--solver-name " + quoteInput(*o.solver_name) +
                       " differs from solver.json's name " + quoteInput(manifest.name));
  }
  const std::string name =
      o.solver_name ? *o.solver_name : (manifest.name.empty() ? "user-solver" : manifest.name);
  val::requireReportableSolverName(name, "--solver-name");
  const auto families =
      o.families ? val::parseFamilyList(*o.families) : std::vector<val::CaseFamily>{};
  const auto cases = val::importCases(o.cases_dir);
  const auto results = val::scoreTrajectories(cases, o.trajectories_dir, name, {}, families);
  ValidateJobResult r;
  for (const auto& row : results) {
    r.refused += row.status == val::RowStatus::kRefused;
    r.declared_not_representable += row.status == val::RowStatus::kNotRepresentable;
    r.custom += row.custom;
    if (!row.custom && row.status != val::RowStatus::kNotRepresentable) {
      ++r.runs;
      r.passed += row.pass;
    }
  }
  std::filesystem::create_directories(o.output);
  val::SolverSpec scored{name, "-", manifest.step_s};
  scored.declared_version = manifest.version;
  scored.declared_settings = manifest.settings;
  val::writeReport(o.output, cases, results, {}, {scored}, {});
  r.page_written = writeReportPage(o, page);
  return r;
}

// The maps of the report: the trough's mode maps at m_z = 0 and m_z2 (the engines at their
// exact setting, h = 1e-3) and the one-plane families' maps (every engine at both settings).
val::ReportMaps reportMaps(const ValidateJobOptions& o,
                           const std::vector<val::CaseFamily>& families) {
  const auto has = [&](val::CaseFamily f) {
    return std::find(families.begin(), families.end(), f) != families.end();
  };
  std::vector<val::SolverSpec> map_solvers;
  for (const auto& s : val::allSolvers()) {
    if (s.setting != "-" && s.step_s == 1e-3) map_solvers.push_back(s);
  }
  val::ReportMaps maps;
  const double m_z2 = models::specialValues(0.3).m_z2;
  for (const auto& s : map_solvers) {
    if (!has(val::CaseFamily::kTrough) || s.setting != "exact") continue;
    maps.trough.push_back(val::simulateModeMap(s, 0.0, "mz=0", o.map_grid, o.threads));
    maps.trough.push_back(val::simulateModeMap(s, m_z2, "mz=mz2", o.map_grid, o.threads));
    if (o.log && !o.quiet) {
      const double at_zero = maps.trough[maps.trough.size() - 2].agreement;
      *o.log << "map " << s.label() << ": agreement " << at_zero << " (mz=0), " << maps.trough.back().agreement << " (mz=mz2)" << std::endl;
    }
  }
  for (const auto& s : map_solvers) {
    if (has(val::CaseFamily::kIncline)) {
      maps.incline.push_back(val::simulateInclineMap(s, o.quick ? 5 : 12, o.threads));
    }
    if (has(val::CaseFamily::kLaunch)) {
      maps.launch.push_back(val::simulateLaunchDrift(s, o.quick ? 15.0 : 5.0, o.threads));
    }
  }
  return maps;
}

// The report: every chosen solver on the benchmark's cases, the maps, the page.
ValidateJobResult runReport(const ValidateJobOptions& o, std::vector<val::CaseFamily> families,
                            std::vector<val::ValidationCase> cases, const HtmlPageWriter& page) {
  if (o.map_grid < 2 || o.map_grid > 201) {
    throw InvalidInput("--map-grid must be in [2, 201], got " + std::to_string(o.map_grid));
  }
  std::vector<val::SkippedSolver> skipped;  // chosen before anything is written
  const std::vector<val::SolverSpec> chosen =
      val::selectSolvers(o.engines.value_or("all"), skipped);
  std::filesystem::create_directories(o.output);
  val::ValidationOptions options;
  options.threads = o.threads;
  options.solvers = chosen;
  if (o.log) {
    for (const auto& s : skipped) *o.log << "skipped " << s.name << ": " << s.reason << "\n";
  }
  // The series folder holds only files this job writes (same names on every run).
  std::filesystem::create_directories(o.output + "/series");
  options.series_dir = o.output + "/series";
  options.progress = o.progress;
  if (o.quick) {
    // One step size per engine and every fourth case: a smoke run.
    std::vector<val::SolverSpec> solvers;
    for (const auto& s : options.solvers) {
      if (s.step_s != 1e-4) solvers.push_back(s);
    }
    options.solvers = solvers;
    cases = val::quickSubset(cases);
  }
  if (o.log && !o.quiet) {
    *o.log << "validating " << cases.size() << " cases x " << options.solvers.size()
           << " solver settings..." << std::endl;
  }
  const auto results = val::runValidation(cases, options);
  val::writeReport(o.output, cases, results, reportMaps(o, families), options.solvers,
                   options.judge, skipped);
  ValidateJobResult r;
  r.runs = results.size();
  for (const auto& row : results) r.passed += row.pass;
  r.page_written = writeReportPage(o, page);
  return r;
}

}  // namespace

ValidateJobResult runValidateJob(const ValidateJobOptions& o, const HtmlPageWriter& page) {
  const double t_end = o.t_end.value_or(0.2);
  requirePositive(t_end, "--t-end");
  if (!(t_end >= 1e-3 && t_end <= 10.0)) {
    throw InvalidInput("--t-end must be in [0.001, 10] s, got " + formatValue(t_end));
  }
  if (o.threads < 1) throw InvalidInput("--threads must be at least 1");
  if (o.engines && (!o.body.empty() || o.score || !o.export_cases.empty())) {
    throw InvalidInput("--engines chooses the solvers of a report run: not with --body, "
                       "--score or --export-cases");
  }
  if (!o.body.empty()) return runBodyCases(o, page);
  if (!o.input.empty()) throw InvalidInput("--input is for --body FILE");
  if (o.score) return runScore(o, page);
  const auto families =
      val::parseFamilyList(o.families.value_or("trough,incline,launch,creep,block,rattleback"));
  auto cases = val::generateCases(families);
  // t_end sets the trough's duration; the one-plane families keep their models' durations.
  for (auto& c : cases) {
    if (c.kind == val::CaseFamily::kTrough) c.t_end_s = t_end;
  }
  if (!o.export_cases.empty()) {
    val::exportCases(cases, o.export_cases, "--export-cases");
    ValidateJobResult r;
    r.exported = cases.size();
    return r;
  }
  return runReport(o, families, std::move(cases), page);
}

void printValidateJob(const ValidateJobOptions& o, const ValidateJobResult& r,
                      std::ostream& out) {
  if (!o.export_cases.empty() && o.body.empty() && !o.score) {
    out << r.exported << " cases written to " << o.export_cases << "\n";
    return;
  }
  if (o.score && o.body.empty()) {
    out << r.passed << " of " << r.runs << " benchmark trajectories pass";
    if (r.declared_not_representable > 0) {
      out << "; " << r.declared_not_representable << " declared not representable";
    }
    if (r.custom > 0) out << "; " << r.custom << " custom cases scored apart (not counted)";
    if (r.refused > 0) {
      out << "; " << r.refused << " cases refused (not their models' or not nsdkit's)";
    }
    out << "; report in " << o.output << "/report.md" << (r.page_written ? ", report.html" : "")
        << "\n";
    return;
  }
  out << r.passed << " of " << r.runs << " runs pass; report in " << o.output
      << "/report.md, report.json" << (r.page_written ? ", report.html" : "") << "\n";
}

}  // namespace nsd::jobs
