#pragma once
/// @file region_command.hpp
/// The `region` subcommand (and the trough options shared by the ball-trough commands), apart
/// from main.cpp so that `nsdkit` and `nsdkit-mpi` run the same command: options, the model's
/// predicate by parameter name, the sweep (in memory, or checkpointed and shared between MPI
/// ranks), and the output file.

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nsdkit/cli/option_checks.hpp>
#include <nsdkit/jobs/region_job.hpp>
#include <nsdkit/jobs/trough_options.hpp>
#include <nsdkit/region/checkpoint.hpp>
#include <nsdkit/region/region.hpp>

namespace nsd::cli {

/// The ball-in-trough options of the commands (jobs::TroughOptions).
using TroughOptions = jobs::TroughOptions;
/// Adds --mu, --mu-plus, --mu-minus, --inertia, --trough-angle-deg to `app`, bound to `o`.
void addTroughOptions(CLI::App* app, TroughOptions& o);
/// Adds --body FILE to `app`, exclusive with --model and the trough options (a body file holds
/// its own parameters).
CLI::Option* addBodyOption(CLI::App* app, std::string& path);

/// A progress bar on stderr when it is a terminal (empty when quiet).
std::function<void(std::size_t, std::size_t)> progressBar(bool quiet);
/// Parses "name=value" items. @throws InvalidInput naming the bad item.
region::ParameterPoint parseFixed(const std::vector<std::string>& items);

/// Options of `region` as given on the command line.
struct RegionCommand {
  jobs::RegionJobOptions job;      ///< every option but the axes, fixed values and format
  std::vector<std::string> axes;   ///< --axis name:lower:upper:count
  std::vector<std::string> fixed;  ///< --fix name=value
  std::string format = "csv";      ///< --format csv|json|hdf5
  bool quiet = false;              ///< no progress bar or summary line
};
/// The job the command runs. @throws InvalidInput for an axis or fixed value that does not parse.
jobs::RegionJobOptions regionJobOptions(const RegionCommand& c);

/// Largest thread count any subcommand accepts.
constexpr unsigned kMaxThreads = 1024;
void addRegionOptions(CLI::App* app, RegionCommand& c);

/// Creates the sink of `--format hdf5` (jobs::SweepFileFactory).
using SweepFileFactory = jobs::SweepFileFactory;

/// The checks runRegionCommand makes before any work (jobs::checkRegionJob): nsdkit-mpi makes
/// them on every rank before its first collective. @throws InvalidInput.
void checkRegionCommand(const RegionCommand& c);

/// Runs the job (jobs::runRegionJob) and prints its line on rank 0. Returns the exit status.
/// @throws InvalidInput for bad options, a refused checkpoint, or an unwritable output.
int runRegionCommand(const RegionCommand& c, const region::WorkSharing& sharing = {},
                     const SweepFileFactory& sweep_file = {});

}  // namespace nsd::cli
