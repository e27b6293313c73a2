#pragma once
/// @file maps.hpp
/// The validation's maps: one solver's observed mode over a cross-section of the trough
/// (against Def 11), the incline's verdicts over (slope, mu) and the launch's heading drift.

#include <string>
#include <vector>

#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {

// ---- Maps: one engine's observed mode on a grid of a cross-section ----------------------------

/// One torque of a mode map: Def 11's verdict and the solver's observed mode.
struct MapPoint {
  double m_x = 0.0, m_y = 0.0;
  /** @var m_x
      Dimensionless torque m_x (79). */
  /** @var m_y
      Dimensionless torque m_y (79). */
  std::string expected;  ///< "RR" or the escape label
  std::string observed;  ///< the engine's mode, or "failed"
  /// True when the observed mode is the expected one.
  bool agrees = false;
};
/// One solver's observed mode on a grid x grid cross-section of the torques at fixed m_z.
struct ModeMap {
  std::string solver;  ///< label of the solver
  /// The section's dimensionless torque m_z (79).
  double m_z = 0.0;
  std::string section;  ///< "mz=0" or "mz=mz2"
  /// Points per side of the grid.
  int grid = 41;
  double half_width = 0.0;  ///< m_x, m_y in [-half_width, half_width]
  /// The grid's points, grid x grid.
  std::vector<MapPoint> points;
  double agreement = 0.0;  ///< share of points where the engine agrees with Def 11
  /// Wall time of the whole map [s].
  double wall_seconds = 0.0;
};
/// Simulates `grid` x `grid` torques of the paper's ball (mu = 0.3, j = 0.4) on the section m_z
/// by the solver, t_end = 0.2 s, and compares each mode with Def 11 (closed-form route).
ModeMap simulateModeMap(const SolverSpec& solver, double m_z, const std::string& section, int grid,
                        unsigned threads);

// ---- Family maps: incline verdicts over (s, mu), launch heading drift over theta ---------------

/// One engine's observed mode of a sphere at rest on slopes (heading 30 degrees from the engine's
/// x axis, where a 4-sided pyramid differs most from the cone's threshold) over a grid of
/// (slope, mu), against Def 9's threshold tan s = mu (1 + j) / j.
struct InclineMapPoint {
  double slope_deg = 0.0, mu = 0.0;
  /** @var slope_deg
      Slope s [deg]. */
  /** @var mu
      Coulomb coefficient [-]. */
  std::string expected, observed;
  /** @var expected
      Def 9's verdict at (s, mu), as a mode label. */
  /** @var observed
      The solver's observed mode. */
  /// True when the observed mode is the expected one.
  bool agrees = false;
};
/// One solver's incline verdicts over a grid of (slope, mu).
struct InclineMap {
  /// The solver's label.
  std::string solver;
  /// Heading of the downhill direction from the engine's x axis [deg].
  double heading_deg = 30.0;
  /// The grid's points.
  std::vector<InclineMapPoint> points;
  /// Share of points where the solver agrees with Def 9.
  double agreement = 0.0;
};
/// `grid` x `grid` points: mu in [0.05, 0.5], tan s / (mu (1 + j) / j) in [0.5, 1.5] along each
/// mu's row (the threshold crosses every row at its middle). @throws InvalidInput for grid < 2.
InclineMap simulateInclineMap(const SolverSpec& solver, int grid, unsigned threads);

/// One engine's heading drift of a sphere launched at 1 m/s without spin, for headings theta
/// from 0 to 90 degrees.
struct LaunchDriftPoint {
  double heading_deg = 0.0, drift_deg = NAN, onset_error = NAN;
  /** @var heading_deg
      Launch heading theta from the engine's x axis [deg]. */
  /** @var drift_deg
      The run's heading drift [deg] (NaN: not measured). */
  /** @var onset_error
      (observed - analytic rolling onset) / analytic (NaN: not measured). */
};
/// One solver's heading drift over launch headings.
struct LaunchDriftMap {
  /// The solver's label.
  std::string solver;
  /// The headings' points, in order.
  std::vector<LaunchDriftPoint> points;
};
/// Headings 0, step_deg, ..., 90. @throws InvalidInput for step_deg outside (0, 90].
LaunchDriftMap simulateLaunchDrift(const SolverSpec& solver, double step_deg, unsigned threads);

/// Writes the family maps as CSVs into `dir`/maps and returns their entries for report.json.
std::string writeFamilyMaps(const std::string& dir, const std::vector<InclineMap>& inclines,
                            const std::vector<LaunchDriftMap>& launches);

}  // namespace nsd::validation
