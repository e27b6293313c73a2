// BallInTrough (benchmark_systems.hpp): the ball's exact motion in the V trough satisfies
// Newton-Euler with two contacts from the scene alone (mass, inertia, loads, planes), evaluated
// on the trajectory by central differences (exact up to rounding: the velocities are linear in
// t within a phase):
//  - rolling (RR): neither contact point slips, and some pair of contact forces F+, F- produces
//    the measured momentum and angular-momentum rates: the 6x6 system [I I; r+x r-x] F = b is
//    consistent (its one free direction is the squeeze along P+P-, so consistency is the moment
//    balance about the contact line, which fixes the rolling acceleration (78));
//  - sliding (SS, the sliding start): each contact carries N (n - mu u/|u|) against its slip u,
//    with N+, N- > 0 solving all six equations.
// Whether the rolling forces can lie inside both friction cones is not asserted: with two
// contacts the cone cannot settle it (the paper's Sect. 3.3); Def 11 decides rolling.
// Tolerances: residuals of 1e-9 N against rounding near 1e-13 N; a 1 % error of the rolling
// acceleration leaves about 5e-4 N in the moment balance, of the sliding deceleration 0.03 N.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>
#include <nsdkit/validation/case_files.hpp>

namespace nsd::validation {
namespace {

constexpr double kTroughStep_s = 1e-4;

Eigen::Matrix3d cross(const Eigen::Vector3d& r) {
  Eigen::Matrix3d m;
  m << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
  return m;
}

// The contact points relative to C and the momentum rates at t, from the scene alone.
struct TroughState {
  Eigen::Vector3d r_plus, r_minus, n_plus, n_minus;
  Eigen::Matrix<double, 6, 1> rates;  // m a - m g - F, J alpha - tau
  BodyState x;
  double mu_plus, mu_minus;
};

TroughState troughStateAt(const BallInTrough& system, double t) {
  const engines::SphereScene s = system.scene();
  TroughState out;
  out.n_plus = s.planes.at(0).normal_W;
  out.n_minus = s.planes.at(1).normal_W;
  out.r_plus = -s.radius_m * out.n_plus;
  out.r_minus = -s.radius_m * out.n_minus;
  out.mu_plus = s.planes.at(0).mu;
  out.mu_minus = s.planes.at(1).mu;
  const BodyState before = system.stateAt(t - kTroughStep_s),
                  after = system.stateAt(t + kTroughStep_s);
  out.x = system.stateAt(t);
  const Eigen::Vector3d a = (after.v_C_W - before.v_C_W) / (2.0 * kTroughStep_s);
  const Eigen::Vector3d alpha = (after.omega_W - before.omega_W) / (2.0 * kTroughStep_s);
  out.rates << s.mass_kg * a - s.mass_kg * s.gravity_W - s.force_W,
      s.inertia_C_W * alpha - s.torque_W;
  return out;
}

Eigen::Vector3d slipAt(const TroughState& s, const Eigen::Vector3d& r, const Eigen::Vector3d& n) {
  Eigen::Vector3d u = s.x.v_C_W + s.x.omega_W.cross(r);
  return u - u.dot(n) * n;
}

// Rolling: no slip, and the six equations consistent (least-squares residual).
void expectRolling(const BallInTrough& system, double t) {
  const TroughState s = troughStateAt(system, t);
  EXPECT_LT(slipAt(s, s.r_plus, s.n_plus).norm(), 1e-12) << "t = " << t;
  EXPECT_LT(slipAt(s, s.r_minus, s.n_minus).norm(), 1e-12) << "t = " << t;
  Eigen::Matrix<double, 6, 6> A;
  A << Eigen::Matrix3d::Identity(), Eigen::Matrix3d::Identity(), cross(s.r_plus), cross(s.r_minus);
  const Eigen::Matrix<double, 6, 1> F = A.completeOrthogonalDecomposition().solve(s.rates);
  EXPECT_LT((A * F - s.rates).norm(), 1e-9) << "t = " << t;
}

// Sliding: F+- = N+- (n+- - mu+- u+-/|u+-|) with N+- > 0 solving all six equations.
void expectSliding(const BallInTrough& system, double t) {
  const TroughState s = troughStateAt(system, t);
  const Eigen::Vector3d u_plus = slipAt(s, s.r_plus, s.n_plus);
  const Eigen::Vector3d u_minus = slipAt(s, s.r_minus, s.n_minus);
  ASSERT_GT(u_plus.norm(), 1e-9);
  ASSERT_GT(u_minus.norm(), 1e-9);
  const Eigen::Vector3d d_plus = s.n_plus - s.mu_plus * u_plus.normalized();
  const Eigen::Vector3d d_minus = s.n_minus - s.mu_minus * u_minus.normalized();
  Eigen::Matrix<double, 6, 2> A;
  A << d_plus, d_minus, s.r_plus.cross(d_plus), s.r_minus.cross(d_minus);
  const Eigen::Vector2d N = A.colPivHouseholderQr().solve(s.rates);
  EXPECT_LT((A * N - s.rates).norm(), 1e-9) << "t = " << t;
  EXPECT_GT(N.minCoeff(), 0.0) << "t = " << t;
}

TroughCaseModel troughModel(const models::BallTroughParameters& p, const Eigen::Vector3d& torque) {
  TroughCaseModel m;
  m.group = "test";
  m.probe = "probe";
  m.parameters = p;
  m.torque = torque;
  return m;
}

TEST(BallInTrough, RollingMotionSatisfiesNewtonEulerWithTwoContacts) {
  auto angled = models::BallTroughParameters::paper(0.3, 0.5);
  angled.mu_minus = 0.5;
  angled.opening_angle_rad = degreesToRadians(60.0);
  for (const auto& p : {models::BallTroughParameters::paper(0.3, 0.4), angled}) {
    for (const Eigen::Vector3d& torque :
         {Eigen::Vector3d(0.05, -0.05, 0.03), Eigen::Vector3d(0.1, 0.05, -0.05),
          Eigen::Vector3d(0.0, 0.0, 0.0)}) {
      const BallInTrough system(troughModel(p, torque));
      ASSERT_TRUE(system.reference().realizable);
      EXPECT_EQ(system.reference().source,
                p.closedFormApplies() ? ReferenceSource::kClosedForm : ReferenceSource::kPredicate);
      for (const double t : {0.01, 0.1, 0.19}) expectRolling(system, t);
    }
  }
}

TEST(BallInTrough, SlidingStartSlidesOnBothWallsThenRolls) {
  for (const double v0 : {0.5, 1.0}) {
    TroughCaseModel m = troughModel(models::BallTroughParameters::paper(0.3, 0.4), {0, 0, 0});
    m.initial_speed_m_s = v0;
    m.duration_s = 0.5;
    const BallInTrough system(m);
    const double t_star = system.reference().rolling_onset_s;
    ASSERT_GT(t_star, 0.01);
    ASSERT_LT(t_star, m.duration_s - 0.01);
    for (const double f : {0.1, 0.5, 0.9}) expectSliding(system, f * t_star);
    for (const double f : {0.1, 0.5, 0.9}) {
      expectRolling(system, t_star + 0.001 + f * (m.duration_s - t_star - 0.002));
    }
    // The sliding phase meets the rolling one at t*, at the speed v0 / (1 + 2j): just before t*
    // (the sliding branch) the velocity, the spin and the slip at both walls are those at t*.
    const BodyState just_before = system.stateAt(t_star * (1.0 - 1e-9));
    const BodyState at = system.stateAt(t_star);
    EXPECT_NEAR(just_before.v_C_W.z(), v0 / 1.8, 1e-8);
    EXPECT_LT((just_before.v_C_W - at.v_C_W).norm(), 1e-8);
    EXPECT_LT((just_before.omega_W - at.omega_W).norm(), 1e-6);
    const TroughState s = troughStateAt(system, t_star * (1.0 - 1e-9));
    EXPECT_LT(slipAt(s, s.r_plus, s.n_plus).norm(), 1e-8);
    EXPECT_LT(slipAt(s, s.r_minus, s.n_minus).norm(), 1e-8);
  }
}

TEST(BallInTrough, EscapingTorqueHasNoTrajectoryAndBadModelsAreRefused) {
  const auto p = models::BallTroughParameters::paper(0.3, 0.4);
  const BallInTrough escaping(troughModel(p, Eigen::Vector3d(0.7, 0.0, 0.0)));
  EXPECT_FALSE(escaping.reference().realizable);
  EXPECT_NE(escaping.reference().allowed_modes.front(), "RR");
  EXPECT_THROW(escaping.stateAt(0.1), InvalidInput);
  // The trough case's sampled trajectory: a spacing that would make 2e11 samples is refused.
  ValidationCase rolling = buildTroughCase(troughModel(p, Eigen::Vector3d(0.05, -0.05, 0.03)));
  EXPECT_EQ(analyticTrajectory(rolling, 1e-3).size(), 201u);
  EXPECT_THROW(analyticTrajectory(rolling, 1e-12), InvalidInput);
  EXPECT_THROW(analyticTrajectory(rolling, rolling.t_end_s / (1.01 * kMaxAnalyticSamples)),
               InvalidInput);  // just over the limit
  // A case whose name is not "<family>/<probe>" has no trough model.
  rolling.name = "elsewhere/probe";
  EXPECT_THROW(troughModelOf(rolling), InvalidInput);
  EXPECT_THROW(BallInTrough(troughModel(p, Eigen::Vector3d(NAN, 0, 0))), InvalidInput);
  TroughCaseModel sliding_with_torque = troughModel(p, Eigen::Vector3d(0.05, 0, 0));
  sliding_with_torque.initial_speed_m_s = 1.0;
  EXPECT_THROW(BallInTrough{sliding_with_torque}, InvalidInput);
}

}  // namespace
}  // namespace nsd::validation
