// nsdkit-mpi: the `region` command of nsdkit over MPI ranks, with threads inside each rank.
//   mpirun -np N nsdkit-mpi region --checkpoint DIR [--resume] --axis ... --output FILE ...
// The checkpoint folder must be on a file system every rank sees. The output is byte-identical
// to `nsdkit region` with the same options, whatever N and the threads per rank.
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <limits>
#include <string>

#include <nsdkit/cli/option_checks.hpp>
#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/hdf5/sweep_file.hpp>
#include <nsdkit/mpi/mpi_work_sharing.hpp>

namespace {

// One line on stderr, as nsdkit prints it: the error, and the rank unless it is rank 0.
void printError(int rank, std::string message) {
  std::replace(message.begin(), message.end(), '\n', ' ');
  std::cerr << "nsdkit: error: " << (rank == 0 ? "" : "(rank " + std::to_string(rank) + ") ")
            << message << std::endl;
}

// Collective: whether any rank has a non-empty `error`; the lowest such rank prints it.
bool anyRankFailed(int rank, const std::string& error) {
  const int mine = error.empty() ? std::numeric_limits<int>::max() : rank;
  int lowest = 0;
  MPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (lowest == std::numeric_limits<int>::max()) return false;
  if (rank == lowest) printError(rank, error);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);

  CLI::App app{"nsdkit-mpi: nsdkit's region sweeps over MPI ranks"};
  app.require_subcommand(1);
  nsd::cli::RegionCommand command;
  CLI::App* region = app.add_subcommand(
      "region", "sweep parameters through the Def-11 predicate (needs --checkpoint DIR)");
  nsd::cli::addRegionOptions(region, command);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = rank == 0 ? app.exit(e) : (e.get_exit_code() == 0 ? 0 : 2);
    MPI_Finalize();
    return status == 0 ? 0 : 2;
  }
  // Phase 1, the checks of the command line (every rank, no collective inside): when any rank
  // refuses, the lowest refusing rank prints its one line and every rank exits with status 2.
  std::string refusal;
  try {
    if (command.job.checkpoint.empty()) {
      throw nsd::InvalidInput("nsdkit-mpi region needs --checkpoint DIR on a shared file system");
    }
    nsd::cli::requireNoEmptyValues(*region);
    nsd::cli::requireFiniteNumbers(*region);
    nsd::cli::requireWritableOutputs(*region, {});
    nsd::cli::checkRegionCommand(command);
  } catch (const std::exception& e) {
    refusal = e.what();
  }
  if (anyRankFailed(rank, refusal)) {
    MPI_Finalize();
    return 2;
  }
  // Phase 2, the sweep: every error is agreed on at the sweep's collective points
  // (region::runAgreed), so all ranks unwind together (closing the parallel file collectively;
  // rank 0 removes its temporary) and meet again here: the lowest rank with an error of its own
  // prints it (ranks that only learned of another's failure print nothing), all return 2.
  int status = 0;
  std::string error;
  try {
    nsd::mpi::BlockCounters counters(MPI_COMM_WORLD);
    // --format hdf5: every rank writes its own blocks into one file (parallel HDF5).
    const nsd::cli::SweepFileFactory parallel_file = [rank](const std::string& path,
                                                            const nsd::hdf5::SweepFileHeader& h) {
      return nsd::hdf5::createParallelSweepFile(path, h, rank);
    };
    status = nsd::cli::runRegionCommand(command, counters.sharing(), parallel_file);
  } catch (const nsd::region::OtherProcessFailed&) {
    status = 2;
  } catch (const std::exception& e) {
    status = 2;
    error = e.what();
    if (error.empty()) error = "unknown error";
  }
  const bool failed = anyRankFailed(rank, error);
  int worst = status;
  MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return failed ? 2 : worst;
}
