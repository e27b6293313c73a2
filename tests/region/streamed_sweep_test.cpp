// The streamed sweep against the in-memory one: the blocks a sink receives, from one process or
// from two simulated ranks sharing a checkpoint folder, put together give exactly sweep()'s
// grid and boundary; the chunk-aligned blocks partition the grid into whole chunks; escape codes
// round-trip every label the predicates produce.
#include <nsdkit/region/streamed_sweep.hpp>

#include <gtest/gtest.h>

#include "../support/test_scaffolding.hpp"

#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <random>
#include <thread>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/region/ball_trough_predicate.hpp>

namespace nsd::region {
namespace {

namespace fs = std::filesystem;

// Every grid index in exactly one block, blocks in increasing order, each block at most
// block_points points and exactly one chunk: the same indices of the axes before the chunk axis,
// a range of at most c values of the chunk axis, all of the later axes.
TEST(ChunkedGrid, BlocksPartitionTheGridIntoWholeChunks) {
  std::mt19937 random(20261125);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<Axis> axes;
    const int k = 1 + static_cast<int>(random() % 4);
    for (int d = 0; d < k; ++d)
      axes.push_back({"a" + std::to_string(d), 0, 1, 1 + int(random() % 9)});
    const std::size_t block_points = 1 + random() % 300;
    const ChunkedGrid g = chunkedGrid(axes, block_points);
    std::size_t next = 0;
    for (std::size_t b = 0; b < g.blocks(); ++b) {
      ASSERT_EQ(g.begin(b), next) << "trial " << trial;
      ASSERT_GT(g.end(b), g.begin(b));
      ASSERT_LE(g.end(b) - g.begin(b), block_points);
      // Unravel the first and last index of the block.
      auto unravel = [&](std::size_t index) {
        std::vector<std::size_t> at(g.dims.size());
        for (std::size_t d = g.dims.size(); d-- > 0;) {
          at[d] = index % g.dims[d];
          index /= g.dims[d];
        }
        return at;
      };
      const auto first = unravel(g.begin(b)), last = unravel(g.end(b) - 1);
      const std::size_t j = g.chunk_axis;
      for (std::size_t d = 0; d < j; ++d) ASSERT_EQ(first[d], last[d]);
      ASSERT_EQ(first[j] % g.chunk[j], 0u);
      ASSERT_LT(last[j] - first[j], g.chunk[j]);
      for (std::size_t d = j + 1; d < g.dims.size(); ++d) {
        ASSERT_EQ(first[d], 0u);
        ASSERT_EQ(last[d], g.dims[d] - 1);
      }
      next = g.end(b);
    }
    EXPECT_EQ(next, g.points());
  }
}

// A sink that keeps what it receives, in grid order.
class RecordingSink final : public SweepSink {
 public:
  explicit RecordingSink(std::size_t points)
      : realizable(points, 255), escapes(points, 255), uncertain(points, 255) {}
  void writeGrid(const GridBlock& b) override {
    ++grid_calls;
    for (std::size_t i = 0; i < b.size(); ++i) {
      EXPECT_EQ(realizable[b.begin + i], 255) << "grid point written twice";
      realizable[b.begin + i] = b.realizable[i];
      escapes[b.begin + i] = b.escapes[i];
      uncertain[b.begin + i] = b.uncertain[i];
    }
  }
  void beginBoundary(std::size_t points) override { boundary.resize(points); }
  void writeBoundary(const BoundaryBlock& b) override {
    ++boundary_calls;
    for (std::size_t i = 0; i < b.points.size(); ++i) boundary[b.begin + i] = b.points[i];
  }
  void finish() override { finished = true; }

  std::vector<std::uint8_t> realizable, escapes, uncertain;
  std::vector<BoundaryPoint> boundary;
  int grid_calls = 0, boundary_calls = 0;
  bool finished = false;
};

class StreamedSweep : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = nsd::test::scratchFolder("nsd_stream_");
    options_.threads = 2;
    options_.refine_tolerance = 1e-4;
    blocks_.block_points = 37;  // chunk rows of 1 x 19 points: 23 x 1 blocks
    blocks_.block_edges = 5;
  }
  void TearDown() override { fs::remove_all(dir_); }

  void expectEqualsInMemorySweep(const RecordingSink& sink) const {
    const SweepResult reference = sweep(axes_, fixed_, predicate_, options_);
    ASSERT_EQ(sink.realizable.size(), reference.points.size());
    for (std::size_t i = 0; i < reference.points.size(); ++i) {
      const PointVerdict& v = reference.points[i].verdict;
      ASSERT_EQ(sink.realizable[i], v.realizable ? 1 : 0) << i;
      ASSERT_EQ(sink.escapes[i], v.escapes.bits()) << i;
      ASSERT_EQ(sink.uncertain[i], v.uncertain ? 1 : 0) << i;
    }
    ASSERT_EQ(sink.boundary.size(), reference.boundary.size());
    ASSERT_GT(reference.boundary.size(), 20u);
    for (std::size_t i = 0; i < reference.boundary.size(); ++i) {
      EXPECT_EQ(sink.boundary[i].values, reference.boundary[i].values) << i;
      EXPECT_EQ(sink.boundary[i].outside_escapes, reference.boundary[i].outside_escapes) << i;
      EXPECT_EQ(sink.boundary[i].bracket_width, reference.boundary[i].bracket_width) << i;
    }
    EXPECT_TRUE(sink.finished);
  }

  // The m_z = m_z2 section of the paper's ball: both escape kinds and a curved boundary.
  std::vector<Axis> axes_{{"mx", -0.8, 0.8, 23}, {"my", -0.8, 0.8, 19}};
  ParameterPoint fixed_{{"mz", 0.25}};
  ModelPredicate predicate_ =
      ballTroughPredicate(models::BallTroughParameters::paper(0.3, 0.4));
  SweepOptions options_;
  CheckpointOptions blocks_;
  std::string dir_;
};

TEST_F(StreamedSweep, OneProcessWithoutFolderEqualsTheInMemorySweep) {
  RecordingSink sink(23 * 19);
  const StreamedSweepReport r =
      sweepIntoSink(axes_, fixed_, predicate_, options_, blocks_, {}, {}, sink);
  expectEqualsInMemorySweep(sink);
  EXPECT_EQ(sink.grid_calls, 23);
  EXPECT_EQ(r.blocks_computed, 23u);
  EXPECT_FALSE(fs::exists(dir_));
}

using nsd::test::Barrier;

// Two ranks (threads) share the folder and the block counters; each writes its own share of
// blocks, in the same number of calls (collective rounds), and together they write the sweep.
TEST_F(StreamedSweep, TwoRanksWriteDisjointSharesThatMakeTheSweep) {
  blocks_.directory = dir_;
  std::atomic<std::size_t> counters[2] = {{0}, {0}};
  Barrier barrier(2);
  RecordingSink sinks[2] = {RecordingSink(23 * 19), RecordingSink(23 * 19)};
  std::thread ranks[2];
  for (int rank = 0; rank < 2; ++rank) {
    ranks[rank] = std::thread([&, rank] {
      WorkSharing sharing;
      sharing.rank = rank;
      sharing.ranks = 2;
      sharing.next_block = [&](int phase) { return counters[phase].fetch_add(1); };
      sharing.barrier = [&] { barrier.wait(); };
      sweepIntoSink(axes_, fixed_, predicate_, options_, blocks_, {}, sharing, sinks[rank]);
    });
  }
  for (auto& t : ranks) t.join();
  EXPECT_EQ(sinks[0].grid_calls, sinks[1].grid_calls);
  EXPECT_EQ(sinks[0].boundary_calls, sinks[1].boundary_calls);
  RecordingSink merged(23 * 19);
  merged.boundary.resize(sinks[0].boundary.size());
  for (const RecordingSink& s : sinks) {
    for (std::size_t i = 0; i < s.realizable.size(); ++i) {
      if (s.realizable[i] == 255) continue;
      ASSERT_EQ(merged.realizable[i], 255) << "point " << i << " written by both ranks";
      merged.realizable[i] = s.realizable[i];
      merged.escapes[i] = s.escapes[i];
      merged.uncertain[i] = s.uncertain[i];
    }
    for (std::size_t i = 0; i < s.boundary.size(); ++i) {
      if (!s.boundary[i].values.empty()) merged.boundary[i] = s.boundary[i];
    }
  }
  merged.finished = sinks[0].finished && sinks[1].finished;
  expectEqualsInMemorySweep(merged);
}

TEST_F(StreamedSweep, ResumesAFolderAndRefusesOneOfTheOtherLayout) {
  blocks_.directory = dir_;
  RecordingSink first(23 * 19);
  sweepIntoSink(axes_, fixed_, predicate_, options_, blocks_, {}, {}, first);
  blocks_.resume = true;
  RecordingSink again(23 * 19);
  const StreamedSweepReport r =
      sweepIntoSink(axes_, fixed_, predicate_, options_, blocks_, {}, {}, again);
  EXPECT_EQ(r.blocks_computed, 0u);
  expectEqualsInMemorySweep(again);
  // A folder of the uniform layout (CSV/JSON outputs) is not resumed as a streamed one.
  const std::string uniform = dir_ + "_uniform";
  CheckpointOptions other = blocks_;
  other.directory = uniform;
  other.resume = false;
  sweepWithCheckpoints(axes_, fixed_, predicate_, options_, other, {});
  other.resume = true;
  RecordingSink refused(23 * 19);
  try {
    sweepIntoSink(axes_, fixed_, predicate_, options_, other, {}, {}, refused);
    ADD_FAILURE() << "a folder of the uniform layout was resumed";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("block_layout differs"), std::string::npos) << e.what();
  }
  fs::remove_all(uniform);
}

TEST_F(StreamedSweep, HasNoInMemoryGridCap) {
  // 2e8 points: refused by sweep() (in memory), accepted here up to the first predicate call.
  const std::vector<Axis> huge{{"mx", -1, 1, 20000}, {"my", -1, 1, 10000}};
  EXPECT_THROW(sweep(huge, fixed_, predicate_, options_), InvalidInput);
  const ParameterPredicate stop = [](const ParameterPoint&) -> PointVerdict {
    throw SolverFailure("stop");
  };
  RecordingSink sink(0);
  options_.refine_tolerance = 0.0;
  EXPECT_THROW(sweepIntoSink(huge, fixed_, stop, options_, blocks_, {}, {}, sink), SolverFailure);
}

}  // namespace
}  // namespace nsd::region
