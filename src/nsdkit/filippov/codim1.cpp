#include <nsdkit/filippov/codim1.hpp>

#include <cmath>

#include <nsdkit/core/errors.hpp>

namespace nsd::filippov {
namespace {

void checkIndex(int index, Eigen::Index dimension) {
  if (index < 0 || index >= dimension) {
    throw InvalidInput("switching index " + std::to_string(index) +
                       " is out of range for state dimension " + std::to_string(dimension));
  }
}

}  // namespace

Codim1LimitVectors limitVectorsCodim1(const VectorField& field, const Eigen::VectorXd& x_bar,
                                      int switching_index, const DirectionalLimitOptions& options) {
  checkIndex(switching_index, x_bar.size());
  requireFinite(x_bar, "x_bar");
  if (x_bar[switching_index] != 0.0) {
    throw InvalidInput("x_bar is not on Sigma: component " + std::to_string(switching_index) +
                       " is " + formatValue(x_bar[switching_index]) + ", expected 0");
  }
  Eigen::VectorXd n1 = Eigen::VectorXd::Zero(x_bar.size());
  n1[switching_index] = 1.0;
  const DirectionalLimit side1 = directionalLimit(field, x_bar, n1, options);
  const DirectionalLimit side2 = directionalLimit(field, x_bar, -n1, options);
  Codim1LimitVectors result;
  result.f1_star = side1.value;
  result.f2_star = side2.value;
  result.error_estimate = std::max(side1.error_estimate, side2.error_estimate);
  result.evaluations = side1.evaluations + side2.evaluations;
  result.converged = side1.converged && side2.converged;
  return result;
}

Codim1Classification classifyCodim1(const Eigen::Ref<const Eigen::VectorXd>& f1_star,
                                    const Eigen::Ref<const Eigen::VectorXd>& f2_star,
                                    int switching_index, double absolute_tolerance) {
  requireDimension(f2_star.size(), f1_star.size(), "F2*");
  checkIndex(switching_index, f1_star.size());
  requireFinite(f1_star, "F1*");
  requireFinite(f2_star, "F2*");
  requireNonNegative(absolute_tolerance, "absolute_tolerance");
  Codim1Classification c;
  c.tolerance = absolute_tolerance;
  c.normal_component_1 = f1_star[switching_index];
  c.normal_component_2 = -f2_star[switching_index];
  const double a = c.normal_component_1;
  const double b = c.normal_component_2;
  if (std::fabs(a) <= absolute_tolerance || std::fabs(b) <= absolute_tolerance) {
    c.type = Codim1PointType::kTangency;
  } else if (a < 0.0 && b < 0.0) {
    c.type = Codim1PointType::kAttractingSliding;
  } else if (a > 0.0 && b > 0.0) {
    c.type = Codim1PointType::kRepellingSliding;
  } else {
    c.type = Codim1PointType::kCrossing;
    // a > 0 > b: side 1 flows away from Sigma and side 2 flows into it, i.e. from x_k<0 to x_k>0.
    c.crossing_sign = a > 0.0 ? +1 : -1;
  }
  return c;
}

Eigen::VectorXd filippovSlidingVector(const Eigen::VectorXd& f1_star,
                                      const Eigen::VectorXd& f2_star, int switching_index) {
  const Codim1Classification c = classifyCodim1(f1_star, f2_star, switching_index);
  if (c.type == Codim1PointType::kCrossing) {
    throw InvalidInput("Filippov sliding vector requested at a crossing point");
  }
  const double f1k = f1_star[switching_index];
  const double f2k = f2_star[switching_index];
  if (f2k - f1k == 0.0) {
    throw InvalidInput("Filippov sliding vector is not unique: both limit vectors are tangent");
  }
  const double alpha = f2k / (f2k - f1k);
  Eigen::VectorXd sliding = alpha * f1_star + (1.0 - alpha) * f2_star;
  sliding[switching_index] = 0.0;  // exact by construction; remove rounding
  return sliding;
}

}  // namespace nsd::filippov
