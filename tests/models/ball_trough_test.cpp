#include <nsdkit/models/ball_trough.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/models/ball_trough_analysis.hpp>

namespace nsd::models {
namespace {

const double kSqrt2 = std::sqrt(2.0);

TEST(BallTrough, OnePointSlipAndRollingMatchGenericRoute) {
  // ERRATA item 6 limit vectors and eq. (78) against the generic Newton-Euler solution;
  // agreement to 1e-12 m/s^2 (a few roundings of O(10) accelerations).
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (double j : {0.4, 2.0 / 3.0, 1.0}) {
    const auto p = BallTroughParameters::paper(0.35, j);
    for (int trial = 0; trial < 20; ++trial) {
      const Eigen::Vector3d m(u(rng), u(rng), 0.9 * u(rng));
      const contact::TwoContactDynamics dyn(makeTwoContactBody(p, m));
      for (int s : {1, -1}) {
        const auto rs = dyn.rollSlip(s);
        const auto rs_cf = rollSlipField(p, m, s);
        EXPECT_NEAR(rs.du1_minus, rs_cf.rates[1], 1e-12);
        EXPECT_NEAR(rs.dv_C_W.z(), rs_cf.rates[3], 1e-12);
        EXPECT_NEAR(rs.normal_minus, rs_cf.slipping_normal_force, 1e-12);
        const auto sr = dyn.slipRoll(s);
        const auto sr_cf = slipRollField(p, m, s);
        EXPECT_NEAR(sr.du1_plus, sr_cf.rates[0], 1e-12);
        EXPECT_NEAR(sr.dv_C_W.z(), sr_cf.rates[3], 1e-12);
        EXPECT_NEAR(sr.normal_plus, sr_cf.slipping_normal_force, 1e-12);
      }
      EXPECT_NEAR(dyn.rollRoll().accelerations.dv_C_W.z(), rollingAcceleration(p, m), 1e-12);
    }
  }
}

TEST(BallTrough, SlipSlipFieldMatchesEq85And86) {
  // Generic angles phi (over u_a) map to the paper's (84) by tan(psi) = c tan(phi), c = sqrt2.
  const auto p = BallTroughParameters::paper(0.3, 0.4);
  const Eigen::Vector3d m(0.2, -0.1, 0.15);
  const contact::TwoContactDynamics dyn(makeTwoContactBody(p, m));
  for (double a : {0.2, 1.0, 2.5, 3.5, 5.0}) {
    for (double b : {0.4, 1.9, 3.2, 4.4, 6.0}) {
      const Eigen::Vector2d lp(std::cos(a), kSqrt2 * std::sin(a)),
          lm(std::cos(b), kSqrt2 * std::sin(b));
      const auto g = dyn.slipSlip(lp.normalized(), lm.normalized());
      const double psi_p = std::atan2(lp[1], lp[0]), psi_m = std::atan2(lm[1], lm[0]);
      const Eigen::Vector4d cf = slipSlipLimitField(p, m, psi_p, psi_m);
      EXPECT_NEAR(g.du1_plus, cf[0], 1e-11);
      EXPECT_NEAR(g.du1_minus, cf[1], 1e-11);
      EXPECT_NEAR(g.du_a * kSqrt2, cf[2], 1e-11);  // u2 = sqrt2 u_a (ERRATA item 5)
      EXPECT_NEAR(g.dv_C_W.z(), cf[3], 1e-11);
      const Eigen::Vector2d n = slipSlipNormalForces(p, psi_p, psi_m);
      EXPECT_NEAR(g.normal_plus, n[0], 1e-11);
      EXPECT_NEAR(g.normal_minus, n[1], 1e-11);
    }
  }
}

TEST(BallTrough, SurfaceEq88IsWhereRAndVVanish) {
  // On (88), R = V+ = V- = 0 at the generating direction (87), checked on the closed form (85).
  const auto p = BallTroughParameters::paper(0.3, 0.4);
  for (double a : {0.3, 1.2, 2.0, 3.6, 4.9}) {
    for (double b : {0.5, 1.5, 2.7}) {
      const double q = a < kPi ? b : b + kPi;
      const Eigen::Vector3d m = twoPointSlipSurface(0.3, 0.4, a, q);
      const Eigen::Vector4d f = slipSlipLimitField(p, m, a, q);
      const Eigen::Vector3d n = filippov::sphereNormal(a, q);
      const filippov::Codim3Components c =
          filippov::codim3Components(f.head<3>(), filippov::SphereDirection::make(n, a, q));
      EXPECT_NEAR(c.radial, 0.0, 1e-12);
      EXPECT_NEAR(c.v_plus, 0.0, 1e-12);
      EXPECT_NEAR(c.v_minus, 0.0, 1e-12);
    }
  }
}

TEST(BallTrough, SpecialValuesAndMaxAccelerationFromGenericRoute) {
  // (90) and (91) located by bisection on the generic Def-11 predicate. Tolerances: the
  // bisection bracket plus the inset of the sampled section boundary.
  for (auto [mu, j] : {std::pair{0.3, 0.4}, std::pair{0.5, 2.0 / 3.0}}) {
    const auto p = BallTroughParameters::paper(mu, j);
    const auto sv = specialValues(mu);
    EXPECT_NEAR(numericalMz3(p, 1e-9).value, sv.m_z3, 2e-9);
    EXPECT_NEAR(numericalMz1(p, 1e-5, 40).value, sv.m_z1, 2e-5);
    EXPECT_NEAR(numericalMz2(p, 1e-5, 40).value, sv.m_z2, 2e-5);
    // The maximum over the whole section (not along a ray chosen from the answer) is (91), at the
    // edge point m_x = -m_y = mu (1 + 2j). Tolerance: the angular refinement (1e-10 rad) and the
    // radial bracket (1e-10) move the point by ~1e-10, and dv/dt is linear in the torque with
    // slope g / (sqrt2 (1 + 2j)) ~ 4 per unit: 1e-8 covers both with margin, while an error of
    // the paper's kind (a wrong factor in (91)) would be O(1).
    const auto a = numericalMaxAcceleration(p, 0.0, 1e-10);
    EXPECT_NEAR(a.acceleration, maxRealizableAcceleration(p), 1e-8);
    EXPECT_NEAR(a.torque[0], mu * (1 + 2 * j), 1e-7);
    EXPECT_NEAR(a.torque[1], -mu * (1 + 2 * j), 1e-7);  // ERRATA: m_x = -m_y at m_z = 0
    // Along the red edge (|m_z| <= m_z1) the maximum is the same; above m_z1 it is smaller.
    EXPECT_NEAR(numericalMaxAcceleration(p, 0.05, 1e-10).acceleration, maxRealizableAcceleration(p),
                1e-8);
    EXPECT_LT(numericalMaxAcceleration(p, 0.5 * (sv.m_z1 + sv.m_z2), 1e-10).acceleration,
              maxRealizableAcceleration(p) - 1e-3);
  }
}

TEST(BallTrough, MirrorSymmetrySwapsRSAndSR) {
  // Mirroring the trough maps (m_x, m_y, m_z) -> (m_y, m_x, -m_z) and P+ <-> P-, so with mu+
  // and mu- swapped the classification is the same with RS and SR exchanged. Any angle.
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  BallTroughParameters p;
  p.mu_plus = 0.25;
  p.mu_minus = 0.4;
  p.opening_angle_rad = 1.2;
  BallTroughParameters mirrored = p;
  std::swap(mirrored.mu_plus, mirrored.mu_minus);
  for (int trial = 0; trial < 300; ++trial) {
    const Eigen::Vector3d m(u(rng), u(rng), 0.6 * u(rng));
    const auto a = classifyGeneric(p, m);
    const auto b = classifyGeneric(mirrored, Eigen::Vector3d(m[1], m[0], -m[2]));
    EXPECT_EQ(a.realizable, b.realizable);
    auto swapped = b.escapes;
    for (auto& e : swapped) {
      if (e == contact::EscapeMode::kRS)
        e = contact::EscapeMode::kSR;
      else if (e == contact::EscapeMode::kSR)
        e = contact::EscapeMode::kRS;
    }
    std::sort(swapped.begin(), swapped.end());
    EXPECT_EQ(escapeLabel(a.escapes), escapeLabel(swapped)) << m.transpose();
  }
}

TEST(BallTrough, ContactLossAtSlipSlipDirectionsOnlyBeyondMuOne) {
  // (86): N+ ∝ (1 - mu sin phi-) / (1 + mu^2 sin phi+ sin phi-), N- ∝ (1 + mu sin phi+) / (...).
  // For mu < 1 numerators and denominator are positive for every slip direction, so no torque
  // with |m_z| < 1 loses contact; for mu > 1 they change sign and a limit direction with N <= 0
  // means contact loss (an SS escape: that slip is not two-point slipping). Both routes must
  // flag the same points: the generic one from its Delassus-operator forces, the closed form
  // from (86) (written out again here as the independent reference).
  std::mt19937 rng(86);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const double mu : {0.9, 1.2}) {
    const auto p = BallTroughParameters::paper(mu, 0.2);
    int loss = 0, realizable = 0;
    for (int i = 0; i < 1500; ++i) {
      const Eigen::Vector3d m(1.5 * u(rng), 1.5 * u(rng), 0.98 * u(rng));
      const auto a = classifyGeneric(p, m);
      const auto b = classifyClosedForm(p, m);
      SCOPED_TRACE(testing::Message() << "mu " << mu << " m " << m.transpose());
      bool negative_86 = false;
      for (const auto& d : b.ss.directions) {
        const double sp = std::sin(d.phi_plus), sm = std::sin(d.phi_minus);
        const double den = 1 + mu * mu * sp * sm;
        negative_86 |= !((1 - mu * sm) / den > 0) || !((1 + mu * sp) / den > 0);
      }
      EXPECT_EQ(b.contact_loss, negative_86);
      EXPECT_EQ(a.contact_loss, b.contact_loss);
      EXPECT_EQ(a.realizable, b.realizable);
      EXPECT_EQ(escapeLabel(a.escapes), escapeLabel(b.escapes));
      EXPECT_EQ(a.realizable, a.escapes.empty());
      if (a.contact_loss) {
        EXPECT_FALSE(a.realizable);
      }
      loss += a.contact_loss;
      realizable += a.realizable;
    }
    if (mu < 1) {
      EXPECT_EQ(loss, 0);
    } else {
      EXPECT_GT(loss, 100);  // a large part of torque space (about 40 % here)
    }
    EXPECT_GT(realizable, 50);
  }
}

TEST(BallTrough, RejectsBadParameters) {
  EXPECT_THROW(BallTroughParameters::paper(0.0, 0.4), InvalidInput);
  EXPECT_THROW(BallTroughParameters::paper(NAN, 0.4), InvalidInput);
  EXPECT_THROW(BallTroughParameters::paper(0.3, 1.2), InvalidInput);
  BallTroughParameters p;
  p.opening_angle_rad = 3.2;
  EXPECT_THROW(p.validate(), InvalidInput);
  p = BallTroughParameters{};
  p.mu_plus = 0.2;
  EXPECT_THROW(p.mu(), InvalidInput);  // closed forms need mu+ = mu-
  EXPECT_THROW(classifyGeneric(BallTroughParameters{}, Eigen::Vector3d(0, NAN, 0)), InvalidInput);
}

TEST(BallTrough, RationalSlipSlipFieldIsTheClosedFormFieldAndItsExactFit) {
  // The hand-expanded coefficients of D and H = D (85) against (a) the exact degree-(1, 1) fit of
  // D (85) computed from slipSlipLimitField itself and (b) the values of (85) at random angles.
  // 1e-12 relative: both sides are a handful of products of O(1) terms.
  std::mt19937 rng(91);
  std::uniform_real_distribution<double> u(-1.0, 1.0), angle(0.0, 6.283185307179586);
  for (int trial = 0; trial < 20; ++trial) {
    const auto p =
        BallTroughParameters::paper(0.05 + 0.9 * std::fabs(u(rng)), 0.3 + 0.3 * std::fabs(u(rng)));
    const Eigen::Vector3d m(u(rng), u(rng), 0.6 * u(rng));
    const auto f = slipSlipRationalField(p, m);
    const double mu = p.mu();
    const auto d = [mu](const filippov::AnglePair& x) { return 1 + mu * mu * x.sin1 * x.sin2; };
    const auto fitted_d = filippov::TrigPoly2::fit(1, 1, d);
    EXPECT_LT((f.denominator.coefficients() - fitted_d.coefficients()).cwiseAbs().maxCoeff(),
              1e-12);
    for (int k = 0; k < 3; ++k) {
      const auto fitted = filippov::TrigPoly2::fit(1, 1, [&](const filippov::AnglePair& x) {
        return d(x) *
               slipSlipLimitField(p, m, std::atan2(x.sin1, x.cos1), std::atan2(x.sin2, x.cos2))[k];
      });
      const auto& exact = f.numerator[static_cast<std::size_t>(k)].coefficients();
      EXPECT_LT((exact - fitted.coefficients()).cwiseAbs().maxCoeff(),
                1e-12 * (1.0 + fitted.coefficients().cwiseAbs().maxCoeff()))
          << "component " << k;
    }
    for (int s = 0; s < 10; ++s) {
      const double a = angle(rng), b = angle(rng);
      const auto direction = filippov::SphereDirection::make(Eigen::Vector3d::UnitZ(), a, b);
      const Eigen::Vector3d expected = slipSlipLimitField(p, m, a, b).head<3>();
      EXPECT_LT((f.value(direction) - expected).norm(), 1e-12 * (1.0 + expected.norm()));
    }
  }
  EXPECT_THROW(
      slipSlipRationalField(BallTroughParameters::paper(1.2, 0.4), Eigen::Vector3d::Zero()),
      InvalidInput);
}

TEST(BallTroughAnalysis, EdgeOfMaximumAccelerationEndsAtMz1) {
  // The edge (91) is realizable exactly for |m_z| <= m_z1 (Fig. 11): the bisection on the
  // generic predicate, 1e-7 inside the edge, must find +-m_z1 of (90). The 1e-7 inset moves the
  // ends by O(1e-7) and the bracket is 1e-9: 1e-6 covers both, far below m_z1 ~ 0.2.
  for (const double mu : {0.3, 0.6}) {
    const auto p = BallTroughParameters::paper(mu, 0.4);
    const EdgeExtent e = maxAccelerationEdgeExtent(p);
    const double mz1 = specialValues(mu).m_z1;
    EXPECT_NEAR(e.upper.last_true, mz1, 1e-6);
    EXPECT_NEAR(e.lower.last_true, -mz1, 1e-6);
  }
}

TEST(BallTroughAnalysis, TorqueGridEqualsPointwiseClosedFormVerdicts) {
  // The grid classification (generic route, threads) against the closed-form route point by
  // point, and independent of the thread count.
  const auto p = BallTroughParameters::paper(0.3, 0.4);
  const TorqueGridClassification one = classifyTorqueGrid(p, 9, 1);
  const TorqueGridClassification three = classifyTorqueGrid(p, 9, 3);
  ASSERT_EQ(one.torques.size(), 729u);
  EXPECT_EQ(one.failing_modes, three.failing_modes);
  EXPECT_EQ(one.counts, three.counts);
  std::size_t realizable = 0;
  for (std::size_t i = 0; i < one.torques.size(); ++i) {
    const BallTroughClassification c = classifyClosedForm(p, one.torques[i]);
    EXPECT_EQ(one.realizable[i] != 0, c.realizable) << i;
    EXPECT_EQ(one.failing_modes[i], contact::EscapeSet::of(c.escapes)) << i;
    realizable += c.realizable;
  }
  EXPECT_EQ(one.counts.at("realizable"), realizable);
  EXPECT_GT(realizable, 10u);
  EXPECT_THROW(classifyTorqueGrid(p, 1, 1), InvalidInput);
}

}  // namespace
}  // namespace nsd::models
