// The interval re-check behind Completeness::kCertified (interval_certificate.hpp): its
// enclosures against extended-precision values, and its verdicts on fields with roots a few
// ulps from the search's cell edges, double roots, and claims with a root missing or a type
// changed (which it must refuse).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/filippov/codim2.hpp>
#include <nsdkit/filippov/codim3.hpp>
#include <nsdkit/filippov/codim3_rational_tuning.hpp>
#include <nsdkit/filippov/interval_certificate.hpp>
#include <nsdkit/filippov/outward_interval.hpp>

#include "random_fields.hpp"

namespace nsd::filippov {
namespace {

using certified::Interval;

TEST(OutwardInterval, ArithmeticEnclosesTheExactResult) {
  // x87 long double has a 64-bit significand: sums and products of doubles of similar size
  // are exact or far more accurate than double there, so the exact result is known to within
  // 2^-63 relative, well inside the one-ulp (2^-52) outward step being tested.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-10.0, 10.0);
  for (int k = 0; k < 20000; ++k) {
    const double x = u(rng), y = u(rng);
    const Interval sum = Interval(x) + Interval(y), product = Interval(x) * Interval(y);
    const long double exact_sum = static_cast<long double>(x) + y;
    const long double exact_product = static_cast<long double>(x) * y;
    ASSERT_LE(sum.lower(), exact_sum);
    ASSERT_GE(sum.upper(), exact_sum);
    ASSERT_LT(sum.lower(), sum.upper());
    ASSERT_LE(product.lower(), exact_product);
    ASSERT_GE(product.upper(), exact_product);
  }
}

TEST(OutwardInterval, SubtractionDivisionAndSquareRootEncloseTheExactResult) {
  // As above: long double's 64-bit significand gives the exact difference, and quotients and
  // square roots to 2^-64 relative, far inside the one-ulp (2^-52) outward step being tested.
  // Intervals of width too: every sampled point of the operands maps into the result.
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-10.0, 10.0), positive(1e-3, 10.0), width(0.0, 1.0);
  for (int k = 0; k < 20000; ++k) {
    const double x = u(rng), y = u(rng), p = positive(rng);
    const Interval difference = Interval(x) - Interval(y);
    const Interval quotient = Interval(x) / Interval(p);
    const Interval root = sqrt(Interval(p));
    const long double exact_difference = static_cast<long double>(x) - y;
    const long double exact_quotient = static_cast<long double>(x) / p;
    const long double exact_root = std::sqrt(static_cast<long double>(p));
    ASSERT_LE(difference.lower(), exact_difference);
    ASSERT_GE(difference.upper(), exact_difference);
    ASSERT_LE(quotient.lower(), exact_quotient);
    ASSERT_GE(quotient.upper(), exact_quotient);
    ASSERT_LT(quotient.lower(), quotient.upper());
    ASSERT_LE(root.lower(), exact_root);
    ASSERT_GE(root.upper(), exact_root);
    ASSERT_LT(root.lower(), root.upper());
    const Interval a(x, x + width(rng)), b(p, p + width(rng));
    const Interval a_minus_b = a - b, a_over_b = a / b, root_b = sqrt(b);
    for (const double s : {0.0, 0.37, 1.0}) {
      const long double xa = a.lower() + s * (a.upper() - a.lower());
      const long double xb = b.lower() + (1.0 - s) * (b.upper() - b.lower());
      ASSERT_LE(a_minus_b.lower(), xa - xb);
      ASSERT_GE(a_minus_b.upper(), xa - xb);
      ASSERT_LE(a_over_b.lower(), xa / xb);
      ASSERT_GE(a_over_b.upper(), xa / xb);
      ASSERT_LE(root_b.lower(), std::sqrt(xb));
      ASSERT_GE(root_b.upper(), std::sqrt(xb));
    }
  }
}

TEST(OutwardInterval, CosSinEnclosuresHoldEverySampledValue) {
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> start(-1.0, 14.0), width(0.0, 2.0);
  for (int k = 0; k < 2000; ++k) {
    const double lo = start(rng), hi = lo + width(rng) * width(rng);
    const certified::CosSinEnclosure e = certified::cosSinEnclosure(Interval(lo, hi));
    for (int i = 0; i <= 64; ++i) {
      const long double t = lo + (hi - lo) * (i / 64.0L);
      ASSERT_LE(e.cos.lower(), std::cos(t));
      ASSERT_GE(e.cos.upper(), std::cos(t));
      ASSERT_LE(e.sin.lower(), std::sin(t));
      ASSERT_GE(e.sin.upper(), std::sin(t));
    }
    // Not wider than needed by more than the libm allowance where no extremum is inside.
    EXPECT_LE(e.cos.upper() - e.cos.lower(), (hi - lo) + 4e-15);
  }
  // The extrema: cos over [pi - 1e-9, pi + 1e-9] reaches -1, sin over [0, 3] reaches 1.
  EXPECT_EQ(certified::cosSinEnclosure(Interval(kPi - 1e-9, kPi + 1e-9)).cos.lower(), -1.0);
  EXPECT_EQ(certified::cosSinEnclosure(Interval(0.0, 3.0)).sin.upper(), 1.0);
}

// W+ = k(theta-) sin(alpha - theta+), W- = k(theta-) (sin alpha / sin beta) sin(beta - theta-)
// with k = 2 + cos theta- > 0 and c± = 1: simple roots at (alpha, beta) and (alpha + pi,
// beta + pi) inside the squares (and two in the mixed squares). H bilinear (the Coulomb path).
TrigRationalSphereField twoRootField(double alpha, double beta) {
  auto times_k = [](double a) {
    Eigen::Matrix3d c = Eigen::Matrix3d::Zero();
    c(0, 0) = 2.0 * a;
    c(0, 1) = a;
    return TrigPoly2::fromCoefficients(c);
  };
  TrigRationalSphereField f;
  f.numerator[0] = times_k(std::cos(alpha));
  f.numerator[1] = times_k(std::sin(alpha) * std::cos(beta) / std::sin(beta));
  f.numerator[2] = times_k(std::sin(alpha));
  Eigen::Matrix3d d = Eigen::Matrix3d::Zero();
  d(0, 0) = 1.0;
  f.denominator = TrigPoly2::fromCoefficients(d);
  return f;
}

TEST(IntervalCertificate, RootsWithinUlpsOfTheSearchsCellEdgesAreCertified) {
  // The default grid has 12 cells per side: edges at k pi / 12. Put each root a few ulps off
  // an edge (above, below, and exactly on one), so that the root lies in the rounding of the
  // shared node of two cells.
  const double edge3 = 3.0 * (kPi / 12.0), edge4 = 4.0 * (kPi / 12.0), edge5 = 5.0 * (kPi / 12.0);
  const double cases[][2] = {
      {std::nextafter(edge3, 4.0), std::nextafter(std::nextafter(edge4, 0.0), 0.0)},
      {edge5, edge3},
      {std::nextafter(edge5, 0.0), std::nextafter(edge4, 4.0)}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c[0]);
    const Codim3Result r = analyzeCodim3(twoRootField(c[0], c[1]));
    EXPECT_EQ(r.report.completeness, Completeness::kCertified) << r.report.certificate_failure;
    ASSERT_EQ(r.directions.size(), 2u);
    EXPECT_GT(r.report.certificate_cells, 0u);
    // theta = phi for c = 1; roots known to the double: 1e-12 rad covers Newton's last step.
    EXPECT_NEAR(r.directions[0].phi_plus, c[0], 1e-12);
    EXPECT_NEAR(r.directions[0].phi_minus, c[1], 1e-12);
    EXPECT_NEAR(r.directions[1].phi_plus, c[0] + kPi, 1e-12);
    EXPECT_NEAR(r.directions[1].phi_minus, c[1] + kPi, 1e-12);
  }
}

// W+ = sin(alpha - theta+), W- = (1 - sin theta-)(A cos theta- - sin theta-), A = sin alpha:
// a double root at (alpha, pi / 2) (W- touches zero there) and a simple one at (alpha, atan A).
TrigRationalSphereField doubleRootField(double alpha) {
  const double a = std::sin(alpha);
  Eigen::Matrix3d ha = Eigen::Matrix3d::Zero(), hb = Eigen::Matrix3d::Zero(),
                  hc = Eigen::Matrix3d::Zero(), d = Eigen::Matrix3d::Zero();
  ha(0, 0) = std::cos(alpha);
  hc(0, 0) = a;
  hb(0, 0) = 1.0;  // H_b = 1 + A cos theta- - sin theta-
  hb(0, 1) = a;
  hb(0, 2) = -1.0;
  d(0, 0) = 1.0;
  TrigRationalSphereField f;
  f.numerator = {TrigPoly2::fromCoefficients(ha), TrigPoly2::fromCoefficients(hb),
                 TrigPoly2::fromCoefficients(hc)};
  f.denominator = TrigPoly2::fromCoefficients(d);
  return f;
}

TEST(IntervalCertificate, ADoubleRootIsNeverCertified) {
  const TrigRationalSphereField f = doubleRootField(1.0);
  const Codim3Result r = analyzeCodim3(f);
  EXPECT_NE(r.report.completeness, Completeness::kCertified);
  // The re-check itself refuses the double root even when the search's claims are right: the
  // simple root and the double one as directions.
  const double simple = std::atan(std::sin(1.0));
  // (The double root first: the re-check stops at its first failure.)
  std::vector<certified::SphereRootClaim> claims = {
      {AnglePair::fromAngles(1.0, 0.5 * kPi), certified::SphereRootClaim::Kind::kDirection,
       LimitDirectionType::kNeutral},
      {AnglePair::fromAngles(1.0, simple), certified::SphereRootClaim::Kind::kDirection,
       LimitDirectionType::kNeutral}};
  const certified::Certificate c =
      certified::certifySphereSearch(f, claims, {}, ArcRule::kExactTangency, 1e-10);
  EXPECT_FALSE(c.certified);
  EXPECT_STREQ(c.failure, "a reported root is not shown to be simple (double root or cluster)");
}

// The claims of a certified search, rebuilt from its result (directions inside the squares;
// the two zeros in the mixed squares as off-sphere claims).
std::vector<certified::SphereRootClaim> claimsOf(const Codim3Result& r, double alpha, double beta) {
  std::vector<certified::SphereRootClaim> claims;
  for (const auto& d : r.directions) {
    claims.push_back({AnglePair::fromAngles(d.phi_plus, d.phi_minus),
                      certified::SphereRootClaim::Kind::kDirection, d.type});
  }
  claims.push_back({AnglePair::fromAngles(alpha, beta + kPi),
                    certified::SphereRootClaim::Kind::kOffSphere, LimitDirectionType::kNeutral});
  claims.push_back({AnglePair::fromAngles(alpha + kPi, beta),
                    certified::SphereRootClaim::Kind::kOffSphere, LimitDirectionType::kNeutral});
  return claims;
}

TEST(IntervalCertificate, RefusesAMissingRootAndAChangedType) {
  const double alpha = 0.7, beta = 2.0;
  const TrigRationalSphereField f = twoRootField(alpha, beta);
  const Codim3Result r = analyzeCodim3(f);
  ASSERT_EQ(r.report.completeness, Completeness::kCertified);
  const double tolerance = r.report.value_tolerance;
  const auto claims = claimsOf(r, alpha, beta);
  EXPECT_TRUE(
      certified::certifySphereSearch(f, claims, {}, ArcRule::kExactTangency, tolerance).certified);
  // Dropping a direction must fail; the zeros in the mixed squares lie outside the domain
  // (not directions of the sphere), so their claims are not needed.
  for (std::size_t drop = 0; drop < r.directions.size(); ++drop) {
    auto fewer = claims;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(drop));
    const certified::Certificate c =
        certified::certifySphereSearch(f, fewer, {}, ArcRule::kExactTangency, tolerance);
    EXPECT_FALSE(c.certified) << "claim " << drop << " dropped";
  }
  auto changed = claims;
  changed[0].type = changed[0].type == LimitDirectionType::kAttracting
                        ? LimitDirectionType::kRepelling
                        : LimitDirectionType::kAttracting;
  EXPECT_FALSE(
      certified::certifySphereSearch(f, changed, {}, ArcRule::kExactTangency, tolerance).certified);
}

using test::randomField;  // random_fields.hpp

TEST(IntervalCertificate, CertifiesGenericFieldsWithoutChangingTheirAnswer) {
  std::mt19937 rng(31);
  int certified_count = 0;
  const int trials = 200;
  for (int k = 0; k < trials; ++k) {
    const TrigRationalSphereField f = randomField(rng);
    RationalCodim3Options plain;
    plain.certify = false;
    const Codim3Result a = analyzeCodim3(f), b = analyzeCodim3(f, plain);
    ASSERT_EQ(a.directions.size(), b.directions.size());
    for (std::size_t i = 0; i < a.directions.size(); ++i) {
      EXPECT_EQ(a.directions[i].phi_plus, b.directions[i].phi_plus);
      EXPECT_EQ(a.directions[i].type, b.directions[i].type);
    }
    EXPECT_EQ(a.type, b.type);
    if (b.report.completeness != Completeness::kFloatingPointBounds) continue;
    certified_count += a.report.completeness == Completeness::kCertified;
  }
  // Random fields have simple, separated roots: all but the rare near-degenerate one certify.
  EXPECT_GE(certified_count, trials - 4);
}

// The natural enclosures first (SphereCertificateWork) only save work: on random fields every
// certificate, its failure and its cell count are the same as with the full test on every cell.
// A shortcut that decided a cell the full test leaves open (a wrong enclosure) would change the
// cell count or the outcome; the interval arithmetic is the same, so the counts are equal exactly.
TEST(IntervalCertificate, NaturalEnclosuresFirstChangeNeitherTheOutcomeNorTheCells) {
  std::mt19937 rng(47);
  RationalSearchTuning full_test;
  full_test.certificate_work.natural_enclosures_first = false;
  int certified_count = 0;
  const int trials = 150;
  for (int k = 0; k < trials; ++k) {
    const TrigRationalSphereField f = randomField(rng);
    const Codim3Result fast = analyzeCodim3(f, RationalCodim3Options{}, RationalSearchTuning{});
    const Codim3Result full = analyzeCodim3(f, RationalCodim3Options{}, full_test);
    ASSERT_EQ(fast.report.completeness, full.report.completeness) << "field " << k;
    EXPECT_STREQ(fast.report.certificate_failure, full.report.certificate_failure);
    EXPECT_EQ(fast.report.certificate_cells, full.report.certificate_cells) << "field " << k;
    ASSERT_GT(full.report.certificate_cells, 0u);
    certified_count += fast.report.completeness == Completeness::kCertified;
  }
  // Most random fields certify (as in the test above), so the comparison covers whole re-checks.
  EXPECT_GE(certified_count, trials - 4);
}

// Codimension 2: W = D V = -H_i sin + H_j cos.
TEST(IntervalCertificate, CircleSimpleRootsAreCertifiedAndATangencyIsNot) {
  TrigRationalPlaneField simple;           // W = sin(beta - phi): roots beta, beta + pi
  const double beta = 4.0 * (kPi / 16.0);  // on an initial cell edge of the re-check
  simple.numerator = {trigCoefficients1({std::cos(beta)}), trigCoefficients1({std::sin(beta)})};
  simple.denominator = trigCoefficients1({1.0});
  const Codim2Result a = analyzeCodim2(simple);
  EXPECT_EQ(a.report.completeness, Completeness::kCertified) << a.report.certificate_failure;
  ASSERT_EQ(a.directions.size(), 2u);

  // W = 1 - cos(phi - beta) >= 0 touches zero at beta: H_j = cos phi (1 - cos(phi - beta)),
  // H_i = -sin phi (1 - cos(phi - beta)).
  const double cb = std::cos(beta), sb = std::sin(beta);
  TrigRationalPlaneField tangent;
  tangent.numerator = {trigCoefficients1({0.5 * sb, 0.0, -1.0, -0.5 * sb, 0.5 * cb}),
                       trigCoefficients1({-0.5 * cb, 1.0, 0.0, -0.5 * cb, -0.5 * sb})};
  tangent.denominator = trigCoefficients1({1.0});
  const Codim2Result b = analyzeCodim2(tangent);
  EXPECT_NE(b.report.completeness, Completeness::kCertified);
  EXPECT_STRNE(b.report.certificate_failure, "");
}

TEST(IntervalCertificate, CircleRefusesAMissingRoot) {
  TrigRationalPlaneField f;
  f.numerator = {trigCoefficients1({0.3, 1.0, 0.2}), trigCoefficients1({-0.4, 0.1, 0.9})};
  f.denominator = trigCoefficients1({2.0, 0.3, -0.2});
  const Codim2Result r = analyzeCodim2(f);
  ASSERT_EQ(r.report.completeness, Completeness::kCertified) << r.report.certificate_failure;
  ASSERT_GE(r.directions.size(), 2u);
  for (std::size_t drop = 0; drop < r.directions.size(); ++drop) {
    auto fewer = r.directions;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(drop));
    EXPECT_FALSE(certified::certifyCircleSearch(f, fewer, r.report.value_tolerance).certified);
  }
}

}  // namespace
}  // namespace nsd::filippov
