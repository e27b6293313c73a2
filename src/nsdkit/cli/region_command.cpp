#include <nsdkit/cli/region_command.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <nsdkit/core/checksum.hpp>
#include <nsdkit/body/body_file.hpp>
#include <nsdkit/cli/csv.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/region/ball_trough_predicate.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/region/streamed_sweep.hpp>

namespace nsd::cli {

void addTroughOptions(CLI::App* app, TroughOptions& o) {
  app->add_option("--mu", o.mu, "friction coefficient at both contacts (> 0)");
  app->add_option("--mu-plus", o.mu_plus, "friction coefficient at P+ (overrides --mu)")
      ->each([&o](const std::string&) { o.mu_plus_given = true; });
  app->add_option("--mu-minus", o.mu_minus, "friction coefficient at P- (overrides --mu)")
      ->each([&o](const std::string&) { o.mu_minus_given = true; });
  app->add_option("--inertia", o.inertia, "inertia ratio j = J/(m r^2) in (0, 1]");
  app->add_option("--trough-angle-deg", o.angle_deg, "opening angle of the V trough [deg]");
}

CLI::Option* addBodyOption(CLI::App* app, std::string& path) {
  CLI::Option* body = app->add_option(
      "--body", path, "body file (JSON, see examples/bodies): any body with one or two contacts");
  for (const char* name :
       {"--model", "--mu", "--mu-plus", "--mu-minus", "--inertia", "--trough-angle-deg"}) {
    if (CLI::Option* other = app->get_option_no_throw(name)) body->excludes(other);
  }
  return body;
}

models::BallTroughParameters troughParameters(const TroughOptions& o) {
  models::BallTroughParameters p;
  p.mu_plus = o.mu_plus_given ? o.mu_plus : o.mu;
  p.mu_minus = o.mu_minus_given ? o.mu_minus : o.mu;
  p.inertia_ratio = o.inertia;
  if (!std::isfinite(o.angle_deg)) throw InvalidInput("trough angle must be finite");
  p.opening_angle_rad = degreesToRadians(o.angle_deg);
  p.validate();
  return p;
}

region::ParameterPoint troughMetadata(const TroughOptions& o) {
  const models::BallTroughParameters p = troughParameters(o);
  return {{"mu_plus", p.mu_plus},
          {"mu_minus", p.mu_minus},
          {"inertia", p.inertia_ratio},
          {"angle_deg", radiansToDegrees(p.opening_angle_rad)}};
}

region::ParameterPredicate troughPredicate(const TroughOptions& o,
                                           const std::vector<region::Axis>& axes) {
  const auto& names = region::ballTroughParameterNames();
  for (const auto& a : axes) {
    if (std::find(names.begin(), names.end(), a.name) == names.end()) {
      throw InvalidInput("ball-trough model has no parameter " + quoteInput(a.name));
    }
  }
  return region::ballTroughPredicate(troughParameters(o));
}

std::function<void(std::size_t, std::size_t)> progressBar(bool quiet) {
  if (quiet || !isatty(STDERR_FILENO)) return {};
  return [](std::size_t done, std::size_t total) {
    const int width = 40;
    const double f = total ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
    const int filled = static_cast<int>(f * width);
    std::cerr << '\r' << '[' << std::string(static_cast<std::size_t>(filled), '#')
              << std::string(static_cast<std::size_t>(width - filled), ' ') << "] "
              << static_cast<int>(100 * f) << "% (" << done << '/' << total << ')';
    if (done >= total) std::cerr << '\n';
    std::cerr.flush();
  };
}

region::ParameterPoint parseFixed(const std::vector<std::string>& items) {
  region::ParameterPoint fixed;
  for (const auto& item : items) {
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw InvalidInput("--fix " + quoteInput(item) + " must be name=value");
    }
    const std::string value = item.substr(eq + 1);
    char* end = nullptr;
    const double v = std::strtod(value.c_str(), &end);
    if (value.empty() || end != value.c_str() + value.size() || !std::isfinite(v)) {
      throw InvalidInput("--fix " + quoteInput(item) + ": value is not a finite number");
    }
    if (!fixed.emplace(item.substr(0, eq), v).second) {
      throw InvalidInput("--fix " + quoteInput(item) + ": " + quoteInput(item.substr(0, eq)) +
                         " is fixed twice");
    }
  }
  return fixed;
}

void addRegionOptions(CLI::App* region, RegionCommand& c) {
  region->add_option("--model", c.model, "model name (ball-trough)");
  addTroughOptions(region, c.trough);
  addBodyOption(region, c.body);
  region->add_option("--axis", c.axes, "name:lower:upper:count (repeatable)")->required();
  region->add_option("--fix", c.fixed, "name=value held constant (repeatable)");
  region->add_option("--refine-tol", c.refine_tolerance,
                     "bisect boundary edges to this width (0: off)");
  region
      ->add_option("--format", c.format,
                   "csv (default), json, or hdf5 (streamed: no grid cap, every MPI rank writes "
                   "its own blocks)")
      ->check(CLI::IsMember({"csv", "json", "hdf5"}));
  region->add_option("--output", c.output, "output file")->required();
  region->add_option("--threads", c.threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, kMaxThreads));
  region->add_flag("--quiet", c.quiet, "no progress bar or summary");
  region->add_option("--checkpoint", c.checkpoint,
                     "folder for finished blocks: a killed sweep continues with --resume");
  region->add_flag("--resume", c.resume, "continue the sweep recorded in --checkpoint");
  region->add_option("--block-points", c.block_points, "grid points per checkpoint block")
      ->check(CLI::Range(std::size_t{1}, std::size_t{10000000}));
}

namespace {

/// The model of a region command: its predicate, the metadata written with the output (and
/// compared on resume), and the body file's text.
struct RegionModel {
  region::ParameterPredicate predicate;
  region::ParameterPoint metadata;
  std::string body_file_text;
};

RegionModel regionModel(const RegionCommand& c, const std::vector<region::Axis>& axes,
                        const region::ParameterPoint& fixed) {
  RegionModel m;
  if (c.body.empty()) {
    m.predicate = troughPredicate(c.trough, axes);
    m.metadata = troughMetadata(c.trough);
    return m;
  }
  const body::BodyDescription body = body::readBodyFile(c.body);
  std::vector<std::string> names;
  for (const auto& a : axes) names.push_back(a.name);
  for (const auto& [name, value] : fixed) names.push_back(name);
  m.predicate = region::bodyPredicate(body, names);
  m.metadata = region::bodyMetadata(body, names);
  // The file's checksum (FNV-1a, 52 bits: exact as a double) joins the metadata, so a
  // checkpointed sweep refuses to resume with an edited body file.
  std::ifstream in(c.body, std::ios::binary);
  for (char ch; in.get(ch);) m.body_file_text += ch;
  const std::uint64_t hash = fnv1a64(m.body_file_text.data(), m.body_file_text.size());
  m.metadata["body_file_checksum"] = static_cast<double>(hash & ((1ull << 52) - 1));
  return m;
}

region::CheckpointOptions checkpointOptions(const RegionCommand& c) {
  region::CheckpointOptions co;
  co.directory = c.checkpoint;
  co.resume = c.resume;
  co.block_points = c.block_points;
  return co;
}

// --format hdf5: every process streams its blocks into the file (no assembled result).
int runHdf5Region(const RegionCommand& c, const region::WorkSharing& sharing,
                  const SweepFileFactory& sweep_file, const std::vector<region::Axis>& axes,
                  const region::ParameterPoint& fixed, const RegionModel& model,
                  const region::SweepOptions& so) {
  if (!sweep_file) throw InvalidInput("--format hdf5: this nsdkit was built without HDF5");
  hdf5::SweepFileHeader header;
  header.axes = axes;
  header.fixed = fixed;
  header.model_parameters = model.metadata;
  header.model_name = c.body.empty() ? c.model : "body";
  header.body_file_text = model.body_file_text;
  header.refine_tolerance = c.refine_tolerance;
  const region::CheckpointOptions co = checkpointOptions(c);
  header.block_points = co.block_points;
  header.block_edges = co.block_edges;
  const std::unique_ptr<region::SweepSink> sink = sweep_file(c.output, header);  // before work
  const region::StreamedSweepReport run =
      region::sweepIntoSink(axes, fixed, model.predicate, so, co, model.metadata, sharing, *sink);
  if (sharing.rank == 0 && !c.quiet) {
    std::cout << "swept " << run.grid_points << " points into " << c.output << " ("
              << run.boundary_points << " boundary points, " << run.blocks_computed
              << " blocks computed and " << run.blocks_reused << " reused here) in " << run.seconds
              << " s\n";
  }
  return 0;
}

// The command's parts, checked: what runRegionCommand needs before any work.
struct PreparedRegion {
  std::vector<region::Axis> axes;
  region::ParameterPoint fixed;
  RegionModel model;
};

/// Refuses, before any work, an --output that names the --checkpoint folder (by path or, when
/// both exist, by identity): the output would replace the folder after the sweep.
void requireOutputIsNotTheCheckpoint(const RegionCommand& c) {
  if (c.checkpoint.empty() || c.output.empty() || c.output == "-") return;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path output = fs::weakly_canonical(fs::absolute(c.output, ec), ec);
  const fs::path folder = fs::weakly_canonical(fs::absolute(c.checkpoint, ec), ec);
  const bool same = output == folder || (fs::exists(c.output, ec) && fs::exists(c.checkpoint, ec) &&
                                         fs::equivalent(c.output, c.checkpoint, ec));
  if (same) {
    throw InvalidInput("--output " + quoteInput(c.output) + " is the --checkpoint folder " +
                       quoteInput(c.checkpoint) + ": give the output another path");
  }
}

PreparedRegion prepareRegion(const RegionCommand& c) {
  if (c.body.empty() && c.model != "ball-trough") {
    throw InvalidInput("unknown model " + quoteInput(c.model));
  }
  if (c.resume && c.checkpoint.empty()) throw InvalidInput("--resume needs --checkpoint DIR");
  requireOutputIsNotTheCheckpoint(c);
  if (c.threads < 1) throw InvalidInput("--threads must be at least 1");
  PreparedRegion p;
  for (const auto& t : c.axes) p.axes.push_back(region::parseAxis(t));
  p.fixed = parseFixed(c.fixed);
  p.model = regionModel(c, p.axes, p.fixed);
  return p;
}

}  // namespace

void checkRegionCommand(const RegionCommand& c) { (void)prepareRegion(c); }

int runRegionCommand(const RegionCommand& c, const region::WorkSharing& sharing,
                     const SweepFileFactory& sweep_file) {
  const PreparedRegion prepared = prepareRegion(c);
  const std::vector<region::Axis>& axes = prepared.axes;
  const region::ParameterPoint& fixed = prepared.fixed;
  const RegionModel& model = prepared.model;
  region::SweepOptions so;
  so.threads = c.threads;
  so.refine_tolerance = c.refine_tolerance;
  so.progress = sharing.rank == 0 ? progressBar(c.quiet) : nullptr;
  if (c.format == "hdf5") return runHdf5Region(c, sharing, sweep_file, axes, fixed, model, so);
  const region::ParameterPoint& metadata = model.metadata;
  region::SweepResult result;
  std::string blocks_note;
  if (c.checkpoint.empty()) {
    if (sharing.ranks > 1) throw InvalidInput("several processes need --checkpoint DIR");
    result = region::sweep(axes, fixed, model.predicate, so);
  } else {
    const auto run = region::sweepWithCheckpoints(axes, fixed, model.predicate, so,
                                                  checkpointOptions(c), metadata, sharing);
    result = run.result;
    blocks_note = ", " + std::to_string(run.blocks_computed) + " blocks computed and " +
                  std::to_string(run.blocks_reused) + " reused here";
  }
  if (sharing.rank != 0) return 0;
  writeFileAtomically(c.output, [&](std::ostream& out) {
    if (c.format == "json") {
      region::writeJson(out, result, metadata);
    } else {
      region::writeCsv(out, result, metadata);
    }
  });
  std::size_t realizable = 0;
  for (const auto& pt : result.points) realizable += pt.verdict.realizable;
  if (!c.quiet) {
    (c.output == "-" ? std::cerr : std::cout)
        << "swept " << result.points.size() << " points (" << realizable << " realizable), "
        << result.boundary.size() << " boundary points, " << result.predicate_calls
        << " predicate calls in " << result.seconds << " s" << blocks_note << " -> " << c.output
        << '\n';
  }
  return 0;
}

}  // namespace nsd::cli
