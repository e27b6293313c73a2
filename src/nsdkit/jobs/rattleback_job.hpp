#pragma once
/// @file rattleback_job.hpp
/// The rattleback job (`nsdkit rattleback`, `nsdkit.jobs.rattleback`): the Kane-Levinson
/// rattleback rolling without slip with air drag, or the rattleback with Pade friction and
/// rolling resistance (a preset), integrated and written as CSV; or, with `realizability`, Def 9
/// at every instant of the Kane-Levinson rolling motion (the friction it needs, the smallest mu
/// that keeps it rolling), optionally cross-checked by Coulomb stick-slip just below and just
/// above that mu.

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <nsdkit/rattleback/kane_levinson.hpp>

namespace nsd::jobs {

/// What the rattleback job is asked. An option the chosen mode does not use is refused (set
/// optionals count as given).
struct RattlebackJobOptions {
  std::string model = "kane-levinson";  ///< kane-levinson or pade
  std::optional<std::string> preset;    ///< Pade model preset (A, B, C, C1, D, D1, E, F,
                                        ///< kane-levinson; default A)
  std::optional<double> mu;     ///< Pade: its friction coefficient; realizability: the verdicts'
                                ///< mu (default 0.3)
  std::optional<double> eps1;   ///< Pade: the regularization eps1 [m/s]
  std::optional<double> sigma;  ///< the Kane-Levinson body's air-drag coefficient [N m s]
  double omega3 = -5.0;         ///< initial spin omega3 [rad/s]
  double alpha0_deg = 0.5;                   ///< initial tilt alpha(0) (about r1) [deg]
  double beta0_deg = 0.5;                    ///< initial tilt beta(0) (about r2) [deg]
  double t_end = 20.0;                       ///< end time [s]
  double dt = 1e-3;                          ///< output spacing [s], in (0, 0.001]
  /// ODE tolerance in [1e-14, 1e-3] (default 1e-10 Kane-Levinson, 1e-8 Pade)
  std::optional<double> tolerance;
  bool realizability = false;       ///< Def 9 along the Kane-Levinson rolling motion
  std::optional<double> stick_slip_margin;  ///< realizability: the cross-check's relative margin
                                            ///< in [1e-6, 0.5]
  std::string output;                       ///< the CSV
};

/// What a simulation did (realizability: summary is set instead).
struct RattlebackJobResult {
  std::size_t samples = 0;  ///< rows written to the CSV (one per dt)
  int steps = 0;            ///< integrator steps taken
  double seconds = 0.0;     ///< wall time of the simulation and the CSV [s]
  std::vector<double> spin_reversals_s;  ///< times at which omega3 changes sign [s]
  double final_gamma_rad = 0.0;          ///< heading gamma at t_end [rad]
  nlohmann::json realizability_summary;  ///< realizability: the JSON line the CLI prints
};

/// Runs the job and writes the CSV. @throws InvalidInput naming the option (unused options
/// included).
RattlebackJobResult runRattlebackJob(const RattlebackJobOptions& options);

/// What `nsdkit rattleback` prints: the summary JSON (realizability) or one line.
void printRattlebackJob(const RattlebackJobOptions& options, const RattlebackJobResult& result,
                        std::ostream& out);

}  // namespace nsd::jobs
