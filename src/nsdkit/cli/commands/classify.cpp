// nsdkit classify: the classify job (jobs::runClassifyJob), its line printed.
#include <nsdkit/cli/commands/commands.hpp>

#include <iostream>

#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/jobs/classify_job.hpp>

namespace nsd::cli {

Command addClassifyCommand(CLI::App& app, unsigned default_threads) {
  struct Options {
    jobs::ClassifyJobOptions job;
    bool quiet = false;
  };
  auto o = std::make_shared<Options>();
  o->job.threads = default_threads;
  jobs::ClassifyJobOptions& job = o->job;
  CLI::App* c = app.add_subcommand("classify", "Def-11 realizability of torque points");
  c->add_option("--model", job.model, "model name (ball-trough)");
  addTroughOptions(c, job.trough);
  addBodyOption(c, job.body_file);
  c->add_option("--input", job.input,
                "CSV with header mx,my,mz (--model) or the body's parameter names (--body)")
      ->required();
  c->add_option("--output", job.output,
                "CSV: the input columns, realizable, escapes (- for stdout)")
      ->required();
  c->add_option("--method", job.method,
                "generic (default: two-contact machinery, exact rational SS search), "
                "generic-sampled (SS field sampled as a black box) or closed-form")
      ->check(CLI::IsMember({"generic", "generic-sampled", "closed-form"}));
  c->add_option("--threads", job.threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, kMaxThreads));
  c->add_flag("--certify", job.certify,
              "re-check each verdict's limit-direction search in interval arithmetic and add a "
              "column certified (1: proved, rounding included); about 50 times slower");
  c->add_flag("--quiet", o->quiet, "no summary line");
  return {c, [o] {
            const jobs::ClassifyJobResult result = jobs::runClassifyJob(o->job);
            // The summary goes to stderr when the table itself goes to stdout.
            if (!o->quiet) {
              jobs::printClassifyJob(o->job, result, o->job.output == "-" ? std::cerr : std::cout);
            }
            return 0;
          }};
}

}  // namespace nsd::cli
