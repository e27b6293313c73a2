// The one judge of every solver's trajectory (judge.hpp: ModeRule, JudgeOptions), written as
// named stages: the run's integrity, the final mode by the common rule, then each family's metric;
// and the row's status names (result.hpp).
#include <nsdkit/validation/judge.hpp>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <sstream>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/validation/number_format.hpp>
#include <nsdkit/validation/rattleback_metric.hpp>
#include <nsdkit/validation/report_series.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/trajectory_checks.hpp>

namespace nsd::validation {

std::string toString(RowStatus status) {
  switch (status) {
    case RowStatus::kPass:
      return "pass";
    case RowStatus::kFail:
      return "fail";
    case RowStatus::kNotRepresentable:
      return "not representable";
    case RowStatus::kRefused:
      return "refused";
  }
  return "?";
}

namespace {

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : "|") + x;
  return s;
}

ValidationResult startRow(const ValidationCase& c, const SolverSpec& solver,
                          const SolverTrajectory& tr, const JudgeOptions& o) {
  ValidationResult r;
  r.family = c.kind;
  r.case_name = c.name;
  r.solver = solver.label();
  r.setting = solver.setting;
  r.step_s = solver.step_s;
  r.reference = c.reference;
  r.engine_version = tr.engine_version;
  r.setting_notes = tr.settings;
  const SolverAdapter* adapter = findSolver(solver.name);
  r.counts_as_validation =
      !(adapter && adapter->decidesByDef11() && c.reference != ReferenceSource::kClosedForm);
  r.expected = join(c.allowed_modes);
  r.tolerance = o.acceleration_tolerance;
  r.wall_seconds = tr.wall_seconds;
  r.simulated_seconds = tr.samples.empty() ? 0.0 : tr.samples.back().t;
  r.observed = "failed";
  r.status = RowStatus::kFail;
  return r;
}

// The samples preceded by the case's initial state at t = 0 (engines record from t = h; a
// user's file starts with it and the reader checks it), for the checks that difference states.
std::vector<engines::EngineSample> withInitialState(const ValidationCase& c,
                                                    const std::vector<engines::EngineSample>& s) {
  if (!s.empty() && s.front().t <= 0.0) return s;
  engines::EngineSample first;
  if (hasScene(c)) {
    const engines::SphereScene scene = sceneOf(c);
    first = engines::makeSample(scene, 0.0, scene.centre0_W, scene.q0_WS, scene.v_C0_W,
                                scene.omega0_W);
  } else {  // a user's body that is no scene: its centre starts at the origin, touching
    first.v_C_W = c.v_C0_W;
    first.omega_W = c.omega0_W;
    first.contacts.resize(s.empty() ? 2 : s.front().contacts.size());
  }
  std::vector<engines::EngineSample> out{first};
  out.insert(out.end(), s.begin(), s.end());
  return out;
}

// The unit normals of the case's planes (W): positions are compared with velocities along them.
std::vector<Eigen::Vector3d> planeNormals(const ValidationCase& c) {
  if (c.one_plane) return {frameOf(*c.one_plane).n_W};
  const contact::TwoContactBody body = twoContactBodyOf(c);
  return {body.n_plus_W, body.n_minus_W};
}

// Stage 1: the run must be complete, cover the case's duration and hold finite values only.
// Returns the reason it cannot be judged, or "".
std::string integrityProblem(const ValidationCase& c, const SolverTrajectory& tr,
                             std::size_t contacts) {
  if (!tr.completed) return tr.failure.empty() ? "the run did not complete" : tr.failure;
  if (tr.samples.size() < 4) {
    return "only " + std::to_string(tr.samples.size()) + " samples (at least 4 are judged)";
  }
  // The last sample may fall short of the duration by rounding of the step count only.
  if (tr.samples.back().t < c.t_end_s * (1.0 - 1e-9) - 1e-12) {
    return "ended at t = " + formatForReport(tr.samples.back().t, 6) + " s, before the case's " +
           formatForReport(c.t_end_s, 6) + " s";
  }
  for (const auto& s : tr.samples) {
    std::string what;
    if (!engines::sampleIsFinite(s, what)) {
      return "non-finite " + what + " at t = " + formatForReport(s.t, 6) + " s";
    }
    if (s.contacts.size() != contacts) {
      return "a sample has " + std::to_string(s.contacts.size()) + " contacts, the case " +
             std::to_string(contacts);
    }
  }
  if (tr.positions_recorded) {
    return describe(checkPositionsAgainstVelocities(withInitialState(c, tr.samples),
                                                    0.1 * c.t_end_s, planeNormals(c)));
  }
  return "";
}

// The samples within the case's duration (up to rounding of the step count): what lies beyond
// is not the case's and is never judged.
SolverTrajectory withinDuration(const ValidationCase& c, const SolverTrajectory& tr) {
  SolverTrajectory out = tr;
  const double limit = c.t_end_s * (1.0 + 1e-9) + 1e-12;
  out.samples.erase(std::find_if(out.samples.begin(), out.samples.end(),
                                 [&](const engines::EngineSample& s) { return s.t > limit; }),
                    out.samples.end());
  return out;
}

// The median spacing of the samples [s].
double medianSpacing(const std::vector<engines::EngineSample>& samples) {
  std::vector<double> dt;
  for (std::size_t i = 1; i < samples.size(); ++i) dt.push_back(samples[i].t - samples[i - 1].t);
  if (dt.empty()) return NAN;
  std::nth_element(dt.begin(), dt.begin() + static_cast<std::ptrdiff_t>(dt.size() / 2), dt.end());
  return dt[dt.size() / 2];
}

// A block's modes are sticking and sliding, not rolling's R and S.
std::string modeWord(const ValidationCase& c, const std::string& letters) {
  if (c.kind != CaseFamily::kBlock) return letters;
  return letters == "R" ? "stick" : letters == "S" ? "slide" : letters;
}

// Stage 2: the final mode of each contact by the one rule (ModeRule).
void observeModes(const SolverTrajectory& tr, const ModeRule& rule, ValidationResult& r) {
  const double t_end = tr.samples.back().t;
  const double from = (1.0 - rule.window_fraction) * t_end;
  const double from_mid = 0.5 * t_end - rule.window_fraction * t_end;
  const std::size_t contacts = tr.samples.front().contacts.size();
  std::string modes;
  for (std::size_t k = 0; k < contacts; ++k) {
    double speed = 0.0, speed_mid = 0.0, gap = 0.0;
    int n = 0, n_mid = 0;
    for (const auto& s : tr.samples) {
      if (s.t >= from) {
        speed += s.contacts[k].slip_W.norm();
        gap += s.contacts[k].gap_m;
        ++n;
      } else if (s.t >= from_mid && s.t < 0.5 * t_end) {
        speed_mid += s.contacts[k].slip_W.norm();
        ++n_mid;
      }
    }
    speed /= std::max(n, 1);
    gap /= std::max(n, 1);
    speed_mid = n_mid > 0 ? speed_mid / n_mid : 0.0;
    const double growth = speed / std::max(speed_mid, 1e-300);
    if (k == 0) {
      r.slip_plus = speed;
      r.slip_growth_plus = growth;
    } else if (k == 1) {
      r.slip_minus = speed;
      r.slip_growth_minus = growth;
    }
    const bool slips = (speed > rule.slip_floor_m_s && speed > rule.growth_ratio * speed_mid) ||
                       speed > rule.clear_slip_m_s || gap > rule.separation_m;
    modes += slips ? "S" : "R";
  }
  r.observed = modes;
}

// The creep speed of an exact-rest case: the centre's mean speed over the second half.
double creepSpeed(const SolverTrajectory& tr) {
  const double t_end = tr.samples.back().t;
  double sum = 0.0;
  int n = 0;
  for (const auto& s : tr.samples) {
    if (s.t >= 0.5 * t_end) {
      sum += s.v_C_W.norm();
      ++n;
    }
  }
  return sum / std::max(n, 1);
}

double speedAlong(const ValidationCase& c, const engines::EngineSample& s) {
  return s.v_C_W.dot(c.along_W);
}

// dv/dt along the case's axis: the least-squares slope over the second half of the run (every
// sample counts: one edited sample cannot set it, and a soft contact's chatter averages out).
double secondHalfSlope(const ValidationCase& c, const std::vector<engines::EngineSample>& s) {
  const double half = 0.5 * s.back().t;
  double n = 0, st = 0, sv = 0, stt = 0, stv = 0;
  for (const auto& x : s) {
    if (x.t < half) continue;
    const double v = speedAlong(c, x);
    n += 1;
    st += x.t;
    sv += v;
    stt += x.t * x.t;
    stv += x.t * v;
  }
  const double det = n * stt - st * st;
  return n >= 2 && det > 0 ? (n * stv - st * sv) / det : NAN;
}

// The largest displacement of the centre along the planes from its start [m].
double largestDisplacementAlongPlanes(const ValidationCase& c,
                                      const std::vector<engines::EngineSample>& s) {
  Eigen::Matrix3d along = Eigen::Matrix3d::Identity();
  for (const Eigen::Vector3d& normal : planeNormals(c)) {
    const Eigen::Vector3d d = along * normal;
    if (d.norm() > 1e-9) along -= d.normalized() * d.normalized().transpose();
  }
  double largest = 0.0;
  for (const auto& x : s) largest = std::max(largest, (along * (x.x_C_W - s.front().x_C_W)).norm());
  return largest;
}

// Stage 3: kinematic measurements (acceleration over the second half, final spin and speed,
// onsets, heading drift, creep speed).
void measure(const ValidationCase& c, const SolverTrajectory& tr, const ModeRule& rule,
             ValidationResult& r) {
  const auto& last = tr.samples.back();
  r.acceleration = secondHalfSlope(c, tr.samples);
  r.max_penetration_m = 0.0;
  for (const auto& s : tr.samples) {
    for (const auto& contact : s.contacts) {
      r.max_penetration_m = std::max(r.max_penetration_m, -contact.gap_m);
    }
  }
  r.final_velocity_along = speedAlong(c, last);
  r.final_speed = last.v_C_W.norm();
  r.spin = last.omega_W.dot(c.spin_axis_W);
  r.drilling_spin = last.omega_W.dot(c.drilling_axis_W);
  for (const auto& s : tr.samples) {
    double slip = 0.0;
    for (const auto& contact : s.contacts) slip = std::max(slip, contact.slip_W.norm());
    if (!std::isfinite(r.slip_onset) && slip > rule.onset_speed_m_s) r.slip_onset = s.t;
    if (slip > rule.onset_speed_m_s) r.rolling_onset = NAN;
    if (slip <= rule.onset_speed_m_s && !std::isfinite(r.rolling_onset)) r.rolling_onset = s.t;
  }
  r.stop_distance = last.x_C_W.norm();  // the centre starts at the origin
  if (std::isfinite(c.expected_stop_time_s) || std::isfinite(c.expected_stop_distance_m)) {
    r.stop.emplace();
    if (std::isfinite(c.expected_stop_time_s)) r.stop->time_s = r.rolling_onset;
  }
  if (c.measure_heading && c.one_plane) {
    const HeadingMeasure heading = headingDrift(tr.samples, c.v_C0_W,
                                                frameOf(*c.one_plane).n_W, 0.1 * c.t_end_s);
    r.heading.emplace();
    if (heading.measured) r.heading->drift_deg = heading.drift_deg;
  }
  if (c.kind == CaseFamily::kRattleback) {
    // The spin about the downward vertical, measured as the reference's (rattleback_metric.hpp),
    // from t = 0 as the reference's (an engine's first sample is at t = h: without the initial
    // state the turned angle would miss w h, 7e-4 of it at h = 1 ms).
    const RattlebackMetrics m = rattlebackMetrics(withInitialState(c, tr.samples));
    RattlebackRecord& record = r.rattleback.emplace();
    record.mean_spin_reversal_time_s = m.mean_spin_reversal_s;
    record.turned_angle_rad = m.turned_angle_rad;
    record.spin_after_reversal_rad_s = m.spin_after_reversal_rad_s;
    record.reversal_time_s = m.first_turning_point_s;
  }
  if (c.exact_rest) {
    RestRecord& rest = r.rest.emplace();
    rest.creep_speed_m_s = creepSpeed(tr);
    rest.displacement_m = largestDisplacementAlongPlanes(c, withInitialState(c, tr.samples));
  }
}

std::string rollingWhereNotRealizable(const ValidationCase& c, const ValidationResult& r) {
  if (c.one_plane && c.one_plane->family == CaseFamily::kBlock) {
    return "kept sticking where Coulomb's law says it slides (tan s > mu)";
  }
  if (c.one_plane) {
    return "kept rolling where Def 9 says it slides (needs mu >= tan s j / (1 + j) at this slope)";
  }
  const Possibility p = rollingPossibility(c);
  const Possibility pyramid = rollingPossibility(c, std::sqrt(2.0));
  if (!p.possible && pyramid.possible) {
    // The trajectory cannot tell a pyramid from friction above mu N: say what was computed.
    return "kept rolling where no RR force set fits both circular friction cones (best margin " +
           formatForReport(p.best_margin) +
           " N): Coulomb's law is violated; a set fits cones widened to sqrt2 mu, as a 4-sided "
           "friction pyramid |T1|, |T2| <= mu N would allow (so would any friction above mu N)";
  }
  if (p.possible) {
    return "kept rolling where rolling is possible (an RR force set lies inside both cones, "
           "squeeze s in [" +
           formatForReport(p.s_low) + ", " + formatForReport(p.s_high) +
           "] N) but not realizable (Def 11: " + r.expected +
           "): the solver picked one of the undetermined force sets";
  }
  return "kept rolling where no RR force set fits both friction cones (best margin " +
         formatForReport(p.best_margin) + " N): Coulomb's law is violated";
}

// Stage 4a: the final mode against the allowed ones; returns whether it is allowed.
bool checkMode(const ValidationCase& c, const ValidationResult& r,
               std::vector<std::string>& reasons) {
  const bool mode_ok = std::find(c.allowed_modes.begin(), c.allowed_modes.end(), r.observed) !=
                       c.allowed_modes.end();
  if (!mode_ok) {
    const bool all_rolling = r.observed.find('S') == std::string::npos && r.observed != "slide";
    if (all_rolling) {
      reasons.push_back(rollingWhereNotRealizable(c, r));
    } else {
      reasons.push_back("observed " + r.observed + " (slip speeds " + formatForReport(r.slip_plus) +
                        (std::isfinite(r.slip_minus) ? ", " + formatForReport(r.slip_minus) : "") +
                        " m/s), expected " + r.expected);
    }
  }
  return mode_ok;
}

// Stage 4b: a body sunk deeper than 2 % of its size is no longer the case's body on its planes
// (the engines measured: MuJoCo's soft contact 0.72 mm at most for the 5 cm sphere, every other
// engine's exact setting under 0.2 mm; DART's FCL defaults sink through).
void checkPenetration(const ValidationCase& c, const ValidationResult& r,
                      std::vector<std::string>& reasons) {
  const double size =
      hasScene(c) ? sceneOf(c).radius_m : twoContactBodyOf(c).r_CPplus_W.norm();
  if (!(r.max_penetration_m <= kMaxPenetrationFraction * size)) {
    reasons.push_back("sank " + formatForReport(1e3 * r.max_penetration_m) +
                      " mm into a plane, more than " +
                      formatForReport(1e3 * kMaxPenetrationFraction * size) +
                      " mm (2 % of its size): no longer the case's contact");
  }
}

// Stage 4c: an exact-rest case: a creep bound on the second half's speed
// (trajectory_checks.hpp: kCreepBound_m_s) and on the whole run's displacement (a body that
// travelled and stopped before the second half did not rest).
void checkRest(const ValidationCase& c, const ValidationResult& r, bool mode_ok,
               std::vector<std::string>& reasons) {
  const double creep_speed_m_s = valueOrNan(r.rest, &RestRecord::creep_speed_m_s);
  const double displacement_m = valueOrNan(r.rest, &RestRecord::displacement_m);
  if (mode_ok && !(creep_speed_m_s <= kCreepBound_m_s)) {
    reasons.push_back("creeps at " + formatForReport(creep_speed_m_s) +
                      " m/s (mean speed over the second half) where the exact motion is rest "
                      "(bound " + formatForReport(kCreepBound_m_s) + " m/s)");
  }
  if (!(displacement_m <= kCreepBound_m_s * c.t_end_s)) {
    reasons.push_back("moved " + formatForReport(displacement_m) +
                      " m along the plane where the exact motion is rest (bound " +
                      formatForReport(kCreepBound_m_s * c.t_end_s) + " m: " +
                      formatForReport(kCreepBound_m_s) + " m/s over the run)");
  }
}

// The record a row carries for a check, made (all NaN) if the row has none yet.
template <typename Record>
Record& recordOf(std::optional<Record>& record) {
  return record ? *record : record.emplace();
}

// Stage 4: every check of the case against its reference; returns the reasons of failure.
std::vector<std::string> checkAgainstReference(const ValidationCase& c,
                                               const JudgeOptions& o, ValidationResult& r) {
  std::vector<std::string> reasons;
  const bool mode_ok = checkMode(c, r, reasons);
  checkPenetration(c, r, reasons);
  if (c.exact_rest) {
    checkRest(c, r, mode_ok, reasons);
    return reasons;
  }
  if (std::isfinite(c.expected_acceleration)) {
    // The velocity it reached, not only its slope: uniformly accelerated from the start.
    const double expected_v = c.v_C0_W.dot(c.along_W) + c.expected_acceleration * c.t_end_s;
    const double v_scale = std::max(std::fabs(c.expected_acceleration) * c.t_end_s, 0.1);
    if (!(std::fabs(r.final_velocity_along - expected_v) <= o.spin_tolerance * v_scale)) {
      reasons.push_back("velocity along the axis at the end " +
                        formatForReport(r.final_velocity_along, 5) + " m/s, analytic " +
                        formatForReport(expected_v, 5) + " m/s");
    }
    r.acceleration_error = std::fabs(r.acceleration - c.expected_acceleration) /
                           std::max(std::fabs(c.expected_acceleration), 1e-2);
    if (!(r.acceleration_error <= o.acceleration_tolerance)) {
      reasons.push_back("acceleration " + formatForReport(r.acceleration, 5) + " m/s^2 off " +
                        std::string(c.one_plane ? "the analytic "
                                    : c.body    ? "the RR solution "
                                                : "(78) ") +
                        formatForReport(c.expected_acceleration, 5) + " by " +
                        formatForReport(r.acceleration_error) + " (relative)");
    }
  }
  if (std::isfinite(c.expected_spin_rad_s)) {
    r.spin_error =
        std::fabs(r.spin - c.expected_spin_rad_s) / std::max(std::fabs(c.expected_spin_rad_s), 1.0);
    if (!(r.spin_error <= o.spin_tolerance)) {
      reasons.push_back("final spin " + formatForReport(r.spin, 5) + " rad/s, analytic " +
                        formatForReport(c.expected_spin_rad_s, 5) + " rad/s");
    }
  }
  if (std::isfinite(c.expected_drilling_spin_rad_s)) {
    const double error = std::fabs(r.drilling_spin - c.expected_drilling_spin_rad_s) /
                         std::max(std::fabs(c.expected_drilling_spin_rad_s), 1.0);
    if (!(error <= o.spin_tolerance)) {
      reasons.push_back("spin about the normal " + formatForReport(r.drilling_spin, 5) +
                        " rad/s, analytic " + formatForReport(c.expected_drilling_spin_rad_s, 5) +
                        " rad/s (a drilling torque meets no Coulomb resistance at a point)");
    }
  }
  if (std::isfinite(c.expected_rolling_onset_s)) {
    const double h = r.sample_spacing_s;  // the time resolution the trajectory has
    const double tol = std::max(o.onset_tolerance_relative * c.expected_rolling_onset_s, 3 * h);
    OnsetRecord& onset = r.onset.emplace();
    onset.onset_error = (r.rolling_onset - c.expected_rolling_onset_s) / c.expected_rolling_onset_s;
    if (!(std::fabs(r.rolling_onset - c.expected_rolling_onset_s) <= tol)) {
      reasons.push_back("rolling (sticking) onset " + formatForReport(r.rolling_onset, 4) +
                        " s, analytic " + formatForReport(c.expected_rolling_onset_s, 4) + " s");
    }
    // Over max(expected, 0.1 m/s): a block's final speed is 0, judged to 1e-3 m/s.
    onset.final_speed_error =
        std::fabs(r.final_speed - c.expected_final_speed) / std::max(c.expected_final_speed, 0.1);
    if (!(onset.final_speed_error <= o.final_speed_tolerance)) {
      reasons.push_back("final speed " + formatForReport(r.final_speed, 5) + " m/s, analytic " +
                        formatForReport(c.expected_final_speed, 5) + " m/s");
    }
  }
  // measure() makes the records a case checks; were one missing, its values are NaN and fail
  // here, as an unmeasured value must (never a check skipped).
  if (std::isfinite(c.expected_stop_time_s)) {
    const double h = r.sample_spacing_s;  // the time resolution the trajectory has
    const double tol = std::max(o.onset_tolerance_relative * c.expected_stop_time_s, 3 * h);
    StopRecord& stop = recordOf(r.stop);
    const double stop_time_s = stop.time_s;
    stop.time_error = (stop_time_s - c.expected_stop_time_s) / c.expected_stop_time_s;
    if (!(std::fabs(stop_time_s - c.expected_stop_time_s) <= tol)) {
      reasons.push_back(std::isfinite(stop_time_s)
                            ? "stopped at " + formatForReport(stop_time_s, 4) + " s, analytic " +
                                  formatForReport(c.expected_stop_time_s, 4) + " s (v0 / (mu g))"
                            : "never stopped (analytic: at " +
                                  formatForReport(c.expected_stop_time_s, 4) + " s)");
    }
  }
  if (std::isfinite(c.expected_stop_distance_m)) {
    StopRecord& stop = recordOf(r.stop);
    stop.distance_error =
        std::fabs(r.stop_distance - c.expected_stop_distance_m) / c.expected_stop_distance_m;
    if (!(stop.distance_error <= o.final_speed_tolerance)) {
      reasons.push_back("stopped after " + formatForReport(r.stop_distance, 5) + " m, analytic " +
                        formatForReport(c.expected_stop_distance_m, 5) + " m (v0^2 / (2 mu g))");
    }
  }
  if (c.kind == CaseFamily::kRattleback) {
    // Judged: the well-conditioned measures of rattleback_metric.hpp. The first turning point
    // is only reported (it jumps by 1.8 % under a 0.1 % change of the wobble).
    RattlebackRecord& record = recordOf(r.rattleback);
    record.reversal_error =
        (record.reversal_time_s - c.expected_reversal_s) / c.expected_reversal_s;
    RattlebackMetrics measured, reference;
    measured.mean_spin_reversal_s = record.mean_spin_reversal_time_s;
    measured.turned_angle_rad = record.turned_angle_rad;
    measured.spin_after_reversal_rad_s = record.spin_after_reversal_rad_s;
    reference.mean_spin_reversal_s = c.expected_mean_spin_reversal_s;
    reference.turned_angle_rad = c.expected_turned_angle_rad;
    reference.spin_after_reversal_rad_s = c.expected_spin_after_reversal_rad_s;
    RattlebackComparison comparison =
        compareRattlebackMetrics(measured, reference, o.reversal_tolerance);
    record.mean_spin_reversal_error = comparison.mean_spin_reversal_error;
    record.turned_angle_error = comparison.turned_angle_error;
    record.spin_after_reversal_error = comparison.spin_after_reversal_error;
    for (auto& reason : comparison.reasons) reasons.push_back(std::move(reason));
  }
  const double drift_deg = valueOrNan(r.heading, &HeadingRecord::drift_deg);
  if (c.measure_heading && !std::isfinite(drift_deg)) {
    reasons.push_back("moved less than " + formatForReport(kHeadingFloor_m) +
                      " m on the plane: no heading can be measured (the exact motion moves "
                      "along its initial velocity)");
  } else if (c.measure_heading && !(drift_deg <= o.heading_tolerance_deg)) {
    reasons.push_back("heading drifted by " + formatForReport(drift_deg) +
                      " degrees (from the displacement on the plane; exact: 0, Coulomb's cone "
                      "is isotropic)");
  }
  return reasons;
}

// The value of the case's headline metric in a judged row.
double headlineMetricValue(const ValidationCase& c, const ValidationResult& r) {
  if (c.kind == CaseFamily::kRattleback) {
    return valueOrNan(r.rattleback, &RattlebackRecord::mean_spin_reversal_error);
  }
  if (c.exact_rest) return valueOrNan(r.rest, &RestRecord::creep_speed_m_s);
  if (c.measure_heading) return valueOrNan(r.heading, &HeadingRecord::drift_deg);
  if (std::isfinite(c.expected_rolling_onset_s)) {
    return valueOrNan(r.onset, &OnsetRecord::onset_error);
  }
  if (std::isfinite(c.expected_acceleration)) return r.acceleration_error;
  return std::max(r.slip_growth_plus,
                  std::isfinite(r.slip_growth_minus) ? r.slip_growth_minus : r.slip_growth_plus);
}

}  // namespace

std::string familyMetricName(const ValidationCase& c) {
  if (c.kind == CaseFamily::kRattleback) return "mean-spin reversal-time error [-]";
  if (c.exact_rest) return "creep speed [m/s]";
  if (c.measure_heading) return "heading drift [deg]";
  if (std::isfinite(c.expected_rolling_onset_s)) return "onset error [-]";
  if (std::isfinite(c.expected_acceleration)) return "acceleration error [-]";
  return "slip growth [-]";
}

ValidationResult judge(const ValidationCase& c, const SolverSpec& solver,
                       const SolverTrajectory& tr, const JudgeOptions& o) {
  ValidationResult r = startRow(c, solver, tr, o);
  r.series = reportSeries(c, tr);
  if (!tr.not_representable.empty()) {
    r.status = RowStatus::kNotRepresentable;
    r.observed = "n/a";
    r.reason = "not representable: " + tr.not_representable;
    return r;
  }
  const std::size_t contacts = c.one_plane ? 1 : 2;
  const SolverTrajectory within = withinDuration(c, tr);
  if (!within.samples.empty()) r.simulated_seconds = within.samples.back().t;
  if (const std::string problem = integrityProblem(c, within, contacts); !problem.empty()) {
    r.reason = problem;
    return r;
  }
  r.sample_spacing_s = medianSpacing(within.samples);
  observeModes(within, o.rule, r);
  r.observed = modeWord(c, r.observed);
  measure(c, within, o.rule, r);
  // The friction the motion needed (trajectory_checks.hpp): above Coulomb's bound the row fails.
  FrictionEvidence friction;
  if (within.positions_recorded) {
    const auto from_start = withInitialState(c, within.samples);
    friction = c.one_plane ? frictionEvidence(c, from_start)
                           : twoContactFrictionEvidence(c, from_start);
  }
  if (friction.measured) r.friction_ratio_max = friction.max_ratio;
  const std::vector<std::string> reasons = checkAgainstReference(c, o, r);
  r.metric = familyMetricName(c);
  r.metric_value = headlineMetricValue(c, r);
  r.pass = reasons.empty() && coulombViolation(c, friction).empty();
  r.status = r.pass ? RowStatus::kPass : RowStatus::kFail;
  if (!r.pass) {
    const std::string cause =
        frictionCause(c, friction, valueOrNan(r.rest, &RestRecord::creep_speed_m_s));
    if (!cause.empty()) r.reason = "cause: " + cause;
  }
  for (const auto& s : reasons) r.reason += (r.reason.empty() ? "" : "; ") + s;
  return r;
}

}  // namespace nsd::validation
