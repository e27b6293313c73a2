#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/run.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>

#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <set>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/case_files.hpp>

namespace nsd::validation {
namespace {

TEST(Validation, RayCasesCrossTheFaceTheyProbeAtTheirMeasuredDistance) {
  const auto cases = generateCases();
  std::set<std::string> faces, modes;
  int negative_mz = 0;
  for (const auto& c : cases) {
    for (const auto& m : c.allowed_modes) modes.insert(m);
    negative_mz += c.torque.z() < 0;
    if (c.probed_face.empty()) continue;
    faces.insert(c.probed_face);
    // Inside points are realizable and outside ones are not, 2 % either side of the crossing.
    EXPECT_EQ(c.realizable, c.face_distance < 0) << c.name;
    EXPECT_NEAR(std::fabs(c.face_distance), 0.02, 1e-12) << c.name;
    // The closed forms and the generic predicate agree on every case (independent routes).
    EXPECT_EQ(models::classifyGeneric(c.parameters, c.torque).realizable, c.realizable) << c.name;
  }
  for (const std::string m : {"RR", "RS", "SR", "SS"}) EXPECT_TRUE(modes.count(m)) << m;
  EXPECT_TRUE(faces.count("surface (88)"));
  EXPECT_TRUE(faces.count("planes (82)-(83)"));
  EXPECT_GT(negative_mz, 30);  // the lower face of (88) is probed too
  // The high rays of the paper's families leave through the surface (88), not a plane.
  for (const auto& c : cases) {
    if (c.reference == ReferenceSource::kClosedForm && c.name.find("/high") != std::string::npos) {
      EXPECT_EQ(c.probed_face, "surface (88)") << c.name;
    }
  }
}

// The ray a probe case lies on, from its name (as generateCases builds them).
struct ProbeRay {
  Eigen::Vector3d origin, direction;
};
ProbeRay probeRayOf(const ValidationCase& c) {
  const std::string probe = c.name.substr(c.family.size() + 1);
  const bool closed = c.parameters.closedFormApplies();
  const auto sv = closed ? models::specialValues(c.parameters.mu()) : models::SpecialValues{};
  const double sign = probe.find("-mz") != std::string::npos ? -1.0 : 1.0;
  const double mz_high = closed ? 0.5 * (sv.m_z2 + sv.m_z3) : 0.3;
  ProbeRay ray{Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ()};
  if (probe.rfind("low", 0) == 0) ray.origin.z() = sign * 0.05;
  if (probe.rfind("high", 0) == 0) ray.origin.z() = sign * mz_high;
  if (probe.rfind("mz1/", 0) == 0) ray.origin.z() = sv.m_z1;
  if (probe.rfind("mz2/", 0) == 0) ray.origin.z() = sv.m_z2;
  const std::vector<std::pair<std::string, Eigen::Vector3d>> directions{
      {"ray+x+y", Eigen::Vector3d(1, 1, 0).normalized()}, {"ray+x", Eigen::Vector3d::UnitX()},
      {"ray-x", -Eigen::Vector3d::UnitX()}, {"ray+y", Eigen::Vector3d::UnitY()},
      {"ray-y", -Eigen::Vector3d::UnitY()}};
  for (const auto& [tag, d] : directions) {
    if (probe.find(tag + "/") != std::string::npos) {
      ray.direction = d;
      break;
    }
  }
  if (probe.rfind("vmax_edge", 0) == 0) ray.direction = c.torque.normalized();
  return ray;
}

TEST(Validation, FaceDistancesRecomputedByAnIndependentRoute) {
  // Each probe's distance from the face it probes, recomputed along its ray by bisection on
  // another route than the generator's: the generic two-contact route for the closed-form
  // troughs (the generator bisected the closed forms), the sampled SS search for the
  // predicate-only troughs (the generator used the rational one). 40 bisection steps put the
  // boundary within 1e-12 of the ray's length: the distances must be +-2 % to 1e-6.
  contact::RealizabilityOptions sampled;
  sampled.ss_search = contact::SlipSlipSearch::kSampledField;
  sampled.analyze_roll_roll = false;
  int checked = 0;
  const auto cases = generateCases();
  for (std::size_t i = 0; i < cases.size(); i += 3) {
    const auto& c = cases[i];
    if (c.probed_face.empty()) continue;
    const ProbeRay ray = probeRayOf(c);
    const bool closed = c.reference == ReferenceSource::kClosedForm;
    auto realizable = [&](double s) {
      const Eigen::Vector3d m = ray.origin + s * ray.direction;
      return closed ? models::classifyGeneric(c.parameters, m).realizable
                    : models::classifyGeneric(c.parameters, m, sampled).realizable;
    };
    const double s_case = (c.torque - ray.origin).norm();
    ASSERT_LE((c.torque - ray.origin - s_case * ray.direction).norm(), 1e-12) << c.name;
    double inside = 0.0, outside = 2.0 * s_case;
    ASSERT_TRUE(realizable(inside)) << c.name;
    ASSERT_FALSE(realizable(outside)) << c.name;
    for (int k = 0; k < 40; ++k) {
      const double mid = 0.5 * (inside + outside);
      (realizable(mid) ? inside : outside) = mid;
    }
    EXPECT_NEAR(s_case / inside - 1.0, c.face_distance, 1e-6) << c.name;
    ++checked;
  }
  EXPECT_GT(checked, 30);
}

TEST(Validation, NsdkitAndEveryEngineRunASubsetAndNsdkitPassesTheClosedFormCases) {
  auto cases = generateCases();
  std::vector<ValidationCase> subset;
  for (std::size_t i = 0; i < cases.size(); i += 9) subset.push_back(cases[i]);
  ValidationOptions o;
  o.threads = 2;
  o.solvers.clear();
  for (const auto& s : allSolvers()) {
    if (s.step_s != 1e-4) o.solvers.push_back(s);
  }
  const auto results = runValidation(subset, o);
  ASSERT_EQ(results.size(), subset.size() * o.solvers.size());
  std::set<std::string> seen;
  for (const auto& r : results) {
    seen.insert(r.solver);
    if (r.solver == "nsdkit-event-driven") {
      EXPECT_TRUE(r.pass) << r.case_name << " " << r.observed << " " << r.reason;
    }
    if (!r.pass) {
      EXPECT_FALSE(r.reason.empty()) << r.case_name << " " << r.solver;
    }
    // The exact engines and Siconos roll where the torque is well inside the body.
    if (r.case_name == "mu0.3_j0.4/inside" &&
        (r.solver == "siconos/h=0.001" || r.solver == "ode/exact/h=0.001" ||
         r.solver == "mujoco/exact/h=0.001" || r.solver == "dart/exact/h=0.001")) {
      EXPECT_TRUE(r.pass) << r.solver << " " << r.reason;
    }
  }
  EXPECT_EQ(seen.size(), o.solvers.size());
}

TEST(Validation, SlidingBallRollsAtTheAnalyticTime) {
  // nsdkit's integrator and the exact engines reach rolling at t* = v0/(sqrt2 mu g (1 + 1/(2j)))
  // with v0/(1 + 2j); the tolerance (5 % of t*, 1 % of speed) is the judge's.
  for (const auto& c : generateCases()) {
    if (c.name != "mu0.3_j0.4/sliding_v0=1") continue;
    EXPECT_NEAR(c.expected_rolling_onset_s, 1.0 / (std::sqrt(2.0) * 0.3 * 9.81 * 2.25), 1e-12);
    for (const SolverSpec& s :
         {SolverSpec{"nsdkit-event-driven", "-", 0.0}, SolverSpec{"ode", "exact", 1e-3}}) {
      const auto r = judge(c, s, runSolver(c, s));
      EXPECT_TRUE(r.pass) << s.label() << " " << r.reason;
      EXPECT_NEAR(r.rolling_onset, c.expected_rolling_onset_s, 0.05 * c.expected_rolling_onset_s);
    }
    return;
  }
  FAIL() << "sliding case missing";
}

TEST(Validation, FailedRowsSayWhetherRollingWasPossible) {
  // Just outside the RS plane, rolling is possible (an RR force set inside both cones) but not
  // realizable; far outside the top of the body it is not even possible.
  const auto cases = generateCases();
  for (const auto& c : cases) {
    if (c.name == "mu0.3_j0.4/low+mz/ray+y/outside") {
      EXPECT_TRUE(rollingPossibility(c).possible);
    }
  }
  ValidationCase far = cases.front();
  far.torque = Eigen::Vector3d(0, 0, 3.0);
  EXPECT_FALSE(rollingPossibility(far).possible);
  // A solver that reports rolling there fails with the reason computed.
  SolverTrajectory t;
  t.completed = true;
  for (int i = 1; i <= 100; ++i) {
    engines::EngineSample s = engines::makeSample(sceneOf(far), 0.002 * i, Eigen::Vector3d::Zero(),
                                                  Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero());
    t.samples.push_back(s);
  }
  far.realizable = false;
  far.allowed_modes = {"SS"};
  const auto r = judge(far, {"fake", "-", 1e-3}, t);
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.reason.find("no RR force set"), std::string::npos) << r.reason;
}

TEST(Validation, NsdkitsRowsAreJudgedFromTheirTrajectoryAndCountOnlyOnClosedForms) {
  // nsdkit's event-driven integrator is judged from its trajectory by the one rule (its slip
  // speeds, exactly 0 while rolling), like any solver; on predicate-only cases (a 60-degree
  // trough) it decides by the predicate itself, so its rows there do not count as validating
  // it, while an engine's do.
  const auto cases = generateCases();
  const SolverSpec nsdkit{"nsdkit-event-driven", "-", 0.0}, ode{"ode", "exact", 1e-3};
  int closed = 0, predicate = 0;
  for (std::size_t i = 0; i < cases.size(); i += 7) {
    const auto& c = cases[i];
    const ValidationResult r = judge(c, nsdkit, runSolver(c, nsdkit));
    EXPECT_TRUE(r.pass) << c.name << ": " << r.reason;
    const bool closed_form = c.reference == ReferenceSource::kClosedForm;
    EXPECT_EQ(r.counts_as_validation, closed_form) << c.name;
    EXPECT_TRUE(judge(c, ode, SolverTrajectory{}).counts_as_validation) << c.name;
    (closed_form ? closed : predicate) += 1;
  }
  EXPECT_GT(closed, 5);
  EXPECT_GT(predicate, 5);
}

class Scoring : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("nsdkit_score_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    for (const auto& c : generateCases()) {
      if (c.family == "mu0.3_j0.4" &&
          (c.realizable || c.name.find("outside") != std::string::npos)) {
        cases_.push_back(c);
      }
      if (cases_.size() >= 12) break;
    }
    exportCases(cases_, (dir_ / "cases").string());
    std::filesystem::create_directories(dir_ / "traj");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
  std::vector<ValidationCase> cases_;
};

TEST_F(Scoring, UnreadableFilesAreRefusedWithTheFieldNamed) {
  std::ofstream(dir_ / "traj" / "0.csv") << "t,x,y\n0.1,0,0\n";
  const auto results = scoreTrajectories(cases_, (dir_ / "traj").string(), "x");
  EXPECT_FALSE(results[0].pass);
  EXPECT_NE(results[0].reason.find("unreadable"), std::string::npos) << results[0].reason;
  std::ofstream(dir_ / "cases" / "1.json") << "{\"schema\": \"nsdkit-validation-case/2\"}";
  try {
    importCases((dir_ / "cases").string());
    FAIL() << "accepted a case without fields";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("missing field"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace nsd::validation
