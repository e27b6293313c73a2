// The cases of the one-plane families and the family selection (cases.hpp).
#include <algorithm>
#include <cmath>
#include <map>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/number_format.hpp>

namespace nsd::validation {

ValidationCase buildOnePlaneCase(const std::string& name, const OnePlaneModel& m) {
  const OnePlaneReference ref = referenceOf(m);
  const OnePlaneFrame f = frameOf(m);
  ValidationCase c;
  c.name = name;
  c.kind = m.family;
  c.family = toString(m.family);
  c.one_plane = m;
  c.reference = ReferenceSource::kClosedForm;
  c.t_end_s = m.duration_s;
  const BodyState x0 = exactStateAt(m, 0.0);
  c.v_C0_W = x0.v_C_W;
  c.omega0_W = x0.omega_W;
  c.realizable = ref.rolls;
  if (m.family == CaseFamily::kBlock) {
    c.allowed_modes = {ref.rolls ? "stick" : "slide"};
  } else {
    c.allowed_modes = {ref.rolls ? "R" : "S"};
  }
  c.along_W = f.e_W;
  c.expected_acceleration = ref.acceleration_m_s2;
  c.expected_rolling_onset_s = ref.rolling_onset_s;
  c.expected_final_speed = ref.final_speed_m_s;
  // A block's rotation is not its family's question (soft contacts rock a box on its corners).
  c.expected_spin_rad_s = m.family == CaseFamily::kBlock ? NAN : ref.spin_rate_rad_s;
  c.spin_axis_W = f.a_W;
  if (m.drilling_torque_N_m != 0.0) {
    c.expected_drilling_spin_rad_s = ref.drilling_spin_rad_s;
    c.drilling_axis_W = f.n_W;
  }
  c.exact_rest = ref.at_rest;
  c.measure_heading = m.family == CaseFamily::kLaunch ||
                      (m.family == CaseFamily::kBlock && m.launch_speed_m_s > 0.0);
  c.expected_stop_distance_m = ref.stop_distance_m;
  c.expected_stop_time_s = ref.stop_time_s;
  c.expected_reversal_s = ref.reversal_s;
  c.expected_mean_spin_reversal_s = ref.mean_spin_reversal_s;
  c.expected_turned_angle_rad = ref.turned_angle_rad;
  c.expected_spin_after_reversal_rad_s = ref.spin_after_reversal_rad_s;
  if (std::isfinite(ref.threshold_tan_slope)) {
    c.probed_face = "tan s = " + formatForReport(ref.threshold_tan_slope, 6);
    c.face_distance = std::tan(m.slope_rad) / ref.threshold_tan_slope - 1.0;
  }
  return c;
}

std::vector<ValidationCase> generateCases(const std::vector<CaseFamily>& families) {
  std::vector<ValidationCase> cases;
  for (const auto& c : canonicalCases()) {
    if (std::find(families.begin(), families.end(), c.kind) != families.end()) cases.push_back(c);
  }
  return cases;
}

const std::vector<ValidationCase>& canonicalCases() {
  static const std::vector<ValidationCase> cases = [] {
    std::vector<ValidationCase> all = generateCases();  // the trough's
    for (const auto& [name, model] : onePlaneModels()) {
      all.push_back(buildOnePlaneCase(name, model));
    }
    for (std::size_t i = 0; i < all.size(); ++i) all[i].case_index = i;
    return all;
  }();
  return cases;
}

const ValidationCase* canonicalCase(const std::string& name) {
  static const std::map<std::string, const ValidationCase*> by_name = [] {
    std::map<std::string, const ValidationCase*> m;
    for (const auto& c : canonicalCases()) m.emplace(c.name, &c);
    return m;
  }();
  const auto it = by_name.find(name);
  return it == by_name.end() ? nullptr : it->second;
}

std::vector<ValidationCase> quickSubset(const std::vector<ValidationCase>& cases) {
  std::vector<ValidationCase> subset;
  std::size_t trough_index = 0, other_index = 0;
  for (const auto& c : cases) {
    const bool trough = c.kind == CaseFamily::kTrough;
    if (trough ? (trough_index++ % 4 == 0) : (other_index++ % 2 == 0)) subset.push_back(c);
  }
  return subset;
}

std::vector<CaseFamily> parseFamilyList(const std::string& list) {
  std::vector<CaseFamily> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const CaseFamily family = caseFamilyFromString(list.substr(start, comma - start));
    if (std::find(out.begin(), out.end(), family) != out.end()) {
      throw InvalidInput("families: '" + toString(family) + "' is named twice");
    }
    out.push_back(family);
    start = comma + 1;
  }
  return out;
}

}  // namespace nsd::validation
