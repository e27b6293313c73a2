#include <nsdkit/core/angles.hpp>
#include <nsdkit/filippov/root_search_1d.hpp>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/root_search_1d_impl.hpp>

namespace nsd::filippov {
namespace detail {

void validateRootSearch1DOptions(const RootSearch1DOptions& options) {
  if (options.initial_intervals < 4) throw InvalidInput("initial_intervals must be at least 4");
  requirePositive(options.min_interval, "min_interval");
  if (!(options.bound_safety >= 1.0)) throw InvalidInput("bound_safety must be >= 1");
  requireNonNegative(options.second_derivative_bound, "second_derivative_bound");
  requireNonNegative(options.value_tolerance_relative, "value_tolerance_relative");
  requireNonNegative(options.curvature_floor_relative, "curvature_floor_relative");
}

}  // namespace detail

namespace {

// Points of an interval of the real line. On the circle the grid is offset by h/pi so that
// symmetric roots (0, pi/2, pi, ...) do not fall on nodes; exact zeros on nodes are handled.
struct LineGeometry {
  using Point = double;
  static constexpr bool kFitsNodes = false;  // no node fit: Newton starts at false position
  struct Fit {};
  double lower, upper, offset, h;
  int n;
  Point node(int k) const { return lower + offset + k * h; }
  Point end() const { return offset > 0.0 ? lower + offset + n * h : upper; }
  Point mid(Point a, Point b) const { return 0.5 * (a + b); }
  Point along(Point a, Point b, double t) const { return a + t * (b - a); }
  double coordinate(Point a, Point b, double t) const { return a + t * (b - a); }
  double x(Point p) const { return p; }
  double width(Point a, Point b) const { return b - a; }
};

}  // namespace

RootSearch1DResult findAllRoots1D(const std::function<Sample1D(double)>& f, double lower,
                                  double upper, bool periodic, const RootSearch1DOptions& options) {
  requireFinite(lower, "lower");
  requireFinite(upper, "upper");
  if (!(upper > lower)) throw InvalidInput("root search interval is empty");
  detail::validateRootSearch1DOptions(options);
  const int n = options.initial_intervals;
  const double h = (upper - lower) / n;
  const LineGeometry geometry{lower, upper, periodic ? h / kPi : 0.0, h, n};
  detail::RootSearcher<LineGeometry, const std::function<Sample1D(double)>> searcher(geometry, f,
                                                                                     options);
  return searcher.run(periodic, lower, upper);
}

}  // namespace nsd::filippov
