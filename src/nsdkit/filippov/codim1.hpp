#pragma once
/// @file codim1.hpp
/// Codimension-1 discontinuity sets: classical Filippov systems (two-point-contact paper,
/// Defs 3-5).
///
/// Sigma = { x : x_k = 0 } for a chosen switching index k. The unit normals are n1 = +e_k and
/// n2 = -e_k, and the limit vectors are F1*(x_bar) = lim F(x_bar + eps n1), F2*(x_bar) =
/// lim F(x_bar + eps n2) (eq. (39) with ERRATA item 7).

#include <Eigen/Core>

#include <nsdkit/filippov/directional_limit.hpp>
#include <nsdkit/filippov/types.hpp>

namespace nsd::filippov {

/// The two limit vectors at a point of Sigma = {x_k = 0}.
struct Codim1LimitVectors {
  Eigen::VectorXd f1_star;      ///< F1*(x_bar), limit from the side x_k > 0.
  Eigen::VectorXd f2_star;      ///< F2*(x_bar), limit from the side x_k < 0.
  double error_estimate = 0.0;  ///< max of the two extrapolation error estimates (0 if exact).
  int evaluations = 0;          ///< calls of F.
  bool converged = true;        ///< both extrapolations met their tolerance.
};

/// Classification of a point of Sigma (Def 4).
struct Codim1Classification {
  /// The point's type (Def 4) from the signs of the two normal components below.
  Codim1PointType type = Codim1PointType::kTangency;
  double normal_component_1 = 0.0;  ///< <F1*, n1> = (F1*)_k.
  double normal_component_2 = 0.0;  ///< <F2*, n2> = -(F2*)_k.
  double tolerance = 0.0;           ///< absolute tolerance used for the zero tests.
  /// For crossing points: +1 if trajectories cross from the side x_k < 0 to x_k > 0, else -1.
  int crossing_sign = 0;
};

/// Computes F1* and F2* numerically from a field defined off Sigma (see directional_limit.hpp).
/// @param field           F: R^m -> R^m, defined for x_k != 0.
/// @param x_bar           a point with x_bar[k] == 0 (dim m).
/// @param switching_index k in [0, m).
/// @param options         step sequence and tolerance of the extrapolation (directional_limit.hpp).
/// @throws InvalidInput if x_bar is not on Sigma, the index is out of range or inputs are
///         not finite.
Codim1LimitVectors limitVectorsCodim1(const VectorField& field, const Eigen::VectorXd& x_bar,
                                      int switching_index,
                                      const DirectionalLimitOptions& options = {});

/// Classifies x_bar from its limit vectors (Def 4). A normal component with magnitude at most
/// `absolute_tolerance` counts as zero (tangency).
/// @throws InvalidInput for non-finite or mismatched vectors, or an index out of range.
Codim1Classification classifyCodim1(const Eigen::Ref<const Eigen::VectorXd>& f1_star,
                                    const Eigen::Ref<const Eigen::VectorXd>& f2_star,
                                    int switching_index, double absolute_tolerance = 0.0);

/// Filippov's sliding vector field at a sliding point (attracting or repelling):
/// F_s = alpha F1* + (1 - alpha) F2*, alpha = (F2*)_k / ((F2*)_k - (F1*)_k), so (F_s)_k = 0.
/// @throws InvalidInput at crossing points or where (F1*)_k == (F2*)_k (no unique combination).
Eigen::VectorXd filippovSlidingVector(const Eigen::VectorXd& f1_star,
                                      const Eigen::VectorXd& f2_star, int switching_index);

}  // namespace nsd::filippov
