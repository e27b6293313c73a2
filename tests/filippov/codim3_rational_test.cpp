// The certified codim-3 search for trigonometric-rational fields against the sampled
// (black-box) search on the same fields: same limit directions, same types.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/codim3.hpp>
#include <nsdkit/filippov/codim3_rational_tuning.hpp>

#include "random_fields.hpp"

namespace nsd::filippov {
namespace {

using test::randomField;

void expectSameDirections(const Codim3Result& a, const Codim3Result& b) {
  ASSERT_EQ(a.directions.size(), b.directions.size());
  for (const auto& da : a.directions) {
    bool found = false;
    for (const auto& db : b.directions) {
      // 1e-6: the sampled search polishes roots near the singular corners only to ~1e-7.
      if ((da.n - db.n).norm() < 1e-6) {
        found = true;
        EXPECT_EQ(da.type, db.type);
        EXPECT_NEAR(da.radial, db.radial, 1e-6 * (1.0 + std::fabs(da.radial)));
      }
    }
    EXPECT_TRUE(found) << "direction " << da.n.transpose() << " only in one search";
  }
  EXPECT_EQ(a.type, b.type);
}

// The certified search on f, checked against the sampled (black-box) search on the same field
// when that one is conclusive.
struct BothSearches {
  Codim3Result exact;
  bool compared = false;  ///< the sampled search was conclusive and the lists were compared
};
BothSearches compareWithSampledSearch(const TrigRationalSphereField& f,
                                      const RationalCodim3Options& options = {}) {
  BothSearches out;
  out.exact = analyzeCodim3(f, options);
  EXPECT_EQ(out.exact.report.completeness, Completeness::kCertified);
  const Codim3Result sampled = analyzeCodim3([&](const SphereDirection& d) { return f.value(d); });
  if (sampled.report.completeness != Completeness::kPossiblyIncomplete) {
    expectSameDirections(out.exact, sampled);
    out.compared = true;
  }
  return out;
}

// The initial node tests batched and one by one are the same tests: the same directions
// (to rounding: a borderline cell may be split in one and not the other, which changes only
// the Newton start of a root) and the same classification as the automatic choice. Both runs
// also check the remainder bounds of every cell's second-order model against the exact values
// and partials sampled on the cell (verify_model_bounds throws on a violation).
void expectSameWithEveryInitialTestStrategy(const TrigRationalSphereField& f,
                                            const RationalCodim3Options& options,
                                            const Codim3Result& automatic) {
  for (const InitialCellTests strategy :
       {InitialCellTests::kBatched, InitialCellTests::kOneByOne}) {
    RationalSearchTuning tuning;
    tuning.initial_tests = strategy;
    tuning.verify_model_bounds = true;
    const Codim3Result r = analyzeCodim3(f, options, tuning);
    SCOPED_TRACE(strategy == InitialCellTests::kBatched ? "batched" : "one by one");
    EXPECT_EQ(r.report.completeness, Completeness::kCertified);
    ASSERT_EQ(r.directions.size(), automatic.directions.size());
    for (std::size_t i = 0; i < r.directions.size(); ++i) {
      EXPECT_LT((r.directions[i].n - automatic.directions[i].n).norm(), 1e-12);
      EXPECT_EQ(r.directions[i].type, automatic.directions[i].type);
    }
    EXPECT_EQ(r.type, automatic.type);
  }
}

TEST(Codim3Rational, AgreesWithTheSampledSearchOnRandomFields) {
  std::mt19937 rng(11);
  int compared = 0;
  for (int trial = 0; trial < 150; ++trial) {
    SCOPED_TRACE(trial);
    const TrigRationalSphereField field = randomField(rng);
    const BothSearches both = compareWithSampledSearch(field);
    expectSameWithEveryInitialTestStrategy(field, RationalCodim3Options{}, both.exact);
    for (const auto& d : both.exact.directions) {
      if (!d.on_equator_arc) {
        EXPECT_LT(d.residual, 1e-12 * both.exact.report.field_scale);
      }
    }
    compared += both.compared;
  }
  EXPECT_GE(compared, 120);  // the sampled search is rarely inconclusive
}

// W+ of degree 3 in theta+ (H_a of degree 2 in theta+) but still affine in the slip direction
// at P-: the structured search with coefficients from the general basis, and its local
// second-derivative bounds, against the sampled search.
TEST(Codim3Rational, AgreesWithTheSampledSearchWhenHaHasDegreeTwo) {
  std::mt19937 rng(23);
  std::normal_distribution<double> n(0.0, 1.0);
  int compared = 0;
  for (int trial = 0; trial < 40; ++trial) {
    TrigRationalSphereField f = randomField(rng);
    Eigen::Matrix<double, 5, 3> k;
    for (int i = 0; i < 5; ++i) {
      for (int j = 0; j < 3; ++j) k(i, j) = (i < 3 ? 1.0 : 0.5) * n(rng);
    }
    f.numerator[0] = TrigPoly2::fromCoefficients(k);
    SCOPED_TRACE(trial);
    const BothSearches both = compareWithSampledSearch(f);
    expectSameWithEveryInitialTestStrategy(f, RationalCodim3Options{}, both.exact);
    compared += both.compared;
  }
  EXPECT_GE(compared, 30);
}

// A Coulomb-type field G = g0 + Cp lambda+ + Cm lambda- (D = 1, c± = 1, so theta = phi) with
// g0 chosen so that G = r n at the planted direction (phi+, phi-): that direction is a root.
TrigRationalSphereField plantedRootField(double phi_plus, double phi_minus, double radial,
                                         const Eigen::Matrix<double, 3, 2>& cp,
                                         const Eigen::Matrix<double, 3, 2>& cm) {
  const Eigen::Vector2d lp(std::cos(phi_plus), std::sin(phi_plus));
  const Eigen::Vector2d lm(std::cos(phi_minus), std::sin(phi_minus));
  const Eigen::Vector3d g0 = radial * sphereNormal(phi_plus, phi_minus) - cp * lp - cm * lm;
  TrigRationalSphereField f;
  for (int k = 0; k < 3; ++k) {
    f.numerator[static_cast<std::size_t>(k)] =
        TrigPoly2::separable(Eigen::Vector3d(g0[k], cp(k, 0), cp(k, 1)),
                             Eigen::Vector3d(1.0, 0.0, 0.0)) +
        TrigPoly2::separable(Eigen::Vector3d(1.0, 0.0, 0.0),
                             Eigen::Vector3d(0.0, cm(k, 0), cm(k, 1)));
  }
  f.denominator = TrigPoly2::fromCoefficients(Eigen::MatrixXd::Ones(1, 1));
  return f;
}

// The certified search on a field with a root planted at (phi+, phi-) with radial component
// `radial`: agrees with the sampled search and with every initial-test strategy, and lists the
// planted root exactly once (1e-9 rad: Newton polishes to rounding; radial to 1e-10 of O(1)).
void expectPlantedRootFoundOnce(const TrigRationalSphereField& field,
                                const RationalCodim3Options& options, double phi_plus,
                                double phi_minus, double radial) {
  const BothSearches both = compareWithSampledSearch(field, options);
  expectSameWithEveryInitialTestStrategy(field, options, both.exact);
  int hits = 0;
  for (const auto& d : both.exact.directions) {
    if (std::hypot(d.phi_plus - phi_plus, d.phi_minus - phi_minus) < 1e-9) {
      ++hits;
      EXPECT_NEAR(d.radial, radial, 1e-10);
    }
  }
  EXPECT_EQ(hits, 1);
}

// Roots planted on the lines of the initial grid (multiples of pi/n for the default n, shared
// by two cells and, at the corners, by four cells and the whole-strip tests), at cell centres
// (where Newton starts on the root) and 0.02 rad from a side of the square (where the
// whole-strip ranges take their end values), for the default grid (12), the coarse grid of the
// contact defaults (8) and the grid of 4 (the generic instance of the initial tests): each is
// found exactly once, with the planted radial component, and the direction list agrees with the
// sampled search. (c± = 1 here, so the slip angles theta± on the grid equal phi±.)
TEST(Codim3Rational, FindsRootsOnInitialGridLinesAndCellCornersOnce) {
  std::mt19937 rng(31);
  std::normal_distribution<double> n(0.0, 1.0);
  struct Planted {
    double phi_plus, phi_minus;
    int grid;  // initial_grid of the search
  };
  std::vector<Planted> planted;
  for (const int grid : {RationalCodim3Options{}.initial_grid, 8, 4}) {
    const double h = kPi / grid;
    const std::vector<std::pair<double, double>> in_cells = {
        {1.0 * h, 3.0 * h},        // a corner of four cells (both angles on grid lines)
        {2.0 * h, 1.0},            // on a theta+ grid line
        {2.0, 1.0 * h},            // on a theta- grid line
        {kPi + h, kPi + 2.0 * h},  // a corner in the lower square
        {0.5 * h, 1.5 * h},        // centre of an initial cell
        {1.25 * h, 2.75 * h},      // centre of a depth-1 cell
        {2.3 * h, 0.02},           // next to a side of the square (strip range ends)
        {kPi - 0.02, 2.5 * h},    {kPi + 1.3 * h, kTwoPi - 0.02},
    };
    for (const auto& [p, m] : in_cells) planted.push_back(Planted{p, m, grid});
  }
  for (std::size_t trial = 0; trial < 3 * planted.size(); ++trial) {
    Eigen::Matrix<double, 3, 2> cp, cm;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 2; ++j) {
        cp(i, j) = n(rng);
        cm(i, j) = n(rng);
      }
    }
    const Planted& root = planted[trial % planted.size()];
    const double phi_p = root.phi_plus, phi_m = root.phi_minus;
    RationalCodim3Options options;
    options.initial_grid = root.grid;
    const double radial = trial % 2 == 0 ? 1.5 : -0.8;
    SCOPED_TRACE(trial);
    expectPlantedRootFoundOnce(plantedRootField(phi_p, phi_m, radial, cp, cm), options, phi_p,
                               phi_m, radial);
  }
}

// Two roots planted close together (1e-3 to 1e-2 rad apart): the cells around them are refined
// far below the initial grid, down to the uniqueness balls of the roots found first, so the
// known-root tests (cover test by chord bounds, Newton's stop inside a known root's ball, cell
// membership by cross products) decide which cells still need work. Both roots must be found,
// each exactly once (within 1e-7 rad: at the closest pairs the Jacobian is nearly singular and
// the planted roots are only known to ~1e-9), and the search must be certified except for rare
// clusters (a third root within the pair's distance) that it flags as possibly incomplete.
// G = g0 + Cp lambda+ + Cm lambda- with G = r n at both directions: the first column of Cp and
// g0 are solved for (equal radial components keep Cp of order one).
TEST(Codim3Rational, FindsBothRootsOfACloseRootPair) {
  std::mt19937 rng(53);
  std::normal_distribution<double> n(0.0, 1.0);
  std::uniform_real_distribution<double> angle(0.3, kPi - 0.3), turn(0.0, kTwoPi);
  const int trials = 300;
  int certified = 0;
  for (int trial = 0; trial < trials; ++trial) {
    SCOPED_TRACE(trial);
    const double distance = std::pow(10.0, -3.0 + (trial % 3) * 0.5);  // 1e-3 ... 1e-2 rad
    const double base = trial % 2 == 0 ? 0.0 : kPi;                    // upper / lower square
    const double p1 = base + angle(rng), m1 = base + angle(rng), heading = turn(rng);
    const double p2 = p1 + distance * std::cos(heading), m2 = m1 + distance * std::sin(heading);
    const double radial = trial % 4 < 2 ? 1.2 : -0.7;
    Eigen::Matrix<double, 3, 2> cp, cm;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 2; ++j) {
        cp(i, j) = n(rng);
        cm(i, j) = n(rng);
      }
    }
    // G(d) = g0 + cp (cos p, sin p) + cm (cos m, sin m); G(d1) - G(d2) = r (n1 - n2) fixes the
    // first column of cp (cos p1 != cos p2 for these angles), then G(d1) = r n1 fixes g0.
    const Eigen::Vector3d n1 = sphereNormal(p1, m1), n2 = sphereNormal(p2, m2);
    const Eigen::Vector3d rest =
        cp.col(1) * (std::sin(p1) - std::sin(p2)) +
        cm * Eigen::Vector2d(std::cos(m1) - std::cos(m2), std::sin(m1) - std::sin(m2));
    cp.col(0) = (radial * (n1 - n2) - rest) / (std::cos(p1) - std::cos(p2));
    const TrigRationalSphereField field = plantedRootField(p1, m1, radial, cp, cm);
    ASSERT_LT((field.value(SphereDirection::make(n2, p2, m2)) - radial * n2).norm(), 1e-9);
    const InitialCellTests strategy = trial % 3 == 0   ? InitialCellTests::kBatched
                                      : trial % 3 == 1 ? InitialCellTests::kOneByOne
                                                       : InitialCellTests::kAutomatic;
    RationalSearchTuning tuning;
    tuning.initial_tests = strategy;
    const Codim3Result r = analyzeCodim3(field, RationalCodim3Options{}, tuning);
    certified += r.report.completeness == Completeness::kCertified;
    int hits1 = 0, hits2 = 0;
    for (const auto& d : r.directions) {
      hits1 += std::hypot(d.phi_plus - p1, d.phi_minus - m1) < 1e-7;
      hits2 += std::hypot(d.phi_plus - p2, d.phi_minus - m2) < 1e-7;
    }
    EXPECT_EQ(hits1, 1);
    EXPECT_EQ(hits2, 1);
  }
  EXPECT_GE(certified, trials - trials / 50);
}

// Roots at folds of a zero curve: where dW+/dtheta- = 0 the zero curve of W+ turns back in
// theta+, so near the turning point it crosses the theta+ node line over a short arc only, and
// the range of W+ on that node line peaks inside the arc (not at its ends). Planted just inside
// a node line (1 % of a cell width), the root lies in one initial cell only, and only an exact
// peak-inside range keeps that cell (checked with the initial tests batched and one by one). With
// the other side's dependence on its own angle small (cp or cm scaled by 0.05), |d2W/d(own angle)2|
// is far below the curvature across, so the interpolation margin cannot mask an underestimated
// range. Likewise for W- (dW-/dtheta+ = 0).
TEST(Codim3Rational, FindsRootsAtFoldsOfTheZeroCurvesNearNodeLines) {
  std::mt19937 rng(41);
  std::normal_distribution<double> n(0.0, 1.0);
  int trials = 0;
  for (const int grid : {RationalCodim3Options{}.initial_grid, 8, 4}) {
    const double h = kPi / grid;
    for (const bool fold_of_w_plus : {true, false}) {
      for (const double offset : {0.01 * h, -0.01 * h}) {
        for (int repeat = 0; repeat < 4; ++repeat) {
          // Node-line angle at an interior grid line, the other angle at an arc centre.
          const double on_line = (1 + repeat % (grid - 1)) * h + offset;
          const double across = (repeat % grid + 0.5) * h;
          const double phi_p = fold_of_w_plus ? on_line : across;
          const double phi_m = fold_of_w_plus ? across : on_line;
          Eigen::Matrix<double, 3, 2> cp, cm;
          for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 2; ++j) {
              cp(i, j) = n(rng);
              cm(i, j) = n(rng);
            }
          }
          // W+ = e+ . H with e+ = (-sin theta+, 0, cos theta+) (c± = 1, D = 1), so dW+/dtheta-
          // = e+ . cm lambda-' vanishes at the root once cm is made orthogonal to it there;
          // W- = e- . H with e- = (0, -sin theta-, cos theta-) likewise with cp.
          const Eigen::Vector3d e_plus(-std::sin(phi_p), 0.0, std::cos(phi_p));
          const Eigen::Vector3d e_minus(0.0, -std::sin(phi_m), std::cos(phi_m));
          const Eigen::Vector2d tangent_m(-std::sin(phi_m), std::cos(phi_m));
          const Eigen::Vector2d tangent_p(-std::sin(phi_p), std::cos(phi_p));
          if (fold_of_w_plus) {
            cp *= 0.05;
            cm -= e_plus * (e_plus.dot(cm * tangent_m)) * tangent_m.transpose();
          } else {
            cm *= 0.05;
            cp -= e_minus * (e_minus.dot(cp * tangent_p)) * tangent_p.transpose();
          }
          RationalCodim3Options options;
          options.initial_grid = grid;
          const double radial = repeat % 2 == 0 ? 1.5 : -0.8;
          SCOPED_TRACE(::testing::Message()
                       << "grid " << grid << " fold of W" << (fold_of_w_plus ? "+" : "-")
                       << " offset " << offset << " repeat " << repeat);
          expectPlantedRootFoundOnce(plantedRootField(phi_p, phi_m, radial, cp, cm), options, phi_p,
                                     phi_m, radial);
          ++trials;
        }
      }
    }
  }
  EXPECT_EQ(trials, 48);  // 3 grids x 2 functions x 2 offsets x 4 repeats
}

TEST(Codim3Rational, ValueMatchesTheRationalFormula) {
  std::mt19937 rng(12);
  const TrigRationalSphereField f = randomField(rng);
  const SphereDirection d = SphereDirection::make(sphereNormal(0.7, 2.2), 0.7, 2.2);
  // theta from phi: (cos theta, sin theta) ∝ (cos phi, c sin phi).
  const double t1 = std::atan2(f.c_plus * std::sin(0.7), std::cos(0.7));
  const double t2 = std::atan2(f.c_minus * std::sin(2.2), std::cos(2.2));
  const AnglePair x = AnglePair::fromAngles(t1, t2);
  const Eigen::Vector3d expected(f.numerator[0].value(x), f.numerator[1].value(x),
                                 f.numerator[2].value(x));
  EXPECT_LT((f.value(d) - expected / f.denominator.value(x)).norm(), 1e-13);
}

TEST(Codim3Rational, ArcDirectionOfAConstantField) {
  // G = (1, 2, 0) constant: V~ = G_c = 0 on the arc (phi+, phi-) = (0, 0), where G ∥ n at
  // n = (1, 2, 0)/sqrt5 (repelling, R = sqrt5); the antipode lies on the arc (pi, pi).
  TrigRationalSphereField f;
  f.numerator[0] = TrigPoly2::fromCoefficients(Eigen::MatrixXd::Constant(1, 1, 1.0));
  f.numerator[1] = TrigPoly2::fromCoefficients(Eigen::MatrixXd::Constant(1, 1, 2.0));
  f.numerator[2] = TrigPoly2::fromCoefficients(Eigen::MatrixXd::Zero(1, 1));
  f.denominator = TrigPoly2::fromCoefficients(Eigen::MatrixXd::Ones(1, 1));
  const Codim3Result r = analyzeCodim3(f);
  ASSERT_EQ(r.directions.size(), 2u);
  for (const auto& d : r.directions) {
    EXPECT_TRUE(d.on_equator_arc);
    EXPECT_NEAR(std::fabs(d.radial), std::sqrt(5.0), 1e-12);
  }
  EXPECT_EQ(r.type, SlidingPointType::kCrossing);
}

TEST(Codim3Rational, RejectsANonPositiveDenominatorAndBadInput) {
  std::mt19937 rng(13);
  TrigRationalSphereField f = randomField(rng);
  Eigen::Matrix3d d = Eigen::Matrix3d::Zero();
  d(0, 0) = 0.2;
  d(1, 1) = 1.0;  // D = 0.2 + cos(theta+) cos(theta-) changes sign
  f.denominator = TrigPoly2::fromCoefficients(d);
  EXPECT_THROW(analyzeCodim3(f), SolverFailure);
  f = randomField(rng);
  f.c_plus = -1.0;
  EXPECT_THROW(analyzeCodim3(f), InvalidInput);
  f = randomField(rng);
  RationalCodim3Options o;
  o.initial_grid = 1;
  EXPECT_THROW(analyzeCodim3(f, o), InvalidInput);
  for (const int depth : {-1, 41}) {
    RationalCodim3Options bad_depth;
    bad_depth.max_depth = depth;
    EXPECT_THROW(analyzeCodim3(f, bad_depth), InvalidInput);
  }
  // Non-finite coefficients (products keep NaN and infinity) are named, not searched.
  f = randomField(rng);
  f.numerator[1] = f.numerator[1] * std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(analyzeCodim3(f), InvalidInput);
  f = randomField(rng);
  f.denominator = f.denominator * std::numeric_limits<double>::infinity();
  EXPECT_THROW(analyzeCodim3(f), InvalidInput);
}

}  // namespace
}  // namespace nsd::filippov
