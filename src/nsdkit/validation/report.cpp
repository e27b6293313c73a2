// The validation report: report.json and the map CSVs here; report.md (report_markdown.cpp) and
// report_meta.json (report_meta.cpp) by their own writers.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/statistics.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/json_values.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/maps.hpp>
#include <nsdkit/validation/report.hpp>
#include <nsdkit/validation/report_series.hpp>
#include <nsdkit/validation/report_writers.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/run_notes.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {
namespace detail {
namespace {

// The expected category of a row for the confusion table: RR, or the first escape mode.
std::string expectedCategory(const std::string& expected) {
  return expected.substr(0, expected.find('|'));
}

}  // namespace

std::vector<SolverSummary> summarizeSolvers(const std::vector<ValidationCase>& cases,
                                            const std::vector<ValidationResult>& results,
                                            const JudgeOptions& o) {
  std::map<std::string, std::size_t> slot;
  std::vector<SolverSummary> out;
  std::map<std::string, const ValidationCase*> by_name;
  for (const auto& c : cases) by_name[c.name] = &c;
  for (const auto& r : results) {
    if (!slot.count(r.solver)) {
      slot[r.solver] = out.size();
      out.push_back({});
      out.back().label = r.solver;
    }
    SolverSummary& s = out[slot[r.solver]];
    if (r.status == RowStatus::kNotRepresentable) {
      ++s.not_representable;
      continue;  // neither pass nor fail
    }
    ++s.rows;
    s.passed += r.pass;
    if (r.counts_as_validation) {
      ++s.counted;
      s.counted_passed += r.pass;
    }
    ++s.confusion[expectedCategory(r.expected)][r.observed];
    if (std::isfinite(r.acceleration_error)) s.acceleration_errors.push_back(r.acceleration_error);
    if (r.observed != "failed" && r.observed.size() == 2 && std::isfinite(r.slip_plus)) {
      const double slip[2] = {r.slip_plus, r.slip_minus};
      const double growth[2] = {r.slip_growth_plus, r.slip_growth_minus};
      for (int k = 0; k < 2; ++k) {
        if (r.observed[static_cast<std::size_t>(k)] == 'S') {
          s.min_slipping_slip = std::min(s.min_slipping_slip, slip[k]);
          s.min_slipping_growth = std::min(s.min_slipping_growth, growth[k]);
        } else {
          s.max_rolling_slip = std::max(s.max_rolling_slip, slip[k]);
          if (slip[k] > o.rule.slip_floor_m_s && slip[k] <= o.rule.clear_slip_m_s) {
            s.max_rolling_growth = std::max(s.max_rolling_growth, growth[k]);
          }
        }
      }
    }
    s.wall += r.wall_seconds;
    s.simulated += r.simulated_seconds;
    const auto* c = by_name.count(r.case_name) ? by_name[r.case_name] : nullptr;
    if (c && std::isfinite(c->expected_rolling_onset_s) && std::isfinite(r.rolling_onset)) {
      s.onset_errors.push_back(r.rolling_onset - c->expected_rolling_onset_s);
    }
  }
  return out;
}

}  // namespace detail

using detail::SolverSummary;

namespace {

// Writes the row's optional records (result.hpp) into its JSON: null where absent or NaN.
void writeRecordKeys(const ValidationResult& r, nlohmann::json& row) {
  const auto put = [&row](const char* key, double value) { row[key] = numberOrNull(value); };
  put("onset_error", valueOrNan(r.onset, &OnsetRecord::onset_error));
  put("final_speed_error", valueOrNan(r.onset, &OnsetRecord::final_speed_error));
  put("heading_drift_deg", valueOrNan(r.heading, &HeadingRecord::drift_deg));
  put("creep_speed", valueOrNan(r.rest, &RestRecord::creep_speed_m_s));
  put("rest_displacement_m", valueOrNan(r.rest, &RestRecord::displacement_m));
  put("stop_time", valueOrNan(r.stop, &StopRecord::time_s));
  put("stop_time_error", valueOrNan(r.stop, &StopRecord::time_error));
  put("stop_distance_error", valueOrNan(r.stop, &StopRecord::distance_error));
  const std::optional<RattlebackRecord>& rb = r.rattleback;  // the rattleback family's
  put("reversal_time", valueOrNan(rb, &RattlebackRecord::reversal_time_s));
  put("reversal_error", valueOrNan(rb, &RattlebackRecord::reversal_error));
  put("mean_spin_reversal_time", valueOrNan(rb, &RattlebackRecord::mean_spin_reversal_time_s));
  put("mean_spin_reversal_error", valueOrNan(rb, &RattlebackRecord::mean_spin_reversal_error));
  put("turned_angle", valueOrNan(rb, &RattlebackRecord::turned_angle_rad));
  put("turned_angle_error", valueOrNan(rb, &RattlebackRecord::turned_angle_error));
  put("spin_after_reversal", valueOrNan(rb, &RattlebackRecord::spin_after_reversal_rad_s));
  put("spin_after_reversal_error", valueOrNan(rb, &RattlebackRecord::spin_after_reversal_error));
}

// report.json's rows: every measurement of every run.
nlohmann::json rowsJson(const std::vector<ValidationResult>& results) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : results) {
    rows.push_back({{"family", toString(r.family)},
                    {"status", toString(r.status)},
                    {"metric", r.metric},
                    {"metric_value", numberOrNull(r.metric_value)},
                    {"friction_ratio_max", numberOrNull(r.friction_ratio_max)},
                    {"max_penetration_m", numberOrNull(r.max_penetration_m)},
                    {"final_velocity_along", numberOrNull(r.final_velocity_along)},
                    {"sample_spacing_s", numberOrNull(r.sample_spacing_s)},
                    {"custom", r.custom},
                    {"stop_distance", numberOrNull(r.stop_distance)},
                    {"spin", numberOrNull(r.spin)},
                    {"spin_error", numberOrNull(r.spin_error)},
                    {"case", r.case_name},
                    {"solver", r.solver},
                    {"setting", r.setting},
                    {"step_s", r.step_s},
                    {"reference", toString(r.reference)},
                    {"counts_as_validation", r.counts_as_validation},
                    {"expected", r.expected},
                    {"observed", r.observed},
                    {"pass", r.pass},
                    {"acceleration", numberOrNull(r.acceleration)},
                    {"acceleration_error", numberOrNull(r.acceleration_error)},
                    {"slip_onset", numberOrNull(r.slip_onset)},
                    {"rolling_onset", numberOrNull(r.rolling_onset)},
                    {"final_speed", numberOrNull(r.final_speed)},
                    {"slip_plus", numberOrNull(r.slip_plus)},
                    {"slip_minus", numberOrNull(r.slip_minus)},
                    {"slip_growth_plus", numberOrNull(r.slip_growth_plus)},
                    {"slip_growth_minus", numberOrNull(r.slip_growth_minus)},
                    {"tolerance", r.tolerance},
                    {"wall_seconds", r.wall_seconds},
                    {"simulated_seconds", r.simulated_seconds},
                    {"reason", r.reason},
                    {"run_notes", runNotesOf(r.setting_notes)}});
    writeRecordKeys(r, rows.back());
  }
  return rows;
}

// report.json's solvers: each setting's counts, confusion table and extremes.
nlohmann::json solversJson(const std::vector<SolverSummary>& summaries) {
  nlohmann::json solver_json = nlohmann::json::array();
  for (const auto& s : summaries) {
    nlohmann::json confusion;
    for (const auto& [e, row] : s.confusion) {
      for (const auto& [ob, n] : row) confusion[e][ob] = n;
    }
    solver_json.push_back(
        {{"solver", s.label},
         {"rows", s.rows},
         {"not_representable", s.not_representable},
         {"passed", s.passed},
         {"pass_rate", numberOrNull(static_cast<double>(s.passed) / static_cast<double>(s.rows))},
         {"counted_rows", s.counted},
         {"counted_passed", s.counted_passed},
         {"confusion", confusion},
         {"median_acceleration_error", numberOrNull(upperMedian(s.acceleration_errors))},
         {"max_acceleration_error",
          numberOrNull(
              s.acceleration_errors.empty()
                  ? NAN
                  : *std::max_element(s.acceleration_errors.begin(), s.acceleration_errors.end()))},
         {"max_slip_judged_rolling", s.max_rolling_slip},
         {"min_slip_judged_slipping", numberOrNull(s.min_slipping_slip)},
         {"max_growth_judged_rolling", s.max_rolling_growth},
         {"min_growth_judged_slipping", numberOrNull(s.min_slipping_growth)},
         {"wall_seconds_per_simulated_second", s.wall / std::max(s.simulated, 1e-300)}});
  }
  return solver_json;
}

// The trough maps as maps/<solver>_<section>.csv; returns their entries for report.json.
nlohmann::json writeTroughMaps(const std::string& dir, const std::vector<ModeMap>& maps) {
  nlohmann::json map_json = nlohmann::json::array();
  for (const auto& m : maps) {
    std::string file = m.solver + "_" + m.section + ".csv";
    std::replace(file.begin(), file.end(), '/', '_');
    map_json.push_back({{"solver", m.solver},
                        {"section", m.section},
                        {"m_z", m.m_z},
                        {"grid", m.grid},
                        {"half_width", m.half_width},
                        {"agreement", m.agreement},
                        {"wall_seconds", m.wall_seconds},
                        {"file", "maps/" + file}});
    writeFileAtomically(dir + "/maps/" + file, [&](std::ostream& out) {
      out << "# solver " << m.solver << ", section " << m.section << " (m_z = " << m.m_z
          << "), mu 0.3, j 0.4\nm_x,m_y,expected,observed,agrees\n";
      for (const auto& p : m.points) {
        out << p.m_x << ',' << p.m_y << ',' << p.expected << ',' << p.observed << ','
            << (p.agrees ? 1 : 0) << '\n';
      }
    });
  }
  return map_json;
}

}  // namespace

void writeReport(const std::string& dir, const std::vector<ValidationCase>& cases,
                 const std::vector<ValidationResult>& results, const ReportMaps& report_maps,
                 const std::vector<SolverSpec>& solvers, const JudgeOptions& o,
                 const std::vector<SkippedSolver>& skipped) {
  nlohmann::json board_json = nlohmann::json::array();
  const Leaderboard board = leaderboardOf(results);
  for (const auto& row : board.rows) {
    nlohmann::json cells = nlohmann::json::object();
    for (std::size_t k = 0; k < board.families.size(); ++k) {
      const LeaderboardCell& c = row.cells[k];
      cells[toString(board.families[k])] = {{"pass", c.pass},
                                            {"fail", c.fail},
                                            {"not_representable", c.not_representable},
                                            {"refused", c.refused}};
    }
    board_json.push_back({{"solver", row.solver}, {"families", cells}});
  }
  nlohmann::json skipped_json = nlohmann::json::array();
  for (const auto& s : skipped) skipped_json.push_back({{"solver", s.name}, {"reason", s.reason}});
  std::filesystem::create_directories(dir + "/maps");
  const auto summaries = detail::summarizeSolvers(cases, results, o);
  const nlohmann::json map_json = writeTroughMaps(dir, report_maps.trough);
  const nlohmann::json family_maps =
      nlohmann::json::parse(writeFamilyMaps(dir, report_maps.incline, report_maps.launch));
  writeFileAtomically(dir + "/report.json", [&](std::ostream& out) {
    out << nlohmann::json{{"rows", rowsJson(results)},
                          {"solvers", solversJson(summaries)},
                          {"maps", map_json},
                          {"family_maps", family_maps},
                          {"skipped_solvers", skipped_json},
                          {"leaderboard", board_json}}
               .dump(1)
        << '\n';
  });
  writeReportSeries(dir, cases, results);
  detail::writeReportMeta(dir, cases, solvers, o);
  detail::writeReportMarkdown(dir, cases, results, summaries, report_maps, solvers, o, skipped);
}

}  // namespace nsd::validation
