#include <nsdkit/jobs/region_job.hpp>

#include <filesystem>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/body/body_report.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/hdf5/sweep_file.hpp>
#include <nsdkit/jobs/studied_body.hpp>
#include <nsdkit/region/sweep_problem.hpp>

namespace nsd::jobs {
namespace {

/// The sweep of a region job, and the body file's text (HDF5 files keep it).
struct RegionModel {
  region::SweepProblem problem;
  std::string model_name;      ///< StudiedBody::modelName
  std::string body_file_text;  ///< StudiedBody::fileText
};

RegionModel regionModel(const RegionJobOptions& o) {
  const std::unique_ptr<StudiedBody> studied = studiedBody(o.model, o.trough, o.body_file);
  return {studied->sweepProblem(o.axes, o.fixed), studied->modelName(), studied->fileText()};
}

region::CheckpointOptions checkpointOptions(const RegionJobOptions& o) {
  region::CheckpointOptions co;
  co.directory = o.checkpoint;
  co.resume = o.resume;
  co.block_points = o.block_points;
  return co;
}

/// Refuses, before any work, an output that names the checkpoint folder (by path or, when both
/// exist, by identity): the output would replace the folder after the sweep.
void requireOutputIsNotTheCheckpoint(const RegionJobOptions& o) {
  if (o.checkpoint.empty() || o.output.empty() || o.output == "-") return;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path output = fs::weakly_canonical(fs::absolute(o.output, ec), ec);
  const fs::path folder = fs::weakly_canonical(fs::absolute(o.checkpoint, ec), ec);
  const bool same = output == folder || (fs::exists(o.output, ec) && fs::exists(o.checkpoint, ec) &&
                                         fs::equivalent(o.output, o.checkpoint, ec));
  if (same) {
    throw InvalidInput("--output " + quoteInput(o.output) + " is the --checkpoint folder " +
                       quoteInput(o.checkpoint) + ": give the output another path");
  }
}

/// The checks, and the model they build.
RegionModel prepareRegion(const RegionJobOptions& o) {
  checkStudiedModel(o.model, o.body_file);
  if (o.resume && o.checkpoint.empty()) throw InvalidInput("--resume needs --checkpoint DIR");
  requireOutputIsNotTheCheckpoint(o);
  if (o.threads < 1 || o.threads > 1024) {
    throw InvalidInput("--threads must be in [1, 1024], got " + std::to_string(o.threads));
  }
  if (o.block_points < 1 || o.block_points > 10000000) {
    throw InvalidInput("--block-points must be in [1, 1e7], got " +
                       std::to_string(o.block_points));
  }
  if (o.output.empty()) throw InvalidInput("--output is required");
  return regionModel(o);
}

// HDF5: every process streams its blocks into the file (no assembled result).
RegionJobReport runHdf5Region(const RegionJobOptions& o, const region::WorkSharing& sharing,
                              const SweepFileFactory& sweep_file, const RegionModel& model,
                              const region::SweepOptions& so) {
  if (!sweep_file) throw InvalidInput("--format hdf5: this nsdkit was built without HDF5");
  hdf5::SweepFileHeader header;
  header.axes = o.axes;
  header.fixed = o.fixed;
  header.model_parameters = model.problem.metadata;
  header.model_name = model.model_name;
  header.body_file_text = model.body_file_text;
  header.refine_tolerance = o.refine_tolerance;
  const region::CheckpointOptions co = checkpointOptions(o);
  header.block_points = co.block_points;
  header.block_edges = co.block_edges;
  const std::unique_ptr<region::SweepSink> sink = sweep_file(o.output, header);  // before work
  const region::StreamedSweepReport run =
      region::sweepIntoSink(model.problem, so, co, sharing, *sink);
  RegionJobReport report;
  report.points = run.grid_points;
  report.realizable = run.realizable_points;
  report.boundary_points = run.boundary_points;
  report.seconds = run.seconds;
  report.checkpointed = true;
  report.blocks_computed = run.blocks_computed;
  report.blocks_reused = run.blocks_reused;
  return report;
}

}  // namespace

SweepFileFormat parseSweepFileFormat(const std::string& name) {
  if (name == "csv") return SweepFileFormat::kCsv;
  if (name == "json") return SweepFileFormat::kJson;
  if (name == "hdf5") return SweepFileFormat::kHdf5;
  throw InvalidInput("--format " + quoteInput(name) + " is not one of csv, json, hdf5");
}

void checkRegionJob(const RegionJobOptions& o) { (void)prepareRegion(o); }

RegionJobReport runRegionJob(const RegionJobOptions& o, const region::WorkSharing& sharing,
                             const SweepFileFactory& sweep_file) {
  const RegionModel model = prepareRegion(o);
  region::SweepOptions so;
  so.threads = o.threads;
  so.refine_tolerance = o.refine_tolerance;
  so.progress = sharing.rank == 0 ? o.progress : nullptr;
  if (o.format == SweepFileFormat::kHdf5) return runHdf5Region(o, sharing, sweep_file, model, so);
  region::SweepResult result;
  RegionJobReport report;
  if (o.checkpoint.empty()) {
    if (sharing.ranks > 1) throw InvalidInput("several processes need --checkpoint DIR");
    result = region::sweep(model.problem, so);
  } else {
    const auto run = region::sweepWithCheckpoints(model.problem, so, checkpointOptions(o), sharing);
    result = run.result;
    report.checkpointed = true;
    report.blocks_computed = run.blocks_computed;
    report.blocks_reused = run.blocks_reused;
  }
  if (sharing.rank != 0) return report;
  writeFileAtomically(o.output, [&](std::ostream& out) {
    if (o.format == SweepFileFormat::kJson) {
      region::writeJson(out, result, model.problem.metadata);
    } else {
      region::writeCsv(out, result, model.problem.metadata);
    }
  });
  report.points = result.points.size();
  for (const auto& pt : result.points) report.realizable += pt.verdict.realizable;
  report.boundary_points = result.boundary.size();
  report.predicate_calls = result.predicate_calls;
  report.seconds = result.seconds;
  return report;
}

void printRegionJob(const RegionJobOptions& o, const RegionJobReport& r, std::ostream& out) {
  if (o.format == SweepFileFormat::kHdf5) {
    out << "swept " << r.points << " points into " << o.output << " (" << r.boundary_points
        << " boundary points, " << r.blocks_computed << " blocks computed and "
        << r.blocks_reused << " reused here) in " << r.seconds << " s\n";
    return;
  }
  out << "swept " << r.points << " points (" << r.realizable << " realizable), "
      << r.boundary_points << " boundary points, " << r.predicate_calls << " predicate calls in "
      << r.seconds << " s";
  if (r.checkpointed) {
    out << ", " << r.blocks_computed << " blocks computed and " << r.blocks_reused
        << " reused here";
  }
  out << " -> " << o.output << '\n';
}

namespace {

// The body file must not be one of the files the job writes (it would be replaced).
void requireBodyNotAnOutput(const BodyJobOptions& o) {
  std::error_code ec;
  for (const char* name : {"section.csv", "summary.json"}) {
    const std::filesystem::path output = std::filesystem::path(o.output_dir) / name;
    if (std::filesystem::equivalent(o.body_file, output, ec)) {
      throw InvalidInput("--body " + quoteInput(o.body_file) + " is " + name +
                         " of --output-dir " + quoteInput(o.output_dir) +
                         ", which the command writes; give another --output-dir");
    }
  }
}

}  // namespace

BodyJobResult runBodyJob(const BodyJobOptions& o) {
  requireBodyNotAnOutput(o);
  if (o.threads < 1 || o.threads > 1024) {
    throw InvalidInput("--threads must be in [1, 1024], got " + std::to_string(o.threads));
  }
  BodyJobResult r{body::readBodyFile(o.body_file), {}, {}, 0};
  r.section_spec = region::bodySection(r.body, o.body_file);
  const std::vector<std::string> names = r.section_spec.names();
  region::SweepOptions so;
  so.threads = o.threads;
  so.progress = o.progress;
  r.section = region::sweep(r.section_spec.axes, r.section_spec.fixed,
                            region::bodyPredicate(r.body, names), so);
  for (const auto& p : r.section.points) r.realizable += p.verdict.realizable;
  std::filesystem::create_directories(o.output_dir);
  const std::string dir = o.output_dir + "/";
  writeFileAtomically(dir + "section.csv", [&](std::ostream& out) {
    region::writeCsv(out, r.section, region::bodyMetadata(r.body, names));
  });
  writeFileAtomically(dir + "summary.json", [&](std::ostream& out) {
    body::writeBodySummary(out, r.body, r.section.points.size(), r.realizable);
  });
  return r;
}

void printBodyJob(const BodyJobOptions& o, const BodyJobResult& r, std::ostream& out) {
  const std::vector<region::Axis>& axes = r.section_spec.axes;
  out << r.body.name << ": section " << axes[0].name << " x " << axes[1].name << ", "
      << r.realizable << " of " << r.section.points.size() << " points realizable -> "
      << o.output_dir << "/{summary.json,section.csv}\n";
}

}  // namespace nsd::jobs
