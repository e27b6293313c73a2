#pragma once
/// @file codim3_search_bounds.hpp
/// Internal to the rational codim-3 search (codim3_polynomial.cpp; not installed): the cells,
/// nodes and roots of the subdivision of the parameter squares, and the certified bounds it
/// decides with: ranges of sinusoids over arcs, node-line and gap exclusions, the linear and
/// quadratic models with their Taylor remainders, interval products, the coefficient bounds of
/// the partial derivatives of W±. Pure functions of their arguments (CellBounds holds no state),
/// kept apart from the search loop and its working storage (codim3_polynomial_search.hpp).

#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/filippov/codim3.hpp>
#include <nsdkit/filippov/trig_polynomial.hpp>

namespace nsd::filippov::rational_search {

// One axis of a cell: the angle interval [a, b] with cos/sin of its ends.
struct AxisInterval {
  double a, b, ca, sa, cb, sb;
  double width() const { return b - a; }
  // Midpoint by the chord: (cos, sin) of the midpoint = (ca + cb, sa + sb) / (2 cos(w / 2)) for
  // an interval of width w; chord_scale = 1 / (2 cos(w / 2)) (intervals are at most pi/2 wide).
  void mid(double chord_scale, double& m, double& cm, double& sm) const {
    m = 0.5 * (a + b);
    cm = (ca + cb) * chord_scale;
    sm = (sa + sb) * chord_scale;
  }
};

// A node of one axis: the angle, its cos/sin and, for structured fields, the coefficients of
// W+ in (1, cos theta-, sin theta-) (theta+ nodes) or of W- in (1, cos theta+, sin theta+)
// (theta- nodes) at that angle.
struct Node {
  double t, c, s;
  double k[3];    // coefficients at t
  double dk[3];   // their derivatives d/dt
  double d2k[3];  // their second derivatives d^2/dt^2 (the Hessian at cell centres, node margins)
};

// A cell: indices of its end nodes on each axis.
struct Cell {
  int x0, x1, y0, y1;
  int depth;
};

// A root found by Newton's method, by the cos/sin of its angles (the angles themselves are
// needed only for the directions reported, so atan2 runs only there).
struct Root {
  AnglePair trig;  // cos/sin of theta+, theta-
  double radius;   // uniqueness radius [rad]
  int index;       // sign of det J at the root (0: degenerate)
};

struct Evaluation {
  TrigValueGradient plus, minus;
};

// Hessians of W+ (p) and W- (m) at a point: entries d2/dtheta+^2, d2/dtheta+ dtheta-,
// d2/dtheta-^2.
struct Hessians {
  double p11, p12, p22, m11, m12, m22;
};

// Half-width [rad] above which structured cells are split without trying the model.
constexpr double kWideCellHalfWidth = 0.3;

// Largest RationalCodim3Options::max_depth accepted.
constexpr std::size_t kMaxDepthLimit = 40;

// Default RationalCodim3Options::initial_grid and the coarser grid of the two-contact
// realizability defaults (contact::slipSlipRationalOptions): the initial tests are compiled for
// both.
constexpr int kDefaultInitialGrid = 12;
constexpr int kCoarseInitialGrid = 8;
static_assert(RationalCodim3Options{}.initial_grid == kDefaultInitialGrid,
              "the initial tests are compiled for the default grid");

// Open initial cells per open strip above which the initial node tests use the table
// (initialCellTests).
constexpr std::size_t kTableRatio = 2;

// The certified bounds of the search, as static members so that the search class (which
// derives from CellBounds) calls them unqualified.
struct CellBounds {
  static bool isBilinear(const TrigPoly2& p) { return p.degree1() == 1 && p.degree2() == 1; }

  // Bilinear fields: the coefficients (1, cos u, sin u of the other angle) and their first two
  // derivatives at t and at t + pi from one evaluation, by the even part E = p0 + p3 cos 2t +
  // p4 sin 2t and the odd part O = p1 cos t + p2 sin t (O changes sign under t -> t + pi).
  static void bilinearPair(const double* fixed, double c, double s, Node& at, Node& opposite) {
    const double c2 = c * c - s * s, s2 = 2.0 * c * s;
    for (int k = 0; k < 3; ++k) {
      const double* p = &fixed[5 * k];
      const double even = p[0] + p[3] * c2 + p[4] * s2, odd = p[1] * c + p[2] * s;
      const double d_even = 2.0 * (p[4] * c2 - p[3] * s2), d_odd = p[2] * c - p[1] * s;
      const double d2_even = -4.0 * (p[3] * c2 + p[4] * s2), d2_odd = -odd;
      at.k[k] = even + odd;
      at.dk[k] = d_even + d_odd;
      at.d2k[k] = d2_even + d2_odd;
      opposite.k[k] = even - odd;
      opposite.dk[k] = d_even - d_odd;
      opposite.d2k[k] = d2_even - d2_odd;
    }
  }

  // Coefficient bounds on the partial derivatives of p over the torus: the second partials and
  // the fourth partials q[m] >= |d^4 p / dtheta1^(4-m) dtheta2^m| = sum |P(i,j)| k^(4-m) l^m.
  struct DerivativeBounds {
    SecondDerivativeBounds second;
    double third[4] = {0, 0, 0, 0};  // >= |d^3 p / dtheta1^(3-m) dtheta2^m|
    double fourth[5] = {0, 0, 0, 0, 0};
  };

  template <typename Matrix>
  static DerivativeBounds derivativeBounds(const Eigen::MatrixBase<Matrix>& c) {
    DerivativeBounds out;
    for (int j = 0; j < c.cols(); ++j) {
      // Column sums S_q = sum_i |P(i,j)| k_i^q, then the powers of l_j.
      double sum[5] = {0, 0, 0, 0, 0};
      for (int i = 0; i < c.rows(); ++i) {
        const double k = (i + 1) / 2;
        double term = std::fabs(c(i, j));
        for (int q = 0; q < 5; ++q, term *= k) sum[q] += term;
      }
      const double l = (j + 1) / 2, l2 = l * l;
      out.second.b11 += sum[2];
      out.second.b12 += sum[1] * l;
      out.second.b22 += sum[0] * l2;
      out.third[0] += sum[3];
      out.third[1] += sum[2] * l;
      out.third[2] += sum[1] * l2;
      out.third[3] += sum[0] * l2 * l;
      out.fourth[0] += sum[4];
      out.fourth[1] += sum[3] * l;
      out.fourth[2] += sum[2] * l2;
      out.fourth[3] += sum[1] * l2 * l;
      out.fourth[4] += sum[0] * l2 * l2;
    }
    return out;
  }

  // Range of a cos(t) + b sin(t) over the arc [x.a, x.b] (width <= pi): the end values, or
  // ±|(a, b)| where (a, b) or -(a, b) points into the arc.
  static void arcRange(double a, double b, const AxisInterval& x, double& lo, double& hi) {
    arcRange(a, b, std::sqrt(a * a + b * b), x, lo, hi);
  }

  // The same with the amplitude r = |(a, b)| known.
  static void arcRange(double a, double b, double r, const AxisInterval& x, double& lo,
                       double& hi) {
    const double va = a * x.ca + b * x.sa, vb = a * x.cb + b * x.sb;
    lo = std::min(va, vb);
    hi = std::max(va, vb);
    const double cross_a = x.ca * b - x.sa * a, cross_b = a * x.sb - b * x.cb;
    // Branch-free selection (the cases depend on the data and mispredict often): the peak
    // direction (a, b) lies in the arc iff both cross products are >= 0, the trough iff <= 0.
    const double peak_inside = static_cast<double>(std::min(cross_a, cross_b) >= 0.0);
    const double trough_inside = static_cast<double>(std::max(cross_a, cross_b) <= 0.0);
    hi += peak_inside * (r - hi);
    lo += trough_inside * (-r - lo);
  }

  // Upper bound of |k0 + k1 cos(t) + k2 sin(t)| over an arc without square roots: the larger
  // end value plus the sagitta |(k1, k2)| (1 - cos(w/2)) <= (|k1| + |k2|) w^2 / 8 of the arc of
  // width w (a sinusoid exceeds its larger end value only by its rise over the half-width).
  // The arc is given by the cos/sin of its ends and sagitta = w^2 / 8.
  static double sinusoidAbsBound(double k0, double k1, double k2, double ca, double sa, double cb,
                                 double sb, double sagitta) {
    const double va = k1 * ca + k2 * sa, vb = k1 * cb + k2 * sb;
    return std::max(std::fabs(k0 + va), std::fabs(k0 + vb)) +
           (std::fabs(k1) + std::fabs(k2)) * sagitta;
  }

  static double absArcBound(const double* k, const AxisInterval& x) {
    const double w = x.width();
    return sinusoidAbsBound(k[0], k[1], k[2], x.ca, x.sa, x.cb, x.sb, 0.125 * w * w);
  }

  // One function W = k0 + k1 cos u + k2 sin u with k(t) given at the nodes t0, t1 of the cell
  // and u on the arc `across`: excluded if W keeps one sign with the interpolation margin
  // (h^2 / 2) max |d^2 W / dt^2|. The margin first uses the global bound and, only when that is
  // not enough, the local one from the second derivatives at the nodes.
  // Range of a cos(u) + b sin(u) over the half circle u in [base, base + pi] with (cos, sin)
  // of base = (sigma, 0), sigma = ±1: with (a, b) -> sigma (a, b) it is the range over [0, pi],
  // which reaches the peak |(a, b)| iff b >= 0 and the trough iff b <= 0; the other end of the
  // range is at u = 0 or pi, ±a.
  static void halfCircleRange(double a, double b, double sigma, double& lo, double& hi) {
    const double r = std::sqrt(a * a + b * b), end = std::fabs(a);
    const bool peak = sigma * b >= 0.0;
    lo = peak ? -end : -r;
    hi = peak ? r : end;
  }

  // The node test of nodeExclusionOne over the two node lines t0, t1 for any set of the other
  // angle: range(k1, k2, lo, hi) gives the range of k1 cos u + k2 sin u over the set and
  // abs_bound(k) a bound of |k0 + k1 cos u + k2 sin u| there (for the local margin).
  template <class Range, class AbsBound>
  static bool nodeLineExclusion(const Node& t0, const Node& t1, double h, double global_b,
                                double fourth, Range range, AbsBound abs_bound) {
    double lo0, hi0, lo1, hi1;
    range(t0.k[1], t0.k[2], lo0, hi0);
    range(t1.k[1], t1.k[2], lo1, hi1);
    return gapExclusion(std::min(t0.k[0] + lo0, t1.k[0] + lo1),
                        std::max(t0.k[0] + hi0, t1.k[0] + hi1), t0, t1, h, global_b, fourth,
                        abs_bound);
  }

  // The exclusion of nodeLineExclusion from the range [lo, hi] of the node values on both
  // node lines.
  template <class AbsBound>
  static bool gapExclusion(double lo, double hi, const Node& t0, const Node& t1, double h,
                           double global_b, double fourth, AbsBound abs_bound) {
    // Distance of the node range from zero; <= 0 when the node values alone straddle zero.
    const double gap = std::max(lo, -hi), half_h2 = 0.5 * h * h;
    if (gap <= 0.0) return false;
    if (gap > half_h2 * global_b) return true;
    const double local_b = std::max(abs_bound(t0.d2k), abs_bound(t1.d2k)) + half_h2 * fourth;
    return gap > half_h2 * local_b;
  }

  // For a whole strip the other angle spans the side of the square (a half circle): the range
  // of the node line's values k0 + k1 cos u + k2 sin u there (halfCircleRange) and its
  // amplitude |(k1, k2)|. (The local bound uses the exact half-circle range of the second
  // derivatives at the node lines.)
  static void halfCircleLineRange(const Node& line, double sigma, double& lo, double& hi,
                                  double& amplitude) {
    const double a = line.k[1], b = line.k[2];
    amplitude = std::sqrt(a * a + b * b);
    const double end = std::fabs(a);
    const bool peak = sigma * b >= 0.0;
    lo = line.k[0] + (peak ? -end : -amplitude);
    hi = line.k[0] + (peak ? amplitude : end);
  }

  static bool nodeExclusionOne(const Node& t0, const Node& t1, const AxisInterval& across, double h,
                               double global_b, double fourth) {
    auto range = [&across](double a, double b, double& lo, double& hi) {
      arcRange(a, b, across, lo, hi);
    };
    auto abs_bound = [&across](const double* k) { return absArcBound(k, across); };
    return nodeLineExclusion(t0, t1, h, global_b, fourth, range, abs_bound);
  }

  // First-order Taylor exclusion: |W| > |W_1| h1 + |W_2| h2 + (b11 h1^2 + 2 b12 h1 h2 + b22 h2^2)/2
  // bounds W away from zero on the whole cell.
  static bool excluded(const TrigValueGradient& w, const SecondDerivativeBounds& b, double h1,
                       double h2) {
    const double remainder = 0.5 * (b.b11 * h1 * h1 + 2.0 * b.b12 * h1 * h2 + b.b22 * h2 * h2);
    return std::fabs(w.value) > std::fabs(w.d1) * h1 + std::fabs(w.d2) * h2 + remainder;
  }

  // Linear model of (W+, W-) about the cell centre m (fields without the structure of
  // Coulomb fields; structured ones use quadraticModel): W(m + d) = W(m) + J d + E with
  // |E_i| <= r_i (second-order remainder, from the second-derivative bounds bp, bm). Every root
  // in the cell has d = d* - J^-1 E with d* = -J^-1 W(m), so it lies in the box d* ± |J^-1| r.
  //  - kNoRoot: that box misses the cell;
  //  - kAtMostOneRoot: (W+, W-) is injective on the cell (see below);
  //  - kUndecided: neither (split).
  // The box is also returned: when undecided, only the children of the cell that meet it can
  // hold a root.
  enum class ModelVerdict { kNoRoot, kAtMostOneRoot, kUndecided };

  struct ModelResult {
    ModelVerdict verdict = ModelVerdict::kUndecided;
    // Offsets [rad] from the centre of the box that holds every root of the cell (the whole
    // plane when the Jacobian at the centre is singular).
    double lo1 = -INFINITY, hi1 = INFINITY, lo2 = -INFINITY, hi2 = INFINITY;
  };

  // The Jacobian J = [[j11, j12], [j21, j22]] of (W+, W-) at a cell centre (evaluation e), its
  // inverse (one division) and the step d* = -J^-1 W(m); not regular when det J is 0 or not
  // finite. Shared by linearModel and quadraticModel.
  struct CentreInverse {
    bool regular = false;
    double i11 = 0.0, i12 = 0.0, i21 = 0.0, i22 = 0.0, step1 = 0.0, step2 = 0.0;
  };

  static CentreInverse centreInverse(const Evaluation& e) {
    CentreInverse out;
    const double j11 = e.plus.d1, j12 = e.plus.d2, j21 = e.minus.d1, j22 = e.minus.d2;
    const double det = j11 * j22 - j12 * j21;
    if (!(std::fabs(det) > 0.0) || !std::isfinite(det)) return out;
    const double inverse_det = 1.0 / det;
    out.regular = true;
    out.i11 = j22 * inverse_det;
    out.i12 = -j12 * inverse_det;
    out.i21 = -j21 * inverse_det;
    out.i22 = j11 * inverse_det;
    out.step1 = -(out.i11 * e.plus.value + out.i12 * e.minus.value);
    out.step2 = -(out.i21 * e.plus.value + out.i22 * e.minus.value);
    return out;
  }

  static ModelResult linearModel(const Evaluation& e, double h1, double h2,
                                 const SecondDerivativeBounds& bp,
                                 const SecondDerivativeBounds& bm) {
    ModelResult out;
    const CentreInverse inverse = centreInverse(e);
    if (!inverse.regular) return out;
    const double j11 = e.plus.d1, j12 = e.plus.d2, j21 = e.minus.d1, j22 = e.minus.d2;
    const double i11 = inverse.i11, i12 = inverse.i12, i21 = inverse.i21, i22 = inverse.i22;
    const double step1 = inverse.step1, step2 = inverse.step2;
    const double hh11 = 0.5 * h1 * h1, hh12 = h1 * h2, hh22 = 0.5 * h2 * h2;
    const double r_plus = bp.b11 * hh11 + bp.b12 * hh12 + bp.b22 * hh22;
    const double r_minus = bm.b11 * hh11 + bm.b12 * hh12 + bm.b22 * hh22;
    const double spread1 = std::fabs(i11) * r_plus + std::fabs(i12) * r_minus;
    const double spread2 = std::fabs(i21) * r_plus + std::fabs(i22) * r_minus;
    if (std::fabs(step1) - spread1 > h1 || std::fabs(step2) - spread2 > h2) {
      out.verdict = ModelVerdict::kNoRoot;
      return out;
    }
    out.lo1 = step1 - spread1;
    out.hi1 = step1 + spread1;
    out.lo2 = step2 - spread2;
    out.hi2 = step2 + spread2;
    // Injectivity on the cell: for x, y in it, W(x) - W(y) = M (x - y) with every entry of M in
    // J(m) ± Delta (Delta: the variation of the Jacobian entries over the cell). The interval
    // matrix is regular iff its determinant range, exact for 2 x 2 by interval arithmetic (each
    // entry occurs once), excludes 0; then W is injective on the cell.
    const double d11 = bp.b11 * h1 + bp.b12 * h2, d12 = bp.b12 * h1 + bp.b22 * h2;
    const double d21 = bm.b11 * h1 + bm.b12 * h2, d22 = bm.b12 * h1 + bm.b22 * h2;
    double lo1, hi1, lo2, hi2;
    intervalProduct(j11, d11, j22, d22, lo1, hi1);
    intervalProduct(j12, d12, j21, d21, lo2, hi2);
    // Not provably injective: split (Newton runs once the cell is small enough to hold at most
    // one root, so it never re-finds a known root from a large cell).
    if (lo1 - hi2 > 0.0 || hi1 - lo2 < 0.0) out.verdict = ModelVerdict::kAtMostOneRoot;
    return out;
  }

  // Hessians of W+ and W- at the cell centre (structured fields) from the coefficients there
  // (node1: A_k of W+ at theta+, node2: B_k of W- at theta-, with first and second
  // derivatives) and cos/sin of the centre angles:
  //   W+_11 = A''.(1, cos-, sin-), W+_12 = A'.(0, -sin-, cos-), W+_22 = -A1 cos- - A2 sin-,
  //   W-_11 = -B1 cos+ - B2 sin+,  W-_12 = B'.(0, -sin+, cos+), W-_22 = B''.(1, cos+, sin+).
  static Hessians centreHessians(const Node& node1, const Node& node2, const AnglePair& m) {
    const double *a = node1.k, *da = node1.dk, *d2a = node1.d2k;
    const double *b = node2.k, *db = node2.dk, *d2b = node2.d2k;
    return Hessians{d2a[0] + d2a[1] * m.cos2 + d2a[2] * m.sin2,
                    -da[1] * m.sin2 + da[2] * m.cos2,
                    -a[1] * m.cos2 - a[2] * m.sin2,
                    -b[1] * m.cos1 - b[2] * m.sin1,
                    -db[1] * m.sin1 + db[2] * m.cos1,
                    d2b[0] + d2b[1] * m.cos1 + d2b[2] * m.sin1};
  }

  // Interval arithmetic for quadraticModel (branch-free: the cases depend on the data): the
  // ranges of x^2 and x y over intervals, and of k [lo, hi].
  struct Range {
    double lo, hi;
  };

  static Range squareRange(double lo, double hi) {
    const double below = std::max(0.0, lo), above = std::min(0.0, hi);
    return {below * below + above * above, std::max(lo * lo, hi * hi)};
  }

  static Range productRange(double lo1, double hi1, double lo2, double hi2) {
    const double p1 = lo1 * lo2, p2 = lo1 * hi2, p3 = hi1 * lo2, p4 = hi1 * hi2;
    return {std::min(std::min(p1, p2), std::min(p3, p4)),
            std::max(std::max(p1, p2), std::max(p3, p4))};
  }

  static Range scaled(double k, const Range& r) {
    const double a = k * r.lo, b = k * r.hi;
    return {std::min(a, b), std::max(a, b)};
  }

  // Taylor remainders from the bounds t[m] >= |d^3 W / d1^(3-m) d2^m| for offsets |d1| <= a1,
  // |d2| <= a2 from the expansion point: of W after its second-order terms,
  //   (1/6) sum_m C(3, m) t[m] a1^(3-m) a2^m,
  // and of a first partial (d/d1: shift 0, d/d2: shift 1) after its first-order terms,
  //   (1/2) sum_m C(2, m) t[m + shift] a1^(2-m) a2^m.
  static double thirdOrderRemainder(const double* t, double a1, double a2) {
    return (t[0] * a1 * a1 * a1 + 3.0 * t[1] * a1 * a1 * a2 + 3.0 * t[2] * a1 * a2 * a2 +
            t[3] * a2 * a2 * a2) /
           6.0;
  }

  static double gradientRemainder(const double* t, int shift, double a1, double a2) {
    return 0.5 * (t[shift] * a1 * a1 + 2.0 * t[shift + 1] * a1 * a2 + t[shift + 2] * a2 * a2);
  }

  // Range [lo, hi] of the product of the intervals a ± ra and b ± rb.
  static void intervalProduct(double a, double ra, double b, double rb, double& lo, double& hi) {
    const double p1 = (a - ra) * (b - rb), p2 = (a - ra) * (b + rb), p3 = (a + ra) * (b - rb),
                 p4 = (a + ra) * (b + rb);
    lo = std::min(std::min(p1, p2), std::min(p3, p4));
    hi = std::max(std::max(p1, p2), std::max(p3, p4));
  }

  // True if the angles with cos/sin `x` lie in the cell (to 1e-12 rad). An angle lies on an arc
  // [a, b] narrower than pi iff it is at most pi counterclockwise from a and at most pi
  // clockwise from b, i.e. both cross products (sines of the angle differences) are >= 0.
  static bool inCell(const AxisInterval& ax, const AxisInterval& ay, const AnglePair& x) {
    auto inside = [](const AxisInterval& a, double c, double s) {
      return a.ca * s - a.sa * c >= -1e-12 && c * a.sb - s * a.cb >= -1e-12;
    };
    return inside(ax, x.cos1, x.sin1) && inside(ay, x.cos2, x.sin2);
  }

  // Upper bound of the angle [rad] between the directions (c1, s1) and (c2, s2) from their
  // chord chi: 2 asin(chi / 2) <= chi (1 + chi^2 / 16) for chi <= 1 (the series chi + chi^3 / 24
  // + 3 chi^5 / 640 + ... has its higher coefficients summing below 1/16) and <= (pi / 2) chi.
  static double angleBoundFromChord(double c1, double s1, double c2, double s2) {
    const double dc = c1 - c2, ds = s1 - s2, chi = std::sqrt(dc * dc + ds * ds);
    return chi <= 1.0 ? chi * (1.0 + 0.0625 * chi * chi) : 0.5 * kPi * chi;
  }

  // Moves the angle with cos/sin (c, s) along the circle by the tangent step delta: the
  // retraction (c, s) + delta (-s, c), normalized, turns it by atan(delta) = delta + O(delta^3),
  // which keeps Newton's quadratic convergence without trigonometric functions.
  static void advance(double& c, double& s, double delta) {
    const double cn = c - delta * s, sn = s + delta * c;
    // |(cn, sn)| = sqrt(1 + delta^2) |(c, s)|. For small steps (Newton's last ones) the factor
    // 1 / sqrt(1 + x), x = delta^2 <= 2^-24, is its series 1 - x/2 + 3x^2/8 (error below
    // 5x^3/16 < 7e-23, and |(c, s)| = 1 to rounding); otherwise the norm is divided out.
    const double x = delta * delta;
    const double inverse =
        x <= 0x1p-24 ? 1.0 + x * (-0.5 + 0.375 * x) : 1.0 / std::sqrt(cn * cn + sn * sn);
    c = cn * inverse;
    s = sn * inverse;
  }

  // Smallest singular value of the 2 x 2 matrix [[j11, j12], [j21, j22]].
  static double smallestSingularValue(double j11, double j12, double j21, double j22) {
    // sigma_min = |det| / sigma_max, sigma_max^2 the larger eigenvalue of J^T J.
    const double a = j11 * j11 + j12 * j12 + j21 * j21 + j22 * j22;
    const double det = std::fabs(j11 * j22 - j12 * j21);
    const double disc = std::sqrt(std::max(0.0, a * a - 4.0 * det * det));
    const double sigma_max = std::sqrt(0.5 * (a + disc));
    return sigma_max > 0.0 ? det / sigma_max : 0.0;
  }
};

}  // namespace nsd::filippov::rational_search
