#pragma once
/// @file validate_job.hpp
/// The validation job (`nsdkit validate`, `nsdkit.jobs.validate`), in four modes: the report of
/// every solver on the benchmark's cases with the mode maps (default), the cases exported as
/// JSON (`export_cases`), a user's solver's trajectories scored (`score`), and a body file's
/// own cases (`body`). Each writes its report folder (report.md, report.json, the series, and
/// report.html through the front end's page writer).

#include <cstddef>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nsdkit/jobs/html_page.hpp>

namespace nsd::jobs {

/// What the validation job is asked. Optionals are "given" (some are refused in some modes).
struct ValidateJobOptions {
  std::string output = "out/validation";  ///< the report folder
  std::optional<double> t_end;            ///< trough runs' duration [s] in [1e-3, 10] (0.2)
  int map_grid = 41;                      ///< grid points per map axis, in [2, 201]
  unsigned threads = 1;                   ///< worker threads, >= 1
  bool quick = false;                     ///< every fourth case, h = 1e-3 only
  bool quiet = false;                     ///< no progress lines
  std::string export_cases;               ///< write the cases as JSON here and stop ("": no)
  bool score = false;                     ///< score a solver's trajectories
  std::string cases_dir;                  ///< score: the folder export_cases wrote
  std::string trajectories_dir;           ///< score: <case number>.csv (+ solver.json)
  std::optional<std::string> solver_name; ///< score: the solver's name (solver.json's, else
                                          ///< user-solver)
  std::optional<std::string> families;    ///< comma-separated families (default: all six)
  std::optional<std::string> engines;     ///< comma-separated solvers (default: all)
  std::string body;                       ///< a body file's own cases instead of the ball's
  std::string input;                      ///< body: CSV of load points (parameter names)
  int body_grid = 7;                      ///< body without input: points per section axis,
                                          ///< in [1, 100]
  std::ostream* log = nullptr;            ///< progress lines ("skipped ...", maps); null: none
  std::function<void(std::size_t done, std::size_t total)> progress;  ///< runs done; may be empty
};

/// What the job did.
struct ValidateJobResult {
  std::size_t runs = 0;      ///< runs (score: benchmark trajectories scored)
  std::size_t passed = 0;    ///< of them passing
  std::size_t exported = 0;  ///< export_cases: cases written
  std::size_t declared_not_representable = 0, custom = 0, refused = 0;  ///< score
  bool page_written = false;                                            ///< report.html
};

/// Runs the mode the options choose. @throws InvalidInput naming the option (an option the
/// mode does not take is refused).
ValidateJobResult runValidateJob(const ValidateJobOptions& options,
                                 const HtmlPageWriter& page = {});

/// The line `nsdkit validate` prints at the end.
void printValidateJob(const ValidateJobOptions& options, const ValidateJobResult& result,
                      std::ostream& out);

}  // namespace nsd::jobs
