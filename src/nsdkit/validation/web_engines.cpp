// The WebAssembly/JS engines as solver adapters (web_engines.hpp).
#include <nsdkit/validation/web_engines.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/subprocess.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/trajectory_table.hpp>

#ifndef NSDKIT_SOURCE_WEB_ENGINES_DIR
#define NSDKIT_SOURCE_WEB_ENGINES_DIR ""
#endif

namespace nsd::validation {
namespace fs = std::filesystem;

namespace {

// A runner gets this long for every case of one setting and step (the slowest measured, the
// full set at h = 1e-4, takes a few minutes).
constexpr double kRunnerTimeLimit_s = 1800.0;

// The first non-empty line of a file (at most 300 characters), or "".
std::string firstLine(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) return line.size() > 300 ? line.substr(0, 300) + "..." : line;
  }
  return "";
}

WebEngine readEngineJson(const fs::path& folder) {
  WebEngine e;
  e.folder = folder.string();
  e.name = folder.filename().string();
  const std::string label = quoteInput((folder / "engine.json").string());
  try {
    std::ifstream in(folder / "engine.json");
    const nlohmann::json j = nlohmann::json::parse(in);
    e.name = j.at("name").get<std::string>();
    e.package = j.at("package").get<std::string>();
    e.settings = j.at("settings").get<std::vector<std::string>>();
    e.steps_s = j.at("steps_s").get<std::vector<double>>();
    requireReportableSolverName(e.name, label + ": name");
    if (e.settings.empty() || e.steps_s.empty()) throw InvalidInput("no settings or steps");
    for (const std::string& s : e.settings) requireReportableSolverName(s, label + ": setting");
    for (const double h : e.steps_s) {
      if (!(h > 0.0 && h <= kMaxSampleSpacing_s)) {
        throw InvalidInput("a step must be in (0, 0.01] s, got " + formatValue(h));
      }
    }
    if (!fs::is_regular_file(folder / "run_cases.mjs")) throw InvalidInput("no run_cases.mjs");
  } catch (const std::exception& ex) {
    e.problem = label + " is not usable: " + ex.what();
  }
  return e;
}

// Cases exported, the runner run and its folder kept, for one setting and step.
struct PreparedRun {
  std::unique_ptr<TemporaryFolder> work;
  std::string trajectories;  // the runner's output folder
  std::string failure;       // the runner's failure, in words ("" when it ran)
  SolverManifest manifest;
  // The batch's wall time shared evenly by its cases (Node's start and the engine's load
  // included): the runner does not time each case [s].
  double wall_seconds_per_case = 0.0;
};

PreparedRun runBatch(const WebEngine& e, const std::vector<ValidationCase>& cases,
                     const SolverSpec& spec) {
  PreparedRun p;
  p.work = std::make_unique<TemporaryFolder>("web-" + e.name);
  const std::string cases_dir = p.work->path() + "/cases";
  p.trajectories = p.work->path() + "/trajectories";
  std::vector<ValidationCase> runnable;
  for (const auto& c : cases) {
    if (c.refusal.empty()) runnable.push_back(c);
  }
  exportCases(runnable, cases_dir);
  std::ostringstream step;
  step.precision(17);
  step << spec.step_s;
  const std::vector<std::string> argv{"node", e.folder + "/run_cases.mjs", cases_dir,
                                      p.trajectories, "--setting", spec.setting, "--step",
                                      step.str()};
  const std::string err = p.work->path() + "/stderr.txt";
  const auto start = std::chrono::steady_clock::now();
  const ProcessOutcome outcome =
      runProcess(argv, p.work->path() + "/stdout.txt", err, kRunnerTimeLimit_s);
  p.wall_seconds_per_case =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
      static_cast<double>(std::max<std::size_t>(runnable.size(), 1));
  if (!outcome.succeeded()) {
    const std::string said = firstLine(err);
    p.failure = "the " + e.name + " runner (run_cases.mjs) " + outcome.failure +
                (said.empty() ? "" : ": " + quoteInput(said, 300));
    return p;
  }
  try {
    p.manifest = readSolverManifest(p.trajectories);
  } catch (const InvalidInput& ex) {
    p.failure = std::string("the ") + e.name + " runner wrote a malformed solver.json: " + ex.what();
  }
  return p;
}

SolverTrajectory readPrepared(const PreparedRun& p, const ValidationCase& c) {
  if (!p.failure.empty()) return failedTrajectory(p.failure);
  SolverTrajectory t;
  try {
    t = trajectoryFromFolder(c, p.trajectories, p.manifest);
  } catch (const InvalidInput& ex) {  // a runner that wrote no regular file: its failure
    return failedTrajectory(std::string("the runner's trajectory: ") + ex.what());
  }
  if (t.not_representable.empty()) t.wall_seconds = p.wall_seconds_per_case;
  return t;
}

class WebEngineAdapter final : public SolverAdapter {
 public:
  explicit WebEngineAdapter(WebEngine e) : engine_(std::move(e)) {}
  std::string name() const override { return engine_.name; }
  std::vector<SolverSpec> specs() const override {
    std::vector<SolverSpec> out;
    for (const std::string& setting : engine_.settings) {
      for (const double h : engine_.steps_s) out.push_back({engine_.name, setting, h});
    }
    return out;
  }
  // The runner takes case files, and only nsdkit's own cases have one; within the case set the
  // runner itself declares what its engine cannot build.
  std::string cannotRun(const ValidationCase& c) const override {
    return canonicalCase(c.name) != nullptr
               ? ""
               : "the web engines run the case files of nsdkit's case set, and '" + c.name +
                     "' (a body's own case or a map point) has none";
  }
  std::string unavailable() const override { return webEngineUnavailable(engine_); }
  bool builtIn() const override { return false; }
  bool sharesGlobalState(const SolverSpec&) const override { return false; }
  void prepare(const std::vector<ValidationCase>& cases, const SolverSpec& spec) const override {
    auto run = std::make_shared<PreparedRun>();
    try {
      *run = runBatch(engine_, cases, spec);
    } catch (const std::exception& ex) {  // the folder or the export failed: every row says so
      run->failure = std::string("the ") + engine_.name + " runner could not be started: " + ex.what();
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    prepared_[spec.label()] = std::move(run);
  }
  void release(const SolverSpec& spec) const override {
    const std::lock_guard<std::mutex> lock(mutex_);
    prepared_.erase(spec.label());
  }
  SolverTrajectory run(const ValidationCase& c, const SolverSpec& spec) const override {
    std::shared_ptr<PreparedRun> run;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      const auto it = prepared_.find(spec.label());
      if (it != prepared_.end()) run = it->second;
    }
    if (run) return readPrepared(*run, c);
    try {  // a case on its own
      return readPrepared(runBatch(engine_, {c}, spec), c);
    } catch (const std::exception& ex) {  // e.g. a case the case files cannot hold
      return failedTrajectory("the " + engine_.name + " runner could not run this case: " +
                              ex.what());
    }
  }

 private:
  WebEngine engine_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::shared_ptr<PreparedRun>> prepared_;
};

}  // namespace

std::string webEnginesRoot() {
  if (const char* dir = std::getenv("NSDKIT_WEB_ENGINES_DIR"); dir != nullptr && *dir != '\0') {
    return dir;
  }
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = exe.parent_path().parent_path() / "share/nsdkit/engines/web";
    if (fs::is_directory(installed, ec)) return installed.string();
  }
  return NSDKIT_SOURCE_WEB_ENGINES_DIR;
}

std::vector<WebEngine> discoverWebEngines(const std::string& root) {
  std::vector<WebEngine> out;
  std::error_code ec;
  if (root.empty() || !fs::is_directory(root, ec)) return out;
  for (const auto& entry : fs::directory_iterator(root, ec)) {
    if (entry.is_directory(ec) && fs::is_regular_file(entry.path() / "engine.json", ec)) {
      out.push_back(readEngineJson(entry.path()));
    }
  }
  std::sort(out.begin(), out.end(),
            [](const WebEngine& a, const WebEngine& b) { return a.name < b.name; });
  return out;
}

std::string webEngineUnavailable(const WebEngine& e) {
  if (!e.problem.empty()) return e.problem;
  if (findOnPath("node").empty()) return "Node.js (node) is not on PATH (./nsdkit.sh deps installs it)";
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(e.folder) / "node_modules" / e.package / "package.json", ec)) {
    return "its npm package " + e.package + " is not installed in " + e.folder +
           " (./nsdkit.sh deps runs npm ci there)";
  }
  return "";
}

std::unique_ptr<SolverAdapter> makeWebEngineAdapter(WebEngine e) {
  return std::make_unique<WebEngineAdapter>(std::move(e));
}

}  // namespace nsd::validation
