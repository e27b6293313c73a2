// nsdkit's one-contact solvers on the one-plane families: the stick-slip integrator's extensions
// (tilted gravity, applied force and torque, position and orientation, the face contact) against
// closed forms, then every one-plane case through the adapters "nsdkit-stick-slip" and "siconos"
// under the judge every engine gets.
#include <nsdkit/validation/one_contact_solvers.hpp>

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <iostream>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/eventdriven/shape_stick_slip.hpp>
#include <nsdkit/models/rattleback_shaped_body.hpp>
#include <nsdkit/validation/judge.hpp>

namespace nsd::validation {
namespace {

using eventdriven::ContactMode;
constexpr double kG = 9.81;

// A uniform sphere, m 1 kg, r 0.05 m, j = 2/5, seen in the frame of a plane of slope s: gravity
// g cos s into the plane and g sin s along x.
eventdriven::ShapedBodyOnPlane sphereOnSlope(double mu, double slope) {
  eventdriven::ShapedBodyOnPlane body;
  body.mass_kg = 1.0;
  body.inertia_G_B = Eigen::Matrix3d::Identity() * 0.4 * 0.05 * 0.05;
  body.surface.kind = contact::ContactShapeKind::kSphere;
  body.surface.semi_axes_m = Eigen::Vector3d::Constant(0.05);
  body.mu = mu;
  body.gravity_m_s2 = kG * std::cos(slope);
  body.gravity_along_plane_m_s2 = Eigen::Vector2d(kG * std::sin(slope), 0.0);
  return body;
}

TEST(StickSlipExtensions, TiltedGravityRollsAtGSinSOver1PlusJ) {
  // tan s = 0.5 < mu (1 + j) / j = 1.05: rolls with dv/dt = g sin s / (1 + j) from rest, so
  // x = a t^2 / 2 and the turned angle x / r. An integrator that ignored the tangential gravity
  // would stay at rest; one that dropped the rotational inertia would accelerate at g sin s.
  // Tolerances: the ODE's 1e-10 and the quadrature of x.
  const double slope = std::atan(0.5), a = kG * std::sin(slope) / 1.4, t_end = 0.25;  // < pi
  const auto tr = eventdriven::simulateStickSlip(sphereOnSlope(0.3, slope), {}, t_end);
  ASSERT_EQ(tr.events.size(), 1u);
  EXPECT_EQ(tr.events[0].to, ContactMode::kRolling);
  const auto& last = tr.samples.back();
  ASSERT_NEAR(last.t_s, t_end, 1e-12);
  EXPECT_NEAR(last.velocity_G_W.x(), a * t_end, 1e-9);
  EXPECT_NEAR(last.position_G_W.x(), 0.5 * a * t_end * t_end, 1e-9);
  EXPECT_NEAR(last.position_G_W.z(), 0.05, 1e-12);
  EXPECT_NEAR(last.friction_ratio, std::tan(slope) * 0.4 / 1.4, 1e-9);  // F = m g sin s j/(1+j)
  // Rolling about y: the turned angle is x / r.
  const Eigen::AngleAxisd turned(last.orientation_WB);
  EXPECT_NEAR(turned.angle(), last.position_G_W.x() / 0.05, 1e-8);
  EXPECT_NEAR(turned.axis().y(), 1.0, 1e-9);
}

TEST(StickSlipExtensions, TiltedGravitySlidesAtGSinSMinusMuCosS) {
  // tan s = 0.5 > mu (1 + j) / j = 0.35 for mu = 0.1: Def 9 fails at rest, the sphere slides with
  // g (sin s - mu cos s) and spins up at mu g cos s / (j r) (the escape speed 1e-8 m/s moves
  // nothing measurable).
  const double slope = std::atan(0.5), mu = 0.1, t_end = 0.5;
  const auto tr = eventdriven::simulateStickSlip(sphereOnSlope(mu, slope), {}, t_end);
  ASSERT_EQ(tr.events.size(), 1u);
  EXPECT_EQ(tr.events[0].to, ContactMode::kSlipping);
  const auto& last = tr.samples.back();
  const double a = kG * (std::sin(slope) - mu * std::cos(slope));
  EXPECT_NEAR(last.velocity_G_W.x(), a * t_end, 1e-7);
  EXPECT_NEAR(last.position_G_W.x(), 0.5 * a * t_end * t_end, 1e-7);
  EXPECT_NEAR(last.omega_B.y(), mu * kG * std::cos(slope) / (0.4 * 0.05) * t_end, 1e-5);
  EXPECT_NEAR(last.friction_ratio, mu, 1e-12);
}

TEST(StickSlipExtensions, HoldingAndDrillingTorques) {
  // Creep's holding torque -m g r sin s about the rolling axis (y x ... : a = n x e = y) keeps
  // the sphere at rest below tan s = mu; a drilling torque about n spins it at tau / J without
  // moving it (point contact: no torsional friction).
  const double slope = std::atan(0.27), t_end = 0.5, tau_n = 2e-3, J = 0.4 * 0.05 * 0.05;
  auto body = sphereOnSlope(0.3, slope);
  body.torque_W = Eigen::Vector3d(0.0, -kG * 0.05 * std::sin(slope), tau_n);
  const auto tr = eventdriven::simulateStickSlip(body, {}, t_end);
  EXPECT_EQ(tr.events[0].to, ContactMode::kRolling);
  const auto& last = tr.samples.back();
  EXPECT_LT(last.velocity_G_W.norm(), 1e-9);
  EXPECT_LT(last.position_G_W.head<2>().norm(), 1e-9);
  EXPECT_NEAR((last.orientation_WB * last.omega_B).z(), tau_n / J * t_end, 1e-7);
  // Just above tan s = mu the same torque cannot hold it: it slides at g (sin s - mu cos s).
  const double steep = std::atan(0.33);
  auto slipping = sphereOnSlope(0.3, steep);
  slipping.torque_W = Eigen::Vector3d(0.0, -kG * 0.05 * std::sin(steep), 0.0);
  const auto slid = eventdriven::simulateStickSlip(slipping, {}, t_end);
  EXPECT_EQ(slid.events[0].to, ContactMode::kSlipping);
  EXPECT_NEAR(slid.samples.back().velocity_G_W.x(),
              kG * (std::sin(steep) - 0.3 * std::cos(steep)) * t_end, 1e-7);
}

TEST(StickSlipExtensions, AppliedForceActsLikeTiltedGravity) {
  // A horizontal force F at G on a horizontal plane: rolling at F / (m (1 + j)).
  auto body = sphereOnSlope(0.3, 0.0);
  body.force_W = Eigen::Vector3d(0.0, 2.0, 0.0);
  const auto tr = eventdriven::simulateStickSlip(body, {}, 0.3);
  EXPECT_NEAR(tr.samples.back().velocity_G_W.y(), 2.0 / 1.4 * 0.3, 1e-9);
  EXPECT_NEAR(tr.samples.back().position_G_W.y(), 0.5 * 2.0 / 1.4 * 0.09, 1e-9);
}

TEST(StickSlipExtensions, LaunchWithBackspinRollsAtTheClosedFormOnset) {
  // Thrown at v0 along h (30 degrees from x) with backspin omega0 (Omega = -omega0 a, a = z x h):
  // rolling at t* = 2 (v0 + r omega0) / (7 mu g) with speed (5 v0 - 2 r omega0) / 7, straight.
  // Distance at t_end: the sliding phase v0 t* - mu g t*^2 / 2, then uniform.
  const double mu = 0.2, v0 = 1.0, w0 = 10.0, r = 0.05, t_end = 0.5;
  const Eigen::Vector3d h(std::cos(0.5236), std::sin(0.5236), 0.0);
  eventdriven::ShapedBodyState start;
  start.velocity_G_W = v0 * h;
  start.omega_B = -w0 * Eigen::Vector3d::UnitZ().cross(h);
  start.position_G_W = Eigen::Vector2d(0.1, -0.2);
  const auto tr = eventdriven::simulateStickSlip(sphereOnSlope(mu, 0.0), start, t_end);
  const double t_star = 2.0 * (v0 + r * w0) / (7.0 * mu * kG);
  const double v_end = (5.0 * v0 - 2.0 * r * w0) / 7.0;
  ASSERT_EQ(tr.events.size(), 2u);
  EXPECT_NEAR(tr.events[1].t_s, t_star, 1e-8);
  const auto& last = tr.samples.back();
  EXPECT_NEAR((last.velocity_G_W - v_end * h).norm(), 0.0, 1e-8);
  const double distance = v0 * t_star - 0.5 * mu * kG * t_star * t_star + v_end * (t_end - t_star);
  EXPECT_NEAR((last.position_G_W.head<2>() - Eigen::Vector2d(0.1, -0.2) - distance * h.head<2>())
                  .norm(),
              0.0, 1e-8);
}

TEST(StickSlipExtensions, PositionIsTheIntegralOfAnOscillatingVelocity) {
  // The rattleback's G moves back and forth (v_G not polynomial in t): its integrated position
  // at 1 s (steps <= 1 ms) against composite Simpson on the velocity of a second run sampled at
  // 0.1 ms (quadrature error ~1e-15 m; the two runs agree to the ODE tolerance 1e-10). A wrong
  // quadrature (weights 4/9, 10/9, 4/9: exact only for linear v) is off by ~1e-8 m.
  const rattleback::KaneLevinsonParameters p;
  const rattleback::KaneLevinsonInitial init{0.0087, 0.0087, 0.0, 0.0, 0.0, -5.0};
  const auto body = models::kaneLevinsonBody(p, 1.0);
  const auto start = models::kaneLevinsonState(p, init);
  const auto coarse = eventdriven::simulateStickSlip(body, start, 1.0);
  eventdriven::StickSlipOptions fine_options;
  fine_options.sample_spacing_s = 1e-4;
  const auto fine = eventdriven::simulateStickSlip(body, start, 1.0, fine_options);
  std::vector<Eigen::Vector2d> v;  // one per sample time (a step may end on a sample time)
  for (const auto& sample : fine.samples) {
    if (v.size() == static_cast<std::size_t>(std::lround(sample.t_s / 1e-4)) + 1) continue;
    v.push_back(sample.velocity_G_W.head<2>());
  }
  ASSERT_EQ(v.size(), 10001u);
  Eigen::Vector2d simpson = Eigen::Vector2d::Zero();
  for (std::size_t k = 0; k < v.size(); ++k) {
    simpson += ((k == 0 || k + 1 == v.size()) ? 1.0 : (k % 2 == 1 ? 4.0 : 2.0)) * v[k];
  }
  simpson *= 1e-4 / 3.0;
  ASSERT_NEAR(coarse.samples.back().t_s, 1.0, 1e-12);
  EXPECT_LT((coarse.samples.back().position_G_W.head<2>() - simpson).norm(), 1e-10)
      << (coarse.samples.back().position_G_W.head<2>() - simpson).norm();
  EXPECT_GT(simpson.norm(), 1e-4);  // it does move
}

TEST(StickSlipExtensions, FaceSlidesToAStopAndSticksOrSlidesOnASlope) {
  // Sliding at v0 on a horizontal plane: stops after v0 / (mu g) at v0^2 / (2 mu g), then rests.
  eventdriven::FaceOnPlane face;
  face.mu = 0.3;
  const Eigen::Vector2d v0(0.6, 0.8);
  const auto tr = eventdriven::simulateFaceSliding(face, v0, 0.6);
  ASSERT_EQ(tr.events.size(), 2u);
  EXPECT_NEAR(tr.events[1].t_s, 1.0 / (0.3 * kG), 1e-12);
  EXPECT_EQ(tr.events[1].to, ContactMode::kRolling);
  EXPECT_NEAR(tr.samples.back().displacement_W.head<2>().norm(), 1.0 / (2 * 0.3 * kG), 1e-12);
  EXPECT_NEAR(tr.samples.back().displacement_W.normalized().dot(Eigen::Vector3d(0.6, 0.8, 0)),
              1.0, 1e-12);
  EXPECT_EQ(tr.samples.back().velocity_W.norm(), 0.0);
  EXPECT_NEAR(tr.samples[100].velocity_W.norm(), 1.0 - 0.3 * kG * 0.1, 1e-12);
  // On a slope (in its frame): rest iff tan s <= mu, else g (sin s - mu cos s) from rest.
  for (const double tan_s : {0.27, 0.33}) {
    const double s = std::atan(tan_s);
    face.gravity_W = Eigen::Vector3d(kG * std::sin(s), 0.0, -kG * std::cos(s));
    const auto slope = eventdriven::simulateFaceSliding(face, Eigen::Vector2d::Zero(), 0.5);
    const double a = tan_s < 0.3 ? 0.0 : kG * (std::sin(s) - 0.3 * std::cos(s));
    EXPECT_NEAR(slope.samples.back().velocity_W.x(), a * 0.5, 1e-12) << tan_s;
    EXPECT_NEAR(slope.samples.back().displacement_W.x(), a * 0.125, 1e-12) << tan_s;
  }
  EXPECT_THROW(eventdriven::simulateFaceSliding(face, Eigen::Vector2d(0.0, 1.0), 0.5),
               InvalidInput);  // not parallel to the load: a curved path
}

std::vector<ValidationCase> onePlaneCases() {
  return generateCases({CaseFamily::kIncline, CaseFamily::kLaunch, CaseFamily::kCreep,
                        CaseFamily::kBlock, CaseFamily::kRattleback});
}

// Runs every case through the solver and requires every row to pass the common judge.
void expectAllPass(const std::vector<ValidationCase>& cases, const SolverSpec& spec) {
  int passed = 0;
  for (const auto& c : cases) {
    const SolverTrajectory tr = runSolver(c, spec);
    const ValidationResult r = judge(c, spec, tr);
    EXPECT_EQ(r.status, RowStatus::kPass) << spec.label() << " " << c.name << ": " << r.reason;
    passed += r.status == RowStatus::kPass ? 1 : 0;
  }
  std::cout << spec.label() << ": " << passed << "/" << cases.size() << " pass\n";
}

TEST(OneContactSolvers, StickSlipAdapterPassesEveryOnePlaneCase) {
  const auto cases = onePlaneCases();
  ASSERT_GE(cases.size(), 40u);
  expectAllPass(cases, {"nsdkit-stick-slip", "-", 0.0});
}

TEST(OneContactSolvers, StickSlipAdapterRefusesTheTrough) {
  const auto trough = generateCases({CaseFamily::kTrough});
  const SolverTrajectory tr = runSolver(trough.front(), {"nsdkit-stick-slip", "-", 0.0});
  EXPECT_NE(tr.not_representable.find("two contacts"), std::string::npos);
}

TEST(OneContactSolvers, SiconosPassesEveryOnePlaneCaseAtH1e3) {
  // Every case of incline, launch, creep, block and the rattleback (runtime ~3 s). The rattleback
  // needs the mid-step Jacobian of sim/siconos_one_plane.cpp: with Moreau-Jean's end-of-step
  // Jacobian the ellipsoid's moving contact point dissipates O(h) at every step and the wobble
  // dies before any reversal at h = 1e-3 (docs/validation.md).
  const auto cases = onePlaneCases();
  ASSERT_EQ(std::count_if(cases.begin(), cases.end(),
                          [](const ValidationCase& c) { return c.kind == CaseFamily::kRattleback; }),
            1);
  expectAllPass(cases, {"siconos", "-", 1e-3});
}

}  // namespace
}  // namespace nsd::validation
