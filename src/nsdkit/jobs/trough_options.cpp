#include <nsdkit/jobs/trough_options.hpp>

#include <algorithm>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/region/ball_trough_predicate.hpp>

namespace nsd::jobs {

models::BallTroughParameters troughParameters(const TroughOptions& o) {
  models::BallTroughParameters p;
  p.mu_plus = o.mu_plus.value_or(o.mu);
  p.mu_minus = o.mu_minus.value_or(o.mu);
  p.inertia_ratio = o.inertia;
  if (!std::isfinite(o.angle_deg)) throw InvalidInput("trough angle must be finite");
  p.opening_angle_rad = degreesToRadians(o.angle_deg);
  p.validate();
  return p;
}

region::ParameterPoint troughMetadata(const TroughOptions& o) {
  const models::BallTroughParameters p = troughParameters(o);
  return {{"mu_plus", p.mu_plus},
          {"mu_minus", p.mu_minus},
          {"inertia", p.inertia_ratio},
          {"angle_deg", radiansToDegrees(p.opening_angle_rad)}};
}

region::ModelPredicate troughPredicate(const TroughOptions& o,
                                           const std::vector<region::Axis>& axes) {
  const auto& names = region::ballTroughParameterNames();
  for (const auto& a : axes) {
    if (std::find(names.begin(), names.end(), a.name) == names.end()) {
      throw InvalidInput("ball-trough model has no parameter " + quoteInput(a.name));
    }
  }
  return region::ballTroughPredicate(troughParameters(o));
}

}  // namespace nsd::jobs
