#include "filippov/codim2.hpp"

#include <cmath>

#include "core/angles.hpp"
#include "core/errors.hpp"

namespace nsd::filippov {

double radialComponent(const Eigen::Vector2d& g, double phi) {
  return g[0] * std::cos(phi) + g[1] * std::sin(phi);
}

double circumferentialComponent(const Eigen::Vector2d& g, double phi) {
  return -g[0] * std::sin(phi) + g[1] * std::cos(phi);
}

LimitDirectionType typeFromRadial(double radial, double tolerance) {
  if (radial < -tolerance) return LimitDirectionType::kAttracting;
  if (radial > tolerance) return LimitDirectionType::kRepelling;
  return LimitDirectionType::kNeutral;
}

Codim2Result analyzeCodim2(const NormalPlaneField& normal_part, const Codim2Options& options) {
  if (!normal_part) throw InvalidInput("normal-plane field is empty");
  requirePositive(options.value_tolerance_relative, "value_tolerance_relative");
  Codim2Result result;
  auto evaluate = [&](double phi) -> Eigen::Vector2d {
    const Eigen::Vector2d g = normal_part(phi);
    if (!g.allFinite()) {
      throw InvalidInput("limit field is not finite at phi = " + formatValue(phi));
    }
    return g;
  };
  auto v_of_phi = [&](double phi) { return circumferentialComponent(evaluate(phi), phi); };
  const std::function<Sample1D(double)> sample = [&](double phi) {
    const Eigen::Vector2d g = evaluate(phi);
    return Sample1D{-g[0] * std::sin(phi) + g[1] * std::cos(phi), g.norm()};  // V of (43)
  };

  RootSearch1DOptions o;
  o.initial_intervals = std::max(4, options.initial_intervals);
  o.min_interval = options.min_interval_rad;
  o.bound_safety = options.bound_safety;
  o.second_derivative_bound = options.second_derivative_bound;
  o.value_tolerance_relative = options.value_tolerance_relative;
  // |V''| >= structural floor: for constant G, V = |G| sin(psi - phi) and |V''| <= |G|.
  o.curvature_floor_relative = 1.0;
  const RootSearch1DResult roots = findAllRoots1D(sample, 0.0, kTwoPi, true, o);
  result.report = roots.report;
  const double tolerance = roots.report.value_tolerance;
  const int n0 = o.initial_intervals;

  if (roots.report.completeness == Completeness::kContinuum) {
    double max_r = -INFINITY;
    for (int k = 0; k < 4 * n0; ++k) {
      const double phi = kTwoPi * k / (4 * n0);
      max_r = std::max(max_r, radialComponent(evaluate(phi), phi));
    }
    result.continuum_max_radial = max_r;
    const LimitDirectionType t = typeFromRadial(max_r, tolerance);
    result.type = t == LimitDirectionType::kAttracting   ? SlidingPointType::kAttractingSliding
                  : t == LimitDirectionType::kRepelling ? SlidingPointType::kCrossing
                                                         : SlidingPointType::kMarginal;
    if (t == LimitDirectionType::kRepelling) {
      // Continuum with some repelling part: find if all repelling.
      double min_r = INFINITY;
      for (int k = 0; k < 4 * n0; ++k) {
        const double phi = kTwoPi * k / (4 * n0);
        min_r = std::min(min_r, radialComponent(evaluate(phi), phi));
      }
      if (min_r > tolerance) result.type = SlidingPointType::kRepellingSliding;
    }
    return result;
  }

  int attracting = 0, repelling = 0, neutral = 0;
  for (const Root1D& r : roots.roots) {
    Codim2LimitDirection d;
    d.phi_rad = wrapToTwoPi(r.x);
    const Eigen::Vector2d g = evaluate(d.phi_rad);
    d.radial = radialComponent(g, d.phi_rad);
    d.type = typeFromRadial(d.radial, tolerance);
    d.multiplicity = r.multiplicity;
    if (options.compute_slopes && r.multiplicity == 1) {
      const double step = 1e-6;
      d.slope = (v_of_phi(d.phi_rad + step) - v_of_phi(d.phi_rad - step)) / (2.0 * step);
      result.report.evaluations += 2;
    } else {
      d.slope = r.multiplicity == 2 ? 0.0 : NAN;
    }
    ++result.report.evaluations;
    switch (d.type) {
      case LimitDirectionType::kAttracting:
        ++attracting;
        break;
      case LimitDirectionType::kRepelling:
        ++repelling;
        break;
      case LimitDirectionType::kNeutral:
        ++neutral;
        break;
    }
    result.directions.push_back(d);
  }
  result.type = classifyFromCounts(attracting, repelling, neutral);
  return result;
}

namespace {

void checkCodim2Point(const Eigen::VectorXd& x_bar, int i, int j) {
  requireFinite(x_bar, "x_bar");
  const auto m = static_cast<int>(x_bar.size());
  if (i < 0 || i >= m || j < 0 || j >= m || i == j) {
    throw InvalidInput("codimension-2 indices (" + std::to_string(i) + ", " + std::to_string(j) +
                       ") are invalid for state dimension " + std::to_string(m));
  }
  if (x_bar[i] != 0.0 || x_bar[j] != 0.0) {
    throw InvalidInput("x_bar is not on Sigma: components (" + formatValue(x_bar[i]) + ", " +
                       formatValue(x_bar[j]) + ") must both be 0");
  }
}

}  // namespace

Codim2Result analyzeCodim2(const LimitVectorField& limit_field, const Eigen::VectorXd& x_bar,
                           int index_i, int index_j, const Codim2Options& options) {
  checkCodim2Point(x_bar, index_i, index_j);
  if (!limit_field) throw InvalidInput("limit vector field is empty");
  const NormalPlaneField g = [&](double phi) -> Eigen::Vector2d {
    const Eigen::VectorXd f = limit_field(x_bar, phi);
    requireDimension(f.size(), x_bar.size(), "limit vector field value");
    return Eigen::Vector2d(f[index_i], f[index_j]);
  };
  return analyzeCodim2(g, options);
}

Codim2Result analyzeCodim2FromField(const VectorField& field, const Eigen::VectorXd& x_bar,
                                    int index_i, int index_j, const Codim2Options& options,
                                    const DirectionalLimitOptions& limit_options) {
  checkCodim2Point(x_bar, index_i, index_j);
  if (!field) throw InvalidInput("vector field is empty");
  double worst_error = 0.0;
  const NormalPlaneField g = [&](double phi) -> Eigen::Vector2d {
    Eigen::VectorXd n = Eigen::VectorXd::Zero(x_bar.size());
    n[index_i] = std::cos(phi);
    n[index_j] = std::sin(phi);
    const DirectionalLimit limit = directionalLimit(field, x_bar, n, limit_options);
    worst_error = std::max(worst_error, limit.error_estimate);
    return Eigen::Vector2d(limit.value[index_i], limit.value[index_j]);
  };
  Codim2Result result = analyzeCodim2(g, options);
  result.limit_error_estimate = worst_error;
  return result;
}

}  // namespace nsd::filippov
