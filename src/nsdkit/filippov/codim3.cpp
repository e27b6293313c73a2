#include <nsdkit/filippov/codim3.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <deque>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/codim2.hpp>
#include <nsdkit/filippov/codim3_bilinear_fit.hpp>
#include <nsdkit/filippov/codim3_sampled_search.hpp>
#include <nsdkit/filippov/root_search_1d.hpp>

namespace nsd::filippov {

using sampled_search::NodeValue;
using sampled_search::SquareSearch;
using sampled_search::windingNumber;

Codim3Result analyzeCodim3(const SphereField& field, const SampledCodim3Options& options) {
  if (!field) throw InvalidInput("sphere field is empty");
  if (options.initial_grid < 2) throw InvalidInput("initial_grid must be at least 2");
  if (options.max_depth < 0 || options.max_depth > 40) {
    throw InvalidInput("max_depth must be in [0, 40]");
  }
  if (!(options.bound_safety >= 1.0)) throw InvalidInput("bound_safety must be >= 1");
  requireNonNegative(options.second_derivative_bound, "second_derivative_bound");
  requirePositive(options.value_tolerance_relative, "value_tolerance_relative");
  requirePositive(options.newton_cell_rad, "newton_cell_rad");

  int fit_evaluations = 0;
  // (Not with a caller's bound, which makes the quadtree certified, nor with verify_degree,
  // which runs on the quadtree's samples.)
  if (options.fit_bilinear_fields && options.second_derivative_bound == 0.0 &&
      !options.verify_degree) {
    detail::BilinearFitAttempt fit = detail::analyzeBilinearFit(field, options);
    if (fit.result) return std::move(*fit.result);
    fit_evaluations = fit.evaluations;
  }

  Codim3Result result;
  result.report.evaluations = fit_evaluations;
  SquareSearch search(field, options, result);
  if (options.second_derivative_bound > 0.0)
    search.setBound(options.second_derivative_bound, false);

  const double max_v = std::max(search.sample(0.0, +1.0), search.sample(kPi, -1.0));
  const double scale = std::max(search.scale(), 1e-300);
  search.tolerance = options.value_tolerance_relative * scale;
  result.report.field_scale = scale;
  result.report.value_tolerance = search.tolerance;
  if (search.estimated()) search.setBound(scale, true);  // floor: constant G gives |V''| <= |G|

  if (max_v <= search.tolerance) {
    // V+ = V- = 0 on every sample: G ∥ n everywhere (isotropic field), a continuum.
    double max_r = -INFINITY, min_r = INFINITY;
    for (int k = 0; k < 64; ++k) {
      const double a = kTwoPi * (k + 0.5) / 64;
      for (int l = 1; l < 8; ++l) {
        const double z = -1.0 + 2.0 * l / 8;
        const double rho = std::sqrt(1 - z * z);
        const Eigen::Vector3d nn(rho * std::cos(a), rho * std::sin(a), z);
        const double r = field(sphereDirection(nn)).dot(nn);
        max_r = std::max(max_r, r);
        min_r = std::min(min_r, r);
      }
    }
    result.continuum_max_radial = max_r;
    result.report.completeness = Completeness::kContinuum;
    result.report.method = "V+ = V- = 0 on every sample: continuum of limit directions";
    result.type = classifyContinuum(min_r, max_r, search.tolerance);
    return result;
  }

  std::vector<Codim3LimitDirection> roots;
  search.run(roots);
  search.recheckExcluded(roots);

  // Equator arcs (singular set Phi~ of eq. (61)).
  for (int a = 0; a < 4; ++a) {
    const double s1 = (a & 1) ? -1.0 : 1.0;
    const double s2 = (a & 2) ? -1.0 : 1.0;
    const double phi_p = s1 > 0 ? 0.0 : kPi;
    const double phi_m = s2 > 0 ? 0.0 : kPi;
    auto dir_at = [&](double theta) {
      return SphereDirection::make(Eigen::Vector3d(s1 * std::cos(theta), s2 * std::sin(theta), 0.0),
                                   phi_p, phi_m);
    };
    // Records an arc limit direction (G ∥ n at d), unless a square root already found it.
    auto add_arc_root = [&](const SphereDirection& d, const Eigen::Vector3d& g) {
      Codim3LimitDirection ld;
      ld.phi_plus = phi_p;
      ld.phi_minus = phi_m;
      ld.n = d.n;
      ld.radial = g.dot(d.n);
      ld.type = typeFromRadial(ld.radial, search.tolerance);
      ld.on_equator_arc = true;
      ld.residual = std::fabs(g[2]);
      for (const auto& other : roots) {
        if ((other.n - ld.n).norm() < 1e-7) return;
      }
      roots.push_back(ld);
    };
    if (options.arc_rule == ArcRule::kPaperMidpoint) {
      const SphereDirection d = dir_at(0.25 * kPi);
      const Eigen::Vector3d g = field(d);
      ++result.report.evaluations;
      if (!g.allFinite()) throw InvalidInput("limit field is not finite on an equator arc");
      if (std::fabs(g[2]) <= search.tolerance) {
        Codim3LimitDirection r;
        r.phi_plus = phi_p;
        r.phi_minus = phi_m;
        r.n = d.n;
        r.radial = g.dot(d.n);
        r.type = typeFromRadial(r.radial, search.tolerance);
        r.on_equator_arc = true;
        r.residual = std::fabs(g[2]);
        roots.push_back(r);
      }
      continue;
    }
    {
      // Fields that depend on the direction only through lambda± (the contact fields) are
      // constant on each arc; then G·t = 0 is solved in closed form.
      const Eigen::Vector3d g0 = field(dir_at(0.0)), g1 = field(dir_at(0.25 * kPi)),
                            g2 = field(dir_at(0.5 * kPi));
      result.report.evaluations += 3;
      if (!g0.allFinite() || !g1.allFinite() || !g2.allFinite()) {
        throw InvalidInput("limit field is not finite on an equator arc");
      }
      const double same = 1e-14 * std::max(g0.norm(), 1e-300);
      if ((g1 - g0).norm() <= same && (g2 - g0).norm() <= same) {
        // G·t(theta) = -G_a s1 sin(theta) + G_b s2 cos(theta) = 0.
        const double ga = g0[0] * s1, gb = g0[1] * s2;
        if (ga * gb > 0.0 && std::fabs(g0[2]) <= search.tolerance) {
          const double theta = std::atan(gb / ga);  // in (0, pi/2) since ga gb > 0
          add_arc_root(dir_at(theta), g0);
        }
        continue;
      }
    }
    const std::function<Sample1D(double)> in_arc = [&](double theta) {
      const SphereDirection d = dir_at(theta);
      const Eigen::Vector3d g = field(d);
      if (!g.allFinite()) throw InvalidInput("limit field is not finite on an equator arc");
      const Eigen::Vector3d t(-s1 * std::sin(theta), s2 * std::cos(theta), 0.0);
      return Sample1D{g.dot(t), g.norm()};
    };
    RootSearch1DOptions o;
    o.initial_intervals = 4;
    o.min_interval = 1e-9;
    o.bound_safety = options.bound_safety;
    o.value_tolerance_relative = options.value_tolerance_relative;
    const RootSearch1DResult arc = findAllRoots1D(in_arc, 0.0, 0.5 * kPi, false, o);
    result.report.evaluations += arc.report.evaluations;
    if (arc.report.completeness == Completeness::kPossiblyIncomplete) {
      result.report.unresolved_cells += arc.report.unresolved_cells;
    }
    for (const Root1D& r : arc.roots) {
      if (r.x < 1e-9 || r.x > 0.5 * kPi - 1e-9) continue;  // excluded points
      const SphereDirection d = dir_at(r.x);
      const Eigen::Vector3d g = field(d);
      ++result.report.evaluations;
      if (std::fabs(g[2]) > search.tolerance) continue;  // V~ != 0: not a limit direction
      add_arc_root(d, g);
    }
  }

  if (options.verify_degree) {
    int wu = 0, wl = 0;
    const bool ok_u = windingNumber(search, 0.0, 1.0, search.tolerance, wu);
    const bool ok_l = windingNumber(search, kPi, -1.0, search.tolerance, wl);
    result.degree_checked = ok_u && ok_l;
    if (result.degree_checked) {
      int sum_u = 0, sum_l = 0;
      for (const auto& r : roots) {
        if (r.on_equator_arc) continue;
        (r.phi_plus < kPi ? sum_u : sum_l) += r.index;
      }
      result.degree_consistent = (sum_u == wu) && (sum_l == wl);
    }
  }

  result.report.second_derivative_bound = search.m2();
  // Directions near the singular corners are ill-conditioned in (phi+, phi-): merge duplicates
  // by their unit vectors, keeping the smaller residual.
  std::vector<Codim3LimitDirection> unique_roots;
  for (const auto& r : roots) {
    bool merged = false;
    for (auto& u : unique_roots) {
      if ((u.n - r.n).norm() < 1e-6) {
        if (r.residual < u.residual) u = r;
        merged = true;
      }
    }
    if (!merged) unique_roots.push_back(r);
  }
  roots = std::move(unique_roots);
  std::sort(roots.begin(), roots.end(), [](const auto& a, const auto& b) {
    return a.phi_plus != b.phi_plus ? a.phi_plus < b.phi_plus : a.phi_minus < b.phi_minus;
  });
  result.directions = std::move(roots);
  result.type = classifyDirections(result.directions);
  if (result.report.unresolved_cells > 0 || !result.degree_consistent) {
    result.report.completeness = Completeness::kPossiblyIncomplete;
    result.report.method = result.degree_consistent
                               ? "quadtree exclusion + Newton on both parameter squares, arc "
                                 "search; cells unresolved (see unresolved_cells)"
                               : "quadtree exclusion + Newton on both parameter squares, arc "
                                 "search; Brouwer degree mismatch";
  } else {
    result.report.completeness =
        search.estimated() ? Completeness::kEstimatedBounds : Completeness::kFloatingPointBounds;
    result.report.method =
        search.estimated()
            ? (result.degree_checked
                   ? "quadtree exclusion with estimated second-derivative bound, Newton with "
                     "uniqueness test, arc search, Brouwer degree verified"
                   : "quadtree exclusion with estimated second-derivative bound, Newton with "
                     "uniqueness test, arc search")
            : (result.degree_checked
                   ? "quadtree exclusion with caller-supplied second-derivative bound, Newton "
                     "with uniqueness test, arc search, Brouwer degree verified"
                   : "quadtree exclusion with caller-supplied second-derivative bound, Newton "
                     "with uniqueness test, arc search");
  }
  return result;
}

}  // namespace nsd::filippov
