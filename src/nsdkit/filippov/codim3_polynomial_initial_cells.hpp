#pragma once
/// @file codim3_polynomial_initial_cells.hpp
/// Internal to codim3_polynomial.cpp (not installed): the members of PolynomialSearch that test the
/// initial grid cells of a square (strips, node-line value tables, node exclusion) and evaluate the
/// coefficients of W+- along the node lines. Included at the end of codim3_polynomial_search.hpp,
/// so that these members stay inline in the search's one translation unit.

#include <nsdkit/filippov/codim3_polynomial_search.hpp>

namespace nsd::filippov::rational_search {

// Initial cells of the n x n grid of the current square (structured fields). Whole strips
// are excluded first. When many cells remain, the node test (nodeExclusionOne) of all of them
// runs in passes: the exact ranges of W+ = k0 + k1 cos u + k2 sin u on each theta+ node line
// over each initial theta- arc are tabulated once (nodeRanges) and shared by the two cells on
// either side of the node line; the cells within the global W+ margin (about a third) are
// compacted, W- is tested on those only, in one branch-free pass (a second table would cost
// more, and testing them inside the cell loop mispredicts), and only cells that neither W+
// nor W- excludes are pushed (initial_tested_ = true). When few cells remain after the
// strips, they are pushed untested and the search loop tests them one by one.
template <int kFixedN>
inline void PolynomialSearch::initialCellTests(int n_runtime, double h) {
  const int n = kFixedN > 0 ? kFixedN : n_runtime;
  const std::size_t rows = static_cast<std::size_t>(n + 1), cells = static_cast<std::size_t>(n);
  const OpenStrips open = stripTests(cells, h);
  initial_tested_ = batchInitialTests(open);
  if (!initial_tested_) {
    pushUntestedCells(cells);
    return;
  }
  range_lo_plus_.resize(rows * cells);
  range_hi_plus_.resize(rows * cells);
  nodeRanges<kFixedN>(nodes1_, nodes2_, strip_plus_, amplitude_plus_, n, range_lo_plus_.data(),
                      range_hi_plus_.data());
  plusGaps(cells);
  const double half_h2 = 0.125 * h * h;  // (h / 2)^2 / 2 with the cell half-width h / 2
  const double margin_plus = half_h2 * bounds_plus_.b11, margin_minus = half_h2 * bounds_minus_.b22;
  const std::size_t count = compactPlusCandidates(cells, margin_plus);
  minusGaps(count, cells);
  pushSurvivingCells(count, cells, half_h2, margin_minus);
}

// Strips first: a theta+ strip where W+ has no zero for any theta- of the square, or a
// theta- strip where W- has none, excludes all its cells without the table.
inline PolynomialSearch::OpenStrips PolynomialSearch::stripTests(std::size_t cells, double h) {
  const std::size_t rows = cells + 1;
  strip_plus_.resize(cells);
  strip_minus_.resize(cells);
  // The other angle spans the whole side [base, base + pi]: cos/sin of base = sigma (1, 0).
  // The half-circle range of each node line is computed once and shared by the two strips
  // beside it (as is its amplitude |(k1, k2)|, by the table below).
  const double sigma = nodes1_.front().c;
  line_lo_plus_.resize(rows);
  line_hi_plus_.resize(rows);
  line_lo_minus_.resize(rows);
  line_hi_minus_.resize(rows);
  amplitude_plus_.resize(rows);
  amplitude_minus_.resize(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    halfCircleLineRange(nodes1_[i], sigma, line_lo_plus_[i], line_hi_plus_[i], amplitude_plus_[i]);
    halfCircleLineRange(nodes2_[i], sigma, line_lo_minus_[i], line_hi_minus_[i],
                        amplitude_minus_[i]);
  }
  auto abs_bound = [sigma](const double* k) {
    double lo, hi;
    halfCircleRange(k[1], k[2], sigma, lo, hi);
    return std::max(std::fabs(k[0] + lo), std::fabs(k[0] + hi));
  };
  OpenStrips open;
  for (std::size_t i = 0; i < cells; ++i) {
    strip_plus_[i] =
        gapExclusion(std::min(line_lo_plus_[i], line_lo_plus_[i + 1]),
                     std::max(line_hi_plus_[i], line_hi_plus_[i + 1]), nodes1_[i], nodes1_[i + 1],
                     0.5 * h, bounds_plus_.b11, fourth_plus_[0], abs_bound);
    strip_minus_[i] =
        gapExclusion(std::min(line_lo_minus_[i], line_lo_minus_[i + 1]),
                     std::max(line_hi_minus_[i], line_hi_minus_[i + 1]), nodes2_[i], nodes2_[i + 1],
                     0.5 * h, bounds_minus_.b22, fourth_minus_[2], abs_bound);
    open.plus += !strip_plus_[i];
    open.minus += !strip_minus_[i];
  }
  return open;
}

// Few cells left: testing them one by one in the search loop is cheaper than the table.
// (Both paths apply the same node test; only its cost differs.)
inline bool PolynomialSearch::batchInitialTests(const OpenStrips& open) const {
  switch (tuning_.initial_tests) {
    case InitialCellTests::kBatched:
      return true;
    case InitialCellTests::kOneByOne:
      return false;
    case InitialCellTests::kAutomatic:
    default:
      return open.plus * open.minus > kTableRatio * (open.plus + open.minus);
  }
}

inline void PolynomialSearch::pushUntestedCells(std::size_t cells) {
  for (std::size_t j = cells; j-- > 0;) {
    if (strip_minus_[j]) continue;
    for (std::size_t i = cells; i-- > 0;) {
      if (!strip_plus_[i]) pushInitialCell(i, j);
    }
  }
}

// Distance of each cell's W+ node range from zero (<= 0: the node values straddle zero), for
// all cells in one branch-free pass: gap[row * n + arc] from node lines row and row + 1.
// (Rows of excluded strips hold stale values; those cells are skipped later.)
inline void PolynomialSearch::plusGaps(std::size_t cells) {
  gap_plus_.resize(cells * cells);
  const double* lo = range_lo_plus_.data();
  const double* hi = range_hi_plus_.data();
  for (std::size_t row = 0; row < cells; ++row) {
    const double *lo0 = lo + row * cells, *lo1 = lo0 + cells;
    const double *hi0 = hi + row * cells, *hi1 = hi0 + cells;
    double* g = gap_plus_.data() + row * cells;
    for (std::size_t arc = 0; arc < cells; ++arc) {
      g[arc] = std::max(std::min(lo0[arc], lo1[arc]), -std::max(hi0[arc], hi1[arc]));
    }
  }
}

// W+ by the table: the cells within its global margin (in push order), compacted into
// candidates_; returns their count.
inline std::size_t PolynomialSearch::compactPlusCandidates(std::size_t cells, double margin_plus) {
  std::size_t count = 0;
  candidates_.resize(cells * cells);
  for (std::size_t j = cells; j-- > 0;) {
    if (strip_minus_[j]) continue;
    for (std::size_t i = cells; i-- > 0;) {
      candidates_[count] = static_cast<std::uint32_t>(i * cells + j);
      count += static_cast<std::size_t>(!strip_plus_[i] && gap_plus_[i * cells + j] <= margin_plus);
    }
  }
  return count;
}

// W- on its node lines over the theta+ arc of each candidate (arcRange with the amplitudes
// of the strip stage; branch-free), in one pass.
inline void PolynomialSearch::minusGaps(std::size_t count, std::size_t cells) {
  gap_minus_.resize(count);
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t i = candidates_[k] / cells, j = candidates_[k] % cells;
    const Node &u0 = nodes2_[j], &u1 = nodes2_[j + 1], &t0 = nodes1_[i], &t1 = nodes1_[i + 1];
    const AxisInterval arc{t0.t, t1.t, t0.c, t0.s, t1.c, t1.s};
    double lo0, hi0, lo1, hi1;
    arcRange(u0.k[1], u0.k[2], amplitude_minus_[j], arc, lo0, hi0);
    arcRange(u1.k[1], u1.k[2], amplitude_minus_[j + 1], arc, lo1, hi1);
    gap_minus_[k] =
        std::max(std::min(u0.k[0] + lo0, u1.k[0] + lo1), -std::max(u0.k[0] + hi0, u1.k[0] + hi1));
  }
}

// Pushes the candidates that neither W- (global margin) nor the local margins exclude. Excluded
// with the local margin (as gapExclusion, for gaps in (0, global margin]): the second derivative
// along the own angle bounded from the node lines n0, n1 over the arc of the other angle
// between the nodes a0, a1.
inline void PolynomialSearch::pushSurvivingCells(std::size_t count, std::size_t cells,
                                                 double half_h2, double margin_minus) {
  auto excluded_locally = [&](double gap, const Node& n0, const Node& n1, const Node& a0,
                              const Node& a1, double fourth) {
    if (!(gap > 0.0)) return false;
    const AxisInterval side{a0.t, a1.t, a0.c, a0.s, a1.c, a1.s};
    const double local_b =
        std::max(absArcBound(n0.d2k, side), absArcBound(n1.d2k, side)) + half_h2 * fourth;
    return gap > half_h2 * local_b;
  };
  for (std::size_t k = 0; k < count; ++k) {
    const double gm = gap_minus_[k];
    if (gm > margin_minus) continue;
    const std::size_t i = candidates_[k] / cells, j = candidates_[k] % cells;
    const Node &u0 = nodes2_[j], &u1 = nodes2_[j + 1], &t0 = nodes1_[i], &t1 = nodes1_[i + 1];
    if (excluded_locally(gap_plus_[i * cells + j], t0, t1, u0, u1, fourth_plus_[0]) ||
        excluded_locally(gm, u0, u1, t0, t1, fourth_minus_[2])) {
      continue;
    }
    pushInitialCell(i, j);
  }
}

inline void PolynomialSearch::pushInitialCell(std::size_t i, std::size_t j) {
  const int x = static_cast<int>(i), y = static_cast<int>(j);
  push(Cell{x, x + 1, y, y + 1, 0});
}

// lo/hi[i n + j]: the range of k0 + k1 cos u + k2 sin u (coefficients of node line i of
// `lines`) over the arc j of `across` (arcRange, with the node values and cross products of
// each arc end computed once and shared by the two arcs that meet there).
// Only the node lines that border a strip not excluded (strip_excluded) are computed.
template <int kFixedN>
inline void PolynomialSearch::nodeRanges(const std::vector<Node>& lines,
                                         const std::vector<Node>& across,
                                         const std::vector<char>& strip_excluded,
                                         const std::vector<double>& amplitude, int n_runtime,
                                         double* lo, double* hi) {
  const int n = kFixedN > 0 ? kFixedN : n_runtime;
  const std::size_t ends = static_cast<std::size_t>(n + 1);
  value_.resize(ends);
  cross_.resize(ends);
  across_cos_.resize(ends);
  across_sin_.resize(ends);
  for (std::size_t j = 0; j < ends; ++j) {  // contiguous, for the vectorized loops below
    across_cos_[j] = across[j].c;
    across_sin_[j] = across[j].s;
  }
  const double* cs = across_cos_.data();
  const double* sn = across_sin_.data();
  double* value = value_.data();
  double* cross = cross_.data();
  for (std::size_t i = 0; i < ends; ++i) {
    const bool below_open = i > 0 && !strip_excluded[i - 1];
    const bool above_open = i + 1 < ends && !strip_excluded[i];
    if (!below_open && !above_open) continue;
    const Node& line = lines[i];
    const double k0 = line.k[0], a = line.k[1], b = line.k[2];
    const double r = amplitude[i];  // |(a, b)|
    for (std::size_t j = 0; j < ends; ++j) {
      value[j] = a * cs[j] + b * sn[j];
      cross[j] = b * cs[j] - a * sn[j];  // (c, s) x (a, b)
    }
    double* lo_row = lo + i * (ends - 1);
    double* hi_row = hi + i * (ends - 1);
    for (std::size_t j = 0; j + 1 < ends; ++j) {
      // As arcRange: the peak direction (a, b) lies in the arc iff both cross products of
      // arcRange are >= 0, the trough iff both are <= 0.
      const double cross_a = cross[j], cross_b = -cross[j + 1];
      const double peak_inside = static_cast<double>(std::min(cross_a, cross_b) >= 0.0);
      const double trough_inside = static_cast<double>(std::max(cross_a, cross_b) <= 0.0);
      double low = std::min(value[j], value[j + 1]), high = std::max(value[j], value[j + 1]);
      high += peak_inside * (r - high);
      low += trough_inside * (-r - low);
      lo_row[j] = k0 + low;
      hi_row[j] = k0 + high;
    }
  }
}

// Fields with H bilinear (Coulomb contact fields): W+ is affine in (cos theta-, sin theta-)
// and W- in (cos theta+, sin theta+). For fixed theta+, W+ = A0 + A1 cos + A2 sin has an exact
// range over the cell's theta- arc; between the two theta+ ends of the cell, W+ differs from
// the linear interpolation of its end values by at most b11 h1^2 / 2. Hence over the cell
//   min(range at x.a, range at x.b) - b11 h1^2/2 <= W+ <= max(...) + b11 h1^2/2,
// and likewise for W- with the roles of the angles swapped. True if the cell holds no root.
inline bool PolynomialSearch::nodeExclusion(const Node& x0, const Node& x1, const Node& y0,
                                            const Node& y1, const AxisInterval& ax,
                                            const AxisInterval& ay, double h1, double h2) const {
  return nodeExclusionOne(x0, x1, ay, h1, bounds_plus_.b11, fourth_plus_[0]) ||
         nodeExclusionOne(y0, y1, ax, h2, bounds_minus_.b22, fourth_minus_[2]);
}

// Coefficients of W+ in (1, cos theta-, sin theta-) as functions of theta+ (axis 0: A_k), or
// of W- in (1, cos theta+, sin theta+) as functions of theta- (axis 1: B_k), at the angle with
// cos/sin (c, s); their derivatives and, if d2a is not null, their second derivatives.
inline void PolynomialSearch::coefficients(int axis, double c, double s, double* a, double* da,
                                           double* d2a) const {
  if (bilinear_) {
    // H bilinear: degree 2 in the angle (basis 1, c, s, c2, s2), unrolled.
    const double* fixed = axis == 0 ? plus_fixed_ : minus_fixed_;
    const double c2 = c * c - s * s, s2 = 2.0 * c * s;
    // With the odd part O = p1 c + p2 s and the even part E = p3 c2 + p4 s2:
    // a = p0 + O + E, a' = O' + E', a'' = -O - 4 E. (Locals first: the outputs could alias
    // the coefficients as far as the compiler knows.)
    double value[3], first[3], second[3];
    for (int k = 0; k < 3; ++k) {
      const double* p = &fixed[5 * k];
      const double odd = p[1] * c + p[2] * s, even = p[3] * c2 + p[4] * s2;
      const double d_odd = p[2] * c - p[1] * s, d_even = p[4] * c2 - p[3] * s2;
      value[k] = p[0] + odd + even;
      first[k] = d_odd + 2.0 * d_even;
      second[k] = -odd - 4.0 * even;
    }
    for (int k = 0; k < 3; ++k) {
      a[k] = value[k];
      da[k] = first[k];
    }
    if (d2a) {
      for (int k = 0; k < 3; ++k) d2a[k] = second[k];
    }
    return;
  }
  // W+ coefficients P(i, k) (i: theta+ basis), W- coefficients P(k, j) (j: theta- basis).
  const TrigPoly2& w = axis == 0 ? w_plus_ : w_minus_;
  const auto& pw = w.coefficients();
  const int degree = axis == 0 ? w.degree1() : w.degree2();
  double f[9], df[9];
  trigBasis(degree, c, s, f, df);
  for (int k = 0; k < 3; ++k) {
    a[k] = da[k] = 0.0;
    double d2 = 0.0;
    for (int i = 0; i <= 2 * degree; ++i) {
      const double coefficient = axis == 0 ? pw(i, k) : pw(k, i);
      const double order = (i + 1) / 2;
      a[k] += coefficient * f[i];
      da[k] += coefficient * df[i];
      d2 -= order * order * coefficient * f[i];
    }
    if (d2a) d2a[k] = d2;
  }
}

}  // namespace nsd::filippov::rational_search
