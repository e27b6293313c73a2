// Codimension-3 limit directions of trigonometric-rational fields (codim3.hpp): the field's
// value on the sphere and the driver of the certified subdivision search on both parameter
// squares (the search: codim3_polynomial_search.hpp; its bounds: codim3_search_bounds.hpp).
#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/codim2.hpp>
#include <nsdkit/filippov/codim3.hpp>

#include <nsdkit/filippov/codim3_polynomial_search.hpp>
#include <nsdkit/filippov/interval_certificate.hpp>

namespace nsd::filippov {

namespace rational_search {

// The self-test of the quadratic model's remainder bounds (RationalSearchTuning).
void PolynomialSearch::verifyModelBounds(const AxisInterval& ax, const AxisInterval& ay,
                                         const Evaluation& e, const Hessians& hs) const {
  const double m1 = 0.5 * (ax.a + ax.b), m2 = 0.5 * (ay.a + ay.b);
  // Rounding allowance: the values are sums of terms up to the coefficient sizes.
  const double rounding = 1e-12 * (maxAbsWPlus() + maxAbsWMinus());
  for (int i = 0; i <= 4; ++i) {
    for (int j = 0; j <= 4; ++j) {
      const double t = ax.a + 0.25 * i * ax.width(), u = ay.a + 0.25 * j * ay.width();
      const double d1 = t - m1, d2 = u - m2, a1 = std::fabs(d1), a2 = std::fabs(d2);
      const double ct = std::cos(t), st = std::sin(t), cu = std::cos(u), su = std::sin(u);
      double a[3], da[3], b[3], db[3];
      coefficients(0, ct, st, a, da);
      coefficients(1, cu, su, b, db);
      struct Check {
        const char* name;
        double exact, model, bound;
      };
      const Check checks[6] = {
          {"W+", a[0] + a[1] * cu + a[2] * su,
           e.plus.value + e.plus.d1 * d1 + e.plus.d2 * d2 +
               0.5 * (hs.p11 * d1 * d1 + 2.0 * hs.p12 * d1 * d2 + hs.p22 * d2 * d2),
           thirdOrderRemainder(third_plus_, a1, a2)},
          {"W+_1", da[0] + da[1] * cu + da[2] * su, e.plus.d1 + hs.p11 * d1 + hs.p12 * d2,
           gradientRemainder(third_plus_, 0, a1, a2)},
          {"W+_2", -a[1] * su + a[2] * cu, e.plus.d2 + hs.p12 * d1 + hs.p22 * d2,
           gradientRemainder(third_plus_, 1, a1, a2)},
          {"W-", b[0] + b[1] * ct + b[2] * st,
           e.minus.value + e.minus.d1 * d1 + e.minus.d2 * d2 +
               0.5 * (hs.m11 * d1 * d1 + 2.0 * hs.m12 * d1 * d2 + hs.m22 * d2 * d2),
           thirdOrderRemainder(third_minus_, a1, a2)},
          {"W-_1", -b[1] * st + b[2] * ct, e.minus.d1 + hs.m11 * d1 + hs.m12 * d2,
           gradientRemainder(third_minus_, 0, a1, a2)},
          {"W-_2", db[0] + db[1] * ct + db[2] * st, e.minus.d2 + hs.m12 * d1 + hs.m22 * d2,
           gradientRemainder(third_minus_, 1, a1, a2)},
      };
      for (const Check& c : checks) {
        if (std::fabs(c.exact - c.model) > c.bound * (1.0 + 1e-9) + rounding) {
          throw SolverFailure(std::string("Taylor remainder bound of ") + c.name + " violated: |" +
                              formatValue(c.exact - c.model) + "| > " + formatValue(c.bound) +
                              " at theta = (" + formatValue(t) + ", " + formatValue(u) + ")");
        }
      }
    }
  }
}

}  // namespace rational_search

Eigen::Vector3d TrigRationalSphereField::value(const SphereDirection& d) const {
  // theta from phi: (cos theta, sin theta) ∝ (cos phi, c sin phi).
  auto theta = [](double c_phi, double s_phi, double c) {
    const double x = c_phi, y = c * s_phi, r = std::sqrt(x * x + y * y);
    return std::pair<double, double>{x / r, y / r};
  };
  const auto [c1, s1] = theta(d.cos_phi_plus, d.sin_phi_plus, c_plus);
  const auto [c2, s2] = theta(d.cos_phi_minus, d.sin_phi_minus, c_minus);
  // One basis evaluation for the four polynomials.
  const int d1 = std::max({numerator[0].degree1(), numerator[1].degree1(), numerator[2].degree1(),
                           denominator.degree1()});
  const int d2 = std::max({numerator[0].degree2(), numerator[1].degree2(), numerator[2].degree2(),
                           denominator.degree2()});
  double f[2 * TrigPoly2::kMaxDegree + 1], df[2 * TrigPoly2::kMaxDegree + 1];
  double g[2 * TrigPoly2::kMaxDegree + 1], dg[2 * TrigPoly2::kMaxDegree + 1];
  trigBasis(d1, c1, s1, f, df);
  trigBasis(d2, c2, s2, g, dg);
  auto evaluate = [&](const TrigPoly2& p) {
    const auto& c = p.coefficients();
    if (c.rows() == 3 && c.cols() == 3) {  // bilinear (every Coulomb two-contact field)
      const double* a = c.data();
      return g[0] * (a[0] + a[1] * f[1] + a[2] * f[2]) + g[1] * (a[3] + a[4] * f[1] + a[5] * f[2]) +
             g[2] * (a[6] + a[7] * f[1] + a[8] * f[2]);
    }
    double value = 0.0;
    for (int j = 0; j < c.cols(); ++j) {
      double column = 0.0;
      for (int i = 0; i < c.rows(); ++i) column += c(i, j) * f[i];
      value += column * g[j];
    }
    return value;
  };
  return Eigen::Vector3d(evaluate(numerator[0]), evaluate(numerator[1]), evaluate(numerator[2])) /
         evaluate(denominator);
}

namespace {

using namespace rational_search;

// Lower bound of D over the parameter squares: the coefficient bound, or a certified
// subdivision (first-order Taylor bounds) when that is not enough. Throws SolverFailure when D
// is not positive.
double denominatorLowerBound(const TrigPoly2& d) {
  const double simple = d.simpleLowerBound();
  if (simple > 0.0) return simple;
  const SecondDerivativeBounds b = d.secondDerivativeBounds();
  double lowest = INFINITY;
  struct Box {
    double a1, b1, a2, b2;
    int depth;
  };
  std::vector<Box> stack;
  for (double base : {0.0, kPi}) {
    for (int i = 0; i < 8; ++i) {
      for (int j = 0; j < 8; ++j) {
        stack.push_back(Box{base + kPi * i / 8, base + kPi * (i + 1) / 8, base + kPi * j / 8,
                            base + kPi * (j + 1) / 8, 0});
      }
    }
  }
  while (!stack.empty()) {
    const Box box = stack.back();
    stack.pop_back();
    const double m1 = 0.5 * (box.a1 + box.b1), m2 = 0.5 * (box.a2 + box.b2);
    const TrigValueGradient v = d.valueGradient(AnglePair::fromAngles(m1, m2));
    if (!(v.value > 0.0)) {
      throw SolverFailure("denominator D of the rational limit field is not positive (D = " +
                          formatValue(v.value) + " at theta = (" + formatValue(m1) + ", " +
                          formatValue(m2) + ")): Painleve-type configuration");
    }
    const double h1 = 0.5 * (box.b1 - box.a1), h2 = 0.5 * (box.b2 - box.a2);
    const double low = v.value - std::fabs(v.d1) * h1 - std::fabs(v.d2) * h2 -
                       0.5 * (b.b11 * h1 * h1 + 2.0 * b.b12 * h1 * h2 + b.b22 * h2 * h2);
    if (low > 0.0) {
      lowest = std::min(lowest, low);
      continue;
    }
    if (box.depth >= 12) {
      throw SolverFailure(
          "cannot show that the denominator D of the rational limit field is "
          "positive: it comes within rounding of zero (Painleve-type "
          "configuration)");
    }
    stack.push_back(Box{box.a1, m1, box.a2, m2, box.depth + 1});
    stack.push_back(Box{m1, box.b1, box.a2, m2, box.depth + 1});
    stack.push_back(Box{box.a1, m1, m2, box.b2, box.depth + 1});
    stack.push_back(Box{m1, box.b1, m2, box.b2, box.depth + 1});
  }
  return lowest;
}

// G at a corner of the parameter squares, theta± in {0, pi} with cos theta± = s1, s2 (there
// theta = phi): cos k theta = s^k and sin k theta = 0, so only the cosine terms remain.
Eigen::Vector3d cornerValue(const TrigRationalSphereField& field, double s1, double s2) {
  auto evaluate = [&](const TrigPoly2& p) {
    const auto& c = p.coefficients();
    if (c.rows() == 3 && c.cols() == 3) {  // bilinear: 1 and cos of each angle
      return c(0, 0) + c(1, 0) * s1 + s2 * (c(0, 1) + c(1, 1) * s1);
    }
    double value = 0.0, g = 1.0;
    for (int j = 0; j < c.cols(); j += (j == 0 ? 1 : 2), g *= s2) {
      double column = 0.0, f = 1.0;
      for (int i = 0; i < c.rows(); i += (i == 0 ? 1 : 2), f *= s1) column += c(i, j) * f;
      value += column * g;
    }
    return value;
  };
  return Eigen::Vector3d(evaluate(field.numerator[0]), evaluate(field.numerator[1]),
                         evaluate(field.numerator[2])) /
         evaluate(field.denominator);
}

// Sphere angle phi and its cos/sin from cos/sin of the slip angle theta: (cos phi, sin phi) ∝
// (cos theta, sin theta / c). With c = 1 phi = theta, given as `theta` when known (not NaN).
void phiFromTheta(double cos_theta, double sin_theta, double c, double theta, double& phi,
                  double& cos_phi, double& sin_phi) {
  if (c == 1.0 && !std::isnan(theta)) {
    phi = theta;
    cos_phi = cos_theta;
    sin_phi = sin_theta;
    return;
  }
  const double x = cos_theta, y = sin_theta / c, inverse = 1.0 / std::sqrt(x * x + y * y);
  cos_phi = x * inverse;
  sin_phi = y * inverse;
  phi = wrapHalfTurnToTwoPi(std::atan2(sin_phi, cos_phi));
}


// The direction at the slip angles with cos/sin `theta` (the angles t1, t2 themselves when
// known, else NaN).
SphereDirection directionFromTheta(const TrigRationalSphereField& field, const AnglePair& theta,
                                   double t1, double t2) {
  SphereDirection d;
  phiFromTheta(theta.cos1, theta.sin1, field.c_plus, t1, d.phi_plus, d.cos_phi_plus,
               d.sin_phi_plus);
  phiFromTheta(theta.cos2, theta.sin2, field.c_minus, t2, d.phi_minus, d.cos_phi_minus,
               d.sin_phi_minus);
  d.n = sphereNormalFromCosSin(d.cos_phi_plus, d.sin_phi_plus, d.cos_phi_minus, d.sin_phi_minus,
                               d.sin_phi_plus > 0.0 ? 1.0 : -1.0);
  return d;
}

// Stage 1: the options and the field's coefficients checked; returns the field scale, a bound
// on |G| over the sphere (the |H| coefficient sums over the lower bound of D).
double checkedFieldScale(const TrigRationalSphereField& field,
                         const RationalCodim3Options& options) {
  if (options.initial_grid < 2) {
    throw InvalidInput("initial_grid must be at least 2");
  }
  if (options.max_depth < 0 || options.max_depth > static_cast<int>(kMaxDepthLimit)) {
    throw InvalidInput("max_depth must be in [0, 40]");
  }
  requirePositive(options.value_tolerance_relative, "value_tolerance_relative");
  requireFinite(field.c_plus, "c+");
  requireFinite(field.c_minus, "c-");
  requirePositive(field.c_plus, "c+");
  requirePositive(field.c_minus, "c-");
  // The |coefficient| sums are finite iff every coefficient is (a NaN or an infinity makes the
  // sum NaN or infinite); the entry-wise check runs only to name the bad entry.
  const double sum_a = field.numerator[0].absCoefficientSum();
  const double sum_b = field.numerator[1].absCoefficientSum();
  const double sum_c = field.numerator[2].absCoefficientSum();
  if (!std::isfinite(sum_a + sum_b + sum_c)) {
    for (const TrigPoly2& p : field.numerator) requireFinite(p.coefficients(), "numerator H");
  }
  if (!std::isfinite(field.denominator.absCoefficientSum())) {
    requireFinite(field.denominator.coefficients(), "denominator D");
  }
  const double d_low = denominatorLowerBound(field.denominator);
  const double h_bound = std::sqrt(sum_a * sum_a + sum_b * sum_b + sum_c * sum_c);
  return std::max(h_bound / d_low, 1e-300);
}

// Stage 2, when V+ = V- = 0 identically: G ∥ n everywhere, a continuum of limit directions,
// typed by the range of the radial component over a 16 x 16 grid of the sphere.
void classifyContinuumField(const TrigRationalSphereField& field, double tolerance,
                            Codim3Result& result) {
  double max_r = -INFINITY, min_r = INFINITY;
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) {
      const double base = (i + j) % 2 == 0 ? 0.0 : kPi;
      const double t1 = base + kPi * (i + 0.5) / 16, t2 = base + kPi * (j + 0.5) / 16;
      const SphereDirection d = directionFromTheta(field, AnglePair::fromAngles(t1, t2), t1, t2);
      const double r = field.value(d).dot(d.n);
      max_r = std::max(max_r, r);
      min_r = std::min(min_r, r);
    }
  }
  result.continuum_max_radial = max_r;
  result.report.completeness = Completeness::kContinuum;
  result.report.method = "W+ = W- = 0 identically: continuum of limit directions";
  result.type = classifyContinuum(min_r, max_r, tolerance);
}

using RootClaim = certified::SphereRootClaim;

// Stage 3: each zero of (W+, W-) the search found, as a limit direction of the sphere, or as a
// point off the sphere or at an excluded point; `claims` records what the result says about
// each, for the interval re-check.
void directionsOfRoots(const TrigRationalSphereField& field,
                       const std::vector<rational_search::Root>& found, double tolerance,
                       Codim3Result& result, std::vector<Codim3LimitDirection>& roots,
                       std::vector<RootClaim>& claims) {
  const double edge = 1e-10;
  for (const auto& r : found) {
    // By the sines of the angles: the upper square [0, pi] (within `edge` rad: sin >= -edge),
    // the lower square [pi, 2 pi] (sin <= edge) and their sides 0, pi (|sin| < edge).
    const double s1 = r.trig.sin1, s2 = r.trig.sin2;
    const bool in_square = (s1 >= -edge && s2 >= -edge) || (s1 <= edge && s2 <= edge);
    if (!in_square) {  // mixed square: not a direction of the sphere
      claims.push_back(
          RootClaim{r.trig, RootClaim::Kind::kOffSphere, LimitDirectionType::kNeutral});
      continue;
    }
    const bool b1 = std::fabs(s1) < edge, b2 = std::fabs(s2) < edge;
    if (b1 || b2) {
      // A corner (the equator arcs are handled below), or a side: the sphere meets Sigma+ or
      // Sigma-.
      if (!(b1 && b2)) ++result.roots_at_excluded_points;
      claims.push_back(
          RootClaim{r.trig, RootClaim::Kind::kExcludedPoint, LimitDirectionType::kNeutral});
      continue;
    }
    Codim3LimitDirection ld;
    // The slip angles themselves are needed only where phi = theta (c = 1).
    auto angle_if = [](bool needed, double c, double s) {
      return needed ? wrapHalfTurnToTwoPi(std::atan2(s, c)) : std::nan("");
    };
    const SphereDirection d = directionFromTheta(
        field, r.trig, angle_if(field.c_plus == 1.0, r.trig.cos1, r.trig.sin1),
        angle_if(field.c_minus == 1.0, r.trig.cos2, r.trig.sin2));
    ld.phi_plus = d.phi_plus;
    ld.phi_minus = d.phi_minus;
    ld.n = d.n;
    const Eigen::Vector3d g = field.value(d);
    const Codim3Components comp = codim3Components(g, d);
    ld.radial = comp.radial;
    ld.type = typeFromRadial(ld.radial, tolerance);
    ld.residual = std::max(std::fabs(comp.v_plus), std::fabs(comp.v_minus));
    // sign det d(W+,W-)/d(theta+,theta-) = sign det d(V+,V-)/d(phi+,phi-) at a root (positive
    // factors and increasing angle maps).
    ld.index = r.radius <= 0.0 ? 0 : r.index;
    roots.push_back(ld);
    claims.push_back(RootClaim{r.trig, RootClaim::Kind::kDirection, ld.type});
  }
}

// Stage 4: the equator arcs, where G is constant (it depends only on phi± in {0, pi}).
// The limit direction on the equator arc of square corner a ((theta+, theta-) in {0, pi}^2 with
// cos = (s1, s2), s1 < 0 for a & 1, s2 < 0 for a & 2), where G is constant: present when V~ of
// (63), G_c, is within the tolerance, at the arc's midpoint (ArcRule::kPaperMidpoint) or where
// G ∥ n (G.t(theta) = -G_a s1 sin(theta) + G_b s2 cos(theta) = 0). The search and the sweeps'
// shortcut (findNonAttractingDirection) both take it from here: the same numbers, the same type.
std::optional<Codim3LimitDirection> arcDirection(const TrigRationalSphereField& field, int a,
                                                 ArcRule arc_rule, double tolerance) {
  const double s1 = (a & 1) ? -1.0 : 1.0, s2 = (a & 2) ? -1.0 : 1.0;
  const Eigen::Vector3d g = cornerValue(field, s1, s2);
  if (std::fabs(g[2]) > tolerance) return std::nullopt;  // V~ of (63) is not zero
  double theta = 0.25 * kPi;
  if (arc_rule != ArcRule::kPaperMidpoint) {
    const double ga = g[0] * s1, gb = g[1] * s2;
    if (!(ga * gb > 0.0)) return std::nullopt;
    theta = std::atan(gb / ga);
  }
  Codim3LimitDirection ld;
  ld.phi_plus = s1 > 0 ? 0.0 : kPi;
  ld.phi_minus = s2 > 0 ? 0.0 : kPi;
  ld.n = Eigen::Vector3d(s1 * std::cos(theta), s2 * std::sin(theta), 0.0);
  ld.radial = g.dot(ld.n);
  ld.type = typeFromRadial(ld.radial, tolerance);
  ld.on_equator_arc = true;
  ld.residual = std::fabs(g[2]);
  return ld;
}

void directionsOnEquatorArcs(const TrigRationalSphereField& field,
                             const RationalCodim3Options& options, double tolerance,
                             Codim3Result& result, std::vector<Codim3LimitDirection>& roots,
                             std::array<certified::ArcClaim, 4>& arc_claims) {
  for (int a = 0; a < 4; ++a) {
    ++result.report.evaluations;
    if (auto ld = arcDirection(field, a, options.arc_rule, tolerance)) {
      roots.push_back(*ld);
      arc_claims[static_cast<std::size_t>(a)] = certified::ArcClaim{true, ld->type};
    }
  }
}

// Stage 5: how complete the search is, re-checked with interval arithmetic when asked.
void settleCompleteness(const TrigRationalSphereField& field, const RationalCodim3Options& options,
                        const RationalSearchTuning& tuning, double tolerance,
                        const std::vector<RootClaim>& claims,
                        const std::array<certified::ArcClaim, 4>& arc_claims,
                        Codim3Result& result) {
  if (result.report.unresolved_cells > 0) {
    result.report.completeness = Completeness::kPossiblyIncomplete;
    result.report.method =
        "certified subdivision with exact derivatives (trigonometric-rational field); cells "
        "unresolved at the depth limit (see unresolved_cells): a double root or a cluster";
    return;
  }
  result.report.completeness = Completeness::kFloatingPointBounds;
  result.report.method =
      "subdivision with exact derivatives and coefficient bounds (trigonometric-rational "
      "field), in floating point: every cell excluded (node-line ranges or the local model), "
      "shown to hold at most one root that Newton's method found, or inside the uniqueness ball "
      "of a found root";
  if (!options.certify) return;
  const certified::Certificate certificate = certified::certifySphereSearch(
      field, claims, arc_claims, options.arc_rule, tolerance, tuning.certificate_work);
  result.report.certificate_cells = certificate.cells;
  result.report.certificate_failure = certificate.failure;
  if (certificate.certified) {
    result.report.completeness = Completeness::kCertified;
    result.report.method =
        "subdivision with exact derivatives and coefficient bounds (trigonometric-rational "
        "field), re-checked with outward-rounded interval arithmetic: D > 0, each root the "
        "only zero of its Krawczyk box, every other cell excluded, every type and arc "
        "decision held by its enclosure";
  }
}

}  // namespace

Codim3Result analyzeCodim3(const TrigRationalSphereField& field,
                           const RationalCodim3Options& options) {
  return analyzeCodim3(field, options, RationalSearchTuning{});
}

bool decidesEscape(const Codim3LimitDirection& d, double tolerance, double field_scale) {
  if (d.type == LimitDirectionType::kAttracting) return false;
  if (d.on_equator_arc) return true;  // decided by the arc's own computation, no rounding band
  // A simple root, R clear of the tolerance band's edges by 1e-9 of the field scale.
  return d.index != 0 && std::fabs(std::fabs(d.radial) - tolerance) > 1e-9 * field_scale;
}

AnglePair slipAnglesOf(const Codim3LimitDirection& direction,
                       const TrigRationalSphereField& field) {
  const SphereDirection d = direction.asSphereDirection();
  auto theta = [](double cos_phi, double sin_phi, double c, double& cos_t, double& sin_t) {
    const double x = cos_phi, y = c * sin_phi, r = std::sqrt(x * x + y * y);
    cos_t = x / r;
    sin_t = y / r;
  };
  AnglePair out;
  theta(d.cos_phi_plus, d.sin_phi_plus, field.c_plus, out.cos1, out.sin1);
  theta(d.cos_phi_minus, d.sin_phi_minus, field.c_minus, out.cos2, out.sin2);
  return out;
}

namespace {

// (W+, W-) and their Jacobian in (theta+, theta-) at x, from the numerators (the search's and
// the certificate's W± = H_c cos theta± - H_(a, b) sin theta± / c±).
struct WAndJacobian {
  double w1 = 0.0, w2 = 0.0, j11 = 0.0, j12 = 0.0, j21 = 0.0, j22 = 0.0;
};

WAndJacobian wAndJacobian(const TrigRationalSphereField& f, const AnglePair& x) {
  const TrigValueGradient ha = f.numerator[0].valueGradient(x);
  const TrigValueGradient hb = f.numerator[1].valueGradient(x);
  const TrigValueGradient hc = f.numerator[2].valueGradient(x);
  const double cp = f.c_plus, cm = f.c_minus;
  WAndJacobian w;
  w.w1 = hc.value * x.cos1 - ha.value * x.sin1 / cp;
  w.j11 = hc.d1 * x.cos1 - hc.value * x.sin1 - (ha.d1 * x.sin1 + ha.value * x.cos1) / cp;
  w.j12 = hc.d2 * x.cos1 - ha.d2 * x.sin1 / cp;
  w.w2 = hc.value * x.cos2 - hb.value * x.sin2 / cm;
  w.j21 = hc.d1 * x.cos2 - hb.d1 * x.sin2 / cm;
  w.j22 = hc.d2 * x.cos2 - hc.value * x.sin2 - (hb.d2 * x.sin2 + hb.value * x.cos2) / cm;
  return w;
}

// Newton's method from `seed`; the simple, converged root (see findNonAttractingDirection), or
// none.
std::optional<AnglePair> simpleRootFrom(const TrigRationalSphereField& field,
                                        const AnglePair& seed, double w_scale, int& index) {
  double t1 = std::atan2(seed.sin1, seed.cos1), t2 = std::atan2(seed.sin2, seed.cos2);
  for (int iteration = 0; iteration < 12; ++iteration) {
    const AnglePair x = AnglePair::fromAngles(t1, t2);
    const WAndJacobian w = wAndJacobian(field, x);
    const double det = w.j11 * w.j22 - w.j12 * w.j21;
    const double size = (std::fabs(w.j11) + std::fabs(w.j12)) * (std::fabs(w.j21) + std::fabs(w.j22));
    if (!(std::fabs(det) >= 1e-6 * size) || !(size > 0.0)) return std::nullopt;
    const double d1 = -(w.j22 * w.w1 - w.j12 * w.w2) / det;
    const double d2 = -(w.j11 * w.w2 - w.j21 * w.w1) / det;
    if (!std::isfinite(d1) || !std::isfinite(d2) || std::fabs(d1) + std::fabs(d2) > 1.0) {
      return std::nullopt;  // diverging, or leaving the seed's neighbourhood
    }
    if (std::fabs(d1) <= 1e-13 && std::fabs(d2) <= 1e-13) {
      if (std::fabs(w.w1) > 1e-10 * w_scale || std::fabs(w.w2) > 1e-10 * w_scale) {
        return std::nullopt;
      }
      index = det > 0.0 ? 1 : -1;
      return x;
    }
    t1 += d1;
    t2 += d2;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Codim3LimitDirection> findNonAttractingDirection(
    const TrigRationalSphereField& field, const RationalCodim3Options& options,
    const std::vector<AnglePair>& seeds) {
  const double scale = checkedFieldScale(field, options);  // the checks of analyzeCodim3
  const double tolerance = options.value_tolerance_relative * scale;
  // The arcs: the search's own decisions (arcDirection), so no margin is needed.
  for (int a = 0; a < 4; ++a) {
    const auto arc = arcDirection(field, a, options.arc_rule, tolerance);
    if (arc && decidesEscape(*arc, tolerance, scale)) return arc;
  }
  const double w_scale = field.numerator[0].absCoefficientSum() / field.c_plus +
                         field.numerator[1].absCoefficientSum() / field.c_minus +
                         2.0 * field.numerator[2].absCoefficientSum();
  for (const AnglePair& seed : seeds) {
    int index = 0;
    const std::optional<AnglePair> root = simpleRootFrom(field, seed, w_scale, index);
    if (!root) continue;
    const double s1 = root->sin1, s2 = root->sin2;
    if (!((s1 >= 1e-6 && s2 >= 1e-6) || (s1 <= -1e-6 && s2 <= -1e-6))) continue;
    auto angle_if = [](bool needed, double c, double s) {
      return needed ? wrapHalfTurnToTwoPi(std::atan2(s, c)) : std::nan("");
    };
    const SphereDirection d =
        directionFromTheta(field, *root, angle_if(field.c_plus == 1.0, root->cos1, root->sin1),
                           angle_if(field.c_minus == 1.0, root->cos2, root->sin2));
    const Codim3Components comp = codim3Components(field.value(d), d);
    Codim3LimitDirection ld;
    ld.phi_plus = d.phi_plus;
    ld.phi_minus = d.phi_minus;
    ld.n = d.n;
    ld.radial = comp.radial;
    ld.type = typeFromRadial(comp.radial, tolerance);
    ld.index = index;
    ld.residual = std::max(std::fabs(comp.v_plus), std::fabs(comp.v_minus));
    if (decidesEscape(ld, tolerance, scale)) return ld;
  }
  return std::nullopt;
}


// A pipeline of the stages above: check and scale, the continuum case, the search over both
// squares, the directions of its roots and of the equator arcs, the completeness.
Codim3Result analyzeCodim3(const TrigRationalSphereField& field,
                           const RationalCodim3Options& options,
                           const RationalSearchTuning& tuning) {
  Codim3Result result;
  const double scale = checkedFieldScale(field, options);
  const double tolerance = options.value_tolerance_relative * scale;
  result.report.field_scale = scale;
  result.report.value_tolerance = tolerance;

  PolynomialSearch search(field, options, tuning, result);
  result.report.second_derivative_bound = search.maxSecondDerivativeBound();
  if (search.maxAbsWPlus() <= 1e-14 * scale && search.maxAbsWMinus() <= 1e-14 * scale) {
    classifyContinuumField(field, tolerance, result);
    return result;
  }
  search.prepareInitialNodes();
  search.searchSquare(0);
  search.searchSquare(1);

  std::vector<Codim3LimitDirection> roots;
  roots.reserve(search.roots().size() + 4);
  std::vector<RootClaim> claims;
  std::array<certified::ArcClaim, 4> arc_claims{};
  directionsOfRoots(field, search.roots(), tolerance, result, roots, claims);
  directionsOnEquatorArcs(field, options, tolerance, result, roots, arc_claims);
  std::sort(roots.begin(), roots.end(), [](const auto& p, const auto& q) {
    return p.phi_plus != q.phi_plus ? p.phi_plus < q.phi_plus : p.phi_minus < q.phi_minus;
  });
  result.directions = std::move(roots);
  result.type = classifyDirections(result.directions);
  settleCompleteness(field, options, tuning, tolerance, claims, arc_claims, result);
  return result;
}

}  // namespace nsd::filippov
