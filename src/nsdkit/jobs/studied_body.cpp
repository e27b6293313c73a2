#include <nsdkit/jobs/studied_body.hpp>

#include <cstdint>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/body/rigid_body.hpp>
#include <nsdkit/core/checksum.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/region/ball_trough_predicate.hpp>
#include <nsdkit/region/body_predicate.hpp>

namespace nsd::jobs {
namespace {

// The smallest friction coefficient the ball-trough model is meshed at. The stability body's
// size is about mu (loads in units of m g r, where the dynamics' other terms are of order 1), and
// the predicate's rounding (~1e-16 of those terms) must stay far below the mesh tolerance times
// that size: at mu = 1e-6 the mesh meets the default tolerance, at 1e-8 its distance to the body
// is 20 times the tolerance, and below ~1e-13 the routes mesh rounding noise (a mu of 1e-300 took
// minutes to give a 24-triangle mesh a millimetre wide).
constexpr double kMeshMuMin = 1e-6;

// --mu, --mu-plus, --mu-minus of the ball-trough model: at least kMeshMuMin (before any work).
void requireResolvableMu(const TroughOptions& trough) {
  const std::pair<const char*, double> given[] = {
      {trough.mu_plus ? "--mu-plus" : "--mu", trough.mu_plus.value_or(trough.mu)},
      {trough.mu_minus ? "--mu-minus" : "--mu", trough.mu_minus.value_or(trough.mu)}};
  for (const auto& [name, mu] : given) {
    if (mu > 0.0 && mu < kMeshMuMin) {
      throw InvalidInput(std::string(name) + " " + formatValue(mu) +
                         ": below 1e-6 the stability body (about mu across) is too small "
                         "for double precision to mesh it; give mu >= 1e-6");
    }
  }
}

// The paper's ball in the V trough: its parameters by name (region::ballTroughPredicate), the
// realizable set over the dimensionless torques (79), three classification routes and the
// tetrahedron of eqs. (82)-(83) where it applies.
class StudiedBall final : public StudiedBody {
 public:
  explicit StudiedBall(const TroughOptions& trough)
      : trough_(trough), parameters_(troughParameters(trough)) {}

  std::string modelName() const override { return "ball-trough"; }
  std::string displayName() const override { return {}; }
  const std::string& fileText() const override { return no_file_; }

  region::SweepProblem sweepProblem(const std::vector<region::Axis>& axes,
                                    const region::ParameterPoint& fixed) const override {
    return {axes, fixed, troughPredicate(trough_, axes), troughMetadata(trough_)};
  }

  void checkMeshParameters(const std::vector<std::string>& axes,
                           const region::ParameterPoint& fixed) const override {
    if (!axes.empty() || !fixed.empty()) throw InvalidInput("--axes and --fix are for --body FILE");
    requireResolvableMu(trough_);
  }
  region::RealizableSet3 realizableSet3(const std::vector<std::string>&,
                                        const region::ParameterPoint&) const override {
    return region::ballTroughRealizableSet(parameters_);
  }
  std::array<std::string, 3> meshAxisLabels(const std::vector<std::string>&) const override {
    return {"m_x", "m_y", "m_z"};
  }
  std::optional<double> closedFormVolume() const override {
    if (!parameters_.closedFormApplies()) return std::nullopt;
    return models::tetrahedronVolume(parameters_);
  }

  void checkClassifyRoute(const ClassifyRoute& route) const override {
    if (route.method == "closed-form" && !parameters_.closedFormApplies()) {
      throw InvalidInput("--method closed-form needs a 90 degree trough and mu+ = mu-");
    }
    (void)models::parseClassificationMethod(route.method, "--method");
  }
  NumericTable readTable(const std::string& path) const override {
    const std::vector<std::string> header{"mx", "my", "mz"};
    return readNumericTable(path, &header);
  }
  std::vector<body::BodyVerdict> classify(const NumericTable& table,
                                          const ClassifyRoute& route) const override {
    const models::ClassificationMethod method =
        models::parseClassificationMethod(route.method, "--method");
    std::vector<body::BodyVerdict> points(table.rows.size());
    parallelFor(table.rows.size(), route.threads, [&](std::size_t i) {
      const std::vector<double>& row = table.rows[i];
      const models::BallTroughClassification c = models::classifyBallTrough(
          parameters_, Eigen::Vector3d(row[0], row[1], row[2]), method, route.certify);
      body::BodyVerdict& v = points[i];
      v.realizable = c.realizable;
      v.escapes = c.escapes;
      v.contact_loss = c.contact_loss;
      v.uncertain = c.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete;
      v.certified = c.ss.report.completeness == filippov::Completeness::kCertified;
    });
    return points;
  }

 private:
  TroughOptions trough_;
  models::BallTroughParameters parameters_;
  std::string no_file_;
};

// A rigid body from a body file: its parameters are its load parameters and velocity-state
// names; one route (the generic one) classifies it.
class BodyFromFile final : public StudiedBody {
 public:
  explicit BodyFromFile(const std::string& path)
      : text_(body::readBodyFileText(path)), body_(body::parseBody(text_, path)) {}

  std::string modelName() const override { return "body"; }
  std::string displayName() const override { return body_.name; }
  const std::string& fileText() const override { return text_; }

  region::SweepProblem sweepProblem(const std::vector<region::Axis>& axes,
                                    const region::ParameterPoint& fixed) const override {
    std::vector<std::string> names;
    for (const auto& a : axes) names.push_back(a.name);
    for (const auto& [name, value] : fixed) names.push_back(name);
    region::SweepProblem problem{axes, fixed, region::bodyPredicate(body_, names),
                                 region::bodyMetadata(body_, names)};
    // The file's checksum (FNV-1a, 52 bits: exact as a double) joins the metadata, so a
    // checkpointed sweep refuses to resume with an edited body file.
    const std::uint64_t hash = fnv1a64(text_.data(), text_.size());
    problem.metadata["body_file_checksum"] = static_cast<double>(hash & ((1ull << 52) - 1));
    return problem;
  }

  void checkMeshParameters(const std::vector<std::string>&,
                           const region::ParameterPoint&) const override {}
  region::RealizableSet3 realizableSet3(const std::vector<std::string>& axes,
                                        const region::ParameterPoint& fixed) const override {
    if (axes.size() != 3) {
      throw InvalidInput("--body needs --axes with three parameter names, e.g. --axes mx,my,mz");
    }
    return region::bodyRealizableSet(body_, {axes[0], axes[1], axes[2]}, fixed);
  }
  std::array<std::string, 3> meshAxisLabels(const std::vector<std::string>& axes) const override {
    return {axes.at(0), axes.at(1), axes.at(2)};
  }
  std::optional<double> closedFormVolume() const override { return std::nullopt; }

  void checkClassifyRoute(const ClassifyRoute& route) const override {
    if (route.method != "generic") {
      throw InvalidInput("--method " + route.method + " is for --model ball-trough; a body file " +
                         "is classified by the generic route");
    }
  }
  NumericTable readTable(const std::string& path) const override {
    return readNumericTable(path);
  }
  std::vector<body::BodyVerdict> classify(const NumericTable& table,
                                          const ClassifyRoute& route) const override {
    const body::ParameterBinding binding = body::bindParameters(body_, table.header);
    std::vector<body::BodyVerdict> points(table.rows.size());
    parallelFor(table.rows.size(), route.threads, [&](std::size_t i) {
      body::ClassifyOptions options;
      options.certify = route.certify;
      points[i] = body::classify(body_, binding, table.rows[i], options);
    });
    return points;
  }

 private:
  std::string text_;
  body::BodyDescription body_;
};

}  // namespace

std::unique_ptr<StudiedBody> studiedBallInTrough(const TroughOptions& trough) {
  return std::make_unique<StudiedBall>(trough);
}

std::unique_ptr<StudiedBody> studiedBodyFile(const std::string& path) {
  return std::make_unique<BodyFromFile>(path);
}

void checkStudiedModel(const std::string& model, const std::string& body_file) {
  if (!body_file.empty()) return;
  if (model.empty()) throw InvalidInput("give --model ball-trough or --body FILE");
  if (model != "ball-trough") throw InvalidInput("unknown model " + quoteInput(model));
}

std::unique_ptr<StudiedBody> studiedBody(const std::string& model, const TroughOptions& trough,
                                         const std::string& body_file) {
  checkStudiedModel(model, body_file);
  if (!body_file.empty()) return studiedBodyFile(body_file);
  return studiedBallInTrough(trough);
}

}  // namespace nsd::jobs
