// nsdkit classify
#include <nsdkit/cli/commands/commands.hpp>

#include <chrono>
#include <iostream>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/cli/csv.hpp>
#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/models/ball_trough.hpp>

namespace nsd::cli {
namespace {

using nsd::parallelFor;
using nsd::models::BallTroughParameters;

// The rows of `table` classified by the body file's Def 11 / Def 9 (columns: its parameters).
std::vector<PointResult> classifyBodyRows(const std::string& body_path, const NumericTable& table,
                                          const std::string& method, unsigned threads,
                                          bool certify) {
  if (method != "generic") {
    throw nsd::InvalidInput("--method " + method + " is for --model ball-trough; a body file " +
                            "is classified by the generic route");
  }
  const nsd::body::BodyDescription body = nsd::body::readBodyFile(body_path);
  const nsd::body::ParameterBinding binding = nsd::body::bindParameters(body, table.header);
  std::vector<PointResult> results(table.rows.size());
  parallelFor(table.rows.size(), threads, [&](std::size_t i) {
    nsd::body::ClassifyOptions options;
    options.certify = certify;
    const nsd::body::BodyVerdict v = nsd::body::classify(body, binding, table.rows[i], options);
    results[i] = {v.realizable, v.escape_label, v.uncertain, v.certified};
  });
  return results;
}

int runClassify(const TroughOptions& o, const std::string& model, const std::string& body,
                const std::string& input, const std::string& output, const std::string& method,
                unsigned threads, bool certify, bool quiet) {
  if (certify && method == "generic-sampled") {
    throw nsd::InvalidInput(
        "--certify needs a rational SS search (--method generic or "
        "closed-form); a sampled field is never certified");
  }
  const auto t0 = std::chrono::steady_clock::now();
  NumericTable table;
  std::vector<PointResult> results;
  if (!body.empty()) {
    table = nsd::cli::readNumericTable(input);
    results = classifyBodyRows(body, table, method, threads, certify);
  } else {
    if (model.empty()) throw nsd::InvalidInput("give --model ball-trough or --body FILE");
    if (model != "ball-trough") throw nsd::InvalidInput("unknown model " + nsd::quoteInput(model));
    const BallTroughParameters p = troughParameters(o);
    if (method == "closed-form" && !p.closedFormApplies()) {
      throw nsd::InvalidInput("--method closed-form needs a 90 degree trough and mu+ = mu-");
    }
    const std::vector<std::string> header{"mx", "my", "mz"};
    table = nsd::cli::readNumericTable(input, &header);
    const auto& rows = table.rows;
    results.resize(rows.size());
    parallelFor(rows.size(), threads, [&](std::size_t i) {
      results[i] =
          classifyPoint(p, Eigen::Vector3d(rows[i][0], rows[i][1], rows[i][2]), method, certify);
    });
  }
  const auto& rows = table.rows;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  nsd::cli::writeFileAtomically(output, [&](std::ostream& out) {
    for (const auto& name : table.header) out << name << ',';
    out << "realizable,escapes" << (certify ? ",certified\n" : "\n");
    for (std::size_t i = 0; i < rows.size(); ++i) {
      for (const double v : rows[i]) out << number(v) << ',';
      out << (results[i].realizable ? 1 : 0) << ',' << results[i].escapes;
      if (certify) out << ',' << (results[i].certified ? 1 : 0);
      out << '\n';
    }
  });
  std::size_t realizable = 0, incomplete = 0, certified = 0;
  for (const auto& r : results) {
    realizable += r.realizable;
    incomplete += r.incomplete;
    certified += r.certified;
  }
  if (!quiet) {
    // The summary goes to stderr when the table itself goes to stdout.
    std::ostream& summary = output == "-" ? std::cerr : std::cout;
    summary << "classified " << rows.size() << " points (" << method << " route) in " << seconds
            << " s: " << realizable << " realizable";
    if (incomplete) summary << ", " << incomplete << " with a possibly incomplete SS search";
    if (certify) summary << ", " << certified << " certified";
    summary << '\n';
  }
  return 0;
}

}  // namespace

Command addClassifyCommand(CLI::App& app, unsigned default_threads) {
  struct Options {
    TroughOptions trough;
    std::string model, body, input, output, method = "generic";
    unsigned threads = 1;
    bool certify = false, quiet = false;
  };
  auto o = std::make_shared<Options>();
  o->threads = default_threads;
  CLI::App* c = app.add_subcommand("classify", "Def-11 realizability of torque points");
  c->add_option("--model", o->model, "model name (ball-trough)");
  addTroughOptions(c, o->trough);
  addBodyOption(c, o->body);
  c->add_option("--input", o->input,
                "CSV with header mx,my,mz (--model) or the body's parameter names (--body)")
      ->required();
  c->add_option("--output", o->output, "CSV: the input columns, realizable, escapes (- for stdout)")
      ->required();
  c->add_option("--method", o->method,
                "generic (default: two-contact machinery, exact rational SS search), "
                "generic-sampled (SS field sampled as a black box) or closed-form")
      ->check(CLI::IsMember({"generic", "generic-sampled", "closed-form"}));
  c->add_option("--threads", o->threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, kMaxThreads));
  c->add_flag("--certify", o->certify,
              "re-check each verdict's limit-direction search in interval arithmetic and add a "
              "column certified (1: proved, rounding included); about 50 times slower");
  c->add_flag("--quiet", o->quiet, "no summary line");
  return {c, [o] {
            return runClassify(o->trough, o->model, o->body, o->input, o->output, o->method,
                               o->threads, o->certify, o->quiet);
          }};
}
}  // namespace nsd::cli
