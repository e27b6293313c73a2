#pragma once
/// @file trajectory_checks.hpp
/// What the judge computes from a trajectory before and besides its verdict: whether its
/// positions and velocities describe one motion, the heading of its motion on the plane, and the
/// friction a one-contact body must have felt (from its measured accelerations and the case's
/// loads), with the signatures that name a failure's cause.
///
/// Frame: the case's world frame W; SI units.

#include <string>
#include <vector>

#include <nsdkit/engines/scene/sphere_scene.hpp>

namespace nsd::validation {

struct ValidationCase;

/// Positions against velocities, along the planes. Between two samples any one-step scheme that
/// moves the body by h (theta v_{i+1} + (1 - theta) v_i), theta in [0, 1], and any exact motion
/// whose velocity components are monotone between the samples, moves it within
/// (h / 2) |v_{i+1} - v_i| of the trapezoid rule's h (v_i + v_{i+1}) / 2. Summed over a window,
/// the displacement may differ from the integrated velocity by that allowance plus the rounding
/// of a CSV written with six significant digits (kConsistencyFloor_m + 1e-5 of the positions'
/// size + 1e-4 of the displacement); more means the velocities do not belong to the positions
/// (a stale velocity of a body put to sleep, a velocity reported in another frame). Only the
/// motion along the planes is compared: engines that resolve penetration by moving positions
/// (position-based stabilization: Rapier, Jolt) move the body along the planes' normals without
/// a velocity, legitimately.
inline constexpr double kConsistencyFloor_m = 4e-6;
/// The result of checkPositionsAgainstVelocities.
struct KinematicConsistency {
  /// True when no window's mismatch exceeds its allowance.
  bool consistent = true;
  double mismatch_m = 0.0;   ///< |displacement - integrated velocity| in the worst window [m]
  double allowance_m = 0.0;  ///< what that window allowed [m]
  double from_s = 0.0, to_s = 0.0;  ///< the worst window [s]
  /** @var from_s
      Start of the worst window [s]. */
};
/// Checks windows of `window_s` starting at every sample, and the whole run, for the motion
/// orthogonal to every normal in `plane_normals_W` (unit vectors).
KinematicConsistency checkPositionsAgainstVelocities(
    const std::vector<engines::EngineSample>& samples, double window_s,
    const std::vector<Eigen::Vector3d>& plane_normals_W);
/// The message of an inconsistent run ("" when consistent).
std::string describe(const KinematicConsistency& k);

/// Heading of the motion on the plane: the direction of the displacement projected on the plane
/// over the last `window_s` of the run, or over the whole run when that is shorter than
/// kHeadingFloor_m (a body that stopped), never from a displacement below kHeadingFloor_m
/// (1 cm: a contact's rest jitter of 1e-5 m then turns it by at most 0.06 degree).
inline constexpr double kHeadingFloor_m = 1e-2;
/// The result of headingDrift.
struct HeadingMeasure {
  /// False when the displacement was below kHeadingFloor_m or the initial velocity zero.
  bool measured = false;
  double drift_deg = 0.0;       ///< angle from the initial velocity's direction on the plane
  double displacement_m = 0.0;  ///< length of the displacement it was taken from [m]
};
/// The heading drift of a run started with initial_velocity_W, on the plane of unit normal
/// plane_normal_W, over its last window_s [s].
HeadingMeasure headingDrift(const std::vector<engines::EngineSample>& samples,
                            const Eigen::Vector3d& initial_velocity_W,
                            const Eigen::Vector3d& plane_normal_W, double window_s);

/// The friction a one-contact body felt, from its measured motion (the samples from the initial
/// state on): over the windows of kFrictionWindow_s starting at each sample (at least two
/// samples apart), the contact force
/// F = m (dv/dt - g) - F_applied, its normal part N = F . n and tangential part F_t; the ratio
/// |F_t| / N where N exceeds a tenth of the body's weight along n.
inline constexpr double kFrictionWindow_s = 1e-2;
/// The friction a body's measured motion needed (frictionEvidence).
struct FrictionEvidence {
  /// False when no window had enough normal force (or too few samples).
  bool measured = false;
  double max_ratio = 0.0;       ///< largest |F_t| / N over the windows
  double max_ratio_at_s = 0.0;  ///< the start of that window [s]
  /// Sliding windows (mean slip above 1e-2 m/s): the ratio against the Coulomb cone's mu and
  /// the 4-sided pyramid's mu / (|cos theta| + |sin theta|), theta the slip direction from the
  /// plane's projection of W's x axis: the median relative deviation from each.
  int sliding_windows = 0;
  /// Median relative deviation of the sliding ratio from the cone's mu.
  double cone_deviation = 0.0;
  /// Median relative deviation of the sliding ratio from the pyramid's mu / (|cos| + |sin|).
  double pyramid_deviation = 0.0;
  double pyramid_spread = 0.0;  ///< max - min of mu / (|cos| + |sin|) over those windows, / mu
};
/// The friction a one-contact case's samples needed (see FrictionEvidence).
FrictionEvidence frictionEvidence(const ValidationCase& c,
                                  const std::vector<engines::EngineSample>& samples);

/// The same for a two-contact case (the trough, a user's body): over the same windows the
/// measured contact wrench (force m dv/dt - F_e, torque J dOmega/dt + Omega x J Omega - M_e about
/// C) fixes the two contact forces up to the one free squeeze direction k (f = f0 + s k); the
/// friction a window needs is min over s of max(|T+| / (mu+ N+), |T-| / (mu- N-)) (both normal
/// forces positive), a quasi-convex function of s minimized by ternary search. max_ratio is the
/// largest such need over the windows, as a multiple of the friction coefficients (1: on the
/// cones).
FrictionEvidence twoContactFrictionEvidence(const ValidationCase& c,
                                            const std::vector<engines::EngineSample>& samples);

/// The friction-ratio test that fails a row: one contact, |F_t|/N above 1.05 mu + 0.02; two
/// contacts, the needed multiple of mu above 1.05 + 0.02 / mu (10 ms windows average a soft
/// contact's chatter to a few percent). "" when the evidence is within Coulomb's law.
std::string coulombViolation(const ValidationCase& c, const FrictionEvidence& f);

/// The deepest overlap of the body with a plane that the judge accepts, as a fraction of the
/// body's size (a sphere's radius, a box's or ellipsoid's largest half extent): deeper, the
/// overlap segment of the slip rule would reach body points far from any contact.
inline constexpr double kMaxPenetrationFraction = 0.02;

/// Exact-rest cases: the largest creep speed a solver may show while Coulomb holds the body at
/// rest [m/s]: it then moves less than 0.4 mm over the families' 0.4 s (1 % of the 5 cm radius),
/// while the slowest true slip of those families (tan s = 1.1 mu) averages 0.06 m/s over the
/// second half of the run, 60 times more.
inline constexpr double kCreepBound_m_s = 1e-3;

/// The computed cause of a one-contact failure from the evidence ("" when none applies), in
/// order: friction above mu N (Coulomb violated), the pyramid's signature, soft-contact creep.
std::string frictionCause(const ValidationCase& c, const FrictionEvidence& f, double creep_speed);

}  // namespace nsd::validation
