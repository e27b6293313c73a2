// Sweep files: a streamed sweep written to HDF5 and read back equals the in-memory sweep point
// for point and bit for bit; bad targets are refused before any work and a failed sweep leaves
// neither the target nor its temporary file.
#include <nsdkit/hdf5/sweep_file.hpp>

#include <gtest/gtest.h>

#include "../support/test_scaffolding.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/region/ball_trough_predicate.hpp>

namespace nsd::hdf5 {
namespace {

namespace fs = std::filesystem;

/// Whether a temporary file of the sweep file `path` (`<path>.tmp-nsdkit-hdf5-<run>`) is left.
bool temporaryFileLeft(const std::string& path) {
  const std::string prefix = fs::path(path).filename().string() + ".tmp-nsdkit-hdf5";
  for (const auto& entry : fs::directory_iterator(fs::path(path).parent_path())) {
    if (entry.path().filename().string().rfind(prefix, 0) == 0) return true;
  }
  return false;
}

class SweepFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = nsd::test::scratchFolder("nsd_h5_");
    fs::create_directories(dir_);
    options_.threads = 2;
    options_.refine_tolerance = 1e-4;
    blocks_.block_points = 40;  // 3 x 13 points per chunk: partial chunks at each row's end
    blocks_.block_edges = 7;
    header_.axes = axes_;
    header_.fixed = fixed_;
    header_.model_parameters = {{"mu_plus", 0.3}, {"mu_minus", 0.3}};
    header_.model_name = "ball-trough";
    header_.refine_tolerance = options_.refine_tolerance;
    header_.block_points = blocks_.block_points;
    header_.block_edges = blocks_.block_edges;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The m_z = m_z2 section of the paper's ball over three axes (mz a short third axis).
  std::vector<region::Axis> axes_{
      {"mx", -0.8, 0.8, 11}, {"my", -0.8, 0.8, 7}, {"mz", 0.2, 0.3, 13}};
  region::ParameterPoint fixed_{{"angle_deg", 90.0}};
  region::ModelPredicate predicate_ =
      region::ballTroughPredicate(models::BallTroughParameters::paper(0.3, 0.4));
  region::SweepOptions options_;
  region::CheckpointOptions blocks_;
  SweepFileHeader header_;
  std::string dir_;
};

TEST_F(SweepFile, WrittenAndReadBackEqualsTheInMemorySweep) {
  const std::string path = dir_ + "/sweep.h5";
  {
    const auto sink = createSweepFile(path, header_);
    region::sweepIntoSink(axes_, fixed_, predicate_, options_, blocks_, {}, {}, *sink);
  }
  ASSERT_TRUE(fs::exists(path));
  EXPECT_FALSE(temporaryFileLeft(path));
  const SweepFileContents c = readSweepFile(path);
  const region::SweepResult reference = region::sweep(axes_, fixed_, predicate_, options_);
  EXPECT_EQ(c.format, "nsdkit-sweep-hdf5/1");
  EXPECT_EQ(c.model_name, "ball-trough");
  ASSERT_EQ(c.axes.size(), 3u);
  EXPECT_EQ(c.axes[2].name, "mz");
  EXPECT_EQ(c.axes[1].count, 7);
  EXPECT_EQ(c.axis_values[0].front(), -0.8);
  EXPECT_EQ(c.axis_values[0].back(), 0.8);
  EXPECT_EQ(c.fixed.at("angle_deg"), 90.0);
  EXPECT_EQ(c.model_parameters.at("mu_plus"), 0.3);
  ASSERT_EQ(c.realizable.size(), reference.points.size());
  std::size_t realizable = 0;
  for (std::size_t i = 0; i < reference.points.size(); ++i) {
    const region::PointVerdict& v = reference.points[i].verdict;
    ASSERT_EQ(c.realizable[i], v.realizable ? 1 : 0) << i;
    ASSERT_EQ(c.escapes[i], v.escapes.bits()) << i;
    ASSERT_EQ(c.uncertain[i], v.uncertain ? 1 : 0) << i;
    realizable += v.realizable;
  }
  EXPECT_GT(realizable, 50u);
  EXPECT_LT(realizable, reference.points.size() - 50);
  ASSERT_EQ(c.boundary_bracket_width.size(), reference.boundary.size());
  ASSERT_GT(reference.boundary.size(), 30u);
  std::uint64_t calls = 0;
  for (std::size_t i = 0; i < reference.boundary.size(); ++i) {
    const region::BoundaryPoint& b = reference.boundary[i];
    for (std::size_t d = 0; d < 3; ++d) ASSERT_EQ(c.boundary_values[i * 3 + d], b.values[d]);
    ASSERT_EQ(c.boundary_bracket_width[i], b.bracket_width);
    ASSERT_EQ(c.boundary_axis[i], b.axis);
    ASSERT_EQ(c.boundary_outside_escapes[i], b.outside_escapes.bits());
    calls += c.boundary_predicate_calls[i];
  }
  EXPECT_EQ(reference.points.size() + calls, reference.predicate_calls);
}

TEST_F(SweepFile, KeepsTheBodyFileText) {
  header_.model_name = "body";
  header_.body_file_text = "{\"format\": \"nsdkit-body/1\", \"name\": \"ünïcode\"}";
  const std::string path = dir_ + "/body.h5";
  {
    const auto sink = createSweepFile(path, header_);
    options_.refine_tolerance = 0.0;
    region::sweepIntoSink(axes_, fixed_, predicate_, options_, blocks_, {}, {}, *sink);
  }
  const SweepFileContents c = readSweepFile(path);
  EXPECT_EQ(c.body_file_text, header_.body_file_text);
  EXPECT_TRUE(c.boundary_values.empty());
}

TEST_F(SweepFile, RefusesBadTargetsBeforeAnyWork) {
  EXPECT_THROW(createSweepFile(dir_ + "/no_such_folder/x.h5", header_), InvalidInput);
  EXPECT_THROW(createSweepFile(dir_, header_), InvalidInput);  // a folder
  EXPECT_THROW(createSweepFile("-", header_), InvalidInput);
  fs::create_symlink(dir_ + "/elsewhere.h5", dir_ + "/link.h5");
  EXPECT_THROW(createSweepFile(dir_ + "/link.h5", header_), InvalidInput);
}

TEST_F(SweepFile, AFailedSweepLeavesNoFile) {
  const std::string path = dir_ + "/failed.h5";
  std::atomic<int> calls{0};
  const region::ParameterPredicate failing = [&](const region::ParameterPoint& p) {
    if (++calls > 500) throw SolverFailure("the predicate failed");
    return predicate_(p);
  };
  {
    const auto sink = createSweepFile(path, header_);
    EXPECT_THROW(region::sweepIntoSink(axes_, fixed_, failing, options_, blocks_, {}, {}, *sink),
                 SolverFailure);
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_FALSE(temporaryFileLeft(path));
}

// A killed run leaves its temporary file (named for that run, so a process left over from it
// cannot remove the file of a later run); the next run of the same sweep file removes it once
// its own file is in place.
TEST_F(SweepFile, FinishedRunRemovesTheTemporaryFileOfAKilledRun) {
  const std::string path = dir_ + "/resumed.h5";
  const std::string left = path + ".tmp-nsdkit-hdf5-999999999-2";  // no such process
  std::ofstream(left) << "a killed run's partial file";
  ASSERT_TRUE(temporaryFileLeft(path));
  {
    const auto sink = createSweepFile(path, header_);
    ASSERT_TRUE(fs::exists(left));  // not the file this run writes into
    region::sweepIntoSink(axes_, fixed_, predicate_, options_, blocks_, {}, {}, *sink);
  }
  EXPECT_TRUE(fs::exists(path));
  EXPECT_FALSE(temporaryFileLeft(path));
}

TEST_F(SweepFile, ReadingRefusesWhatIsNotASweepFile) {
  const std::string text = dir_ + "/text.h5";
  std::ofstream(text) << "not HDF5\n";
  EXPECT_THROW(readSweepFile(text), InvalidInput);
  EXPECT_THROW(readSweepFile(dir_ + "/absent.h5"), InvalidInput);
}

}  // namespace
}  // namespace nsd::hdf5
