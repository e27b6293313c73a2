#pragma once
/// @file mpi_work_sharing.hpp
/// Region sweeps over MPI ranks (Open MPI, Debian libopenmpi-dev): the blocks of a checkpointed
/// sweep (region/checkpoint.hpp) are handed out by one counter per phase held by rank 0 and
/// incremented with MPI_Fetch_and_op (passive-target one-sided communication), so every rank,
/// rank 0 included, computes blocks and a faster rank simply takes more of them: points near the
/// boundary cost more than points far from it, and blocks of them are not assigned in advance.
/// Results travel through the shared checkpoint folder, as on a cluster's shared file system.
/// The only folder that includes MPI.

#include <mpi.h>

#include <nsdkit/region/checkpoint.hpp>

namespace nsd::mpi {

/// The shared block counters of one sweep on `communicator` (collective construction and
/// destruction; the destruction is skipped while an exception unwinds, so that a failing rank
/// reaches MPI_Abort instead of waiting in MPI_Win_free). Hand out `sharing()` to
/// sweepWithCheckpoints on every rank.
class BlockCounters {
 public:
  /// Collective: allocates the counters on rank 0 (zeroed). @throws SolverFailure if
  /// MPI_Win_allocate fails.
  explicit BlockCounters(MPI_Comm communicator);
  /// Collective: frees the window (skipped while an exception unwinds).
  ~BlockCounters();
  BlockCounters(const BlockCounters&) = delete;
  BlockCounters& operator=(const BlockCounters&) = delete;

  /// This rank's WorkSharing: next_block from the shared counters, barrier and any_failed on
  /// the communicator. Valid while this object lives.
  region::WorkSharing sharing();

 private:
  MPI_Comm communicator_;
  MPI_Win window_ = MPI_WIN_NULL;
  long* counters_ = nullptr;  // two counters (grid, edges) on rank 0
  int rank_ = 0, ranks_ = 1;
};

}  // namespace nsd::mpi
