#pragma once
/// @file rolling_job.hpp
/// The transient rolling-friction job (brush model of a sphere rolling on a plate, between two
/// plates or in a V-groove): the step (or ramp) response with its natural frequencies, the free
/// response of the plate case, or the hysteresis of a sine input. `nsdkit rolling-friction` and
/// `nsdkit.jobs.rolling_friction` run `runRollingFrictionJob`.

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <nsdkit/rolling/rolling_cases.hpp>

namespace nsd::jobs {

/// What the rolling-friction job is asked (dimensionless quantities in the units of Sect. 2.4).
struct RollingFrictionJobOptions {
  rolling::RollingCaseParameters parameters;  ///< case, mu, grid, load W [N], radius R [m]
  double groove_angle_deg = 60.0;             ///< V-groove opening angle [deg], in (0, 180)
  std::string input = "step";                 ///< step, ramp, sine or free
  double speed = 0.02;                        ///< step: plate speed
  double duration = 2.0;                      ///< step and free: simulated time
  double amplitude = 0.1;                     ///< sine: plate amplitude / a
  double frequency = 10.0;                    ///< sine: frequency
  int periods = 8;                            ///< sine: steady periods averaged, in [2, 1000]
  double dt = 2e-4;                           ///< time step
  double w_max = 1000.0;                      ///< step: highest angular frequency searched
  double initial_omega = 0.3;                 ///< free: initial angular velocity of the sphere
  std::string output_dir = "out/rolling";     ///< receives time_series.csv and summary.json
};

/// What the job computed.
struct RollingFrictionJobResult {
  std::vector<rolling::RollingSample> samples;  ///< the time series
  nlohmann::json summary;                       ///< summary.json
  std::string description;  ///< the line describing the response (frequencies, hysteresis, ...)
};

/// Simulates and writes DIR/time_series.csv and DIR/summary.json. @throws InvalidInput naming
/// the option.
RollingFrictionJobResult runRollingFrictionJob(const RollingFrictionJobOptions& options);

/// The lines `nsdkit rolling-friction` prints.
void printRollingFrictionJob(const RollingFrictionJobOptions& options,
                             const RollingFrictionJobResult& result, std::ostream& out);

}  // namespace nsd::jobs
