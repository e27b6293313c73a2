// nsdkit region (the command itself lives in cli/region_command.cpp, shared with nsdkit-mpi)
#include <memory>

#include <nsdkit/cli/commands/commands.hpp>
#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/hdf5/sweep_file.hpp>

namespace nsd::cli {

Command addRegionCommand(CLI::App& app, unsigned default_threads) {
  auto o = std::make_shared<RegionCommand>();
  o->job.threads = default_threads;
  CLI::App* c = app.add_subcommand("region", "sweep parameters through the Def-11 predicate");
  addRegionOptions(c, *o);
  return {c, [o] { return runRegionCommand(*o, {}, nsd::hdf5::createSweepFile); }};
}

}  // namespace nsd::cli
