// Every limit of the judge and the scorer tested on both sides of its edge (issue 50): each
// pair of trajectories (or case files) lies at about half and about twice the limit's distance
// from what it bounds, or closer where a mutation could hide between (the spacing limit is
// probed at 0.8x and 1.25x), so rounding cannot decide and a weakened limit fails the test:
//   mode rule: growth ratio 1.5 (slips growing 1.2x / 1.8x), clear slip 1e-2 m/s (5e-3 / 2e-2);
//   samples at most 10 ms apart (8 / 12.5 ms); unit quaternions within 1e-6 (1e-8 / 1e-4 off);
//   the run must reach the duration (a run 5 % short); acceleration within 1 % (0.5 % / 2 %);
//   final speed within 1 % (0.3 % / 2.5 %); a custom case file's stored expectation and scene
//   rebuilt from its model within 1e-9 (edits of 1e-6 relative refused).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include <nsdkit/validation/case_file_checks.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const SolverSpec kUser{"user", "-", 0.0};

// The first canonical case of `family` whose expectation satisfies `pick`.
template <class Pick>
ValidationCase firstCase(CaseFamily family, Pick pick) {
  for (const auto& c : generateCases({family})) {
    if (pick(c)) return c;
  }
  throw std::runtime_error("no such case");
}

ValidationCase rollingInclineCase() {
  return firstCase(CaseFamily::kIncline, [](const ValidationCase& c) {
    return c.allowed_modes == std::vector<std::string>{"R"} && c.expected_acceleration > 1.0 &&
           !std::isfinite(c.expected_drilling_spin_rad_s);
  });
}

ValidationCase launchCase() {
  return firstCase(CaseFamily::kLaunch, [](const ValidationCase& c) {
    return std::isfinite(c.expected_final_speed) && c.expected_final_speed > 0.5 &&
           c.expected_rolling_onset_s < 0.5 * c.t_end_s;
  });
}

// The case's analytic motion, as a solver that records only velocities would hand it in (the
// judge then checks neither positions nor the friction the motion needed: only what is probed).
SolverTrajectory velocitiesOnly(const ValidationCase& c, double spacing_s) {
  SolverTrajectory tr;
  tr.samples = analyticTrajectory(c, spacing_s);
  tr.completed = true;
  tr.positions_recorded = false;
  return tr;
}

bool mentions(const ValidationResult& r, const std::string& what) {
  return r.reason.find(what) != std::string::npos;
}

// ---- The mode rule ---------------------------------------------------------------------------

// A rolling case whose contact slips at `mid` m/s in the window ending at mid-run and at `end`
// m/s in the last tenth of the run (the slip is set directly: the rule reads only it).
std::string observedMode(double mid, double end) {
  const ValidationCase c = rollingInclineCase();
  SolverTrajectory tr = velocitiesOnly(c, 1e-3);
  const double t_end = tr.samples.back().t;
  for (auto& s : tr.samples) {
    const double speed = s.t >= 0.9 * t_end ? end : mid;
    s.contacts.at(0).slip_W = speed * c.along_W;
  }
  return judge(c, kUser, tr).observed;
}

TEST(ModeRule, ASlipGrowingByMoreThanTheRatioSlipsAndOneGrowingByLessRolls) {
  EXPECT_EQ(observedMode(2e-3, 1.8 * 2e-3), "S");  // growth 1.8 > 1.5
  EXPECT_EQ(observedMode(2e-3, 1.2 * 2e-3), "R");  // growth 1.2 < 1.5
  EXPECT_EQ(observedMode(0.0, 5e-3), "S");         // a slip that starts with a jump
}

TEST(ModeRule, AClearSlipSlipsWithoutGrowingAndASmallerSteadyOneRolls) {
  EXPECT_EQ(observedMode(2e-2, 2e-2), "S");  // 2e-2 > clear slip 1e-2, growth 1
  EXPECT_EQ(observedMode(5e-3, 5e-3), "R");  // 5e-3 < 1e-2, growth 1
}

// ---- Integrity: coverage -----------------------------------------------------------------------

TEST(Integrity, ARunFivePercentShortOfTheDurationIsNotJudged) {
  const ValidationCase c = rollingInclineCase();
  SolverTrajectory tr = velocitiesOnly(c, 1e-3);
  EXPECT_TRUE(judge(c, kUser, tr).pass) << judge(c, kUser, tr).reason;
  while (tr.samples.back().t > 0.95 * c.t_end_s) tr.samples.pop_back();
  const ValidationResult r = judge(c, kUser, tr);
  EXPECT_FALSE(r.pass);
  EXPECT_TRUE(mentions(r, "ended at")) << r.reason;
}

// ---- Metrics: acceleration and final speed -----------------------------------------------------

// The case's judgement with every velocity and angular velocity after `from_s` scaled by
// `factor` (a rolling motion stays rolling).
ValidationResult judgedWithVelocitiesScaled(const ValidationCase& c, double from_s,
                                            double factor) {
  SolverTrajectory tr = velocitiesOnly(c, 1e-3);
  for (auto& s : tr.samples) {
    if (s.t <= from_s) continue;
    s.v_C_W *= factor;
    s.omega_W *= factor;
  }
  return judge(c, kUser, tr);
}

ValidationResult inclineScaled(double factor) {
  return judgedWithVelocitiesScaled(rollingInclineCase(), -1.0, factor);
}

TEST(Metrics, AnAccelerationTwoPercentOffFailsAndHalfAPercentPasses) {
  const ValidationResult off = inclineScaled(1.02), close = inclineScaled(1.005);
  EXPECT_TRUE(mentions(off, "acceleration")) << off.reason;
  EXPECT_NEAR(off.acceleration_error, 0.02, 1e-3);
  EXPECT_FALSE(mentions(close, "acceleration")) << close.reason;
  EXPECT_NEAR(close.acceleration_error, 0.005, 1e-3);
}

// The launch with the rolling phase's velocities scaled (the onset is unchanged).
ValidationResult launchFinalScaled(double factor) {
  const ValidationCase c = launchCase();
  return judgedWithVelocitiesScaled(c, c.expected_rolling_onset_s + 0.01, factor);
}

TEST(Metrics, AFinalSpeedTwoAndAHalfPercentOffFailsAndAThirdOfAPercentPasses) {
  const ValidationResult off = launchFinalScaled(1.025), close = launchFinalScaled(1.003);
  EXPECT_TRUE(mentions(off, "final speed")) << off.reason;
  EXPECT_FALSE(mentions(close, "final speed")) << close.reason;
}

// ---- Family records: present where the case checks what they hold ------------------------------

TEST(FamilyRecords, AnInclineRowCarriesNoneAndReadsNanThroughThem) {
  const ValidationResult r = inclineScaled(1.0);
  EXPECT_FALSE(r.onset.has_value());
  EXPECT_FALSE(r.heading.has_value());
  EXPECT_FALSE(r.rest.has_value());
  EXPECT_FALSE(r.stop.has_value());
  EXPECT_FALSE(r.rattleback.has_value());
  EXPECT_TRUE(std::isnan(valueOrNan(r.onset, &OnsetRecord::onset_error)));
}

TEST(FamilyRecords, ALaunchRowCarriesItsOnsetRecordAndNoRestStopOrRattleback) {
  const ValidationCase c = launchCase();
  const ValidationResult r = launchFinalScaled(1.0);
  ASSERT_TRUE(r.onset.has_value());
  EXPECT_DOUBLE_EQ(valueOrNan(r.onset, &OnsetRecord::onset_error),
                   (r.rolling_onset - c.expected_rolling_onset_s) / c.expected_rolling_onset_s);
  EXPECT_FALSE(r.rest.has_value());
  EXPECT_FALSE(r.stop.has_value());
  EXPECT_FALSE(r.rattleback.has_value());
}

// ---- Trajectory files: spacing and unit quaternions --------------------------------------------

class TrajectoryFile : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = fs::temp_directory_path() / ("nsdkit_edges_" + std::to_string(::getpid()) + ".csv");
  }
  void TearDown() override { fs::remove(path_); }
  // The case's analytic trajectory written as a user's CSV, with `edit` applied to row `row`
  // (0: the header) of the text; read back by the scorer's reader.
  SolverTrajectory readBack(const ValidationCase& c, double spacing_s, std::size_t row = 0,
                            double quaternion_scale = 1.0) {
    writeTrajectoryCsv(analyticTrajectory(c, spacing_s), path_.string());
    if (row > 0) {
      std::ifstream in(path_);
      std::vector<std::string> lines;
      for (std::string line; std::getline(in, line);) lines.push_back(line);
      std::stringstream fields(lines.at(row));
      std::vector<double> values;
      for (std::string v; std::getline(fields, v, ',');) values.push_back(std::stod(v));
      for (int k = 4; k < 8; ++k) values.at(static_cast<std::size_t>(k)) *= quaternion_scale;
      std::ostringstream edited;
      edited.precision(17);
      for (std::size_t k = 0; k < values.size(); ++k) edited << (k ? "," : "") << values[k];
      lines[row] = edited.str();
      std::ofstream out(path_);
      for (const auto& line : lines) out << line << '\n';
    }
    return readTrajectoryCsv(c, path_.string());
  }
  fs::path path_;
};

TEST_F(TrajectoryFile, SamplesEightMillisecondsApartAreReadAndTwelveAndAHalfAreRefused) {
  const ValidationCase c = rollingInclineCase();
  const SolverTrajectory fine = readBack(c, 0.008);
  EXPECT_TRUE(fine.completed) << fine.failure;
  const SolverTrajectory coarse = readBack(c, 0.0125);
  EXPECT_FALSE(coarse.completed);
  EXPECT_NE(coarse.failure.find("apart"), std::string::npos) << coarse.failure;
}

TEST_F(TrajectoryFile, AQuaternionOffUnitByOneInTenThousandIsRefusedAndByOneInTenToTheEightIsRead) {
  const ValidationCase c = rollingInclineCase();
  const SolverTrajectory slightly = readBack(c, 1e-3, 10, 1.0 + 1e-8);
  EXPECT_TRUE(slightly.completed) << slightly.failure;
  const SolverTrajectory off = readBack(c, 1e-3, 10, 1.0 + 1e-4);
  EXPECT_FALSE(off.completed);
  EXPECT_NE(off.failure.find("not unit"), std::string::npos) << off.failure;
}

// ---- Case files: a custom case's expectation and scene are rebuilt from its model ---------------

class CustomCaseFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("nsdkit_edges_cases_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    exportCases(generateCases({CaseFamily::kIncline}), dir_.string());
    // A user's own case: a canonical incline case under a new name (a custom case, compared
    // with what its model rebuilds, not with nsdkit's case of a name).
    const ValidationCase base = rollingInclineCase();
    mine_ = buildOnePlaneCase("incline/my-own-slope", *base.one_plane);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The refusal of the custom case once `edit` is applied to its file (digest recomputed).
  template <class Edit>
  std::string refusalAfter(Edit edit) {
    json file = caseJson(mine_, 9999);
    edit(file);
    file["digest"] = caseDigest(file);
    std::ofstream(dir_ / "9999.json") << file.dump(2);
    json index;
    std::ifstream(dir_ / "index.json") >> index;
    index["cases"].push_back({{"index", 9999}, {"name", mine_.name}, {"file", "9999.json"}});
    std::ofstream(dir_ / "index.json") << index.dump(2);
    for (const auto& c : importCases(dir_.string())) {
      if (c.name == mine_.name) {
        custom_ = c.custom;
        return c.refusal;
      }
    }
    ADD_FAILURE() << "the custom case was not imported";
    return "";
  }
  fs::path dir_;
  ValidationCase mine_;
  bool custom_ = false;
};

TEST_F(CustomCaseFile, AnUneditedCustomCaseIsAccepted) {
  EXPECT_EQ(refusalAfter([](json&) {}), "");
  EXPECT_TRUE(custom_);
}

TEST_F(CustomCaseFile, AnExpectedAccelerationEditedByOneInAMillionIsRefused) {
  const std::string refusal = refusalAfter([](json& f) {
    f["expected"]["acceleration_m_s2"] = f["expected"]["acceleration_m_s2"].get<double>() * (1 + 1e-6);
  });
  EXPECT_NE(refusal.find("acceleration_m_s2"), std::string::npos) << refusal;
}

TEST_F(CustomCaseFile, AnExpectedSpinEditedByOneInAMillionIsRefused) {
  const std::string refusal = refusalAfter([](json& f) {
    f["expected"]["spin_rad_s"] = f["expected"]["spin_rad_s"].get<double>() * (1 + 1e-6);
  });
  EXPECT_NE(refusal.find("spin_rad_s"), std::string::npos) << refusal;
}

TEST_F(CustomCaseFile, ASceneMassEditedByOneInAMillionIsRefused) {
  const std::string refusal = refusalAfter([](json& f) {
    f["scene"]["mass_kg"] = f["scene"]["mass_kg"].get<double>() * (1 + 1e-6);
  });
  EXPECT_NE(refusal.find("mass_kg"), std::string::npos) << refusal;
}

}  // namespace
}  // namespace nsd::validation
