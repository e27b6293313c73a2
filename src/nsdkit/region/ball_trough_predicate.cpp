#include <nsdkit/region/ball_trough_predicate.hpp>

#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::region {

const std::vector<std::string>& ballTroughParameterNames() {
  static const std::vector<std::string> names{"mx",      "my",       "mz",      "mu",
                                              "mu_plus", "mu_minus", "inertia", "angle_deg"};
  return names;
}

ParameterPredicate ballTroughPredicate(const models::BallTroughParameters& base) {
  base.validate();
  return [base](const ParameterPoint& point) {
    models::BallTroughParameters p = base;
    Eigen::Vector3d m = Eigen::Vector3d::Zero();
    for (const auto& [name, value] : point) {
      requireFinite(value, name);
      if (name == "mx")
        m[0] = value;
      else if (name == "my")
        m[1] = value;
      else if (name == "mz")
        m[2] = value;
      else if (name == "mu")
        p.mu_plus = p.mu_minus = value;
      else if (name == "mu_plus")
        p.mu_plus = value;
      else if (name == "mu_minus")
        p.mu_minus = value;
      else if (name == "inertia")
        p.inertia_ratio = value;
      else if (name == "angle_deg")
        p.opening_angle_rad = degreesToRadians(value);
      else
        throw InvalidInput("ball-trough model has no parameter " + quoteInput(name));
    }
    const models::BallTroughClassification c = models::classifyGenericVerdict(p, m);
    PointVerdict v;
    v.realizable = c.realizable;
    v.escapes = contact::EscapeSet::of(c.escapes);
    if (c.contact_loss) v.escapes.add(contact::Escape::kContactLoss);
    v.uncertain = c.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete;
    return v;
  };
}

}  // namespace nsd::region
