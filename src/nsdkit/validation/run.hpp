#pragma once
/// @file run.hpp
/// A validation run: every case through every chosen solver (solver_registry.hpp), each run
/// judged (judge.hpp) into a row of the report, optionally with the time series of some cases.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {

/// Options of a validation run.
struct ValidationOptions {
  /// The solvers to run (all of them by default).
  std::vector<SolverSpec> solvers = allSolvers();
  /// How rows are judged.
  JudgeOptions judge;
  /// Worker threads (cases run in parallel; rows keep their order).
  unsigned threads = 1;
  /// Called with (done, total) from the calling thread while running (may be empty).
  std::function<void(std::size_t, std::size_t)> progress;
  /// Time series of these cases (every solver) are written to `series_dir` as
  /// `<case>__<solver>.csv` (t, slip speeds, normal and tangential forces where the solver
  /// reports them, speed along the trough); nothing is written when `series_dir` is empty.
  std::vector<std::string> series_cases{"mu0.3_j0.4/inside", "mu0.3_j0.4/low+mz/ray+y/outside",
                                        "mu0.3_j0.4/high+mz/ray+x/outside",
                                        "mu0.3_j0.4/sliding_v0=1"};
  /// The folder of the series CSVs ("": none written).
  std::string series_dir;
};

/// File name of a series: the case and solver labels with '/' and '=' replaced.
std::string seriesFileName(const std::string& case_name, const std::string& solver_label);

/// Runs every case through every solver. Rows are ordered case-major, solver-minor, whatever the
/// thread count. Engines whose libraries keep global state (ODE, DART's ODE collision, Siconos)
/// run one at a time.
std::vector<ValidationResult> runValidation(const std::vector<ValidationCase>& cases,
                                            const ValidationOptions& options);

}  // namespace nsd::validation
