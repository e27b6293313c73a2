#pragma once
/// @file validation.hpp
/// Validation of multibody solvers against nsdkit's analytic references for the ball in a V
/// trough (two-point-contact paper, Sect. 6): a generated list of cases around the realizable
/// body, each run through nsdkit's event-driven integrator, Siconos TimeStepping, and MuJoCo,
/// Bullet, ODE and DART at their default and their most exact settings, each at two step sizes;
/// every run is judged by one rule and compared with the expected mode and acceleration.
///
/// Frame: the trough frame W of models/ball_trough.hpp (k along the trough, upward vertical
/// (i + j)/sqrt2, centre of the ball at the origin at t = 0). SI units throughout.

#include <Eigen/Core>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nsdkit/engines/scene/sphere_scene.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/validation/one_plane_families.hpp>

namespace nsd::validation {

/// Where a case's expected modes and acceleration come from.
enum class ReferenceSource {
  /// The paper's closed forms: planes (82)-(83), the SS search on the closed-form field (85)
  /// with (86), (78) for the rolling acceleration, and the sliding-to-rolling solution below.
  kClosedForm,
  /// Only the generic Def-11 predicate (other trough angles, mu+ != mu-). nsdkit's event-driven
  /// integrator decides its transitions with the same predicate, so its rows on these cases are
  /// not counted as validating it.
  kPredicate,
  /// Def 11 at the start and nsdkit's event-driven integrator (a user's body with anisotropic
  /// inertia: J turns with the body, so the rolling acceleration and Def 11's verdict change
  /// along the run). Allowed: the modes Def 11 allows at the start and the integrator's final
  /// mode (the integrator is checked against an independent Newton-Euler integration). Its own
  /// rows are not counted as validating it.
  kEventDriven,
};
/// "closed form", "predicate only" or "event-driven".
std::string toString(ReferenceSource source);

/// One reference case.
struct ValidationCase {
  /// The solver's name.
  std::string name;    ///< "<family>/<probe>", unique.
  std::string family;  ///< e.g. "mu0.3_j0.4", "angle60_mu0.3/0.5".
  /// The ball and trough (mu±, j, trough angle) of a trough case.
  models::BallTroughParameters parameters;
  Eigen::Vector3d torque = Eigen::Vector3d::Zero();    ///< dimensionless (79).
  Eigen::Vector3d v_C0_W = Eigen::Vector3d::Zero();    ///< initial centre velocity [m/s].
  Eigen::Vector3d omega0_W = Eigen::Vector3d::Zero();  ///< initial angular velocity [rad/s].
  double t_end_s = 0.2;                                ///< simulated time [s].
  /// Where the expected modes and acceleration come from.
  ReferenceSource reference = ReferenceSource::kClosedForm;
  bool realizable = false;                 ///< two-point rolling realizable at the torque.
  std::vector<std::string> allowed_modes;  ///< {"RR"}, or the escape modes.
  /// dv/dt along the trough in two-point rolling [m/s^2] ((78)); NaN when rolling is not
  /// expected to persist.
  double expected_acceleration = NAN;
  /// Face probed by a ray case: "planes (82)-(83)", "surface (88)", or "" for other cases, with
  /// the signed distance from it as a fraction of the ray's boundary parameter (< 0 inside).
  std::string probed_face;
  /// The signed distance from the probed face, as a fraction of the ray's boundary parameter.
  double face_distance = NAN;
  /// Sliding family: the ball starts sliding along the trough without spin and must roll at
  /// t = v0 / (sqrt2 mu g (1 + 1/(2j))) with speed v0 / (1 + 2j) ([s], [m/s]; NaN otherwise).
  double expected_rolling_onset_s = NAN;
  /// Sliding family: the speed v0 / (1 + 2j) once rolling [m/s] (NaN otherwise).
  double expected_final_speed = NAN;
  /// A user's body (validate --body): the two-contact body at the case's loads. When set it
  /// replaces `parameters` and `torque` for every solver; the engines run it only if it is a
  /// sphere on planes (isSphereOnPlanes).
  std::optional<contact::TwoContactBody> body;
  /// Unit direction of the measured rolling acceleration: the trough axis k for the ball, the
  /// direction of the RR acceleration of C for a user's body.
  Eigen::Vector3d along_W = Eigen::Vector3d::UnitZ();

  /// The benchmark family (trough: the fields above; the one-plane families: `one_plane`).
  CaseFamily kind = CaseFamily::kTrough;
  /// One-plane families: the model the scene and the expectation are built from.
  std::optional<OnePlaneModel> one_plane;
  /// Omega . spin_axis_W at the end of the run [rad/s] (NaN: not checked) and Omega . n [rad/s]
  /// for a drilling torque (NaN: not checked).
  double expected_spin_rad_s = NAN;
  /// The unit axis of expected_spin_rad_s, in W.
  Eigen::Vector3d spin_axis_W = Eigen::Vector3d::UnitX();
  /// Omega . drilling_axis_W at the end of the run for a drilling torque [rad/s] (NaN: not
  /// checked).
  double expected_drilling_spin_rad_s = NAN;
  /// The plane's unit normal n of the drilling spin, in W.
  Eigen::Vector3d drilling_axis_W = Eigen::Vector3d::UnitZ();
  /// The exact motion is rest: the mean speed over the second half is reported as creep.
  bool exact_rest = false;
  /// The direction of motion must not turn: the heading drift is measured and checked.
  bool measure_heading = false;
  /// Sliding block: the distance to the stop [m] and the time of the stop, v0 / (mu g) [s]
  /// (NaN: not checked). A block's modes are "stick" and "slide", not rolling's "R" and "S".
  double expected_stop_distance_m = NAN;
  /// Sliding block: the time of the stop, v0 / (mu g) [s] (NaN: not checked).
  double expected_stop_time_s = NAN;
  /// Rattleback: Kane and Levinson's first turning point of gamma [s] (ill-conditioned: reported,
  /// not judged) and the spin rate about the downward vertical over the last second [rad/s]
  /// (NaN: not checked).
  double expected_reversal_s = NAN;
  /// Rattleback: the spin rate about the downward vertical over the last second [rad/s] (NaN:
  /// not checked).
  double expected_spin_after_reversal_rad_s = NAN;
  /// Rattleback (rattleback_metric.hpp): the first sign change of the spin about the downward
  /// vertical averaged over 0.5 s [s] and the angle turned before it, signed [rad] (NaN: not
  /// checked).
  double expected_mean_spin_reversal_s = NAN;
  /// Rattleback: the signed angle turned before the first mean-spin reversal [rad] (NaN: not
  /// checked).
  double expected_turned_angle_rad = NAN;
  /// Read from a case file: non-empty when the file was refused (its stored scene or
  /// expectation is not its model's, it was edited, it claims the name of one of nsdkit's cases
  /// but differs from it, ...): the reason. Such a case is never judged.
  std::string refusal;
  /// The case's number: its place in canonicalCases(), which names its files (`<case_index>.json`,
  /// and the solver's `<case_index>.csv`) whatever families are exported.
  std::size_t case_index = 0;
  /// Read from a case file whose name is none of nsdkit's cases (or whose duration differs from
  /// the canonical case of its name): scored, shown apart and never counted in a solver's
  /// benchmark pass rate.
  bool custom = false;
};

/// Model of a trough case: what its torque, expectation and scene are rebuilt from.
struct TroughCaseModel {
  std::string group;  ///< e.g. "mu0.3_j0.4"
  std::string probe;  ///< e.g. "low+mz/ray+x/inside"
  /// The ball and trough (mu±, j, trough angle).
  models::BallTroughParameters parameters;
  Eigen::Vector3d torque = Eigen::Vector3d::Zero();  ///< dimensionless (79)
  double initial_speed_m_s = 0.0;  ///< > 0: the sliding start (closed-form troughs, no torque)
  /// Simulated time t_end [s].
  double duration_s = 0.2;
};
/// The trough case of a model: the reference (closed form where it applies, else the predicate),
/// its modes and acceleration (78), or the sliding start's onset and final speed.
/// @throws InvalidInput naming the bad model field.
ValidationCase buildTroughCase(const TroughCaseModel& model);

/// The case of a one-plane model (its expectation from referenceOf).
ValidationCase buildOnePlaneCase(const std::string& name, const OnePlaneModel& model);

/// The cases of the chosen families (the trough's as generateCases()).
std::vector<ValidationCase> generateCases(const std::vector<CaseFamily>& families);

/// nsdkit's own case set, every family (generated once): what a scored case folder is compared
/// with, case by case, by name. Each case's `case_index` is its place here.
const std::vector<ValidationCase>& canonicalCases();
/// The canonical case of `name`, or nullptr.
const ValidationCase* canonicalCase(const std::string& name);

/// The `--quick` subset: every fourth trough case and every second case of the other families
/// (every family keeps cases on both sides of its thresholds).
std::vector<ValidationCase> quickSubset(const std::vector<ValidationCase>& cases);

/// The families named in a comma-separated list, each once. @throws InvalidInput naming an
/// unknown or repeated family, or an empty list.
std::vector<CaseFamily> parseFamilyList(const std::string& list);

/// The two-contact body of a case (its `body`, or the ball at `parameters` and `torque`).
contact::TwoContactBody twoContactBodyOf(const ValidationCase& c);

/// A body whose contacts are a sphere on two planes: r+- = -rho n+- with one radius rho (the
/// engines' primitives can build it). Returns rho [m], or NaN for any other body.
double sphereRadiusOf(const contact::TwoContactBody& body);

/// The generated list of cases (see docs/validation.md).
std::vector<ValidationCase> generateCases();

/// The case as an engine-neutral sphere scene (planes through the contact points, gravity,
/// constant torque, initial state).
engines::SphereScene sceneOf(const ValidationCase& c);
/// True when the case has such a scene: a one-plane case, or two contacts of a sphere on planes
/// (a user's body of another shape has none; sceneOf throws for it).
bool hasScene(const ValidationCase& c);

/// A solver and its settings.
struct SolverSpec {
  /// An unnamed solver (fields empty, step 0).
  SolverSpec() = default;
  /// A solver by name, setting and time step [s].
  SolverSpec(std::string solver_name, std::string solver_setting, double step)
      : name(std::move(solver_name)), setting(std::move(solver_setting)), step_s(step) {}
  std::string name;     ///< "nsdkit-event-driven", "siconos", "mujoco", "bullet", "ode", "dart".
  std::string setting;  ///< "defaults", "exact" (engines), "-" otherwise.
  double step_s = 0.0;  ///< time step [s]; 0 for the adaptive event-driven integrator.
  /// A user's solver: what its solver.json declares (shown in the report).
  std::string declared_version;
  /// A user's solver: the settings its solver.json declares, with their reasons.
  std::vector<engines::SettingNote> declared_settings;
  std::string label() const;  ///< e.g. "mujoco/exact/h=1e-4".
};
/// A solver chosen for a run but left out, and why (e.g. a web engine without Node.js).
struct SkippedSolver {
  /// The solver's name (as SolverSpec::name).
  std::string name;
  /// Why it was left out.
  std::string reason;
};

/// Every solver of the report: nsdkit, Siconos at h = 1e-3 and 1e-4, and each engine at both
/// settings and both steps.
std::vector<SolverSpec> allSolvers();

/// The trajectory a solver produced, in the case's frame, and how the run ended. Samples hold
/// the state (and, where the solver reports them, contact forces).
struct SolverTrajectory {
  /// The recorded steps, in the case's frame W.
  std::vector<engines::EngineSample> samples;
  /// True when the run reached the case's end time.
  bool completed = false;
  /// What ended the run early (empty when it completed).
  std::string failure;
  /// Wall time of the run [s].
  double wall_seconds = 0.0;
  /// Every non-default setting of the run, with its reason.
  std::vector<engines::SettingNote> settings;
  /// The solver's version as it reports it.
  std::string engine_version;
  /// Non-empty: the solver cannot represent the case (the reason); the row counts as neither
  /// pass nor fail.
  std::string not_representable;
  /// False for solvers that record neither the centre's position nor the angular velocity
  /// (nsdkit's two-contact integrators record velocities and slips): the judge then checks
  /// neither positions against velocities nor the friction the motion needed.
  bool positions_recorded = true;
};

/// Runs one case through one solver; never throws for what the solver does.
SolverTrajectory runSolver(const ValidationCase& c, const SolverSpec& solver);

/// The one rule that decides the final mode of every solver. A contact slips when its mean slip
/// speed s_end over the last `window_fraction` of the run exceeds `slip_floor_m_s` *and* has grown
/// by `growth_ratio` over the mean s_mid of an equal window ending at mid-run, or when it has
/// lost contact (mean gap above `separation_m`), or when s_end exceeds `clear_slip_m_s`.
///
/// Why growth and not a speed threshold: soft contacts creep while sticking. MuJoCo's friction
/// constraint creeps at v ~ (1 - d)/d (tau/2) a_t (impedance d = 0.9-0.95, time constant
/// tau = 0.02 s, a_t the tangential acceleration the friction cancels, <= mu g): up to 5e-3 m/s
/// in principle, 8e-4 m/s measured on an incline with its defaults, ~1e-3 m/s for Bullet's MLCP
/// solver here. The slowest escapes of the case list (2 % beyond a face) reach only
/// 2.7e-3-1e-2 m/s by t = 0.2 s (nsdkit's exact integrator), so no speed separates the two. Under
/// constant loads, however, creep is stationary (s_end/s_mid ~ 1) while Coulomb slip has a
/// non-zero slip acceleration and grows (s_end/s_mid ~ 2 from rest). The report lists both
/// numbers per solver, so the separation can be checked.
struct ModeRule {
  double slip_floor_m_s = 1e-4;  ///< below this nothing counts as slip (rigid solvers' rounding)
  /// Above this a contact slips whatever its growth: twice the largest creep MuJoCo's formula
  /// allows here (a slip that started with a jump grows by less than 2).
  double clear_slip_m_s = 1e-2;
  double growth_ratio = 1.5;  ///< s_end / s_mid above which a contact slips
  /// The final window's share of the run: s_end is the mean slip speed over it.
  double window_fraction = 0.1;
  /// A contact whose mean gap over the final window exceeds this [m] has lost contact (slips).
  double separation_m = 1e-4;
  /// Slip onset and rolling onset times: the first (last) time a contact's slip speed exceeds
  /// this [m/s] (the sliding family slips at ~1 m/s; creep stays below it).
  double onset_speed_m_s = 1e-2;
};

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

/// One row of the report: a case run by a solver.
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
  /// Exact-rest cases: the largest displacement along the planes from the start [m].
  double rest_displacement_m = NAN;
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
  /// Angle between the initial velocity and the displacement on the plane over the last 10 % of
  /// the run (the whole run for a body that stopped) [deg]; NaN below kHeadingFloor_m.
  double heading_drift_deg = NAN;
  /// The friction the motion needed, from the measured accelerations and the case's loads over
  /// 10 ms windows (trajectory_checks.hpp): one contact, the largest |F_t| / N; two contacts, the
  /// largest multiple of the friction coefficients (1: on the cones). Above Coulomb's bound
  /// (1.05 mu + 0.02, or 1.05 + 0.02 / mu) the row fails.
  double friction_ratio_max = NAN;
  double onset_error = NAN;             ///< (observed - analytic rolling onset) / analytic
  double final_speed_error = NAN;       ///< relative
  double creep_speed = NAN;             ///< exact-rest cases: mean |v_C| over the second half [m/s]
  double stop_distance = NAN;           ///< |x_C(end) - x_C(0)| [m] (sliding block)
  double stop_distance_error = NAN;     ///< relative
  /// The trajectory's median sample spacing [s]: the resolution of its onset and stop times,
  /// which sets the 3 h part of their tolerances (measured, never declared).
  double sample_spacing_s = NAN;
  /// The solver's version and every non-default setting with its reason, as this run reported
  /// them (report.md's settings section).
  std::string engine_version;
  /// Every non-default setting of the run, with its reason.
  std::vector<engines::SettingNote> setting_notes;
  double stop_time = NAN;               ///< sliding block: last time its slip exceeds onset speed [s]
  double stop_time_error = NAN;         ///< (observed - analytic stop time) / analytic
  double reversal_time = NAN;           ///< first turning point of psi [s] (rattleback; reported)
  double reversal_error = NAN;          ///< relative to the reference's gamma (reported only)
  double spin_after_reversal = NAN;     ///< spin about the downward vertical, last second [rad/s]
  double spin_after_reversal_error = NAN;  ///< relative to the reference's
  /// Rattleback (rattleback_metric.hpp): first sign change of the spin averaged over 0.5 s [s],
  /// the angle turned before it [rad], and their errors relative to the reference's.
  double mean_spin_reversal_time = NAN;
  /// The mean-spin reversal time's error relative to the reference's.
  double mean_spin_reversal_error = NAN;
  /// The angle turned before the mean-spin reversal [rad].
  double turned_angle = NAN;
  /// The turned angle's error relative to the reference's.
  double turned_angle_error = NAN;
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

/// Judgement options.
struct JudgeOptions {
  /// The rule that decides the observed mode.
  ModeRule rule;
  double acceleration_tolerance = 1e-2;  ///< relative, RR cases (O(h) integration, soft contacts)
  /// Sliding family: rolling onset within max(5 %, 3 h) of the analytic time; final speed within
  /// 1 %.
  double onset_tolerance_relative = 0.05;
  /// Sliding family: the final speed's relative tolerance.
  double final_speed_tolerance = 1e-2;
  /// Launch family: the heading must stay within this [deg]. Coulomb's isotropic cone keeps it
  /// exactly; a 4-sided pyramid turns a 15-degree launch by degrees (see docs/validation.md).
  double heading_tolerance_deg = 1.0;
  /// Final spin rates: relative, over max(|expected|, 1 rad/s) (the same O(h) error as the
  /// acceleration, integrated once more).
  double spin_tolerance = 2e-2;
  /// Rattleback: the mean-spin reversal time, the turned angle and the spin after the reversal
  /// (rattleback_metric.hpp) each within 10 % of Kane and Levinson's rolling solution: 10 % is
  /// what a Coulomb contact regularized at about 1e-3 m/s or an air drag of 1e-4 N m s moves
  /// them by, and 500 times their change under a 0.1 % change of the wobble
  /// (compareRattlebackMetrics has the numbers).
  double reversal_tolerance = 0.1;
};

/// The name of the case's headline metric (a row's `metric`): reversal-time error, creep speed,
/// heading drift, onset error, acceleration error or slip growth, by what the case checks.
std::string familyMetricName(const ValidationCase& c);

/// Judges a trajectory of `c` by the common rule.
ValidationResult judge(const ValidationCase& c, const SolverSpec& solver,
                       const SolverTrajectory& trajectory, const JudgeOptions& options = {});

/// Two-point rolling is "possible" (paper, Sect. 3.3) at the case's state when some contact-force
/// set satisfying the RR constraints lies strictly inside both friction cones with positive normal
/// forces. The forces are f(s) = f0 + s k along the one free direction k; each cone condition is
/// concave in s, so the admissible s form an interval, found here.
struct Possibility {
  /// True when an admissible interval of the squeeze exists (two-point rolling possible).
  bool possible = false;
  double s_low = NAN, s_high = NAN;  ///< the admissible interval of the squeeze [N]
  /** @var s_low
      Lower end of the admissible interval of the squeeze s [N]. */
  double best_margin = NAN;          ///< max over s of min(mu N - |T|) at the two contacts [N]
};
/// `cone_scale` widens both cones to cone_scale mu (sqrt2: the corners of a 4-sided pyramid).
Possibility rollingPossibility(const ValidationCase& c, double cone_scale = 1.0);

/// Options of a validation run.
struct ValidationOptions {
  /// The solvers to run (all of them by default).
  std::vector<SolverSpec> solvers = allSolvers();
  /// How rows are judged.
  JudgeOptions judge;
  /// Worker threads (cases run in parallel; rows keep their order).
  unsigned threads = 1;
  /// Called with (done, total) from the calling thread while running (may be empty).
  std::function<void(std::size_t, std::size_t)> progress;
  /// Time series of these cases (every solver) are written to `series_dir` as
  /// `<case>__<solver>.csv` (t, slip speeds, normal and tangential forces where the solver
  /// reports them, speed along the trough); nothing is written when `series_dir` is empty.
  std::vector<std::string> series_cases{"mu0.3_j0.4/inside", "mu0.3_j0.4/low+mz/ray+y/outside",
                                        "mu0.3_j0.4/high+mz/ray+x/outside",
                                        "mu0.3_j0.4/sliding_v0=1"};
  /// The folder of the series CSVs ("": none written).
  std::string series_dir;
};

/// File name of a series: the case and solver labels with '/' and '=' replaced.
std::string seriesFileName(const std::string& case_name, const std::string& solver_label);

/// Runs every case through every solver. Rows are ordered case-major, solver-minor, whatever the
/// thread count. Engines whose libraries keep global state (ODE, DART's ODE collision, Siconos)
/// run one at a time.
std::vector<ValidationResult> runValidation(const std::vector<ValidationCase>& cases,
                                            const ValidationOptions& options);

/// A number with `precision` significant digits for reports, "-" when not finite.
std::string formatForReport(double value, int precision = 3);

}  // namespace nsd::validation
