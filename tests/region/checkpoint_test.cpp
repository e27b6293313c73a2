// The checkpointed sweep against the in-memory one: identical output however it is split,
// interrupted or shared between workers; mismatched and corrupt checkpoints are refused.
#include <nsdkit/region/checkpoint.hpp>

#include <gtest/gtest.h>

#include "../support/test_scaffolding.hpp"

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/region/ball_trough_predicate.hpp>

namespace nsd::region {
namespace {

namespace fs = std::filesystem;

std::string csv(const SweepResult& r) {
  std::ostringstream s;
  writeCsv(s, r, {{"mu", 0.3}});
  return s.str();
}

class Checkpoint : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = nsd::test::scratchFolder("nsd_ckpt_");
    options_.threads = 2;
    options_.refine_tolerance = 1e-4;
    blocks_.directory = dir_;
    blocks_.block_points = 37;  // not a divisor of the grid: a short last block
    blocks_.block_edges = 5;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The m_z = m_z2 section of the paper's ball: both escape kinds and a curved boundary.
  std::vector<Axis> axes_{{"mx", -0.8, 0.8, 23}, {"my", -0.8, 0.8, 19}};
  ParameterPoint fixed_{{"mz", 0.25}};
  ModelPredicate predicate_ =
      ballTroughPredicate(models::BallTroughParameters::paper(0.3, 0.4));
  SweepOptions options_;
  CheckpointOptions blocks_;
  std::string dir_;
};

TEST_F(Checkpoint, BlockedSweepEqualsTheInMemorySweepByteForByte) {
  const std::string reference = csv(sweep(axes_, fixed_, predicate_, options_));
  const auto blocked = sweepWithCheckpoints(axes_, fixed_, predicate_, options_, blocks_, {});
  EXPECT_EQ(csv(blocked.result), reference);
  EXPECT_GT(blocked.result.boundary.size(), 20u);
  EXPECT_EQ(blocked.blocks_reused, 0u);
  // 437 points in blocks of 37 -> 12 grid blocks, plus the edge blocks.
  EXPECT_GT(blocked.blocks_computed, 12u);
}

TEST_F(Checkpoint, AnInterruptedSweepResumesToTheSameOutputWithoutRecomputingFinishedBlocks) {
  const std::string reference = csv(sweep(axes_, fixed_, predicate_, options_));
  // The first run dies after 200 predicate calls (as a killed process would).
  std::atomic<int> calls{0};
  const ParameterPredicate dying = [&](const ParameterPoint& p) {
    if (++calls > 200) throw std::runtime_error("killed");
    return predicate_(p);
  };
  options_.threads = 1;
  EXPECT_THROW(sweepWithCheckpoints(axes_, fixed_, dying, options_, blocks_, {}),
               std::runtime_error);
  std::size_t finished = 0;
  for (const auto& f : fs::directory_iterator(dir_)) finished += f.path().extension() == ".blk";
  EXPECT_EQ(finished, 200u / 37u);  // 5 whole blocks of 37 points were written
  // Without --resume the folder is refused; with it the sweep continues.
  EXPECT_THROW(sweepWithCheckpoints(axes_, fixed_, predicate_, options_, blocks_, {}),
               InvalidInput);
  blocks_.resume = true;
  std::atomic<int> resumed_calls{0};
  const ParameterPredicate counting = [&](const ParameterPoint& p) {
    ++resumed_calls;
    return predicate_(p);
  };
  const auto resumed = sweepWithCheckpoints(axes_, fixed_, counting, options_, blocks_, {});
  EXPECT_EQ(csv(resumed.result), reference);
  EXPECT_EQ(resumed.blocks_reused, finished);
  // The finished grid points were not evaluated again.
  EXPECT_EQ(static_cast<std::size_t>(resumed_calls.load()),
            resumed.result.predicate_calls - finished * 37);
}

TEST_F(Checkpoint, ACheckpointOfAnotherSweepIsRefusedWithTheDifferenceNamed) {
  (void)sweepWithCheckpoints(axes_, fixed_, predicate_, options_, blocks_, {});
  blocks_.resume = true;
  auto other_axes = axes_;
  other_axes[1].count = 21;
  try {
    (void)sweepWithCheckpoints(other_axes, fixed_, predicate_, options_, blocks_, {});
    FAIL() << "mismatched checkpoint accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("axes differs"), std::string::npos) << e.what();
  }
  try {
    (void)sweepWithCheckpoints(axes_, fixed_, predicate_, options_, blocks_, {{"mu", 0.5}});
    FAIL() << "checkpoint of another model accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("model differs"), std::string::npos) << e.what();
  }
}

TEST_F(Checkpoint, ACorruptBlockIsRefusedWithItsFileNamed) {
  (void)sweepWithCheckpoints(axes_, fixed_, predicate_, options_, blocks_, {});
  const std::string block = dir_ + "/grid-3.blk";
  {
    std::fstream f(block, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(30);
    f.put('\x7f');
  }
  blocks_.resume = true;
  try {
    (void)sweepWithCheckpoints(axes_, fixed_, predicate_, options_, blocks_, {});
    FAIL() << "corrupt block accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("grid-3.blk"), std::string::npos) << e.what();
  }
}

using nsd::test::Barrier;

TEST_F(Checkpoint, WorkersSharingTheFolderProduceTheSameOutput) {
  // Two workers (as MPI ranks would) with one shared block counter per phase. Each worker's
  // first grid block waits until both have asked for one, so both compute blocks however the
  // threads are scheduled: on a busy machine one worker once took all 12 before the other
  // started (1 run in 300 with both cores loaded), and the last check below failed.
  const std::string reference = csv(sweep(axes_, fixed_, predicate_, options_));
  std::atomic<std::size_t> counters[2] = {0, 0};
  Barrier barrier(2), first_grid_block(2);
  bool asked[2] = {false, false};
  CheckpointedSweep results[2];
  std::size_t computed[2] = {0, 0};
  options_.threads = 1;
  std::vector<std::thread> workers;
  for (int rank = 0; rank < 2; ++rank) {
    workers.emplace_back([&, rank] {
      WorkSharing sharing;
      sharing.rank = rank;
      sharing.ranks = 2;
      sharing.next_block = [&, rank](int phase) {
        if (phase == 0 && !asked[rank]) {
          asked[rank] = true;
          first_grid_block.wait();
        }
        return counters[phase].fetch_add(1);
      };
      sharing.barrier = [&] { barrier.wait(); };
      results[rank] =
          sweepWithCheckpoints(axes_, fixed_, predicate_, options_, blocks_, {}, sharing);
      computed[rank] = results[rank].blocks_computed;
    });
  }
  for (auto& w : workers) w.join();
  EXPECT_EQ(csv(results[0].result), reference);
  EXPECT_TRUE(results[1].result.points.empty());
  EXPECT_GT(computed[0], 0u);
  EXPECT_GT(computed[1], 0u);
}

}  // namespace
}  // namespace nsd::region
