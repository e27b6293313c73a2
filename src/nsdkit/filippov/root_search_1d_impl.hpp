#pragma once
/// @file root_search_1d_impl.hpp
/// Internal: the all-roots search of root_search_1d.hpp written once over a "geometry" of sample
/// points, so that the same algorithm runs on an interval of the real line (points are numbers)
/// and on the circle of directions (points carry cos/sin, midpoints come from normalizing the
/// chord, and no trigonometric function is evaluated during the search).
///
/// A Geometry provides
///   using Point;                                  sample point
///   Point node(int k) const;                      initial grid node k = 0..n-1 (n = intervals)
///   Point end() const;                            right end (the periodic image of node 0 on
///                                                 the circle)
///   Point mid(const Point& a, const Point& b) const;         midpoint
///   Point along(const Point& a, const Point& b, double t) const;  t in [0, 1], t = 0 -> a
///   double coordinate(const Point& a, const Point& b, double t) const;  argument of along()
///   double x(const Point& p) const;              argument of p
///   double width(const Point& a, const Point& b) const;      b - a
/// and the evaluation Eval is any callable Point -> Sample1D.

#include <algorithm>
#include <array>
#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/root_search_1d.hpp>

namespace nsd::filippov::detail {

/// Termination of toms748 in the polishing parameter t in [0, 1]: the bracket is narrower than
/// `width`, or (a-posteriori bound) the best evaluated point is provably within the tolerance:
/// on an interval where |f'| >= slope_lower_bound, |x - x*| <= |f(x)| / slope_lower_bound, so
/// |f(x)| <= value_stop (= slope_lower_bound * tolerance) suffices. value_stop is 0 when no
/// slope bound is known.
struct PolishTolerance {
  double width;
  double value_stop;
  const double* best_abs_value;
  bool operator()(double a, double b) const {
    return std::fabs(b - a) <= width || *best_abs_value <= value_stop;
  }
};

/// floor(log2(x)) of a positive normal double (std::ilogb without the library call).
inline int binaryExponent(double x) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  return static_cast<int>((bits >> 52) & 0x7ffu) - 1023;
}

template <class Geometry, class Eval>
class RootSearcher {
 public:
  using Point = typename Geometry::Point;

  /// `nonfinite_message` starts the InvalidInput message for a non-finite sample; the argument
  /// of the sample is appended.
  RootSearcher(const Geometry& geometry, Eval& eval, const RootSearch1DOptions& options,
               const char* nonfinite_message = "function value is not finite at x = ")
      : geo_(geometry),
        eval_(eval),
        options_(options),
        nonfinite_message_(nonfinite_message),
        scratch_(acquireScratch()) {
    // The root list reuses storage handed back by recycleRoots() (no allocation per search).
    result_.roots = std::move(scratch_.spare_roots);
    result_.roots.clear();
    result_.roots.reserve(8);
  }
  ~RootSearcher() {
    if (!own_scratch_) threadScratchBusy() = false;
  }
  RootSearcher(const RootSearcher&) = delete;
  RootSearcher& operator=(const RootSearcher&) = delete;

  /// Hands the storage of a root list (from run()) back for the next search on this thread.
  void recycleRoots(std::vector<Root1D>&& roots) { scratch_.spare_roots = std::move(roots); }

  RootSearch1DResult run(bool periodic, double lower, double upper) {
    sampleNodes(periodic);
    tolerance_ = options_.value_tolerance_relative * scale_;
    result_.report.value_tolerance = tolerance_;
    result_.report.field_scale = scale_;
    const GridStatistics grid = gridStatistics(periodic);
    if (grid.max_abs <= tolerance_) {
      // |f| vanishes on every sample: a continuum of zeros (e.g. an isotropic field).
      result_.continuum.emplace_back(lower, upper);
      result_.report.completeness = Completeness::kContinuum;
      result_.report.method = "all samples within value tolerance: continuum of zeros";
      return std::move(result_);
    }
    if (options_.second_derivative_bound > 0.0) {
      m2_ = options_.second_derivative_bound;
      estimated_ = false;
    } else {
      m2_ = options_.curvature_floor_relative * scale_;
      raiseBound(grid.max_second_difference, grid.h);
    }
    scratch_.stack.clear();
    scratch_.excluded.clear();
    scratch_.excluded_initial.clear();
    const double initial_exclusion_bound = searchInitialIntervals(grid.h);
    recheckExcluded(initial_exclusion_bound);
    const auto& nodes = scratch_.nodes;
    if (!periodic && scratch_.values.back() == 0.0) {
      addRoot(geo_.x(nodes.back()), 1, false, companions_end_);
    }
    finish(periodic, lower, upper);
    return std::move(result_);
  }

 private:
  struct Interval {
    Point a, b;
    double fa, fb;
  };

  // Stage 1: f at the n + 1 uniform nodes (on the circle the last node is the first).
  void sampleNodes(bool periodic) {
    auto& nodes = scratch_.nodes;
    auto& values = scratch_.values;
    const auto n_nodes = static_cast<std::size_t>(options_.initial_intervals) + 1;
    nodes.resize(n_nodes);
    values.resize(n_nodes);
    for (std::size_t k = 0; k + 1 < n_nodes; ++k) {
      nodes[k] = geo_.node(static_cast<int>(k));
      values[k] = evaluate(nodes[k]);
      if (k == 0) companions_front_ = last_companion_;
    }
    nodes[n_nodes - 1] = geo_.end();
    values[n_nodes - 1] = periodic ? values.front() : evaluate(nodes.back());
    companions_end_ = periodic ? companions_front_ : last_companion_;
  }

  struct GridStatistics {
    double h = 0.0, max_abs = 0.0, max_second_difference = 0.0;
  };
  // Stage 2: one pass over the nodes: the largest |f| and the largest second difference (the
  // grid is uniform, spacing h; on the circle the node before node 0 is node n - 1).
  GridStatistics gridStatistics(bool periodic) const {
    const auto& nodes = scratch_.nodes;
    const auto& values = scratch_.values;
    const std::size_t n_nodes = nodes.size();
    GridStatistics g;
    g.h = geo_.width(nodes[0], nodes[1]);
    g.max_abs = std::fabs(values[0]);
    for (std::size_t k = 1; k < n_nodes - 1; ++k) {
      g.max_abs = std::max(g.max_abs, std::fabs(values[k]));
      g.max_second_difference = std::max(
          g.max_second_difference, std::fabs(values[k - 1] - 2.0 * values[k] + values[k + 1]));
    }
    g.max_abs = std::max(g.max_abs, std::fabs(values[n_nodes - 1]));
    if (periodic) {
      g.max_second_difference = std::max(
          g.max_second_difference, std::fabs(values[n_nodes - 2] - 2.0 * values[0] + values[1]));
    }
    return g;
  }

  // Depth-first refinement of the intervals on the stack.
  void drain() {
    auto& stack = scratch_.stack;
    while (!stack.empty()) {
      if (result_.report.evaluations > options_.max_evaluations) {
        result_.report.unresolved_cells += static_cast<int>(stack.size());
        stack.clear();
        return;
      }
      const Interval iv = stack.back();
      stack.pop_back();
      const bool at_min = geo_.width(iv.a, iv.b) <= options_.min_interval;
      if (resolve(iv, at_min)) continue;
      splitOntoStack(iv);
    }
  }

  // Halves an interval, raising the curvature bound by its second difference.
  void splitOntoStack(const Interval& iv) {
    const Point m = geo_.mid(iv.a, iv.b);
    const double fm = evaluate(m);
    raiseBound(std::fabs(iv.fa - 2.0 * fm + iv.fb), 0.5 * geo_.width(iv.a, iv.b));
    scratch_.stack.push_back(Interval{m, iv.b, fm, iv.fb});
    scratch_.stack.push_back(Interval{iv.a, m, iv.fa, fm});
  }

  // Initial interval i resolved, or refined depth-first.
  void refineInitial(std::size_t i) {
    const auto& nodes = scratch_.nodes;
    const auto& values = scratch_.values;
    const Interval iv{nodes[i], nodes[i + 1], values[i], values[i + 1]};
    if (resolve(iv, geo_.width(iv.a, iv.b) <= options_.min_interval)) return;
    splitOntoStack(iv);
    drain();
  }

  // Stage 3: the initial intervals. Those of one sign that keep it are only listed by index (the
  // common case, without copying an Interval); the others are resolved or refined. Returns the
  // bound the first listed one was excluded with.
  double searchInitialIntervals(double h) {
    const auto& nodes = scratch_.nodes;
    const auto& values = scratch_.values;
    auto& excluded_initial = scratch_.excluded_initial;
    const bool initial_at_min = h <= options_.min_interval;
    double initial_exclusion_bound = m2_;
    for (std::size_t i = 0; i + 1 < nodes.size(); ++i) {
      const double fa = values[i], fb = values[i + 1];
      if (!initial_at_min && ((fa > 0.0 && fb > 0.0) || (fa < 0.0 && fb < 0.0)) &&
          keepsSign(fa, fb, geo_.width(nodes[i], nodes[i + 1]))) {
        if (excluded_initial.empty()) initial_exclusion_bound = m2_;
        excluded_initial.push_back(static_cast<int>(i));
        continue;
      }
      refineInitial(i);
    }
    return initial_exclusion_bound;
  }

  // Stage 4: the bound may have grown after intervals were excluded: re-check them, the initial
  // ones and the refined ones, until the bound stops growing (each list only when the bound
  // exceeds the one it was last checked with).
  void recheckExcluded(double initial_exclusion_bound) {
    const auto& nodes = scratch_.nodes;
    const auto& values = scratch_.values;
    auto& excluded_initial = scratch_.excluded_initial;
    auto& excluded = scratch_.excluded;
    double checked_initial = initial_exclusion_bound, checked_refined = first_exclusion_bound_;
    for (bool progressed = true; progressed;) {
      progressed = false;
      if (!excluded_initial.empty() && m2_ > checked_initial) {
        progressed = true;
        checked_initial = m2_;
        std::size_t kept = 0;
        for (std::size_t j = 0; j < excluded_initial.size(); ++j) {
          const auto i = static_cast<std::size_t>(excluded_initial[j]);
          if (keepsSign(values[i], values[i + 1], geo_.width(nodes[i], nodes[i + 1]))) {
            excluded_initial[kept++] = excluded_initial[j];
          } else {
            refineInitial(i);
          }
        }
        excluded_initial.resize(kept);
      }
      if (!excluded.empty() && m2_ > checked_refined) {
        progressed = true;
        checked_refined = m2_;
        std::size_t kept = 0;
        for (const Interval& iv : excluded) {
          if (keepsSign(iv.fa, iv.fb, geo_.width(iv.a, iv.b))) {
            excluded[kept++] = iv;
          } else {
            scratch_.stack.push_back(iv);
          }
        }
        excluded.resize(kept);
        drain();
      }
    }
  }

  // Working storage, reused across calls on one thread (no allocation per search).
  struct Scratch {
    std::vector<Point> nodes;
    std::vector<double> values;
    std::vector<Interval> stack;
    std::vector<Interval> excluded;
    std::vector<int> excluded_initial;  // indices of initial intervals excluded
    std::vector<Root1D> spare_roots;    // storage for the next root list
  };
  static Scratch& threadScratch() {
    static thread_local Scratch scratch;
    return scratch;
  }
  static bool& threadScratchBusy() {
    static thread_local bool busy = false;
    return busy;
  }
  // The thread's scratch, or a private one when a search runs inside another's evaluation.
  Scratch& acquireScratch() {
    if (threadScratchBusy()) {
      own_scratch_ = std::make_unique<Scratch>();
      return *own_scratch_;
    }
    threadScratchBusy() = true;
    return threadScratch();
  }

  double evaluate(const Point& p) {
    const Sample1D sample = eval_(p);
    ++result_.report.evaluations;
    if (!std::isfinite(sample.value) || !std::isfinite(sample.magnitude)) throwNonFinite(p);
    scale_ = std::max(scale_, sample.magnitude);
    last_companion_ = sample.companion;
    return sample.value;
  }

  // Out of line, so that evaluate() stays small enough to inline.
  [[noreturn]] void throwNonFinite(const Point& p) const {
    throw InvalidInput(std::string(nonfinite_message_) + formatValue(geo_.x(p)));
  }

  void raiseBound(double second_difference_abs, double half_width) {
    if (!estimated_) return;
    const double estimate =
        options_.bound_safety * second_difference_abs / (half_width * half_width);
    if (estimate > m2_) m2_ = estimate;
  }

  // Polishes a bracketed simple root to the absolute root tolerance (2^-root_tolerance_bits
  // relative to |x|, or root_tolerance_absolute) and records the evaluated point with the
  // smallest |f| (companion included).
  //  - Certified interval (`unique`, slope bound m1 = |f(b) - f(a)| / w - M2 w / 2 > 0, so f is
  //    monotone with |f'| >= m1): Boost.Math newton_raphson_iterate from startingPoint() (the
  //    root of the node fit on the circle, else the false-position point), with f' estimated by
  //    the derivative of the parabola through the last three samples
  //    at the newest one (order ~1.84, as inverse quadratic interpolation; the chord slope when
  //    that estimate has the wrong sign, so steps always point into the bracket). An evaluated
  //    point with |f| <= m1 * tolerance is provably within the tolerance and ends the iteration.
  //    If Newton stops otherwise (rounding noise), toms748 finishes on the bracket it kept.
  //  - Otherwise (minimum-width interval, no slope bound): Boost.Math toms748_solve to a
  //    bracket narrower than the tolerance.
  void polishAndAdd(const Interval& iv, bool unique) {
    double best_t = 0.0, best_f = INFINITY, best_companion = 0.0;
    // Bracket [lo_t, hi_t] kept from the samples (meaningful where f is monotone): f has the
    // sign of f(a) at lo_t and of f(b) at hi_t.
    double lo_t = 0.0, hi_t = 1.0, f_lo = iv.fa, f_hi = iv.fb;
    const bool rising = iv.fb > iv.fa;
    auto f = [&](double t) {
      const double v = evaluate(geo_.along(iv.a, iv.b, t));
      if (std::fabs(v) < best_f) {
        best_f = std::fabs(v);
        best_t = t;
        best_companion = last_companion_;
      }
      // Selects rather than branches: the side alternates unpredictably during Newton.
      const bool low_side = (v < 0.0) == rising;
      const bool raise_lo = low_side && t > lo_t, lower_hi = !low_side && t < hi_t;
      lo_t = raise_lo ? t : lo_t;
      f_lo = raise_lo ? v : f_lo;
      hi_t = lower_hi ? t : hi_t;
      f_hi = lower_hi ? v : f_hi;
      return v;
    };
    const double w = geo_.width(iv.a, iv.b);
    const double x_scale = std::max(1.0, std::fabs(geo_.x(iv.a)));
    const double absolute = options_.root_tolerance_absolute > 0.0
                                ? options_.root_tolerance_absolute
                                : std::ldexp(x_scale, -options_.root_tolerance_bits);
    const double width_t = std::max(absolute / w, 4.0 * std::numeric_limits<double>::epsilon());
    const double slope_lower_bound = unique ? slopeLowerBound(iv.fa, iv.fb, w) : 0.0;
    const double value_stop = std::max(0.0, slope_lower_bound) * absolute;
    if (value_stop > 0.0) {
      // Newton in u = 1 + t in [1, 2], where Boost's relative step test is an absolute one:
      // it stops when |step| <= u 2^(1 - digits) <= width_t / 2.
      const int digits = std::min(std::numeric_limits<double>::digits, 3 - binaryExponent(width_t));
      const double chord = iv.fb - iv.fa;  // slope of the chord in t: the sign of f'
      // The two previous samples (t1 the newer) and the divided difference between them.
      double t1 = 0.0, f1 = iv.fa, t2 = 1.0, d12 = chord;
      auto newton_f = [&](double u) {
        const double t = u - 1.0;
        // The divisions that depend on t only come before the evaluation, off the critical
        // path of the iteration.
        const double inverse_step = t != t1 ? 1.0 / (t - t1) : 0.0;
        const double weight = t != t2 ? (t - t1) / (t - t2) : 0.0;
        const double v = f(t);
        if (std::fabs(v) <= value_stop) return std::make_pair(0.0, chord);       // within tolerance
        if (t == t1) return std::make_pair(v, d12 * chord > 0.0 ? d12 : chord);  // repeated
        const double d1 = (v - f1) * inverse_step;
        const double parabola = d1 + (d1 - d12) * weight;
        const double slope = parabola * chord > 0.0 ? parabola : d1 * chord > 0.0 ? d1 : chord;
        d12 = d1, t2 = t1, t1 = t, f1 = v;
        return std::make_pair(v, slope);
      };
      const double t0 = startingPoint(iv);
      std::uintmax_t max_iter = 40;
      boost::math::tools::newton_raphson_iterate(newton_f, 1.0 + t0, 1.0, 2.0, digits, max_iter);
      // Done if certified by value, or if the kept bracket is narrower than the tolerance (or
      // collapsed by rounding noise of f): f being monotone, the sample of smallest |f| is an
      // end of that bracket.
      if (best_f <= value_stop || !(hi_t - lo_t > width_t)) {
        addRoot(geo_.coordinate(iv.a, iv.b, best_t), 1, unique, best_companion);
        return;
      }
    }
    std::uintmax_t max_iter = 100;
    const PolishTolerance tol{width_t, value_stop, &best_f};
    const auto bracket =
        boost::math::tools::toms748_solve(f, lo_t, hi_t, f_lo, f_hi, tol, max_iter);
    if (!(best_f < INFINITY)) {
      // toms748 returned without an interior evaluation (never for a strict sign change).
      best_t = 0.5 * (bracket.first + bracket.second);
      f(best_t);
    }
    addRoot(geo_.coordinate(iv.a, iv.b, best_t), 1, unique, best_companion);
  }

  // Newton's start on a certified interval: the false-position point, refined on the fit of
  // the node samples where the geometry has one (computed once per search, at the first root).
  double startingPoint(const Interval& iv) {
    const double false_position = iv.fa / (iv.fa - iv.fb);  // in (0, 1)
    if constexpr (Geometry::kFitsNodes) {
      if (!fit_ready_) {
        fit_ = geo_.fit(scratch_.values);
        fit_ready_ = true;
      }
      return geo_.fitRoot(fit_, iv.a, iv.b, false_position);
    }
    return false_position;
  }

  void addRoot(double x, int multiplicity, bool unique, double companion) {
    result_.roots.push_back(Root1D{x, multiplicity, unique, companion});
  }

  // Lower bound of |f'| on an interval of width w with end values fa, fb, from |f''| <= M2:
  // |f'(x) - (fb - fa)/w| <= M2 ((x - a)^2 + (b - x)^2) / (2 w) <= M2 w / 2. Positive: f is
  // monotone there (at most one root).
  double slopeLowerBound(double fa, double fb, double w) const {
    return std::fabs(fb - fa) / w - 0.5 * m2_ * w;
  }

  // True if f provably keeps the sign of fa (= sign of fb, both nonzero) on the interval: with
  // s = (x - a)/w, |f - chord| <= K s (1 - s), K = M2 w^2 / 2, so |f| >= p - d s + K s^2 with
  // p = |fa|, q = |fb|, d = K + p - q. The minimum of that bound over [0, 1] is p - d^2/(4K)
  // at s = d/(2K) when 0 < d < 2K, else min(p, q) > 0. (fa = fb: min|f| > M2 w^2/8.)
  bool keepsSign(double fa, double fb, double w) const {
    const double p = std::fabs(fa), q = std::fabs(fb), k = 0.5 * m2_ * w * w;
    const double d = k + p - q;
    return !(d > 0.0 && d < 2.0 * k) || 4.0 * k * p > d * d;
  }

  // Returns true if the interval is done (excluded or resolved); false means "halve it".
  bool resolve(const Interval& iv, bool at_min_width) {
    const double w = geo_.width(iv.a, iv.b);
    const bool sign_change = (iv.fa < 0.0 && iv.fb > 0.0) || (iv.fa > 0.0 && iv.fb < 0.0);
    if (iv.fa == 0.0) {
      // Exact zero at the left end: it is recorded here (each node is the left end of one leaf).
      evaluate(iv.a);  // companion at the node
      const double companion = last_companion_;
      if (slopeLowerBound(iv.fa, iv.fb, w) > 0.0) {
        addRoot(geo_.x(iv.a), 1, true, companion);
        return true;
      }
      if (at_min_width) {
        addRoot(geo_.x(iv.a), 1, false, companion);
        ++result_.report.unresolved_cells;
        return true;
      }
      return false;
    }
    if (sign_change) {
      if (slopeLowerBound(iv.fa, iv.fb, w) > 0.0) {
        polishAndAdd(iv, true);
        return true;
      }
      if (at_min_width) {
        polishAndAdd(iv, false);
        ++result_.report.unresolved_cells;
        return true;
      }
      return false;
    }
    if (iv.fb == 0.0) {
      // Right end is an exact zero; it belongs to the next interval (or is handled by the
      // caller at the end of a non-periodic domain). Interior: exclude by monotonicity.
      if (slopeLowerBound(iv.fa, iv.fb, w) > 0.0) return true;
      return at_min_width ? (++result_.report.unresolved_cells, true) : false;
    }
    if (keepsSign(iv.fa, iv.fb, w)) {
      if (scratch_.excluded.empty()) first_exclusion_bound_ = m2_;
      scratch_.excluded.push_back(iv);
      return true;
    }
    if (!at_min_width) return false;
    // Minimum width, same sign, not excluded: look for a touching (double) root or a close pair.
    const double s = iv.fa > 0.0 ? 1.0 : -1.0;
    auto signed_f = [&](double t) { return s * evaluate(geo_.along(iv.a, iv.b, t)); };
    std::uintmax_t max_iter = 60;
    const auto minimum = boost::math::tools::brent_find_minima(signed_f, 0.0, 1.0, 40, max_iter);
    const double t_min = minimum.first;
    const double f_min = s * minimum.second;
    if (s * f_min < 0.0) {
      const Point p_min = geo_.along(iv.a, iv.b, t_min);
      polishAndAdd(Interval{iv.a, p_min, iv.fa, f_min}, false);
      polishAndAdd(Interval{p_min, iv.b, f_min, iv.fb}, false);
      return true;
    }
    if (std::fabs(f_min) <= tolerance_) {
      evaluate(geo_.along(iv.a, iv.b, t_min));
      addRoot(geo_.coordinate(iv.a, iv.b, t_min), 2, false, last_companion_);
      return true;
    }
    ++result_.report.unresolved_cells;
    return true;
  }

  // Sorts and merges roots closer than the minimum width (periodic-aware).
  void finish(bool periodic, double lower, double upper) {
    auto& roots = result_.roots;
    const double period = upper - lower;
    for (auto& r : roots) {
      if (periodic) {
        // Roots lie within one period past the first node: one subtraction wraps them.
        double y = r.x - lower;
        if (y >= period) y -= period;
        if (!(y >= 0.0 && y < period)) y = std::fmod(std::fmod(y, period) + period, period);
        r.x = y + lower;
      }
    }
    std::sort(roots.begin(), roots.end(),
              [](const Root1D& p, const Root1D& q) { return p.x < q.x; });
    // Double roots are located by minimization only to ~sqrt(eps) relative, so they merge with
    // anything within 1e-6 of the range.
    const double double_root_merge = std::max(options_.min_interval, 1e-6 * period);
    std::size_t kept = 0;
    for (std::size_t k = 0; k < roots.size(); ++k) {
      const Root1D r = roots[k];
      const bool has_previous = kept > 0;
      const double merge =
          (r.multiplicity == 2 || (has_previous && roots[kept - 1].multiplicity == 2))
              ? double_root_merge
              : options_.min_interval;
      if (has_previous && r.x - roots[kept - 1].x <= merge) {
        if (r.multiplicity == 2) roots[kept - 1].multiplicity = 2;
        roots[kept - 1].certified_unique = false;
        continue;
      }
      roots[kept++] = r;
    }
    roots.resize(kept);
    if (periodic && roots.size() > 1 &&
        roots.front().x + period - roots.back().x <= options_.min_interval) {
      roots.pop_back();
    }

    result_.report.second_derivative_bound = m2_;
    if (result_.report.unresolved_cells > 0) {
      result_.report.completeness = Completeness::kPossiblyIncomplete;
      result_.report.method =
          "adaptive bisection; some intervals unresolved at the minimum width (see "
          "unresolved_cells)";
    } else if (estimated_) {
      result_.report.completeness = Completeness::kEstimatedBounds;
      result_.report.method =
          "adaptive bisection with estimated |f''| bound: every interval excluded or shown to "
          "hold one root";
    } else {
      result_.report.completeness = Completeness::kFloatingPointBounds;
      result_.report.method =
          "adaptive bisection with caller-supplied |f''| bound, in floating point: every "
          "interval excluded or shown to hold one root";
    }
  }

  const Geometry& geo_;
  Eval& eval_;
  const RootSearch1DOptions& options_;
  const char* nonfinite_message_;
  RootSearch1DResult result_;
  double m2_ = 0.0;
  bool estimated_ = true;
  double scale_ = 0.0;
  double tolerance_ = 0.0;
  double last_companion_ = 0.0;
  double companions_front_ = 0.0;
  double companions_end_ = 0.0;
  double first_exclusion_bound_ = 0.0;  // m2_ when the first interval was excluded
  typename Geometry::Fit fit_{};        // of the node samples, when fit_ready_
  bool fit_ready_ = false;
  std::unique_ptr<Scratch> own_scratch_;  // declared before scratch_: initialized first
  Scratch& scratch_;
};

}  // namespace nsd::filippov::detail
