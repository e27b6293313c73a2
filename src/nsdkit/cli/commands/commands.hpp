#pragma once
/// @file commands.hpp
/// The subcommands of `nsdkit`, one file each: every `add...Command` registers its subcommand
/// and options on `app` and returns the function that runs it with the parsed options. main.cpp
/// only dispatches. Library errors propagate as exceptions; main turns them into one line
/// `nsdkit: error: ...` and exit status 2.

#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nsdkit/jobs/html_page.hpp>

namespace nsd::cli {

/// A registered subcommand and its runner (returns the exit status).
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
  /// Options naming an output folder besides those ending in -dir (checked before any work).
  std::vector<std::string> folder_outputs{};
};

Command addClassifyCommand(CLI::App& app, unsigned default_threads);
Command addBallTroughCommand(CLI::App& app, unsigned default_threads);
Command addRegionCommand(CLI::App& app, unsigned default_threads);
Command addMeshCommand(CLI::App& app, unsigned default_threads);
/// `body`: summary and cross-section of a body file.
Command addBodyCommand(CLI::App& app, unsigned default_threads);
Command addValidateCommand(CLI::App& app, unsigned default_threads);
/// `friction`, `friction-map` and `heavy-ball`.
std::vector<Command> addFrictionCommands(CLI::App& app);
Command addRattlebackCommand(CLI::App& app);
Command addRollingFrictionCommand(CLI::App& app);

/// Writes one of the interactive HTML pages (src/python/nsdkit/pages.py, plotly) through
/// /usr/bin/python3: `page` is "report" (paths: the report folder) or "body" (paths: the
/// triangles CSV, then the page); `options` are "--name=value" words (the = form, so that a value
/// starting with '-' stays a value); the paths are passed absolute (never read as options).
/// Returns true when written; false, after a one-line note on stderr, only when the page cannot
/// be made on this machine (python3, the script or python3-plotly missing).
/// @throws InvalidInput (one line: `field` or "HTML page", the page's path and pages.py's
/// reason) if pages.py fails.
bool writeHtmlPage(const std::string& page, const std::vector<std::string>& paths,
                   const std::vector<std::string>& options = {}, const std::string& field = "");
/// writeHtmlPage as the jobs take it (jobs::HtmlPageWriter).
jobs::HtmlPageWriter htmlPageWriter();

/// An option whose value is kept as given (empty when not given): the job refuses it where its
/// mode does not use it.
template <class T>
CLI::Option* addGivenOption(CLI::App* c, const std::string& name, std::optional<T>& value,
                            const std::string& help) {
  return c->add_option_function<T>(name, [&value](const T& v) { value = v; }, help);
}

/// Shortest decimal text that reads back to the same double (nsd::formatValue).
std::string number(double value);
/// Output samples t_end / dt, bounded by what a CSV and memory hold (1e7 rows: ~1 GB of text).
/// @throws InvalidInput naming the options.
void requireSampleCount(double t_end, double dt);

}  // namespace nsd::cli
