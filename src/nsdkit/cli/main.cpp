/// nsdkit command-line interface: registers the subcommands (src/nsdkit/cli/commands, one file
/// each) and dispatches. Every error, a parse error or a library exception, becomes one line
/// `nsdkit: error: ...` on stderr and exit status 2; no command leaves a partly written output.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <exception>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <nsdkit/cli/commands/commands.hpp>
#include <nsdkit/cli/option_checks.hpp>
#include <nsdkit/cli/region_command.hpp>

int main(int argc, char** argv) {
  CLI::App app{"nsdkit: nonsmooth dynamics of rigid bodies with frictional contacts"};
  app.require_subcommand(1);
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  std::vector<nsd::cli::Command> commands{
      nsd::cli::addClassifyCommand(app, hw), nsd::cli::addBallTroughCommand(app, hw),
      nsd::cli::addRegionCommand(app, hw),   nsd::cli::addMeshCommand(app, hw),
      nsd::cli::addBodyCommand(app, hw),     nsd::cli::addValidateCommand(app, hw),
      nsd::cli::addRattlebackCommand(app),   nsd::cli::addRollingFrictionCommand(app)};
  for (auto& c : nsd::cli::addFrictionCommands(app)) commands.push_back(std::move(c));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line and status 2, like every other error (CLI11's own codes are 100+).
    std::cerr << "nsdkit: error: " << e.what() << " (see nsdkit --help)\n";
    return 2;
  }
  try {
    for (const auto& c : commands) {
      if (*c.app) {
        nsd::cli::requireNoEmptyValues(*c.app);
        nsd::cli::requireFiniteNumbers(*c.app);
        nsd::cli::requireWritableOutputs(*c.app, c.folder_outputs);
        return c.run();
      }
    }
  } catch (const std::exception& e) {
    std::string message = e.what();
    std::replace(message.begin(), message.end(), '\n', ' ');
    std::cerr << "nsdkit: error: " << message << '\n';
    return 2;
  }
  return 0;
}
