#include <nsdkit/contact/single_contact.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <nsdkit/core/errors.hpp>

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
