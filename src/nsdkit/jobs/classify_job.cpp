#include <nsdkit/jobs/classify_job.hpp>

#include <chrono>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/models/ball_trough.hpp>

namespace nsd::jobs {
namespace {

// The rows of `table` classified by the body file's Def 11 / Def 9 (columns: its parameters).
std::vector<ClassifiedPoint> classifyBodyRows(const ClassifyJobOptions& o,
                                              const NumericTable& table) {
  if (o.method != "generic") {
    throw InvalidInput("--method " + o.method + " is for --model ball-trough; a body file " +
                       "is classified by the generic route");
  }
  const body::BodyDescription body = body::readBodyFile(o.body_file);
  const body::ParameterBinding binding = body::bindParameters(body, table.header);
  std::vector<ClassifiedPoint> points(table.rows.size());
  parallelFor(table.rows.size(), o.threads, [&](std::size_t i) {
    body::ClassifyOptions options;
    options.certify = o.certify;
    const body::BodyVerdict v = body::classify(body, binding, table.rows[i], options);
    points[i] = {v.realizable, v.escapeLabel(), v.uncertain, v.certified};
  });
  return points;
}

// The rows (mx, my, mz) classified by the ball's route `method`.
std::vector<ClassifiedPoint> classifyBallRows(const ClassifyJobOptions& o,
                                              const NumericTable& table) {
  const models::BallTroughParameters p = troughParameters(o.trough);
  const models::ClassificationMethod method =
      models::parseClassificationMethod(o.method, "--method");
  std::vector<ClassifiedPoint> points(table.rows.size());
  parallelFor(table.rows.size(), o.threads, [&](std::size_t i) {
    const std::vector<double>& row = table.rows[i];
    const models::BallTroughClassification c = models::classifyBallTrough(
        p, Eigen::Vector3d(row[0], row[1], row[2]), method, o.certify);
    points[i] = {c.realizable, models::escapeLabel(c.escapes),
                 c.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete,
                 c.ss.report.completeness == filippov::Completeness::kCertified};
  });
  return points;
}

// The checks that need no file.
void checkClassifyJob(const ClassifyJobOptions& o) {
  if (o.certify && o.method == "generic-sampled") {
    throw InvalidInput(
        "--certify needs a rational SS search (--method generic or "
        "closed-form); a sampled field is never certified");
  }
  if (o.threads < 1 || o.threads > 1024) {
    throw InvalidInput("--threads must be in [1, 1024], got " + std::to_string(o.threads));
  }
  if (!o.body_file.empty()) return;
  if (o.model.empty()) throw InvalidInput("give --model ball-trough or --body FILE");
  if (o.model != "ball-trough") throw InvalidInput("unknown model " + quoteInput(o.model));
  const models::BallTroughParameters p = troughParameters(o.trough);
  if (o.method == "closed-form" && !p.closedFormApplies()) {
    throw InvalidInput("--method closed-form needs a 90 degree trough and mu+ = mu-");
  }
  (void)models::parseClassificationMethod(o.method, "--method");
}

void writeClassifiedCsv(const ClassifyJobOptions& o, const ClassifyJobResult& r) {
  writeFileAtomically(o.output, [&](std::ostream& out) {
    for (const auto& name : r.table.header) out << name << ',';
    out << "realizable,escapes" << (o.certify ? ",certified\n" : "\n");
    for (std::size_t i = 0; i < r.table.rows.size(); ++i) {
      for (const double v : r.table.rows[i]) out << formatValue(v) << ',';
      out << (r.points[i].realizable ? 1 : 0) << ',' << r.points[i].escapes;
      if (o.certify) out << ',' << (r.points[i].certified ? 1 : 0);
      out << '\n';
    }
  });
}

}  // namespace

ClassifyJobResult runClassifyJob(const ClassifyJobOptions& o) {
  checkClassifyJob(o);
  const auto t0 = std::chrono::steady_clock::now();
  ClassifyJobResult r;
  if (!o.body_file.empty()) {
    r.table = readNumericTable(o.input);
    r.points = classifyBodyRows(o, r.table);
  } else {
    const std::vector<std::string> header{"mx", "my", "mz"};
    r.table = readNumericTable(o.input, &header);
    r.points = classifyBallRows(o, r.table);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  writeClassifiedCsv(o, r);
  for (const ClassifiedPoint& p : r.points) {
    r.realizable += p.realizable;
    r.incomplete += p.incomplete;
    r.certified += p.certified;
  }
  return r;
}

void printClassifyJob(const ClassifyJobOptions& o, const ClassifyJobResult& r,
                      std::ostream& out) {
  out << "classified " << r.table.rows.size() << " points (" << o.method << " route) in "
      << r.seconds << " s: " << r.realizable << " realizable";
  if (r.incomplete) out << ", " << r.incomplete << " with a possibly incomplete SS search";
  if (o.certify) out << ", " << r.certified << " certified";
  out << '\n';
}

}  // namespace nsd::jobs
