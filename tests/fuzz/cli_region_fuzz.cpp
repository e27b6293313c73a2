// libFuzzer target: option parsing of the region command (CLI11 and nsdkit's own checks) on
// arbitrary argument lists (the input split at newlines). Every outcome is a parsed command or
// a CLI::ParseError / InvalidInput; the sweep itself is not run (the grid is checked instead).
#include <CLI/CLI.hpp>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/jobs/trough_options.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args{"nsdkit", "region"};
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; std::getline(in, line) && args.size() < 40;) args.push_back(line);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  CLI::App app{"fuzz"};
  nsd::cli::RegionCommand command;
  CLI::App* region = app.add_subcommand("region", "region");
  nsd::cli::addRegionOptions(region, command);
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
    // The job the command would run (its axes and fixed values parsed), and the model's
    // predicate bound to those axes, as the region job builds it before any work.
    const nsd::jobs::RegionJobOptions job = nsd::cli::regionJobOptions(command);
    (void)nsd::jobs::troughPredicate(job.trough, job.axes);
  } catch (const CLI::ParseError&) {
  } catch (const nsd::InvalidInput&) {
  }
  return 0;
}
