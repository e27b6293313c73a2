// nsdkit body: a body file's summary and section (jobs::runBodyJob), printed.
#include <iostream>

#include <nsdkit/cli/commands/commands.hpp>
#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/jobs/region_job.hpp>

namespace nsd::cli {

Command addBodyCommand(CLI::App& app, unsigned default_threads) {
  struct Options {
    jobs::BodyJobOptions job;
    bool quiet = false;
  };
  auto o = std::make_shared<Options>();
  o->job.threads = default_threads;
  CLI::App* c = app.add_subcommand(
      "body", "summary and cross-section of a body file (the section named in the file)");
  c->add_option("--body", o->job.body_file, "body file (JSON, see examples/bodies)")->required();
  c->add_option("--output-dir", o->job.output_dir, "folder for summary.json and section.csv")
      ->required();
  c->add_option("--threads", o->job.threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, kMaxThreads));
  c->add_flag("--quiet", o->quiet, "no progress bar or summary line");
  return {c, [o] {
            jobs::BodyJobOptions job = o->job;
            job.progress = progressBar(o->quiet);
            const jobs::BodyJobResult result = jobs::runBodyJob(job);
            if (!o->quiet) jobs::printBodyJob(job, result, std::cout);
            return 0;
          }};
}

}  // namespace nsd::cli
