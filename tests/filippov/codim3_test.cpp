#include <nsdkit/filippov/codim3.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::filippov {
namespace {

// Orthonormal basis whose first vector is e1 (Gram-Schmidt with fixed helpers).
Eigen::Matrix3d basisWithFirst(const Eigen::Vector3d& e1_raw, const Eigen::Vector3d& helper) {
  const Eigen::Vector3d e1 = e1_raw.normalized();
  const Eigen::Vector3d e2 = (helper - helper.dot(e1) * e1).normalized();
  Eigen::Matrix3d q;
  q << e1, e2, e1.cross(e2);
  return q;
}

// Rayleigh field G(n) = A n, A = Q diag(l) Q^T: limit directions are exactly ±(columns of Q)
// with R = l_k (G ∥ n iff n is an eigenvector).
void expectEigenDirections(const Eigen::Matrix3d& q, const Eigen::Vector3d& l,
                           const SampledCodim3Options& options = {}) {
  const Eigen::Matrix3d a = q * l.asDiagonal() * q.transpose();
  const Codim3Result r = analyzeCodim3([&](const SphereDirection& d) { return a * d.n; }, options);
  ASSERT_EQ(r.directions.size(), 6u);
  for (int k = 0; k < 3; ++k) {
    for (double s : {1.0, -1.0}) {
      const Eigen::Vector3d e = s * q.col(k);
      bool found = false;
      for (const auto& d : r.directions) {
        if ((d.n - e).norm() < 1e-8) {
          found = true;
          EXPECT_NEAR(d.radial, l[k], 1e-8);
          EXPECT_EQ(d.type,
                    l[k] < 0 ? LimitDirectionType::kAttracting : LimitDirectionType::kRepelling);
        }
      }
      EXPECT_TRUE(found) << "missing eigen-direction " << e.transpose();
    }
  }
  // A Rayleigh field varies along the equator arcs, so the corner cells of the parameter squares
  // cannot be resolved and the search must say so rather than claim completeness.
  EXPECT_EQ(r.report.completeness, Completeness::kPossiblyIncomplete);
  EXPECT_LE(r.report.evaluations, options.max_evaluations + 1000);
  EXPECT_EQ(r.type, SlidingPointType::kCrossing);
}

TEST(Codim3, SphereNormalMatchesCheckedFact) {
  // ERRATA "checked facts": n ∝ ±(cot phi+, cot phi-, 1), unit, upper for (0,pi)^2.
  for (double p : {0.3, 1.2, 2.9}) {
    for (double q : {0.1, 1.6, 3.0}) {
      const Eigen::Vector3d up = sphereNormal(p, q);
      const Eigen::Vector3d ref = Eigen::Vector3d(1 / std::tan(p), 1 / std::tan(q), 1).normalized();
      EXPECT_LT((up - ref).norm(), 1e-14);
      EXPECT_LT((sphereNormal(p + kPi, q + kPi) + ref).norm(), 1e-14);
      const SphereDirection d = sphereDirection(up);
      EXPECT_NEAR(d.phi_plus, p, 1e-14);
      EXPECT_NEAR(d.phi_minus, q, 1e-14);
      // cos/sin taken from n (no trigonometric functions) agree with those of the angles.
      EXPECT_NEAR(d.cos_phi_plus, std::cos(p), 1e-14);
      EXPECT_NEAR(d.sin_phi_plus, std::sin(p), 1e-14);
      EXPECT_NEAR(d.cos_phi_minus, std::cos(q), 1e-14);
      EXPECT_NEAR(d.sin_phi_minus, std::sin(q), 1e-14);
    }
  }
  // A limit direction on the equator arc (phi+, phi-) = (pi, 0): cos/sin exactly (-1, 0), (1, 0).
  Codim3LimitDirection arc;
  arc.phi_plus = kPi;
  arc.phi_minus = 0.0;
  arc.n = Eigen::Vector3d(-0.6, 0.8, 0.0);
  const SphereDirection a = arc.asSphereDirection();
  EXPECT_EQ(a.cos_phi_plus, -1.0);
  EXPECT_EQ(a.sin_phi_plus, 0.0);
  EXPECT_EQ(a.cos_phi_minus, 1.0);
  EXPECT_EQ(a.sin_phi_minus, 0.0);
  EXPECT_THROW(sphereNormal(0.5, 4.0), InvalidInput);  // mixed hemispheres
  EXPECT_THROW(sphereNormal(0.0, 1.0), InvalidInput);  // singular edge
}

TEST(Codim3, RayleighFieldGenericEigenvectors) {
  expectEigenDirections(basisWithFirst({0.3, -0.5, 0.8}, {1, 0.2, 0.1}), {-3.0, -1.0, 2.0});
}

TEST(Codim3, RootsNearTheSingularArcsAndExcludedPoints) {
  // An eigenvector 1e-4 above the equator (near an arc), and one near the point (1,0,0) where
  // the sphere meets Sigma- (an excluded point).
  expectEigenDirections(basisWithFirst({0.6, 0.8, 1e-4}, {0, 0.3, 1}), {-2.0, 1.0, 3.0});
  expectEigenDirections(basisWithFirst({1.0, 1e-4, 2e-4}, {0.2, 1, 0.5}), {-2.0, 0.5, 1.5});
}

TEST(Codim3, ConstantFieldHasItsLimitDirectionsOnTheArcs) {
  // G = w with w_c = 0: G ∥ n exactly at n = ±w/|w|, both on equator arcs; R = ±|w|.
  const Eigen::Vector3d w(1.0, 2.0, 0.0);
  const Codim3Result r = analyzeCodim3([&](const SphereDirection&) { return w; });
  ASSERT_EQ(r.directions.size(), 2u);
  for (const auto& d : r.directions) {
    EXPECT_TRUE(d.on_equator_arc);
    EXPECT_LT(std::min((d.n - w.normalized()).norm(), (d.n + w.normalized()).norm()), 1e-10);
    EXPECT_NEAR(std::fabs(d.radial), w.norm(), 1e-10);
  }
  EXPECT_EQ(r.type, SlidingPointType::kCrossing);
  // With the paper's literal Def 10 the arcs count at their midpoints whenever V~ = 0.
  SampledCodim3Options literal;
  literal.arc_rule = ArcRule::kPaperMidpoint;
  EXPECT_EQ(analyzeCodim3([&](const SphereDirection&) { return w; }, literal).directions.size(),
            4u);
}

TEST(Codim3, WhirlingFieldHasNoLimitDirection) {
  // G = n+(phi+ + pi/2): V+ = 1 everywhere, and G_c = ±1 on the arcs.
  const Codim3Result r = analyzeCodim3([](const SphereDirection& d) {
    return Eigen::Vector3d(-std::sin(d.phi_plus), 0.0, std::cos(d.phi_plus));
  });
  EXPECT_TRUE(r.directions.empty());
  EXPECT_EQ(r.type, SlidingPointType::kNoLimitDirection);
}

// Reference: dense grid on both squares, cells where V+ and V- both change sign, Newton polish.
std::vector<Eigen::Vector2d> bruteForceRoots(const SphereField& g, int cells) {
  std::vector<Eigen::Vector2d> roots;
  auto value = [&](double p, double q) {
    const Eigen::Vector3d gg = g(SphereDirection::make(sphereNormal(p, q), p, q));
    return Eigen::Vector2d(-gg[0] * std::sin(p) + gg[2] * std::cos(p),
                           -gg[1] * std::sin(q) + gg[2] * std::cos(q));
  };
  for (double base : {0.0, kPi}) {
    const double h = kPi / cells;
    std::vector<Eigen::Vector2d> grid(static_cast<std::size_t>((cells + 1) * (cells + 1)));
    auto at = [&](int i, int j) -> Eigen::Vector2d& {
      return grid[static_cast<std::size_t>(j * (cells + 1) + i)];
    };
    const double e = 1e-9;  // stay off the singular edges
    auto coord = [&](int i) { return base + std::clamp(i * h, e, kPi - e); };
    for (int j = 0; j <= cells; ++j)
      for (int i = 0; i <= cells; ++i) at(i, j) = value(coord(i), coord(j));
    for (int j = 0; j < cells; ++j) {
      for (int i = 0; i < cells; ++i) {
        bool change[2];
        for (int c = 0; c < 2; ++c) {
          const double a = at(i, j)[c], b = at(i + 1, j)[c], d = at(i, j + 1)[c],
                       f = at(i + 1, j + 1)[c];
          change[c] = std::min({a, b, d, f}) <= 0 && std::max({a, b, d, f}) >= 0;
        }
        if (!change[0] || !change[1]) continue;
        Eigen::Vector2d x(coord(i) + 0.5 * h, coord(j) + 0.5 * h);
        for (int it = 0; it < 50; ++it) {
          const Eigen::Vector2d f = value(x[0], x[1]);
          Eigen::Matrix2d jac;
          jac.col(0) = (value(x[0] + 1e-7, x[1]) - f) / 1e-7;
          jac.col(1) = (value(x[0], x[1] + 1e-7) - f) / 1e-7;
          x -= jac.lu().solve(f);
          if (!(x[0] > base && x[0] < base + kPi && x[1] > base && x[1] < base + kPi)) break;
        }
        if (!(x[0] > base && x[0] < base + kPi && x[1] > base && x[1] < base + kPi)) continue;
        if (value(x[0], x[1]).norm() > 1e-9) continue;
        bool dup = false;
        for (const auto& r : roots) dup |= (r - x).norm() < 1e-7;
        if (!dup) roots.push_back(x);
      }
    }
  }
  return roots;
}

// Compares a search result with the brute-force roots: same roots in the squares (1e-7 rad),
// types from R of the field at the reference root.
void expectBruteForceRoots(const SphereField& g, const Codim3Result& r,
                           const std::vector<Eigen::Vector2d>& reference, const std::string& what) {
  std::size_t square_roots = 0;
  for (const auto& d : r.directions) square_roots += !d.on_equator_arc;
  EXPECT_EQ(square_roots, reference.size()) << what;
  for (const auto& x : reference) {
    bool found = false;
    for (const auto& d : r.directions) {
      if (std::hypot(d.phi_plus - x[0], d.phi_minus - x[1]) < 1e-7) {
        found = true;
        const SphereDirection sd = SphereDirection::make(sphereNormal(x[0], x[1]), x[0], x[1]);
        const double radial = g(sd).dot(sd.n);
        EXPECT_EQ(d.type,
                  radial < 0 ? LimitDirectionType::kAttracting : LimitDirectionType::kRepelling)
            << what;
      }
    }
    EXPECT_TRUE(found) << what << " missed root " << x.transpose();
  }
}

bool usedBilinearFit(const Codim3Result& r) {
  return std::string(r.report.method).find("bilinear fit") != std::string::npos;
}

TEST(Codim3, RandomCoulombLikeFieldsMatchBruteForce) {
  // Property test on seeded random fields of the Coulomb structure of F_SS:
  // G = g0 + C+ (cos phi+, sin phi+) + C- (cos phi-, sin phi-) + P (cos phi+ sin phi-,
  // sin phi+ cos phi-) (products: still degree (1, 1)). Reference: brute force on
  // 2 x 320^2 > 2e5 directions. Same roots (1e-7 rad), same types; Brouwer degree verified.
  // Both routes of sampled fields: the bilinear fit (40 evaluations + one per root, checked on
  // the field) and, with the fit disabled, the quadtree search.
  std::mt19937 rng(7);
  std::normal_distribution<double> normal(0.0, 1.0);
  int total_roots = 0;
  for (int trial = 0; trial < 40; ++trial) {
    Eigen::Vector3d g0;
    Eigen::Matrix<double, 3, 2> cp, cm, products;
    for (int k = 0; k < 3; ++k) {
      g0[k] = normal(rng);
      cp(k, 0) = normal(rng);
      cp(k, 1) = normal(rng);
      cm(k, 0) = normal(rng);
      cm(k, 1) = normal(rng);
      products(k, 0) = trial % 2 == 0 ? 0.0 : 0.5 * normal(rng);
      products(k, 1) = trial % 2 == 0 ? 0.0 : 0.5 * normal(rng);
    }
    const SphereField g = [&](const SphereDirection& d) -> Eigen::Vector3d {
      const double cp1 = std::cos(d.phi_plus), sp1 = std::sin(d.phi_plus);
      const double cm1 = std::cos(d.phi_minus), sm1 = std::sin(d.phi_minus);
      return g0 + cp * Eigen::Vector2d(cp1, sp1) + cm * Eigen::Vector2d(cm1, sm1) +
             products * Eigen::Vector2d(cp1 * sm1, sp1 * cm1);
    };
    const auto reference = bruteForceRoots(g, 320);
    for (bool fit : {true, false}) {
      SampledCodim3Options o;
      o.verify_degree = !fit;  // the degree check runs on the quadtree (it skips the fit)
      o.fit_bilinear_fields = fit;
      const Codim3Result r = analyzeCodim3(g, o);
      const std::string what = "trial " + std::to_string(trial) + (fit ? " (fit)" : " (quadtree)");
      expectBruteForceRoots(g, r, reference, what);
      EXPECT_EQ(usedBilinearFit(r), fit) << what;
      if (fit) {
        EXPECT_EQ(r.report.evaluations, 40 + static_cast<int>(r.directions.size())) << what;
        EXPECT_EQ(r.report.completeness, Completeness::kEstimatedBounds) << what;
        for (const auto& d : r.directions) EXPECT_LE(d.residual, r.report.value_tolerance);
      } else {
        EXPECT_TRUE(r.degree_consistent) << what;
      }
    }
    total_roots += static_cast<int>(reference.size());
  }
  EXPECT_GT(total_roots, 40);
}

TEST(Codim3, FieldsBeyondTheBilinearFitFallBackToTheQuadtree) {
  // Degree-2 terms (cos 2 phi+, sin 2 phi-) in a Coulomb-like field: the fit of degree (1, 1)
  // misses the samples, so the quadtree search runs (its report counts the 40 evaluations of
  // the attempt) and must still match the brute force.
  std::mt19937 rng(11);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (int trial = 0; trial < 8; ++trial) {
    Eigen::Vector3d g0, second;
    Eigen::Matrix<double, 3, 2> cp, cm;
    for (int k = 0; k < 3; ++k) {
      g0[k] = normal(rng);
      second[k] = 0.4 * normal(rng);
      cp(k, 0) = normal(rng);
      cp(k, 1) = normal(rng);
      cm(k, 0) = normal(rng);
      cm(k, 1) = normal(rng);
    }
    const SphereField g = [&](const SphereDirection& d) -> Eigen::Vector3d {
      return g0 + cp * Eigen::Vector2d(std::cos(d.phi_plus), std::sin(d.phi_plus)) +
             cm * Eigen::Vector2d(std::cos(d.phi_minus), std::sin(d.phi_minus)) +
             second * (std::cos(2.0 * d.phi_plus) + std::sin(2.0 * d.phi_minus));
    };
    const Codim3Result r = analyzeCodim3(g);
    const std::string what = "trial " + std::to_string(trial);
    EXPECT_FALSE(usedBilinearFit(r)) << what;
    EXPECT_GT(r.report.evaluations, 40) << what;
    expectBruteForceRoots(g, r, bruteForceRoots(g, 320), what);
  }
}

TEST(Codim3, RejectsNonFiniteField) {
  EXPECT_THROW(analyzeCodim3([](const SphereDirection& d) {
                 return Eigen::Vector3d(d.phi_plus > 4 ? NAN : 1.0, 0.0, 1.0);
               }),
               InvalidInput);
  SampledCodim3Options bad;
  bad.initial_grid = 1;
  EXPECT_THROW(analyzeCodim3([](const SphereDirection&) { return Eigen::Vector3d(1, 0, 0); }, bad),
               InvalidInput);
}

}  // namespace
}  // namespace nsd::filippov
