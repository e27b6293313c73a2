#include <nsdkit/region/ball_trough_predicate.hpp>

#include <algorithm>
#include <cmath>
#include <utility>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::region {

const std::vector<std::string>& ballTroughParameterNames() {
  static const std::vector<std::string> names{"mx",      "my",       "mz",      "mu",
                                              "mu_plus", "mu_minus", "inertia", "angle_deg"};
  return names;
}

namespace {

// One parameter of the ball: which value of the model it sets.
enum class BallParameter { kMx, kMy, kMz, kMu, kMuPlus, kMuMinus, kInertia, kAngleDeg };

BallParameter ballParameter(const std::string& name) {
  static const std::pair<const char*, BallParameter> kNames[] = {
      {"mx", BallParameter::kMx},          {"my", BallParameter::kMy},
      {"mz", BallParameter::kMz},          {"mu", BallParameter::kMu},
      {"mu_plus", BallParameter::kMuPlus}, {"mu_minus", BallParameter::kMuMinus},
      {"inertia", BallParameter::kInertia}, {"angle_deg", BallParameter::kAngleDeg}};
  for (const auto& [known, parameter] : kNames) {
    if (name == known) return parameter;
  }
  throw InvalidInput("ball-trough model has no parameter " + quoteInput(name));
}

// A bound parameter: what it sets, where its value is, and its name (for errors).
struct BoundBallParameter {
  BallParameter parameter;
  std::size_t index;
  std::string name;
};

void apply(const BoundBallParameter& b, double value, models::BallTroughParameters& p,
           Eigen::Vector3d& m) {
  requireFinite(value, b.name);
  switch (b.parameter) {
    case BallParameter::kMx: m[0] = value; break;
    case BallParameter::kMy: m[1] = value; break;
    case BallParameter::kMz: m[2] = value; break;
    case BallParameter::kMu: p.mu_plus = p.mu_minus = value; break;
    case BallParameter::kMuPlus: p.mu_plus = value; break;
    case BallParameter::kMuMinus: p.mu_minus = value; break;
    case BallParameter::kInertia: p.inertia_ratio = value; break;
    case BallParameter::kAngleDeg: p.opening_angle_rad = degreesToRadians(value); break;
  }
}

}  // namespace

ModelPredicate ballTroughPredicate(const models::BallTroughParameters& base) {
  base.validate();
  return ModelPredicate::fromBinder([base](const std::vector<std::string>& names) {
    // Applied in name order ("mu" before "mu_minus" and "mu_plus", which override it), whatever
    // order the sweep binds.
    std::vector<BoundBallParameter> bound;
    for (std::size_t k = 0; k < names.size(); ++k) {
      bound.push_back({ballParameter(names[k]), k, names[k]});
    }
    std::sort(bound.begin(), bound.end(),
              [](const BoundBallParameter& a, const BoundBallParameter& b) { return a.name < b.name; });
    return BoundPredicate([base, bound](const std::vector<double>& values) {
      models::BallTroughParameters p = base;
      Eigen::Vector3d m = Eigen::Vector3d::Zero();
      for (const BoundBallParameter& b : bound) apply(b, values[b.index], p, m);
      const models::BallTroughClassification c = models::classifyGenericVerdict(p, m);
      PointVerdict v;
      v.realizable = c.realizable;
      v.escapes = contact::EscapeSet::of(c.escapes);
      if (c.contact_loss) v.escapes.add(contact::Escape::kContactLoss);
      v.uncertain = c.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete;
      return v;
    });
  });
}

RealizableSet3 ballTroughRealizableSet(const models::BallTroughParameters& p) {
  p.validate();
  RealizableSet3 set;
  set.inside = [p](const Eigen::Vector3d& m) { return models::isRealizableGeneric(p, m); };
  set.two_contact_dynamics = [p](const Eigen::Vector3d& m) {
    return contact::TwoContactDynamics(models::makeTwoContactBody(p, m));
  };
  set.piece = [predicate = ballTroughPredicate(p).bind({"mx", "my", "mz"})](
                  const Eigen::Vector3d& m) { return boundaryPiece(predicate({m[0], m[1], m[2]})); };
  return set;
}

}  // namespace nsd::region
