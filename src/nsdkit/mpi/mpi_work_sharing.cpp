#include <nsdkit/mpi/mpi_work_sharing.hpp>

#include <exception>

#include <nsdkit/core/errors.hpp>

namespace nsd::mpi {

BlockCounters::BlockCounters(MPI_Comm communicator) : communicator_(communicator) {
  MPI_Comm_rank(communicator_, &rank_);
  MPI_Comm_size(communicator_, &ranks_);
  const MPI_Aint bytes = rank_ == 0 ? static_cast<MPI_Aint>(2 * sizeof(long)) : 0;
  if (MPI_Win_allocate(bytes, sizeof(long), MPI_INFO_NULL, communicator_, &counters_, &window_) !=
      MPI_SUCCESS) {
    throw SolverFailure("MPI_Win_allocate failed");
  }
  if (rank_ == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, window_);
    counters_[0] = counters_[1] = 0;
    MPI_Win_unlock(0, window_);
  }
  MPI_Barrier(communicator_);
}

BlockCounters::~BlockCounters() {
  // MPI_Win_free is collective: never call it while an exception unwinds this rank (the others
  // may wait elsewhere, and the caller ends the job with MPI_Abort).
  if (window_ != MPI_WIN_NULL && std::uncaught_exceptions() == 0) MPI_Win_free(&window_);
}

region::WorkSharing BlockCounters::sharing() {
  region::WorkSharing s;
  s.rank = rank_;
  s.ranks = ranks_;
  s.next_block = [this](int phase) {
    const long one = 1;
    long previous = 0;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, window_);
    MPI_Fetch_and_op(&one, &previous, MPI_LONG, 0, phase, MPI_SUM, window_);
    MPI_Win_unlock(0, window_);
    return static_cast<std::size_t>(previous);
  };
  s.barrier = [this] { MPI_Barrier(communicator_); };
  s.any_failed = [this](bool failed) {
    int mine = failed ? 1 : 0, any = 0;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_LOR, communicator_);
    return any != 0;
  };
  return s;
}

}  // namespace nsd::mpi
