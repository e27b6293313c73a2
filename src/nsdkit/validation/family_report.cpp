// The per-family tables of report.md (report.hpp: writeFamilyTables).
#include <algorithm>
#include <cmath>
#include <map>
#include <ostream>

#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/number_format.hpp>
#include <nsdkit/validation/report.hpp>
#include <nsdkit/validation/result.hpp>

namespace nsd::validation {
namespace {

// What each family checks, its tolerance and why.
std::string familyRule(CaseFamily family, const JudgeOptions& o) {
  const std::string accel = formatForReport(100 * o.acceleration_tolerance) + " %";
  switch (family) {
    case CaseFamily::kTrough:
      return "two-point rolling vs escape by Def 11; rolling acceleration (78) within " + accel +
             "; sliding start: onset within 5 % (or 3 h), final speed within 1 %.";
    case CaseFamily::kIncline:
      return "sphere at rest on a slope s: rolls with g sin s/(1 + j) iff tan s < mu (1 + j)/j "
             "(Def 9), else slides with g (sin s - mu cos s); acceleration within " +
             accel + ", final spin within " + formatForReport(100 * o.spin_tolerance) +
             " % (one integration more); a drilling torque spins it up freely. Cases at 0.5, 0.9, "
             "1.1 and 1.5 times the threshold.";
    case CaseFamily::kLaunch:
      return "sphere thrown at 1 m/s (with and without backspin) at 0, 15, 30, 45 degrees: "
             "straight path (heading within " +
             formatForReport(o.heading_tolerance_deg) +
             " degree: the exact drift is 0, a 4-sided pyramid's is degrees), rolling onset "
             "t* = 2 (v0 + r omega0)/(7 mu g) within 5 % (or 3 h), final speed "
             "(5 v0 - 2 r omega0)/7 within 1 %.";
    case CaseFamily::kBlock:
      return "box (10 x 10 x 5 cm, 1 kg, mu 0.3) sliding at 1 m/s along 0, 15, 30, 45 degrees from "
             "x (edges along x, y): straight path (heading within " +
             formatForReport(o.heading_tolerance_deg) +
             " degree), stop after v0/(mu g) (within 5 % or 3 h) at v0^2/(2 mu g) (within 1 %); at "
             "rest on slopes of 0.5 and 0.9 mu (stick: creep speed below 1e-3 m/s) and 1.1 mu "
             "(slides with g (sin s - mu cos s)).";
    case CaseFamily::kRattleback:
      return "Kane and Levinson's rattleback (ellipsoid 0.2 x 0.03 x 0.02 m, mass centre 1 cm "
             "below its centre, products of inertia) spun at -5 rad/s with a 0.5-degree wobble on "
             "a plane with mu = 1: the reversal of the spin averaged over 0.5 s, the angle "
             "turned before it and the spin over the last second within " +
             formatForReport(100 * o.reversal_tolerance) +
             " % of their rolling equations (2.79 s, -7.12 rad, 5.17 rad/s; the first turning "
             "point of the spin angle is ill-conditioned and only reported).";
    case CaseFamily::kCreep:
      return "sphere held on a slope by the torque m g r sin s: exact rest iff tan s < mu "
             "(cases at 0.5 and 0.9 mu; 1.1 mu slides). The judge keeps the one mode rule and "
             "bounds the creep speed, the mean |v_C| over the second half of the run, by 1e-3 "
             "m/s (0.4 mm over the run; the slowest true slip here averages 0.06 m/s).";
  }
  return "";
}

struct Cell {
  int pass = 0, fail = 0, not_representable = 0;
  std::vector<double> metric;
  std::string metric_name;
};

double medianOf(std::vector<double> v) {
  if (v.empty()) return NAN;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

Leaderboard leaderboardOf(const std::vector<ValidationResult>& results) {
  Leaderboard board;
  for (CaseFamily family : allCaseFamilies()) {
    const bool present = std::any_of(results.begin(), results.end(),
                                     [&](const ValidationResult& r) { return r.family == family; });
    if (present) board.families.push_back(family);
  }
  for (const auto& r : results) {
    auto row = std::find_if(board.rows.begin(), board.rows.end(),
                            [&](const LeaderboardRow& b) { return b.solver == r.solver; });
    if (row == board.rows.end()) {
      board.rows.push_back({r.solver, std::vector<LeaderboardCell>(board.families.size())});
      row = board.rows.end() - 1;
    }
    const auto k = static_cast<std::size_t>(
        std::find(board.families.begin(), board.families.end(), r.family) - board.families.begin());
    LeaderboardCell& cell = row->cells[k];
    if (r.status == RowStatus::kNotRepresentable) {
      ++cell.not_representable;
    } else if (r.status == RowStatus::kRefused) {
      ++cell.refused;
    } else {
      ++(r.pass ? cell.pass : cell.fail);
    }
  }
  return board;
}

void writeLeaderboard(std::ostream& out, const Leaderboard& board) {
  if (board.rows.empty()) return;
  out << "\n## Leaderboard: passed of judged rows, per solver setting and family\n\n"
      << "Not representable rows (the solver declared it cannot build the case) are counted "
         "apart (n.r.), refused cases too.\n\n| solver |";
  for (CaseFamily f : board.families) out << ' ' << toString(f) << " |";
  out << " all |\n|---|";
  for (std::size_t k = 0; k <= board.families.size(); ++k) out << "---|";
  out << '\n';
  for (const auto& row : board.rows) {
    out << "| " << row.solver << " |";
    std::vector<LeaderboardCell> cells = row.cells;
    LeaderboardCell total;
    for (const auto& c : row.cells) {
      total.pass += c.pass;
      total.fail += c.fail;
      total.not_representable += c.not_representable;
      total.refused += c.refused;
    }
    cells.push_back(total);
    for (const LeaderboardCell& c : cells) {
      out << ' ' << c.pass << '/' << c.pass + c.fail;
      if (c.not_representable > 0) out << " (n.r. " << c.not_representable << ')';
      if (c.refused > 0) out << " (refused " << c.refused << ')';
      out << " |";
    }
    out << '\n';
  }
}

void writeFamilyTables(std::ostream& out, const std::vector<ValidationCase>& cases,
                       const std::vector<ValidationResult>& results, const JudgeOptions& o) {
  (void)cases;
  for (CaseFamily family : allCaseFamilies()) {
    std::map<std::string, Cell> cells;  // solver label -> counts
    std::vector<std::string> order;
    for (const auto& r : results) {
      if (r.family != family) continue;
      if (!cells.count(r.solver)) order.push_back(r.solver);
      Cell& c = cells[r.solver];
      if (r.status == RowStatus::kNotRepresentable) {
        ++c.not_representable;
        continue;
      }
      (r.pass ? c.pass : c.fail) += 1;
      // The creep family's column is the creep speed of its exact-rest cases.
      const bool creep = family == CaseFamily::kCreep;
      const double value =
          creep ? valueOrNan(r.rest, &RestRecord::creep_speed_m_s) : r.metric_value;
      if (std::isfinite(value)) {
        c.metric.push_back(std::fabs(value));
        c.metric_name = creep ? "creep speed [m/s]" : r.metric;
      }
    }
    if (order.empty()) continue;
    out << "\n## Family: " << toString(family) << "\n\n" << familyRule(family, o) << "\n\n"
        << "| solver | pass | fail | not representable | metric | median |metric| | worst |\n"
        << "|---|---|---|---|---|---|---|\n";
    for (const auto& label : order) {
      const Cell& c = cells[label];
      const double worst =
          c.metric.empty() ? NAN : *std::max_element(c.metric.begin(), c.metric.end());
      out << "| " << label << " | " << c.pass << " | " << c.fail << " | " << c.not_representable
          << " | " << (c.metric_name.empty() ? "-" : c.metric_name) << " | "
          << formatForReport(medianOf(c.metric)) << " | " << formatForReport(worst) << " |\n";
    }
  }
}

}  // namespace nsd::validation
