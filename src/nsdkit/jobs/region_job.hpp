#pragma once
/// @file region_job.hpp
/// The sweep jobs: `region` (a grid of parameter points through the Def-11 / Def-9 predicate,
/// boundary refined, written as CSV, JSON or HDF5; in memory, checkpointed, or shared between
/// MPI ranks) and `body` (a body file's summary and the cross-section it names). `nsdkit region`,
/// `nsdkit-mpi region`, `nsdkit body` and `nsdkit.jobs.region` / `nsdkit.jobs.body` run these.

#include <cstddef>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <nsdkit/body/rigid_body.hpp>
#include <nsdkit/jobs/trough_options.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/region/checkpoint.hpp>
#include <nsdkit/region/region.hpp>
#include <nsdkit/region/streamed_sweep.hpp>

namespace nsd::hdf5 {
struct SweepFileHeader;  // nsdkit/hdf5/sweep_file.hpp: the file's axes, model and block layout
}  // namespace nsd::hdf5

namespace nsd::jobs {

/// The file a sweep is written to.
enum class SweepFileFormat {
  kCsv,   ///< the assembled result as CSV (region::writeCsv)
  kJson,  ///< the assembled result as JSON (region::writeJson)
  kHdf5,  ///< streamed block by block (no grid cap; every MPI rank writes its own blocks)
};
/// "csv", "json", "hdf5". @throws InvalidInput naming --format for another name.
SweepFileFormat parseSweepFileFormat(const std::string& name);

/// Creates the sink of an HDF5 sweep file at a path: serial HDF5 (hdf5::createSweepFile, library
/// nsdkit::sweep_hdf5: nsdkit and Python) or parallel HDF5 with every MPI rank writing
/// (hdf5::createParallelSweepFile, nsdkit::sweep_hdf5_mpi: nsdkit-mpi). The front end chooses:
/// the two HDF5 builds cannot share one executable, so this library links neither.
using SweepFileFactory = std::function<std::unique_ptr<region::SweepSink>(
    const std::string& path, const hdf5::SweepFileHeader& header)>;

/// What the region job is asked.
struct RegionJobOptions {
  std::string model = "ball-trough";  ///< the model swept when no body file is given
  TroughOptions trough;               ///< the ball's settings (no body file)
  std::string body_file;              ///< a body file (JSON) instead of the model
  std::vector<region::Axis> axes;     ///< the swept parameters (region::parseAxis)
  region::ParameterPoint fixed;       ///< parameters held at these values
  double refine_tolerance = 0.0;      ///< boundary edges bisected to this width (0: off)
  SweepFileFormat format = SweepFileFormat::kCsv;  ///< the output file's format
  std::string output;                 ///< the output file ("-": standard output, CSV/JSON)
  unsigned threads = 1;               ///< worker threads per process, >= 1
  std::string checkpoint;             ///< folder of finished blocks ("": in memory)
  bool resume = false;                ///< continue the sweep recorded in `checkpoint`
  std::size_t block_points = 4096;    ///< grid points per checkpoint block, in [1, 1e7]
  std::function<void(std::size_t done, std::size_t total)> progress;  ///< may be empty
};

/// What a region job did (on this process).
struct RegionJobReport {
  std::size_t points = 0;           ///< grid points
  std::size_t realizable = 0;       ///< realizable grid points (HDF5: among this process' blocks)
  std::size_t boundary_points = 0;  ///< refined boundary points
  std::size_t predicate_calls = 0;  ///< in-memory and checkpointed sweeps
  double seconds = 0.0;             ///< wall time of the sweep [s]
  bool checkpointed = false;  ///< blocks counted below
  std::size_t blocks_computed = 0;  ///< blocks this process computed
  std::size_t blocks_reused = 0;    ///< blocks found finished in the checkpoint folder (resume)
};

/// The checks made before any work (model, checkpoint and resume, output vs checkpoint folder,
/// threads, block size, the model's axes and fixed values, the body file); nsdkit-mpi makes
/// them on every rank before its first collective. @throws InvalidInput naming the option.
void checkRegionJob(const RegionJobOptions& options);

/// Runs the sweep and writes the output: CSV and JSON by rank 0 from the assembled result, HDF5
/// streamed block by block by every rank (`sweep_file`; empty: HDF5 is refused).
/// @throws InvalidInput for bad options, a refused checkpoint or an unwritable output.
RegionJobReport runRegionJob(const RegionJobOptions& options,
                             const region::WorkSharing& sharing = {},
                             const SweepFileFactory& sweep_file = {});

/// The line `nsdkit region` prints after the sweep.
void printRegionJob(const RegionJobOptions& options, const RegionJobReport& report,
                    std::ostream& out);

/// What the body job is asked: a body file's summary and the section the file names.
struct BodyJobOptions {
  std::string body_file;   ///< the body file (JSON, examples/bodies)
  std::string output_dir;  ///< receives summary.json and section.csv (created)
  unsigned threads = 1;    ///< worker threads, >= 1
  std::function<void(std::size_t done, std::size_t total)> progress;  ///< may be empty
};

/// What the body job computed.
struct BodyJobResult {
  body::BodyDescription body;        ///< the body file as read
  region::BodySection section_spec;  ///< the section named in the file
  region::SweepResult section;       ///< its sweep
  std::size_t realizable = 0;        ///< realizable points of the section
};

/// Sweeps the section and writes DIR/section.csv and DIR/summary.json. @throws InvalidInput
/// for an invalid body file, a body file that is one of the outputs, an unwritable folder.
BodyJobResult runBodyJob(const BodyJobOptions& options);

/// The line `nsdkit body` prints.
void printBodyJob(const BodyJobOptions& options, const BodyJobResult& result, std::ostream& out);

}  // namespace nsd::jobs
