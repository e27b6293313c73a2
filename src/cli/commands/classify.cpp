// nsdkit classify
#include "cli/commands/commands.hpp"

#include <chrono>
#include <iostream>

#include "cli/csv.hpp"
#include "cli/region_command.hpp"
#include "core/errors.hpp"
#include "core/parallel.hpp"
#include "models/ball_trough.hpp"

namespace nsd::cli {
namespace {

using nsd::parallelFor;
using nsd::models::BallTroughParameters;

int runClassify(const TroughOptions& o, const std::string& model, const std::string& input,
                const std::string& output, const std::string& method, unsigned threads,
                bool quiet) {
  if (model != "ball-trough") throw nsd::InvalidInput("unknown model '" + model + "'");
  const BallTroughParameters p = troughParameters(o);
  const bool closed_form = method == "closed-form";
  if (closed_form && !p.closedFormApplies()) {
    throw nsd::InvalidInput("--method closed-form needs a 90 degree trough and mu+ = mu-");
  }
  const auto rows = nsd::cli::readNumericCsv(input, {"mx", "my", "mz"});
  std::vector<PointResult> results(rows.size());
  const auto t0 = std::chrono::steady_clock::now();
  parallelFor(rows.size(), threads, [&](std::size_t i) {
    results[i] = classifyPoint(p, Eigen::Vector3d(rows[i][0], rows[i][1], rows[i][2]), method);
  });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  nsd::cli::writeFileAtomically(output, [&](std::ostream& out) {
    out << "mx,my,mz,realizable,escapes\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      out << number(rows[i][0]) << ',' << number(rows[i][1]) << ',' << number(rows[i][2]) << ','
          << (results[i].realizable ? 1 : 0) << ',' << results[i].escapes << '\n';
    }
  });
  std::size_t realizable = 0, incomplete = 0;
  for (const auto& r : results) {
    realizable += r.realizable;
    incomplete += r.incomplete;
  }
  if (!quiet) {
    std::cout << "classified " << rows.size() << " points (" << method << " route) in " << seconds
              << " s: " << realizable << " realizable";
    if (incomplete) std::cout << ", " << incomplete << " with a possibly incomplete SS search";
    std::cout << '\n';
  }
  return 0;
}

}  // namespace

Command addClassifyCommand(CLI::App& app, unsigned default_threads) {
  struct Options {
    TroughOptions trough;
    std::string model, input, output, method = "generic";
    unsigned threads = 1;
    bool quiet = false;
  };
  auto o = std::make_shared<Options>();
  o->threads = default_threads;
  CLI::App* c = app.add_subcommand("classify", "Def-11 realizability of torque points");
  c->add_option("--model", o->model, "model name (ball-trough)")->required();
  addTroughOptions(c, o->trough);
  c->add_option("--input", o->input, "CSV with header mx,my,mz")->required();
  c->add_option("--output", o->output, "CSV mx,my,mz,realizable,escapes (- for stdout)")
      ->required();
  c->add_option("--method", o->method,
                "generic (default: two-contact machinery, exact rational SS search), "
                "generic-sampled (SS field sampled as a black box) or closed-form")
      ->check(CLI::IsMember({"generic", "generic-sampled", "closed-form"}));
  c->add_option("--threads", o->threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, kMaxThreads));
  c->add_flag("--quiet", o->quiet, "no summary line");
  return {c, [o] {
            return runClassify(o->trough, o->model, o->input, o->output, o->method, o->threads,
                               o->quiet);
          }};
}
}  // namespace nsd::cli
