// The validation report: report.json, report.md, report_meta.json and the map CSVs.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/statistics.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/json_values.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/maps.hpp>
#include <nsdkit/validation/number_format.hpp>
#include <nsdkit/validation/report.hpp>
#include <nsdkit/validation/report_series.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/run_notes.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {
namespace {

std::string fmt(double v, int precision = 3) { return formatForReport(v, precision); }

// The expected category of a row for the confusion table: RR, or the first escape mode.
std::string expectedCategory(const std::string& expected) {
  return expected.substr(0, expected.find('|'));
}

struct SolverSummary {
  std::string label;
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

std::vector<SolverSummary> summarize(const std::vector<ValidationCase>& cases,
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

// The "How rows are judged" section of report.md: every rule of the judge with its numbers.
void writeJudgingRules(std::ostream& out, const JudgeOptions& o) {
  out << "- Expected modes and the rolling acceleration come from the paper's closed forms "
           "((78), (82)-(83), (85)-(86), (88), (90)-(91), ERRATA) where they apply (right-angle "
           "trough, mu+ = mu-); elsewhere (60 and 120 degree troughs, mu+ != mu-) from the "
           "Def-11 predicate only, marked `predicate only`. nsdkit's event-driven integrator "
           "decides its transitions with that predicate, so its rows on those cases are not "
           "counted as validating it.\n"
        << "- Final mode: a contact slips when its mean slip speed s_end over the last "
        << o.rule.window_fraction * 100 << " % of the run exceeds " << o.rule.slip_floor_m_s
        << " m/s and has grown " << o.rule.growth_ratio
        << " times over the same window ending at mid-run (or its mean gap exceeds "
        << o.rule.separation_m << " m), or whenever s_end exceeds " << o.rule.clear_slip_m_s
        << " m/s. Soft contacts creep while sticking (MuJoCo: (1 - d)/d (tau/2) a_t, up to "
           "5e-3 m/s in principle, 8e-4 m/s measured with its defaults on an incline), and the "
           "slowest escapes of the case list reach only 2.7e-3 m/s by 0.2 s in nsdkit's exact "
           "integrator, so no speed threshold separates them; but creep under constant loads is "
           "stationary (s_end/s_mid ~ 1) while Coulomb slip grows (~2 from rest). The table "
           "below shows, per solver, the largest slip speed and growth judged rolling and the "
           "smallest judged slipping.\n"
        << "- RR rows also need the acceleration along the trough (second half of the run) "
           "within "
        << o.acceleration_tolerance * 100
        << " % of (78); sliding rows need the rolling onset within 5 % (or 3 h) of "
           "v0 / (sqrt2 mu g (1 + 1/(2j))) and the final speed within 1 % of v0 / (1 + 2j). "
           "A non-finite value or a run that stops early fails with the reason.\n"
        << "- Only the case's duration is judged: samples past it are ignored. Positions and "
           "velocities must tell one motion: over every window of a tenth of the run the "
           "displacement must match the trapezoid integral of the velocity within half a step "
           "times each velocity change plus 4e-6 m and 1e-4 of the displacement, else the row "
           "fails with that reason (a stale velocity of a sleeping body, another frame).\n"
        << "- Slip at a contact is the smallest tangential velocity of the body points on the "
           "segment from the deepest point to the plane (the support point's when there is no "
           "overlap): an exact engine may hold the contact anywhere in its overlap. Headings are "
           "taken from the displacement on the plane over the last tenth of the run (the whole "
           "run for a body that stopped), never from less than 1 cm.\n"
        << "- A body whose exact motion is rest must creep below 1e-3 m/s (mean speed over the "
           "second half; 0.4 mm over 0.4 s). Blocks are judged as stick/slide with their stop "
           "time v0 / (mu g) within 5 % (or 3 h).\n"
        << "- A failing one-contact row names its cause where the trajectory shows one: the "
           "friction ratio |F_t|/N from the measured accelerations and the case's loads above "
           "1.05 mu + 0.02 (Coulomb's law violated), a sliding ratio following "
           "mu / (|cos theta| + |sin theta|) (a 4-sided pyramid), or creep below 1e-2 m/s "
           "(soft contact).\n"
        << "- For every row that keeps rolling where Def 11 says it cannot, the reason says "
           "whether rolling is *possible* there (an RR force set inside both friction cones "
           "exists along the free squeeze direction) -- then the solver picked one of the "
           "undetermined force sets -- or not even possible (Coulomb's law violated).\n";
}

// report_meta.json: each case with its own family's parameters (a one-plane case has no trough
// angle, torque or mu+-), the solvers and the rule's numbers.
void writeReportMeta(const std::string& dir, const std::vector<ValidationCase>& cases,
                     const std::vector<SolverSpec>& solvers, const JudgeOptions& o) {
  auto onePlaneMeta = [](const ValidationCase& c, nlohmann::json& entry) {
    const OnePlaneModel& m = *c.one_plane;
    entry["mu"] = m.mu;
    entry["slope_deg"] = radiansToDegrees(m.slope_rad);
    entry["heading_deg"] = radiansToDegrees(m.heading_rad);
    entry["duration_s"] = m.duration_s;
    const bool sphere = m.family == CaseFamily::kIncline || m.family == CaseFamily::kLaunch ||
                        m.family == CaseFamily::kCreep;
    if (sphere) {
      entry["inertia"] = m.inertia_ratio;
      entry["radius_m"] = m.radius_m;
      entry["expected_spin_rad_s"] = numberOrNull(c.expected_spin_rad_s);
    }
    if (m.family == CaseFamily::kIncline) {
      entry["drilling_torque_N_m"] = m.drilling_torque_N_m;
      entry["expected_drilling_spin_rad_s"] = numberOrNull(c.expected_drilling_spin_rad_s);
    }
    if (m.family == CaseFamily::kLaunch) {
      entry["launch_speed_m_s"] = m.launch_speed_m_s;
      entry["backspin_rad_s"] = m.backspin_rad_s;
      entry["expected_final_speed_m_s"] = numberOrNull(c.expected_final_speed);
    }
    if (m.family == CaseFamily::kBlock) {
      const Eigen::Vector3d& h = m.box_half_extents_m;
      entry["box_half_extents_m"] = {h.x(), h.y(), h.z()};
      entry["launch_speed_m_s"] = m.launch_speed_m_s;
      entry["expected_stop_distance_m"] = numberOrNull(c.expected_stop_distance_m);
      entry["expected_stop_time_s"] = numberOrNull(c.expected_stop_time_s);
    }
    if (m.family == CaseFamily::kRattleback) {
      const auto& p = m.rattleback;
      const auto& i = m.rattleback_initial;
      entry["rattleback"] = {{"a_m", p.a},
                             {"b_m", p.b},
                             {"c_m", p.c},
                             {"mass_kg", p.mass},
                             {"h_m", p.h},
                             {"A_kg_m2", p.A},
                             {"B_kg_m2", p.B},
                             {"C_kg_m2", p.C},
                             {"D_kg_m2", p.D},
                             {"sigma_N_m_s", p.sigma},
                             {"alpha0_rad", i.alpha},
                             {"beta0_rad", i.beta},
                             {"omega0_rad_s", {i.omega1, i.omega2, i.omega3}}};
      entry["expected_mean_spin_reversal_s"] = numberOrNull(c.expected_mean_spin_reversal_s);
      entry["expected_turned_angle_rad"] = numberOrNull(c.expected_turned_angle_rad);
      entry["expected_first_turning_point_s"] = numberOrNull(c.expected_reversal_s);
      entry["expected_spin_after_reversal_rad_s"] =
          numberOrNull(c.expected_spin_after_reversal_rad_s);
    }
  };
  nlohmann::json case_json = nlohmann::json::array();
  for (const auto& c : cases) {
    nlohmann::json entry{{"case", c.name},
                         {"family", toString(c.kind)},
                         {"reference", toString(c.reference)},
                         {"realizable", c.realizable},
                         {"allowed_modes", c.allowed_modes},
                         {"expected_acceleration", numberOrNull(c.expected_acceleration)},
                         {"probed_face", c.probed_face},
                         {"face_distance", numberOrNull(c.face_distance)},
                         {"expected_rolling_onset_s", numberOrNull(c.expected_rolling_onset_s)}};
    if (c.one_plane) {
      onePlaneMeta(c, entry);
    } else if (c.body) {  // a user's body: the loads are in the case name; the measured direction
      entry["v0"] = c.v_C0_W.z();
      entry["body"] = c.family;
      entry["along"] = {c.along_W[0], c.along_W[1], c.along_W[2]};
    } else {
      entry["v0"] = c.v_C0_W.z();
      entry["mu_plus"] = c.parameters.mu_plus;
      entry["mu_minus"] = c.parameters.mu_minus;
      entry["inertia"] = c.parameters.inertia_ratio;
      entry["angle_deg"] = radiansToDegrees(c.parameters.opening_angle_rad);
      entry["torque"] = {c.torque[0], c.torque[1], c.torque[2]};
    }
    case_json.push_back(entry);
  }
  nlohmann::json settings = nlohmann::json::array();
  for (const auto& sp : solvers) settings.push_back(sp.label());
  writeFileAtomically(dir + "/report_meta.json", [&](std::ostream& out) {
    out << nlohmann::json{{"cases", case_json},
                          {"solvers", settings},
                          {"slip_floor_m_s", o.rule.slip_floor_m_s},
                          {"growth_ratio", o.rule.growth_ratio},
                          {"window_fraction", o.rule.window_fraction},
                          {"acceleration_tolerance", o.acceleration_tolerance}}
               .dump(1)
        << '\n';
  });

}

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


// Text from inputs (solver names, solver.json's settings, case names, reasons quoting files) in
// report.md: Markdown's active characters backslash-escaped, '<', '>' and '&' as entities and
// newlines as spaces, so that it stays text in its table cell.
std::string markdownText(const std::string& text) {
  std::string out;
  for (const char ch : text) {
    switch (ch) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '\n':
      case '\r': out += ' '; break;
      case '|':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '\\':
        out += '\\';
        out += ch;
        break;
      default: out += ch;
    }
  }
  return out;
}

// report.md: the counts, the rules, the solvers, the families, the maps, the settings, the
// confusion tables and every failed row with its reason.
// The chosen solvers that could not run here, each with its reason (never silently absent).
void writeSkippedSolvers(std::ostream& out, const std::vector<SkippedSolver>& skipped) {
  if (skipped.empty()) return;
  out << "\nSkipped on this machine (chosen, but unable to run):\n\n";
  for (const auto& s : skipped) {
    out << "- " << markdownText(s.name) << ": " << markdownText(s.reason) << "\n";
  }
}

// A solver setting's version and non-default settings as its runs reported them (the first
// row that ran); a setting without such a row (none of its rows ran) is asked with a short run
// of the first case. Run notes (engines::kRunNoteSetting, run_notes.hpp) are not settings: the
// report lists them per row.
struct RunSettings {
  std::string engine_version;
  std::vector<engines::SettingNote> settings;
};
RunSettings runSettingsOf(const SolverSpec& spec, const ValidationCase& first_case,
                          const std::vector<ValidationResult>& results) {
  RunSettings out;
  const auto ran = std::find_if(results.begin(), results.end(), [&](const ValidationResult& r) {
    return r.solver == spec.label() && !r.engine_version.empty();
  });
  if (ran != results.end()) {
    out.engine_version = ran->engine_version;
    out.settings = ran->setting_notes;
  } else {
    ValidationCase probe = first_case;
    probe.t_end_s = 2 * std::max(spec.step_s, 1e-3);
    const SolverTrajectory t = runSolver(probe, spec);
    out.engine_version = t.engine_version;
    out.settings = t.settings;
  }
  out.settings.erase(std::remove_if(out.settings.begin(), out.settings.end(),
                                    [](const engines::SettingNote& n) {
                                      return n.setting == engines::kRunNoteSetting;
                                    }),
                     out.settings.end());
  return out;
}

void writeReportMarkdown(const std::string& dir, const std::vector<ValidationCase>& cases,
                         const std::vector<ValidationResult>& results,
                         const std::vector<SolverSummary>& summaries, const ReportMaps& report_maps,
                         const std::vector<SolverSpec>& solvers, const JudgeOptions& o,
                         const std::vector<SkippedSolver>& skipped) {
  const std::vector<ModeMap>& maps = report_maps.trough;
  const std::vector<InclineMap>& incline_maps = report_maps.incline;
  const std::vector<LaunchDriftMap>& launch_maps = report_maps.launch;
  writeFileAtomically(dir + "/report.md", [&](std::ostream& out) {
    std::size_t passed = 0;
    for (const auto& r : results) passed += r.pass;
    out << "# nsdkit contact benchmark report\n\n"
        << passed << " of " << results.size() << " case x solver runs pass (" << cases.size()
        << " cases, " << summaries.size() << " solver settings).\n\n"
        << "## How rows are judged (one rule for every solver)\n\n";
    writeJudgingRules(out, o);
    out << "\n## Solvers\n\n| solver | pass | pass rate | counted (validating) | median accel. "
           "error | max slip judged rolling [m/s] (growth) | min slip judged slipping [m/s] "
           "(growth) | wall s per simulated s |\n|---|---|---|---|---|---|---|---|\n";
    for (const auto& s : summaries) {
      // Rows the solver declared (or was found) unable to represent are named, never hidden.
      out << "| " << markdownText(s.label) << " | " << s.passed << "/" << s.rows
          << (s.not_representable > 0
                  ? " (+" + std::to_string(s.not_representable) + " not representable)"
                  : std::string())
          << " | "
          << fmt(100.0 * static_cast<double>(s.passed) / static_cast<double>(s.rows)) << " % | "
          << s.counted_passed << "/" << s.counted << " | " << fmt(upperMedian(s.acceleration_errors))
          << " | " << fmt(s.max_rolling_slip) << " (" << fmt(s.max_rolling_growth) << ") | "
          << fmt(s.min_slipping_slip) << " (" << fmt(s.min_slipping_growth) << ") | "
          << fmt(s.wall / std::max(s.simulated, 1e-300)) << " |\n";
    }
    writeSkippedSolvers(out, skipped);
    writeRunNotesSection(out, results);
    writeLeaderboard(out, leaderboardOf(results));
    writeFamilyTables(out, cases, results, o);
    if (!maps.empty()) {
      out << "\n## Maps: agreement with Def 11 on the cross-sections (mu 0.3, j 0.4)\n\n"
          << "Each engine simulates a " << maps.front().grid << " x " << maps.front().grid
          << " grid of torques for 0.2 s at h = 1e-3; the share of points where its final mode "
             "is one Def 11 allows is its headline number. Figure: `maps.png`.\n\n"
          << "| solver | section | agreement | wall [s] |\n|---|---|---|---|\n";
      for (const auto& m : maps) {
        out << "| " << m.solver << " | " << m.section << " | " << fmt(100 * m.agreement, 4)
            << " % | " << fmt(m.wall_seconds) << " |\n";
      }
    }
    if (!incline_maps.empty() || !launch_maps.empty()) {
      out << "\n## Family maps (h = 1e-3)\n\n| solver | incline: agreement with Def 9 over "
             "(s, mu) at heading 30 deg | launch: largest heading drift over 0-90 deg [deg] |\n"
             "|---|---|---|\n";
      for (std::size_t k = 0; k < std::max(incline_maps.size(), launch_maps.size()); ++k) {
        double worst = NAN;
        if (k < launch_maps.size()) {
          worst = 0.0;
          for (const auto& p : launch_maps[k].points) {
            worst = std::max(worst, std::isfinite(p.drift_deg) ? p.drift_deg : 0.0);
          }
        }
        out << "| " << (k < incline_maps.size() ? incline_maps[k].solver : launch_maps[k].solver)
            << " | "
            << (k < incline_maps.size() ? fmt(100 * incline_maps[k].agreement, 4) + " %" : "-")
            << " | " << fmt(worst) << " |\n";
      }
    }
    out << "\n## Settings (every non-default setting and why)\n\n";
    std::set<std::string> seen;
    for (const auto& sp : solvers) {
      const std::string key = sp.name + "/" + sp.setting;
      if (seen.count(key)) continue;
      seen.insert(key);
      if (!findSolver(sp.name) || cases.empty()) {
        out << "- **" << markdownText(sp.name) << "**"
            << (sp.declared_version.empty() ? "" : " (" + markdownText(sp.declared_version) + ")")
            << ": trajectories supplied by the user, scored by the same rule";
        if (sp.step_s > 0) out << "; step " << sp.step_s << " s (its solver.json)";
        out << ". ";
        for (const auto& n : sp.declared_settings) {
          out << markdownText(n.setting) << ": " << markdownText(n.reason) << ". ";
        }
        out << '\n';
        continue;
      }
      const RunSettings t = runSettingsOf(sp, cases.front(), results);
      out << "- **" << key << "** (" << t.engine_version << "): ";
      if (t.settings.empty()) out << "the solver's defaults, time step only.";
      for (const auto& n : t.settings) out << "`" << n.setting << "`: " << n.reason << ". ";
      out << '\n';
    }
    out << "\n## Confusion tables (rows: expected, first escape mode; columns: observed)\n\n";
    const std::vector<std::string> observed_cols{"RR", "RS", "SR", "SS", "R", "S", "failed"};
    for (const auto& s : summaries) {
      out << "**" << markdownText(s.label) << "**\n\n| expected \\ observed |";
      for (const auto& c : observed_cols) out << ' ' << c << " |";
      out << "\n|---|---|---|---|---|---|---|---|\n";
      for (const auto& [e, row] : s.confusion) {
        out << "| " << e << " |";
        for (const auto& c : observed_cols) {
          const auto it = row.find(c);
          out << ' ' << (it == row.end() ? 0 : it->second) << " |";
        }
        out << '\n';
      }
      out << '\n';
    }
    out << "## Failed rows and their reasons\n\n| case | solver | expected | observed | "
           "reason |\n|---|---|---|---|---|\n";
    for (const auto& r : results) {
      if (r.pass || r.status == RowStatus::kNotRepresentable) continue;
      out << "| " << markdownText(r.case_name) << " | " << markdownText(r.solver) << " | "
          << r.expected << " | " << r.observed << " | " << markdownText(r.reason) << " |\n";
    }
  });
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
  const auto summaries = summarize(cases, results, o);
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
  writeReportMeta(dir, cases, solvers, o);
  writeReportMarkdown(dir, cases, results, summaries, report_maps, solvers, o, skipped);
}

}  // namespace nsd::validation
