#include <nsdkit/jobs/classify_job.hpp>

#include <chrono>

#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::jobs {
namespace {

// The checks that need no file.
void checkClassifyOptions(const ClassifyJobOptions& o) {
  if (o.certify && o.method == "generic-sampled") {
    throw InvalidInput(
        "--certify needs a rational SS search (--method generic or "
        "closed-form); a sampled field is never certified");
  }
  if (o.threads < 1 || o.threads > 1024) {
    throw InvalidInput("--threads must be in [1, 1024], got " + std::to_string(o.threads));
  }
  checkStudiedModel(o.model, o.body_file);
}

void writeClassifiedCsv(const ClassifyJobOptions& o, const ClassifyJobResult& r) {
  writeFileAtomically(o.output, [&](std::ostream& out) {
    for (const auto& name : r.table.header) out << name << ',';
    out << "realizable,escapes" << (o.certify ? ",certified\n" : "\n");
    for (std::size_t i = 0; i < r.table.rows.size(); ++i) {
      for (const double v : r.table.rows[i]) out << formatValue(v) << ',';
      out << (r.points[i].realizable ? 1 : 0) << ','
          << contact::verdictLabel(false, r.points[i].failingModes());
      if (o.certify) out << ',' << (r.points[i].certified ? 1 : 0);
      out << '\n';
    }
  });
}

}  // namespace

ClassifyJobResult runClassifyJob(const ClassifyJobOptions& o) {
  checkClassifyOptions(o);
  const std::unique_ptr<StudiedBody> studied = studiedBody(o.model, o.trough, o.body_file);
  const ClassifyRoute route{o.method, o.certify, o.threads};
  studied->checkClassifyRoute(route);
  const auto t0 = std::chrono::steady_clock::now();
  ClassifyJobResult r;
  r.table = studied->readTable(o.input);
  r.points = studied->classify(r.table, route);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  writeClassifiedCsv(o, r);
  for (const body::BodyVerdict& p : r.points) {
    r.realizable += p.realizable;
    r.incomplete += p.uncertain;
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
