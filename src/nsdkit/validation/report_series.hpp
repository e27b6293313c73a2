#pragma once
/// @file report_series.hpp
/// A run as the report draws it: its recorded states thinned to at most kReportSeriesPoints
/// frames (for the time-series plot and the 3-D replay), each with the contact points, slips and
/// contact forces and the analytic reference speed and spin at the same time; and the binary file
/// that carries them (`series.bin`, described by `series_index.json`).

#include <string>
#include <vector>

#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {

/// The thinned frames of a run (first and last recorded samples included, evenly spaced in the
/// recorded steps), with the case's reference speed and spin at each frame's time.
ReportSeries reportSeries(const ValidationCase& c, const SolverTrajectory& trajectory);

/// The analytic reference of a case at time t [s]: |v_C| [m/s] and |Omega| [rad/s]; NaN where the
/// case has none (a predicate-only case, an escape whose motion is not closed-form).
/// Trough: two-point rolling with (78)'s acceleration, or the sliding family's linear slip phase
/// up to the rolling onset; one-plane families: exactStateAt; rattleback: Kane and Levinson's
/// rolling motion.
struct ReferenceSpeeds {
  std::vector<double> speed_m_s, spin_rad_s;
  /** @var speed_m_s
      |v_C| at each time [m/s] (NaN: no reference). */
  /** @var spin_rad_s
      |Omega| at each time [rad/s] (NaN: no reference). */
};
/// The reference speeds of case c at the times t_s [s].
ReferenceSpeeds referenceSpeeds(const ValidationCase& c, const std::vector<double>& t_s);

/// Channels of one frame in series.bin, in order; the per-contact block repeats for each contact.
inline constexpr const char* kFrameChannels[] = {
    "t_s",          "x_m",           "y_m",           "z_m",          "qw",
    "qx",           "qy",            "qz",            "vx_m_s",       "vy_m_s",
    "vz_m_s",       "wx_rad_s",      "wy_rad_s",      "wz_rad_s",     "reference_speed_m_s",
    "reference_spin_rad_s"};
/// Channels of one contact's block in series.bin, in order.
inline constexpr const char* kContactChannels[] = {
    "px_m",     "py_m",     "pz_m",     "slip_x_m_s", "slip_y_m_s",
    "slip_z_m_s", "ftx_N",  "fty_N",    "ftz_N",      "normal_force_N"};

/// Writes `<dir>/series.bin` (little-endian float32, each row's frames one after the other, each
/// frame its channels) and `<dir>/series_index.json` (channel names, and per row of report.json
/// its offset in floats, frame and contact counts, and its case's scene as in the case files).
/// Both are written atomically. @throws std::runtime_error when a file cannot be written.
void writeReportSeries(const std::string& dir, const std::vector<ValidationCase>& cases,
                       const std::vector<ValidationResult>& results);

}  // namespace nsd::validation
