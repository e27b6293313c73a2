// nsdkit validate: the validation job (jobs/validate_job.hpp), its progress and result printed.
#include <nsdkit/cli/commands/commands.hpp>

#include <unistd.h>

#include <iostream>

#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/jobs/validate_job.hpp>

namespace nsd::cli {
namespace {

void addValidateOptions(CLI::App* c, jobs::ValidateJobOptions& o) {
  c->add_option("--output", o.output, "report folder");
  addGivenOption(c, "--t-end", o.t_end, "simulated time per run [s], at most 10")
      ->check(CLI::Range(1e-3, 10.0));
  c->add_option("--map-grid", o.map_grid, "grid points per map axis, 2 to 201")
      ->check(CLI::Range(2, 201));
  c->add_option("--threads", o.threads, "worker threads")->check(CLI::Range(1u, kMaxThreads));
  c->add_flag("--quick", o.quick, "every fourth case, h = 1e-3 only");
  c->add_flag("--quiet", o.quiet, "no progress output");
  c->add_option("--export-cases", o.export_cases,
                "write every case as JSON into this folder and stop");
  c->add_flag("--score", o.score, "score a solver's trajectories (--cases, --trajectories)");
  c->add_option("--cases", o.cases_dir, "folder written by --export-cases");
  c->add_option("--trajectories", o.trajectories_dir,
                "folder with <case number>.csv (t,x,y,z,vx,vy,vz,wx,wy,wz) and optionally "
                "solver.json");
  addGivenOption(c, "--solver-name", o.solver_name,
                 "name of the scored solver in the report (default: solver.json's name, else "
                 "user-solver)");
  addGivenOption(
      c, "--families", o.families,
      "comma-separated families: trough, incline, launch, creep, block, rattleback (default: all)");
  addGivenOption(c, "--engines", o.engines,
                 "comma-separated solvers to run: all (default), builtin, web, or names (nsdkit-"
                 "event-driven, siconos, mujoco, ..., and the web engines rapier, jolt, havok, "
                 "cannon-es, ammo.js, mujoco3); those that cannot run here are skipped and named");
  c->add_option("--body", o.body,
                "validate on a body file (two contacts) instead of the paper's ball");
  c->add_option("--input", o.input, "--body: CSV of load points (header: parameter names)");
  c->add_option("--body-grid", o.body_grid,
                "--body without --input: points per axis of the file's section (default 7), "
                "at most 100")
      ->check(CLI::Range(1, 100));
}

}  // namespace

Command addValidateCommand(CLI::App& app, unsigned default_threads) {
  auto o = std::make_shared<jobs::ValidateJobOptions>();
  o->threads = default_threads;
  CLI::App* c = app.add_subcommand(
      "validate",
      "validation report: nsdkit, Siconos, MuJoCo, Bullet, ODE and DART vs analytic references");
  addValidateOptions(c, *o);
  return {c,
          [o] {
            jobs::ValidateJobOptions job = *o;
            job.log = &std::cout;
            // A progress bar on a terminal (report runs).
            const bool bar = !job.quiet && isatty(STDERR_FILENO);
            if (bar) {
              job.progress = [](std::size_t done, std::size_t total) {
                std::cerr << "\rvalidate: " << done << "/" << total << " runs" << std::flush;
                if (done >= total) std::cerr << '\n';
              };
            }
            const jobs::ValidateJobResult result = jobs::runValidateJob(job, htmlPageWriter());
            jobs::printValidateJob(job, result, std::cout);
            return 0;
          },
          {"--output", "--export-cases"}};
}

}  // namespace nsd::cli
