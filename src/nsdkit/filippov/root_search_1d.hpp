#pragma once
/// @file root_search_1d.hpp
/// Finding *all* zeros of a smooth scalar function on an interval or on the circle, with a
/// statement of how completeness is known. Used for the circumferential component V(phi) of
/// codimension-2 limit fields (eq. (43)) and along the equator arcs of the codimension-3 sphere.
///
/// Method: adaptive bisection driven by a bound M2 on |f''|. On an interval [a, b] of width w,
/// with s = (x - a)/w, f differs from its chord by at most K s (1 - s), K = M2 w^2 / 2.
///  - An interval whose end values have the same sign is *excluded* when that bound cannot reach
///    zero: with p = |f(a)|, q = |f(b)|, d = K + p - q, the minimum of p - d s + K s^2 over
///    [0, 1] is positive (p > d^2 / (4K) when 0 < d < 2K; else min(p, q) > 0). For p = q this
///    is min|f| > M2 w^2 / 8; a steep chord excludes even with one small end value.
///  - An interval with a sign change holds *exactly one* root when
///    m1 = |f(b) - f(a)| / w - M2 w / 2 > 0: |f'(x) - (f(b) - f(a))/w| <= M2 ((x - a)^2 +
///    (b - x)^2) / (2w) <= M2 w / 2, so |f'| >= m1 > 0 on [a, b] and f is monotone there.
///    The root is polished to `root_tolerance_bits` bits (or `root_tolerance_absolute`) by
///    Boost.Math newton_raphson_iterate, with f' estimated from the last three samples (the
///    derivative of their parabola at the newest one) and an a-posteriori stop: a sample with
///    |f| <= m1 * tolerance is within the tolerance of the root. Newton starts from the false
///    position point or, on the circle, from the root of the trigonometric fit of the node
///    samples (exact for fields whose V has degree < n/2, e.g. every field affine in the
///    direction, which then need one evaluation per root). If Newton ends otherwise, Boost.Math
///    toms748_solve (Alefeld, Potra, Shi, TOMS 748) finishes on the bracket kept from its samples.
///  - Other intervals are halved. At the minimum width, a sign change without a slope bound is
///    polished by toms748 to a bracket narrower than the tolerance; a same-sign interval is
///    searched for a touching (double) root by Brent minimization of |f|; a value within
///    `value_tolerance` is reported as a double root, anything else leaves the search "possibly
///    incomplete".
/// M2 is either supplied by the caller (a search complete up to rounding) or estimated as `bound_safety` times the
/// largest sampled second difference, floored by `curvature_floor` and raised (with a re-check of
/// everything excluded so far) whenever a refinement samples a larger second difference.

#include <functional>
#include <vector>

#include <nsdkit/filippov/types.hpp>

namespace nsd::filippov {

/// Options of the 1-D all-roots search.
struct RootSearch1DOptions {
  int initial_intervals = 16;          ///< uniform intervals of the first grid (>= 4).
  double min_interval = 1e-6;          ///< width at which refinement stops [argument units].
  double bound_safety = 2.0;           ///< factor on the sampled second differences (>= 1).
  double second_derivative_bound = 0;  ///< > 0: caller's bound on |f''| (complete up to rounding).
  /// |f| at most value_tolerance_relative * scale counts as zero (double roots, continuum),
  /// where scale is the largest sampled magnitude.
  double value_tolerance_relative = 1e-10;
  /// Structural floor of M2 as a multiple of scale (for V(phi) = <G, n(phi + pi/2)> with G
  /// constant, |V''| <= |G|, so 1 is right there; 0 for no floor).
  double curvature_floor_relative = 1.0;
  int root_tolerance_bits = 50;  ///< polishing termination (bits of the root, relative).
  /// > 0: absolute polishing tolerance [argument units], instead of the bits.
  double root_tolerance_absolute = 0.0;
  int max_evaluations = 200000;  ///< hard cap; exceeding it marks the search incomplete.
};

/// One zero of f.
struct Root1D {
  double x = 0.0;        ///< location [argument units].
  int multiplicity = 1;  ///< 1: sign change (simple); 2: touching zero without sign change.
  bool certified_unique = false;  ///< its interval was shown to hold exactly this root.
  /// Sample1D::companion at the reported point (e.g. R(phi) when f = V(phi)).
  double companion = 0.0;
};

/// All zeros found, and how completeness is known.
struct RootSearch1DResult {
  std::vector<Root1D> roots;  ///< sorted by x, merged when closer than min_interval.
  /// How the search ran and how it knows the roots are all (completeness, evaluations).
  SearchReport report;
  /// Sub-intervals on which |f| <= value_tolerance throughout the samples (continuum of zeros).
  std::vector<std::pair<double, double>> continuum;
};

/// A sample of the function: its value and a magnitude that sets the scale of roundoff (for
/// V(phi) this is |G(phi)|, since V is a component of G).
struct Sample1D {
  /// f(x) [function units].
  double value = 0.0;
  /// The scale of roundoff in `value` [function units]: zero tests are relative to it.
  double magnitude = 0.0;
  /// A second quantity carried to the roots without re-evaluation (e.g. R(phi) for f = V).
  double companion = 0.0;
};

/// Finds all zeros of `f` on [lower, upper] (closed; or the circle of that length if `periodic`).
/// Throws InvalidInput if f returns a non-finite value.
RootSearch1DResult findAllRoots1D(const std::function<Sample1D(double)>& f, double lower,
                                  double upper, bool periodic, const RootSearch1DOptions& options);

}  // namespace nsd::filippov
