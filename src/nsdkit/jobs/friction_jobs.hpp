#pragma once
/// @file friction_jobs.hpp
/// The combined-friction jobs (Kireenkov's model of sliding, whirling and rolling friction):
/// one resultant by the exact integrals (6) or the Pade model (10) (`nsdkit friction`), the
/// error map of Pade against exact over (u, v) and k_r (`nsdkit friction-map`), and the heavy
/// ball on a rough plane (11)-(18) (`nsdkit heavy-ball`). `nsdkit.jobs` runs the same.

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <nsdkit/friction/combined_friction.hpp>
#include <nsdkit/friction/heavy_ball.hpp>

namespace nsd::jobs {

/// One friction resultant: the motion (v, u = omega R, k_r, beta) and the model.
struct FrictionJobOptions {
  std::string model;                ///< "exact" (6) or "pade" (10)
  double v = 1.0;                   ///< sliding speed, >= 0 (dimensionless, as in the paper)
  double u = 0.0;                   ///< whirling speed u = omega R
  double k_r = 0.0;                 ///< rolling asymmetry coefficient, |k_r| <= 1
  double beta = 0.0;                ///< rolling direction angle [rad]
  std::string pressure = "hertz";   ///< contact pressure: hertz or uniform
  double tolerance = 1e-8;          ///< relative quadrature tolerance (exact model)
};
/// The resultant F_par, F_perp, M_c (and for the exact model its error estimate, evaluations
/// and seconds) with the options: the JSON line `nsdkit friction` prints.
/// @throws InvalidInput for an unknown model or pressure, or an invalid motion.
nlohmann::json runFrictionJob(const FrictionJobOptions& options);

/// The error map: exact (6) against Pade (10) at beta = pi/4 over u, v in [0, 3] and
/// k_r in {0, 0.5, 1}.
struct FrictionMapJobOptions {
  std::string output_dir = "out/friction";  ///< receives friction_error_map.csv (created)
  int grid = 25;                            ///< points per axis of u and v, in [2, 200]
  std::string pressure = "hertz";           ///< hertz or uniform
  double tolerance = 1e-8;                  ///< relative quadrature tolerance (exact model)
  unsigned threads = 1;                     ///< worker threads, >= 1
};
/// One point of the map, both models.
struct FrictionMapPoint {
  double k_r = 0.0;                    ///< rolling asymmetry coefficient (0, 0.5 or 1)
  double u = 0.0;                      ///< whirling speed u = omega R, in [0, 3]
  double v = 0.0;                      ///< sliding speed, in [0, 3]
  friction::FrictionResultant exact;   ///< by the exact integrals (6), beta = pi/4
  friction::FrictionResultant pade;    ///< by the Pade model (10), beta = pi/4
};
/// The map and its largest differences |exact - Pade| of F_par, F_perp and M_c.
struct FrictionMapJobResult {
  std::vector<FrictionMapPoint> points;  ///< k_r slowest, then u, v (u = v = 0 left out)
  double max_difference[3] = {0.0, 0.0, 0.0};  ///< max |exact - Pade| of F_par, F_perp, M_c
};
/// Computes the map and writes DIR/friction_error_map.csv. @throws InvalidInput naming the
/// option.
FrictionMapJobResult runFrictionMapJob(const FrictionMapJobOptions& options);
/// The line `nsdkit friction-map` prints.
void printFrictionMapJob(const FrictionMapJobOptions& options, const FrictionMapJobResult& result,
                         std::ostream& out);

/// The heavy ball on a rough plane from v(0) = v0 along X and whirl u(0) = u0, no rolling.
struct HeavyBallJobOptions {
  friction::HeavyBallParameters ball;  ///< exact_model is set from `model`
  std::string model = "pade";          ///< "pade" (10) or "exact" (6)
  double v0 = 1.0;                     ///< initial sliding speed v(0) along X, >= 0
  double u0 = 3.0;                     ///< initial whirling speed u(0) = omega_z(0) R
  double t_end = 10.0;                 ///< end time, > 0
  double dt = 1e-3;                    ///< output spacing, > 0, t_end / dt <= 1e7
  std::string output;                  ///< CSV t,x,y,v,u,alpha,omega_x,omega_y,omega_z
};
/// Integrates and writes the CSV. @throws InvalidInput naming the option.
friction::HeavyBallTrajectory runHeavyBallJob(const HeavyBallJobOptions& options);
/// The line `nsdkit heavy-ball` prints.
void printHeavyBallJob(const HeavyBallJobOptions& options,
                       const friction::HeavyBallTrajectory& trajectory, std::ostream& out);

}  // namespace nsd::jobs
