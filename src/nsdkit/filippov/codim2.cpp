#include <nsdkit/filippov/codim2.hpp>

#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/root_search_1d_impl.hpp>
#include <nsdkit/filippov/root_search_circle_geometry.hpp>

namespace nsd::filippov {

double PlaneDirection::phi() const { return wrapToTwoPi(std::atan2(sin_phi, cos_phi)); }

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
  const NormalPlaneFieldOfDirection by_direction = [&](const PlaneDirection& n) {
    return normal_part(n.phi());
  };
  return analyzeCodim2(by_direction, options);
}

Codim2Result analyzeCodim2(const NormalPlaneFieldOfDirection& normal_part,
                           const Codim2Options& options) {
  if (!normal_part) throw InvalidInput("normal-plane field is empty");
  requirePositive(options.value_tolerance_relative, "value_tolerance_relative");
  Codim2Result result;
  auto evaluate = [&](double cos_phi, double sin_phi) -> Eigen::Vector2d {
    const Eigen::Vector2d g = normal_part(PlaneDirection{cos_phi, sin_phi});
    if (!g.allFinite()) {
      throw InvalidInput("limit field is not finite at phi = " +
                         formatValue(PlaneDirection{cos_phi, sin_phi}.phi()));
    }
    return g;
  };
  auto at_angle = [&](double phi) { return evaluate(std::cos(phi), std::sin(phi)); };
  // V of (43) with R as companion, so roots carry R without re-evaluation. The searcher rejects
  // a non-finite V or |G_i| + |G_j|, so a non-finite G is reported without a check here.
  auto sample = [&](const detail::CirclePoint& p) {
    const Eigen::Vector2d g = normal_part(PlaneDirection{p.c, p.s});
    // Magnitude |G_i| + |G_j| >= |G|: an upper bound without a square root.
    return Sample1D{-g[0] * p.s + g[1] * p.c, std::fabs(g[0]) + std::fabs(g[1]),
                    g[0] * p.c + g[1] * p.s};
  };

  RootSearch1DOptions o;
  o.initial_intervals = std::max(4, options.initial_intervals);
  o.min_interval = options.min_interval_rad;
  o.bound_safety = options.bound_safety;
  o.second_derivative_bound = options.second_derivative_bound;
  o.value_tolerance_relative = options.value_tolerance_relative;
  requirePositive(options.root_tolerance_rad, "root_tolerance_rad");
  o.root_tolerance_absolute = options.root_tolerance_rad;
  // |V''| >= structural floor: for constant G, V = |G| sin(psi - phi) and |V''| <= |G|.
  o.curvature_floor_relative = 1.0;
  detail::validateRootSearch1DOptions(o);
  const int n0 = o.initial_intervals;
  const detail::CircleGeometry geometry(n0);
  detail::RootSearcher<detail::CircleGeometry, decltype(sample)> searcher(
      geometry, sample, o, "limit field is not finite at phi = ");
  RootSearch1DResult roots = searcher.run(true, 0.0, kTwoPi);
  result.report = roots.report;
  const double tolerance = roots.report.value_tolerance;

  if (roots.report.completeness == Completeness::kContinuum) {
    double max_r = -INFINITY, min_r = INFINITY;
    for (int k = 0; k < 4 * n0; ++k) {
      const double phi = kTwoPi * k / (4 * n0);
      const double r = radialComponent(at_angle(phi), phi);
      max_r = std::max(max_r, r);
      min_r = std::min(min_r, r);
    }
    result.continuum_max_radial = max_r;
    result.type = classifyContinuum(min_r, max_r, tolerance);
    return result;
  }

  result.directions.reserve(roots.roots.size());
  for (const Root1D& r : roots.roots) {
    Codim2LimitDirection d;
    d.phi_rad = r.x >= 0.0 && r.x < kTwoPi ? r.x : wrapToTwoPi(r.x);  // in range: no fmod
    d.radial = r.companion;
    d.type = typeFromRadial(d.radial, tolerance);
    d.multiplicity = r.multiplicity;
    if (options.compute_slopes && r.multiplicity == 1) {
      const double step = 1e-6;
      d.slope = (circumferentialComponent(at_angle(d.phi_rad + step), d.phi_rad + step) -
                 circumferentialComponent(at_angle(d.phi_rad - step), d.phi_rad - step)) /
                (2.0 * step);
      result.report.evaluations += 2;
    } else {
      d.slope = r.multiplicity == 2 ? 0.0 : NAN;
    }
    result.directions.push_back(d);
  }
  searcher.recycleRoots(std::move(roots.roots));
  result.type = classifyDirections(result.directions);
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
