#pragma once
/// @file codim3_sampled_search.hpp
/// Internal to codim3.cpp (not installed): the sampled codim-3 route's search on one parameter
/// square of a black-box SphereField (SquareSearch: node values, cell tests, subdivision, the
/// 1-D searches along the square's edges) and the winding number of (V+, V-) along the square's
/// boundary. The driver (analyzeCodim3 for SphereField) is codim3.cpp.

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <deque>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/codim2.hpp>
#include <nsdkit/filippov/codim3.hpp>
#include <nsdkit/filippov/codim3_bilinear_fit.hpp>
#include <nsdkit/filippov/root_search_1d.hpp>

namespace nsd::filippov::sampled_search {

// Values at one node of a parameter square.
struct NodeValue {
  double v_plus = 0.0;
  double v_minus = 0.0;
};

struct Cell {
  double p0, p1, q0, q1;
  NodeValue c00, c10, c01, c11;  // corners (p0,q0), (p1,q0), (p0,q1), (p1,q1)
  int depth;
  bool corner_zone = false;  // descends from an initial cell at a square corner
};

struct LinearTest {
  Cell cell;
  double sigma_min;      // smallest singular value of J at the centre
  double distance;       // from the linear-model root to the cell
  double half_diagonal;  // r
};

class SquareSearch {
 public:
  SquareSearch(const SphereField& field, const SampledCodim3Options& options, Codim3Result& result)
      : field_(field), options_(options), result_(result) {}

  // Direction for a node of the closed square with lower-left corner `base` (0 or pi).
  SphereDirection direction(double p, double q, double hemisphere_sign) const {
    SphereDirection d;
    d.phi_plus = p;
    d.phi_minus = q;
    const double cp = std::cos(p), sp = std::sin(p), cq = std::cos(q), sq = std::sin(q);
    d.cos_phi_plus = cp;
    d.sin_phi_plus = sp;
    d.cos_phi_minus = cq;
    d.sin_phi_minus = sq;
    d.n = sphereNormalFromCosSin(cp, sp, cq, sq, hemisphere_sign);
    return d;
  }

  NodeValue evaluate(double p, double q, double hemisphere_sign, double* radial = nullptr) {
    const SphereDirection d = direction(p, q, hemisphere_sign);
    const Eigen::Vector3d g = field_(d);
    ++result_.report.evaluations;
    if (!g.allFinite()) {
      throw InvalidInput("limit field is not finite at (phi+, phi-) = (" + formatValue(p) + ", " +
                         formatValue(q) + ")");
    }
    scale_ = std::max(scale_, g.norm());
    if (radial) *radial = g.dot(d.n);
    return NodeValue{-g[0] * d.sin_phi_plus + g[2] * d.cos_phi_plus,
                     -g[1] * d.sin_phi_minus + g[2] * d.cos_phi_minus};
  }

  double scale() const { return scale_; }

  // Samples the (n+1)^2 grid of the square [base, base+pi]^2; returns max |V±| seen.
  // Grid coordinate of node i of n: slightly non-uniform so that symmetric directions
  // (phi = pi/2, ...) do not fall on nodes; the square edges stay at 0 and pi.
  static double node(int i, int n) {
    const double t = static_cast<double>(i) / n;
    return kPi * (t + 0.1 * t * (1.0 - t));
  }

  double sample(double base, double hemisphere_sign) {
    const int n = options_.initial_grid;
    Grid g;
    g.base = base;
    g.sign = hemisphere_sign;
    g.values.resize(static_cast<std::size_t>((n + 1) * (n + 1)));
    double max_v = 0.0;
    for (int j = 0; j <= n; ++j) {
      for (int i = 0; i <= n; ++i) {
        const NodeValue v = evaluate(base + node(i, n), base + node(j, n), hemisphere_sign);
        g.values[static_cast<std::size_t>(j * (n + 1) + i)] = v;
        max_v = std::max({max_v, std::fabs(v.v_plus), std::fabs(v.v_minus)});
      }
    }
    grids_.push_back(std::move(g));
    return max_v;
  }

  // Estimates bounds from all sampled grids, then runs the quadtree search on each.
  void run(std::vector<Codim3LimitDirection>& roots) {
    const int n = options_.initial_grid;
    for (Grid& g : grids_) {
      auto at = [&](int i, int j) -> const NodeValue& {
        return g.values[static_cast<std::size_t>(j * (n + 1) + i)];
      };
      if (!estimated_) break;
      // Second differences on the non-uniform grid: f'' ~ 2 [f0 h1 - f1 (h0+h1) + f2 h0] /
      // (h0 h1 (h0+h1)); mixed differences from each cell.
      // Stencils through a square corner are skipped (see touchesCorner).
      for (int j = 0; j <= n; ++j) {
        for (int i = 1; i < n; ++i) {
          raising_corner_zone_ = (j <= 1 || j >= n - 1) && (i <= 1 || i >= n - 1);
          const double h0 = node(i, n) - node(i - 1, n), h1 = node(i + 1, n) - node(i, n);
          raiseNonUniform(at(i - 1, j), at(i, j), at(i + 1, j), h0, h1);
          raiseNonUniform(at(j, i - 1), at(j, i), at(j, i + 1), h0, h1);
        }
      }
      for (int j = 0; j < n; ++j) {
        for (int i = 0; i < n; ++i) {
          raising_corner_zone_ = (i == 0 || i == n - 1) && (j == 0 || j == n - 1);
          raiseMixed(at(i, j), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1),
                     node(i + 1, n) - node(i, n), node(j + 1, n) - node(j, n));
        }
      }
    }
    raising_corner_zone_ = false;
    // Square corners where V+ = V- = 0 (V~ = 0 on the arc: e.g. m_z = 0 for the ball) are roots
    // of the parametrized system; recording them first lets their uniqueness balls (when the
    // field is smooth there) resolve the corner cells.
    for (Grid& g : grids_) {
      base_ = g.base;
      sign_ = g.sign;
      for (double cp : {g.base, g.base + kPi}) {
        for (double cq : {g.base, g.base + kPi}) {
          const Eigen::Vector2d f = values(cp, cq);
          if (f.lpNorm<Eigen::Infinity>() <= tolerance) record(Eigen::Vector2d(cp, cq), f, roots);
        }
      }
    }
    std::deque<Cell> stack;
    for (Grid& g : grids_) {
      auto at = [&](int i, int j) -> const NodeValue& {
        return g.values[static_cast<std::size_t>(j * (n + 1) + i)];
      };
      for (int j = 0; j < n; ++j) {
        for (int i = 0; i < n; ++i) {
          Cell c{g.base + node(i, n),
                 g.base + node(i + 1, n),
                 g.base + node(j, n),
                 g.base + node(j + 1, n),
                 at(i, j),
                 at(i + 1, j),
                 at(i, j + 1),
                 at(i + 1, j + 1),
                 0};
          c.corner_zone = (i == 0 || i == n - 1) && (j == 0 || j == n - 1);
          stack.push_back(c);
        }
      }
    }
    process(stack, roots);
  }

  void recheckExcluded(std::vector<Codim3LimitDirection>& roots) {
    while (true) {
      std::vector<Cell> again;
      std::vector<Cell> keep;
      for (const Cell& c : excluded_) {
        (excludes(c) ? keep : again).push_back(c);
      }
      excluded_ = std::move(keep);
      std::vector<LinearTest> keep_linear;
      for (const LinearTest& t : linear_excluded_) {
        if (linearExcludes(t)) {
          keep_linear.push_back(t);
        } else {
          again.push_back(t.cell);
        }
      }
      linear_excluded_ = std::move(keep_linear);
      if (again.empty()) return;
      for (const Cell& c : again) {
        base_ = c.p0 < kPi - 1e-12 ? 0.0 : kPi;
        sign_ = base_ == 0.0 ? 1.0 : -1.0;
        std::deque<Cell> one{c};
        process(one, roots);
      }
    }
  }

  double m2() const { return m2_; }
  bool estimated() const { return estimated_; }
  void setBound(double m2, bool estimated) {
    m2_ = m2;
    estimated_ = estimated;
  }
  double tolerance = 0.0;

 private:
  void raise(const NodeValue& a, const NodeValue& b, const NodeValue& c, double h) {
    if (!estimated_) return;
    const double dp = std::fabs(a.v_plus - 2 * b.v_plus + c.v_plus) / (h * h);
    const double dm = std::fabs(a.v_minus - 2 * b.v_minus + c.v_minus) / (h * h);
    double& target = raising_corner_zone_ ? m2_corner_ : m2_;
    target = std::max(target, options_.bound_safety * std::max(dp, dm));
  }
  void raiseNonUniform(const NodeValue& a, const NodeValue& b, const NodeValue& c, double h0,
                       double h1) {
    if (!estimated_) return;
    const double k = 2.0 / (h0 * h1 * (h0 + h1));
    const double dp = std::fabs(a.v_plus * h1 - b.v_plus * (h0 + h1) + c.v_plus * h0) * k;
    const double dm = std::fabs(a.v_minus * h1 - b.v_minus * (h0 + h1) + c.v_minus * h0) * k;
    double& target = raising_corner_zone_ ? m2_corner_ : m2_;
    target = std::max(target, options_.bound_safety * std::max(dp, dm));
  }
  void raiseMixed(const NodeValue& a00, const NodeValue& a10, const NodeValue& a01,
                  const NodeValue& a11, double w, double h) {
    if (!estimated_) return;
    const double dp = std::fabs(a11.v_plus - a10.v_plus - a01.v_plus + a00.v_plus) / (w * h);
    const double dm = std::fabs(a11.v_minus - a10.v_minus - a01.v_minus + a00.v_minus) / (w * h);
    double& target = raising_corner_zone_ ? m2_corner_ : m2_;
    target = std::max(target, options_.bound_safety * std::max(dp, dm));
  }

  // True if the cell touches a corner of its square: the parametrization collapses a whole
  // equator arc there, so fields that vary along the arc are discontinuous at the corner.
  bool touchesCorner(const Cell& c) const {
    const double e = 1e-12;
    const bool p_end = std::fabs(c.p0 - base_) < e || std::fabs(c.p1 - base_ - kPi) < e;
    const bool q_end = std::fabs(c.q0 - base_) < e || std::fabs(c.q1 - base_ - kPi) < e;
    return p_end && q_end;
  }

  double bound(const Cell& c) const { return c.corner_zone ? std::max(m2_, m2_corner_) : m2_; }

  static bool sameSign(double a, double b, double c, double d) {
    return (a > 0 && b > 0 && c > 0 && d > 0) || (a < 0 && b < 0 && c < 0 && d < 0);
  }

  bool excludes(const Cell& c) const {
    const double w = c.p1 - c.p0, h = c.q1 - c.q0;
    const double err = bound(c) * (w * w + h * h) / 8.0;
    if (sameSign(c.c00.v_plus, c.c10.v_plus, c.c01.v_plus, c.c11.v_plus)) {
      const double mn = std::min({std::fabs(c.c00.v_plus), std::fabs(c.c10.v_plus),
                                  std::fabs(c.c01.v_plus), std::fabs(c.c11.v_plus)});
      if (mn > err) return true;
    }
    if (sameSign(c.c00.v_minus, c.c10.v_minus, c.c01.v_minus, c.c11.v_minus)) {
      const double mn = std::min({std::fabs(c.c00.v_minus), std::fabs(c.c10.v_minus),
                                  std::fabs(c.c01.v_minus), std::fabs(c.c11.v_minus)});
      if (mn > err) return true;
    }
    return false;
  }

  Eigen::Vector2d values(double p, double q) {
    const NodeValue v = evaluate(p, q, sign_);
    return Eigen::Vector2d(v.v_plus, v.v_minus);
  }

  Eigen::Matrix2d jacobian(double p, double q, const Eigen::Vector2d& f0) {
    const double step = 1e-7;
    Eigen::Matrix2d j;
    // Step inward so the stencil stays in the closed square.
    const double sp = (p + step <= base_ + kPi) ? step : -step;
    const double sq = (q + step <= base_ + kPi) ? step : -step;
    j.col(0) = (values(p + sp, q) - f0) / sp;
    j.col(1) = (values(p, q + sq) - f0) / sq;
    return j;
  }

  // Chord-Newton from x with Jacobian j0 (refreshed by finite differences when the residual does
  // not drop by half); returns true and the root if it converges inside the square.
  bool newtonFrom(Eigen::Vector2d& x, Eigen::Vector2d& f, double max_step, Eigen::Matrix2d j) {
    f = values(x[0], x[1]);
    double previous = INFINITY;
    for (int it = 0; it < 40; ++it) {
      const double residual = f.lpNorm<Eigen::Infinity>();
      if (residual <= tolerance) {
        // Polish: near the singular corners the map (phi+, phi-) -> n amplifies errors, so a
        // root is refined while the residual keeps dropping (at most 3 chord steps).
        for (int extra = 0; extra < 3 && f.lpNorm<Eigen::Infinity>() > 0.0; ++extra) {
          const Eigen::Vector2d trial = x - j.inverse() * f;
          if (trial[0] < base_ || trial[0] > base_ + kPi || trial[1] < base_ ||
              trial[1] > base_ + kPi) {
            break;
          }
          const Eigen::Vector2d ft = values(trial[0], trial[1]);
          if (!(ft.lpNorm<Eigen::Infinity>() < 0.5 * f.lpNorm<Eigen::Infinity>())) break;
          x = trial;
          f = ft;
        }
        return true;
      }
      if (residual > 0.5 * previous) j = jacobian(x[0], x[1], f);
      previous = residual;
      const double det = j.determinant();
      if (!(std::fabs(det) > 0.0) || !std::isfinite(det)) return false;
      Eigen::Vector2d dx = -j.inverse() * f;
      const double len = dx.norm();
      if (len > max_step) dx *= max_step / len;
      x += dx;
      if (x[0] < base_ || x[0] > base_ + kPi || x[1] < base_ || x[1] > base_ + kPi) return false;
      f = values(x[0], x[1]);
      if (dx.norm() <= 1e-14 * (1.0 + x.norm())) {
        return f.lpNorm<Eigen::Infinity>() <= 1e3 * tolerance;
      }
    }
    return f.lpNorm<Eigen::Infinity>() <= tolerance;
  }

  bool insideKnownBall(const Eigen::Vector2d& x) const {
    for (const auto& kr : known_) {
      if (kr.base != base_) continue;
      if ((x - kr.x).norm() < uniquenessRadius(kr.sigma_min, inCornerZone(kr.x))) return true;
    }
    return false;
  }

  // Radius of the ball around a simple root r in which (V+, V-) is injective: for |x - r| <= rho,
  // |J(x) - J(r)|_F <= 2 sqrt2 M2 |x - r| < sigma_min(J(r)), so r is the only root there.
  double uniquenessRadius(double sigma_min, bool corner_zone) const {
    const double m2 = corner_zone ? std::max(m2_, m2_corner_) : m2_;
    return sigma_min / (2.0 * std::sqrt(2.0) * std::max(m2, 1e-300)) * 0.999;
  }

  bool inCornerZone(const Eigen::Vector2d& x) const {
    const double r = kPi / options_.initial_grid * 1.2;
    const double dp = std::min(x[0] - base_, base_ + kPi - x[0]);
    const double dq = std::min(x[1] - base_, base_ + kPi - x[1]);
    return dp < r && dq < r;
  }

  bool insideKnownBall(const Cell& c) const {
    for (const auto& kr : known_) {
      if (kr.base != base_) continue;
      const double dx = std::max(std::fabs(c.p0 - kr.x[0]), std::fabs(c.p1 - kr.x[0]));
      const double dy = std::max(std::fabs(c.q0 - kr.x[1]), std::fabs(c.q1 - kr.x[1]));
      if (std::sqrt(dx * dx + dy * dy) < uniquenessRadius(kr.sigma_min, inCornerZone(kr.x)))
        return true;
    }
    return false;
  }

  void record(const Eigen::Vector2d& x, const Eigen::Vector2d& f,
              std::vector<Codim3LimitDirection>& roots) {
    for (const auto& kr : known_) {
      if (kr.base == base_ && (kr.x - x).norm() < 1e-7) return;
    }
    const Eigen::Matrix2d j = jacobian(x[0], x[1], f);
    const Eigen::JacobiSVD<Eigen::Matrix2d> svd(j);
    const double sigma_min = svd.singularValues()[1];
    const double det = j.determinant();
    const double edge_tol = 1e-9;
    const bool on_p_edge = x[0] - base_ < edge_tol || base_ + kPi - x[0] < edge_tol;
    const bool on_q_edge = x[1] - base_ < edge_tol || base_ + kPi - x[1] < edge_tol;
    // Edge and corner points are where the sphere meets Sigma± or the arcs: the field need not
    // be smooth there, so they get no uniqueness ball (sigma_min = 0).
    double ball_sigma = sigma_min;
    if (on_p_edge || on_q_edge) {
      // A root on the square boundary (a corner: an arc limit direction at V~ = 0; an edge: the
      // sphere meets Sigma±). Give it a uniqueness ball only if (V+, V-) is demonstrably smooth
      // there: the one-sided linear model must predict a second inward point to 1e-3.
      ball_sigma = 0.0;
      const double sp = x[0] - base_ < 0.5 * kPi ? 1.0 : -1.0;
      const double sq = x[1] - base_ < 0.5 * kPi ? 1.0 : -1.0;
      const double step = 1e-6;
      const Eigen::Vector2d f0 = values(x[0], x[1]);
      Eigen::Matrix2d jac;
      jac.col(0) = (values(x[0] + sp * step, x[1]) - f0) / (sp * step);
      jac.col(1) = (values(x[0], x[1] + sq * step) - f0) / (sq * step);
      const Eigen::Vector2d d(sp * 1e-4, sq * 3e-4);
      const Eigen::Vector2d predicted = f0 + jac * d;
      const Eigen::Vector2d actual = values(x[0] + d[0], x[1] + d[1]);
      if ((predicted - actual).norm() <= 1e-3 * (jac * d).norm()) {
        ball_sigma = Eigen::JacobiSVD<Eigen::Matrix2d>(jac).singularValues()[1];
      }
    }
    known_.push_back(KnownRoot{x, ball_sigma, base_});
    if (on_p_edge || on_q_edge) {
      // Corners are the singular arcs (handled separately); edges are sphere ∩ Sigma±.
      if (!(on_p_edge && on_q_edge)) ++result_.roots_at_excluded_points;
      return;
    }
    Codim3LimitDirection d;
    d.phi_plus = x[0];
    d.phi_minus = x[1];
    d.n = direction(x[0], x[1], sign_).n;
    double radial = 0.0;
    evaluate(x[0], x[1], sign_, &radial);
    d.radial = radial;
    d.type = typeFromRadial(radial, tolerance);
    d.index = sigma_min <= 1e3 * tolerance ? 0 : (det > 0 ? 1 : -1);
    d.residual = f.lpNorm<Eigen::Infinity>();
    roots.push_back(d);
  }

  // Linear-model exclusion: with F(c + d) = F(c) + J d + E, |E| <= sqrt2 M2 |d|^2 (each
  // component's Hessian has 2-norm <= 2 M2), and |F(c) + J d| >= sigma_min(J) dist(d, d*) with
  // d* = -J^-1 F(c). A cell whose points are all farther than sqrt2 M2 r^2 / sigma_min from
  // c + d* (r = half diagonal) holds no root.
  // With the Jacobian estimated from the cell corners (bilinear), each entry is off by at most
  // M2 (w + h)/2, so |(J - J_a) d| <= M2 (w + h) r is added to the remainder.
  bool linearExcludes(const LinearTest& t) const {
    const double m2 = bound(t.cell);
    const double w = t.cell.p1 - t.cell.p0, h = t.cell.q1 - t.cell.q0;
    return t.sigma_min * t.distance >
           std::sqrt(2.0) * m2 * t.half_diagonal * t.half_diagonal + m2 * (w + h) * t.half_diagonal;
  }

  // Breadth-first: all regions are refined level by level, so an evaluation cap spent on one
  // difficult region (e.g. a square corner) cannot starve the rest.
  void process(std::deque<Cell>& stack, std::vector<Codim3LimitDirection>& roots) {
    const double min_width = kPi / options_.initial_grid / std::ldexp(1.0, options_.max_depth);
    while (!stack.empty()) {
      const Cell c = stack.front();
      stack.pop_front();
      have_centre_ = false;
      base_ = c.p0 < kPi - 1e-12 ? 0.0 : kPi;
      sign_ = base_ == 0.0 ? 1.0 : -1.0;
      if (excludes(c)) {
        excluded_.push_back(c);
        continue;
      }
      if (insideKnownBall(c)) continue;
      const double w = c.p1 - c.p0, h = c.q1 - c.q0;
      if (result_.report.evaluations > options_.max_evaluations) {
        ++result_.report.unresolved_cells;
        continue;
      }
      // Corner zones (a whole equator arc collapses to the corner) stop 8 levels down: fields
      // that vary along the arc are not smooth there; the arc itself is searched separately.
      const bool at_max = w <= min_width * 1.0000001 || (c.corner_zone && c.depth >= 8);
      if (w <= options_.newton_cell_rad) {
        const Eigen::Vector2d centre(0.5 * (c.p0 + c.p1), 0.5 * (c.q0 + c.q1));
        const NodeValue centre_value = evaluate(centre[0], centre[1], sign_);
        have_centre_ = true;
        centre_value_ = centre_value;
        const Eigen::Vector2d f0(centre_value.v_plus, centre_value.v_minus);
        // Jacobian from the corners (no extra evaluation): central differences across the cell.
        Eigen::Matrix2d j;
        j(0, 0) = (c.c10.v_plus + c.c11.v_plus - c.c00.v_plus - c.c01.v_plus) / (2.0 * w);
        j(1, 0) = (c.c10.v_minus + c.c11.v_minus - c.c00.v_minus - c.c01.v_minus) / (2.0 * w);
        j(0, 1) = (c.c01.v_plus + c.c11.v_plus - c.c00.v_plus - c.c10.v_plus) / (2.0 * h);
        j(1, 1) = (c.c01.v_minus + c.c11.v_minus - c.c00.v_minus - c.c10.v_minus) / (2.0 * h);
        const Eigen::JacobiSVD<Eigen::Matrix2d> svd(j);
        const double sigma_min = svd.singularValues()[1];
        if (sigma_min > 0.0 && std::isfinite(sigma_min)) {
          const Eigen::Vector2d target = centre - j.inverse() * f0;
          const double dx = std::max({c.p0 - target[0], 0.0, target[0] - c.p1});
          const double dy = std::max({c.q0 - target[1], 0.0, target[1] - c.q1});
          const LinearTest test{c, sigma_min, std::sqrt(dx * dx + dy * dy),
                                0.5 * std::sqrt(w * w + h * h)};
          if (linearExcludes(test)) {
            linear_excluded_.push_back(test);
            continue;
          }
          // Newton only if the linear model points near this cell and not into the uniqueness
          // ball of a root already found (it would just converge to it again).
          if (std::sqrt(dx * dx + dy * dy) <= 2.0 * std::sqrt(w * w + h * h) &&
              !insideKnownBall(target)) {
            Eigen::Vector2d x = target, f;
            if (target[0] >= base_ && target[0] <= base_ + kPi && target[1] >= base_ &&
                target[1] <= base_ + kPi && newtonFrom(x, f, std::sqrt(w * w + h * h), j)) {
              record(x, f, roots);
              if (insideKnownBall(c)) continue;
            }
          }
        }
      }
      if (at_max) {
        ++result_.report.unresolved_cells;
        continue;
      }
      subdivide(c, stack);
    }
  }

  void subdivide(const Cell& c, std::deque<Cell>& stack) {
    const bool reuse_centre = have_centre_;
    have_centre_ = false;
    const double pm = 0.5 * (c.p0 + c.p1), qm = 0.5 * (c.q0 + c.q1);
    const NodeValue b = evaluate(pm, c.q0, sign_);                               // bottom edge mid
    const NodeValue l = evaluate(c.p0, qm, sign_);                               // left edge mid
    const NodeValue m = reuse_centre ? centre_value_ : evaluate(pm, qm, sign_);  // centre
    const NodeValue r = evaluate(c.p1, qm, sign_);                               // right edge mid
    const NodeValue t = evaluate(pm, c.q1, sign_);                               // top edge mid
    const double hw = 0.5 * (c.p1 - c.p0), hh = 0.5 * (c.q1 - c.q0);
    raising_corner_zone_ = c.corner_zone;
    raise(c.c00, b, c.c10, hw);
    raise(l, m, r, hw);
    raise(c.c01, t, c.c11, hw);
    raise(c.c00, l, c.c01, hh);
    raise(b, m, t, hh);
    raise(c.c10, r, c.c11, hh);
    raising_corner_zone_ = false;
    const int d = c.depth + 1;
    const bool z = c.corner_zone;
    stack.push_back(Cell{c.p0, pm, c.q0, qm, c.c00, b, l, m, d, z});
    stack.push_back(Cell{pm, c.p1, c.q0, qm, b, c.c10, m, r, d, z});
    stack.push_back(Cell{c.p0, pm, qm, c.q1, l, m, c.c01, t, d, z});
    stack.push_back(Cell{pm, c.p1, qm, c.q1, m, r, t, c.c11, d, z});
  }

  const SphereField& field_;
  const SampledCodim3Options& options_;
  Codim3Result& result_;
  double scale_ = 0.0;
  double m2_ = 0.0;
  double m2_corner_ = 0.0;    // bound seen in the corner zones (not allowed to inflate m2_)
  bool have_centre_ = false;  // centre of the current cell already evaluated (linear test)
  NodeValue centre_value_;
  bool raising_corner_zone_ = false;
  bool estimated_ = true;
  double base_ = 0.0;
  double sign_ = 1.0;
  std::vector<Cell> excluded_;
  std::vector<LinearTest> linear_excluded_;
  struct KnownRoot {
    Eigen::Vector2d x;
    double sigma_min;
    double base;
  };
  std::vector<KnownRoot> known_;
  struct Grid {
    double base = 0.0;
    double sign = 1.0;
    std::vector<NodeValue> values;
  };
  std::vector<Grid> grids_;
};

// Winding number of (V+, V-) along the boundary of the square [base, base+pi]^2,
// counter-clockwise in (phi+, phi-). Returns false if the field vanishes on the boundary.
inline bool windingNumber(SquareSearch& search, double base, double sign, double tolerance,
                          int& winding) {
  const int per_edge = 64;
  std::vector<Eigen::Vector2d> pts;
  for (int k = 0; k < per_edge; ++k) pts.emplace_back(base + kPi * k / per_edge, base);
  for (int k = 0; k < per_edge; ++k) pts.emplace_back(base + kPi, base + kPi * k / per_edge);
  for (int k = 0; k < per_edge; ++k) pts.emplace_back(base + kPi - kPi * k / per_edge, base + kPi);
  for (int k = 0; k < per_edge; ++k) pts.emplace_back(base, base + kPi - kPi * k / per_edge);
  auto value = [&](const Eigen::Vector2d& x) {
    const NodeValue v = search.evaluate(x[0], x[1], sign);
    return Eigen::Vector2d(v.v_plus, v.v_minus);
  };
  double total = 0.0;
  const std::size_t count = pts.size();
  for (std::size_t k = 0; k < count; ++k) {
    // Adaptive: subdivide a boundary segment while the angle jumps by more than pi/4.
    std::vector<std::pair<Eigen::Vector2d, Eigen::Vector2d>> segs{{pts[k], pts[(k + 1) % count]}};
    int guard = 0;
    while (!segs.empty()) {
      auto [a, b] = segs.back();
      segs.pop_back();
      const Eigen::Vector2d fa = value(a), fb = value(b);
      if (fa.norm() <= tolerance || fb.norm() <= tolerance) return false;
      double d = std::atan2(fb[1], fb[0]) - std::atan2(fa[1], fa[0]);
      while (d > kPi) d -= kTwoPi;
      while (d < -kPi) d += kTwoPi;
      if (std::fabs(d) > 0.25 * kPi && (b - a).norm() > 1e-10 && ++guard < 4000) {
        const Eigen::Vector2d m = 0.5 * (a + b);
        segs.push_back({m, b});
        segs.push_back({a, m});
        continue;
      }
      total += d;
    }
  }
  winding = static_cast<int>(std::lround(total / kTwoPi));
  return true;
}

}  // namespace nsd::filippov::sampled_search
