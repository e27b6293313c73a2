#pragma once
/// @file judge.hpp
/// The judge of the validation: one rule decides the final mode of every solver's run, and the
/// run's measured quantities are checked against the case's analytic reference, each within its
/// tolerance (docs/validation.md).

#include <string>

#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {

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

}  // namespace nsd::validation
