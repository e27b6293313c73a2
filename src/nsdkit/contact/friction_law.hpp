#pragma once
/// @file friction_law.hpp
/// Dry-friction coefficient laws at a contact point (two-point-contact paper, Sect. 2.4 and the
/// Coulomb-Stribeck block of Sect. 4.1).

namespace nsd::contact {

/// Largest friction coefficient accepted anywhere (the limit fields' scales stay finite).
inline constexpr double kMaxFrictionCoefficient = 1e6;

/// Friction coefficient as a function of slip speed |u| [m/s]:
///   mu(|u|) = mu_dynamic + (mu_static - mu_dynamic) exp(-|u| / stribeck_velocity),
/// and mu = mu_static for pure Coulomb (stribeck_velocity == 0 or mu_static == mu_dynamic).
/// Realizability only sees the limit |u| -> 0+, i.e. mu_static (Sect. 4.1).
struct FrictionLaw {
  double mu_static = 0.0;          ///< static coefficient mu_s [-], >= 0.
  double mu_dynamic = 0.0;         ///< dynamic coefficient mu_d [-], >= 0.
  double stribeck_velocity = 0.0;  ///< decay velocity v_s [m/s]; 0 for pure Coulomb.

  /// Pure Coulomb friction with coefficient mu. @throws InvalidInput if mu < 0 or not finite.
  static FrictionLaw coulomb(double mu);
  /// Coulomb-Stribeck friction. @throws InvalidInput for negative/NaN values, v_s <= 0 or
  /// mu_dynamic > mu_static (a friction law that increases with speed is not Stribeck).
  static FrictionLaw coulombStribeck(double mu_static, double mu_dynamic, double stribeck_velocity);

  /// mu(|u|) [-]. @throws InvalidInput if slip_speed is negative or not finite.
  double coefficient(double slip_speed) const;
  /// Throws InvalidInput naming `name` if the law is invalid.
  void validate(const char* name) const;
};

}  // namespace nsd::contact
