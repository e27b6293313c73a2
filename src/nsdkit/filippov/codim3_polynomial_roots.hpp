#pragma once
/// @file codim3_polynomial_roots.hpp
/// Internal to codim3_polynomial.cpp (not installed): the members of PolynomialSearch that find and
/// record the roots: a cell with at most one root, known-root coverage, evaluation at a point,
/// Newton's method and the record of a root with its uniqueness radius. Included at the end of
/// codim3_polynomial_search.hpp, so that these members stay inline in the search's one
/// translation unit.

#include <nsdkit/filippov/codim3_polynomial_search.hpp>

namespace nsd::filippov::rational_search {

// A cell with at most one root: true if a known root lies in it, or Newton's method from the
// centre (whose evaluation is e) finds one there; false (split) otherwise.
inline bool PolynomialSearch::findTheOnlyRoot(const AxisInterval& ax, const AxisInterval& ay,
                                              const AnglePair& centre, const Evaluation& e,
                                              double diagonal) {
  for (const Root& root : roots_) {
    if (inCell(ax, ay, root.trig)) return true;
  }
  newtonFrom(centre, e, diagonal);
  for (const Root& root : roots_) {
    if (inCell(ax, ay, root.trig)) return true;
  }
  return false;
}

inline bool PolynomialSearch::coveredByKnownRoot(const AxisInterval& ax,
                                                 const AxisInterval& ay) const {
  // The farthest corner is at least half the cell width away on each axis: a ball smaller
  // than the half-diagonal cannot cover the cell (a cheap test before the distances).
  const double half_diagonal2 = 0.25 * (ax.width() * ax.width() + ay.width() * ay.width());
  for (const Root& r : roots_) {
    if (r.radius * r.radius <= half_diagonal2) continue;
    // Upper bounds of the distances of the cell's ends from the root on each axis.
    const AnglePair& t = r.trig;
    const double dx = std::max(angleBoundFromChord(ax.ca, ax.sa, t.cos1, t.sin1),
                               angleBoundFromChord(ax.cb, ax.sb, t.cos1, t.sin1));
    const double dy = std::max(angleBoundFromChord(ay.ca, ay.sa, t.cos2, t.sin2),
                               angleBoundFromChord(ay.cb, ay.sb, t.cos2, t.sin2));
    if (dx * dx + dy * dy < r.radius * r.radius) return true;
  }
  return false;
}

// Newton's method with the exact Jacobian from the cell centre; a converged root (anywhere on
// the torus) is recorded with its uniqueness radius.
// (W+, W-) and its Jacobian at a point given by cos/sin of both angles.
inline Evaluation PolynomialSearch::evaluateAt(const AnglePair& x) {
  if (!structured_) return evaluate(x);
  Evaluation e;
  Node node1, node2;
  structuredCentre(x, e, node1, node2, false);
  return e;
}

// Newton's method with the exact Jacobian from the point m; a converged root (anywhere on
// the torus) is recorded with its uniqueness radius.
inline void PolynomialSearch::newtonFrom(const AnglePair& m, Evaluation e, double cell_diagonal) {
  const double max_step = 2.0 * cell_diagonal;
  // Rounding level of an angle in [0, 2 pi] (1e-14 (1 + |t1| + |t2|) at most).
  constexpr double kRounding = 1.3e-13;
  AnglePair x = m;
  for (int it = 0; it < 30; ++it) {
    const double j11 = e.plus.d1, j12 = e.plus.d2, j21 = e.minus.d1, j22 = e.minus.d2;
    const double det = j11 * j22 - j12 * j21;
    if (!(std::fabs(det) > 0.0) || !std::isfinite(det)) return;
    double step1 = -(j22 * e.plus.value - j12 * e.minus.value) / det;
    double step2 = -(j11 * e.minus.value - j21 * e.plus.value) / det;
    const double length2 = step1 * step1 + step2 * step2;
    if (!std::isfinite(length2)) return;
    // Converged when the point after this step is a root to rounding: Newton's error after a
    // step s is at most (L / (2 sigma_min)) |s|^2 (Kantorovich, L the Lipschitz constant of
    // J); when that is <= kRounding the step is taken and the root recorded without another
    // evaluation.
    // sigma_min <= |J|_F, so the exact sigma_min (two square roots) is computed only when
    // the test can pass with |J|_F in its place.
    const double frobenius2 = j11 * j11 + j12 * j12 + j21 * j21 + j22 * j22;
    const double lhs = lipschitz_jacobian_ * length2, rhs_factor = 2.0 * kRounding;
    const bool small_step = length2 <= kRounding * kRounding;
    const bool may_converge =
        small_step || (it > 0 && lhs * lhs <= rhs_factor * rhs_factor * frobenius2);
    const double sigma_min = may_converge ? smallestSingularValue(j11, j12, j21, j22) : 0.0;
    const bool converged = small_step || (it > 0 && may_converge && lhs <= rhs_factor * sigma_min);
    if (!converged && length2 > max_step * max_step) {
      if (it > 0) return;  // diverging
      const double shrink = max_step / std::sqrt(length2);
      step1 *= shrink;
      step2 *= shrink;
    }
    advance(x.cos1, x.sin1, step1);
    advance(x.cos2, x.sin2, step2);
    if (converged) {
      if (isKnownRoot(x)) return;  // re-found
      record(x, sigma_min, det, std::sqrt(length2));
      return;
    }
    // Inside the uniqueness ball of a known root the only root is that one: it is not this
    // cell's (findTheOnlyRoot has checked the known roots), so stop (the cell is split).
    if (inKnownRootBall(x)) return;
    e = evaluateAt(x);
  }
}

// True if x (cos/sin of both angles) lies in the uniqueness ball of a recorded root (by the
// chords, which are shorter than the angle distances: a conservative "inside").
inline bool PolynomialSearch::inKnownRootBall(const AnglePair& x) const {
  for (const Root& r : roots_) {
    const double d1c = x.cos1 - r.trig.cos1, d1s = x.sin1 - r.trig.sin1;
    const double d2c = x.cos2 - r.trig.cos2, d2s = x.sin2 - r.trig.sin2;
    if (d1c * d1c + d1s * d1s + d2c * d2c + d2s * d2s < r.radius * r.radius) return true;
  }
  return false;
}

// True if x (cos/sin of both angles) is within 1e-9 rad of a recorded root (chord test: the
// chord of an angle d is 2 sin(d / 2) = d to rounding at this size).
inline bool PolynomialSearch::isKnownRoot(const AnglePair& x) const {
  for (const Root& r : roots_) {
    const double d1c = x.cos1 - r.trig.cos1, d1s = x.sin1 - r.trig.sin1;
    const double d2c = x.cos2 - r.trig.cos2, d2s = x.sin2 - r.trig.sin2;
    if (d1c * d1c + d1s * d1s + d2c * d2c + d2s * d2s < 1e-18) return true;
  }
  return false;
}

// Records the root with cos/sin `trig`; sigma_min and det are those of the Jacobian J at a point
// within `distance` of it (the last Newton iterate). (The caller has checked with isKnownRoot
// that it is not a root already recorded.)
inline void PolynomialSearch::record(const AnglePair& trig, double sigma_min, double det,
                                     double distance) {
  // sigma_min(J(x)) >= sigma_min(J(x_k)) - L |x - x_k|: |J(x) - J(r)|_2 <= L |x - r| <
  // sigma_min(J(r)) inside the ball of the radius below, so r is its only root. The slack
  // 2 distance covers the distance from the iterate to the true root.
  const double sigma_root = sigma_min - 2.0 * lipschitz_jacobian_ * distance;
  const double radius = lipschitz_jacobian_ > 0.0
                            ? std::max(0.0, 0.999 * sigma_root / lipschitz_jacobian_)
                            : (sigma_min > 0.0 ? kTwoPi : 0.0);
  roots_.push_back(Root{trig, radius, sigma_root > 0.0 ? (det > 0.0 ? 1 : -1) : 0});
}

}  // namespace nsd::filippov::rational_search
