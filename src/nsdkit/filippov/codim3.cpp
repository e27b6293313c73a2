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

namespace {

void requireValidOptions(const SphereField& field, const SampledCodim3Options& options) {
  if (!field) throw InvalidInput("sphere field is empty");
  if (options.initial_grid < 2) throw InvalidInput("initial_grid must be at least 2");
  if (options.max_depth < 0 || options.max_depth > 40) {
    throw InvalidInput("max_depth must be in [0, 40]");
  }
  if (!(options.bound_safety >= 1.0)) throw InvalidInput("bound_safety must be >= 1");
  requireNonNegative(options.second_derivative_bound, "second_derivative_bound");
  requirePositive(options.value_tolerance_relative, "value_tolerance_relative");
  requirePositive(options.newton_cell_rad, "newton_cell_rad");
}

/// V+ = V- = 0 on every sample: G ∥ n everywhere (isotropic field), a continuum. Samples the
/// radial component G·n over the sphere to classify it.
void classifyAsContinuum(const SphereField& field, double tolerance, Codim3Result& result) {
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
  result.type = classifyContinuum(min_r, max_r, tolerance);
}

/// One quarter arc of the equator (singular set Phi~ of eq. (61)), signs s1 = ±1, s2 = ±1.
class EquatorArc {
 public:
  EquatorArc(const SphereField& field, const SampledCodim3Options& options, int quarter,
             double tolerance, Codim3Result& result, std::vector<Codim3LimitDirection>& roots)
      : field_(field),
        options_(options),
        s1_((quarter & 1) ? -1.0 : 1.0),
        s2_((quarter & 2) ? -1.0 : 1.0),
        phi_p_(s1_ > 0 ? 0.0 : kPi),
        phi_m_(s2_ > 0 ? 0.0 : kPi),
        tolerance_(tolerance),
        result_(result),
        roots_(roots) {}

  /// Records every limit direction on this arc: the paper's midpoint rule, the closed form for
  /// fields constant on the arc, or the certified 1-D all-roots search of G·t.
  void search() {
    if (options_.arc_rule == ArcRule::kPaperMidpoint) return searchMidpoint();
    if (solveIfConstant()) return;
    searchAllRoots();
  }

 private:
  SphereDirection at(double theta) const {
    return SphereDirection::make(Eigen::Vector3d(s1_ * std::cos(theta), s2_ * std::sin(theta), 0.0),
                                 phi_p_, phi_m_);
  }

  Codim3LimitDirection limitDirection(const SphereDirection& d, const Eigen::Vector3d& g) const {
    Codim3LimitDirection ld;
    ld.phi_plus = phi_p_;
    ld.phi_minus = phi_m_;
    ld.n = d.n;
    ld.radial = g.dot(d.n);
    ld.type = typeFromRadial(ld.radial, tolerance_);
    ld.on_equator_arc = true;
    ld.residual = std::fabs(g[2]);
    return ld;
  }

  /// Records an arc limit direction (G ∥ n at d), unless a square root already found it.
  void addUnlessFound(const SphereDirection& d, const Eigen::Vector3d& g) {
    const Codim3LimitDirection ld = limitDirection(d, g);
    for (const auto& other : roots_) {
      if ((other.n - ld.n).norm() < 1e-7) return;
    }
    roots_.push_back(ld);
  }

  void searchMidpoint() {
    const SphereDirection d = at(0.25 * kPi);
    const Eigen::Vector3d g = field_(d);
    ++result_.report.evaluations;
    if (!g.allFinite()) throw InvalidInput("limit field is not finite on an equator arc");
    if (std::fabs(g[2]) <= tolerance_) roots_.push_back(limitDirection(d, g));
  }

  /// Fields that depend on the direction only through lambda± (the contact fields) are constant
  /// on each arc; then G·t = 0 is solved in closed form. Returns false if G varies on the arc.
  bool solveIfConstant() {
    const Eigen::Vector3d g0 = field_(at(0.0)), g1 = field_(at(0.25 * kPi)),
                          g2 = field_(at(0.5 * kPi));
    result_.report.evaluations += 3;
    if (!g0.allFinite() || !g1.allFinite() || !g2.allFinite()) {
      throw InvalidInput("limit field is not finite on an equator arc");
    }
    const double same = 1e-14 * std::max(g0.norm(), 1e-300);
    if ((g1 - g0).norm() > same || (g2 - g0).norm() > same) return false;
    // G·t(theta) = -G_a s1 sin(theta) + G_b s2 cos(theta) = 0.
    const double ga = g0[0] * s1_, gb = g0[1] * s2_;
    if (ga * gb > 0.0 && std::fabs(g0[2]) <= tolerance_) {
      const double theta = std::atan(gb / ga);  // in (0, pi/2) since ga gb > 0
      addUnlessFound(at(theta), g0);
    }
    return true;
  }

  void searchAllRoots() {
    const std::function<Sample1D(double)> tangential = [&](double theta) {
      const Eigen::Vector3d g = field_(at(theta));
      if (!g.allFinite()) throw InvalidInput("limit field is not finite on an equator arc");
      const Eigen::Vector3d t(-s1_ * std::sin(theta), s2_ * std::cos(theta), 0.0);
      return Sample1D{g.dot(t), g.norm()};
    };
    RootSearch1DOptions o;
    o.initial_intervals = 4;
    o.min_interval = 1e-9;
    o.bound_safety = options_.bound_safety;
    o.value_tolerance_relative = options_.value_tolerance_relative;
    const RootSearch1DResult arc = findAllRoots1D(tangential, 0.0, 0.5 * kPi, false, o);
    result_.report.evaluations += arc.report.evaluations;
    if (arc.report.completeness == Completeness::kPossiblyIncomplete) {
      result_.report.unresolved_cells += arc.report.unresolved_cells;
    }
    for (const Root1D& r : arc.roots) {
      if (r.x < 1e-9 || r.x > 0.5 * kPi - 1e-9) continue;  // excluded points
      const SphereDirection d = at(r.x);
      const Eigen::Vector3d g = field_(d);
      ++result_.report.evaluations;
      if (std::fabs(g[2]) > tolerance_) continue;  // V~ != 0: not a limit direction
      addUnlessFound(d, g);
    }
  }

  const SphereField& field_;
  const SampledCodim3Options& options_;
  const double s1_, s2_, phi_p_, phi_m_, tolerance_;
  Codim3Result& result_;
  std::vector<Codim3LimitDirection>& roots_;
};

/// Compares the sum of the roots' indices on each parameter square with the Brouwer degree
/// (winding number of V along the square's boundary).
void verifyDegree(SquareSearch& search, const std::vector<Codim3LimitDirection>& roots,
                  Codim3Result& result) {
  int wu = 0, wl = 0;
  const bool ok_u = windingNumber(search, 0.0, 1.0, search.tolerance, wu);
  const bool ok_l = windingNumber(search, kPi, -1.0, search.tolerance, wl);
  result.degree_checked = ok_u && ok_l;
  if (!result.degree_checked) return;
  int sum_u = 0, sum_l = 0;
  for (const auto& r : roots) {
    if (r.on_equator_arc) continue;
    (r.phi_plus < kPi ? sum_u : sum_l) += r.index;
  }
  result.degree_consistent = (sum_u == wu) && (sum_l == wl);
}

/// Directions near the singular corners are ill-conditioned in (phi+, phi-): merges duplicates
/// by their unit vectors, keeping the smaller residual, and sorts by (phi+, phi-).
std::vector<Codim3LimitDirection> mergedAndSorted(const std::vector<Codim3LimitDirection>& roots) {
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
  std::sort(unique_roots.begin(), unique_roots.end(), [](const auto& a, const auto& b) {
    return a.phi_plus != b.phi_plus ? a.phi_plus < b.phi_plus : a.phi_minus < b.phi_minus;
  });
  return unique_roots;
}

void describeCompleteness(bool bounds_estimated, Codim3Result& result) {
  if (result.report.unresolved_cells > 0 || !result.degree_consistent) {
    result.report.completeness = Completeness::kPossiblyIncomplete;
    result.report.method = result.degree_consistent
                               ? "quadtree exclusion + Newton on both parameter squares, arc "
                                 "search; cells unresolved (see unresolved_cells)"
                               : "quadtree exclusion + Newton on both parameter squares, arc "
                                 "search; Brouwer degree mismatch";
    return;
  }
  result.report.completeness =
      bounds_estimated ? Completeness::kEstimatedBounds : Completeness::kFloatingPointBounds;
  // Static strings (SolverReport::method is a const char*).
  if (bounds_estimated) {
    result.report.method = result.degree_checked
                               ? "quadtree exclusion with estimated second-derivative bound, "
                                 "Newton with uniqueness test, arc search, Brouwer degree verified"
                               : "quadtree exclusion with estimated second-derivative bound, "
                                 "Newton with uniqueness test, arc search";
  } else {
    result.report.method = result.degree_checked
                               ? "quadtree exclusion with caller-supplied second-derivative "
                                 "bound, Newton with uniqueness test, arc search, Brouwer degree "
                                 "verified"
                               : "quadtree exclusion with caller-supplied second-derivative "
                                 "bound, Newton with uniqueness test, arc search";
  }
}

}  // namespace

Codim3Result analyzeCodim3(const SphereField& field, const SampledCodim3Options& options) {
  requireValidOptions(field, options);

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
    classifyAsContinuum(field, search.tolerance, result);
    return result;
  }

  std::vector<Codim3LimitDirection> roots;
  search.run(roots);
  search.recheckExcluded(roots);
  for (int quarter = 0; quarter < 4; ++quarter) {
    EquatorArc(field, options, quarter, search.tolerance, result, roots).search();
  }
  if (options.verify_degree) verifyDegree(search, roots, result);

  result.report.second_derivative_bound = search.m2();
  result.directions = mergedAndSorted(roots);
  result.type = classifyDirections(result.directions);
  describeCompleteness(search.estimated(), result);
  return result;
}

}  // namespace nsd::filippov
