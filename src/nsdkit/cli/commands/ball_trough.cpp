// nsdkit ball-trough: the main job (jobs::runBallTroughJobInto), printed.
#include <nsdkit/cli/commands/commands.hpp>

#include <iostream>

#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/jobs/ball_trough_job.hpp>

namespace nsd::cli {

Command addBallTroughCommand(CLI::App& app, unsigned default_threads) {
  struct Options {
    jobs::BallTroughJobOptions job;
    std::string dir = "out/ball_trough";
  };
  auto o = std::make_shared<Options>();
  o->job.threads = default_threads;
  CLI::App* c = app.add_subcommand("ball-trough", "the paper's ball-in-trough analysis end to end");
  addTroughOptions(c, o->job.trough);
  c->add_option("--output-dir", o->dir, "folder for the outputs");
  c->add_option("--grid", o->job.grid, "grid points per axis of the torque grid");
  c->add_option("--threads", o->job.threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, kMaxThreads));
  return {c, [o] {
            const jobs::BallTroughJobRun run =
                jobs::runBallTroughJobInto(o->job, o->dir, htmlPageWriter());
            jobs::printBallTroughJob(run.result, std::cout);
            const bool page = run.files.back() == "stability_body.html";
            std::cout << "outputs written to " << o->dir << "/ (summary.json, "
                      << "grid_classification.csv, two_point_slip_surface.csv, section_*.csv, "
                      << "stability_body.ply, stability_body_triangles.csv"
                      << (page ? ", stability_body.html" : "") << ")\n";
            return 0;
          }};
}

}  // namespace nsd::cli
