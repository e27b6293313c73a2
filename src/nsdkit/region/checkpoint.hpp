#pragma once
/// @file checkpoint.hpp
/// Sweeps computed in blocks that are saved as they finish, so that a killed sweep (SIGTERM,
/// SIGKILL, a lost node, a job time limit) loses at most the blocks in progress, and several
/// processes (MPI ranks) can share one sweep through the checkpoint folder.
///
/// The folder holds:
///  - `manifest.json`: format, nsdkit version, model metadata, axes, fixed parameters, refinement
///    tolerance and block sizes. A resumed sweep must match it exactly, or it is refused;
///  - `grid-<k>.blk`: the verdicts of grid points [k B, (k + 1) B);
///  - `edges-<k>.blk`: the refined boundary points of boundary edges [k E, (k + 1) E) (edges in
///    the deterministic order of the in-memory sweep).
/// Each block is written to a temporary file and renamed, so a block file is either absent or
/// complete; it carries its phase, index, count and an FNV-1a checksum, and a block that fails
/// any check is refused with its file named, never mixed in.
///
/// The result is the same as `sweep()` with the same axes, whatever the number of processes,
/// threads, or interruptions (rows in grid order, boundary points in edge order, the same
/// predicate-call count), so the written CSV is byte-identical.

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>

#include <nsdkit/region/region.hpp>

namespace nsd::region {

/// How the blocks of a sweep are shared between processes. The defaults are one process.
struct WorkSharing {
  int rank = 0;   ///< this process (rank 0 writes the manifest and assembles the result)
  int ranks = 1;  ///< processes sharing the checkpoint folder
  /// Next block index of `phase` (0: grid, 1: boundary edges) for this process, from one counter
  /// shared by all processes (so faster processes take more blocks). Empty: a local counter.
  std::function<std::size_t(int phase)> next_block;
  /// Waits until every process has reached this point. Empty: nothing to wait for.
  std::function<void()> barrier;
  /// Collective like `barrier`: waits for every process and returns whether any of them passed
  /// `failed` true (MPI_Allreduce of a flag). Empty: `barrier`, then `failed`.
  std::function<bool(bool failed)> any_failed;
};

/// Thrown on a process whose own step succeeded when another process of the sweep failed at the
/// same agreement point: that process reports the error; this one only unwinds with it (so that
/// every process leaves the collective calls together and removes what it created).
class OtherProcessFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Runs `step` on this process, then agrees with every process (WorkSharing::any_failed) on
/// whether any step failed: rethrows this process's own error, throws OtherProcessFailed if only
/// another process failed, and returns normally if none did. Every process calls it together.
void runAgreed(const WorkSharing& sharing, const std::function<void()>& step);

/// Options of a checkpointed sweep.
struct CheckpointOptions {
  std::string directory;            ///< the checkpoint folder (created if absent)
  bool resume = false;              ///< continue the sweep recorded in `directory`
  std::size_t block_points = 4096;  ///< grid points per block
  std::size_t block_edges = 64;     ///< boundary edges per block
};

/// What a checkpointed sweep did.
struct CheckpointedSweep {
  SweepResult result;               ///< complete on rank 0; other ranks get only axes and fixed
  std::size_t blocks_computed = 0;  ///< by this process
  std::size_t blocks_reused = 0;    ///< found finished in the folder (resume), seen by this process
};

/// Runs the sweep of `sweep()` in checkpointed blocks. `model_metadata` (e.g. the model's
/// parameters) goes into the manifest, so that a resume with other parameters is refused.
/// @throws InvalidInput for the errors of sweep(), a folder that already holds a checkpoint when
///         `resume` is off, a manifest that does not match, or a corrupt block.
CheckpointedSweep sweepWithCheckpoints(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                                       const ModelPredicate& predicate,
                                       const SweepOptions& options,
                                       const CheckpointOptions& checkpoint,
                                       const ParameterPoint& model_metadata,
                                       const WorkSharing& sharing = {});

}  // namespace nsd::region
