#pragma once
/// @file report.hpp
/// The validation report: report.json, report.md, report_meta.json, the map CSVs, the per-family
/// tables and the leaderboard.

#include <ostream>
#include <string>
#include <vector>

#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/maps.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {

// ---- Report -------------------------------------------------------------------------------------

/// Writes report.json, report.md and report_meta.json into `dir` (atomically), plus the map CSVs.
/// The per-family tables of report.md: for each family and solver setting, pass / fail / not
/// representable counts and the family's metric (median and worst), with the family's tolerance
/// and why; the creep speeds of the exact-rest cases per setting.
void writeFamilyTables(std::ostream& out, const std::vector<ValidationCase>& cases,
                       const std::vector<ValidationResult>& results, const JudgeOptions& options);

/// Rows of one solver setting in one family: passed, failed, not representable, refused.
struct LeaderboardCell {
  int pass = 0, fail = 0, not_representable = 0, refused = 0;
  /** @var pass
      Rows that passed. */
  /** @var fail
      Rows that failed. */
  /** @var not_representable
      Rows the solver could not represent. */
  /** @var refused
      Rows of refused case files. */
};
/// One solver setting's cells, in the order of Leaderboard::families.
struct LeaderboardRow {
  /// The solver's label (ValidationResult::solver).
  std::string solver;
  /// One cell per family.
  std::vector<LeaderboardCell> cells;
};
/// Every solver setting (rows, in the order of the results) x every family present (columns).
struct Leaderboard {
  /// The families present in the results, in report order.
  std::vector<CaseFamily> families;
  /// One row per solver setting.
  std::vector<LeaderboardRow> rows;
};
/// Counts the results per solver and family.
Leaderboard leaderboardOf(const std::vector<ValidationResult>& results);
/// The leaderboard as a Markdown table, "pass/judged" per cell and in all.
void writeLeaderboard(std::ostream& out, const Leaderboard& board);

/// The maps of a report: the trough's cross-sections and the one-plane families' maps.
struct ReportMaps {
  /// The trough's cross-sections, one per solver and section.
  std::vector<ModeMap> trough;
  /// The incline's (slope, mu) maps, one per solver.
  std::vector<InclineMap> incline;
  /// The launch's heading-drift maps, one per solver.
  std::vector<LaunchDriftMap> launch;
};

/// `skipped`: the chosen solvers that could not run on this machine, named in report.md and
/// report.json ("skipped_solvers").
void writeReport(const std::string& dir, const std::vector<ValidationCase>& cases,
                 const std::vector<ValidationResult>& results, const ReportMaps& maps,
                 const std::vector<SolverSpec>& solvers, const JudgeOptions& options,
                 const std::vector<SkippedSolver>& skipped = {});

}  // namespace nsd::validation
