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
#include <nsdkit/hdf5/sweep_file.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/region/checkpoint.hpp>
#include <nsdkit/region/region.hpp>

namespace nsd::cli {

/// Trough parameters on the command line.
struct TroughOptions {
  double mu = 0.3;
  double mu_plus = NAN;  ///< used when given (even NaN, which validation then refuses)
  double mu_minus = NAN;
  bool mu_plus_given = false, mu_minus_given = false;
  double inertia = 0.4;
  double angle_deg = 90.0;
};
void addTroughOptions(CLI::App* app, TroughOptions& o);
/// Adds --body FILE to `app`, exclusive with --model and the trough options (a body file holds
/// its own parameters).
CLI::Option* addBodyOption(CLI::App* app, std::string& path);
/// @throws InvalidInput for invalid values (see BallTroughParameters::validate).
models::BallTroughParameters troughParameters(const TroughOptions& o);
/// The model parameters recorded in region outputs and checkpoint manifests.
region::ParameterPoint troughMetadata(const TroughOptions& o);
/// The ball-trough predicate; @throws InvalidInput for an axis the model does not have.
region::ParameterPredicate troughPredicate(const TroughOptions& o,
                                           const std::vector<region::Axis>& axes);

/// A progress bar on stderr when it is a terminal (empty when quiet).
std::function<void(std::size_t, std::size_t)> progressBar(bool quiet);
/// Parses "name=value" items. @throws InvalidInput naming the bad item.
region::ParameterPoint parseFixed(const std::vector<std::string>& items);

/// Options of `region`.
struct RegionCommand {
  TroughOptions trough;
  std::string model = "ball-trough";
  std::string body;  ///< body file (instead of --model)
  std::vector<std::string> axes, fixed;
  double refine_tolerance = 0.0;
  std::string format = "csv";
  std::string output;
  unsigned threads = 1;
  bool quiet = false;
  std::string checkpoint;  ///< checkpoint folder (empty: in memory)
  bool resume = false;
  std::size_t block_points = 4096;
};



/// Largest thread count any subcommand accepts.
constexpr unsigned kMaxThreads = 1024;
void addRegionOptions(CLI::App* app, RegionCommand& c);

/// Creates the sink of `--format hdf5` at a path (serial HDF5 in nsdkit, parallel HDF5 with
/// every rank writing in nsdkit-mpi). Empty: this executable has no HDF5 output.
using SweepFileFactory = std::function<std::unique_ptr<region::SweepSink>(
    const std::string& path, const hdf5::SweepFileHeader& header)>;

/// The checks runRegionCommand makes before any work (model, axes, fixed values, the body):
/// nsdkit-mpi makes them on every rank before its first collective. @throws InvalidInput.
void checkRegionCommand(const RegionCommand& c);

/// Runs the sweep and writes the output: CSV and JSON by rank 0 from the assembled result, HDF5
/// streamed block by block by every rank (`sweep_file`). Returns the exit status.
/// @throws InvalidInput for bad options, a refused checkpoint, or an unwritable output.
int runRegionCommand(const RegionCommand& c, const region::WorkSharing& sharing = {},
                     const SweepFileFactory& sweep_file = {});

}  // namespace nsd::cli
