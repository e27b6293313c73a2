#include <nsdkit/contact/two_contact_body.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <nsdkit/core/errors.hpp>

#include "../support/random_two_contact_dynamics.hpp"

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
    const TwoContactDynamics dyn = test::randomWallDynamics(rng);
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

// setExternalLoads and the cache: the dynamics of a body whose loads changed equals, bit for
// bit, the dynamics built from scratch with those loads (the same free accelerations, the same
// Def 11 analysis: escapes, SS directions and their angles); any other change builds anew.
TEST(TwoContactDynamicsCache, ReusedDynamicsEqualFreshOnesBitForBit) {
  std::mt19937 rng(5);
  std::normal_distribution<double> normal(0.0, 1.0);
  TwoContactDynamicsCache cache;
  RealizabilityOptions options;
  options.analyze_roll_roll = false;
  int analysed = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const TwoContactDynamics base = test::randomWallDynamics(rng);
    for (int load = 0; load < 5; ++load) {
      TwoContactBody body = base.body();
      body.torque_external_W += 0.5 * Eigen::Vector3d(normal(rng), normal(rng), normal(rng));
      body.force_external_W += 0.5 * Eigen::Vector3d(normal(rng), normal(rng), normal(rng));
      const TwoContactDynamics fresh(body, base.angularVelocity());
      const TwoContactDynamics& reused = cache.at(body, base.angularVelocity());
      ASSERT_TRUE(reused.freeAcceleration() == fresh.freeAcceleration()) << trial << "/" << load;
      TwoPointRealizability a;
      try {
        a = fresh.analyzeRealizability(options);
      } catch (const SolverFailure&) {  // a Painleve-type random body: both must refuse it
        EXPECT_THROW(reused.analyzeRealizability(options), SolverFailure);
        continue;
      }
      const TwoPointRealizability b = reused.analyzeRealizability(options);
      ++analysed;
      ASSERT_EQ(a.escapes, b.escapes);
      ASSERT_EQ(a.ss.directions.size(), b.ss.directions.size());
      for (std::size_t i = 0; i < a.ss.directions.size(); ++i) {
        EXPECT_EQ(a.ss.directions[i].phi_plus, b.ss.directions[i].phi_plus);
        EXPECT_EQ(a.ss.directions[i].phi_minus, b.ss.directions[i].phi_minus);
        EXPECT_EQ(a.ss.directions[i].type, b.ss.directions[i].type);
      }
    }
  }
  // One construction per body (its first load), reuses for the other four loads.
  EXPECT_EQ(cache.builds(), 40u);
  EXPECT_EQ(cache.reuses(), 160u);
  EXPECT_GT(analysed, 150);  // nearly all random bodies are analysable
}

// slipSlipNormalForcesPositiveEverywhere against the direct SS solve (slipSlip, eq. (46)) on a
// grid of slip directions: where it says yes, every sampled N± is positive (the claim the
// sweeps' shortcut relies on; it may say no without a loss, when D's sign is not shown by its
// coefficients). Random bodies under random loads, a third of them pulled off their surfaces,
// give both yes and bodies with sampled losses (which must all be noes).
TEST(TwoContactDynamics, NormalForcesPositiveEverywhereAgreesWithTheDirectSolve) {
  std::mt19937 rng(9);
  std::normal_distribution<double> normal(0.0, 1.0);
  int yes = 0, losses = 0;
  for (int trial = 0; trial < 150; ++trial) {
    TwoContactBody body = test::randomWallDynamics(rng).body();
    if (trial % 3 == 0) body.force_external_W *= -0.3 * std::fabs(normal(rng));  // pulled away
    body.force_external_W += 3.0 * Eigen::Vector3d(normal(rng), normal(rng), normal(rng));
    const TwoContactDynamics dyn(body);
    double lowest = INFINITY, scale = 0.0;
    bool singular = false;
    for (int i = 0; i < 128 && !singular; ++i) {
      for (int j = 0; j < 128; ++j) {
        const double a = 2.0 * 3.141592653589793 * (i + 0.5) / 128;
        const double b = 2.0 * 3.141592653589793 * (j + 0.5) / 128;
        try {
          const QuasiAccelerations q =
              dyn.slipSlip(Eigen::Vector2d(std::cos(a), std::sin(a)),
                           Eigen::Vector2d(std::cos(b), std::sin(b)));
          lowest = std::min({lowest, q.normal_plus, q.normal_minus});
          scale = std::max({scale, std::fabs(q.normal_plus), std::fabs(q.normal_minus)});
        } catch (const SolverFailure&) {  // Painleve-type: D changes sign, no claim is made
          singular = true;
          break;
        }
      }
    }
    if (singular) continue;
    losses += lowest <= 0.0;
    if (dyn.slipSlipNormalForcesPositiveEverywhere()) {
      ++yes;
      EXPECT_GT(lowest, 1e-9 * scale) << "trial " << trial;
    }
  }
  EXPECT_GT(yes, 20);
  EXPECT_GT(losses, 20);
}

TEST(TwoContactDynamicsCache, AnyChangeButTheLoadsBuildsAnewWithTheConstructorsChecks) {
  TwoContactDynamicsCache cache;
  const TwoContactBody body = trough();
  cache.at(body, Eigen::Vector3d::Zero());
  TwoContactBody other_mu = body;
  other_mu.friction_plus = FrictionLaw::coulomb(0.31);
  EXPECT_EQ(cache.at(other_mu, Eigen::Vector3d::Zero()).body().friction_plus.mu_static, 0.31);
  cache.at(other_mu, Eigen::Vector3d(0.0, 0.0, 1e-300));  // another angular velocity
  TwoContactBody moved = other_mu;
  moved.r_CPplus_W[2] = 1e-3;
  cache.at(moved, Eigen::Vector3d(0.0, 0.0, 1e-300));
  EXPECT_EQ(cache.builds(), 4u);
  EXPECT_EQ(cache.reuses(), 0u);
  // A NaN load is refused, naming it, whether the geometry is cached or not.
  TwoContactBody nan_torque = moved;
  nan_torque.torque_external_W[1] = std::nan("");
  try {
    cache.at(nan_torque, Eigen::Vector3d(0.0, 0.0, 1e-300));
    FAIL() << "a NaN torque was accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("external torque M_e"), std::string::npos) << e.what();
  }
  // A NaN in the geometry never compares equal: the constructor refuses it.
  TwoContactBody nan_inertia = moved;
  nan_inertia.inertia_C_W(0, 0) = std::nan("");
  EXPECT_THROW(cache.at(nan_inertia, Eigen::Vector3d::Zero()), InvalidInput);
  // After a refusal the next body is built from scratch and is right.
  const TwoContactDynamics& again = cache.at(body, Eigen::Vector3d::Zero());
  EXPECT_TRUE(again.freeAcceleration() == TwoContactDynamics(body).freeAcceleration());
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

// Def 11, branch by branch: bodies on the walls n+ = y, n- = x (mass 1 kg, J = L L^T + 0.2 I,
// mu = 0.5 at both contacts), each chosen (by a seeded search over bodies with loads of two
// decimals) so that one branch decides. Every verdict is checked twice: against the row's
// escapes, and against an independent route for the one-point slips: the RS (SR) motion solved
// here directly from Newton-Euler with the rolling point's acceleration and the slipping point's
// normal acceleration set to zero (ten unknowns: dv, domega, the rolling point's force, N of the
// slipping point), classified by hand (Def 4: attracting iff du1 < 0 for the slip u1 > 0 and
// du1 > 0 for u1 < 0; an escape also where N+ or N- <= 0). The margins are wide: every normal
// component and normal force below is at least 0.06 from zero against loads of ~10.
struct Def11Row {
  const char* branch;
  Eigen::Matrix3d l;  // J = L L^T + 0.2 I [kg m^2]
  Eigen::Vector3d r_plus, r_minus, force, torque;
  std::vector<EscapeMode> escapes;
};

TwoContactBody wallBody(const Def11Row& row) {
  TwoContactBody b;
  b.mass = 1.0;
  b.inertia_C_W = row.l * row.l.transpose() + 0.2 * Eigen::Matrix3d::Identity();
  b.r_CPplus_W = row.r_plus;
  b.r_CPminus_W = row.r_minus;
  b.n_plus_W = Eigen::Vector3d::UnitY();
  b.n_minus_W = Eigen::Vector3d::UnitX();
  b.force_external_W = row.force;
  b.torque_external_W = row.torque;
  b.friction_plus = FrictionLaw::coulomb(0.5);
  b.friction_minus = FrictionLaw::coulomb(0.5);
  return b;
}

/// One-point slip solved directly (at rest: no gyroscopic or bias terms): the point `rolling`
/// (0: P+, 1: P-) rolls, the other slips along its t1 = a x n / |a x n| with sign sigma.
struct DirectSlip {
  double du1 = 0.0;             // slip acceleration of the slipping point along its t1
  double normal_rolling = 0.0;  // N at the rolling point
  double normal_slipping = 0.0;
};

DirectSlip directOnePointSlip(const TwoContactBody& b, int rolling, int sigma) {
  const Eigen::Vector3d r_roll = rolling == 0 ? b.r_CPplus_W : b.r_CPminus_W;
  const Eigen::Vector3d r_slip = rolling == 0 ? b.r_CPminus_W : b.r_CPplus_W;
  const Eigen::Vector3d n_roll = rolling == 0 ? b.n_plus_W : b.n_minus_W;
  const Eigen::Vector3d n_slip = rolling == 0 ? b.n_minus_W : b.n_plus_W;
  const double mu = (rolling == 0 ? b.friction_minus : b.friction_plus).mu_static;
  const Eigen::Vector3d a = (b.r_CPplus_W - b.r_CPminus_W).normalized();
  const Eigen::Vector3d t1 = a.cross(n_slip).normalized();
  const Eigen::Vector3d slip_force = n_slip - sigma * mu * t1;  // per unit N of the slipping point
  auto cross = [](const Eigen::Vector3d& v) {
    Eigen::Matrix3d c;
    c << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
    return c;
  };
  // Unknowns x = (dv, domega, f_roll, N_slip).
  Eigen::Matrix<double, 10, 10> m = Eigen::Matrix<double, 10, 10>::Zero();
  Eigen::Matrix<double, 10, 1> rhs = Eigen::Matrix<double, 10, 1>::Zero();
  m.block<3, 3>(0, 0) = b.mass * Eigen::Matrix3d::Identity();  // m dv - f_roll - N s = F
  m.block<3, 3>(0, 6) = -Eigen::Matrix3d::Identity();
  m.block<3, 1>(0, 9) = -slip_force;
  rhs.segment<3>(0) = b.force_external_W;
  m.block<3, 3>(3, 3) = b.inertia_C_W;  // J domega - r x f_roll - N r_s x s = M
  m.block<3, 3>(3, 6) = -cross(r_roll);
  m.block<3, 1>(3, 9) = -r_slip.cross(slip_force);
  rhs.segment<3>(3) = b.torque_external_W;
  m.block<3, 3>(6, 0) = Eigen::Matrix3d::Identity();  // dv + domega x r_roll = 0
  m.block<3, 3>(6, 3) = -cross(r_roll);
  m.block<1, 3>(9, 0) = n_slip.transpose();  // n . (dv + domega x r_slip) = 0
  m.block<1, 3>(9, 3) = -(n_slip.transpose() * cross(r_slip));
  const Eigen::Matrix<double, 10, 1> x = m.fullPivLu().solve(rhs);
  const Eigen::Vector3d accel_slip = x.head<3>() + x.segment<3>(3).cross(r_slip);
  return {t1.dot(accel_slip), n_roll.dot(x.segment<3>(6)), x[9]};
}

/// Def 4 and the contact-loss rule for one one-point slip, from the direct solves.
bool directEscape(const TwoContactBody& b, int rolling) {
  const DirectSlip up = directOnePointSlip(b, rolling, +1),
                   down = directOnePointSlip(b, rolling, -1);
  const bool attracting = up.du1 < 0.0 && down.du1 > 0.0;
  const bool loss = !(up.normal_rolling > 0.0 && up.normal_slipping > 0.0 &&
                      down.normal_rolling > 0.0 && down.normal_slipping > 0.0);
  return !attracting || loss;
}

Eigen::Matrix3d lower(double l00, double l10, double l11, double l20, double l21, double l22) {
  Eigen::Matrix3d l;
  l << l00, 0, 0, l10, l11, 0, l20, l21, l22;
  return l;
}

TEST(TwoContactDynamics, Def11TableWalksEveryBranch) {
  using V = Eigen::Vector3d;
  const EscapeMode rs = EscapeMode::kRS, sr = EscapeMode::kSR, ss = EscapeMode::kSS;
  const Def11Row rows[] = {
      {"realizable",
       lower(-0.16, 0.2, 0.05, -0.39, 0.28, 0.91),
       V(-0.029, -0.335, -0.034),
       V(-0.646, 0.067, 0.095),
       V(-4.8, -2.3, -1.9),
       V(-0.5, 0.49, 0.92),
       {}},
      // RS crossing: <F1*, n1> = +0.045 > 0 > <F2*, n2> = -2.9 (slip u1- > 0 grows).
      {"RS escape: crossing",
       lower(0.36, 0.81, -0.52, -0.03, 0.1, 0.01),
       V(-0.118, -0.36, 0.147),
       V(-0.514, 0.058, 0.03),
       V(-11.4, -4.95, 6.45),
       V(0.12, 1.32, -0.75),
       {rs}},
      // SR crossing: -9.5 < 0 < +0.11.
      {"SR escape: crossing",
       lower(0.06, 0.11, 0.12, -0.12, 0.22, 0.02),
       V(-0.017, -0.642, -0.116),
       V(-0.522, 0.027, -0.134),
       V(-2.2, -4.4, -7.2),
       V(-0.32, 1.77, 0.59),
       {sr}},
      // One of two SS limit directions is not attracting; every normal force positive.
      {"SS escape: a non-attracting limit direction",
       lower(0.79, -0.29, -0.52, -0.22, 0.21, -0.08),
       V(-0.068, -0.709, 0.004),
       V(-0.403, -0.079, -0.035),
       V(-3.65, -3.25, -1.4),
       V(-0.29, 0.66, -1.84),
       {ss}},
      // All five SS limit directions attracting, one of them slipping with a normal force <= 0.
      {"SS escape: contact loss along an attracting direction",
       lower(0.24, -0.15, -0.44, 0.25, -0.4, 0.5),
       V(-0.19, -0.584, -0.073),
       V(-0.466, 0.127, 0.009),
       V(-5.9, -1.1, 0.2),
       V(0.15, 0.53, 0.03),
       {ss}},
      // RS attracting (-15.7, -5.0), N- > 0, but N+ = -0.49 at the rolling contact for u1- < 0.
      {"RS escape: contact loss at the rolling contact P+",
       lower(0.11, -0.28, 0.02, -0.22, -0.15, -0.42),
       V(0.205, -0.379, 0.009),
       V(-0.502, -0.015, -0.116),
       V(-13.75, -1.15, -4.9),
       V(-0.61, 0.24, -0.22),
       {rs}},
      // SR attracting (-15.6, -2.4), N+ > 0, but N- = -0.58 at the rolling contact for u1+ > 0.
      {"SR escape: contact loss at the rolling contact P-",
       lower(0.35, -0.28, 0.22, -0.1, -0.33, -0.52),
       V(-0.254, -0.575, -0.057),
       V(-0.472, -0.085, -0.241),
       V(-6.7, -4.8, -5.45),
       V(2, -0.06, -0.36),
       {sr}},
      // Contact loss at the slipping contact (N- = -3.7, -4.4 in RS; N- = -6.3, -6.2 in SR):
      // no body of the search lost the slipping contact alone (that slip crosses too).
      {"RS and SR escapes: contact loss at the slipping contacts",
       lower(-0.22, -0.33, -0.01, 0.12, -0.33, -0.27),
       V(0.002, -0.581, -0.016),
       V(-0.417, -0.038, -0.035),
       V(6.05, -4.95, 8.05),
       V(-0.2, 0.57, 1.08),
       {rs, sr, ss}},
  };
  for (const Def11Row& row : rows) {
    SCOPED_TRACE(row.branch);
    const TwoContactBody body = wallBody(row);
    const TwoContactDynamics dyn(body);
    const TwoPointRealizability r = dyn.analyzeRealizability();
    EXPECT_EQ(r.escapes, row.escapes);
    EXPECT_EQ(r.realizable, row.escapes.empty());
    const auto has = [&](EscapeMode e) {
      return std::find(row.escapes.begin(), row.escapes.end(), e) != row.escapes.end();
    };
    EXPECT_EQ(directEscape(body, 0), has(rs));  // independent RS route
    EXPECT_EQ(directEscape(body, 1), has(sr));  // independent SR route
    // The library's one-point slips equal the direct ones (same physics, other algebra).
    for (int sigma : {1, -1}) {
      const DirectSlip d_rs = directOnePointSlip(body, 0, sigma);
      const QuasiAccelerations q_rs = dyn.rollSlip(sigma);
      EXPECT_NEAR(q_rs.du1_minus, d_rs.du1, 1e-10);
      EXPECT_NEAR(q_rs.normal_plus, d_rs.normal_rolling, 1e-10);
      EXPECT_NEAR(q_rs.normal_minus, d_rs.normal_slipping, 1e-10);
      const DirectSlip d_sr = directOnePointSlip(body, 1, sigma);
      const QuasiAccelerations q_sr = dyn.slipRoll(sigma);
      EXPECT_NEAR(q_sr.du1_plus, d_sr.du1, 1e-10);
      EXPECT_NEAR(q_sr.normal_minus, d_sr.normal_rolling, 1e-10);
      EXPECT_NEAR(q_sr.normal_plus, d_sr.normal_slipping, 1e-10);
    }
    // SS by the sampled search, the independent route of the limit-direction search.
    RealizabilityOptions sampled;
    sampled.ss_search = SlipSlipSearch::kSampledField;
    const TwoPointRealizability s = dyn.analyzeRealizability(sampled);
    EXPECT_EQ(s.escapes, row.escapes);
    EXPECT_EQ(r.offending_ss_directions.empty(), !has(ss));
    // Contact loss is reported exactly where a normal force <= 0 decided or joined a branch.
    const bool loss_row = std::string(row.branch).find("contact loss") != std::string::npos;
    EXPECT_EQ(r.contact_loss, loss_row) << r.contact_loss_detail;
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
    const TwoContactDynamics dyn = test::randomWallDynamics(rng);
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
    const TwoContactDynamics dyn = test::randomWallDynamics(rng);
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
    const TwoContactDynamics dyn = test::randomWallDynamics(rng);
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
