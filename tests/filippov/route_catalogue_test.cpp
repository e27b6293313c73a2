// One catalogue of fields through every route of its codimension (issue 21): the sampled search
// (the field as a black box) and the rational search (the field as exact trigonometric
// coefficients) must give the same point type (Def 8) and the same limit directions, for
// isolated simple roots of each type, a double root (V touches zero), continua of each type and
// roots on the equator arcs. Fields are built from their circumferential part V and radial part
// R, so the expected answer is known by construction.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/filippov/codim2.hpp>
#include <nsdkit/filippov/codim3.hpp>
#include <nsdkit/filippov/trig_polynomial.hpp>

namespace nsd::filippov {
namespace {

// ---- Codimension 2 --------------------------------------------------------------------------

struct PlaneCase {
  std::string name;
  std::function<double(double)> v, r;  // V(phi), R(phi): G = R n + V t
  SlidingPointType expected;
  std::vector<double> roots;  // expected limit directions [rad], empty for a continuum
  bool continuum = false;
};

Eigen::Vector2d planeField(const PlaneCase& c, double phi) {
  const Eigen::Vector2d n(std::cos(phi), std::sin(phi)), t(-std::sin(phi), std::cos(phi));
  return c.r(phi) * n + c.v(phi) * t;
}

// Exact coefficients (1, cos, sin, ..., cos 4, sin 4) of one component of G by a discrete
// Fourier transform on 64 points (exact for degree <= 4 up to rounding).
TrigCoefficients1 fourier(const std::function<double(double)>& f) {
  const int n = 64, degree = 4;
  TrigCoefficients1 c = TrigCoefficients1::Zero(2 * degree + 1);
  for (int k = 0; k < n; ++k) {
    const double phi = 2.0 * kPi * k / n, value = f(phi);
    c[0] += value / n;
    for (int m = 1; m <= degree; ++m) {
      c[2 * m - 1] += 2.0 * value * std::cos(m * phi) / n;
      c[2 * m] += 2.0 * value * std::sin(m * phi) / n;
    }
  }
  for (Eigen::Index k = 0; k < c.size(); ++k) {
    if (std::fabs(c[k]) < 1e-14) c[k] = 0.0;  // exact zeros where the transform gives rounding
  }
  return c;
}

std::vector<PlaneCase> planeCatalogue() {
  const SlidingPointType attracting = SlidingPointType::kAttractingSliding,
                         repelling = SlidingPointType::kRepellingSliding,
                         crossing = SlidingPointType::kCrossing,
                         marginal = SlidingPointType::kMarginal;
  return {
      {"simple roots, attracting and repelling",
       [](double p) { return std::sin(p); },
       [](double p) { return -std::cos(p); },
       crossing,
       {0.0, kPi}},
      {"simple roots, both attracting",
       [](double p) { return std::sin(p); },
       [](double) { return -2.0; },
       attracting,
       {0.0, kPi}},
      {"four simple roots, all repelling",
       [](double p) { return std::sin(2 * p); },
       [](double) { return 1.5; },
       repelling,
       {0.0, 0.5 * kPi, kPi, 1.5 * kPi}},
      {"simple roots, one neutral",
       [](double p) { return std::sin(p); },
       [](double p) { return -0.5 * (1.0 + std::cos(p)); },
       marginal,
       {0.0, kPi}},
      {"double root (V touches zero), attracting",
       [](double p) { return 1.0 - std::cos(p); },
       [](double) { return -1.0; },
       attracting,
       {0.0}},
      {"no limit direction",
       [](double p) { return 2.0 + std::cos(p); },
       [](double) { return -1.0; },
       SlidingPointType::kNoLimitDirection,
       {}},
      {"attracting continuum",
       [](double) { return 0.0; },
       [](double p) { return -1.0 - 0.5 * std::cos(p); },
       attracting,
       {},
       true},
      {"repelling continuum",
       [](double) { return 0.0; },
       [](double p) { return 2.0 + std::sin(p); },
       repelling,
       {},
       true},
      {"continuum touching R = 0",
       [](double) { return 0.0; },
       [](double p) { return 1.0 + std::cos(p); },
       marginal,
       {},
       true},
  };
}

double angleDistance(double a, double b) {
  const double d = std::fmod(std::fabs(a - b), 2.0 * kPi);
  return std::min(d, 2.0 * kPi - d);
}

TEST(RouteCatalogue, Codim2SampledAndRationalAgree) {
  for (const PlaneCase& c : planeCatalogue()) {
    const Codim2Result sampled = analyzeCodim2(NormalPlaneFieldOfDirection(
        [&](const PlaneDirection& d) { return planeField(c, std::atan2(d.sin_phi, d.cos_phi)); }));
    TrigRationalPlaneField field;
    field.numerator[0] = fourier([&](double p) { return planeField(c, p)[0]; });
    field.numerator[1] = fourier([&](double p) { return planeField(c, p)[1]; });
    field.denominator = trigCoefficients1({1.0});
    const Codim2Result exact = analyzeCodim2(field);
    for (const Codim2Result* r : {&sampled, &exact}) {
      const char* route = r == &sampled ? "sampled" : "rational";
      EXPECT_EQ(r->type, c.expected) << c.name << " (" << route << ")";
      EXPECT_EQ(r->report.completeness == Completeness::kContinuum, c.continuum)
          << c.name << " (" << route << ")";
      if (c.continuum) continue;
      ASSERT_EQ(r->directions.size(), c.roots.size()) << c.name << " (" << route << ")";
      for (const double root : c.roots) {  // as sets: a root at 0 may be reported near 2 pi
        double nearest = INFINITY;
        for (const auto& d : r->directions) {
          nearest = std::min(nearest, angleDistance(d.phi_rad, root));
        }
        // 1e-6 rad: a double root is located from a touching V, to about sqrt(eps).
        EXPECT_LT(nearest, 1e-6) << c.name << " (" << route << ") root " << root;
      }
    }
  }
}

// ---- Codimension 3 --------------------------------------------------------------------------

// With c+ = c- = 1 the sphere point of the parameter angles is n ~ (sin t- cos t+, sin t+ cos
// t-, sin t+ sin t-) (the direction the rational route reports): a constant field c has its
// limit directions at n = c/|c| (repelling, R = |c|) and -c/|c| (attracting).
struct SphereCase {
  std::string name;
  Eigen::Vector3d constant;  // G = constant + k n
  double k = 0.0;
  SlidingPointType expected;
  std::size_t directions = 0;  // expected count (0 for a continuum)
  bool continuum = false;
};

TEST(RouteCatalogue, Codim3SampledAndRationalAgree) {
  const std::vector<SphereCase> cases{
      // G = c: one attracting and one repelling direction (crossing); off the arcs.
      {"constant field, generic", Eigen::Vector3d(0.3, -0.5, 0.8), 0.0, SlidingPointType::kCrossing,
       2},
      // c in the plane u_a = 0: its directions lie on the equator arcs (slip of both contacts
      // along t1, lambda± = (±1, 0)).
      {"constant field, directions on the arcs", Eigen::Vector3d(0.6, 0.8, 0.0), 0.0,
       SlidingPointType::kCrossing, 2},
      // c = e1: its directions ±e1 are the arcs' end points, where the sphere meets Sigma-
      // (P- does not slip): not SS directions (Def 10); both routes leave them out.
      {"constant field, directions only at sphere ∩ Sigma-", Eigen::Vector3d(1.0, 0.0, 0.0), 0.0,
       SlidingPointType::kNoLimitDirection, 0},
      // G = c - 20 n with |c| ~ 1: R < 0 at both directions (also for the rational form below,
      // where the radial part is scaled by |s+| |u| >= 0.6 there): attracting sliding.
      {"constant plus attracting radial part", Eigen::Vector3d(0.3, -0.5, 0.8), -20.0,
       SlidingPointType::kAttractingSliding, 2},
      // G = -n and G = 2n: continua.
      {"attracting continuum", Eigen::Vector3d::Zero(), -1.0, SlidingPointType::kAttractingSliding,
       0, true},
      {"repelling continuum", Eigen::Vector3d::Zero(), 2.0, SlidingPointType::kRepellingSliding, 0,
       true},
  };
  for (const SphereCase& c : cases) {
    const Codim3Result sampled = analyzeCodim3(SphereField(
        [&](const SphereDirection& d) { return Eigen::Vector3d(c.constant + c.k * d.n); }));
    // Rational form: n = sign(s+) u / |u| with u = (s- c+, s+ c-, s+ s-), |u| = sqrt(1 - c+^2
    // c-^2), is not a trigonometric polynomial, so H = D G with D = 1 holds for the constant
    // part only; the radial part k n is written as k s+ u = k |s+| |u| n (as in types_test),
    // which changes no limit direction and, off the arcs (s+ = 0 there), no sign of R.
    TrigRationalSphereField field;
    const std::array<std::function<double(const AnglePair&)>, 3> h{
        [&](const AnglePair& x) { return c.constant[0] + c.k * x.sin1 * x.sin2 * x.cos1; },
        [&](const AnglePair& x) { return c.constant[1] + c.k * x.sin1 * x.sin1 * x.cos2; },
        [&](const AnglePair& x) { return c.constant[2] + c.k * x.sin1 * x.sin1 * x.sin2; }};
    for (int i = 0; i < 3; ++i)
      field.numerator[static_cast<std::size_t>(i)] =
          TrigPoly2::fit(2, 1, h[static_cast<std::size_t>(i)]);
    field.denominator = TrigPoly2::fit(0, 0, [](const AnglePair&) { return 1.0; });
    const Codim3Result exact = analyzeCodim3(field);
    for (const Codim3Result* r : {&sampled, &exact}) {
      const char* route = r == &sampled ? "sampled" : "rational";
      EXPECT_EQ(r->type, c.expected) << c.name << " (" << route << ")";
      EXPECT_EQ(r->report.completeness == Completeness::kContinuum, c.continuum)
          << c.name << " (" << route << ")";
      if (c.continuum) continue;
      ASSERT_EQ(r->directions.size(), c.directions) << c.name << " (" << route << ")";
      // The directions are +-c/|c| (G = c + k n is parallel to n only there): 1e-8.
      for (const auto& d : r->directions) {
        const Eigen::Vector3d unit = c.constant.normalized();
        EXPECT_LT(std::min((d.n - unit).norm(), (d.n + unit).norm()), 1e-8)
            << c.name << " (" << route << ")";
      }
    }
  }
}

}  // namespace
}  // namespace nsd::filippov
