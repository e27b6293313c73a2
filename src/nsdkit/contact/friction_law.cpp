#include <nsdkit/contact/friction_law.hpp>

#include <cmath>
#include <string>

#include <nsdkit/core/errors.hpp>

namespace nsd::contact {

FrictionLaw FrictionLaw::coulomb(double mu) {
  FrictionLaw law{mu, mu, 0.0};
  law.validate("mu");
  return law;
}

FrictionLaw FrictionLaw::coulombStribeck(double mu_static, double mu_dynamic,
                                         double stribeck_velocity) {
  FrictionLaw law{mu_static, mu_dynamic, stribeck_velocity};
  law.validate("friction law");
  requirePositive(stribeck_velocity, "stribeck_velocity");
  return law;
}

void FrictionLaw::validate(const char* name) const {
  // Messages are built only on failure (this runs once per classified point).
  const bool valid = std::isfinite(mu_static) && mu_static >= 0.0 &&
                     mu_static <= kMaxFrictionCoefficient && std::isfinite(mu_dynamic) &&
                     mu_dynamic >= 0.0 && std::isfinite(stribeck_velocity) &&
                     stribeck_velocity >= 0.0 && mu_dynamic <= mu_static;
  if (valid) return;
  const std::string n(name);
  if (mu_static > kMaxFrictionCoefficient) {
    throw InvalidInput(n + ": friction coefficient " + formatValue(mu_static) +
                       " is above 1e6 (friction forces beyond a million times the normal force "
                       "overflow the limit fields)");
  }
  requireNonNegative(mu_static, n + " (static friction coefficient)");
  requireNonNegative(mu_dynamic, n + " (dynamic friction coefficient)");
  requireNonNegative(stribeck_velocity, n + " (Stribeck velocity)");
  if (mu_dynamic > mu_static) {
    throw InvalidInput(n + ": dynamic friction coefficient " + formatValue(mu_dynamic) +
                       " exceeds the static one " + formatValue(mu_static));
  }
}

double FrictionLaw::coefficient(double slip_speed) const {
  requireNonNegative(slip_speed, "slip speed");
  if (stribeck_velocity <= 0.0 || mu_static == mu_dynamic) return mu_static;
  return mu_dynamic + (mu_static - mu_dynamic) * std::exp(-slip_speed / stribeck_velocity);
}

}  // namespace nsd::contact
