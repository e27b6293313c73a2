#pragma once
/// @file trough_options.hpp
/// The paper's ball in the V trough (two-point-contact paper, Sect. 6) as a user sets it up for
/// a job: one friction coefficient for both contacts unless P+ or P- has its own, the inertia
/// ratio and the trough's opening angle in degrees. The same options in the CLI (`--mu`,
/// `--mu-plus`, `--mu-minus`, `--inertia`, `--trough-angle-deg`) and in Python (`mu=`, ...).

#include <optional>
#include <vector>

#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/region/region.hpp>

namespace nsd::jobs {

/// The ball-in-trough settings of a job (the ball's mass, radius and g are the model's defaults).
struct TroughOptions {
  double mu = 0.3;                ///< friction coefficient at both contacts [-], > 0
  std::optional<double> mu_plus;  ///< at P+ [-]: overrides mu when set (NaN is refused)
  std::optional<double> mu_minus; ///< at P- [-]: overrides mu when set
  double inertia = 0.4;           ///< inertia ratio j = J/(m r^2) [-] in (0, 1]
  double angle_deg = 90.0;        ///< full opening angle of the trough [deg] in (0, 180)
};

/// The model's parameters. @throws InvalidInput for invalid values
/// (BallTroughParameters::validate; a non-finite angle).
models::BallTroughParameters troughParameters(const TroughOptions& o);
/// The model parameters recorded in sweep outputs and checkpoint manifests: mu_plus, mu_minus,
/// inertia, angle_deg.
region::ParameterPoint troughMetadata(const TroughOptions& o);
/// The generic Def-11 predicate over the ball's parameters by name
/// (region::ballTroughPredicate). @throws InvalidInput for an axis the model does not have.
region::ModelPredicate troughPredicate(const TroughOptions& o,
                                           const std::vector<region::Axis>& axes);

}  // namespace nsd::jobs
