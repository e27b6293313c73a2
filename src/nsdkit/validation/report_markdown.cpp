// report.md: the validation report for people (report_writers.hpp).
#include <algorithm>
#include <cmath>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/statistics.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/maps.hpp>
#include <nsdkit/validation/number_format.hpp>
#include <nsdkit/validation/report.hpp>
#include <nsdkit/validation/report_writers.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/run_notes.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation::detail {
namespace {

std::string fmt(double v, int precision = 3) { return formatForReport(v, precision); }

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

// Text from inputs (solver names, solver.json's settings, case names, reasons quoting files) in
// report.md: Markdown's active characters backslash-escaped, '<', '>' and '&' as entities and
// newlines as spaces, so that it stays text in its table cell.
std::string markdownText(const std::string& text) {
  std::string out;
  for (const char ch : text) {
    switch (ch) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '\n':
      case '\r':
        out += ' ';
        break;
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
      default:
        out += ch;
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

}  // namespace

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
          << " | " << fmt(100.0 * static_cast<double>(s.passed) / static_cast<double>(s.rows))
          << " % | " << s.counted_passed << "/" << s.counted << " | "
          << fmt(upperMedian(s.acceleration_errors)) << " | " << fmt(s.max_rolling_slip) << " ("
          << fmt(s.max_rolling_growth) << ") | " << fmt(s.min_slipping_slip) << " ("
          << fmt(s.min_slipping_growth) << ") | " << fmt(s.wall / std::max(s.simulated, 1e-300))
          << " |\n";
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

}  // namespace nsd::validation::detail
