// The trusted scorer: cases rebuilt from their model (edited expectations, scenes and files
// refused by name), trajectory checks, and every family's analytic trajectory scored.
#include <gtest/gtest.h>

#include "../support/json_files.hpp"

#include <iterator>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/json_depth.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using test::readJsonFile;
using test::writeJsonFile;

// A few cases of every family, exported to a temporary folder.
class Scorer : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("nsdkit_scorer_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    for (const auto& c : generateCases(allCaseFamilies())) {
      const bool trough_pick = c.kind == CaseFamily::kTrough && c.family == "mu0.3_j0.4" &&
                               (c.name.find("inside") != std::string::npos ||
                                c.name.find("sliding") != std::string::npos ||
                                c.name == "mu0.3_j0.4/low+mz/ray+x/outside");
      if (trough_pick || c.kind != CaseFamily::kTrough) cases_.push_back(c);
    }
    exportCases(cases_, (dir_ / "cases").string());
    fs::create_directories(dir_ / "traj");
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::size_t indexOf(const std::string& name) const {
    for (std::size_t i = 0; i < cases_.size(); ++i) {
      if (cases_[i].name == name) return i;
    }
    ADD_FAILURE() << "no case " << name;
    return 0;
  }
  // The trajectory file of the i-th exported case: named by the case's number in nsdkit's set.
  std::string csvName(std::size_t i) const {
    return std::to_string(cases_[i].case_index) + ".csv";
  }
  ValidationResult scoreOne(std::size_t i, const std::vector<engines::EngineSample>& samples) {
    writeTrajectoryCsv(samples, (dir_ / "traj" / csvName(i)).string());
    const auto imported = importCases((dir_ / "cases").string());
    return scoreTrajectories(imported, (dir_ / "traj").string(), "test")[i];
  }
  fs::path dir_;
  std::vector<ValidationCase> cases_;
};

TEST_F(Scorer, EveryFamilysAnalyticTrajectoriesPass) {
  const auto imported = importCases((dir_ / "cases").string());
  ASSERT_EQ(imported.size(), cases_.size());
  std::set<CaseFamily> families;
  for (std::size_t i = 0; i < imported.size(); ++i) {
    ASSERT_TRUE(imported[i].refusal.empty()) << imported[i].refusal;
    if (!imported[i].realizable && !imported[i].one_plane) continue;
    writeTrajectoryCsv(analyticTrajectory(imported[i], 1e-3),
                       (dir_ / "traj" / csvName(i)).string());
  }
  const auto results = scoreTrajectories(imported, (dir_ / "traj").string(), "analytic");
  for (std::size_t i = 0; i < imported.size(); ++i) {
    if (!imported[i].realizable && !imported[i].one_plane) continue;
    EXPECT_TRUE(results[i].pass) << imported[i].name << ": " << results[i].reason;
    families.insert(imported[i].kind);
  }
  EXPECT_EQ(families.size(), allCaseFamilies().size());
}

TEST_F(Scorer, ExportThenImportKeepsEveryFieldOfEveryCase) {
  // The round trip rebuilds each case from its model: scene (initial angular velocity and
  // orientation included), duration, reference and every expectation must come back equal, for
  // every family (a sliding start, a held sphere's torque, a launch's backspin, a block's pose).
  const auto imported = importCases((dir_ / "cases").string());
  ASSERT_EQ(imported.size(), cases_.size());
  for (std::size_t i = 0; i < cases_.size(); ++i) {
    const ValidationCase &a = cases_[i], &b = imported[i];
    SCOPED_TRACE(a.name);
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.reference, b.reference);
    EXPECT_EQ(a.allowed_modes, b.allowed_modes);
    EXPECT_EQ(a.t_end_s, b.t_end_s);
    EXPECT_EQ(caseJsonText(a, i), caseJsonText(b, i));  // scene, expectation, model, digest
    const engines::SphereScene sa = sceneOf(a), sb = sceneOf(b);
    EXPECT_EQ(sa.omega0_W, sb.omega0_W);
    EXPECT_EQ(sa.v_C0_W, sb.v_C0_W);
    EXPECT_EQ(sa.torque_W, sb.torque_W);
    EXPECT_EQ(sa.q0_WS.coeffs(), sb.q0_WS.coeffs());
  }
}

TEST_F(Scorer, AccelerationToleranceSeparatesHalfAPercentFromThree) {
  // The 1 % tolerance tested well inside (0.5 %) and well outside (3 %), never on its edge.
  const std::size_t i = indexOf("mu0.3_j0.4/inside");
  for (const double scale : {1.005, 1.03}) {
    auto samples = analyticTrajectory(cases_[i], 1e-3);
    for (auto& s : samples) {  // acceleration scaled: v and x scaled from the rest start
      s.v_C_W *= scale;
      s.omega_W *= scale;
      s.x_C_W *= scale;
    }
    const auto r = scoreOne(i, samples);
    if (scale < 1.01) {
      EXPECT_TRUE(r.pass) << r.reason;
    } else {
      EXPECT_FALSE(r.pass);
      EXPECT_NE(r.reason.find("acceleration"), std::string::npos) << r.reason;
    }
  }
}

TEST_F(Scorer, MissingSpinLiftOffAndEarlyEndFailForTheirReason) {
  const std::size_t rolling = indexOf("incline/mu0.3/tan0.5x/heading30");
  auto no_spin = analyticTrajectory(cases_[rolling], 1e-3);
  for (auto& s : no_spin) s.omega_W.setZero();
  auto r = scoreOne(rolling, no_spin);
  EXPECT_EQ(r.observed, "S");
  EXPECT_NE(r.reason.find("observed S"), std::string::npos) << r.reason;

  // Lift-off: from mid-run the centre rises 1 mm off the plane at 0.1 m/s (the rule's
  // separation is 0.1 mm), its velocity telling the same motion as its positions.
  auto lifted = analyticTrajectory(cases_[rolling], 1e-3);
  const Eigen::Vector3d n = cases_[rolling].one_plane ? frameOf(*cases_[rolling].one_plane).n_W
                                                          : Eigen::Vector3d::UnitZ();
  const double lift_from = 0.5 * cases_[rolling].t_end_s;
  for (auto& s : lifted) {
    const double dt = s.t - lift_from;
    if (dt > 0.0) s.x_C_W += std::min(0.1 * dt, 1e-3) * n;
    if (dt > 0.0 && dt < 0.01) s.v_C_W += 0.1 * n;
  }
  r = scoreOne(rolling, lifted);
  EXPECT_EQ(r.observed, "S") << r.reason;

  auto early = analyticTrajectory(cases_[rolling], 1e-3);
  early.resize(early.size() / 2);
  r = scoreOne(rolling, early);
  EXPECT_FALSE(r.pass);
  EXPECT_NE(r.reason.find("ended at t = "), std::string::npos) << r.reason;
}

TEST_F(Scorer, TrajectoryChecksRefuseNaNSparseSamplesAndAWrongStart) {
  const std::size_t i = indexOf("launch/heading15/backspin10");
  const fs::path file = dir_ / "traj" / csvName(i);
  auto samples = analyticTrajectory(cases_[i], 1e-3);
  samples[200].v_C_W.x() = NAN;
  auto r = scoreOne(i, samples);
  EXPECT_NE(r.reason.find("not a finite number"), std::string::npos) << r.reason;

  r = scoreOne(i, analyticTrajectory(cases_[i], 0.02));
  EXPECT_NE(r.reason.find("apart, more than"), std::string::npos) << r.reason;
  EXPECT_TRUE(scoreOne(i, analyticTrajectory(cases_[i], 0.01)).pass);  // the limit itself

  samples = analyticTrajectory(cases_[i], 1e-3);
  samples.front().v_C_W *= 1.001;
  r = scoreOne(i, samples);
  EXPECT_NE(r.reason.find("initial state"), std::string::npos) << r.reason;

  samples.erase(samples.begin());
  r = scoreOne(i, samples);
  EXPECT_NE(r.reason.find("at t = 0"), std::string::npos) << r.reason;
}

// A subnormal number (strtod underflows: ERANGE) is a number: cannon-es wrote a stopped box's
// velocity as 1.7508132791202254e-309 and its row failed as "not a finite number". An overflow
// (1e999) is still refused.
TEST_F(Scorer, SubnormalNumbersAreReadAndOverflowIsRefused) {
  const std::size_t i = indexOf("launch/heading15/backspin10");
  auto samples = analyticTrajectory(cases_[i], 1e-3);
  const double subnormal = 1.7508132791202254e-309;
  ASSERT_EQ(std::fpclassify(subnormal), FP_SUBNORMAL);
  samples[200].x_C_W.z() += subnormal;  // z = 0 on this case's plane: the sum is the subnormal
  ASSERT_EQ(std::fpclassify(samples[200].x_C_W.z()), FP_SUBNORMAL);
  auto r = scoreOne(i, samples);
  EXPECT_TRUE(r.pass) << r.reason;

  const fs::path file = dir_ / "traj" / csvName(i);
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  const std::size_t at = text.find("1.7508132791202254e-309");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, std::string("1.7508132791202254e-309").size(), "1e999");
  std::ofstream(file) << text;
  r = scoreTrajectories(importCases((dir_ / "cases").string()), (dir_ / "traj").string(),
                        "test")[i];
  EXPECT_NE(r.reason.find("not a finite number: '1e999'"), std::string::npos) << r.reason;
}

TEST_F(Scorer, EditedExpectationsScenesAndFilesAreRefusedByName) {
  const std::size_t outside = indexOf("mu0.3_j0.4/low+mz/ray+x/outside");
  ASSERT_FALSE(cases_[outside].realizable);
  const fs::path file = dir_ / "cases" / (std::to_string(outside) + ".json");
  const json original = readJsonFile(file);
  // The forger's edit: relabel the escape as rolling, hand in a rolling trajectory.
  json forged = original;
  forged["expected"]["modes"] = {"RR"};
  writeJsonFile(file, forged);
  auto imported = importCases((dir_ / "cases").string());
  EXPECT_NE(imported[outside].refusal.find("expected modes differ from the model's (" +
                                           cases_[outside].allowed_modes.front()),
            std::string::npos)
      << imported[outside].refusal;
  EXPECT_EQ(imported[outside].allowed_modes, cases_[outside].allowed_modes);  // the rebuilt ones
  const auto results = scoreTrajectories(imported, (dir_ / "traj").string(), "forger");
  EXPECT_EQ(results[outside].status, RowStatus::kRefused);
  EXPECT_FALSE(results[outside].pass);

  json scene = original;
  scene["scene"]["planes"][0]["mu"] = 0.6;
  writeJsonFile(file, scene);
  imported = importCases((dir_ / "cases").string());
  EXPECT_NE(imported[outside].refusal.find("scene planes[0].mu differs"), std::string::npos)
      << imported[outside].refusal;

  // A model edited together with everything derived from it would rebuild: the digest names it.
  json text = original;
  text["frame"] = "edited";
  writeJsonFile(file, text);
  imported = importCases((dir_ / "cases").string());
  EXPECT_NE(imported[outside].refusal.find("edited after export"), std::string::npos)
      << imported[outside].refusal;

  writeJsonFile(file, original);
  imported = importCases((dir_ / "cases").string());
  EXPECT_TRUE(imported[outside].refusal.empty()) << imported[outside].refusal;
}

TEST_F(Scorer, SchemaOneFilesAreRebuiltAndTheirEditsRefused) {
  const std::size_t i = indexOf("mu0.3_j0.4/low+mz/ray+x/outside");
  const json v2 = readJsonFile(dir_ / "cases" / (std::to_string(cases_[i].case_index) + ".json"));
  // A file of schema 1 (nsdkit before this version): the sphere at the top level.
  json v1{{"schema", "nsdkit-validation-case/1"},
          {"index", cases_[i].case_index},
          {"name", v2["name"]},
          {"planes", v2["scene"]["planes"]},
          {"gravity_m_s2", v2["scene"]["gravity_m_s2"]},
          {"torque_N_m", v2["scene"]["torque_N_m"]},
          {"initial_state", {{"velocity_m_s", {0.0, 0.0, 0.0}}}},
          {"duration_s", v2["duration_s"]},
          {"expected",
           {{"modes", v2["expected"]["modes"]},
            {"acceleration_m_s2", nullptr},
            {"rolling_onset_s", nullptr},
            {"final_speed_m_s", nullptr},
            {"probed_face", v2["model"]["probed_face"]},
            {"face_distance", v2["model"]["face_distance"]}}},
          {"model", v2["model"]}};
  v1["model"]["family"] = v2["model"]["group"];
  ValidationCase c = caseFromJsonText(v1.dump(), "case v1");
  EXPECT_TRUE(c.refusal.empty()) << c.refusal;
  EXPECT_EQ(c.allowed_modes, cases_[i].allowed_modes);
  v1["expected"]["modes"] = {"RR"};
  c = caseFromJsonText(v1.dump(), "case v1");
  EXPECT_NE(c.refusal.find("expected modes differ"), std::string::npos) << c.refusal;
  EXPECT_NE(c.refusal.find("schema 1"), std::string::npos) << c.refusal;
}

TEST_F(Scorer, FolderProblemsAreOneLineErrorsOrRefusedRows) {
  const fs::path index = dir_ / "cases" / "index.json";
  json j = readJsonFile(index);
  const json original = j;
  j["cases"][1]["file"] = "../../etc/passwd";
  writeJsonFile(index, j);
  EXPECT_THROW(importCases((dir_ / "cases").string()), InvalidInput);
  writeJsonFile(index, original);
  // Duplicate keys are refused, not resolved silently.
  std::ofstream(dir_ / "cases" / "0.json") << R"({"schema": "a", "schema": "b"})";
  try {
    importCases((dir_ / "cases").string());
    FAIL() << "accepted duplicate keys";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("duplicate key 'schema'"), std::string::npos) << e.what();
  }
  // A trajectory symlinked to a file outside the folder is refused.
  std::ofstream(dir_ / "outside.csv") << "t,x,y,z,vx,vy,vz,wx,wy,wz\n";
  fs::create_symlink(dir_ / "outside.csv", dir_ / "traj" / "2.csv");
  try {
    readTrajectoryCsv(cases_[2], (dir_ / "traj" / "2.csv").string());
    FAIL() << "read a trajectory symlinked out of its folder";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("symlink out of its folder"), std::string::npos)
        << e.what();
  }
}

// ---- Input limits (issue 45) --------------------------------------------------------------

// A case file nested 100,000 levels deep is refused before the parser: before the limit, the
// digest's serialization overflowed the stack (SIGSEGV).
TEST_F(Scorer, DeeplyNestedCaseFileIsRefusedNamingTheFile) {
  const fs::path file = dir_ / "cases" / (std::to_string(cases_[0].case_index) + ".json");
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text = text.substr(0, text.rfind('}')) + ", \"deep\": " + std::string(100000, '[') +
         std::string(100000, ']') + "}";
  std::ofstream(file) << text;
  try {
    importCases((dir_ / "cases").string());
    FAIL() << "accepted 100000 nested arrays";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find(file.filename().string()), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("deeper than 64"), std::string::npos) << e.what();
  }
}

// A family name nsdkit does not know (one letter off, as the fuzzer found it) is one error naming
// the file and model.family; before, the family's parser threw without the file's label.
TEST_F(Scorer, UnknownModelFamilyIsRefusedNamingTheFileAndTheField) {
  const fs::path file = dir_ / "cases" / (std::to_string(cases_[0].case_index) + ".json");
  json j = readJsonFile(file);
  j["model"]["family"] = "trougH";
  try {
    caseFromJsonText(j.dump(), "case 0 (" + file.filename().string() + ")");
    FAIL() << "accepted model.family 'trougH'";
  } catch (const InvalidInput& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(file.filename().string()), std::string::npos) << what;
    EXPECT_NE(what.find("model.family must be one of"), std::string::npos) << what;
    EXPECT_NE(what.find("'trougH'"), std::string::npos) << what;
  }
}

// A trajectory hard-linked to another file is refused, and the other file's text never shown.
TEST_F(Scorer, HardLinkedTrajectoryIsRefusedWithoutQuotingIt) {
  std::ofstream(dir_ / "outside.txt") << "the first line of someone else's file\n";
  fs::create_hard_link(dir_ / "outside.txt", dir_ / "traj" / csvName(0));
  try {
    readTrajectoryCsv(cases_[0], (dir_ / "traj" / csvName(0)).string());
    FAIL() << "read a hard-linked trajectory";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("hard links"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("someone else"), std::string::npos) << e.what();
  }
}

// A wrong header is quoted escaped and truncated, never whole.
TEST_F(Scorer, WrongHeaderIsQuotedTruncated) {
  const std::string header = "\x1b[2J" + std::string(200, 'h');
  std::ofstream(dir_ / "traj" / csvName(0)) << header << "\n0,0,0,0,0,0,0,0,0,0\n";
  const auto r = readTrajectoryCsv(cases_[0], (dir_ / "traj" / csvName(0)).string());
  EXPECT_NE(r.failure.find("header must be"), std::string::npos) << r.failure;
  EXPECT_EQ(r.failure.find('\x1b'), std::string::npos) << r.failure;
  EXPECT_EQ(r.failure.find(std::string(100, 'h')), std::string::npos) << r.failure;
}

// The streamed reader judges a CSV exactly as the table: the same failure for times going
// backwards, and the analytic rows pass.
TEST_F(Scorer, StreamedCsvAgreesWithTheTable) {
  const std::size_t i = indexOf("block/sliding/heading0");
  auto samples = analyticTrajectory(cases_[i], 1e-3);
  writeTrajectoryCsv(samples, (dir_ / "traj" / csvName(i)).string());
  const auto passed = readTrajectoryCsv(cases_[i], (dir_ / "traj" / csvName(i)).string());
  EXPECT_TRUE(passed.failure.empty()) << passed.failure;
  EXPECT_EQ(passed.samples.size() + 1, samples.size());  // the t = 0 row is the initial state
  std::swap(samples[5], samples[6]);
  fs::remove(dir_ / "traj" / csvName(i));
  writeTrajectoryCsv(samples, (dir_ / "traj" / csvName(i)).string());
  const auto backwards = readTrajectoryCsv(cases_[i], (dir_ / "traj" / csvName(i)).string());
  EXPECT_NE(backwards.failure.find("row 7: times must increase"), std::string::npos)
      << backwards.failure;
}

// An export refused half-way (a folder where a case file goes) writes no file at all.
TEST_F(Scorer, ExportRefusedHalfWayWritesNothing) {
  const fs::path out = dir_ / "export";
  fs::create_directories(out / (std::to_string(cases_.back().case_index) + ".json"));
  EXPECT_THROW(exportCases(cases_, out.string()), InvalidInput);
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(out)) files += entry.is_regular_file();
  EXPECT_EQ(files, 0u);
}

// The depth pre-scan counts brackets outside strings only (escaped quotes included) and names
// the file and the depth.
TEST(JsonDepth, CountsBracketsOutsideStringsOnly) {
  EXPECT_NO_THROW(checkJsonDepth(std::string(64, '[') + std::string(64, ']'), 64, "f"));
  EXPECT_NO_THROW(checkJsonDepth("[\"" + std::string(1000, '[') + "\"]", 64, "f"));
  EXPECT_NO_THROW(checkJsonDepth("[\"a\\\"[[[[\"]", 2, "f"));  // ["a\"[[[["]: depth 1
  EXPECT_THROW(checkJsonDepth("[\"a\\\\\", [[]]]", 2, "f"), InvalidInput);  // ["a\\", [[]]]
  try {
    checkJsonDepth(std::string(65, '{'), 64, "solver.json");
    FAIL() << "accepted depth 65";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("solver.json: JSON nested deeper than 64"),
              std::string::npos)
        << e.what();
  }
}

// Solver names: markup refused naming the field; nsdkit's own setting names accepted.
TEST(SolverNames, MarkupIsRefusedAndSettingNamesAccepted) {
  const std::vector<std::string> refused{"<script>", "[x](y)", "*b*", "a`b", "a|b",
                                         std::string(65, 'a')};
  for (const std::string& name : refused) {
    try {
      requireReportableSolverName(name, "--solver-name");
      ADD_FAILURE() << "accepted " << name;
    } catch (const InvalidInput& e) {
      EXPECT_EQ(std::string(e.what()).rfind("--solver-name", 0), 0u) << e.what();
    }
  }
  for (const char* name : {"nan", "mujoco-3.3.8/exact/h=0.001", "my_engine (v2.1+fix)"}) {
    EXPECT_NO_THROW(requireReportableSolverName(name, "--solver-name")) << name;
  }
}

// ---- The judge on synthetic trajectories ------------------------------------------------------

// A one-plane case with contact slip speeds s(t) given directly (the judge reads the records).
SolverTrajectory withSlip(double t_end, const std::function<double(double)>& slip) {
  SolverTrajectory t;
  t.completed = true;
  for (int i = 1; i <= 1000; ++i) {
    engines::EngineSample s;
    s.t = t_end * i / 1000.0;
    s.contacts.resize(1);
    s.contacts[0].slip_W = Eigen::Vector3d(slip(s.t), 0, 0);
    t.samples.push_back(s);
  }
  return t;
}

TEST(Judge, SteadyCreepReadsRollingAndGrowingSlipReadsSlipping) {
  const auto cases = generateCases({CaseFamily::kCreep});
  const ValidationCase& rest = cases.front();
  ASSERT_TRUE(rest.exact_rest);
  const SolverSpec solver{"synthetic", "-", 1e-3};
  const ModeRule rule;
  // Creep: stationary slip at 5 times the floor, below the clear-slip level.
  auto r = judge(rest, solver, withSlip(rest.t_end_s, [&](double) { return 5 * rule.slip_floor_m_s; }));
  EXPECT_EQ(r.observed, "R") << r.reason;
  // Slow Coulomb slip from rest: linear growth to the same level at the end grows by ~2 > 1.5.
  r = judge(rest, solver, withSlip(rest.t_end_s, [&](double t) {
              return 5 * rule.slip_floor_m_s * t / rest.t_end_s;
            }));
  EXPECT_EQ(r.observed, "S");
  EXPECT_GT(r.slip_growth_plus, rule.growth_ratio);
  // Below the floor nothing is slip, however it grows.
  r = judge(rest, solver, withSlip(rest.t_end_s, [&](double t) {
              return 0.5 * rule.slip_floor_m_s * t / rest.t_end_s;
            }));
  EXPECT_EQ(r.observed, "R");
}

TEST(Judge, NaNAnywhereFails) {
  const auto cases = generateCases({CaseFamily::kCreep});
  const SolverSpec solver{"synthetic", "-", 1e-3};
  for (const int where : {0, 500, 999}) {
    auto t = withSlip(cases.front().t_end_s, [](double) { return 0.0; });
    t.samples[static_cast<std::size_t>(where)].omega_W.y() = NAN;
    const auto r = judge(cases.front(), solver, t);
    EXPECT_FALSE(r.pass);
    EXPECT_EQ(r.observed, "failed");
    EXPECT_NE(r.reason.find("non-finite"), std::string::npos) << r.reason;
  }
}

}  // namespace
}  // namespace nsd::validation
