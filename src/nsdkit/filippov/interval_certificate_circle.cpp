// Interval re-check of the circle's (codimension 2) rational limit-direction search
// (interval_certificate.hpp).
#include <nsdkit/filippov/interval_certificate.hpp>

#include <algorithm>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/filippov/interval_certificate_common.hpp>
#include <nsdkit/filippov/outward_interval.hpp>

namespace nsd::filippov::certified {

using detail::contains;
using detail::kInitialCells;
using detail::kMaxCells;
using detail::kMaxDepth;
using detail::offsets;
using detail::thin;
using detail::typeOfEnclosure;

namespace {

struct CircleEnclosure {
  Interval h_i, h_j, d, w, dw, cos, sin;
};

Interval encloseTrig1(const TrigCoefficients1& p, const std::vector<CosSinEnclosure>& harmonics,
                      Interval* derivative) {
  Interval value = thin(p[0]), slope(0.0);
  for (Eigen::Index k = 1; 2 * k <= p.size() - 1; ++k) {
    const CosSinEnclosure& cs = harmonics[static_cast<std::size_t>(k)];
    const Interval a = thin(p[2 * k - 1]), b = thin(p[2 * k]);
    value += a * cs.cos + b * cs.sin;
    slope += thin(static_cast<double>(k)) * (b * cs.cos - a * cs.sin);
  }
  if (derivative != nullptr) *derivative = slope;
  return value;
}

class CircleField {
 public:
  explicit CircleField(const TrigRationalPlaneField& field) : field_(field) {
    for (const auto* p : {&field.numerator[0], &field.numerator[1], &field.denominator}) {
      degree_ = std::max(degree_, static_cast<int>(p->size() / 2));
    }
    degree_ = std::max(degree_, 1);
  }

  CircleEnclosure enclose(const Interval& phi) const {
    std::vector<CosSinEnclosure> harmonics(static_cast<std::size_t>(degree_ + 1));
    for (int k = 1; k <= degree_; ++k) {
      harmonics[static_cast<std::size_t>(k)] = cosSinEnclosure(phi * thin(k));
    }
    CircleEnclosure e;
    Interval dhi, dhj;
    e.h_i = encloseTrig1(field_.numerator[0], harmonics, &dhi);
    e.h_j = encloseTrig1(field_.numerator[1], harmonics, &dhj);
    e.d = encloseTrig1(field_.denominator, harmonics, nullptr);
    e.cos = harmonics[1].cos;
    e.sin = harmonics[1].sin;
    // W = D V = H_j cos - H_i sin (as the search), W' = H_j' cos - H_j sin - H_i' sin - H_i cos.
    e.w = e.h_j * e.cos - e.h_i * e.sin;
    e.dw = dhj * e.cos - e.h_j * e.sin - dhi * e.sin - e.h_i * e.cos;
    return e;
  }

 private:
  const TrigRationalPlaneField& field_;
  int degree_ = 0;
};

}  // namespace

Certificate certifyCircleSearch(const TrigRationalPlaneField& field,
                                const std::vector<Codim2LimitDirection>& directions,
                                double tolerance) {
  Certificate out;
  const CircleField circle(field);
  std::vector<Interval> boxes;
  for (const Codim2LimitDirection& direction : directions) {
    const double x = direction.phi_rad;
    bool found = false;
    Interval box, root_box;
    for (double rho = 0.05; rho > 1e-13 && !found; rho *= 0.125) {
      ++out.cells;
      box = Interval(x - rho, x + rho);
      const CircleEnclosure over = circle.enclose(box), at = circle.enclose(thin(x));
      const double slope = median(over.dw);
      if (!(std::fabs(slope) > 0.0)) continue;
      const Interval y = thin(1.0 / slope);
      const Interval k = thin(x) - y * at.w + (thin(1.0) - y * over.dw) * offsets(box, x);
      if (k.lower() > box.lower() && k.upper() < box.upper()) {
        found = true;
        root_box = intersect(k, box);
      }
    }
    if (!found) {
      out.failure = "a reported root is not shown to be simple (double root or cluster)";
      return out;
    }
    // A few more Krawczyk steps on K ∩ X, each keeping the zero: a tight enclosure for R.
    for (int step = 0; step < 6; ++step) {
      const double c = median(root_box);
      const CircleEnclosure over = circle.enclose(root_box), at = circle.enclose(thin(c));
      const double slope = median(over.dw);
      if (!(std::fabs(slope) > 0.0)) break;
      const Interval y = thin(1.0 / slope);
      const Interval k = thin(c) - y * at.w + (thin(1.0) - y * over.dw) * offsets(root_box, c);
      if (!overlap(k, root_box)) break;
      root_box = intersect(k, root_box);
    }
    for (const Interval& other : boxes) {
      // On the circle: compare also one turn apart.
      for (double shift : {-kTwoPi, 0.0, kTwoPi}) {
        if (overlap(other + thin(shift), box)) {
          out.failure = "two reported roots share a uniqueness box";
          return out;
        }
      }
    }
    boxes.push_back(box);
    const CircleEnclosure e = circle.enclose(root_box);
    LimitDirectionType type;
    if (!typeOfEnclosure((e.h_i * e.cos + e.h_j * e.sin) / e.d, tolerance, type) ||
        type != direction.type) {
      out.failure = "a reported direction's type is not decided by its enclosure of R";
      return out;
    }
  }
  // Subdivision of [0, 2 pi] (closed, with an enclosure of 2 pi as its end).
  struct Cell {
    double a, b;
    int depth;
    bool d_positive;
  };
  const double end = (thin(2.0) * piEnclosure()).upper();
  std::vector<Cell> stack;
  for (int i = 0; i < 2 * kInitialCells; ++i) {
    const double a = end * i / (2 * kInitialCells);
    const double b = i + 1 == 2 * kInitialCells ? end : end * (i + 1) / (2 * kInitialCells);
    stack.push_back(Cell{a, b, 0, false});
  }
  auto covered = [&](const Interval& cell) {
    for (const Interval& box : boxes) {
      for (double shift : {-kTwoPi, 0.0, kTwoPi}) {
        // A shifted box is still an enclosure of the root's uniqueness set modulo 2 pi when the
        // shift is enclosed too.
        const Interval shifted = box + thin(shift);
        if (subset(cell, Interval(shifted.lower() + 1e-12, shifted.upper() - 1e-12))) return true;
      }
    }
    return false;
  };
  while (!stack.empty()) {
    const Cell c = stack.back();
    stack.pop_back();
    if (++out.cells > kMaxCells) {
      out.failure = "the interval subdivision exceeded its budget";
      return out;
    }
    const Interval cell(c.a, c.b);
    const double m = 0.5 * (c.a + c.b);
    const CircleEnclosure over = circle.enclose(cell), at = circle.enclose(thin(m));
    const Interval o = offsets(cell, m);
    auto mean_value = [&](const Interval& at_value, const Interval& slope,
                          const Interval& natural) {
      const Interval centred = at_value + slope * o;
      return overlap(centred, natural) ? intersect(centred, natural) : centred;
    };
    // D' is not enclosed separately: D > 0 is checked on the natural enclosure (D is far from
    // zero for every contact field; a cell that fails is split).
    const bool d_positive = c.d_positive || over.d.lower() > 0.0;
    const bool decided = covered(cell) || !contains(mean_value(at.w, over.dw, over.w), 0.0);
    if (decided && d_positive) continue;
    if (c.depth >= kMaxDepth || !(c.a < m && m < c.b)) {
      out.failure = d_positive ? "a cell is neither excluded nor inside a root's box"
                               : "the denominator D is not shown to be positive";
      return out;
    }
    stack.push_back(Cell{c.a, m, c.depth + 1, d_positive});
    stack.push_back(Cell{m, c.b, c.depth + 1, d_positive});
  }
  out.certified = true;
  return out;
}

}  // namespace nsd::filippov::certified
