#include <nsdkit/contact/two_contact_body.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <random>

#include <nsdkit/core/errors.hpp>

namespace nsd::contact {
namespace {

TwoContactBody trough() {
  TwoContactBody b;
  b.mass = 2.0;
  b.inertia_C_W = 0.4 * 2.0 * 0.01 * Eigen::Matrix3d::Identity();
  b.r_CPplus_W = -0.1 * Eigen::Vector3d::UnitY();
  b.r_CPminus_W = -0.1 * Eigen::Vector3d::UnitX();
  b.n_plus_W = Eigen::Vector3d::UnitY();
  b.n_minus_W = Eigen::Vector3d::UnitX();
  b.force_external_W = -2.0 * 9.81 / std::sqrt(2.0) * Eigen::Vector3d(1, 1, 0);
  b.torque_external_W = Eigen::Vector3d(0.1, -0.05, 0.02);
  return b;
}

// A random body at a random rolling rate Omega_a (the state, drawn with the body).
TwoContactDynamics randomDynamics(std::mt19937& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  auto vec = [&] { return Eigen::Vector3d(normal(rng), normal(rng), normal(rng)); };
  TwoContactBody b;
  b.mass = 0.5 + std::fabs(normal(rng));
  std::uniform_real_distribution<double> entry(-0.3, 0.3);  // seeded, unlike Random()
  const Eigen::Matrix3d l = Eigen::Matrix3d::NullaryExpr([&] { return entry(rng); });
  b.inertia_C_W = l * l.transpose() + 0.2 * Eigen::Matrix3d::Identity();
  b.n_plus_W = (Eigen::Vector3d(0, 1, 0) + 0.3 * vec()).normalized();
  b.n_minus_W = (Eigen::Vector3d(1, 0, 0) + 0.3 * vec()).normalized();
  b.r_CPplus_W = -0.5 * b.n_plus_W + 0.1 * vec();
  b.r_CPminus_W = -0.5 * b.n_minus_W + 0.1 * vec();
  b.force_external_W = -9.81 * b.mass * (b.n_plus_W + b.n_minus_W).normalized() + 0.5 * vec();
  b.torque_external_W = 0.3 * vec();
  const double omega_a = normal(rng);
  b.friction_plus = FrictionLaw::coulomb(0.2 + 0.3 * std::fabs(normal(rng)));
  b.friction_minus = FrictionLaw::coulomb(0.2 + 0.3 * std::fabs(normal(rng)));
  return TwoContactDynamics(b, rollingAngularVelocity(b, omega_a));
}

// Independent check of Newton-Euler (14) for a force solution f in contact coordinates.
void expectNewtonEuler(const TwoContactDynamics& dyn, const QuasiAccelerations& q) {
  const TwoContactBody& b = dyn.body();
  const ContactBases& k = dyn.bases();
  const auto& f = q.contact_forces;
  const Eigen::Vector3d fp = f[0] * b.n_plus_W + f[1] * k.t1_plus_W + f[2] * k.t2_plus_W;
  const Eigen::Vector3d fm = f[3] * b.n_minus_W + f[4] * k.t1_minus_W + f[5] * k.t2_minus_W;
  const Eigen::Vector3d& omega = dyn.angularVelocity();
  // Residuals relative to the load scale; 1e-11 covers a few roundings of O(10) quantities.
  EXPECT_LT((b.mass * q.dv_C_W - (fp + fm + b.force_external_W)).norm(), 1e-11 * (1 + fp.norm()));
  EXPECT_LT((b.inertia_C_W * q.domega_W + omega.cross(b.inertia_C_W * omega) -
             (b.r_CPplus_W.cross(fp) + b.r_CPminus_W.cross(fm) + b.torque_external_W))
                .norm(),
            1e-11 * (1 + fp.norm()));
  // Normal contact persists: normal acceleration of both contact points vanishes.
  const Eigen::Vector3d ap = q.dv_C_W + q.domega_W.cross(b.r_CPplus_W);
  const Eigen::Vector3d am = q.dv_C_W + q.domega_W.cross(b.r_CPminus_W);
  EXPECT_NEAR(ap.dot(b.n_plus_W), 0.0, 1e-10);
  EXPECT_NEAR(am.dot(b.n_minus_W), 0.0, 1e-10);
  EXPECT_NEAR(q.du1_plus, ap.dot(k.t1_plus_W), 1e-10);
  EXPECT_NEAR(q.du1_minus, am.dot(k.t1_minus_W), 1e-10);
  EXPECT_NEAR(q.du_a, ap.dot(k.a_W), 1e-10);
}

TEST(ContactBases, TroughMatchesEq69WithErrata) {
  const TwoContactBody b = trough();
  const ContactBases k = contactBases(b.r_CPplus_W, b.r_CPminus_W, b.n_plus_W, b.n_minus_W);
  // Exact unit vectors up to one rounding of 1/sqrt2.
  EXPECT_LT((k.a_W - Eigen::Vector3d(1, -1, 0) / std::sqrt(2.0)).norm(), 1e-15);
  EXPECT_LT((k.t1_plus_W - Eigen::Vector3d::UnitZ()).norm(), 1e-15);
  EXPECT_LT((k.t1_minus_W - Eigen::Vector3d::UnitZ()).norm(), 1e-15);
  EXPECT_LT((k.t2_plus_W - Eigen::Vector3d::UnitX()).norm(), 1e-15);
  EXPECT_LT((k.t2_minus_W + Eigen::Vector3d::UnitY()).norm(), 1e-15);  // ERRATA item 1
  EXPECT_NEAR(k.c_plus, std::sqrt(2.0), 1e-15);                        // ERRATA item 5
  EXPECT_NEAR(k.c_minus, std::sqrt(2.0), 1e-15);
}

TEST(ContactBases, RejectsDegenerateGeometry) {
  const Eigen::Vector3d x = Eigen::Vector3d::UnitX(), y = Eigen::Vector3d::UnitY();
  EXPECT_THROW(contactBases(-y, -y, y, x), InvalidInput);  // coincident points
  EXPECT_THROW(contactBases(-y, y, y, x), InvalidInput);   // r+ - r- ∥ n+
  EXPECT_THROW(contactBases(-y, -x, y, Eigen::Vector3d(1, -1, 0).normalized()), InvalidInput);
  EXPECT_THROW(contactBases(-y, -x, 2 * y, x), InvalidInput);  // non-unit normal
  TwoContactBody b = trough();
  b.inertia_C_W(0, 0) = -1;
  EXPECT_THROW(TwoContactDynamics{b}, InvalidInput);
  b = trough();
  b.friction_plus.mu_static = -0.1;
  EXPECT_THROW(TwoContactDynamics{b}, InvalidInput);
  b = trough();
  b.torque_external_W[2] = NAN;
  EXPECT_THROW(TwoContactDynamics{b}, InvalidInput);
  b = trough();
  b.mass = 0;
  EXPECT_THROW(TwoContactDynamics{b}, InvalidInput);
}

TEST(TwoContactDynamics, AllCasesSatisfyNewtonEulerOnRandomBodies) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 50; ++trial) {
    const TwoContactDynamics dyn = randomDynamics(rng);
    const double phi_p = 0.3 + trial * 0.11, phi_m = 2.0 - trial * 0.07;
    const Eigen::Vector2d lp(std::cos(phi_p), std::sin(phi_p)),
        lm(std::cos(phi_m), std::sin(phi_m));
    const QuasiAccelerations ss = dyn.slipSlip(lp, lm);
    expectNewtonEuler(dyn, ss);
    // Coulomb slip forces (44): T = -mu N lambda.
    EXPECT_NEAR(ss.contact_forces[1], -dyn.body().friction_plus.mu_static * ss.normal_plus * lp[0],
                1e-12);
    EXPECT_NEAR(ss.contact_forces[5],
                -dyn.body().friction_minus.mu_static * ss.normal_minus * lm[1], 1e-12);
    for (int sigma : {1, -1}) {
      const QuasiAccelerations rs = dyn.rollSlip(sigma);
      expectNewtonEuler(dyn, rs);
      EXPECT_NEAR(rs.du1_plus, 0.0, 1e-10);  // rolling at P+
      EXPECT_NEAR(rs.du_a, 0.0, 1e-10);
      const QuasiAccelerations sr = dyn.slipRoll(sigma);
      expectNewtonEuler(dyn, sr);
      EXPECT_NEAR(sr.du1_minus, 0.0, 1e-10);
    }
    const RollingRollingResult rr = dyn.rollRoll();
    expectNewtonEuler(dyn, rr.accelerations);
    EXPECT_NEAR(rr.accelerations.du1_plus, 0.0, 1e-10);
    EXPECT_NEAR(rr.accelerations.du1_minus, 0.0, 1e-10);
    EXPECT_NEAR(rr.accelerations.du_a, 0.0, 1e-10);
    // Table 2: exactly one undetermined force direction, the squeeze +a at P+, -a at P-.
    ASSERT_EQ(rr.free_force_directions.cols(), 1);
    const auto& k = dyn.bases();
    const auto& b = dyn.body();
    Eigen::Matrix<double, 6, 1> squeeze;
    squeeze << k.a_W.dot(b.n_plus_W), k.a_W.dot(k.t1_plus_W), k.a_W.dot(k.t2_plus_W),
        -k.a_W.dot(b.n_minus_W), -k.a_W.dot(k.t1_minus_W), -k.a_W.dot(k.t2_minus_W);
    squeeze.normalize();
    EXPECT_NEAR(std::fabs(rr.free_force_directions.col(0).dot(squeeze)), 1.0, 1e-10);
    // The fast SS path equals the full one.
    const auto d = filippov::SphereDirection::make(filippov::sphereNormal(1.0, 2.5), 1.0, 2.5);
    EXPECT_LT((dyn.slipSlipLimitNormalPart(d) - dyn.slipSlipLimit(d).normalPart()).norm(), 1e-10);
  }
}

TEST(TwoContactDynamics, RealizabilityReportsEveryEscape) {
  TwoContactBody b = trough();
  b.torque_external_W.setZero();
  const auto at_rest = TwoContactDynamics(b).analyzeRealizability();
  EXPECT_TRUE(at_rest.realizable);
  EXPECT_TRUE(at_rest.escapes.empty());
  b.torque_external_W = Eigen::Vector3d(0, 0, 1.1);  // m_z = 0.79 > m_z3: two-point slip only
  const auto spun = TwoContactDynamics(b).analyzeRealizability();
  EXPECT_FALSE(spun.realizable);
  ASSERT_EQ(spun.escapes.size(), 1u);
  EXPECT_EQ(spun.escapes[0], EscapeMode::kSS);
  EXPECT_FALSE(spun.offending_ss_directions.empty());
  for (const auto& d : spun.offending_ss_directions) {
    EXPECT_NE(d.type, filippov::LimitDirectionType::kAttracting);
  }
}

// The RR solve is reported but not part of Def 11: switching it off (as the classifiers do)
// leaves the verdict, escapes and SS directions unchanged and rr default; switched on, rr is
// the direct rollRoll() solve.
TEST(TwoContactDynamics, RollRollAnalysisIsOptionalAndDoesNotChangeTheVerdict) {
  std::mt19937 rng(29);
  RealizabilityOptions without_rr;
  without_rr.analyze_roll_roll = false;
  int analyzed = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const TwoContactDynamics dyn = randomDynamics(rng);
    TwoPointRealizability full;
    try {
      full = dyn.analyzeRealizability();
    } catch (const SolverFailure&) {  // Painleve-type random body: both must refuse it
      EXPECT_THROW(dyn.analyzeRealizability(without_rr), SolverFailure);
      continue;
    }
    ++analyzed;
    const TwoPointRealizability lean = dyn.analyzeRealizability(without_rr);
    EXPECT_EQ(full.realizable, lean.realizable);
    EXPECT_EQ(full.escapes, lean.escapes);
    ASSERT_EQ(full.ss.directions.size(), lean.ss.directions.size());
    for (std::size_t i = 0; i < full.ss.directions.size(); ++i) {
      EXPECT_EQ(full.ss.directions[i].n, lean.ss.directions[i].n);
    }
    ASSERT_EQ(full.rr.free_force_directions.cols(), 1);
    EXPECT_EQ(full.rr.free_force_directions, dyn.rollRoll().free_force_directions);
    EXPECT_EQ(lean.rr.free_force_directions.size(), 0);
  }
  EXPECT_GE(analyzed, 10);
}

}  // namespace
}  // namespace nsd::contact

namespace nsd::contact {
namespace {

TEST(TwoContactDynamics, RationalSlipSlipFieldEqualsTheDirectSolve) {
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> angle(0.05, 3.09);
  int compared = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const TwoContactDynamics dyn = randomDynamics(rng);
    filippov::TrigRationalSphereField field;
    try {
      field = dyn.slipSlipRationalField();
    } catch (const SolverFailure&) {
      continue;  // Painleve-type random body
    }
    for (int k = 0; k < 10; ++k) {
      const double p = angle(rng), q = angle(rng), base = (k % 2) * 3.14159265358979323846;
      const auto d = filippov::SphereDirection::make(filippov::sphereNormal(base + p, base + q),
                                                     base + p, base + q);
      Eigen::Vector3d direct;
      try {
        direct = dyn.slipSlipLimitNormalPart(d);
      } catch (const SolverFailure&) {
        continue;
      }
      // Both evaluate the same rational function; 1e-10 relative covers the 2x2 solve.
      EXPECT_LT((field.value(d) - direct).norm(), 1e-10 * (1.0 + direct.norm()));
      ++compared;
    }
  }
  // Most random bodies are not of Painleve type: the comparison is not skipped away.
  EXPECT_GE(compared, 300);
}

TEST(TwoContactDynamics, RationalAndSampledSlipSlipSearchesGiveTheSameVerdict) {
  std::mt19937 rng(22);
  int compared = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const TwoContactDynamics dyn = randomDynamics(rng);
    RealizabilityOptions rational, sampled;
    rational.ss_rational.certify = true;  // the interval re-check on real contact fields
    sampled.ss_search = SlipSlipSearch::kSampledField;
    TwoPointRealizability a, b;
    try {
      a = dyn.analyzeRealizability(rational);
      b = dyn.analyzeRealizability(sampled);
    } catch (const SolverFailure&) {
      continue;
    }
    if (b.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete) continue;
    SCOPED_TRACE(trial);
    EXPECT_EQ(a.realizable, b.realizable);
    EXPECT_EQ(a.escapes, b.escapes);
    ASSERT_EQ(a.ss.directions.size(), b.ss.directions.size());
    EXPECT_EQ(a.ss.report.completeness, filippov::Completeness::kCertified);
    ++compared;
  }
  EXPECT_GE(compared, 30);
}

}  // namespace
}  // namespace nsd::contact
