#pragma once
/// @file validation.hpp
/// Validation of multibody solvers against nsdkit's analytic references for the ball in a V
/// trough (two-point-contact paper, Sect. 6): a generated list of torque cases around the
/// realizable body (inside, just inside/outside each face, the max-acceleration edge, the special
/// heights (90), several mu and j, another trough angle), each run through Siconos TimeStepping
/// (two step sizes) and nsdkit's event-driven integrator, compared with the expected mode and
/// acceleration.

#include <Eigen/Core>
#include <string>
#include <vector>

#include "models/ball_trough.hpp"

namespace nsd::validation {

/// One analytic reference case.
struct ValidationCase {
  std::string name;
  models::BallTroughParameters parameters;
  Eigen::Vector3d torque = Eigen::Vector3d::Zero();  ///< dimensionless (79)
  bool realizable = false;                           ///< Def 11 (generic route)
  std::vector<std::string> allowed_modes;            ///< "RR", or the escape modes
  double expected_acceleration = NAN;                ///< dv/dt along the trough [m/s^2] (RR: (78))
};

/// The generated list of cases.
std::vector<ValidationCase> generateCases();

/// Result of one case x solver.
struct ValidationResult {
  std::string case_name, solver;
  std::string expected;  ///< "RR" or the escapes joined by '|'
  std::string observed;  ///< mode at the end of the run
  bool pass = false;
  double acceleration = NAN;        ///< measured dv/dt along the trough [m/s^2]
  double acceleration_error = NAN;  ///< relative to the expected value (RR cases)
  double slip_onset = NAN;          ///< first time a contact slips [s] (NaN: never)
  double tolerance = 0.0;           ///< relative acceleration tolerance used
  double wall_seconds = 0.0;
  double simulated_seconds = 0.0;
  std::string note;
};

/// Options of the validation run.
struct ValidationOptions {
  double t_end = 0.2;  ///< simulated time per run [s]
  std::vector<double> siconos_steps{1e-3, 1e-4};
  double acceleration_tolerance = 1e-3;  ///< relative, for RR cases
};

/// Runs all cases through all solvers. Time series of representative cases are written as CSV
/// into `series_dir` if it is not empty.
std::vector<ValidationResult> runValidation(const std::vector<ValidationCase>& cases,
                                            const ValidationOptions& options,
                                            const std::string& series_dir);

}  // namespace nsd::validation
