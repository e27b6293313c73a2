#pragma once
/// @file root_search_circle_geometry.hpp
/// Internal (not installed): the circle of directions as a Geometry of the all-roots search
/// (root_search_1d_impl.hpp): grid nodes by a rotation recurrence, midpoints and polishing
/// points from normalized chords (no trigonometric function during the search), and the
/// trigonometric fit of the node samples that predicts roots.

#include <array>
#include <cmath>
#include <map>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <nsdkit/core/angles.hpp>
#include <nsdkit/filippov/root_search_1d_impl.hpp>

namespace nsd::filippov::detail {

// Points of the circle of directions: the angle x and n(x) = (c, s). Grid nodes come from a
// rotation recurrence, midpoints and polishing points from normalized chords, so the search
// evaluates no trigonometric function.
struct CirclePoint {
  double x, c, s;
};

class CircleGeometry {
 public:
  using Point = CirclePoint;
  /// Largest degree of the trigonometric fit of the node samples that predicts roots.
  static constexpr int kMaxFitDegree = 8;
  static constexpr bool kFitsNodes = true;
  /// f ~ constant + sum_k cosine[k-1] cos(k phi) + sine[k-1] sin(k phi), k = 1..degree: the
  /// least-squares fit of degree min(n/2 - 1, kMaxFitDegree) to the n node samples (the
  /// truncated discrete Fourier series; exact when f is a trigonometric polynomial of at most
  /// that degree, as V is for every field affine in the direction).
  struct Fit {
    int degree = 0;
    double constant = 0.0;
    std::array<double, kMaxFitDegree> cosine{}, sine{};
  };

  // Grid of `intervals` nodes offset by h/pi (h = 2 pi/intervals), so that symmetric roots
  // (0, pi/2, pi, ...) do not fall on nodes. Cached per thread for the last grid size.
  explicit CircleGeometry(int intervals) : grid_(grid(intervals)) {}
  Point node(int k) const { return grid_.nodes[static_cast<std::size_t>(k)]; }
  Point end() const { return grid_.nodes.back(); }
  // Intervals are at most 2 pi / 4 wide, so the chord midpoint is never degenerate.
  Point mid(const Point& a, const Point& b) const {
    const double c = a.c + b.c, s = a.s + b.s, inverse = 1.0 / std::sqrt(c * c + s * s);
    return CirclePoint{0.5 * (a.x + b.x), c * inverse, s * inverse};
  }
  Point along(const Point& a, const Point& b, double t) const {
    const double c = (1.0 - t) * a.c + t * b.c, s = (1.0 - t) * a.s + t * b.s;
    const double inverse = 1.0 / std::sqrt(c * c + s * s);
    return CirclePoint{a.x + t * (b.x - a.x), c * inverse, s * inverse};  // x: label only
  }
  double coordinate(const Point& a, const Point& b, double t) const {
    const Point p = along(a, b, t);
    return a.x + std::atan2(a.c * p.s - a.s * p.c, a.c * p.c + a.s * p.s);
  }
  double x(const Point& p) const { return p.x; }
  double width(const Point& a, const Point& b) const { return b.x - a.x; }

  /// The fit of the samples values[0..n-1] at the nodes, truncated after its last harmonic
  /// above 1e-14 of the largest (so a field of low degree costs little to evaluate).
  Fit fit(const std::vector<double>& values) const {
    Fit result;
    const std::size_t n = grid_.nodes.size() - 1;  // nodes of the circle
    const double scale = 2.0 / static_cast<double>(n);
    double sum = 0.0;
    for (std::size_t j = 0; j < n; ++j) sum += values[j];
    result.constant = 0.5 * scale * sum;
    double largest = std::fabs(result.constant);
    for (int k = 0; k < grid_.degree; ++k) {
      // (cos, sin)(k phi_j) interleaved: the two sums advance together (one vector lane each).
      const double* harmonic = grid_.harmonics.data() + 2 * static_cast<std::size_t>(k) * n;
      double a = 0.0, b = 0.0;
#if defined(__SSE2__)
      __m128d sum_ab = _mm_setzero_pd();
      for (std::size_t j = 0; j < n; ++j) {
        sum_ab =
            _mm_add_pd(sum_ab, _mm_mul_pd(_mm_set1_pd(values[j]), _mm_loadu_pd(harmonic + 2 * j)));
      }
      a = _mm_cvtsd_f64(sum_ab);
      b = _mm_cvtsd_f64(_mm_unpackhi_pd(sum_ab, sum_ab));
#else
      for (std::size_t j = 0; j < n; ++j) {
        a += values[j] * harmonic[2 * j];
        b += values[j] * harmonic[2 * j + 1];
      }
#endif
      const auto i = static_cast<std::size_t>(k);
      result.cosine[i] = scale * a;
      result.sine[i] = scale * b;
      largest = std::max(largest, std::fabs(result.cosine[i]) + std::fabs(result.sine[i]));
    }
    result.degree = grid_.degree;
    while (result.degree > 0) {
      const auto i = static_cast<std::size_t>(result.degree - 1);
      if (std::fabs(result.cosine[i]) + std::fabs(result.sine[i]) > 1e-14 * largest) break;
      --result.degree;
    }
    return result;
  }

  /// A root of the fit in the chord parameter t of [a, b], by Halley's iteration in the angle
  /// from the direction at t0, or t0 when the iteration does not settle inside (0, 1) within a
  /// few small steps (the fit has no root there, or not one near t0).
  double fitRoot(const Fit& fit, const Point& a, const Point& b, double t0) const {
    const Point start = along(a, b, t0);
    double zc = start.c, zs = start.s;  // the direction, rotated by each step
    for (int iteration = 0; iteration < 4; ++iteration) {
      // P, P', P'' in the angle from the powers e^{i k phi} = (re, im).
      double value = fit.constant, first = 0.0, second = 0.0, re = zc, im = zs, order = 1.0;
      for (int k = 0; k < fit.degree; ++k) {
        const auto i = static_cast<std::size_t>(k);
        const double even = fit.cosine[i] * re + fit.sine[i] * im;
        value += even;
        first += order * (fit.sine[i] * re - fit.cosine[i] * im);
        second -= order * order * even;
        const double next_re = re * zc - im * zs;
        im = re * zs + im * zc;
        re = next_re;
        order += 1.0;
      }
      const double step = -2.0 * value * first / (2.0 * first * first - value * second);
      if (!(std::fabs(step) <= 0.5)) return t0;  // also for a non-finite step
      // Rotation by the step: cos/sin by their series (error below 1e-15 for |step| <= 0.05,
      // the usual case), else by the library.
      double cosine, sine;
      if (std::fabs(step) <= 0.05) {
        const double s2 = step * step;
        cosine = 1.0 - s2 * (0.5 - s2 * (1.0 / 24.0 - s2 * (1.0 / 720.0)));
        sine = step * (1.0 - s2 * (1.0 / 6.0 - s2 * (1.0 / 120.0 - s2 * (1.0 / 5040.0))));
      } else {
        cosine = std::cos(step);
        sine = std::sin(step);
      }
      const double next_c = zc * cosine - zs * sine;
      zs = zs * cosine + zc * sine;
      zc = next_c;
      // Cubic convergence: after a step this small the error is of the order of its cube.
      if (std::fabs(step) <= 1e-5) break;
    }
    // The chord parameter of the direction z: (1 - t) a x z + t b x z = 0.
    const double az = a.c * zs - a.s * zc, bz = b.c * zs - b.s * zc;
    const double t = az / (az - bz);
    return t > 0.0 && t < 1.0 ? t : t0;
  }

 private:
  struct Grid {
    std::vector<CirclePoint> nodes;  // n + 1 nodes, the last one the image of the first
    int degree = 0;                  // of the fit
    std::vector<double> harmonics;   // (cos, sin)(k phi_j) at [2 ((k - 1) n + j)], j < n
  };
  // One grid per node count and thread, built once. The grids live in a map, whose nodes never
  // move, so a search nested inside another's evaluation (with another node count) adds its own
  // grid and leaves the outer search's grid intact.
  static const Grid& grid(int n) {
    static thread_local std::map<int, Grid> grids;
    static thread_local const Grid* last = nullptr;
    static thread_local int last_n = 0;
    if (last != nullptr && last_n == n) return *last;
    auto [it, inserted] = grids.try_emplace(n);
    if (inserted) buildGrid(n, it->second);
    last = &it->second;
    last_n = n;
    return *last;
  }
  static void buildGrid(int n, Grid& grid) {
    const double h = kTwoPi / n, offset = h / kPi;
    auto& nodes = grid.nodes;
    nodes.clear();
    const double ch = std::cos(h), sh = std::sin(h);
    double c = std::cos(offset), s = std::sin(offset);
    for (int k = 0; k <= n; ++k) {
      nodes.push_back(CirclePoint{offset + k * h, c, s});
      const double cn = c * ch - s * sh, sn = s * ch + c * sh;
      const double norm = std::sqrt(cn * cn + sn * sn);  // keeps |n| = 1 to rounding
      c = cn / norm;
      s = sn / norm;
    }
    grid.degree = std::min(n / 2 - 1, kMaxFitDegree);
    const auto un = static_cast<std::size_t>(n);
    grid.harmonics.assign(2 * static_cast<std::size_t>(grid.degree) * un, 0.0);
    for (std::size_t j = 0; j < un; ++j) {
      for (int k = 1; k <= grid.degree; ++k) {
        const double angle = static_cast<double>(k) * nodes[j].x;
        const std::size_t at = 2 * (static_cast<std::size_t>(k - 1) * un + j);
        grid.harmonics[at] = std::cos(angle);
        grid.harmonics[at + 1] = std::sin(angle);
      }
    }
  }
  const Grid& grid_;
};

/// Checks the options shared by all 1-D searches. @throws InvalidInput.
void validateRootSearch1DOptions(const RootSearch1DOptions& options);

}  // namespace nsd::filippov::detail
