// The judge and the scorer cannot be forged, misread or fooled (issue 44, findings 1-6 and 9):
// each test builds the trajectory or the case file a forger, an exact penetrating engine, a
// sleeping body or a friction-unlimited engine would hand in, and checks the verdict and its
// computed reason.
#include <gtest/gtest.h>

#include "../support/json_files.hpp"
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/case_file_checks.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solvers.hpp>
#include <nsdkit/validation/trajectory_checks.hpp>

namespace nsd::validation {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using test::readJsonFile;
using test::writeJsonFile;

const ValidationCase& caseNamed(const std::string& name) {
  const ValidationCase* c = canonicalCase(name);
  if (!c) throw std::runtime_error("no case " + name);
  return *c;
}

// The first canonical case of a family that satisfies `pick`.
template <class Pick>
const ValidationCase& firstCase(CaseFamily family, Pick pick) {
  for (const auto& c : canonicalCases()) {
    if (c.kind == family && pick(c)) return c;
  }
  throw std::runtime_error("no such case");
}

SolverTrajectory asTrajectory(const ValidationCase& c,
                              const std::vector<engines::EngineSample>& samples) {
  // Through the table reader, as a user's CSV would come (slip and gap by the common rule).
  std::vector<std::vector<double>> rows;
  for (const auto& s : samples) {
    rows.push_back({s.t, s.x_C_W.x(), s.x_C_W.y(), s.x_C_W.z(), s.q_WS.w(), s.q_WS.x(), s.q_WS.y(),
                    s.q_WS.z(), s.v_C_W.x(), s.v_C_W.y(), s.v_C_W.z(), s.omega_W.x(), s.omega_W.y(),
                    s.omega_W.z()});
  }
  return trajectoryFromTable(c, rows, true);
}

const SolverSpec kUser{"user", "-", 0.0};

// ---- Finding 1: forged case files ------------------------------------------------------------

class CaseFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("nsdkit_trust_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    for (const auto& c : generateCases({CaseFamily::kTrough})) {
      if (c.family == "mu0.3_j0.4") cases_.push_back(c);
    }
    exportCases(cases_, (dir_ / "cases").string());
    fs::create_directories(dir_ / "traj");
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path caseFile(const ValidationCase& c) const {
    return dir_ / "cases" / (std::to_string(c.case_index) + ".json");
  }
  fs::path dir_;
  std::vector<ValidationCase> cases_;
};

TEST_F(CaseFolder, AnInsideCaseUnderAnOutsideCasesNameWithItsDigestRecomputedIsRefused) {
  const ValidationCase& inside = caseNamed("mu0.3_j0.4/low+mz/ray+x/inside");
  const ValidationCase& outside = caseNamed("mu0.3_j0.4/low+mz/ray+x/outside");
  ASSERT_TRUE(inside.realizable);
  ASSERT_FALSE(outside.realizable);
  // The forger: the inside case's scene, torque and expectation under the outside case's name,
  // probe and probed face, the digest recomputed (a plain SHA-256 anyone can compute).
  json forged = readJsonFile(caseFile(inside));
  const json genuine = readJsonFile(caseFile(outside));
  forged["name"] = genuine["name"];
  forged["index"] = genuine["index"];
  forged["model"]["probe"] = genuine["model"]["probe"];
  forged["model"]["probed_face"] = genuine["model"]["probed_face"];
  forged["model"]["face_distance"] = genuine["model"]["face_distance"];
  forged["digest"] = caseDigest(forged);
  writeJsonFile(caseFile(outside), forged);
  writeTrajectoryCsv(analyticTrajectory(inside, 1e-3),
                     (dir_ / "traj" / (std::to_string(outside.case_index) + ".csv")).string());
  const auto imported = importCases((dir_ / "cases").string());
  const auto it = std::find_if(imported.begin(), imported.end(),
                               [&](const ValidationCase& c) { return c.name == outside.name; });
  ASSERT_NE(it, imported.end());
  EXPECT_NE(it->refusal.find("is the name of one of nsdkit"), std::string::npos) << it->refusal;
  const auto results = scoreTrajectories(imported, (dir_ / "traj").string(), "forger");
  for (const auto& r : results) {
    if (r.case_name == outside.name) {
      EXPECT_EQ(r.status, RowStatus::kRefused);
      EXPECT_FALSE(r.pass);
    }
  }
}

TEST_F(CaseFolder, AFileCopiedOverAnotherIsRefusedByName) {
  const ValidationCase &first = cases_[0], &second = cases_[1];
  fs::copy_file(caseFile(first), caseFile(second), fs::copy_options::overwrite_existing);
  const auto imported = importCases((dir_ / "cases").string());
  ASSERT_EQ(imported.size(), cases_.size());
  EXPECT_NE(imported[1].refusal.find("copied or moved over another"), std::string::npos)
      << imported[1].refusal;
  EXPECT_TRUE(imported[0].refusal.empty()) << imported[0].refusal;
}

TEST_F(CaseFolder, DroppedCasesAreFailedRowsAndDuplicatesAreRefused) {
  const fs::path index = dir_ / "cases" / "index.json";
  json j = readJsonFile(index);
  const json original = j;
  j["cases"].erase(j["cases"].begin() + 2);  // the forger drops a case it fails
  writeJsonFile(index, j);
  const auto imported = importCases((dir_ / "cases").string());
  const auto results = scoreTrajectories(imported, (dir_ / "traj").string(), "dropper");
  const auto missing = std::find_if(results.begin(), results.end(), [&](const ValidationResult& r) {
    return r.case_name == cases_[2].name;
  });
  ASSERT_NE(missing, results.end()) << "a dropped case went unnoticed";
  EXPECT_FALSE(missing->pass);
  EXPECT_NE(missing->reason.find("missing from the case folder"), std::string::npos);
  // Every case of the scored family is accounted for, present or missing.
  std::size_t trough_rows = 0;
  for (const auto& r : results) trough_rows += r.family == CaseFamily::kTrough;
  EXPECT_EQ(trough_rows, generateCases({CaseFamily::kTrough}).size());

  j = original;
  j["cases"][3]["name"] = j["cases"][4]["name"];
  writeJsonFile(index, j);
  EXPECT_THROW(importCases((dir_ / "cases").string()), InvalidInput);
  j = original;
  j["cases"][3]["index"] = j["cases"][4]["index"];
  j["cases"][3]["file"] = j["cases"][4]["file"];
  writeJsonFile(index, j);
  EXPECT_THROW(importCases((dir_ / "cases").string()), InvalidInput);
}

TEST_F(CaseFolder, AnUnknownCaseIsScoredAsCustomAndNeverCounted) {
  const ValidationCase& inside = caseNamed("mu0.3_j0.4/inside");
  // A user's own case: a new probe name, rebuilt consistently from its model.
  TroughCaseModel m;
  m.group = "mu0.3_j0.4";
  m.probe = "my-probe";
  m.parameters = inside.parameters;
  m.torque = inside.torque;
  ValidationCase mine = buildTroughCase(m);
  json file = caseJson(mine, 999);
  const fs::path index = dir_ / "cases" / "index.json";
  json j = readJsonFile(index);
  j["cases"].push_back({{"index", 999}, {"name", mine.name}, {"file", "999.json"}});
  writeJsonFile(index, j);
  writeJsonFile(dir_ / "cases" / "999.json", file);
  const auto imported = importCases((dir_ / "cases").string());
  ASSERT_TRUE(imported.back().custom);
  ASSERT_TRUE(imported.back().refusal.empty()) << imported.back().refusal;
  writeTrajectoryCsv(analyticTrajectory(imported.back(), 1e-3),
                     (dir_ / "traj" / "999.csv").string());
  const auto results = scoreTrajectories(imported, (dir_ / "traj").string(), "me");
  const auto row = std::find_if(results.begin(), results.end(), [&](const ValidationResult& r) {
    return r.case_name == mine.name;
  });
  ASSERT_NE(row, results.end());
  EXPECT_TRUE(row->pass) << row->reason;
  EXPECT_EQ(row->solver, "me [custom]");  // a row of its own solver label, apart
  EXPECT_FALSE(row->counts_as_validation);
}

// ---- Finding 9: the solver's manifest, declared cases, --families ----------------------------

TEST_F(CaseFolder, ManifestDeclaresCasesNotRepresentableAndGivesTheStep) {
  const ValidationCase& sliding = caseNamed("mu0.3_j0.4/sliding_v0=1");
  std::ofstream(dir_ / "traj" / "solver.json")
      << json{{"name", "my-engine"},
              {"version", "1.2"},
              {"step_s", 1e-3},
              {"settings", {{{"setting", "iterations 50"}, {"reason", "converged"}}}},
              {"not_representable", {{{"case", sliding.name}, {"reason", "no sliding start"}}}}}
             .dump();
  const SolverManifest m = readSolverManifest((dir_ / "traj").string());
  EXPECT_EQ(m.name, "my-engine");
  EXPECT_EQ(m.step_s, 1e-3);
  const auto imported = importCases((dir_ / "cases").string());
  const auto results = scoreTrajectories(imported, (dir_ / "traj").string(), "my-engine");
  for (const auto& r : results) {
    EXPECT_EQ(r.step_s, 1e-3);
    if (r.case_name == sliding.name) {
      EXPECT_EQ(r.status, RowStatus::kNotRepresentable);
      EXPECT_NE(r.reason.find("no sliding start"), std::string::npos) << r.reason;
    }
  }
  // Declaring a case the folder does not hold, or an unknown field, is an error.
  std::ofstream(dir_ / "traj" / "solver.json")
      << R"({"not_representable": [{"case": "no/such/case", "reason": "x"}]})";
  EXPECT_THROW(scoreTrajectories(imported, (dir_ / "traj").string(), "x"), InvalidInput);
  std::ofstream(dir_ / "traj" / "solver.json") << R"({"step": 0.001})";
  EXPECT_THROW(readSolverManifest((dir_ / "traj").string()), InvalidInput);
  std::ofstream(dir_ / "traj" / "solver.json") << R"({"step_s": -1})";
  EXPECT_THROW(readSolverManifest((dir_ / "traj").string()), InvalidInput);
}

TEST(CaseNumbers, AreStableWhateverFamiliesAreExported) {
  const auto launch = generateCases({CaseFamily::kLaunch});
  const auto all = canonicalCases();
  for (const auto& c : launch) {
    ASSERT_LT(c.case_index, all.size());
    EXPECT_EQ(all[c.case_index].name, c.name);
  }
  EXPECT_GT(launch.front().case_index, 0u);
}

// ---- Finding 2: the judge reads the case's duration -------------------------------------------

TEST(JudgeDuration, WhatLiesBeyondTheDurationIsNeverJudged) {
  // The held sphere that Coulomb keeps at rest: the file slides it for the case's whole
  // duration, then rests for nine more durations. Judged over the file's end it would "rest".
  const ValidationCase& held =
      firstCase(CaseFamily::kCreep, [](const ValidationCase& c) { return c.exact_rest; });
  const double T = held.t_end_s;
  const Eigen::Vector3d e = held.along_W;
  std::vector<engines::EngineSample> samples;
  const engines::SphereScene scene = sceneOf(held);
  for (int i = 0; i <= 1000; ++i) {
    const double t = 10.0 * T * i / 1000.0;
    const double a = 0.5;  // sliding from rest at 0.5 m/s^2 until T, then stopped
    const double v = t <= T ? a * t : 0.0;
    const double x = 0.5 * a * std::min(t, T) * std::min(t, T);
    samples.push_back(engines::makeSample(scene, t, x * e, scene.q0_WS, v * e, scene.omega0_W));
  }
  const auto r = judge(held, kUser, asTrajectory(held, samples));
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.observed, "S") << r.reason;
  EXPECT_EQ(r.reason.find("ended at"), std::string::npos) << r.reason;
  EXPECT_NEAR(r.simulated_seconds, T, 1e-12);
  // The exact motion with junk beyond the duration passes.
  auto exact = analyticTrajectory(held, 1e-3);
  const engines::EngineSample last = exact.back();
  for (int i = 1; i <= 100; ++i) {
    auto s = last;
    s.t += i * 1e-3;
    s.x_C_W += Eigen::Vector3d(1, 0, 0) * i * 1e-3;  // moves, with a velocity that is not its own
    exact.push_back(s);
  }
  const auto ok = judge(held, kUser, asTrajectory(held, exact));
  EXPECT_TRUE(ok.pass) << ok.reason;
}

// ---- Finding 3: slip of a penetrating contact -------------------------------------------------

// Exact rolling down the incline with the sphere sunk by depth (reached over the first 10 ms)
// and no slip at the body point at fraction lambda of the overlap from the deepest point.
std::vector<engines::EngineSample> penetratingRolling(const ValidationCase& c, double depth,
                                                      double lambda, double h, double scale) {
  const OnePlaneModel& m = *c.one_plane;
  const OnePlaneFrame f = frameOf(m);
  const engines::SphereScene scene = sceneOf(c);
  std::vector<engines::EngineSample> out;
  const long n = std::lround(c.t_end_s / h);
  for (long i = 0; i <= n; ++i) {
    const double t = static_cast<double>(i) * h;
    const BodyState x = exactStateAt(m, t);
    // d = depth (t / 10 ms)^2 until 10 ms: the initial state is the case's (at rest, touching).
    const double ramp = std::min(1.0, t / 0.01), d = depth * ramp * ramp;
    const double d_rate = t < 0.01 ? 2.0 * depth * t / 1e-4 : 0.0;
    const Eigen::Vector3d v = scale * x.v_C_W - d_rate * f.n_W;
    const double speed = scale * x.v_C_W.dot(f.e_W);
    // No slip at C - (r - lambda d) n: v_C = (r - lambda d) Omega x n, Omega along a.
    const Eigen::Vector3d omega = speed / (m.radius_m - lambda * d) * f.a_W;
    out.push_back(
        engines::makeSample(scene, t, scale * x.x_C_W - d * f.n_W, scene.q0_WS, v, omega));
  }
  return out;
}

TEST(JudgePenetration, ExactRollingPassesWhereverTheEngineHoldsTheContactAndAtEveryStep) {
  const ValidationCase& rolling = caseNamed("incline/mu0.3/tan0.5x/heading30");
  ASSERT_EQ(rolling.allowed_modes.front(), "R");
  for (const double depth : {0.0, 0.05e-3, 0.5e-3}) {
    for (const double lambda : {0.0, 0.5, 1.0}) {
      for (const double h : {1e-3, 1e-4}) {
        SCOPED_TRACE("depth " + std::to_string(depth) + " lambda " + std::to_string(lambda) +
                     " h " + std::to_string(h));
        auto r = judge(rolling, kUser,
                       asTrajectory(rolling, penetratingRolling(rolling, depth, lambda, h, 1.0)));
        EXPECT_TRUE(r.pass) << r.reason;
        EXPECT_EQ(r.observed, "R");
        // 3 % too fast fails (the acceleration's 1 % tolerance), penetration or not.
        r = judge(rolling, kUser,
                  asTrajectory(rolling, penetratingRolling(rolling, depth, lambda, h, 1.03)));
        EXPECT_FALSE(r.pass);
        EXPECT_NE(r.reason.find("acceleration"), std::string::npos) << r.reason;
      }
    }
  }
}

TEST(JudgePenetration, ABodySunkDeeperThanTwoPercentOfItsSizeFails) {
  // A sliding sphere can read as rolling if it claims a deep enough overlap: 3 mm (6 % of r)
  // is refused whatever it absorbs; 0.5 mm (1 %) passed above.
  const ValidationCase& rolling = caseNamed("incline/mu0.3/tan0.5x/heading30");
  const auto r = judge(rolling, kUser,
                       asTrajectory(rolling, penetratingRolling(rolling, 3e-3, 1.0, 1e-3, 1.0)));
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.reason.find("mm into a plane"), std::string::npos) << r.reason;
}

TEST(JudgePenetration, ContactSlipIsTheSmallestOnTheOverlapSegment) {
  const Eigen::Vector3d n = Eigen::Vector3d::UnitZ(), omega(0, 10, 0);
  const double r = 0.05, depth = 1e-3;
  const Eigen::Vector3d deepest = -r * n;
  // Rolling about the overlap's middle: v_C = (r - depth / 2) Omega x n.
  const Eigen::Vector3d v_C = (r - 0.5 * depth) * omega.cross(n);
  EXPECT_LT(engines::contactSlip(v_C, omega, deepest, n, -depth).norm(), 1e-15);
  // Without the overlap the support point's slip: |Omega| depth / 2.
  EXPECT_NEAR(engines::contactSlip(v_C, omega, deepest, n, 0.0).norm(), 10 * 0.5 * depth, 1e-15);
  // Slipping faster than the segment can absorb: the nearest end's slip.
  const Eigen::Vector3d fast = v_C + Eigen::Vector3d(1, 0, 0);
  EXPECT_NEAR(engines::contactSlip(fast, omega, deepest, n, -depth).norm(), 1.0 - 0.5 * 10 * depth,
              1e-12);
}

// ---- Finding 4: positions against velocities; headings from displacements -----------------------

TEST(JudgeKinematics, AStaleVelocityOfASleepingBodyFailsForThatReason) {
  const ValidationCase& block = caseNamed("block/sliding/heading0");
  auto samples = analyticTrajectory(block, 1e-3);
  for (auto& s : samples) {
    if (s.t > 1.2 * block.expected_stop_time_s) s.v_C_W = -2.2e-3 * block.along_W;  // asleep
  }
  const auto r = judge(block, kUser, asTrajectory(block, samples));
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.reason.find("positions and velocities disagree"), std::string::npos) << r.reason;
  EXPECT_EQ(r.reason.find("heading"), std::string::npos) << r.reason;
  // Positions and velocities of the exact motion agree within the stated floor.
  const Eigen::Vector3d n = frameOf(*block.one_plane).n_W;
  const auto k = checkPositionsAgainstVelocities(analyticTrajectory(block, 1e-3), 0.06, {n});
  EXPECT_TRUE(k.consistent) << describe(k);
  // An engine that pushes the body out of the plane by moving its position (position-based
  // stabilization, no velocity) moves it along the normal only: not a disagreement.
  // The same 1 mm moved along the plane without a velocity is one.
  for (const bool along_normal : {true, false}) {
    auto pushed = analyticTrajectory(block, 1e-3);
    const Eigen::Vector3d push = along_normal ? n : Eigen::Vector3d(block.along_W);
    for (auto& s : pushed) s.x_C_W += 1e-3 * std::min(1.0, s.t / 0.005) * push;
    EXPECT_EQ(checkPositionsAgainstVelocities(pushed, 0.06, {n}).consistent, along_normal);
  }
}

TEST(JudgeKinematics, SinkingIntoThePlaneIsNoHeadingDrift) {
  const ValidationCase& launch = caseNamed("launch/heading30/backspin0");
  const Eigen::Vector3d n = frameOf(*launch.one_plane).n_W;
  auto samples = analyticTrajectory(launch, 1e-3);
  // Over the last tenth of the run the sphere sinks at 2 cm/s (0.8 mm): the final velocity then
  // points 1.6 degrees below the plane, the displacement on the plane not at all.
  const double from = 0.9 * launch.t_end_s;
  for (auto& s : samples) {
    if (s.t > from) {
      s.v_C_W -= 0.02 * n;
      s.x_C_W -= 0.02 * (s.t - from) * n;
    }
  }
  const auto r = judge(launch, kUser, asTrajectory(launch, samples));
  EXPECT_TRUE(r.pass) << r.reason;
  EXPECT_LT(valueOrNan(r.heading, &HeadingRecord::drift_deg), 1e-6);  // NaN (fails): no record
  // A true turn of 3 degrees on the plane over the last half is seen.
  auto turned = analyticTrajectory(launch, 1e-3);
  const Eigen::AngleAxisd turn(degreesToRadians(3.0), n);
  Eigen::Vector3d pivot = Eigen::Vector3d::Zero();
  for (auto& s : turned) {
    if (s.t <= 0.5 * launch.t_end_s) {
      pivot = s.x_C_W;
      continue;
    }
    s.x_C_W = pivot + turn * (s.x_C_W - pivot);
    s.v_C_W = turn * s.v_C_W;
    s.omega_W = turn * s.omega_W;
  }
  const auto drifted = judge(launch, kUser, asTrajectory(launch, turned));
  EXPECT_FALSE(drifted.pass);
  EXPECT_NEAR(valueOrNan(drifted.heading, &HeadingRecord::drift_deg), 3.0, 0.05);
}

// ---- Findings 5 and 6: causes computed from the trajectory; creep judged -----------------------

// A box thrown at v0 along its heading that decelerates at `decel` until it stops.
std::vector<engines::EngineSample> slidingBox(const ValidationCase& c, double decel, double h) {
  const engines::SphereScene scene = sceneOf(c);
  const Eigen::Vector3d e = c.along_W;
  const double v0 = c.v_C0_W.norm(), t_stop = v0 / decel;
  std::vector<engines::EngineSample> out;
  const long n = std::lround(c.t_end_s / h);
  for (long i = 0; i <= n; ++i) {
    const double t = static_cast<double>(i) * h, ts = std::min(t, t_stop);
    out.push_back(engines::makeSample(scene, t, (v0 * ts - 0.5 * decel * ts * ts) * e, scene.q0_WS,
                                      (v0 - decel * ts) * e, Eigen::Vector3d::Zero()));
  }
  return out;
}

TEST(JudgeCauses, UnlimitedFrictionIsNamedCoulombsLawViolatedWithTheMeasuredRatio) {
  // cannon-es: 79 % of the speed gone in one 1 ms step, 790 m/s^2 against mu g = 2.9.
  const ValidationCase& block = caseNamed("block/sliding/heading15");
  const auto r = judge(block, kUser, asTrajectory(block, slidingBox(block, 790.0, 1e-3)));
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.reason.rfind("cause: friction exceeds mu N: Coulomb's law violated", 0), 0u)
      << r.reason;
  EXPECT_GT(r.friction_ratio_max, 5.0);
  EXPECT_EQ(r.reason.find("pyramid"), std::string::npos) << r.reason;
  // The exact slide measures mu and passes.
  const double mu_g = block.one_plane->mu * block.one_plane->gravity_m_s2;
  const auto exact = judge(block, kUser, asTrajectory(block, slidingBox(block, mu_g, 1e-3)));
  EXPECT_TRUE(exact.pass) << exact.reason;
  EXPECT_NEAR(exact.friction_ratio_max, block.one_plane->mu, 0.01 * block.one_plane->mu);
}

TEST(JudgeCauses, APyramidsDirectionalFrictionIsNamed) {
  // A 4-sided pyramid |T1| + |T2| <= mu N slides a box at heading 30 degrees with
  // mu / (cos 30 + sin 30) = 0.73 mu: it stops 37 % late.
  const ValidationCase& block = caseNamed("block/sliding/heading30");
  const double mu = block.one_plane->mu, g = block.one_plane->gravity_m_s2;
  const double theta = degreesToRadians(30.0);
  const double decel = mu * g / (std::cos(theta) + std::sin(theta));
  const auto r = judge(block, kUser, asTrajectory(block, slidingBox(block, decel, 1e-3)));
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.reason.find("cause: the engine's 4-sided friction pyramid"), std::string::npos)
      << r.reason;
}

// The held sphere at rest, creeping steadily at `speed` along the slope.
std::vector<engines::EngineSample> creeping(const ValidationCase& c, double speed) {
  const engines::SphereScene scene = sceneOf(c);
  std::vector<engines::EngineSample> out;
  for (int i = 0; i <= 400; ++i) {
    const double t = c.t_end_s * i / 400.0;
    const double v = speed * std::min(1.0, t / 0.01);  // reached over 10 ms
    const double x = t < 0.01 ? 0.5 * speed * t * t / 0.01 : speed * (t - 0.005);
    out.push_back(
        engines::makeSample(scene, t, x * c.along_W, scene.q0_WS, v * c.along_W, scene.omega0_W));
  }
  return out;
}

TEST(JudgeCreep, ABodyAtRestThatCreepsFailsAboveTheBoundAndPassesWellBelowIt) {
  for (const CaseFamily family : {CaseFamily::kCreep, CaseFamily::kBlock}) {
    const ValidationCase& rest =
        firstCase(family, [](const ValidationCase& c) { return c.exact_rest; });
    SCOPED_TRACE(rest.name);
    // 9 mm/s: below the clear-slip level, steady (no growth): read as rest by the mode rule.
    auto r = judge(rest, kUser, asTrajectory(rest, creeping(rest, 9e-3)));
    EXPECT_FALSE(r.pass);
    EXPECT_NE(r.reason.find("creeps at"), std::string::npos) << r.reason;
    EXPECT_NE(r.reason.find("cause: soft-contact creep"), std::string::npos) << r.reason;
    // A fifth of the bound passes.
    r = judge(rest, kUser, asTrajectory(rest, creeping(rest, 0.2 * kCreepBound_m_s)));
    EXPECT_TRUE(r.pass) << r.reason;
  }
}

TEST(JudgeBlock, BlocksAreJudgedAsStickAndSlideWithTheirStopTime) {
  const ValidationCase& block = caseNamed("block/sliding/heading0");
  EXPECT_EQ(block.allowed_modes, std::vector<std::string>{"stick"});
  EXPECT_TRUE(std::isnan(block.expected_rolling_onset_s));
  const double mu_g = block.one_plane->mu * block.one_plane->gravity_m_s2;
  EXPECT_NEAR(block.expected_stop_time_s, 1.0 / mu_g, 1e-12);
  // Stops 10 % early (friction 11 % high): the stop time names it.
  const auto r = judge(block, kUser, asTrajectory(block, slidingBox(block, 1.11 * mu_g, 1e-3)));
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.reason.find("stopped at"), std::string::npos) << r.reason;
  EXPECT_EQ(r.observed, "stick");
}

// ---- Attacks found by a hostile review of the above -------------------------------------------

// A launch that keeps its speed (no friction) until the analytic onset, then jumps to the
// final state: onset, final speed and heading match, but the jump needs unbounded friction.
std::vector<engines::EngineSample> jumpAtOnset(const ValidationCase& c, double h) {
  auto exact = analyticTrajectory(c, h);
  const double t_star = c.expected_rolling_onset_s;
  const engines::SphereScene scene = sceneOf(c);
  const Eigen::Vector3d e = c.v_C0_W.normalized();
  for (auto& s : exact) {
    if (s.t > 0.0 && s.t < t_star) {
      s = engines::makeSample(scene, s.t, s.t * c.v_C0_W, scene.q0_WS, c.v_C0_W, scene.omega0_W);
    } else if (s.t >= t_star) {  // positions continue from where the frictionless slide got to
      s.x_C_W += (t_star * c.v_C0_W.norm() - exactStateAt(*c.one_plane, t_star).x_C_W.dot(e)) * e;
      s = engines::makeSample(scene, s.t, s.x_C_W, s.q_WS, s.v_C_W, s.omega_W);
    }
  }
  return exact;
}

TEST(JudgeAttacks, FrictionAboveMuNFailsTheRowNotOnlyExplainsIt) {
  const ValidationCase& launch = caseNamed("launch/heading0/backspin0");
  const auto r = judge(launch, kUser, asTrajectory(launch, jumpAtOnset(launch, 1e-3)));
  EXPECT_FALSE(r.pass) << r.reason;
  EXPECT_NE(r.reason.find("Coulomb's law violated"), std::string::npos) << r.reason;
  EXPECT_GT(r.friction_ratio_max, 2.0 * launch.one_plane->mu);
}

TEST(JudgeAttacks, AWrenchOutsideBothConesFailsATroughRow) {
  // The trough's sliding start with no friction until t*, then a jump to rolling: the measured
  // contact wrench of the jump fits no force set in the cones.
  const ValidationCase& sliding = caseNamed("mu0.3_j0.4/sliding_v0=1");
  auto samples = analyticTrajectory(sliding, 1e-3);
  const double t_star = sliding.expected_rolling_onset_s;
  const engines::SphereScene scene = sceneOf(sliding);
  const double v0 = sliding.v_C0_W.z(), z_star = v0 * t_star;
  const double z_exact = samples[static_cast<std::size_t>(std::lround(t_star / 1e-3))].x_C_W.z();
  for (auto& s : samples) {
    if (s.t < t_star) {
      s = engines::makeSample(scene, s.t, Eigen::Vector3d(0, 0, v0 * s.t), scene.q0_WS,
                              sliding.v_C0_W, sliding.omega0_W);
    } else {
      s.x_C_W.z() += z_star - z_exact;
    }
  }
  const auto r = judge(sliding, kUser, asTrajectory(sliding, samples));
  EXPECT_FALSE(r.pass) << r.reason;
  EXPECT_NE(r.reason.find("measured contact wrench"), std::string::npos) << r.reason;
  // The exact sliding start needs exactly the cones' friction while sliding: it passes.
  const auto exact = judge(sliding, kUser, asTrajectory(sliding, analyticTrajectory(sliding, 1e-3)));
  EXPECT_TRUE(exact.pass) << exact.reason;
  // Sliding, both contacts are on their cones; the least need over the free squeeze, with the
  // 2 %-of-weight slack, is at most that (measured 0.87).
  EXPECT_GT(exact.friction_ratio_max, 0.8);
  EXPECT_LE(exact.friction_ratio_max, 1.0 + 1e-6);
}

TEST(JudgeAttacks, OneEditedSampleCannotSetTheAcceleration) {
  // Half the acceleration for the whole run, the last sample rewritten so that (v_end - v_mid)
  // / (t_end - t_mid) is the analytic value: a least-squares slope over the second half and the
  // final velocity both see it.
  const ValidationCase& incline = caseNamed("incline/mu0.3/tan1.5x/heading0");
  auto samples = analyticTrajectory(incline, 1e-3);
  for (auto& s : samples) {
    s.v_C_W *= 0.5;
    s.omega_W *= 0.5;
    s.x_C_W *= 0.5;
  }
  const auto mid = samples[samples.size() / 2];
  auto& last = samples.back();
  const double dv = incline.expected_acceleration * (last.t - mid.t);
  last.v_C_W = mid.v_C_W + dv * incline.along_W;
  const auto r = judge(incline, kUser, asTrajectory(incline, samples));
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.reason.find("acceleration"), std::string::npos) << r.reason;
}

TEST(JudgeAttacks, ARestCaseThatTravelledAndStoppedFails) {
  const ValidationCase& rest =
      firstCase(CaseFamily::kCreep, [](const ValidationCase& c) { return c.exact_rest; });
  const engines::SphereScene scene = sceneOf(rest);
  std::vector<engines::EngineSample> samples;
  // Slides 0.1 m in the first tenth at constant deceleration from 2 m/s, then rests.
  const double T = rest.t_end_s, stop = 0.1 * T, v0 = 2.0 * 0.1 / stop;
  for (int i = 0; i <= 1000; ++i) {
    const double t = T * i / 1000.0, ts = std::min(t, stop);
    const double a = -v0 / stop;
    const double v = i == 0 ? 0.0 : v0 + a * ts;
    const double x = i == 0 ? 0.0 : v0 * ts + 0.5 * a * ts * ts;
    samples.push_back(engines::makeSample(scene, t, x * rest.along_W, scene.q0_WS,
                                          std::max(v, 0.0) * rest.along_W, scene.omega0_W));
  }
  samples.erase(samples.begin());  // judged from t = h, as an engine's record
  SolverTrajectory t;
  t.completed = true;
  t.samples = samples;
  const auto r = judge(rest, kUser, t);
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.reason.find("along the plane where the exact motion is rest"), std::string::npos)
      << r.reason;
}

TEST(JudgeAttacks, OnsetToleranceFollowsTheSamplesNotADeclaredStep) {
  // A 10 ms sampled exact trough sliding start passes (its onset is resolved to 10 ms)...
  const ValidationCase& sliding = caseNamed("mu0.3_j0.4/sliding_v0=1");
  auto r = judge(sliding, kUser, asTrajectory(sliding, analyticTrajectory(sliding, 0.01)));
  EXPECT_TRUE(r.pass) << r.reason;
  EXPECT_NEAR(r.sample_spacing_s, 0.01, 1e-12);
  // ... and a declared 10 ms step does not widen the tolerance of a 1 ms sampled run.
  const ValidationCase& launch = caseNamed("launch/heading0/backspin0");
  auto late = analyticTrajectory(launch, 1e-3);
  const SolverSpec declared{"user", "-", 0.01};
  for (auto& s : late) {  // the motion of a launch whose friction is 22 % low: onset 28 % late
    const OnePlaneModel m = [&] {
      OnePlaneModel x = *launch.one_plane;
      x.mu *= 0.78;
      return x;
    }();
    const BodyState x = exactStateAt(m, s.t);
    s = engines::makeSample(sceneOf(launch), s.t, x.x_C_W, s.q_WS, x.v_C_W, x.omega_W);
  }
  r = judge(launch, declared, asTrajectory(launch, late));
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.reason.find("onset"), std::string::npos) << r.reason;
}

TEST(JudgeAttacks, AnalyticTrajectoriesEndAtTheDurationWhateverTheSpacing) {
  for (const char* name : {"mu0.3_j0.4/inside", "launch/heading0/backspin0"}) {
    const auto samples = analyticTrajectory(caseNamed(name), 0.007);
    EXPECT_DOUBLE_EQ(samples.back().t, caseNamed(name).t_end_s) << name;
  }
}

TEST_F(CaseFolder, ACustomCaseUnderACanonicalNameStillCountsTheCanonicalOneMissing) {
  // The forger re-exports a failing case with a duration 1e-8 longer and its digest
  // recomputed: it is scored apart as custom, and nsdkit's case of that name is missing.
  const ValidationCase& victim = cases_[5];
  json j = readJsonFile(caseFile(victim));
  const double longer = j["duration_s"].get<double>() * (1 + 1e-8);
  j["duration_s"] = longer;
  j["model"]["duration_s"] = longer;
  j["digest"] = caseDigest(j);
  writeJsonFile(caseFile(victim), j);
  const auto imported = importCases((dir_ / "cases").string());
  const auto results = scoreTrajectories(imported, (dir_ / "traj").string(), "forger");
  int custom = 0, missing = 0;
  for (const auto& r : results) {
    if (r.case_name != victim.name) continue;
    custom += r.custom;
    missing += !r.custom && r.reason.find("missing from the case folder") != std::string::npos;
  }
  EXPECT_EQ(custom, 1);
  EXPECT_EQ(missing, 1);
}

}  // namespace
}  // namespace nsd::validation
