#pragma once
/// @file rattleback_metric.hpp
/// Well-conditioned measures of a rattleback's spin reversal, computed the same way from the
/// reference (Kane and Levinson's rolling equations, rattleback/kane_levinson.hpp) and from any
/// solver's sampled trajectory (issue 44, finding 7).
///
/// Input: the spin about the downward vertical, w(t) = omega . n3 [rad/s] (n3 vertically down:
/// Kane and Levinson's sense of gamma; w = -omega_z in a frame W with z up), sampled at
/// increasing times t_i [s]. Its angle psi(t) = int_0^t w dt [rad] is integrated by the trapezoid
/// rule (psi is not Kane and Levinson's Euler angle gamma: for the 0.5-degree start they differ
/// by 0.3 rad at the reversal, so a solver is compared with psi of the reference, never gamma).
///
/// Why not "the first spin reversal": while the body rattles, w changes sign many times (7 sign
/// changes between 2.68 s and 2.86 s for Kane and Levinson's Section 3 body) and psi has several
/// local minima of almost the same depth (2.807 s: -7.1175 rad, 2.856 s: -7.1140 rad; gamma's two
/// deepest minima differ by 1e-5 rad), so a 0.1 % change of the initial wobble moves the first
/// turning point of gamma from 2.815 s to 2.867 s. The measures below average over the wobble
/// (the rocking about the long axis takes about 0.06 s):
/// - the mean-spin reversal: the first time the spin averaged over a centred window of W = 0.5 s,
///   wbar(t) = (psi(t + W/2) - psi(t - W/2)) / W, changes sign (its slope there is 1.6 rad/s^2:
///   an error of 0.01 rad/s in the mean spin moves it by 6 ms);
/// - the turned angle: the extreme of psi in the initial sense of the spin (the angle turned
///   before the body comes back), a continuous functional of the trajectory even where the time
///   of the extreme jumps between two minima;
/// - the spin after the reversal: the mean of w over the last second, (psi(T) - psi(T - 1)) / 1.
/// Measured on the reference (tests/validation/rattleback_metric_test.cpp): a 0.1 % change of
/// alpha0, beta0 or both moves them by at most 1.0e-4, 1.75e-4 and 1.7e-5 (relative); integration
/// tolerances 1e-8 and 1e-12 instead of 1e-10 by at most 4.9e-7; 1 ms instead of 0.1 ms samples
/// by less than 6e-7.

#include <cmath>
#include <string>
#include <vector>

#include <nsdkit/engines/scene/sphere_scene.hpp>

namespace nsd::validation {

/// Parameters of the measures (the defaults define the benchmark's metric).
struct RattlebackMetricOptions {
  /// W: the width of the centred averaging window of the mean-spin reversal [s]. 0.5 s spans
  /// about eight rocking periods (0.25 s and 1 s give reversal times within 0.2 % of it).
  double averaging_window_s = 0.5;
  /// The window at the end of the run over which the spin after the reversal is averaged [s].
  double final_window_s = 1.0;
  /// Hysteresis of the (ill-conditioned, reported only) first turning point of psi [rad], as
  /// rattleback::reversal_hysteresis_rad.
  double turning_hysteresis_rad = 0.2;
  /// @throws InvalidInput naming a non-positive or non-finite field.
  void validate() const;
};

/// The measures of one run (NaN where the run does not have them).
struct RattlebackMetrics {
  /// First sign change of the window-averaged spin [s] (NaN: it never changes sign).
  double mean_spin_reversal_s = NAN;
  /// How many times the window-averaged spin changes sign over the run [-] (reference: 1).
  int mean_spin_sign_changes = 0;
  /// The extreme of psi in the initial sense of the spin [rad], signed (the reference:
  /// -7.1175 rad); for a body that never reverses, its final angle.
  double turned_angle_rad = NAN;
  /// The time of that extreme [s] (reported only: it jumps between near-equal minima).
  double turned_angle_time_s = NAN;
  /// Mean spin about the downward vertical over the last final_window_s [rad/s].
  double spin_after_reversal_rad_s = NAN;
  /// First turning point of psi with the hysteresis turning_hysteresis_rad [s] (the old,
  /// ill-conditioned "first spin reversal": reported, never judged).
  double first_turning_point_s = NAN;
};

/// The measures from a sampled spin about the downward vertical.
/// @param t_s sample times [s], strictly increasing, at least two.
/// @param spin_down_rad_s w_i = omega . n3 at t_i [rad/s] (= -omega_z in W, z up), finite.
/// @param options the averaging and final windows and the turning-point hysteresis.
/// @throws InvalidInput naming the bad sample (size mismatch, non-increasing time, non-finite).
RattlebackMetrics rattlebackMetrics(const std::vector<double>& t_s,
                                    const std::vector<double>& spin_down_rad_s,
                                    const RattlebackMetricOptions& options = {});

/// The same from an engine's samples (W with z up: w = -omega_W.z()). Samples whose time does
/// not increase are skipped.
RattlebackMetrics rattlebackMetrics(const std::vector<engines::EngineSample>& samples,
                                    const RattlebackMetricOptions& options = {});

/// A run's measures against the reference's, each relative to the reference value.
struct RattlebackComparison {
  double mean_spin_reversal_error = NAN;   ///< (measured - reference) / reference [-]
  double turned_angle_error = NAN;         ///< (measured - reference) / reference [-]
  double spin_after_reversal_error = NAN;  ///< (measured - reference) / reference [-]
  std::vector<std::string> reasons;        ///< one sentence per measure outside its tolerance
};

/// Checks every measure whose reference value is finite (NaN: not checked) to within
/// `relative_tolerance` of it (the benchmark's 10 %, JudgeOptions::reversal_tolerance). What 10 %
/// means, measured on the reference body: a Coulomb contact regularized at eps (the Pade model of
/// the second rattleback paper) moves the mean-spin reversal by -0.75 % at eps = 1e-4 m/s and
/// -7.5 % at 1e-3 m/s, the turned angle by -1.3 % and -11 %, the final spin by -3 % and -21 %;
/// an air-drag torque -sigma omega with sigma = 1e-4 N m s moves them by -10 %, -11 % and -35 %.
/// So 10 % admits a contact that creeps by up to about 1e-3 m/s (turned angle; the final spin
/// only to about 4e-4 m/s) and rejects a solver that dissipates like sigma = 1e-4 N m s, while
/// it is 500 times the measures' own conditioning (1e-4 to 2e-4 under a 0.1 % change of the
/// wobble) and 5 times their change under a 10 % change of the wobble (1.2 %, 2 %, 0.7 %).
/// @throws InvalidInput unless 0 < relative_tolerance.
RattlebackComparison compareRattlebackMetrics(const RattlebackMetrics& measured,
                                              const RattlebackMetrics& reference,
                                              double relative_tolerance);

}  // namespace nsd::validation
