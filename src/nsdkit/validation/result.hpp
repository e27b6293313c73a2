#pragma once
/// @file result.hpp
/// A row of the validation report: one case run by one solver, as judged (judge.hpp), with the
/// run thinned for the report's plots and 3-D replay (report_series.hpp).

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nsdkit/engines/scene/sphere_scene.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/one_plane_families.hpp>

namespace nsd::validation {

/// What a row says.
enum class RowStatus {
  /// The observed mode is allowed, every checked quantity within its tolerance, the friction
  /// within Coulomb's bound.
  kPass,
  /// The row failed (`reason` says why).
  kFail,
  kNotRepresentable,  ///< the solver cannot build the scene: neither pass nor fail.
  kRefused,           ///< the case (file) was refused: its stored content is not its model's.
};
/// "pass", "fail", "not representable" or "refused".
std::string toString(RowStatus status);

/// One contact of a report frame (W): the body's support point towards the plane, the slip
/// velocity by the judge's rule (ContactRecord) and the contact force as the solver reports it
/// (zero where it reports none).
struct ReportContact {
  Eigen::Vector3d point_W = Eigen::Vector3d::Constant(NAN);  ///< [m]; NaN: no scene to find it
  Eigen::Vector3d slip_W = Eigen::Vector3d::Zero();          ///< [m/s]
  Eigen::Vector3d tangential_force_W = Eigen::Vector3d::Zero();  ///< [N]
  double normal_force_N = 0.0;                                   ///< [N]
};
/// One frame of a run as the report draws it (report_series.hpp).
struct ReportFrame {
  /// Time [s].
  double t_s = 0.0;
  Eigen::Vector3d x_C_W = Eigen::Vector3d::Zero();            ///< [m]
  Eigen::Quaterniond q_WS = Eigen::Quaterniond::Identity();   ///< body orientation
  Eigen::Vector3d v_C_W = Eigen::Vector3d::Zero();            ///< [m/s]
  Eigen::Vector3d omega_W = Eigen::Vector3d::Zero();          ///< [rad/s]
  double reference_speed_m_s = NAN;   ///< the case's analytic |v_C| at t (NaN: none)
  double reference_spin_rad_s = NAN;  ///< the case's analytic |Omega| at t (NaN: none)
  /// One per plane of the scene, in its order.
  std::vector<ReportContact> contacts;
};
/// A run thinned for the report's plots and 3-D replay: at most kReportSeriesPoints frames, evenly
/// spaced in the recorded steps, first and last included.
struct ReportSeries {
  /// The frames, in time order.
  std::vector<ReportFrame> frames;
};
/// The most frames a ReportSeries holds.
constexpr std::size_t kReportSeriesPoints = 200;

/// The rolling (sticking) onset of a case with an analytic one (ValidationResult::onset).
struct OnsetRecord {
  /// (observed - analytic rolling onset) / analytic [-] (NaN: it never rolled).
  double onset_error = NAN;
  /// |final speed - analytic| / max(analytic, 0.1 m/s) [-].
  double final_speed_error = NAN;
};
/// The heading drift of a case that measures it (ValidationResult::heading).
struct HeadingRecord {
  /// Angle between the initial velocity and the displacement on the plane over the last 10 % of
  /// the run (the whole run for a body that stopped) [deg]; NaN below kHeadingFloor_m (the
  /// record is present, the drift too short to measure).
  double drift_deg = NAN;
};
/// The rest of an exact-rest case (ValidationResult::rest).
struct RestRecord {
  /// Mean |v_C| over the second half [m/s].
  double creep_speed_m_s = NAN;
  /// The largest displacement along the planes from the start [m].
  double displacement_m = NAN;
};
/// The stop of a sliding block (ValidationResult::stop). Each value is NaN where the case does
/// not expect its quantity, each error NaN in an exact-rest case (judged by its rest alone).
struct StopRecord {
  /// Last time the slip exceeds the onset speed [s] (NaN: it never stopped).
  double time_s = NAN;
  /// (observed - analytic stop time) / analytic [-].
  double time_error = NAN;
  /// |stop distance - analytic| / analytic [-].
  double distance_error = NAN;
};
/// The rattleback's measures (rattleback_metric.hpp) and their errors relative to the
/// reference's (ValidationResult::rattleback). A measure that does not occur (no reversal) is NaN.
struct RattlebackRecord {
  /// First turning point of psi [s] (reported only).
  double reversal_time_s = NAN;
  /// The first turning point's error relative to the reference's gamma [-] (reported only).
  double reversal_error = NAN;
  /// First sign change of the spin averaged over 0.5 s [s].
  double mean_spin_reversal_time_s = NAN;
  /// The mean-spin reversal time's error relative to the reference's [-].
  double mean_spin_reversal_error = NAN;
  /// The angle turned before the mean-spin reversal [rad].
  double turned_angle_rad = NAN;
  /// The turned angle's error relative to the reference's [-].
  double turned_angle_error = NAN;
  /// Mean spin about the downward vertical over the last second [rad/s].
  double spin_after_reversal_rad_s = NAN;
  /// The final spin's error relative to the reference's [-].
  double spin_after_reversal_error = NAN;
};
/// `field` of `record`, NaN where the record is absent (report.json writes null there).
template <typename Record>
double valueOrNan(const std::optional<Record>& record, double Record::*field) {
  return record ? (*record).*field : NAN;
}

/// The judged result of one case run by one solver: a row of the report.
struct ValidationResult {
  /// The case's benchmark family.
  CaseFamily family = CaseFamily::kTrough;
  /// Pass, fail, not representable or refused.
  RowStatus status = RowStatus::kFail;
  std::string case_name, solver, setting;
  /** @var case_name
      The case's name ("<family>/<probe>"). */
  /** @var solver
      The solver's name. */
  /** @var setting
      The solver's setting ("defaults", "exact" or "-"). */
  /// The solver's time step [s] (0: adaptive).
  double step_s = 0.0;
  /// Where the case's expectation comes from.
  ReferenceSource reference = ReferenceSource::kClosedForm;
  bool counts_as_validation = true;  ///< false: nsdkit's integrator on a predicate-only case.
  /// A custom case of a scored folder (ValidationCase::custom): its solver label is
  /// "<name> [custom]" and it is never counted in the solver's benchmark pass rate.
  bool custom = false;
  std::string expected;              ///< "RR" or the escapes joined by '|'
  std::string observed;              ///< "RR", "RS", "SR", "SS" or "failed"
  /// Whether the row passed: the observed mode is allowed, every checked quantity is within its
  /// tolerance and the friction the motion needed is within Coulomb's bound.
  bool pass = false;
  /// Measured dv/dt along the case's axis: the least-squares slope over the second half [m/s^2].
  double acceleration = NAN;
  double final_velocity_along = NAN;  ///< v_C . axis at the end [m/s] (checked with it, 2 %)
  /// The deepest overlap of the body with a plane over the run [m] (kMaxPenetration_m).
  double max_penetration_m = NAN;
  double acceleration_error = NAN;           ///< relative to the expected value (RR cases)
  double slip_onset = NAN;                   ///< first time a contact slips [s] (NaN: never)
  double rolling_onset = NAN;                ///< sliding family: first time both contacts roll [s]
  double final_speed = NAN;                  ///< |v_C| at the end [m/s]
  double slip_plus = NAN, slip_minus = NAN;  ///< mean slip speeds over the final window [m/s]
  /** @var slip_plus
      Mean slip speed at P+ over the final window [m/s]. */
  double slip_growth_plus = NAN, slip_growth_minus = NAN;  ///< s_end / s_mid (see ModeRule)
  /** @var slip_growth_plus
      s_end / s_mid at P+ (see ModeRule). */
  double tolerance = 0.0;                                  ///< relative acceleration tolerance used
  /// Wall time of the run [s].
  double wall_seconds = 0.0;
  /// Time of the last recorded sample [s].
  double simulated_seconds = 0.0;
  double spin = NAN, spin_error = NAN;  ///< Omega . spin axis at the end [rad/s], relative error
  /** @var spin
      Omega . spin axis at the end of the run [rad/s]. */
  double drilling_spin = NAN;           ///< Omega . n at the end [rad/s] (drilling cases)
  /// The friction the motion needed, from the measured accelerations and the case's loads over
  /// 10 ms windows (trajectory_checks.hpp): one contact, the largest |F_t| / N; two contacts, the
  /// largest multiple of the friction coefficients (1: on the cones). Above Coulomb's bound
  /// (1.05 mu + 0.02, or 1.05 + 0.02 / mu) the row fails.
  double friction_ratio_max = NAN;
  double stop_distance = NAN;           ///< |x_C(end) - x_C(0)| [m] (sliding block)
  /// The trajectory's median sample spacing [s]: the resolution of its onset and stop times,
  /// which sets the 3 h part of their tolerances (measured, never declared).
  double sample_spacing_s = NAN;
  /// The solver's version and every non-default setting with its reason, as this run reported
  /// them (report.md's settings section).
  std::string engine_version;
  /// Every non-default setting of the run, with its reason.
  std::vector<engines::SettingNote> setting_notes;
  /// The rolling onset against its analytic value: present where the case expects one
  /// (a finite expected_rolling_onset_s) and is not an exact-rest case. This record and the four
  /// below are absent from a row that was not judged (not representable, refused, unreadable).
  std::optional<OnsetRecord> onset;
  /// The heading drift: present where the case measures it (measure_heading, one plane).
  std::optional<HeadingRecord> heading;
  /// The creep and displacement of an exact-rest case: present where the case is one.
  std::optional<RestRecord> rest;
  /// The stop of a sliding block: present where the case expects a stop time or distance.
  std::optional<StopRecord> stop;
  /// The rattleback's measures against the reference's: present for the rattleback family.
  std::optional<RattlebackRecord> rattleback;
  /// The case's headline metric: its name and value (familyMetricName).
  std::string metric;
  /// The headline metric's value.
  double metric_value = NAN;
  /// For failures: computed reason (including, where rolling was observed but is not
  /// realizable, whether an admissible RR force set inside both friction cones exists).
  std::string reason;
  /// The run's time series for the report (series.json, report.html).
  ReportSeries series;
};

}  // namespace nsd::validation
