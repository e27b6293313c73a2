#pragma once
/// @file report_writers.hpp
/// Internal: the writers of the validation report's files, one per file (report.cpp writes
/// report.json and calls the others): report.md (report_markdown.cpp) and report_meta.json
/// (report_meta.cpp), and the per-solver summary that report.json and report.md both show.

#include <cmath>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/report.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation::detail {

/// One solver setting's rows summed up: counts, the confusion table, the acceleration and onset
/// errors and the slip speeds on either side of the mode rule.
struct SolverSummary {
  std::string label;  ///< the solver setting (ValidationResult::solver)
  std::size_t rows = 0, passed = 0, counted = 0, counted_passed = 0, not_representable = 0;
  std::map<std::string, std::map<std::string, int>> confusion;  // expected -> observed -> count
  std::vector<double> acceleration_errors;
  double max_rolling_slip = 0.0;        ///< largest final slip among contacts judged rolling
  double min_slipping_slip = INFINITY;  ///< smallest final slip among contacts judged slipping
  double max_rolling_growth = 0.0;  ///< largest s_end/s_mid among rolling contacts above the floor
  double min_slipping_growth = INFINITY;
  double wall = 0.0, simulated = 0.0;
  std::vector<double> onset_errors;
};

/// The summaries of every solver setting, in the order of the results.
std::vector<SolverSummary> summarizeSolvers(const std::vector<ValidationCase>& cases,
                                            const std::vector<ValidationResult>& results,
                                            const JudgeOptions& options);

/// report_meta.json: each case with its own family's parameters, the solvers and the rule's
/// numbers.
void writeReportMeta(const std::string& dir, const std::vector<ValidationCase>& cases,
                     const std::vector<SolverSpec>& solvers, const JudgeOptions& options);

/// report.md: the counts, the rules, the solvers, the families, the maps, the settings, the
/// confusion tables and every failed row with its reason.
void writeReportMarkdown(const std::string& dir, const std::vector<ValidationCase>& cases,
                         const std::vector<ValidationResult>& results,
                         const std::vector<SolverSummary>& summaries, const ReportMaps& maps,
                         const std::vector<SolverSpec>& solvers, const JudgeOptions& options,
                         const std::vector<SkippedSolver>& skipped);

}  // namespace nsd::validation::detail
