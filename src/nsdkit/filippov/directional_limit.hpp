#pragma once
/// @file directional_limit.hpp
/// Numerical one-sided directional limits F*(x_bar, n) = lim_{eps->0+} F(x_bar + eps n) of a
/// vector field F that is smooth off a discontinuity set (two-point-contact paper, Defs 3 and 6
/// with ERRATA item 7: the limit is of F, not of the point).
///
/// Method: F is sampled at eps_k = eps_0 / 2^k, k = 0..K, and the samples are extrapolated to
/// eps = 0 by Neville's polynomial (Richardson) extrapolation, column by column, stopping when two
/// successive diagonal entries agree to the requested tolerance. The error estimate is the
/// difference of the two last diagonal entries (max norm). This is valid when F(x_bar + eps n)
/// is smooth in eps on (0, eps_0] with a finite limit, which holds for Coulomb-type fields whose
/// discontinuity is only through the direction of the slip velocity. When not to use it: fields
/// with a genuine eps^(1/2) or log(eps) behaviour; use a closed-form limit field instead.

#include <Eigen/Core>
#include <functional>

namespace nsd::filippov {

/// A vector field F: R^m -> R^m defined off the discontinuity set.
using VectorField = std::function<Eigen::VectorXd(const Eigen::VectorXd& x)>;

/// Options of the directional-limit extrapolation.
struct DirectionalLimitOptions {
  /// Largest offset eps_0 from Sigma [state units]; must be small enough that x_bar + eps n
  /// stays in the same smooth region for all eps in (0, eps_0].
  double initial_offset = 1e-3;
  /// Maximum number of halvings K (so the smallest offset is eps_0 / 2^K).
  int max_halvings = 12;
  /// Requested absolute tolerance on every component, relative to max(1, |F*|_inf).
  double relative_tolerance = 1e-10;
};

/// A directional limit with its error estimate.
struct DirectionalLimit {
  Eigen::VectorXd value;        ///< F*(x_bar, n), same dimension as x_bar.
  double error_estimate = 0.0;  ///< max-norm difference of the last two extrapolants.
  int evaluations = 0;          ///< number of calls of F.
  bool converged = false;       ///< error_estimate <= requested tolerance.
};

/// Computes lim_{eps->0+} F(x_bar + eps n).
/// @param field     F, called only off Sigma (at x_bar + eps n with eps > 0).
/// @param x_bar     the point of Sigma (dim m).
/// @param direction n, a unit vector normal to Sigma (dim m).
/// @param options   step sequence and tolerance of the extrapolation.
/// @throws InvalidInput for dimension mismatch or non-finite inputs; SolverFailure if F returns
///         non-finite values.
DirectionalLimit directionalLimit(const VectorField& field, const Eigen::VectorXd& x_bar,
                                  const Eigen::VectorXd& direction,
                                  const DirectionalLimitOptions& options = {});

}  // namespace nsd::filippov
