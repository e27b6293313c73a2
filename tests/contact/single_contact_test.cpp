#include <nsdkit/contact/single_contact.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/types.hpp>

namespace nsd::contact {
namespace {

TEST(SingleContact, RealizableEqualsPossibleSpatial) {
  // Def 9 (vector field) against the Coulomb cone (possibility) on seeded random bodies and
  // loads; points within 1e-6 of the cone boundary are skipped (tangency there).
  std::mt19937 rng(3);
  std::normal_distribution<double> normal(0.0, 1.0);
  int compared = 0, realizable = 0;
  for (int trial = 0; trial < 400; ++trial) {
    SingleContactBody b;
    b.mass = 1.0 + std::fabs(normal(rng));
    std::uniform_real_distribution<double> entry(-0.4, 0.4);  // seeded, unlike Random()
    const Eigen::Matrix3d l = Eigen::Matrix3d::NullaryExpr([&] { return entry(rng); });
    b.inertia_C_W = l * l.transpose() + 0.1 * Eigen::Matrix3d::Identity();
    b.r_CP_W = Eigen::Vector3d(0.2 * normal(rng), 0.2 * normal(rng), -0.5);
    b.force_external_W = Eigen::Vector3d(3 * normal(rng), 3 * normal(rng), -9.81 * b.mass);
    b.torque_external_W = Eigen::Vector3d(normal(rng), normal(rng), normal(rng));
    b.friction = FrictionLaw::coulomb(0.1 + std::fabs(normal(rng)));
    SingleContactRealizability r;
    try {
      r = analyzeSingleContact(b);
    } catch (const SolverFailure&) {
      continue;  // Painleve configuration: realizability is not defined there
    }
    if (r.contact_loss) continue;
    const double ratio =
        r.sticking_force.tail<2>().norm() / (b.friction.mu_static * r.sticking_force[0]);
    if (std::fabs(ratio - 1.0) < 1e-6) continue;
    EXPECT_EQ(r.realizable, r.possible) << "trial " << trial << " ratio " << ratio;
    ++compared;
    realizable += r.realizable;
  }
  EXPECT_GT(compared, 300);
  EXPECT_GT(realizable, 30);
  EXPECT_LT(realizable, compared - 30);
}

TEST(SingleContact, RealizableEqualsPossiblePlanar) {
  std::mt19937 rng(5);
  std::normal_distribution<double> normal(0.0, 1.0);
  int compared = 0;
  for (int trial = 0; trial < 400; ++trial) {
    PlanarContactBody b;
    b.mass = 1.0 + std::fabs(normal(rng));
    b.inertia_C = 0.1 + std::fabs(normal(rng));
    b.r_CP_W = Eigen::Vector2d(0.3 * normal(rng), -0.5);
    b.force_external_W = Eigen::Vector2d(4 * normal(rng), -9.81 * b.mass);
    b.torque_external = normal(rng);
    b.friction = FrictionLaw::coulomb(0.1 + std::fabs(normal(rng)));
    const auto r = analyzePlanarContact(b);
    if (r.contact_loss) continue;
    const double ratio =
        std::fabs(r.sticking_force[1]) / (b.friction.mu_static * r.sticking_force[0]);
    if (std::fabs(ratio - 1.0) < 1e-9) continue;
    EXPECT_EQ(r.realizable, r.possible) << "trial " << trial;
    ++compared;
  }
  EXPECT_GT(compared, 300);
}

// Def 9, branch by branch, on a homogeneous ball (m = 1 kg, radius 1 m, J = 0.4 kg m^2) on a
// plane with mu = 0.5, loaded by a force F at its centre. Closed form: the contact point's
// Delassus operator is diag(1, 3.5, 3.5) (normal; tangential 1/m + R^2/J) with no coupling,
// so for a slip direction lambda the normal force is N = -F_n, the slip acceleration
// G(lambda) = F_t - 3.5 mu N lambda, and the limit directions (G parallel to lambda) are
// lambda = +-F_t/|F_t| with R = +-|F_t| - 1.75 N (every lambda when F_t = 0, with
// R = -1.75 N). The sticking force is (N, T) = (-F_n, -F_t/3.5): the textbook 2F/7.
struct Def9Row {
  const char* branch;
  Eigen::Vector3d force;  // F [N]; n = +z points into the ball
  filippov::SlidingPointType type;
  bool realizable, possible, contact_loss;
};

SingleContactBody ballOnPlane(const Eigen::Vector3d& force) {
  SingleContactBody b;
  b.mass = 1.0;
  b.inertia_C_W = 0.4 * Eigen::Matrix3d::Identity();
  b.r_CP_W = -Eigen::Vector3d::UnitZ();
  b.friction = FrictionLaw::coulomb(0.5);
  b.force_external_W = force;
  return b;
}

TEST(SingleContact, Def9TableWalksEveryBranch) {
  using filippov::SlidingPointType;
  const Def9Row rows[] = {
      // |F_t| = 7 < 1.75 N = 17.5: R = -10.5 and -24.5.
      {"attracting sliding",
       {4.2, 5.6, -10},
       SlidingPointType::kAttractingSliding,
       true,
       true,
       false},
      // |F_t| = 35: R = +17.5 along F_t, -52.5 against it.
      {"crossing", {21, 28, -10}, SlidingPointType::kCrossing, false, false, false},
      // On the cone: |F_t| = 17.5 = 1.75 N, R = 0 along F_t (exact in binary), -35 against.
      {"marginal (on the cone)", {17.5, 0, -10}, SlidingPointType::kMarginal, false, false, false},
      // Pulled off the plane: N = -10 for every slip, R = 17.5 +- 7 > 0.
      {"repelling, contact loss",
       {4.2, 5.6, 10},
       SlidingPointType::kRepellingSliding,
       false,
       false,
       true},
      {"crossing, contact loss", {21, 28, 10}, SlidingPointType::kCrossing, false, false, true},
      // No tangential load: a continuum of limit directions, all R = -17.5 (or +17.5 lifted).
      {"continuum attracting",
       {0, 0, -10},
       SlidingPointType::kAttractingSliding,
       true,
       true,
       false},
      {"continuum repelling, contact loss",
       {0, 0, 10},
       SlidingPointType::kRepellingSliding,
       false,
       false,
       true},
      // No load at all: G = 0, every direction neutral; N = 0 is contact loss.
      {"no load: continuum of neutral directions",
       {0, 0, 0},
       SlidingPointType::kMarginal,
       false,
       false,
       true},
  };
  for (const Def9Row& row : rows) {
    SCOPED_TRACE(row.branch);
    const SingleContactRealizability r = analyzeSingleContact(ballOnPlane(row.force));
    EXPECT_EQ(filippov::toString(r.analysis.type), filippov::toString(row.type));
    EXPECT_EQ(r.realizable, row.realizable);
    EXPECT_EQ(r.possible, row.possible);
    EXPECT_EQ(r.contact_loss, row.contact_loss);
    const double n = -row.force.z();
    EXPECT_NEAR(r.sticking_force[0], n, 1e-12 * 10);
    EXPECT_LT((r.sticking_force.tail<2>() + row.force.head<2>() / 3.5).norm(), 1e-12 * 10);
    const double f_t = row.force.head<2>().norm();
    if (f_t == 0.0) {
      EXPECT_EQ(r.analysis.report.completeness, filippov::Completeness::kContinuum);
      continue;
    }
    // The two isolated limit directions, along and against F_t, with their closed-form R.
    ASSERT_EQ(r.analysis.directions.size(), 2u);
    for (const auto& d : r.analysis.directions) {
      const double along =
          std::cos(d.phi_rad) * row.force.x() + std::sin(d.phi_rad) * row.force.y();
      EXPECT_NEAR(std::fabs(along), f_t, 1e-9 * f_t);
      EXPECT_NEAR(d.radial, (along > 0 ? f_t : -f_t) - 1.75 * n, 1e-9 * 50);
    }
  }
}

// The branch "no limit direction" of Def 8 cannot be reached by one Coulomb contact, so the
// table above has no row for it. Proof (the notation of analyzeSingleContact): with the Schur
// complement S = W_tt - W_tn W_nt / W_nn (positive definite), the sticking force f_s = -W^-1 a
// and y(lambda) = -mu N(lambda) lambda the friction force of slip lambda, the slip acceleration
// is G(lambda) = S (y(lambda) - f_s,t), and lambda is a limit direction iff
// h(y) = det(y, S (y - f_s,t)) = 0 at y = y(lambda). For K = -a_n != 0 the curve y(lambda)
// winds once around the origin (N = K / D, D > 0), so its image is a Jordan curve around 0;
// h = 0 is a conic through the origin whose complement has only unbounded components
// (a rectangular hyperbola, a pair of lines or a line, since y^T J S y has a traceless symmetric
// part; h = 0 everywhere when S is a multiple of I and f_s,t = 0: a continuum), so h takes both
// signs on the curve and V changes sign: a limit direction exists. For K = 0, G = -S f_s,t is
// constant: two opposite limit directions, or a continuum when it vanishes. Checked here on
// seeded random bodies with every sign of the normal load; with them the Theorem 4 direction
// "realizable implies N > 0 inside the cone" (which makes the contact-loss guard of
// analyzeSingleContact a second line of defence: no input found reaches it).
TEST(SingleContact, EveryOneContactFieldHasALimitDirection) {
  std::mt19937 rng(13);
  std::normal_distribution<double> normal(0.0, 1.0);
  int analysed = 0, lifted = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    SingleContactBody b;
    b.mass = 0.5 + std::fabs(normal(rng));
    std::uniform_real_distribution<double> entry(-0.4, 0.4);
    const Eigen::Matrix3d l = Eigen::Matrix3d::NullaryExpr([&] { return entry(rng); });
    b.inertia_C_W = l * l.transpose() + 0.1 * Eigen::Matrix3d::Identity();
    b.r_CP_W = Eigen::Vector3d(0.3 * normal(rng), 0.3 * normal(rng), -0.5);
    b.force_external_W = 5.0 * Eigen::Vector3d(normal(rng), normal(rng), normal(rng));
    b.torque_external_W = Eigen::Vector3d(normal(rng), normal(rng), normal(rng));
    b.omega_W = Eigen::Vector3d(normal(rng), normal(rng), normal(rng));
    b.friction = FrictionLaw::coulomb(0.05 + std::fabs(normal(rng)));
    SingleContactRealizability r;
    try {
      r = analyzeSingleContact(b);
    } catch (const SolverFailure&) {
      continue;  // Painleve configuration
    }
    ++analysed;
    lifted += r.contact_loss;
    ASSERT_NE(r.analysis.type, filippov::SlidingPointType::kNoLimitDirection) << trial;
    if (r.analysis.type == filippov::SlidingPointType::kAttractingSliding) {
      EXPECT_GT(r.sticking_force[0], 0.0) << trial;
    }
  }
  EXPECT_GT(analysed, 2000);
  EXPECT_GT(lifted, 500);  // both signs of the normal load are exercised
}

TEST(SingleContact, RejectsBadInput) {
  SingleContactBody b;
  b.friction.mu_static = NAN;
  EXPECT_THROW(analyzeSingleContact(b), InvalidInput);
  b = SingleContactBody{};
  b.t1_W = Eigen::Vector3d(0, 0, 1);  // not ⊥ n
  EXPECT_THROW(analyzeSingleContact(b), InvalidInput);
  PlanarContactBody p;
  p.inertia_C = 0;
  EXPECT_THROW(analyzePlanarContact(p), InvalidInput);
  EXPECT_THROW(FrictionLaw::coulomb(-0.2), InvalidInput);
  EXPECT_THROW(FrictionLaw::coulombStribeck(0.3, 0.5, 0.1), InvalidInput);
}

}  // namespace
}  // namespace nsd::contact
