// Interval re-check of the sphere's (torus') rational limit-direction search
// (interval_certificate.hpp); the circle's is in interval_certificate_circle.cpp.
#include <nsdkit/filippov/interval_certificate.hpp>

#include <algorithm>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/filippov/interval_certificate_common.hpp>
#include <nsdkit/filippov/outward_interval.hpp>

namespace nsd::filippov::certified {

namespace {

using detail::contains;
using detail::kInitialCells;
using detail::kMaxCells;
using detail::kMaxDepth;
using detail::offsets;
using detail::thin;
using detail::typeOfEnclosure;

// ---------------------------------------------------------------- the torus (codimension 3)

// Enclosures of the basis f = (1, cos t, sin t, ..., cos d t, sin d t) and of df/dt over an
// angle interval.
struct AxisBasis {
  std::array<Interval, 2 * TrigPoly2::kMaxDegree + 1> f, df;
};

// (df is left zero unless with_derivatives.)
AxisBasis axisBasis(const Interval& angle, int degree, bool with_derivatives = true) {
  AxisBasis b;
  b.f[0] = thin(1.0);
  b.df[0] = thin(0.0);
  for (int k = 1; k <= degree; ++k) {
    const CosSinEnclosure cs = cosSinEnclosure(angle * thin(k));
    const std::size_t i = static_cast<std::size_t>(2 * k);
    b.f[i - 1] = cs.cos;
    b.f[i] = cs.sin;
    if (!with_derivatives) continue;
    b.df[i - 1] = -thin(k) * cs.sin;
    b.df[i] = thin(k) * cs.cos;
  }
  return b;
}

// A polynomial's value and partial derivatives enclosed over a box.
struct PolyEnclosure {
  Interval value{0.0}, d1{0.0}, d2{0.0};
};

PolyEnclosure enclose(const TrigPoly2& p, const AxisBasis& f, const AxisBasis& g) {
  PolyEnclosure out;
  const auto& c = p.coefficients();
  for (Eigen::Index j = 0; j < c.cols(); ++j) {
    Interval column(0.0), d_column(0.0);
    for (Eigen::Index i = 0; i < c.rows(); ++i) {
      if (c(i, j) == 0.0) continue;
      column += c(i, j) * f.f[static_cast<std::size_t>(i)];
      d_column += c(i, j) * f.df[static_cast<std::size_t>(i)];
    }
    const std::size_t jj = static_cast<std::size_t>(j);
    out.value += column * g.f[jj];
    out.d1 += d_column * g.f[jj];
    out.d2 += column * g.df[jj];
  }
  return out;
}

// A polynomial's value alone enclosed over a box (the natural enclosure of enclose's value), in
// two steps so that a row of cells sharing one theta+ interval shares the first: the column sums
// sum_i c_ij f_i over the theta+ interval, then sum_j column_j g_j over the theta- interval. The
// operations and their order are enclose's, so the interval is the same.
using ColumnSums = std::array<Interval, 2 * TrigPoly2::kMaxDegree + 1>;

ColumnSums columnSums(const TrigPoly2& p, const AxisBasis& f) {
  ColumnSums columns;
  const auto& c = p.coefficients();
  for (Eigen::Index j = 0; j < c.cols(); ++j) {
    Interval column(0.0);
    for (Eigen::Index i = 0; i < c.rows(); ++i) {
      if (c(i, j) == 0.0) continue;
      column += c(i, j) * f.f[static_cast<std::size_t>(i)];
    }
    columns[static_cast<std::size_t>(j)] = column;
  }
  return columns;
}

Interval combineColumns(const TrigPoly2& p, const ColumnSums& columns, const AxisBasis& g) {
  Interval value(0.0);
  for (Eigen::Index j = 0; j < p.coefficients().cols(); ++j) {
    value += columns[static_cast<std::size_t>(j)] * g.f[static_cast<std::size_t>(j)];
  }
  return value;
}

// The natural enclosures of D and W± over a box, without derivatives (the cheap first test of
// certifyCellsCovered).
struct TorusValues {
  Interval d, w_plus, w_minus;
};

// The column sums of H_a, H_b, H_c and D over one theta+ interval, with its basis.
struct RowSums {
  AxisBasis f;
  std::array<ColumnSums, 4> columns;  // H_a, H_b, H_c, D
};

// H, D, W± and the Jacobian of (W+, W-) enclosed over a box of slip angles.
struct TorusEnclosure {
  std::array<PolyEnclosure, 3> h;
  PolyEnclosure d, w_plus, w_minus;
  Interval cos1, sin1, cos2, sin2;
};

class TorusField {
 public:
  explicit TorusField(const TrigRationalSphereField& field) : field_(field) {
    for (const TrigPoly2& p : field.numerator) {
      degree1_ = std::max(degree1_, p.degree1());
      degree2_ = std::max(degree2_, p.degree2());
    }
    degree1_ = std::max({degree1_, field.denominator.degree1(), 1});
    degree2_ = std::max({degree2_, field.denominator.degree2(), 1});
  }

  TorusEnclosure enclose(const Interval& t1, const Interval& t2) const {
    const AxisBasis f = axisBasis(t1, degree1_), g = axisBasis(t2, degree2_);
    TorusEnclosure e;
    for (std::size_t k = 0; k < 3; ++k) e.h[k] = certified::enclose(field_.numerator[k], f, g);
    e.d = certified::enclose(field_.denominator, f, g);
    e.cos1 = f.f[1];
    e.sin1 = f.f[2];
    e.cos2 = g.f[1];
    e.sin2 = g.f[2];
    // W+ = H_c cos t1 - H_a sin t1 / c+, W- = H_c cos t2 - H_b sin t2 / c- (as the search).
    const Interval cp = thin(field_.c_plus), cm = thin(field_.c_minus);
    const PolyEnclosure &ha = e.h[0], &hb = e.h[1], &hc = e.h[2];
    e.w_plus.value = hc.value * e.cos1 - ha.value * e.sin1 / cp;
    e.w_plus.d1 = hc.d1 * e.cos1 - hc.value * e.sin1 - (ha.d1 * e.sin1 + ha.value * e.cos1) / cp;
    e.w_plus.d2 = hc.d2 * e.cos1 - ha.d2 * e.sin1 / cp;
    e.w_minus.value = hc.value * e.cos2 - hb.value * e.sin2 / cm;
    e.w_minus.d1 = hc.d1 * e.cos2 - hb.d1 * e.sin2 / cm;
    e.w_minus.d2 = hc.d2 * e.cos2 - hc.value * e.sin2 - (hb.d2 * e.sin2 + hb.value * e.cos2) / cm;
    return e;
  }

  // The column sums of a theta+ interval (RowSums), shared by the cells of one row.
  RowSums rowSums(const Interval& t1) const {
    RowSums row;
    row.f = axisBasis(t1, degree1_, false);
    for (std::size_t k = 0; k < 3; ++k) row.columns[k] = columnSums(field_.numerator[k], row.f);
    row.columns[3] = columnSums(field_.denominator, row.f);
    return row;
  }

  // The same operations as enclose's values (so the same intervals), derivatives left out.
  TorusValues encloseValues(const RowSums& row, const AxisBasis& g) const {
    const Interval ha = combineColumns(field_.numerator[0], row.columns[0], g);
    const Interval hb = combineColumns(field_.numerator[1], row.columns[1], g);
    const Interval hc = combineColumns(field_.numerator[2], row.columns[2], g);
    const Interval cp = thin(field_.c_plus), cm = thin(field_.c_minus);
    TorusValues v;
    v.d = combineColumns(field_.denominator, row.columns[3], g);
    v.w_plus = hc * row.f.f[1] - ha * row.f.f[2] / cp;
    v.w_minus = hc * g.f[1] - hb * g.f[2] / cm;
    return v;
  }
  TorusValues encloseValues(const Interval& t1, const Interval& t2) const {
    return encloseValues(rowSums(t1), axisBasis(t2, degree2_, false));
  }
  AxisBasis valueBasis2(const Interval& t2) const { return axisBasis(t2, degree2_, false); }

  // R = G.n over a box inside one open square (n of eq. (55) with (cos phi, sin phi) ∝
  // (cos theta, sin theta / c), eq. (51)): n = sigma (s- c+, s+ c-, s+ s-) / |.| with
  // s± = sin theta± / c±, c± = cos theta±, sigma the square's hemisphere sign.
  Interval radial(const TorusEnclosure& e, double sigma) const {
    const Interval sp = e.sin1 / thin(field_.c_plus), sm = e.sin2 / thin(field_.c_minus);
    const Interval na = sm * e.cos1, nb = sp * e.cos2, nc = sp * sm;
    const Interval norm = sqrt(square(na) + square(nb) + square(nc));
    const Interval dot = e.h[0].value * na + e.h[1].value * nb + e.h[2].value * nc;
    return thin(sigma) * dot / (norm * e.d.value);
  }

  // G at a square corner (theta+, theta-) in {0, pi}^2 with cos = (s1, s2): the basis is exact
  // there (cos k theta = s^k, sin k theta = 0).
  std::array<Interval, 3> cornerValue(double s1, double s2) const {
    auto basis = [](double s, int degree) {
      AxisBasis b;
      b.f[0] = thin(1.0);
      double power = 1.0;
      for (int k = 1; k <= degree; ++k) {
        power *= s;
        b.f[static_cast<std::size_t>(2 * k - 1)] = thin(power);
        b.f[static_cast<std::size_t>(2 * k)] = thin(0.0);
      }
      return b;
    };
    const AxisBasis f = basis(s1, degree1_), g = basis(s2, degree2_);
    const Interval d = certified::enclose(field_.denominator, f, g).value;
    std::array<Interval, 3> out;
    for (std::size_t k = 0; k < 3; ++k) {
      out[k] = certified::enclose(field_.numerator[k], f, g).value / d;
    }
    return out;
  }

 private:
  const TrigRationalSphereField& field_;
  int degree1_ = 0, degree2_ = 0;
};

struct Box2 {
  Interval t1, t2;
};

bool inside(const Box2& inner, const Box2& outer) {
  return subset(inner.t1, outer.t1) && subset(inner.t2, outer.t2);
}

bool overlap(const Box2& a, const Box2& b) { return overlap(a.t1, b.t1) && overlap(a.t2, b.t2); }

// The copies of a box one turn away on either axis (the torus is periodic), shrunk by 1e-12 rad
// on each side: kTwoPi differs from 2 pi by less than 1e-15, so each copy stays inside the true
// periodic image of the box.
std::array<Box2, 9> periodicCopies(const Box2& b) {
  std::array<Box2, 9> out;
  std::size_t n = 0;
  for (double s1 : {-kTwoPi, 0.0, kTwoPi}) {
    for (double s2 : {-kTwoPi, 0.0, kTwoPi}) {
      const Interval t1 = b.t1 + thin(s1), t2 = b.t2 + thin(s2);
      out[n++] = Box2{Interval(t1.lower() + 1e-12, t1.upper() - 1e-12),
                      Interval(t2.lower() + 1e-12, t2.upper() - 1e-12)};
    }
  }
  return out;
}

// Krawczyk's operator on a box X with centre x, from the enclosures of W at x and over X: with
// Y the inverse of the midpoint of the Jacobian's enclosure J(X),
// K = x - Y W(x) + (I - Y J(X)) (X - x). Every zero of W in X lies in K, and K inside the
// interior of X proves that W has exactly one zero in X. False when the midpoint Jacobian is
// singular.
bool krawczykOperator(const TorusValues& at, const TorusEnclosure& over, const Box2& box,
                      double x1, double x2, Box2& k) {
  const Interval j11 = over.w_plus.d1, j12 = over.w_plus.d2, j21 = over.w_minus.d1,
                 j22 = over.w_minus.d2;
  const double m11 = median(j11), m12 = median(j12), m21 = median(j21), m22 = median(j22);
  const double det = m11 * m22 - m12 * m21;
  if (!(std::fabs(det) > 0.0) || !std::isfinite(det)) return false;
  const double y11 = m22 / det, y12 = -m12 / det, y21 = -m21 / det, y22 = m11 / det;
  const Interval o1 = offsets(box.t1, x1), o2 = offsets(box.t2, x2);
  const Interval fp = at.w_plus, fm = at.w_minus;
  // Rows of I - Y J(X).
  const Interval a11 = thin(1.0) - (y11 * j11 + y12 * j21);
  const Interval a12 = -(y11 * j12 + y12 * j22);
  const Interval a21 = -(y21 * j11 + y22 * j21);
  const Interval a22 = thin(1.0) - (y21 * j12 + y22 * j22);
  k.t1 = thin(x1) - (y11 * fp + y12 * fm) + a11 * o1 + a12 * o2;
  k.t2 = thin(x2) - (y21 * fp + y22 * fm) + a21 * o1 + a22 * o2;
  return true;
}

bool krawczykOperator(const TorusField& field, const Box2& box, double x1, double x2, Box2& k) {
  return krawczykOperator(field.encloseValues(thin(x1), thin(x2)), field.enclose(box.t1, box.t2), box, x1,
                          x2, k);
}

bool strictlyInside(const Box2& k, const Box2& box) {
  return k.t1.lower() > box.t1.lower() && k.t1.upper() < box.t1.upper() &&
         k.t2.lower() > box.t2.lower() && k.t2.upper() < box.t2.upper();
}

// Krawczyk's test on the box x ± rho (`box`); on success `root_box` is a tight enclosure of its
// one zero: K(X) ∩ X contracted by a few more Krawczyk steps (each keeps the zero).
bool krawczyk(const TorusField& field, double x1, double x2, double rho, Box2& root_box,
              Box2& box) {
  box = Box2{Interval(x1 - rho, x1 + rho), Interval(x2 - rho, x2 + rho)};
  Box2 k;
  if (!krawczykOperator(field, box, x1, x2, k) || !strictlyInside(k, box)) return false;
  root_box = Box2{intersect(k.t1, box.t1), intersect(k.t2, box.t2)};
  for (int step = 0; step < 6; ++step) {
    if (!krawczykOperator(field, root_box, median(root_box.t1), median(root_box.t2), k) ||
        !overlap(k.t1, root_box.t1) || !overlap(k.t2, root_box.t2)) {
      break;
    }
    root_box = Box2{intersect(k.t1, root_box.t1), intersect(k.t2, root_box.t2)};
  }
  return true;
}

// The mean-value enclosure of a function over a cell from its value at the centre and its
// gradient's enclosure over the cell, intersected with the natural enclosure.
Interval meanValue(const PolyEnclosure& over, const Interval& at, const Interval& o1,
                   const Interval& o2) {
  const Interval centred = at + over.d1 * o1 + over.d2 * o2;
  return overlap(centred, over.value) ? intersect(centred, over.value) : centred;
}

}  // namespace

namespace {

// Stages 2 and 4 for the reported zeros: a uniqueness (Krawczyk) box around each, no two
// sharing one, and each direction's square and type held by its enclosure. Fills the boxes and
// the enclosures of their zeros; returns the failure ("" when certified).
const char* certifyReportedRoots(const TorusField& torus,
                                 const std::vector<SphereRootClaim>& roots, double tolerance,
                                 std::size_t& cells, std::vector<Box2>& boxes,
                                 std::vector<Box2>& root_boxes) {
  for (const SphereRootClaim& claim : roots) {
    const double x1 = std::atan2(claim.trig.sin1, claim.trig.cos1);
    const double x2 = std::atan2(claim.trig.sin2, claim.trig.cos2);
    // Angles in [0, 2 pi) (the squares' range; atan2 gives (-pi, pi]).
    const double t1 = x1 < 0.0 ? x1 + kTwoPi : x1, t2 = x2 < 0.0 ? x2 + kTwoPi : x2;
    Box2 root_box, box;
    bool found = false;
    double rho = 0.05;
    for (; rho > 1e-13; rho *= 0.125) {
      ++cells;
      if (krawczyk(torus, t1, t2, rho, root_box, box)) {
        found = true;
        break;
      }
    }
    // Larger boxes leave fewer cells to exclude: grow rho towards the failed 8 rho.
    for (double grown = rho * 2.0; found && grown < 0.05 && grown <= 8.0 * rho; grown *= 2.0) {
      Box2 grown_root, grown_box;
      ++cells;
      if (!krawczyk(torus, t1, t2, grown, grown_root, grown_box)) break;
      root_box = grown_root;
      box = grown_box;
    }
    if (!found) {
      return "a reported root is not shown to be simple (double root or cluster)";
    }
    for (const Box2& other : boxes) {
      for (const Box2& copy : periodicCopies(other)) {
        if (overlap(copy, box)) {
          return "two reported roots share a uniqueness box";
        }
      }
    }
    boxes.push_back(box);
    root_boxes.push_back(root_box);
    if (claim.kind != SphereRootClaim::Kind::kDirection) continue;
    // Inside one open square: both sines of one sign on the root's box.
    const TorusEnclosure e = torus.enclose(root_box.t1, root_box.t2);
    const bool upper = e.sin1.lower() > 0.0 && e.sin2.lower() > 0.0;
    const bool lower = e.sin1.upper() < 0.0 && e.sin2.upper() < 0.0;
    if (!upper && !lower) {
      return "a reported direction is not shown to lie inside a parameter square";
    }
    LimitDirectionType type;
    if (!typeOfEnclosure(torus.radial(e, upper ? 1.0 : -1.0), tolerance, type) ||
        type != claim.type) {
      return "a reported direction's type is not decided by its enclosure of R";
    }
  }

  return "";
}

// Stage 4 for the equator arcs: the search's decision at each corner holds on the enclosure of
// G there. Returns the failure ("" when certified).
const char* certifyEquatorArcs(const TorusField& torus, const std::array<ArcClaim, 4>& arcs,
                               ArcRule arc_rule, double tolerance, std::size_t& cells) {
  for (int a = 0; a < 4; ++a) {
    const double s1 = (a & 1) ? -1.0 : 1.0, s2 = (a & 2) ? -1.0 : 1.0;
    const std::array<Interval, 3> g = torus.cornerValue(s1, s2);
    ++cells;
    const bool outside_band = g[2].lower() > tolerance || g[2].upper() < -tolerance;
    const bool inside_band = g[2].lower() >= -tolerance && g[2].upper() <= tolerance;
    const ArcClaim& claim = arcs[static_cast<std::size_t>(a)];
    bool present = false;
    Interval radial(0.0);
    if (outside_band) {
      present = false;
    } else if (!inside_band) {
      return "an equator arc's V~ is within rounding of the tolerance";
    } else if (arc_rule == ArcRule::kPaperMidpoint) {
      // n = (s1, s2, 0) / sqrt(2) on the arc's midpoint.
      present = true;
      radial = (thin(s1) * g[0] + thin(s2) * g[1]) / sqrt(thin(2.0));
    } else {
      // Tangency where G_a s1 and G_b s2 have one sign; there R = sign(G_a s1) |(G_a, G_b)|.
      const Interval ga = thin(s1) * g[0], gb = thin(s2) * g[1];
      const Interval product = ga * gb;
      if (product.lower() > 0.0) {
        present = true;
        const Interval length = sqrt(square(ga) + square(gb));
        radial = ga.lower() > 0.0 ? length : -length;
      } else if (product.upper() > 0.0) {
        return "an equator arc's tangency is within rounding of its end";
      }
    }
    if (present != claim.present) {
      return "an equator arc decision differs from its enclosure";
    }
    LimitDirectionType type;
    if (present && (!typeOfEnclosure(radial, tolerance, type) || type != claim.type)) {
      return "an equator arc's type is not decided by its enclosure of R";
    }
  }

  return "";
}

// Stages 1 and 3: subdivision of both closed squares, [0, pi] and [pi, 2 pi] on each axis, until
// every cell has D > 0 and is excluded, inside a root's box, or holds exactly a reported root.
// Returns the failure ("" when certified).
const char* certifyCellsCovered(const TorusField& torus, const std::vector<Box2>& boxes,
                                const std::vector<Box2>& root_boxes,
                                const SphereCertificateWork& work, std::size_t& cells) {
  const Interval pi = piEnclosure();
  struct Cell {
    double a1, b1, a2, b2;
    int depth;
    bool d_positive;
    int initial = -1;  // index into the initial rows and columns below (depth 0), else -1
  };
  std::vector<Box2> coverage;
  for (const Box2& box : boxes) {
    for (const Box2& copy : periodicCopies(box)) coverage.push_back(copy);
  }
  std::vector<Cell> stack;
  // The initial cells' theta+ rows and theta- columns: their bases and column sums are computed
  // once per row and column instead of once per cell.
  std::vector<RowSums> rows;
  std::vector<AxisBasis> columns;
  rows.reserve(2 * kInitialCells);
  columns.reserve(2 * kInitialCells);
  for (int square = 0; square < 2; ++square) {
    const double lo = square == 0 ? 0.0 : pi.lower();
    const double hi = square == 0 ? pi.upper() : (thin(2.0) * pi).upper();
    auto node = [&](int k) { return k == kInitialCells ? hi : lo + (hi - lo) * k / kInitialCells; };
    for (int k = 0; k < kInitialCells && work.natural_enclosures_first; ++k) {
      rows.push_back(torus.rowSums(Interval(node(k), node(k + 1))));
      columns.push_back(torus.valueBasis2(Interval(node(k), node(k + 1))));
    }
    for (int i = 0; i < kInitialCells; ++i) {
      for (int j = 0; j < kInitialCells; ++j) {
        const int initial = (square * kInitialCells + i) * 2 * kInitialCells +
                            square * kInitialCells + j;
        stack.push_back(Cell{node(i), node(i + 1), node(j), node(j + 1), 0, false, initial});
      }
    }
  }
  while (!stack.empty()) {
    const Cell c = stack.back();
    stack.pop_back();
    if (++cells > kMaxCells) {
      return "the interval subdivision exceeded its budget";
    }
    const Box2 cell{Interval(c.a1, c.b1), Interval(c.a2, c.b2)};
    const double m1 = 0.5 * (c.a1 + c.b1), m2 = 0.5 * (c.a2 + c.b2);
    bool decided = std::any_of(coverage.begin(), coverage.end(),
                               [&](const Box2& b) { return inside(cell, b); });
    if (decided && c.d_positive) continue;
    // The natural enclosures first: the mean-value enclosures below are intersected with them,
    // so a cell they decide is one the full test decides too (same cells, less work).
    if (work.natural_enclosures_first) {
      const std::size_t row = static_cast<std::size_t>(c.initial / (2 * kInitialCells));
      const std::size_t column = static_cast<std::size_t>(c.initial % (2 * kInitialCells));
      const TorusValues natural = c.initial >= 0
                                      ? torus.encloseValues(rows[row], columns[column])
                                      : torus.encloseValues(cell.t1, cell.t2);
      const bool natural_d_positive = c.d_positive || natural.d.lower() > 0.0;
      const bool natural_decided =
          decided || !contains(natural.w_plus, 0.0) || !contains(natural.w_minus, 0.0);
      if (natural_decided && natural_d_positive) continue;
    }
    const TorusEnclosure over = torus.enclose(cell.t1, cell.t2);
    const TorusValues at = torus.encloseValues(thin(m1), thin(m2));  // (values only needed)
    const Interval o1 = offsets(cell.t1, m1), o2 = offsets(cell.t2, m2);
    const bool d_positive = c.d_positive || meanValue(over.d, at.d, o1, o2).lower() > 0.0;
    if (!decided) {
      decided = !contains(meanValue(over.w_plus, at.w_plus, o1, o2), 0.0) ||
                !contains(meanValue(over.w_minus, at.w_minus, o1, o2), 0.0);
    }
    Box2 k;
    if (!decided && krawczykOperator(at, over, cell, m1, m2, k)) {
      // No zero in the cell when K misses it; exactly one when K lies inside it, and that one
      // is a reported root's if the enclosure of a reported root lies in the cell.
      decided =
          !overlap(k.t1, cell.t1) || !overlap(k.t2, cell.t2) ||
          (strictlyInside(k, cell) && std::any_of(root_boxes.begin(), root_boxes.end(),
                                                  [&](const Box2& r) { return inside(r, cell); }));
    }
    if (decided && d_positive) continue;
    if (c.depth >= kMaxDepth || !(c.a1 < m1 && m1 < c.b1 && c.a2 < m2 && m2 < c.b2)) {
      return d_positive ? "a cell is neither excluded nor inside a root's box"
                               : "the denominator D is not shown to be positive";
    }
    const int d = c.depth + 1;
    stack.push_back(Cell{c.a1, m1, c.a2, m2, d, d_positive});
    stack.push_back(Cell{m1, c.b1, c.a2, m2, d, d_positive});
    stack.push_back(Cell{c.a1, m1, m2, c.b2, d, d_positive});
    stack.push_back(Cell{m1, c.b1, m2, c.b2, d, d_positive});
  }
  return "";
}

}  // namespace

// The stages in order; the first failure ends the certificate.
Certificate certifySphereSearch(const TrigRationalSphereField& field,
                                const std::vector<SphereRootClaim>& roots,
                                const std::array<ArcClaim, 4>& arcs, ArcRule arc_rule,
                                double tolerance, const SphereCertificateWork& work) {
  Certificate out;
  const TorusField torus(field);
  std::vector<Box2> boxes, root_boxes;  // uniqueness boxes and the enclosures of their zeros
  out.failure = certifyReportedRoots(torus, roots, tolerance, out.cells, boxes, root_boxes);
  if (*out.failure == '\0') {
    out.failure = certifyEquatorArcs(torus, arcs, arc_rule, tolerance, out.cells);
  }
  if (*out.failure == '\0') {
    out.failure = certifyCellsCovered(torus, boxes, root_boxes, work, out.cells);
  }
  out.certified = *out.failure == '\0';
  return out;
}

}  // namespace nsd::filippov::certified
