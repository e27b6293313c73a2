#include <nsdkit/cli/commands/commands.hpp>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/models/ball_trough.hpp>

extern char** environ;

namespace nsd::cli {

bool writeHtmlPage(const std::vector<std::string>& args) {
  const std::string script = NSDKIT_PAGES_SCRIPT;
  const std::string python = "/usr/bin/python3";
  if (!std::filesystem::exists(script) || !std::filesystem::exists(python)) {
    std::cerr << "nsdkit: note: HTML page not written (" << script << " or " << python
              << " missing)\n";
    return false;
  }
  // posix_spawn with an argument vector: no shell, so no quoting of the user's paths.
  std::vector<std::string> words{python, script};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, python.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  if (spawned != 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    std::cerr << "nsdkit: note: HTML page not written (" << script << " failed)\n";
    return false;
  }
  return true;
}

std::string number(double value) { return formatValue(value); }

PointResult classifyPoint(const models::BallTroughParameters& p, const Eigen::Vector3d& m,
                          const std::string& method, bool certify) {
  contact::RealizabilityOptions options;
  if (method == "generic-sampled") options.ss_search = contact::SlipSlipSearch::kSampledField;
  options.ss_rational.certify = certify;
  const models::BallTroughClassification c =
      method == "closed-form" ? models::classifyClosedForm(p, m, options.ss_rational)
                              : models::classifyGeneric(p, m, options);
  return {c.realizable, models::escapeLabel(c.escapes),
          c.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete,
          c.ss.report.completeness == filippov::Completeness::kCertified};
}

void requireSampleCount(double t_end, double dt) {
  requirePositive(t_end, "--t-end");
  requirePositive(dt, "--dt");
  if (t_end / dt > 1e7) {
    throw InvalidInput("--t-end / --dt = " + formatValue(t_end / dt) +
                       " output samples; at most 1e7 (raise --dt)");
  }
}

}  // namespace nsd::cli
