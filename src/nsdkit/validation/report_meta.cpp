// report_meta.json: what a report's cases and solvers were (report_writers.hpp).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/json_values.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/report_writers.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation::detail {

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

}  // namespace nsd::validation::detail
