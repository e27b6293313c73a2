// nsdkit body
#include <filesystem>
#include <iostream>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/body/body_report.hpp>
#include <nsdkit/cli/commands/commands.hpp>
#include <nsdkit/cli/csv.hpp>
#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/region/body_predicate.hpp>

namespace nsd::cli {
namespace {

struct BodyOptions {
  std::string body, output_dir;
  unsigned threads = 1;
  bool quiet = false;
};

// The body file must not be one of the files the command writes (it would be replaced).
void requireBodyNotAnOutput(const BodyOptions& o) {
  std::error_code ec;
  for (const char* name : {"section.csv", "summary.json"}) {
    const std::filesystem::path output = std::filesystem::path(o.output_dir) / name;
    if (std::filesystem::equivalent(o.body, output, ec)) {
      throw InvalidInput("--body " + quoteInput(o.body) + " is " + name + " of --output-dir " +
                         quoteInput(o.output_dir) +
                         ", which the command writes; give another --output-dir");
    }
  }
}

// Summary and the section sweep named in the body file: DIR/summary.json and DIR/section.csv.
int runBody(const BodyOptions& o) {
  requireBodyNotAnOutput(o);
  const body::BodyDescription b = body::readBodyFile(o.body);
  const region::BodySection s = region::bodySection(b, o.body);
  const std::vector<region::Axis>& axes = s.axes;
  const region::ParameterPoint& fixed = s.fixed;
  const std::vector<std::string> names = s.names();
  region::SweepOptions so;
  so.threads = o.threads;
  so.progress = progressBar(o.quiet);
  const region::SweepResult section =
      region::sweep(axes, fixed, region::bodyPredicate(b, names), so);
  std::size_t realizable = 0;
  for (const auto& p : section.points) realizable += p.verdict.realizable;
  std::filesystem::create_directories(o.output_dir);
  const std::string dir = o.output_dir + "/";
  writeFileAtomically(dir + "section.csv", [&](std::ostream& out) {
    region::writeCsv(out, section, region::bodyMetadata(b, names));
  });
  writeFileAtomically(dir + "summary.json", [&](std::ostream& out) {
    body::writeBodySummary(out, b, section.points.size(), realizable);
  });
  if (!o.quiet) {
    std::cout << b.name << ": section " << axes[0].name << " x " << axes[1].name << ", "
              << realizable << " of " << section.points.size() << " points realizable -> " << dir
              << "{summary.json,section.csv}\n";
  }
  return 0;
}

}  // namespace

Command addBodyCommand(CLI::App& app, unsigned default_threads) {
  auto o = std::make_shared<BodyOptions>();
  o->threads = default_threads;
  CLI::App* c = app.add_subcommand(
      "body", "summary and cross-section of a body file (the section named in the file)");
  c->add_option("--body", o->body, "body file (JSON, see examples/bodies)")->required();
  c->add_option("--output-dir", o->output_dir, "folder for summary.json and section.csv")
      ->required();
  c->add_option("--threads", o->threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, kMaxThreads));
  c->add_flag("--quiet", o->quiet, "no progress bar or summary line");
  return {c, [o] { return runBody(*o); }};
}

}  // namespace nsd::cli
