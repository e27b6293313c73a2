// Realizability along the Kane–Levinson rattleback's rolling motion: the contact force from the
// mass centre's acceleration satisfies Euler's equation with the motion's own angular
// acceleration (an independent balance); at rest it is the weight; Def 9's smallest realizable mu
// equals the friction cone's |F_t| / N at every instant (Theorem 4); the verdicts follow it.
#include <nsdkit/models/rattleback_realizability.hpp>

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

#include "../support/nan_propagating.hpp"

namespace nsd::models {
namespace {

using rattleback::KaneLevinsonInitial;
using rattleback::KaneLevinsonParameters;
using rattleback::KaneLevinsonState;

const KaneLevinsonInitial kPaper{degreesToRadians(0.5), degreesToRadians(0.5), 0, 0, 0, -5};

// Euler's equation about the mass centre, J w' + w x J w = r x F - sigma w, with w' from the
// rolling motion's equations (71) and F from Newton's law for the mass centre: the residual is
// set by the central difference of F (h^2 ~ 1e-12 relative) and rounding, far below 1e-6 of the
// torques involved (~1e-2 N m).
TEST(RattlebackRealizability, ContactForceSatisfiesEulersEquation) {
  KaneLevinsonParameters p;
  p.sigma = 1e-4;
  const auto motion = rattleback::simulateKaneLevinson(p, kPaper, 3.0);
  Eigen::Matrix3d inertia;
  inertia << p.A, p.D, 0, p.D, p.B, 0, 0, 0, p.C;
  double worst = 0.0, scale = 0.0;
  for (std::size_t i = 0; i < motion.samples.size(); i += 97) {
    const auto& m = motion.samples[i];
    KaneLevinsonState s;
    s << m.alpha, m.beta, m.gamma, m.omega1, m.omega2, m.omega3;
    const Eigen::Vector3d w = s.tail<3>();
    const Eigen::Vector3d w_dot = rattleback::kaneLevinsonRate(p, s).tail<3>();
    const auto k = rattleback::contactKinematics(p, s);
    const Eigen::Vector3d r(k.contact[0], k.contact[1], k.contact[2] - p.h);  // from R* to P
    const Eigen::Vector3d force = rattlebackRollingContactForce(p, s);
    const Eigen::Vector3d torque = r.cross(force) - p.sigma * w;
    const Eigen::Vector3d residual = inertia * w_dot + w.cross(inertia * w) - torque;
    worst = test_support::maxPropagatingNaN({worst, residual.norm()});
    scale = test_support::maxPropagatingNaN({scale, torque.norm()});
  }
  ASSERT_GT(scale, 1e-3);
  EXPECT_LT(worst, 1e-6 * scale) << "residual " << worst << " against torques up to " << scale;
}

TEST(RattlebackRealizability, AtRestTheForceIsTheWeight) {
  const KaneLevinsonParameters p;
  const Eigen::Vector3d f = rattlebackRollingContactForce(p, KaneLevinsonState::Zero());
  EXPECT_NEAR(f.z(), -p.mass * p.gravity, 1e-9);  // n3 down: the plane pushes up (-n3)
  EXPECT_NEAR(f.head<2>().norm(), 0.0, 1e-9);
}

TEST(RattlebackRealizability, Def9EqualsTheConeAndTheVerdictsFollowIt) {
  RollingRealizabilityOptions o;
  o.mu = 0.3;
  o.sample_spacing_s = 2e-3;
  const RollingRealizabilityReport r =
      rattlebackRollingRealizability(KaneLevinsonParameters{}, kPaper, 4.0, o);
  ASSERT_EQ(r.spin_reversals.size(), 1u);
  // The body's sticking force (ellipsoid kinematics, Newton-Euler) against the rolling motion's
  // (Kane-Levinson): independent routes, equal to the central difference's ~1e-9.
  EXPECT_LT(r.max_force_consistency_error, 1e-7);
  // Def 9 by bisection to 1e-9 against the cone: equal to the bisection's width.
  EXPECT_LT(r.max_def9_cone_difference, 1e-8);
  EXPECT_NEAR(r.minimal_mu, r.max_needed_mu, 1e-8);
  ASSERT_TRUE(std::isfinite(r.minimal_mu));
  EXPECT_GT(r.minimal_mu, o.mu);  // this reversal needs more friction than 0.3 somewhere
  std::size_t mismatches = 0;
  for (const RollingInstant& i : r.instants) {
    ASSERT_TRUE(std::isfinite(i.normal_force_N)) << i.t;
    ASSERT_GT(i.normal_force_N, 0.0) << i.t;
    if (std::fabs(i.def9_minimal_mu - o.mu) > 1e-7) {
      mismatches += i.realizable != (i.def9_minimal_mu < o.mu);
      mismatches += i.possible != i.realizable;
    }
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_GT(r.instants_not_realizable, 0u);
  EXPECT_GE(r.first_not_realizable_s, 0.0);
}

// The smallest realizable mu over the motion is the maximum of a smooth function of time that
// the regular samples straddle; the analysis refines it between the samples. An independent
// route: the friction the rolling needs, |F_t| / N of the motion's contact force (equal to
// Def 9's minimal mu by Theorem 4, checked above to the bisection's 1e-9), sampled densely along
// the motion integrated afresh at 1/50 of the spacing, its largest sample polished by the vertex
// of the parabola through it and its two neighbours. The vertex is exact to O(delta^3 f'''),
// and the analysis's refinement samples at 1/100 of the spacing (error ~ f'' (h/100)^2 / 8):
// both ~1e-8 relative here. Without the refinement the sampled maximum misses
// the peak by ~f'' h^2 / 8. Measured: 4.5e-8 with the refinement, 1.1e-4 without; the bound
// 1e-6 sits 20x above the one and 100x below the other.
TEST(RattlebackRealizability, MinimalMuIsTheMaximumBetweenTheSamples) {
  const KaneLevinsonParameters p;
  RollingRealizabilityOptions o;
  o.sample_spacing_s = 2e-3;
  const double t_end = 4.0;
  const RollingRealizabilityReport r = rattlebackRollingRealizability(p, kPaper, t_end, o);
  rattleback::IntegrationOptions fine;
  fine.sample_spacing = o.sample_spacing_s / 50.0;
  const auto motion = rattleback::simulateKaneLevinson(p, kPaper, t_end, fine);
  std::vector<double> needed;
  needed.reserve(motion.samples.size());
  for (const auto& m : motion.samples) {
    KaneLevinsonState s;
    s << m.alpha, m.beta, m.gamma, m.omega1, m.omega2, m.omega3;
    const Eigen::Vector3d force = rattlebackRollingContactForce(p, s);
    const Eigen::Vector3d up = -rattleback::contactKinematics(p, s).mu.normalized();
    const double normal = force.dot(up);
    ASSERT_GT(normal, 0.0) << m.t;  // NaN fails here too
    needed.push_back((force - normal * up).norm() / normal);
  }
  const std::size_t k =
      static_cast<std::size_t>(std::max_element(needed.begin(), needed.end()) - needed.begin());
  ASSERT_GT(k, 0u);
  ASSERT_LT(k + 1, needed.size());
  const double left = needed[k - 1], mid = needed[k], right = needed[k + 1];
  const double vertex = mid + 0.125 * (right - left) * (right - left) / (2.0 * mid - left - right);
  double sampled = -1.0;  // the regular samples' maximum, for the sensitivity check
  for (const RollingInstant& i : r.instants) {
    sampled = test_support::maxPropagatingNaN({sampled, i.def9_minimal_mu});
  }
  EXPECT_NEAR(r.minimal_mu, vertex, 1e-6 * vertex);
  EXPECT_GT(std::fabs(sampled - vertex), 1e-5 * vertex);  // the refinement is what matters
}

TEST(RattlebackRealizability, RefusesBadOptions) {
  RollingRealizabilityOptions o;
  o.mu = NAN;
  EXPECT_THROW(rattlebackRollingRealizability({}, kPaper, 1.0, o), InvalidInput);
  o.mu = 0.3;
  o.sample_spacing_s = 0.0;
  EXPECT_THROW(rattlebackRollingRealizability({}, kPaper, 1.0, o), InvalidInput);
  EXPECT_THROW(rattlebackRollingRealizability({}, kPaper, -1.0, {}), InvalidInput);
}

}  // namespace
}  // namespace nsd::models
