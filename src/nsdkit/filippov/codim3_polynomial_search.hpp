#pragma once
/// @file codim3_polynomial_search.hpp
/// Internal to codim3_polynomial.cpp (not installed): the certified subdivision search for the
/// zeros of W± on both parameter squares of a trigonometric-rational SS field. Its bounds are in
/// codim3_search_bounds.hpp; the driver (analyzeCodim3 for TrigRationalSphereField: field
/// checks, continua, equator arcs, classification of the roots) is codim3_polynomial.cpp.

#include <nsdkit/filippov/codim3_rational_tuning.hpp>
#include <nsdkit/filippov/codim3_search_bounds.hpp>

namespace nsd::filippov::rational_search {

class PolynomialSearch : CellBounds {
 public:
  PolynomialSearch(const TrigRationalSphereField& field, const RationalCodim3Options& options,
                   const RationalSearchTuning& tuning, Codim3Result& result)
      : options_(options), tuning_(tuning), result_(result) {
    roots_.clear();
    const auto& h = field.numerator;
    // W+ = D V+ / rho+' = -H_a sin(theta+)/c+ + H_c cos(theta+); W- likewise in theta-.
    // Coefficient bounds on the second and fourth partials of W± (one pass each). The local
    // bounds use d1^4, d1^3 d2, d1^2 d2^2 of W+ and d1^2 d2^2, d1 d2^3, d2^4 of W-.
    DerivativeBounds dp, dm;
    if (isBilinear(h[0]) && isBilinear(h[1]) && isBilinear(h[2])) {
      // Every Coulomb two-contact field: W± in closed form straight into the fixed arrays
      // (no TrigPoly2 is built; wPlus/wMinus are not used on this path).
      bilinearW(field);
      structured_ = bilinear_ = true;
      dp = derivativeBounds(Eigen::Map<const Eigen::Matrix<double, 5, 3>>(plus_fixed_));
      dm = derivativeBounds(
          Eigen::Map<const Eigen::Matrix<double, 3, 5, Eigen::RowMajor>>(minus_fixed_));
    } else {
      w_plus_ = h[0].timesSin1() * (-1.0 / field.c_plus) + h[2].timesCos1();
      w_minus_ = h[1].timesSin2() * (-1.0 / field.c_minus) + h[2].timesCos2();
      dp = derivativeBounds(w_plus_.coefficients());
      dm = derivativeBounds(w_minus_.coefficients());
      structured_ = w_plus_.degree2() == 1 && w_minus_.degree1() == 1;
      bilinear_ = structured_ && w_plus_.degree1() == 2 && w_minus_.degree2() == 2;
      if (bilinear_) {
        for (int k = 0; k < 3; ++k) {
          for (int i = 0; i < 5; ++i) {
            plus_fixed_[5 * k + i] = w_plus_.coefficients()(i, k);
            minus_fixed_[5 * k + i] = w_minus_.coefficients()(k, i);
          }
        }
      }
    }
    bounds_plus_ = dp.second;
    bounds_minus_ = dm.second;
    for (int m = 0; m < 4; ++m) {
      third_plus_[m] = dp.third[m];
      third_minus_[m] = dm.third[m];
    }
    for (int m = 0; m < 3; ++m) {
      fourth_plus_[m] = dp.fourth[m];
      fourth_minus_[m] = dm.fourth[m + 2];
    }
    const double hessian_plus = bounds_plus_.hessianNorm(),
                 hessian_minus = bounds_minus_.hessianNorm();
    lipschitz_jacobian_ = std::sqrt(hessian_plus * hessian_plus + hessian_minus * hessian_minus);
  }

  // W± for H of degree (1, 1) in closed form (the products of timesSin1/timesCos1 written out):
  // with a(t) = a0 + a1 cos t + a2 sin t and b(t) likewise,
  //   -a(t) sin(t) / c + b(t) cos(t) = (b1 - a2/c)/2 + b0 cos t - (a0/c) sin t
  //                                   + (b1 + a2/c)/2 cos 2t + (b2 - a1/c)/2 sin 2t.
  void bilinearW(const TrigRationalSphereField& field) {
    auto product = [](const double* a, const double* b, double c, double* out) {
      out[0] = 0.5 * (b[1] - a[2] / c);
      out[1] = b[0];
      out[2] = -a[0] / c;
      out[3] = 0.5 * (b[1] + a[2] / c);
      out[4] = 0.5 * (b[2] - a[1] / c);
    };
    const auto& ha = field.numerator[0].coefficients();
    const auto& hb = field.numerator[1].coefficients();
    const auto& hc = field.numerator[2].coefficients();
    for (int j = 0; j < 3; ++j) {  // column j of W+ (theta- basis): the theta+ product
      const double a[3] = {ha(0, j), ha(1, j), ha(2, j)}, b[3] = {hc(0, j), hc(1, j), hc(2, j)};
      product(a, b, field.c_plus, &plus_fixed_[5 * j]);
    }
    for (int i = 0; i < 3; ++i) {  // row i of W- (theta+ basis): the theta- product
      const double a[3] = {hb(i, 0), hb(i, 1), hb(i, 2)}, b[3] = {hc(i, 0), hc(i, 1), hc(i, 2)};
      product(a, b, field.c_minus, &minus_fixed_[5 * i]);
    }
  }

  // Largest |coefficient| of W+ and of W- (both 0 iff V+ = V- = 0 identically).
  double maxAbsWPlus() const {
    if (!bilinear_) return w_plus_.maxAbsCoefficient();
    return Eigen::Map<const Eigen::Matrix<double, 15, 1>>(plus_fixed_).cwiseAbs().maxCoeff();
  }
  double maxAbsWMinus() const {
    if (!bilinear_) return w_minus_.maxAbsCoefficient();
    return Eigen::Map<const Eigen::Matrix<double, 15, 1>>(minus_fixed_).cwiseAbs().maxCoeff();
  }
  double maxSecondDerivativeBound() const {
    return std::max({bounds_plus_.b11, bounds_plus_.b12, bounds_plus_.b22, bounds_minus_.b11,
                     bounds_minus_.b12, bounds_minus_.b22});
  }

  Evaluation evaluate(const AnglePair& x) {
    ++result_.report.evaluations;
    return Evaluation{w_plus_.valueGradient(x), w_minus_.valueGradient(x)};
  }

  // Nodes of the initial grid t = k pi / n of both squares (index 0: [0, pi], 1: [pi, 2 pi]),
  // for theta+ (axis 0) and theta- (axis 1).
  void prepareInitialNodes() {
    const int n = options_.initial_grid;
    const double h = kPi / n;
    if (grid_cos_.size() != static_cast<std::size_t>(n + 1)) {
      grid_cos_.resize(static_cast<std::size_t>(n + 1));
      grid_sin_.resize(static_cast<std::size_t>(n + 1));
      for (int k = 0; k <= n; ++k) {
        grid_cos_[static_cast<std::size_t>(k)] = std::cos(k * h);
        grid_sin_[static_cast<std::size_t>(k)] = std::sin(k * h);
      }
    }
    // The nodes are written in place, in the vectors the search reuses.
    const std::size_t count = static_cast<std::size_t>(n + 1);
    for (auto& axis : initial_nodes_) {
      for (auto& square : axis) square.resize(count);
    }
    for (std::size_t k = 0; k < count; ++k) {
      const double t = static_cast<double>(k) * h, c = grid_cos_[k], s = grid_sin_[k];
      for (int axis = 0; axis < 2; ++axis) {
        // cos/sin(pi + t) = -cos/sin(t)
        Node& lower = initial_nodes_[static_cast<std::size_t>(axis)][0][k];
        Node& upper = initial_nodes_[static_cast<std::size_t>(axis)][1][k];
        lower.t = t;
        lower.c = c;
        lower.s = s;
        upper.t = t + kPi;
        upper.c = -c;
        upper.s = -s;
        if (bilinear_) {
          bilinearPair(axis == 0 ? plus_fixed_ : minus_fixed_, c, s, lower, upper);
        } else if (structured_) {
          coefficients(axis, lower.c, lower.s, lower.k, lower.dk, lower.d2k);
          coefficients(axis, upper.c, upper.s, upper.k, upper.dk, upper.d2k);
        } else {
          for (Node* node : {&lower, &upper}) {
            std::fill(node->k, node->k + 3, 0.0);
            std::fill(node->dk, node->dk + 3, 0.0);
            std::fill(node->d2k, node->d2k + 3, 0.0);
          }
        }
      }
    }
  }

  // Searches the square [base, base + pi]^2, base = 0 (square 0) or pi (square 1).
  void searchSquare(int square) {
    // The self-test is compiled into its own instance of the loop, so the normal search does
    // not carry its call.
    if (tuning_.verify_model_bounds) {
      searchSquareImpl<true>(square);
    } else {
      searchSquareImpl<false>(square);
    }
  }

  template <bool kVerifyModelBounds>
  void searchSquareImpl(int square) {
    const int n = options_.initial_grid;
    const double h = kPi / n;
    // Take the square's initial nodes without copying (each square is searched once per call;
    // prepareInitialNodes refills the vectors swapped out here).
    nodes1_.swap(initial_nodes_[0][static_cast<std::size_t>(square)]);
    nodes2_.swap(initial_nodes_[1][static_cast<std::size_t>(square)]);
    // Initial cells: for structured fields initialCellTests pushes those that pass the strip
    // and (in one batch) the node tests; otherwise all of them.
    // The depth-first stack holds at most the n^2 initial cells plus 3 siblings per level
    // below them (each split replaces a cell by at most 4), so it is sized once and used
    // without growth checks.
    stack_.resize(static_cast<std::size_t>(n * n + 3 * options_.max_depth + 4));
    stack_size_ = 0;
    // 1 / (2 cos(w / 2)) for the cell width w = h / 2^d at each depth d (computed once per
    // thread and grid).
    if (chord_scale_grid_ != n) {
      chord_scale_.resize(kMaxDepthLimit + 1);
      for (std::size_t d = 0; d < chord_scale_.size(); ++d) {
        chord_scale_[d] = 0.5 / std::cos(0.5 * std::ldexp(h, -static_cast<int>(d)));
      }
      chord_scale_grid_ = n;
    }
    if (structured_) {
      // The default and the coarse grid get their own instances with the size known at compile
      // time (fixed trip counts: the table loops unroll and vectorize).
      if (n == kDefaultInitialGrid) {
        initialCellTests<kDefaultInitialGrid>(n, h);
      } else if (n == kCoarseInitialGrid) {
        initialCellTests<kCoarseInitialGrid>(n, h);
      } else {
        initialCellTests<0>(n, h);
      }
    } else {
      for (int j = n - 1; j >= 0; --j) {
        for (int i = n - 1; i >= 0; --i) push(Cell{i, i + 1, j, j + 1, 0});
      }
    }
    while (stack_size_ > 0) {
      const Cell c = stack_[--stack_size_];
      if (result_.report.evaluations > options_.max_evaluations) {
        ++result_.report.unresolved_cells;
        continue;
      }
      const Node &x0 = nodes1_[static_cast<std::size_t>(c.x0)],
                 &x1 = nodes1_[static_cast<std::size_t>(c.x1)],
                 &y0 = nodes2_[static_cast<std::size_t>(c.y0)],
                 &y1 = nodes2_[static_cast<std::size_t>(c.y1)];
      const AxisInterval ax{x0.t, x1.t, x0.c, x0.s, x1.c, x1.s};
      const AxisInterval ay{y0.t, y1.t, y0.c, y0.s, y1.c, y1.s};
      const double h1 = 0.5 * ax.width(), h2 = 0.5 * ay.width();
      // (Initial cells of structured fields may have passed it in initialCellTests.)
      if (structured_ && (c.depth > 0 || !initial_tested_) &&
          nodeExclusion(x0, x1, y0, y1, ax, ay, h1, h2)) {
        continue;
      }
      if (coveredByKnownRoot(ax, ay)) continue;
      double m1, c1, s1, m2, c2, s2;
      // Both axes of a cell at depth d are pi / (n 2^d) wide.
      const double chord_scale = chord_scale_[static_cast<std::size_t>(c.depth)];
      ax.mid(chord_scale, m1, c1, s1);
      ay.mid(chord_scale, m2, c2, s2);
      Evaluation e;
      Node mid1{m1, c1, s1, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
      Node mid2{m2, c2, s2, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
      ModelResult model;
      if (structured_) {
        structuredCentre(AnglePair{c1, s1, c2, s2}, e, mid1, mid2);
        // On cells wider than about pi/5 the remainders of the model almost never resolve a
        // cell that the node test could not: split at once.
        if (std::max(h1, h2) <= kWideCellHalfWidth) {
          const AnglePair centre{c1, s1, c2, s2};
          const Hessians hessians = centreHessians(mid1, mid2, centre);
          if (kVerifyModelBounds) verifyModelBounds(ax, ay, e, hessians);
          model = quadraticModel(e, hessians, h1, h2);
        }
      } else {
        e = evaluate(AnglePair{c1, s1, c2, s2});
        if (excluded(e.plus, bounds_plus_, h1, h2) || excluded(e.minus, bounds_minus_, h1, h2)) {
          continue;
        }
        model = linearModel(e, h1, h2, bounds_plus_, bounds_minus_);
      }
      if (model.verdict == ModelVerdict::kNoRoot) continue;
      if (model.verdict == ModelVerdict::kAtMostOneRoot) {
        const double diagonal = std::sqrt(ax.width() * ax.width() + ay.width() * ay.width());
        if (findTheOnlyRoot(ax, ay, AnglePair{c1, s1, c2, s2}, e, diagonal)) continue;
      }
      if (coveredByKnownRoot(ax, ay)) continue;
      if (c.depth >= options_.max_depth) {
        ++result_.report.unresolved_cells;
        continue;
      }
      const int i1 = static_cast<int>(nodes1_.size()), i2 = static_cast<int>(nodes2_.size());
      nodes1_.push_back(mid1);
      nodes2_.push_back(mid2);
      const int d = c.depth + 1;
      // Only the children that meet the box of the model can hold a root (all four
      // when there is no model). Offsets from the centre: upper halves [0, h], lower [-h, 0].
      const bool upper1 = model.hi1 >= 0.0, lower1 = model.lo1 <= 0.0;
      const bool upper2 = model.hi2 >= 0.0, lower2 = model.lo2 <= 0.0;
      if (upper1 && upper2) push(Cell{i1, c.x1, i2, c.y1, d});
      if (lower1 && upper2) push(Cell{c.x0, i1, i2, c.y1, d});
      if (upper1 && lower2) push(Cell{i1, c.x1, c.y0, i2, d});
      if (lower1 && lower2) push(Cell{c.x0, i1, c.y0, i2, d});
    }
  }

  const std::vector<Root>& roots() const { return roots_; }

  // Pushes a cell on the depth-first stack (sized in searchSquareImpl).
  void push(const Cell& cell) {
    assert(stack_size_ < stack_.size());
    stack_[stack_size_++] = cell;
  }

 private:
  // Self-test (RationalSearchTuning::verify_model_bounds): on a 5 x 5 grid of the cell (corners
  // included) the exact W± and first partials must lie within the remainder bounds of
  // quadraticModel around their Taylor polynomials at the centre (second order for W±, first
  // order for the partials), from the exact coefficients A_k(theta+), B_k(theta-):
  //   W+ = A.(1, cos u, sin u), W+_t = A'.(1, cos u, sin u), W+_u = A.(0, -sin u, cos u),
  //   W- = B.(1, cos t, sin t), W-_t = B.(0, -sin t, cos t), W-_u = B'.(1, cos t, sin t).
  void verifyModelBounds(const AxisInterval& ax, const AxisInterval& ay, const Evaluation& e,
                         const Hessians& hs) const;

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
  void initialCellTests(int n_runtime, double h);

  // The stages of initialCellTests.
  struct OpenStrips {
    std::size_t plus = 0, minus = 0;  // strips of theta+ and theta- not excluded
  };
  OpenStrips stripTests(std::size_t cells, double h);
  bool batchInitialTests(const OpenStrips& open) const;
  void pushUntestedCells(std::size_t cells);
  void plusGaps(std::size_t cells);
  std::size_t compactPlusCandidates(std::size_t cells, double margin_plus);
  void minusGaps(std::size_t count, std::size_t cells);
  void pushSurvivingCells(std::size_t count, std::size_t cells, double half_h2,
                          double margin_minus);

  void pushInitialCell(std::size_t i, std::size_t j);

  // lo/hi[i n + j]: the range of k0 + k1 cos u + k2 sin u (coefficients of node line i of
  // `lines`) over the arc j of `across` (arcRange, with the node values and cross products of
  // each arc end computed once and shared by the two arcs that meet there).
  // Only the node lines that border a strip not excluded (strip_excluded) are computed.
  template <int kFixedN>
  void nodeRanges(const std::vector<Node>& lines, const std::vector<Node>& across,
                  const std::vector<char>& strip_excluded, const std::vector<double>& amplitude,
                  int n_runtime, double* lo, double* hi);

  // Fields with H bilinear (Coulomb contact fields): W+ is affine in (cos theta-, sin theta-)
  // and W- in (cos theta+, sin theta+). For fixed theta+, W+ = A0 + A1 cos + A2 sin has an exact
  // range over the cell's theta- arc; between the two theta+ ends of the cell, W+ differs from
  // the linear interpolation of its end values by at most b11 h1^2 / 2. Hence over the cell
  //   min(range at x.a, range at x.b) - b11 h1^2/2 <= W+ <= max(...) + b11 h1^2/2,
  // and likewise for W- with the roles of the angles swapped. True if the cell holds no root.
  bool nodeExclusion(const Node& x0, const Node& x1, const Node& y0, const Node& y1,
                     const AxisInterval& ax, const AxisInterval& ay, double h1, double h2) const;

  // Coefficients of W+ in (1, cos theta-, sin theta-) as functions of theta+ (axis 0: A_k), or
  // of W- in (1, cos theta+, sin theta+) as functions of theta- (axis 1: B_k), at the angle with
  // cos/sin (c, s); their derivatives and, if d2a is not null, their second derivatives.
  void coefficients(int axis, double c, double s, double* a, double* da,
                    double* d2a = nullptr) const;

  // Value and gradient of (W+, W-) at the cell centre m, and the coefficients there.
  // (Without second derivatives when with_second is false: Newton steps.)
  void structuredCentre(const AnglePair& m, Evaluation& e, Node& node1, Node& node2,
                        bool with_second = true) {
    ++result_.report.evaluations;
    const double *a = node1.k, *da = node1.dk, *b = node2.k, *db = node2.dk;
    coefficients(0, m.cos1, m.sin1, node1.k, node1.dk, with_second ? node1.d2k : nullptr);
    coefficients(1, m.cos2, m.sin2, node2.k, node2.dk, with_second ? node2.d2k : nullptr);
    e.plus =
        TrigValueGradient{a[0] + a[1] * m.cos2 + a[2] * m.sin2,
                          da[0] + da[1] * m.cos2 + da[2] * m.sin2, -a[1] * m.sin2 + a[2] * m.cos2};
    e.minus =
        TrigValueGradient{b[0] + b[1] * m.cos1 + b[2] * m.sin1, -b[1] * m.sin1 + b[2] * m.cos1,
                          db[0] + db[1] * m.cos1 + db[2] * m.sin1};
  }

  // Second-order model of (W+, W-) about the cell centre m (structured fields): with the exact
  // Hessians H± at m and the coefficient bounds T± on the third partials,
  //   W(m + d) = W(m) + J d + (d^T H+ d, d^T H- d) / 2 + E,  |E±| <= thirdOrderRemainder(T±, |d|).
  // Preconditioned by P = J^-1, with the Hessians combined as K_i = P_i1 H+ + P_i2 H- (their
  // cancellations kept), every root of the cell has
  //   d_i = d*_i - d^T K_i d / 2 - (P E)_i,   d* = -P W(m),
  // so d1 lies in d*_1 minus the range of the right side over the cell, and then d2 likewise
  // over the cell with that d1 range (one Gauss-Seidel pass of a Hansen-Sengupta-type
  // contraction; a second pass pays on fields with many roots and costs on the others).
  //  - kNoRoot: the contracted box is empty;
  //  - kAtMostOneRoot: (W+, W-) is injective on the contracted box, which holds every root of
  //    the cell: for x, y in the box W(x) - W(y) = M (x - y) with the rows of M averages of
  //    the gradients along the segment, so every entry of M lies in the range of that Jacobian
  //    entry over the box, J(m) + H d plus a first-order remainder from T; the determinant range
  //    of that interval matrix (exact for 2 x 2 by interval arithmetic, each entry once)
  //    excludes 0;
  //  - kUndecided: neither; the box picks the children that can hold a root.
  // Against the linear model with second-derivative bounds, the remainder is an order higher and
  // the quadratic part exact at m: on random Coulomb fields it leaves 7 % fewer evaluations
  // (32.3 -> 29.9 per field at grid 12) and needs no cell-local bounds.
  ModelResult quadraticModel(const Evaluation& e, const Hessians& hs, double h1, double h2) const {
    ModelResult out;
    const CentreInverse inverse = centreInverse(e);
    if (!inverse.regular) return out;
    const double j11 = e.plus.d1, j12 = e.plus.d2, j21 = e.minus.d1, j22 = e.minus.d2;
    const double i11 = inverse.i11, i12 = inverse.i12, i21 = inverse.i21, i22 = inverse.i22;
    const double step1 = inverse.step1, step2 = inverse.step2;
    const double k1_11 = i11 * hs.p11 + i12 * hs.m11, k1_12 = i11 * hs.p12 + i12 * hs.m12,
                 k1_22 = i11 * hs.p22 + i12 * hs.m22;
    const double k2_11 = i21 * hs.p11 + i22 * hs.m11, k2_12 = i21 * hs.p12 + i22 * hs.m12,
                 k2_22 = i21 * hs.p22 + i22 * hs.m22;
    // Rounding slack of the preconditioned equations: 1e-13 of the magnitudes of their terms
    // before cancellation (|P_i1 W+| + |P_i2 W-|, the offset, |P_i.| |H| h^2 for the quadratic
    // part), far above the few roundings each term carries.
    auto slack = [&](double p1, double p2, double h) {
      const double hessian =
          std::fabs(p1) * (std::fabs(hs.p11) + 2.0 * std::fabs(hs.p12) + std::fabs(hs.p22)) +
          std::fabs(p2) * (std::fabs(hs.m11) + 2.0 * std::fabs(hs.m12) + std::fabs(hs.m22));
      const double h_max = std::max(h1, h2);
      return 1e-13 * (std::fabs(p1 * e.plus.value) + std::fabs(p2 * e.minus.value) + h +
                      hessian * h_max * h_max);
    };
    const double slack1 = slack(i11, i12, h1), slack2 = slack(i21, i22, h2);
    // Range of k11 x^2 + 2 k12 x y + k22 y^2 over the box [l1, u1] x [l2, u2].
    auto quadratic = [](double k11, double k12, double k22, double l1, double u1, double l2,
                        double u2) {
      const Range a = scaled(k11, squareRange(l1, u1)),
                  b = scaled(2.0 * k12, productRange(l1, u1, l2, u2)),
                  c = scaled(k22, squareRange(l2, u2));
      return Range{a.lo + b.lo + c.lo, a.hi + b.hi + c.hi};
    };
    // |(P E)_i| <= |P_i1| e+ + |P_i2| e-.
    auto error = [&](double p1, double p2, double a1, double a2) {
      return std::fabs(p1) * thirdOrderRemainder(third_plus_, a1, a2) +
             std::fabs(p2) * thirdOrderRemainder(third_minus_, a1, a2);
    };
    double l1 = -h1, u1 = h1, l2 = -h2, u2 = h2;
    {
      const Range q = quadratic(k1_11, k1_12, k1_22, l1, u1, l2, u2);
      const double err = error(i11, i12, h1, h2) + slack1;
      l1 = std::max(l1, step1 - 0.5 * q.hi - err);
      u1 = std::min(u1, step1 - 0.5 * q.lo + err);
    }
    {
      const double a1 = std::max(-l1, u1);
      const Range q = quadratic(k2_11, k2_12, k2_22, l1, u1, l2, u2);
      const double err = error(i21, i22, a1, h2) + slack2;
      l2 = std::max(l2, step2 - 0.5 * q.hi - err);
      u2 = std::min(u2, step2 - 0.5 * q.lo + err);
    }
    if (l1 > u1 || l2 > u2) {
      out.verdict = ModelVerdict::kNoRoot;
      return out;
    }
    out.lo1 = l1;
    out.hi1 = u1;
    out.lo2 = l2;
    out.hi2 = u2;
    // Jacobian entries over the box: centre value, linear part exact over the box, remainder.
    const double c1 = 0.5 * (l1 + u1), r1 = 0.5 * (u1 - l1), c2 = 0.5 * (l2 + u2),
                 r2 = 0.5 * (u2 - l2);
    const double a1 = std::max(-l1, u1), a2 = std::max(-l2, u2);
    auto entry = [&](double j, double g1, double g2, double remainder, double& mid, double& rad) {
      mid = j + g1 * c1 + g2 * c2;
      rad = std::fabs(g1) * r1 + std::fabs(g2) * r2 + remainder;
    };
    double m11, r11, m12, r12, m21, r21, m22, r22;
    entry(j11, hs.p11, hs.p12, gradientRemainder(third_plus_, 0, a1, a2), m11, r11);
    entry(j12, hs.p12, hs.p22, gradientRemainder(third_plus_, 1, a1, a2), m12, r12);
    entry(j21, hs.m11, hs.m12, gradientRemainder(third_minus_, 0, a1, a2), m21, r21);
    entry(j22, hs.m12, hs.m22, gradientRemainder(third_minus_, 1, a1, a2), m22, r22);
    double lo_a, hi_a, lo_b, hi_b;
    intervalProduct(m11, r11, m22, r22, lo_a, hi_a);
    intervalProduct(m12, r12, m21, r21, lo_b, hi_b);
    if (lo_a - hi_b > 0.0 || hi_a - lo_b < 0.0) out.verdict = ModelVerdict::kAtMostOneRoot;
    return out;
  }

  // A cell with at most one root: true if a known root lies in it, or Newton's method from the
  // centre (whose evaluation is e) finds one there; false (split) otherwise.
  bool findTheOnlyRoot(const AxisInterval& ax, const AxisInterval& ay, const AnglePair& centre,
                       const Evaluation& e, double diagonal);

  bool coveredByKnownRoot(const AxisInterval& ax, const AxisInterval& ay) const;

  // Newton's method with the exact Jacobian from the cell centre; a converged root (anywhere on
  // the torus) is recorded with its uniqueness radius.
  // (W+, W-) and its Jacobian at a point given by cos/sin of both angles.
  Evaluation evaluateAt(const AnglePair& x);

  // Newton's method with the exact Jacobian from the point m; a converged root (anywhere on
  // the torus) is recorded with its uniqueness radius.
  void newtonFrom(const AnglePair& m, Evaluation e, double cell_diagonal);

  // True if x (cos/sin of both angles) lies in the uniqueness ball of a recorded root (by the
  // chords, which are shorter than the angle distances: a conservative "inside").
  bool inKnownRootBall(const AnglePair& x) const;

  // True if x (cos/sin of both angles) is within 1e-9 rad of a recorded root (chord test: the
  // chord of an angle d is 2 sin(d / 2) = d to rounding at this size).
  bool isKnownRoot(const AnglePair& x) const;

  // Records the root with cos/sin `trig`; sigma_min and det are those of the Jacobian J at a point
  // within `distance` of it (the last Newton iterate). (The caller has checked with isKnownRoot
  // that it is not a root already recorded.)
  void record(const AnglePair& trig, double sigma_min, double det, double distance);

  const RationalCodim3Options& options_;
  const RationalSearchTuning& tuning_;
  Codim3Result& result_;
  TrigPoly2 w_plus_, w_minus_;
  SecondDerivativeBounds bounds_plus_, bounds_minus_;
  double lipschitz_jacobian_ = 0.0;
  // Bounds on the fourth partials of W+ and W- (d^4/d1^4, d1^3 d2, d1^2 d2^2 for W+; d1^2 d2^2,
  // d1 d2^3, d2^4 for W-); the node tests' local margins use d1^4 of W+ and d2^4 of W-.
  double fourth_plus_[3] = {}, fourth_minus_[3] = {};
  // Bounds on the third partials d^3 / d1^(3-m) d2^m of W+ and W- (quadraticModel).
  double third_plus_[4] = {}, third_minus_[4] = {};
  bool structured_ = false;
  std::size_t stack_size_ = 0;   // cells on stack_
  bool initial_tested_ = false;  // the initial cells of this square passed initialCellTests
  bool bilinear_ = false;        // structured with W+ of degree 2 in theta+, W- in theta-
  double plus_fixed_[15] = {};   // W+ coefficients, column k (1, cos-, sin-) contiguous
  double minus_fixed_[15] = {};  // W- coefficients, row k (1, cos+, sin+) contiguous
  // Working storage reused across calls on one thread (the search makes no callbacks, so it is
  // never re-entered while in use).
  struct Scratch {
    std::vector<Cell> stack;
    std::vector<Node> nodes1, nodes2;
    std::vector<Root> roots;
    std::vector<double> grid_cos, grid_sin;     // cos/sin of the initial grid angles k pi / n
    std::vector<double> chord_scale;            // 1 / (2 cos(w / 2)) of the cells at each depth
    int chord_scale_grid = 0;                   // the grid n of chord_scale
    std::vector<char> strip_plus, strip_minus;  // initial strips excluded whole
    std::vector<double> range_lo_plus, range_hi_plus;  // the W+ table of the initial node tests
    // Distance from 0 of each initial cell's W+ range, and of each candidate's W- range.
    std::vector<double> gap_plus, gap_minus;
    std::vector<std::uint32_t> candidates;  // initial cells i n + j left by the W+ table
    // Half-circle value range and amplitude |(k1, k2)| of each initial node line (strip tests).
    std::vector<double> line_lo_plus, line_hi_plus, line_lo_minus, line_hi_minus;
    std::vector<double> amplitude_plus, amplitude_minus;
    std::vector<double> value, cross;            // node values and cross products of one node line
    std::vector<double> across_cos, across_sin;  // cos/sin of the initial nodes across
    std::array<std::array<std::vector<Node>, 2>, 2> initial_nodes;  // [axis][square]
  };
  static Scratch& scratch() {
    static thread_local Scratch s;
    return s;
  }
  std::vector<Cell>& stack_ = scratch().stack;
  std::vector<Node>& nodes1_ = scratch().nodes1;
  std::vector<Node>& nodes2_ = scratch().nodes2;
  std::vector<Root>& roots_ = scratch().roots;
  std::vector<double>& grid_cos_ = scratch().grid_cos;
  std::vector<double>& grid_sin_ = scratch().grid_sin;
  std::vector<double>& chord_scale_ = scratch().chord_scale;
  int& chord_scale_grid_ = scratch().chord_scale_grid;
  std::vector<char>& strip_plus_ = scratch().strip_plus;
  std::vector<char>& strip_minus_ = scratch().strip_minus;
  std::vector<double>& range_lo_plus_ = scratch().range_lo_plus;
  std::vector<double>& range_hi_plus_ = scratch().range_hi_plus;
  std::vector<double>& gap_plus_ = scratch().gap_plus;
  std::vector<double>& gap_minus_ = scratch().gap_minus;
  std::vector<std::uint32_t>& candidates_ = scratch().candidates;
  std::vector<double>& line_lo_plus_ = scratch().line_lo_plus;
  std::vector<double>& line_hi_plus_ = scratch().line_hi_plus;
  std::vector<double>& line_lo_minus_ = scratch().line_lo_minus;
  std::vector<double>& line_hi_minus_ = scratch().line_hi_minus;
  std::vector<double>& amplitude_plus_ = scratch().amplitude_plus;
  std::vector<double>& amplitude_minus_ = scratch().amplitude_minus;
  std::vector<double>& value_ = scratch().value;
  std::vector<double>& cross_ = scratch().cross;
  std::vector<double>& across_cos_ = scratch().across_cos;
  std::vector<double>& across_sin_ = scratch().across_sin;
  std::array<std::array<std::vector<Node>, 2>, 2>& initial_nodes_ = scratch().initial_nodes;
};

}  // namespace nsd::filippov::rational_search

#include <nsdkit/filippov/codim3_polynomial_initial_cells.hpp>
#include <nsdkit/filippov/codim3_polynomial_roots.hpp>
