#pragma once
/// @file cases.hpp
/// The validation's cases: the ball in a V trough (two-point-contact paper, Sect. 6) around the
/// realizable body, with its analytic references, and the one-plane families
/// (one_plane_families.hpp); each case as an engine-neutral scene; nsdkit's canonical case set.
///
/// Frame: the trough frame W of models/ball_trough.hpp (k along the trough, upward vertical
/// (i + j)/sqrt2, centre of the ball at the origin at t = 0). SI units throughout.

#include <Eigen/Core>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nsdkit/contact/two_contact_body.hpp>
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
/// The generated list of cases (see docs/validation.md).
std::vector<ValidationCase> generateCases();

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

/// The case as an engine-neutral sphere scene (planes through the contact points, gravity,
/// constant torque, initial state).
engines::SphereScene sceneOf(const ValidationCase& c);
/// True when the case has such a scene: a one-plane case, or two contacts of a sphere on planes
/// (a user's body of another shape has none; sceneOf throws for it).
bool hasScene(const ValidationCase& c);

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
/// Whether two-point rolling is possible at the case's state (the judge names it in the reason of
/// a row that rolled where rolling is not realizable). `cone_scale` widens both cones to
/// cone_scale mu (sqrt2: the corners of a 4-sided pyramid).
Possibility rollingPossibility(const ValidationCase& c, double cone_scale = 1.0);

}  // namespace nsd::validation
