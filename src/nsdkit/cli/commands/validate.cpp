// nsdkit validate
#include <nsdkit/cli/commands/commands.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/numeric_csv.hpp>
#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/validation/body_cases.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/validation.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/maps.hpp>
#include <nsdkit/validation/report.hpp>

namespace nsd::cli {
namespace {

struct ValidateOptions {
  std::string output = "out/validation";
  double t_end = 0.2;
  int map_grid = 41;
  unsigned threads = 1;
  bool quick = false;
  bool quiet = false;
  std::string export_cases;
  bool score = false;
  std::string cases_dir, trajectories_dir, solver_name = "user-solver";
  std::string body, input;
  int body_grid = 7;
  std::string families = "trough,incline,launch,creep,block,rattleback";
  std::string engines = "all";
  // Which options the command line gave (not their defaults).
  bool t_end_given = false, families_given = false, solver_name_given = false,
       engines_given = false;
};

// The parameter points of `validate --body`: the rows of --input, or a body_grid x body_grid
// subsample of the section named in the body file (with its fixed values).
std::pair<std::vector<std::string>, std::vector<std::vector<double>>> bodyPoints(
    const nsd::body::BodyDescription& body, const ValidateOptions& v) {
  if (!v.input.empty()) {
    NumericTable table = readNumericTable(v.input);
    return {table.header, table.rows};
  }
  if (v.body_grid < 1) throw nsd::InvalidInput("--body-grid must be at least 1");
  const nsd::region::BodySection section = nsd::region::bodySection(body, v.body);  // or --input
  const std::vector<std::string> names = section.names();
  const std::vector<std::vector<double>> points =
      nsd::region::sectionSubsample(section, v.body_grid);
  return {names, points};
}

// validate --body: nsdkit, Siconos and (for a sphere on planes) the engines on the body's loads.
int runValidateBody(const ValidateOptions& v) {
  namespace val = nsd::validation;
  if (v.score || !v.export_cases.empty() || v.quick) {
    throw nsd::InvalidInput(
        "--body runs the body's own cases: without --score, --export-cases, "
        "--quick");
  }
  const nsd::body::BodyDescription body = nsd::body::readBodyFile(v.body);
  const auto [names, points] = bodyPoints(body, v);
  const auto cases = val::bodyCases(body, names, points, v.t_end);
  std::filesystem::create_directories(v.output);
  val::ValidationOptions options;
  options.threads = v.threads;
  options.solvers = val::solversForCases(cases);
  options.series_cases.clear();
  if (!v.quiet) {
    std::cout << "validating " << body.name << ": " << cases.size() << " load points x "
              << options.solvers.size() << " solver settings..." << std::endl;
  }
  const auto results = val::runValidation(cases, options);
  val::writeReport(v.output, cases, results, {}, options.solvers, options.judge);
  std::size_t passed = 0;
  for (const auto& r : results) passed += r.pass;
  const bool page = writeHtmlPage("report", {v.output});
  std::cout << passed << " of " << results.size() << " runs pass; report in " << v.output
            << "/report.md, report.json" << (page ? ", report.html" : "") << "\n";
  return 0;
}

// validate --score: a solver's trajectories of an exported case folder (docs/validation.md).
int runValidateScore(const ValidateOptions& v) {
  namespace val = nsd::validation;
  if (v.cases_dir.empty() || v.trajectories_dir.empty()) {
    throw nsd::InvalidInput("--score needs --cases DIR and --trajectories DIR");
  }
  if (v.t_end_given) {
    throw nsd::InvalidInput("--t-end is not for --score: each case file holds its duration");
  }
  if (v.quick) throw nsd::InvalidInput("--quick is not for --score: every case of the folder is scored");
  if (!std::filesystem::is_directory(v.trajectories_dir)) {
    throw nsd::InvalidInput("--trajectories: no folder " + nsd::quoteInput(v.trajectories_dir));
  }
  const val::SolverManifest manifest = val::readSolverManifest(v.trajectories_dir);
  if (v.solver_name_given && !manifest.name.empty() && manifest.name != v.solver_name) {
    throw nsd::InvalidInput("--solver-name " + nsd::quoteInput(v.solver_name) +
                            " differs from solver.json's name " + nsd::quoteInput(manifest.name));
  }
  const std::string name =
      v.solver_name_given || manifest.name.empty() ? v.solver_name : manifest.name;
  val::requireReportableSolverName(name, "--solver-name");
  const auto families =
      v.families_given ? val::parseFamilyList(v.families) : std::vector<val::CaseFamily>{};
  const auto cases = val::importCases(v.cases_dir);
  const auto results = val::scoreTrajectories(cases, v.trajectories_dir, name, {}, families);
  std::size_t refused = 0, custom = 0, benchmark = 0, passed = 0, declared = 0;
  for (const auto& r : results) {
    refused += r.status == val::RowStatus::kRefused;
    declared += r.status == val::RowStatus::kNotRepresentable;
    const bool is_custom = r.custom;
    custom += is_custom;
    if (!is_custom && r.status != val::RowStatus::kNotRepresentable) {
      ++benchmark;
      passed += r.pass;
    }
  }
  std::filesystem::create_directories(v.output);
  val::SolverSpec scored{name, "-", manifest.step_s};
  scored.declared_version = manifest.version;
  scored.declared_settings = manifest.settings;
  val::writeReport(v.output, cases, results, {}, {scored}, {});
  std::cout << passed << " of " << benchmark << " benchmark trajectories pass";
  if (declared > 0) std::cout << "; " << declared << " declared not representable";
  if (custom > 0) std::cout << "; " << custom << " custom cases scored apart (not counted)";
  if (refused > 0)
    std::cout << "; " << refused << " cases refused (not their models' or not nsdkit's)";
  const bool page = writeHtmlPage("report", {v.output});
  std::cout << "; report in " << v.output << "/report.md" << (page ? ", report.html" : "")
            << "\n";
  return 0;
}

int runValidate(const ValidateOptions& v) {
  namespace val = nsd::validation;
  nsd::requirePositive(v.t_end, "--t-end");
  if (v.engines_given && (!v.body.empty() || v.score || !v.export_cases.empty())) {
    throw nsd::InvalidInput("--engines chooses the solvers of a report run: not with --body, "
                            "--score or --export-cases");
  }
  if (!v.body.empty()) return runValidateBody(v);
  if (!v.input.empty()) throw nsd::InvalidInput("--input is for --body FILE");
  if (v.score) return runValidateScore(v);
  const auto families = val::parseFamilyList(v.families);
  auto cases = val::generateCases(families);
  // --t-end sets the trough's duration; the one-plane families keep their models' durations.
  for (auto& c : cases) {
    if (c.kind == val::CaseFamily::kTrough) c.t_end_s = v.t_end;
  }
  if (!v.export_cases.empty()) {
    val::exportCases(cases, v.export_cases, "--export-cases");
    std::cout << cases.size() << " cases written to " << v.export_cases << "\n";
    return 0;
  }
  if (v.map_grid < 2) throw nsd::InvalidInput("--map-grid must be at least 2");
  std::vector<val::SkippedSolver> skipped;  // chosen before anything is written
  const std::vector<val::SolverSpec> chosen = val::selectSolvers(v.engines, skipped);
  std::filesystem::create_directories(v.output);
  val::ValidationOptions options;
  options.threads = v.threads;
  options.solvers = chosen;
  for (const auto& s : skipped) std::cout << "skipped " << s.name << ": " << s.reason << "\n";
  // The series folder holds only files this command writes (same names on every run).
  std::filesystem::create_directories(v.output + "/series");
  options.series_dir = v.output + "/series";
  if (v.quick) {
    // One step size per engine and every fourth case: a smoke run.
    std::vector<val::SolverSpec> solvers;
    for (const auto& s : options.solvers) {
      if (s.step_s != 1e-4) solvers.push_back(s);
    }
    options.solvers = solvers;
    cases = val::quickSubset(cases);
  }
  const bool bar = !v.quiet && isatty(STDERR_FILENO);
  if (bar) {
    options.progress = [](std::size_t done, std::size_t total) {
      std::cerr << "\rvalidate: " << done << "/" << total << " runs" << std::flush;
    };
  }
  if (!v.quiet) {
    std::cout << "validating " << cases.size() << " cases x " << options.solvers.size()
              << " solver settings..." << std::endl;
  }
  const auto results = val::runValidation(cases, options);
  if (bar) std::cerr << '\n';
  std::vector<val::ModeMap> maps;
  const double m_z2 = nsd::models::specialValues(0.3).m_z2;
  const bool trough_maps =
      std::find(families.begin(), families.end(), val::CaseFamily::kTrough) != families.end();
  // The engines (the solvers with settings) at h = 1e-3: the trough maps at their exact setting,
  // the family maps at both.
  std::vector<val::SolverSpec> map_solvers;
  for (const auto& s : val::allSolvers()) {
    if (s.setting != "-" && s.step_s == 1e-3) map_solvers.push_back(s);
  }
  for (const auto& s : map_solvers) {
    if (!trough_maps) break;
    if (s.setting == "exact") {
      maps.push_back(val::simulateModeMap(s, 0.0, "mz=0", v.map_grid, v.threads));
      maps.push_back(val::simulateModeMap(s, m_z2, "mz=mz2", v.map_grid, v.threads));
      if (!v.quiet) {
        std::cout << "map " << s.label() << ": agreement " << maps[maps.size() - 2].agreement
                  << " (mz=0), " << maps.back().agreement << " (mz=mz2)" << std::endl;
      }
    }
  }
  // Family maps of the one-plane families, every engine at both settings, h = 1e-3.
  std::vector<val::InclineMap> incline_maps;
  std::vector<val::LaunchDriftMap> launch_maps;
  const auto has = [&](val::CaseFamily f) {
    return std::find(families.begin(), families.end(), f) != families.end();
  };
  for (const auto& s : map_solvers) {
    if (has(val::CaseFamily::kIncline)) {
      incline_maps.push_back(val::simulateInclineMap(s, v.quick ? 5 : 12, v.threads));
    }
    if (has(val::CaseFamily::kLaunch)) {
      launch_maps.push_back(val::simulateLaunchDrift(s, v.quick ? 15.0 : 5.0, v.threads));
    }
  }
  val::writeReport(v.output, cases, results, {maps, incline_maps, launch_maps}, options.solvers,
                   options.judge, skipped);
  std::size_t passed = 0;
  for (const auto& r : results) passed += r.pass;
  const bool page = writeHtmlPage("report", {v.output});
  std::cout << passed << " of " << results.size() << " runs pass; report in " << v.output
            << "/report.md, report.json" << (page ? ", report.html" : "") << "\n";
  return 0;
}

}  // namespace

Command addValidateCommand(CLI::App& app, unsigned default_threads) {
  auto o = std::make_shared<ValidateOptions>();
  o->threads = default_threads;
  CLI::App* c = app.add_subcommand(
      "validate",
      "validation report: nsdkit, Siconos, MuJoCo, Bullet, ODE and DART vs analytic references");
  c->add_option("--output", o->output, "report folder");
  c->add_option("--t-end", o->t_end, "simulated time per run [s], at most 10")
      ->check(CLI::Range(1e-3, 10.0));
  c->add_option("--map-grid", o->map_grid, "grid points per map axis, 2 to 201")
      ->check(CLI::Range(2, 201));
  c->add_option("--threads", o->threads, "worker threads")->check(CLI::Range(1u, kMaxThreads));
  c->add_flag("--quick", o->quick, "every fourth case, h = 1e-3 only");
  c->add_flag("--quiet", o->quiet, "no progress output");
  c->add_option("--export-cases", o->export_cases,
                "write every case as JSON into this folder and stop");
  c->add_flag("--score", o->score, "score a solver's trajectories (--cases, --trajectories)");
  c->add_option("--cases", o->cases_dir, "folder written by --export-cases");
  c->add_option("--trajectories", o->trajectories_dir,
                "folder with <case number>.csv (t,x,y,z,vx,vy,vz,wx,wy,wz) and optionally "
                "solver.json");
  c->add_option("--solver-name", o->solver_name,
                "name of the scored solver in the report (default: solver.json's name, else "
                "user-solver)");
  c->add_option(
      "--families", o->families,
      "comma-separated families: trough, incline, launch, creep, block, rattleback (default: all)");
  c->add_option("--engines", o->engines,
                "comma-separated solvers to run: all (default), builtin, web, or names (nsdkit-"
                "event-driven, siconos, mujoco, ..., and the web engines rapier, jolt, havok, "
                "cannon-es, ammo.js, mujoco3); those that cannot run here are skipped and named");
  c->add_option("--body", o->body,
                "validate on a body file (two contacts) instead of the paper's ball");
  c->add_option("--input", o->input, "--body: CSV of load points (header: parameter names)");
  c->add_option("--body-grid", o->body_grid,
                "--body without --input: points per axis of the file's section (default 7), "
                "at most 100")
      ->check(CLI::Range(1, 100));
  return {c,
          [o, c] {
            o->t_end_given = c->count("--t-end") > 0;
            o->families_given = c->count("--families") > 0;
            o->solver_name_given = c->count("--solver-name") > 0;
            o->engines_given = c->count("--engines") > 0;
            return runValidate(*o);
          },
          {"--output", "--export-cases"}};
}
}  // namespace nsd::cli
