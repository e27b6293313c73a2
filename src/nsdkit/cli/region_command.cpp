#include <nsdkit/cli/region_command.hpp>

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <iostream>

#include <nsdkit/core/errors.hpp>

namespace nsd::cli {

void addTroughOptions(CLI::App* app, TroughOptions& o) {
  app->add_option("--mu", o.mu, "friction coefficient at both contacts (> 0)");
  app->add_option_function<double>(
      "--mu-plus", [&o](const double& mu) { o.mu_plus = mu; },
      "friction coefficient at P+ (overrides --mu)");
  app->add_option_function<double>(
      "--mu-minus", [&o](const double& mu) { o.mu_minus = mu; },
      "friction coefficient at P- (overrides --mu)");
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
  jobs::RegionJobOptions& job = c.job;
  region->add_option("--model", job.model, "model name (ball-trough)");
  addTroughOptions(region, job.trough);
  addBodyOption(region, job.body_file);
  region->add_option("--axis", c.axes, "name:lower:upper:count (repeatable)")->required();
  region->add_option("--fix", c.fixed, "name=value held constant (repeatable)");
  region->add_option("--refine-tol", job.refine_tolerance,
                     "bisect boundary edges to this width (0: off)");
  region
      ->add_option("--format", c.format,
                   "csv (default), json, or hdf5 (streamed: no grid cap, every MPI rank writes "
                   "its own blocks)")
      ->check(CLI::IsMember({"csv", "json", "hdf5"}));
  region->add_option("--output", job.output, "output file")->required();
  region->add_option("--threads", job.threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, kMaxThreads));
  region->add_flag("--quiet", c.quiet, "no progress bar or summary");
  region->add_option("--checkpoint", job.checkpoint,
                     "folder for finished blocks: a killed sweep continues with --resume");
  region->add_flag("--resume", job.resume, "continue the sweep recorded in --checkpoint");
  region->add_option("--block-points", job.block_points, "grid points per checkpoint block")
      ->check(CLI::Range(std::size_t{1}, std::size_t{10000000}));
}

jobs::RegionJobOptions regionJobOptions(const RegionCommand& c) {
  jobs::RegionJobOptions job = c.job;
  job.axes.clear();
  for (const auto& text : c.axes) job.axes.push_back(region::parseAxis(text));
  job.fixed = parseFixed(c.fixed);
  job.format = jobs::parseSweepFileFormat(c.format);
  job.progress = progressBar(c.quiet);
  return job;
}

void checkRegionCommand(const RegionCommand& c) { jobs::checkRegionJob(regionJobOptions(c)); }

int runRegionCommand(const RegionCommand& c, const region::WorkSharing& sharing,
                     const SweepFileFactory& sweep_file) {
  const jobs::RegionJobOptions job = regionJobOptions(c);
  const jobs::RegionJobReport report = jobs::runRegionJob(job, sharing, sweep_file);
  if (sharing.rank == 0 && !c.quiet) {
    const bool to_stdout = job.format != jobs::SweepFileFormat::kHdf5 && job.output == "-";
    jobs::printRegionJob(job, report, to_stdout ? std::cerr : std::cout);
  }
  return 0;
}

}  // namespace nsd::cli
