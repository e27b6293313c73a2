// The report's frames of a run (report_series.hpp): thinning, the pose integrated for solvers that
// record velocities only, the contact points, and the angular velocity nsdkit's two-contact
// integrator and Siconos now record, each checked against the closed form of two-point rolling.
#include <gtest/gtest.h>

#include <cmath>

#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/report_series.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {
namespace {

const ValidationCase& rollingCase() {
  const ValidationCase* c = canonicalCase("mu0.3_j0.4/inside");  // RR, (78) closed form
  EXPECT_NE(c, nullptr);
  EXPECT_TRUE(c->realizable);
  return *c;
}

// In two-point rolling of a sphere |Omega| = |v_C| / |u x r+| (u along P+P-) and both contact
// points are at rest (v_C + Omega x r+- = 0, which fixes Omega's direction too): the reference spin
// comes from the contact geometry alone, the recorded Omega from the solver's state (Siconos) or
// from the slips by least squares (nsdkit's integrator). Both solvers hold RR to rounding on
// this case (acceleration error ~1e-14 in the report), so 1e-9 relative leaves five orders of
// margin while an Omega off by any factor or axis fails.
void expectRollingSpin(const std::string& solver, double step_s) {
  const ValidationCase& c = rollingCase();
  const SolverTrajectory tr = runSolver(c, SolverSpec(solver, "-", step_s));
  ASSERT_FALSE(tr.samples.empty());
  const ReportSeries s = reportSeries(c, tr);
  ASSERT_GT(s.frames.size(), 100u);
  for (const ReportFrame& f : s.frames) {
    ASSERT_TRUE(std::isfinite(f.reference_spin_rad_s));
    EXPECT_NEAR(f.omega_W.norm(), f.reference_spin_rad_s, 1e-9 * f.reference_spin_rad_s + 1e-12)
        << solver << " at t = " << f.t_s;
    EXPECT_NEAR(f.v_C_W.norm(), f.reference_speed_m_s, 1e-9 * f.reference_speed_m_s + 1e-12);
    // Rolling at both contacts: each contact point of the body is at rest, v_C + Omega x r = 0.
    for (const ReportContact& contact : f.contacts) {
      const Eigen::Vector3d r = contact.point_W - f.x_C_W;
      EXPECT_LT((f.v_C_W + f.omega_W.cross(r)).norm(), 1e-9 * f.v_C_W.norm() + 1e-12)
          << solver << " at t = " << f.t_s;
    }
  }
}

TEST(ReportSeries, NsdkitIntegratorRecordsTheRollingSpin) { expectRollingSpin("nsdkit-event-driven", 0.0); }

TEST(ReportSeries, SiconosRecordsTheRollingSpin) { expectRollingSpin("siconos", 1e-3); }

// The pose of a solver that records velocities only is integrated: from rest with (78)'s
// acceleration a along the trough the centre is at a t^2 / 2 along it (the trapezoid rule is exact
// for a linear velocity: rounding only), and each contact point is x_C - r n on its plane.
TEST(ReportSeries, PoseIntegratedFromVelocitiesFollowsTheClosedForm) {
  const ValidationCase& c = rollingCase();
  const SolverTrajectory tr = runSolver(c, SolverSpec("nsdkit-event-driven", "-", 0.0));
  ASSERT_FALSE(tr.positions_recorded);
  const ReportSeries s = reportSeries(c, tr);
  const engines::SphereScene scene = sceneOf(c);
  for (const ReportFrame& f : s.frames) {
    const Eigen::Vector3d exact =
        scene.centre0_W + 0.5 * c.expected_acceleration * f.t_s * f.t_s * c.along_W;
    EXPECT_LT((f.x_C_W - exact).norm(), 1e-12 + 1e-9 * exact.norm()) << "t = " << f.t_s;
    ASSERT_EQ(f.contacts.size(), 2u);
    for (std::size_t k = 0; k < 2; ++k) {
      const auto& plane = scene.planes[k];
      const Eigen::Vector3d point = f.x_C_W - scene.radius_m * plane.normal_W;
      EXPECT_LT((f.contacts[k].point_W - point).norm(), 1e-12);
      EXPECT_NEAR(plane.normal_W.dot(f.contacts[k].point_W), plane.offset_m, 1e-12);
    }
  }
}

// Thinning keeps at most kReportSeriesPoints frames, the first and last samples among them, in
// order; a NaN in the run stays a NaN (never a number the plot would draw).
TEST(ReportSeries, ThinningKeepsTheEndsAndNaN) {
  const ValidationCase& c = rollingCase();
  SolverTrajectory tr;
  for (int i = 1; i <= 1000; ++i) {
    engines::EngineSample e;
    e.t = 1e-3 * i;
    e.v_C_W = Eigen::Vector3d(0, 0, e.t);
    e.contacts.resize(2);
    tr.samples.push_back(e);
  }
  tr.samples.back().v_C_W.z() = NAN;
  const ReportSeries s = reportSeries(c, tr);
  ASSERT_EQ(s.frames.size(), kReportSeriesPoints);
  EXPECT_DOUBLE_EQ(s.frames.front().t_s, 1e-3);
  EXPECT_DOUBLE_EQ(s.frames.back().t_s, 1.0);
  EXPECT_TRUE(std::isnan(s.frames.back().v_C_W.z()));
  for (std::size_t k = 1; k < s.frames.size(); ++k) EXPECT_GT(s.frames[k].t_s, s.frames[k - 1].t_s);
}

// One-plane families: the reference is the exact motion at each frame's time (the launch's
// sliding phase then rolling), checked here against the launch's closed form by hand:
// v = v0 - mu g t until t* = 2 v0 / (7 mu g) (j = 2/5), then 5 v0 / 7.
TEST(ReportSeries, LaunchReferenceIsTheClosedForm) {
  for (const ValidationCase& c : generateCases({CaseFamily::kLaunch})) {
    const OnePlaneModel& m = *c.one_plane;
    if (m.backspin_rad_s != 0.0) continue;
    ASSERT_DOUBLE_EQ(m.inertia_ratio, 0.4);
    ASSERT_DOUBLE_EQ(m.slope_rad, 0.0);
    const double v0 = m.launch_speed_m_s, mug = m.mu * m.gravity_m_s2;
    const double t_star = 2.0 * v0 / (7.0 * mug);
    const std::vector<double> times{0.0, 0.5 * t_star, 0.999 * t_star, 1.5 * t_star};
    const ReferenceSpeeds ref = referenceSpeeds(c, times);
    for (std::size_t k = 0; k < times.size(); ++k) {
      const double expected = times[k] < t_star ? v0 - mug * times[k] : 5.0 * v0 / 7.0;
      EXPECT_NEAR(ref.speed_m_s[k], expected, 1e-12) << c.name << " t = " << times[k];
    }
    return;
  }
  FAIL() << "no launch case without backspin";
}

}  // namespace
}  // namespace nsd::validation
