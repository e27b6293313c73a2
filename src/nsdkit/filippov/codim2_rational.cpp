// Codimension-2 limit directions of trigonometric-rational fields by exact real-root isolation
// (codim2.hpp, analyzeCodim2 for TrigRationalPlaneField).
#include <algorithm>
#include <array>
#include <boost/math/tools/roots.hpp>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/codim2.hpp>
#include <nsdkit/filippov/interval_certificate.hpp>

namespace nsd::filippov {

Eigen::Vector2d TrigRationalPlaneField::value(double c, double s) const {
  const double d = trigValueDerivative(denominator, c, s).value;
  return Eigen::Vector2d(trigValueDerivative(numerator[0], c, s).value,
                         trigValueDerivative(numerator[1], c, s).value) /
         d;
}

namespace {

constexpr int kMaxTrigDegree = 5;                     // of D V
constexpr int kMaxPolyDegree = 2 * kMaxTrigDegree;    // of P(t)
using Poly = std::array<double, kMaxPolyDegree + 1>;  // coefficients, lowest degree first

// (1 + i t)^(n + k) (1 - i t)^(n - k) = (1 + t^2)^n e^(i k psi) for t = tan(psi / 2): the real
// and imaginary parts give (1 + t^2)^n cos(k psi) and (1 + t^2)^n sin(k psi). Tables for
// n <= kMaxTrigDegree, built once.
struct HalfAngleTables {
  // [n][k][power]: real and imaginary parts.
  double re[kMaxTrigDegree + 1][kMaxTrigDegree + 1][kMaxPolyDegree + 1] = {};
  double im[kMaxTrigDegree + 1][kMaxTrigDegree + 1][kMaxPolyDegree + 1] = {};
  HalfAngleTables() {
    using C = std::complex<double>;
    for (int n = 0; n <= kMaxTrigDegree; ++n) {
      for (int k = 0; k <= n; ++k) {
        std::vector<C> q{C(1.0, 0.0)};
        auto multiply = [&](C b) {  // q *= (1 + b t)
          std::vector<C> r(q.size() + 1, C(0.0, 0.0));
          for (std::size_t j = 0; j < q.size(); ++j) {
            r[j] += q[j];
            r[j + 1] += b * q[j];
          }
          q = r;
        };
        for (int j = 0; j < n + k; ++j) multiply(C(0.0, 1.0));
        for (int j = 0; j < n - k; ++j) multiply(C(0.0, -1.0));
        for (std::size_t j = 0; j < q.size(); ++j) {
          re[n][k][j] = q[j].real();
          im[n][k][j] = q[j].imag();
        }
      }
    }
  }
};

const HalfAngleTables& halfAngleTables() {
  static const HalfAngleTables tables;
  return tables;
}

double horner(const Poly& p, int degree, double x) {
  double v = p[static_cast<std::size_t>(degree)];
  for (int j = degree - 1; j >= 0; --j) v = v * x + p[static_cast<std::size_t>(j)];
  return v;
}

// Sum of |p_j| |x|^j: the scale of rounding errors of p(x).
double hornerScale(const Poly& p, int degree, double x) {
  double v = std::fabs(p[static_cast<std::size_t>(degree)]);
  for (int j = degree - 1; j >= 0; --j)
    v = v * std::fabs(x) + std::fabs(p[static_cast<std::size_t>(j)]);
  return v;
}

struct RealRoot {
  double t;
  int multiplicity;
};

// The root of p in [a, b] where p changes sign (p monotone there): Boost.Math
// newton_raphson_iterate (Newton with bisection safeguards inside the bracket) to full double
// precision, from the false-position point of the bracket.
double monotoneRoot(const Poly& p, const Poly& dp, int degree, double a, double b, double fa,
                    double fb, double guess) {
  double x = guess;
  if (!(x > a && x < b)) x = a - fa * (b - a) / (fb - fa);
  if (!(x > a && x < b)) x = 0.5 * (a + b);
  auto f = [&](double t) {
    return std::make_pair(horner(p, degree, t), horner(dp, degree - 1, t));
  };
  std::uintmax_t iterations = 100;
  return boost::math::tools::newton_raphson_iterate(f, x, a, b, 52, iterations);
}

// All real roots of p (degree d) in [lo, hi], ascending: the derivative's roots split
// [lo, hi] into intervals where p is monotone, each holding at most one root; a derivative
// root where p vanishes to rounding is a double root. Returns the number of roots written.
int realRoots(const Poly& p, int degree, double lo, double hi, RealRoot* out) {
  while (degree > 0 && p[static_cast<std::size_t>(degree)] == 0.0) --degree;
  if (degree <= 0) return 0;
  if (degree == 1) {
    const double t = -p[0] / p[1];
    if (t >= lo && t <= hi) {
      out[0] = {t, 1};
      return 1;
    }
    return 0;
  }
  if (degree == 2) {
    // Stable quadratic formula; a zero discriminant (to rounding) is a double root.
    const double a2 = p[2], b1 = p[1], c0 = p[0];
    const double disc = b1 * b1 - 4.0 * a2 * c0;
    const double rounding =
        8.0 * std::numeric_limits<double>::epsilon() * (b1 * b1 + 4.0 * std::fabs(a2 * c0));
    int count = 0;
    if (disc < -rounding) return 0;
    if (disc <= rounding) {
      const double t = -b1 / (2.0 * a2);
      if (t >= lo && t <= hi) out[count++] = {t, 2};
      return count;
    }
    const double q = -0.5 * (b1 + std::copysign(std::sqrt(disc), b1));
    double t1 = q / a2, t2 = c0 / q;
    if (t1 > t2) std::swap(t1, t2);
    if (t1 >= lo && t1 <= hi) out[count++] = {t1, 1};
    if (t2 >= lo && t2 <= hi) out[count++] = {t2, 1};
    return count;
  }
  Poly dp{};
  for (int j = 1; j <= degree; ++j)
    dp[static_cast<std::size_t>(j - 1)] = j * p[static_cast<std::size_t>(j)];
  RealRoot critical[kMaxPolyDegree];
  const int n_critical = realRoots(dp, degree - 1, lo, hi, critical);
  double breaks[kMaxPolyDegree + 2];
  int n_breaks = 0, count = 0;
  breaks[n_breaks++] = lo;
  for (int j = 0; j < n_critical; ++j) {
    const double t = critical[j].t;
    if (std::fabs(horner(p, degree, t)) <= 1e-13 * hornerScale(p, degree, t)) {
      out[count++] = {t, 2};  // p and p' vanish: a touching (double) root
      continue;
    }
    breaks[n_breaks++] = t;
  }
  breaks[n_breaks++] = hi;
  double fa = horner(p, degree, breaks[0]);
  if (fa == 0.0) out[count++] = {breaks[0], 1};
  for (int j = 0; j + 1 < n_breaks; ++j) {
    const double a = breaks[j], b = breaks[j + 1];
    const double fb = horner(p, degree, b);
    if ((fa < 0.0 && fb > 0.0) || (fa > 0.0 && fb < 0.0)) {
      // Outer intervals reach the root bound, far from the root: start instead from the
      // quadratic model p(c) + p''(c) d^2 / 2 = 0 at the extremum c that bounds them.
      double guess = NAN;
      const bool outer_left = j == 0 && n_breaks > 2,
                 outer_right = j + 2 == n_breaks && n_breaks > 2;
      if (outer_left || outer_right) {
        const double c = outer_left ? b : a, fc = outer_left ? fb : fa;
        double second = 0.0;
        for (int k = degree; k >= 2; --k) {
          second = second * c + k * (k - 1) * p[static_cast<std::size_t>(k)];
        }
        if (second != 0.0 && fc / second < 0.0) {
          guess = c + (outer_left ? -1.0 : 1.0) * std::sqrt(-2.0 * fc / second);
        }
      }
      out[count++] = {monotoneRoot(p, dp, degree, a, b, fa, fb, guess), 1};
    }
    fa = fb;
  }
  std::sort(out, out + count, [](const RealRoot& x, const RealRoot& y) { return x.t < y.t; });
  return count;
}

// Candidate substitution centres phi0 and cos/sin of k phi0 (k <= kMaxTrigDegree).
struct Centres {
  static constexpr int kCount = 5;
  double phi[kCount];
  double cos_k[kCount][kMaxTrigDegree + 1], sin_k[kCount][kMaxTrigDegree + 1];
  double cos_antipode[kCount], sin_antipode[kCount];
  Centres() {
    for (int i = 0; i < kCount; ++i) {
      phi[i] = 0.3183 + kTwoPi * i / kCount;
      for (int k = 0; k <= kMaxTrigDegree; ++k) {
        cos_k[i][k] = std::cos(k * phi[i]);
        sin_k[i][k] = std::sin(k * phi[i]);
      }
      cos_antipode[i] = std::cos(phi[i] + kPi);
      sin_antipode[i] = std::sin(phi[i] + kPi);
    }
  }
};

const Centres& centres() {
  static const Centres c;
  return c;
}

// Lower bound of D on the circle: the coefficient bound, else a sampled Lipschitz bound.
double denominatorLowerBound(const TrigCoefficients1& d) {
  double others = 0.0, lipschitz = 0.0;
  for (int j = 1; j < d.size(); ++j) {
    others += std::fabs(d[j]);
    lipschitz += std::fabs(d[j]) * ((j + 1) / 2);
  }
  if (d[0] - others > 0.0) return d[0] - others;
  const int samples = 512;
  double lowest = INFINITY;
  for (int k = 0; k < samples; ++k) {
    const double phi = kTwoPi * k / samples;
    const double v = trigValueDerivative(d, std::cos(phi), std::sin(phi)).value;
    if (!(v > 0.0)) {
      throw SolverFailure(
          "denominator D of the rational limit field is not positive (D = " + formatValue(v) +
          " at phi = " + formatValue(phi) + "): Painleve-type configuration");
    }
    lowest = std::min(lowest, v);
  }
  const double bound = lowest - lipschitz * kPi / samples;
  if (!(bound > 0.0)) {
    throw SolverFailure(
        "cannot show that the denominator D of the rational limit field is "
        "positive (Painleve-type configuration)");
  }
  return bound;
}

void requireTrigCoefficients(const TrigCoefficients1& c, const char* name, int max_degree) {
  if (c.size() % 2 == 0 || c.size() > 2 * max_degree + 1) {
    throw InvalidInput(std::string(name) +
                       " must have 2 d + 1 coefficients with d <= " + std::to_string(max_degree));
  }
  requireFinite(c, name);
}

/// W = D V = -H_i sin(phi) + H_j cos(phi), padded to a common size.
TrigCoefficients1 denominatorTimesTangential(const TrigRationalPlaneField& field) {
  const TrigCoefficients1 minus_hi_sin = trigTimesSin(field.numerator[0]) * -1.0;
  const TrigCoefficients1 hj_cos = trigTimesCos(field.numerator[1]);
  TrigCoefficients1 w;
  w.setZero(std::max(minus_hi_sin.size(), hj_cos.size()));
  w.head(minus_hi_sin.size()) += minus_hi_sin;
  w.head(hj_cos.size()) += hj_cos;
  return w;
}

double radialAt(const TrigRationalPlaneField& field, double c, double s) {
  const Eigen::Vector2d g = field.value(c, s);
  return g[0] * c + g[1] * s;
}

/// V = 0 on the whole circle: a continuum of limit directions, classified by sampling G·n.
void classifyAsContinuum(const TrigRationalPlaneField& field, double tolerance,
                         Codim2Result& result) {
  double max_r = -INFINITY, min_r = INFINITY;
  for (int k = 0; k < 64; ++k) {
    const double phi = kTwoPi * k / 64;
    const double r = radialAt(field, std::cos(phi), std::sin(phi));
    max_r = std::max(max_r, r);
    min_r = std::min(min_r, r);
  }
  result.continuum_max_radial = max_r;
  result.report.completeness = Completeness::kContinuum;
  result.report.method = "D V = 0 identically: continuum of limit directions";
  result.type = classifyContinuum(min_r, max_r, tolerance);
}

/// Index of phi0 among the tabulated centres: a candidate whose antipode phi0 + pi (t = infinity)
/// is far from a zero of W: the first where |W| reaches a quarter of its coefficient bound
/// sum |w|, else the largest |W|.
int chooseCentre(const TrigCoefficients1& w, const Centres& centre, Codim2Result& result) {
  const double w_bound = w.cwiseAbs().sum();
  int chosen = 0;
  double best = -1.0;
  for (int i = 0; i < Centres::kCount; ++i) {
    const double v =
        std::fabs(trigValueDerivative(w, centre.cos_antipode[i], centre.sin_antipode[i]).value);
    ++result.report.evaluations;
    if (v > best) {
      best = v;
      chosen = i;
    }
    if (v >= 0.25 * w_bound) break;
  }
  return chosen;
}

/// Coefficients of W(phi0 + psi) in psi, then P(t) = (1 + t^2)^n W(phi0 + 2 atan t).
Poly halfAnglePolynomial(const TrigCoefficients1& w, int n, const Centres& centre, int chosen) {
  const HalfAngleTables& tables = halfAngleTables();
  Poly p{};
  for (int k = 0; k <= n; ++k) {
    const double a = k == 0 ? w[0] : w[2 * k - 1], b = k == 0 ? 0.0 : w[2 * k];
    const double ck = centre.cos_k[chosen][k], sk = centre.sin_k[chosen][k];
    const double a_rot = a * ck + b * sk, b_rot = -a * sk + b * ck;
    for (int j = 0; j <= 2 * n; ++j) {
      p[static_cast<std::size_t>(j)] += a_rot * tables.re[n][k][j] + b_rot * tables.im[n][k][j];
    }
  }
  return p;
}

/// The limit direction at the root t = tan(psi / 2) of P, phi = phi0 + psi.
Codim2LimitDirection directionAtRoot(const TrigRationalPlaneField& field,
                                     const TrigCoefficients1& w, const RealRoot& r, double phi0,
                                     double c0, double s0, double tolerance) {
  const double phi = phi0 + 2.0 * std::atan(r.t);  // in (phi0 - pi, phi0 + pi)
  Codim2LimitDirection d;
  d.phi_rad = phi >= kTwoPi ? phi - kTwoPi : wrapHalfTurnToTwoPi(phi);
  // cos/sin of phi0 + psi with t = tan(psi / 2), without trigonometric functions.
  const double inverse = 1.0 / (1.0 + r.t * r.t);
  const double cos_psi = (1.0 - r.t * r.t) * inverse, sin_psi = 2.0 * r.t * inverse;
  const double c = c0 * cos_psi - s0 * sin_psi, s = s0 * cos_psi + c0 * sin_psi;
  d.radial = radialAt(field, c, s);
  d.type = typeFromRadial(d.radial, tolerance);
  d.multiplicity = r.multiplicity;
  // V = W / D with W = 0 at the root: dV/dphi = W' / D.
  const double den = trigValueDerivative(field.denominator, c, s).value;
  d.slope = r.multiplicity == 2 ? 0.0 : trigValueDerivative(w, c, s).derivative / den;
  return d;
}

/// The roots come in increasing t, so phi increases except where it wraps past 2 pi: rotates
/// the list there (a full sort only as a safeguard against rounding at the wrap).
void sortByAngle(std::vector<Codim2LimitDirection>& list) {
  const auto by_angle = [](const auto& x, const auto& y) { return x.phi_rad < y.phi_rad; };
  const auto wrap = std::is_sorted_until(list.begin(), list.end(), by_angle);
  std::rotate(list.begin(), wrap, list.end());
  if (!std::is_sorted(list.begin(), list.end(), by_angle)) {
    std::sort(list.begin(), list.end(), by_angle);
  }
}

void certifyIfAsked(const TrigRationalPlaneField& field, const Codim2Options& options,
                    double tolerance, Codim2Result& result) {
  if (!options.certify) return;
  const certified::Certificate certificate =
      certified::certifyCircleSearch(field, result.directions, tolerance);
  result.report.certificate_cells = certificate.cells;
  result.report.certificate_failure = certificate.failure;
  if (!certificate.certified) return;
  result.report.completeness = Completeness::kCertified;
  result.report.method =
      "algebraic (real roots of D V in t = tan((phi - phi0)/2), polished by Boost.Math "
      "newton_raphson_iterate), re-checked with outward-rounded interval arithmetic: D > 0, "
      "each root the only zero of its Krawczyk interval, the rest of the circle excluded, "
      "every type held by its enclosure of R";
}

}  // namespace

Codim2Result analyzeCodim2(const TrigRationalPlaneField& field, const Codim2Options& options) {
  requireTrigCoefficients(field.numerator[0], "numerator H_i", kMaxTrigDegree - 1);
  requireTrigCoefficients(field.numerator[1], "numerator H_j", kMaxTrigDegree - 1);
  requireTrigCoefficients(field.denominator, "denominator D", TrigPoly2::kMaxDegree);
  requirePositive(options.value_tolerance_relative, "value_tolerance_relative");
  Codim2Result result;
  const double d_low = denominatorLowerBound(field.denominator);
  const TrigCoefficients1 w = denominatorTimesTangential(field);
  const int n = static_cast<int>(w.size() / 2);

  const double h_bound = field.numerator[0].cwiseAbs().sum() + field.numerator[1].cwiseAbs().sum();
  const double scale = std::max(h_bound / d_low, 1e-300);
  const double tolerance = options.value_tolerance_relative * scale;
  result.report.field_scale = scale;
  result.report.value_tolerance = tolerance;
  result.report.second_derivative_bound = 0.0;
  if (w.cwiseAbs().maxCoeff() <= 1e-14 * h_bound) {
    classifyAsContinuum(field, tolerance, result);
    return result;
  }

  const Centres& centre = centres();
  const int chosen = chooseCentre(w, centre, result);
  const Poly p = halfAnglePolynomial(w, n, centre, chosen);
  const int degree = 2 * n;
  double cauchy = 0.0;
  for (int j = 0; j < degree; ++j) {
    cauchy = std::max(
        cauchy, std::fabs(p[static_cast<std::size_t>(j)] / p[static_cast<std::size_t>(degree)]));
  }
  RealRoot roots_t[kMaxPolyDegree];
  const int n_roots = realRoots(p, degree, -(1.0 + cauchy), 1.0 + cauchy, roots_t);
  result.directions.reserve(static_cast<std::size_t>(n_roots));
  for (int i = 0; i < n_roots; ++i) {
    const Codim2LimitDirection d =
        directionAtRoot(field, w, roots_t[i], centre.phi[chosen], centre.cos_k[chosen][1],
                        centre.sin_k[chosen][1], tolerance);
    if (!result.directions.empty()) {
      // Both angles are in [0, 2 pi): their distance on the circle without fmod.
      const double gap = std::fabs(result.directions.back().phi_rad - d.phi_rad);
      if (std::min(gap, kTwoPi - gap) < 1e-9) continue;  // a double root split by rounding
    }
    result.directions.push_back(d);
  }
  sortByAngle(result.directions);
  result.type = classifyDirections(result.directions);
  result.report.completeness = Completeness::kFloatingPointBounds;
  result.report.method =
      "algebraic: real roots of D V in t = tan((phi - phi0)/2), isolated between the roots of "
      "its derivatives, each polished by Boost.Math newton_raphson_iterate in its bracket (in "
      "floating point)";
  certifyIfAsked(field, options, tolerance, result);
  return result;
}

}  // namespace nsd::filippov
