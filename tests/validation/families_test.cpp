// The one-plane families' references against independent routes: the Def-9 analysis of one
// contact, a Newton-Euler integration with Coulomb friction, and the heavy ball of seed 002.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>

#include <nsdkit/contact/single_contact.hpp>
#include <nsdkit/friction/heavy_ball.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {
namespace {

// The sphere at rest on the model's plane, for Def 9.
contact::SingleContactBody bodyAtRest(const OnePlaneModel& m) {
  const engines::SphereScene scene = sceneOf(m);
  const OnePlaneFrame f = frameOf(m);
  contact::SingleContactBody b;
  b.mass = m.mass_kg;
  b.inertia_C_W = scene.inertia_C_W;
  b.r_CP_W = -m.radius_m * f.n_W;
  b.n_W = f.n_W;
  b.t1_W = f.e_W;
  b.force_external_W = m.mass_kg * scene.gravity_W;
  b.torque_external_W = scene.torque_W;
  b.friction = contact::FrictionLaw::coulomb(m.mu);
  return b;
}

TEST(SpherePlaneFamilies, RollingVerdictsAgreeWithDef9AndStraddleEachThreshold) {
  int rolls = 0, slides = 0;
  for (const auto& [name, m] : onePlaneModels()) {
    if (m.family == CaseFamily::kLaunch || m.family == CaseFamily::kBlock ||
        m.family == CaseFamily::kRattleback) {
      continue;
    }
    const OnePlaneReference ref = referenceOf(m);
    const auto def9 = contact::analyzeSingleContact(bodyAtRest(m));
    EXPECT_EQ(def9.realizable, ref.rolls) << name;
    // Every case is at least 10 % from its threshold (tan s / threshold in {0.5, 0.9, 1.1, 1.5}).
    const double distance = std::fabs(std::tan(m.slope_rad) / ref.threshold_tan_slope - 1.0);
    EXPECT_GE(distance, 0.1 - 1e-12) << name;
    (ref.rolls ? rolls : slides) += 1;
  }
  EXPECT_GE(rolls, 6);
  EXPECT_GE(slides, 6);
}

// Newton-Euler of a sphere sliding on the plane: Coulomb friction mu N opposite the contact
// point's slip, N from the normal balance, RK4. While the slip keeps its direction the forces
// are constant, so RK4 is exact up to rounding: the comparison tolerance is 1e-9 relative.
BodyState integrateSliding(const OnePlaneModel& m, double t_end) {
  const engines::SphereScene scene = sceneOf(m);
  const OnePlaneFrame f = frameOf(m);
  const double J = scene.inertia_C_W(0, 0);
  BodyState x{scene.centre0_W, scene.v_C0_W, scene.omega0_W};
  auto derivative = [&](const BodyState& s) {
    const Eigen::Vector3d r_CP = -m.radius_m * f.n_W;
    Eigen::Vector3d slip = s.v_C_W + s.omega_W.cross(r_CP);
    slip -= slip.dot(f.n_W) * f.n_W;
    const double N = -m.mass_kg * scene.gravity_W.dot(f.n_W);
    if (slip.norm() < 1e-12) {
      // Starting from rest the slip takes the direction of the frictionless contact acceleration.
      slip = scene.gravity_W + (scene.torque_W / J).cross(r_CP);
      slip -= slip.dot(f.n_W) * f.n_W;
    }
    const Eigen::Vector3d friction = -m.mu * N * slip.normalized();
    const Eigen::Vector3d force = m.mass_kg * scene.gravity_W + N * f.n_W + friction;
    const Eigen::Vector3d torque = r_CP.cross(friction) + scene.torque_W;
    return BodyState{s.v_C_W, force / m.mass_kg, torque / J};
  };
  const int steps = 4000;
  const double h = t_end / steps;
  auto add = [](const BodyState& a, const BodyState& d, double k) {
    return BodyState{a.x_C_W + k * d.x_C_W, a.v_C_W + k * d.v_C_W, a.omega_W + k * d.omega_W};
  };
  for (int i = 0; i < steps; ++i) {
    const BodyState k1 = derivative(x), k2 = derivative(add(x, k1, h / 2)),
                      k3 = derivative(add(x, k2, h / 2)), k4 = derivative(add(x, k3, h));
    x = add(x, k1, h / 6);
    x = add(x, k2, h / 3);
    x = add(x, k3, h / 3);
    x = add(x, k4, h / 6);
  }
  return x;
}

void expectNear(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const std::string& what) {
  EXPECT_LE((a - b).norm(), 1e-9 * (1.0 + b.norm())) << what << ": " << a.transpose() << " vs "
                                                      << b.transpose();
}

TEST(SpherePlaneFamilies, SlidingMotionsAgreeWithNewtonEulerIntegration) {
  int checked = 0;
  for (const auto& [name, m] : onePlaneModels()) {
    if (m.family == CaseFamily::kBlock) continue;  // below: a box slides without turning
    const OnePlaneReference ref = referenceOf(m);
    // Sliding phases only: the launch until 0.9 t*, the slopes beyond their threshold.
    const double t = m.family == CaseFamily::kLaunch ? 0.9 * ref.rolling_onset_s
                     : ref.rolls                     ? 0.0
                                                     : m.duration_s;
    if (t == 0.0) continue;
    const BodyState exact = exactStateAt(m, t), integrated = integrateSliding(m, t);
    expectNear(integrated.x_C_W, exact.x_C_W, name + " position");
    expectNear(integrated.v_C_W, exact.v_C_W, name + " velocity");
    expectNear(integrated.omega_W, exact.omega_W, name + " angular velocity");
    ++checked;
  }
  EXPECT_GE(checked, 14);
}

// A box sliding face down does not turn (the normal pressure's moment balances friction's while
// mu hz < hx, hy): Newton's law for its centre with Coulomb friction, explicit Euler at 1e-6 s
// until the velocity would reverse. The O(h) error of the stop distance is ~ v0 h = 1e-6 m.
TEST(SpherePlaneFamilies, BlockStopsAndSlidesAsNewtonsLawIntegratedSays) {
  int sliding = 0, at_rest = 0, slipping = 0;
  for (const auto& [name, m] : onePlaneModels()) {
    if (m.family != CaseFamily::kBlock) continue;
    const OnePlaneReference ref = referenceOf(m);
    const OnePlaneFrame f = frameOf(m);
    const Eigen::Vector3d g(0, 0, -m.gravity_m_s2);
    const double N = -g.dot(f.n_W);  // per unit mass
    Eigen::Vector3d x = Eigen::Vector3d::Zero(), v = m.launch_speed_m_s * f.e_W;
    const double h = 1e-6;
    double t = 0.0;
    for (; t < m.duration_s; t += h) {
      const Eigen::Vector3d g_t = g - g.dot(f.n_W) * f.n_W;
      Eigen::Vector3d a;
      if (v.norm() > 0.0) {
        a = g_t - m.mu * N * v.normalized();
        if ((v + h * a).dot(v) <= 0.0) {  // friction would reverse it: it stops and sticks
          v.setZero();
          if (g_t.norm() <= m.mu * N) break;
          continue;
        }
      } else if (g_t.norm() <= m.mu * N) {
        break;  // sticks from rest
      } else {
        a = g_t - m.mu * N * g_t.normalized();
      }
      x += h * v;
      v += h * a;
    }
    const BodyState exact = exactStateAt(m, m.duration_s);
    if (m.launch_speed_m_s > 0.0) {
      EXPECT_NEAR(x.norm(), ref.stop_distance_m, 1e-5) << name;
      EXPECT_NEAR(t, ref.stop_time_s, 1e-5) << name;
      EXPECT_LE((exact.x_C_W - x).norm(), 1e-5) << name;
      ++sliding;
    } else if (ref.at_rest) {
      EXPECT_EQ(x.norm(), 0.0) << name;
      EXPECT_EQ(exact.x_C_W.norm(), 0.0) << name;
      ++at_rest;
    } else {
      EXPECT_LE((exact.x_C_W - x).norm(), 1e-5 * (1 + x.norm())) << name;
      EXPECT_LE((exact.v_C_W - v).norm(), 1e-5 * (1 + v.norm())) << name;
      ++slipping;
    }
  }
  EXPECT_EQ(sliding, 4);
  EXPECT_EQ(at_rest, 4);
  EXPECT_EQ(slipping, 2);
}

TEST(SpherePlaneFamilies, LaunchOnsetAndFinalSpeedAgreeWithTheHeavyBallOfSeed002) {
  // Kireenkov's heavy ball without whirl or rolling resistance is a Coulomb sphere (J = 2/5).
  for (const auto& [name, m] : onePlaneModels()) {
    if (m.family != CaseFamily::kLaunch || m.backspin_rad_s != 0.0) continue;
    friction::HeavyBallParameters p;
    p.mass = m.mass_kg;
    p.ball_radius = m.radius_m;
    p.gravity = m.gravity_m_s2;
    p.friction = m.mu;
    p.contact_radius = 1e-3 * m.radius_m;
    p.k_r0 = 0.0;
    p.exact_model = true;
    const auto tr = friction::simulateHeavyBall(p, {m.launch_speed_m_s, 0.0}, 0.3, 1e-3);
    const OnePlaneReference ref = referenceOf(m);
    // The heavy ball stops the slip when it falls below 1e-7 of its scale: t* to 1e-6 s.
    EXPECT_NEAR(tr.slip_stop_time, ref.rolling_onset_s, 1e-6) << name;
    const auto& a = tr.samples[tr.samples.size() - 3];
    const auto& b = tr.samples[tr.samples.size() - 2];
    const double speed = std::hypot(b.x - a.x, b.y - a.y) / (b.t - a.t);
    EXPECT_NEAR(speed, ref.final_speed_m_s, 1e-6) << name;
  }
}

}  // namespace
}  // namespace nsd::validation

namespace nsd::validation {
namespace {

// The rattleback's scene as the engines build it: at rest upright (no spin, no wobble) it must
// stay at rest on its lowest point, c - h = 1 cm below the mass centre, carrying its weight: this
// checks the ellipsoid's offset from the mass centre and its orientation (r3 down) in every engine
// that represents it.
TEST(RattlebackScene, EnginesHoldTheRattlebackAtRestOnItsLowestPoint) {
  OnePlaneModel m;
  for (const auto& [name, model] : onePlaneModels()) {
    if (model.family == CaseFamily::kRattleback) m = model;
  }
  ASSERT_EQ(m.family, CaseFamily::kRattleback);
  m.rattleback_initial = {};
  m.duration_s = 0.5;
  const ValidationCase c = buildOnePlaneCase("rattleback/rest", m);
  const engines::SphereScene scene = sceneOf(c);
  EXPECT_NEAR(scene.centre0_W.z(), m.rattleback.c - m.rattleback.h, 1e-15);
  int ran = 0;
  for (const auto& solver : allSolvers()) {
    if (solver.step_s != 1e-3 || solver.name == "nsdkit-event-driven" || solver.name == "siconos") {
      continue;
    }
    const SolverTrajectory t = runSolver(c, solver);
    if (!t.not_representable.empty()) continue;
    if (solver.name == "dart") continue;  // FCL: the plane is a thin box (see the engines test)
    ASSERT_TRUE(t.completed) << solver.label() << ": " << t.failure;
    const auto& last = t.samples.back();
    // Soft contacts sink by up to ~0.5 mm; nothing moves or turns.
    EXPECT_NEAR(last.contacts[0].gap_m, 0.0, 5e-4) << solver.label();
    EXPECT_LT(last.v_C_W.norm(), 1e-3) << solver.label();
    EXPECT_LT(last.omega_W.norm(), 1e-2) << solver.label();
    EXPECT_NEAR(last.x_C_W.z(), scene.centre0_W.z(), 5e-4) << solver.label();
    ++ran;
  }
  EXPECT_GE(ran, 4);  // MuJoCo and Bullet at both settings
}

}  // namespace
}  // namespace nsd::validation
