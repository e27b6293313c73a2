#include "filippov/root_search_1d.hpp"

#include <algorithm>
#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <cmath>
#include <cstdint>

#include "core/errors.hpp"

namespace nsd::filippov {
namespace {

struct Interval {
  double a, b, fa, fb;
};

struct Searcher {
  const std::function<Sample1D(double)>& f;
  const RootSearch1DOptions& options;
  RootSearch1DResult result;
  double m2 = 0.0;
  bool estimated = true;
  std::vector<Interval> stack;
  std::vector<Interval> excluded;

  double scale = 0.0;
  double tolerance = 0.0;

  double eval(double x) {
    const Sample1D sample = f(x);
    ++result.report.evaluations;
    if (!std::isfinite(sample.value) || !std::isfinite(sample.magnitude)) {
      throw InvalidInput("function value is not finite at x = " + formatValue(x));
    }
    scale = std::max(scale, sample.magnitude);
    return sample.value;
  }

  void raiseBound(double second_difference_abs, double half_width) {
    if (!estimated) return;
    const double estimate = options.bound_safety * second_difference_abs / (half_width * half_width);
    if (estimate > m2) m2 = estimate;
  }

  double polish(double a, double b, double fa, double fb) {
    std::uintmax_t max_iter = 100;
    boost::math::tools::eps_tolerance<double> tol(options.root_tolerance_bits);
    auto wrapped = [&](double x) { return eval(x); };
    const auto bracket = boost::math::tools::toms748_solve(wrapped, a, b, fa, fb, tol, max_iter);
    return 0.5 * (bracket.first + bracket.second);
  }

  void addRoot(double x, int multiplicity, bool unique) {
    result.roots.push_back(Root1D{x, multiplicity, unique});
  }

  // Returns true if the interval is done (excluded or resolved); false means "halve it".
  bool resolve(const Interval& iv, bool at_min_width) {
    const double w = iv.b - iv.a;
    const bool sign_change = (iv.fa < 0.0 && iv.fb > 0.0) || (iv.fa > 0.0 && iv.fb < 0.0);
    if (iv.fa == 0.0) {
      // Exact zero at the left end: it is recorded here (each node is the left end of one leaf).
      if (std::fabs(iv.fb - iv.fa) / w > m2 * w) {
        addRoot(iv.a, 1, true);
        return true;
      }
      if (at_min_width) {
        addRoot(iv.a, 1, false);
        ++result.report.unresolved_cells;
        return true;
      }
      return false;
    }
    if (sign_change) {
      if (std::fabs(iv.fb - iv.fa) / w > m2 * w) {
        addRoot(polish(iv.a, iv.b, iv.fa, iv.fb), 1, true);
        return true;
      }
      if (at_min_width) {
        addRoot(polish(iv.a, iv.b, iv.fa, iv.fb), 1, false);
        ++result.report.unresolved_cells;
        return true;
      }
      return false;
    }
    if (iv.fb == 0.0) {
      // Right end is an exact zero; it belongs to the next interval (or is handled by the
      // caller at the end of a non-periodic domain). Interior: exclude by monotonicity.
      if (std::fabs(iv.fb - iv.fa) / w > m2 * w) return true;
      return at_min_width ? (++result.report.unresolved_cells, true) : false;
    }
    const double smaller = std::min(std::fabs(iv.fa), std::fabs(iv.fb));
    if (smaller > m2 * w * w / 8.0) {
      excluded.push_back(iv);
      return true;
    }
    if (!at_min_width) return false;
    // Minimum width, same sign, not excluded: look for a touching (double) root or a close pair.
    const double s = iv.fa > 0.0 ? 1.0 : -1.0;
    auto signed_f = [&](double x) { return s * eval(x); };
    std::uintmax_t max_iter = 60;
    const auto minimum =
        boost::math::tools::brent_find_minima(signed_f, iv.a, iv.b, 40, max_iter);
    const double x_min = minimum.first;
    const double f_min = s * minimum.second;
    if (s * f_min < 0.0) {
      addRoot(polish(iv.a, x_min, iv.fa, f_min), 1, false);
      addRoot(polish(x_min, iv.b, f_min, iv.fb), 1, false);
      return true;
    }
    if (std::fabs(f_min) <= tolerance) {
      addRoot(x_min, 2, false);
      return true;
    }
    ++result.report.unresolved_cells;
    return true;
  }
};

}  // namespace

RootSearch1DResult findAllRoots1D(const std::function<Sample1D(double)>& f, double lower,
                                  double upper, bool periodic, const RootSearch1DOptions& options) {
  requireFinite(lower, "lower");
  requireFinite(upper, "upper");
  if (!(upper > lower)) throw InvalidInput("root search interval is empty");
  if (options.initial_intervals < 4) throw InvalidInput("initial_intervals must be at least 4");
  requirePositive(options.min_interval, "min_interval");
  if (!(options.bound_safety >= 1.0)) throw InvalidInput("bound_safety must be >= 1");
  requireNonNegative(options.second_derivative_bound, "second_derivative_bound");
  requireNonNegative(options.value_tolerance_relative, "value_tolerance_relative");
  requireNonNegative(options.curvature_floor_relative, "curvature_floor_relative");

  Searcher s{f, options, {}, 0.0, true, {}, {}};
  const int n = options.initial_intervals;
  const double h = (upper - lower) / n;
  // On the circle the grid is offset by h/pi so that symmetric roots (0, pi/2, pi, ...) do not
  // fall on nodes; exact zeros on nodes are still handled.
  const double offset = periodic ? h / 3.14159265358979323846 : 0.0;
  std::vector<double> xs(static_cast<std::size_t>(n) + 1), fs(static_cast<std::size_t>(n) + 1);
  for (int k = 0; k < n; ++k) {
    xs[static_cast<std::size_t>(k)] = lower + offset + k * h;
    fs[static_cast<std::size_t>(k)] = s.eval(xs[static_cast<std::size_t>(k)]);
  }
  xs[static_cast<std::size_t>(n)] = lower + offset + n * h;
  fs[static_cast<std::size_t>(n)] = periodic ? fs[0] : s.eval(upper);

  s.tolerance = options.value_tolerance_relative * s.scale;
  s.result.report.value_tolerance = s.tolerance;
  s.result.report.field_scale = s.scale;
  double max_abs = 0.0;
  for (double v : fs) max_abs = std::max(max_abs, std::fabs(v));
  if (max_abs <= s.tolerance) {
    // |f| vanishes on every sample: a continuum of zeros (e.g. an isotropic field).
    s.result.continuum.emplace_back(lower, upper);
    s.result.report.completeness = Completeness::kContinuum;
    s.result.report.method = "all samples within value tolerance: continuum of zeros";
    return s.result;
  }

  if (options.second_derivative_bound > 0.0) {
    s.m2 = options.second_derivative_bound;
    s.estimated = false;
  } else {
    s.m2 = options.curvature_floor_relative * s.scale;
    for (int k = 0; k < n; ++k) {
      const auto km = static_cast<std::size_t>(k == 0 ? (periodic ? n - 1 : 1) : k - 1);
      const auto kk = static_cast<std::size_t>(k == 0 && !periodic ? 1 : k);
      const auto kp = kk + 1;
      if (kp > static_cast<std::size_t>(n)) continue;
      s.raiseBound(std::fabs(fs[km] - 2.0 * fs[kk] + fs[kp]), h);
    }
  }

  for (int k = n - 1; k >= 0; --k) {
    const auto i = static_cast<std::size_t>(k);
    s.stack.push_back(Interval{xs[i], xs[i + 1], fs[i], fs[i + 1]});
  }

  while (true) {
    while (!s.stack.empty()) {
      if (s.result.report.evaluations > options.max_evaluations) {
        s.result.report.unresolved_cells += static_cast<int>(s.stack.size());
        s.stack.clear();
        break;
      }
      const Interval iv = s.stack.back();
      s.stack.pop_back();
      const bool at_min = (iv.b - iv.a) <= options.min_interval;
      if (s.resolve(iv, at_min)) continue;
      const double m = 0.5 * (iv.a + iv.b);
      const double fm = s.eval(m);
      s.raiseBound(std::fabs(iv.fa - 2.0 * fm + iv.fb), 0.5 * (iv.b - iv.a));
      s.stack.push_back(Interval{m, iv.b, fm, iv.fb});
      s.stack.push_back(Interval{iv.a, m, iv.fa, fm});
    }
    // The bound may have grown after some intervals were excluded: re-check them.
    std::vector<Interval> recheck;
    std::vector<Interval> still;
    for (const Interval& iv : s.excluded) {
      const double w = iv.b - iv.a;
      if (std::min(std::fabs(iv.fa), std::fabs(iv.fb)) > s.m2 * w * w / 8.0) {
        still.push_back(iv);
      } else {
        recheck.push_back(iv);
      }
    }
    s.excluded = std::move(still);
    if (recheck.empty()) break;
    for (const Interval& iv : recheck) s.stack.push_back(iv);
  }
  if (!periodic && fs[static_cast<std::size_t>(n)] == 0.0) s.addRoot(upper, 1, false);

  // Sort and merge roots closer than the minimum width (periodic-aware).
  auto& roots = s.result.roots;
  const double period = upper - lower;
  for (auto& r : roots) {
    if (periodic) {
      r.x = std::fmod(r.x - lower, period);
      if (r.x < 0) r.x += period;
      r.x += lower;
    }
  }
  std::sort(roots.begin(), roots.end(), [](const Root1D& p, const Root1D& q) { return p.x < q.x; });
  std::vector<Root1D> merged;
  // Double roots are located by minimization only to ~sqrt(eps) relative, so they merge with
  // anything within 1e-6 of the range.
  const double double_root_merge = std::max(options.min_interval, 1e-6 * period);
  for (const auto& r : roots) {
    const double merge = (r.multiplicity == 2 || (!merged.empty() && merged.back().multiplicity == 2))
                             ? double_root_merge
                             : options.min_interval;
    if (!merged.empty() && r.x - merged.back().x <= merge) {
      if (r.multiplicity == 2) merged.back().multiplicity = 2;
      merged.back().certified_unique = false;
      continue;
    }
    merged.push_back(r);
  }
  if (periodic && merged.size() > 1 &&
      merged.front().x + period - merged.back().x <= options.min_interval) {
    merged.pop_back();
  }
  roots = std::move(merged);

  s.result.report.second_derivative_bound = s.m2;
  if (s.result.report.unresolved_cells > 0) {
    s.result.report.completeness = Completeness::kPossiblyIncomplete;
    s.result.report.method = "adaptive bisection; " +
                             std::to_string(s.result.report.unresolved_cells) +
                             " interval(s) unresolved at the minimum width";
  } else {
    s.result.report.completeness =
        s.estimated ? Completeness::kEstimatedBounds : Completeness::kCertified;
    s.result.report.method = std::string("adaptive bisection with ") +
                             (s.estimated ? "estimated" : "caller-supplied") +
                             " |f''| bound: every interval excluded or shown to hold one root";
  }
  return s.result;
}

}  // namespace nsd::filippov
