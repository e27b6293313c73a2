#pragma once
/// @file combined_friction.hpp
/// Combined dry friction of sliding, whirling and rolling on a circular contact (Kireenkov,
/// "About dynamics of heavy ball on the rubbed plane": eqs. (1)-(10)).
///
/// Dimensionless variables of eq. (6): contact coordinates in units of the contact radius R,
/// pressure sigma(r) normalized so that its integral over the unit disk is 1, sliding velocity v
/// of the contact centre and whirling velocity u = omega R (only the ratio u/v matters; both in
/// the same velocity unit). Outputs are the integrals of (6) divided by f N (forces F_par, F_perp)
/// and by f R N (torque M_c), with the signs of (6): F_par > 0 and M_c > 0 oppose sliding and
/// whirling.
///
/// Exact model: Coulomb's law at each point, eq. (1), with the rolling asymmetry (2)-(4) of slope
/// k_r in the direction xi at angle beta. The integrand is singular where the instantaneous
/// centre of rotation (0, v/u) lies in the contact (|v/u| < 1); there the double integral is
/// taken in polar coordinates centred on that point, where |V| = |u| rho cancels the area element
/// and the integrand becomes bounded. Inner integrals use tanh-sinh quadrature (robust to the
/// square-root edge of the Hertz pressure), the outer one adaptive Gauss-Kronrod (Boost.Math).
///
/// Pade model: the first-order approximations (10), with coefficients from the pressure moments
/// (for Hertz pressure they are the values printed after (12)).

#include <functional>
#include <string>

namespace nsd::friction {

/// A radial pressure distribution sigma(r), r in [0, 1], with integral 1 over the unit disk.
struct PressureDistribution {
  std::function<double(double)> sigma;  ///< dimensionless sigma(r) >= 0.
  /// A name for reports ("hertz", "uniform" or the caller's).
  std::string name;
};

/// Hertz pressure (5): sigma = 3/(2 pi) sqrt(1 - r^2).
PressureDistribution hertzPressure();
/// Uniform pressure: sigma = 1/pi.
PressureDistribution uniformPressure();
/// A user distribution; it is normalized numerically. @throws InvalidInput if it is negative,
/// not finite, or integrates to zero.
PressureDistribution customPressure(std::function<double(double)> sigma, std::string name);

/// Kinematic input of the friction models.
struct CombinedMotion {
  double v = 1.0;     ///< sliding speed of the contact centre (>= 0) [velocity unit].
  double u = 0.0;     ///< whirling velocity omega R [velocity unit].
  double k_r = 0.0;   ///< rolling asymmetry coefficient of (2), |k_r| <= 1 [-].
  double beta = 0.0;  ///< angle of (3) between the x axis (sliding) and xi [rad].
};

/// Dimensionless friction force and torque.
struct FrictionResultant {
  double f_par = 0.0;           ///< F_par / (f N).
  double f_perp = 0.0;          ///< F_perp / (f N).
  double m_c = 0.0;             ///< M_c / (f R N).
  double error_estimate = 0.0;  ///< estimated absolute quadrature error (max over the three).
  int evaluations = 0;          ///< integrand evaluations (exact model).
};

/// Exact integral model (6) to relative tolerance `relative_tolerance`.
/// @throws InvalidInput for u = v = 0, v < 0, |k_r| > 1, non-finite input;
///         SolverFailure if the quadrature cannot reach the tolerance.
FrictionResultant exactFriction(const CombinedMotion& motion, const PressureDistribution& pressure,
                                double relative_tolerance = 1e-8);

/// Coefficients of the first-order Pade model (10), dimensionless: forces / (f N), torques /
/// (f R N), the shift s / R.
struct PadeCoefficients {
  double f0 = 1.0;    ///< F0 = F_par(u = 0)
  double f_r = 0.0;   ///< F_r = F_par(v = 0) / (k_r sin beta)
  double m0 = 0.0;    ///< M0 = M_c(v = 0)
  double m_wr = 0.0;  ///< M_wr = M_c(u = 0) / (k_r sin beta)
  double s = 0.0;     ///< centre-of-pressure shift per unit k_r, eq. (7)
  double a = 0.0;     ///< slope parameter of F_par, eq. (10)
  double b = 0.0;     ///< slope parameter of F_perp
  double m = 0.0;     ///< slope parameter of M_c
};

/// The values printed after (12) for Hertz pressure: F0 = 1, F_r = 3 pi/32, M0 = 3 pi/16,
/// s = 1/5, a = 8/(3 pi), b = 15 pi/32, m = 15 pi/16, M_wr = 1/5.
PadeCoefficients hertzPadeCoefficients();

/// Coefficients from the moments of any pressure distribution (limits and slopes of (6) at u = 0
/// and v = 0, derived in closed form): F_r = pi I2, M0 = 2 pi I2, M_wr = s = pi I3,
/// a = 1/(pi I0), m = M0/(pi I3), b = F_r/(pi I3), with I_k = int_0^1 sigma r^k dr.
PadeCoefficients padeCoefficients(const PressureDistribution& pressure);

/// First-order Pade model (10), exactly as printed. At u = v = 0 all components are 0.
/// Note: as printed, (10) does not reproduce its own k_r limits: at v = 0 it gives
/// F_par = k_r F_r sin(beta) / a, and at u = 0 M_c = k_r M_wr sin(beta) / m, whereas the exact
/// model gives k_r F_r sin(beta) and k_r M_wr sin(beta) (the definitions of F_r, M_wr in (10)).
/// The k_r = 0 parts and F_perp are consistent. nsdkit keeps the printed form; the exact-vs-Pade
/// error maps show the difference.
FrictionResultant padeFriction(const CombinedMotion& motion, const PadeCoefficients& c);

/// Rolling torque (7)-(9): M_par = -M_r cos beta, M_perp = -M_r sin beta with M_r = s k_r N;
/// returned per unit (R N).
struct RollingTorque {
  /// M_par / (R N) = -s k_r cos beta, the component along the slip direction (7).
  double m_par = 0.0;
  /// M_perp / (R N) = -s k_r sin beta, the component across it (7).
  double m_perp = 0.0;
};
/// The rolling torque (7)-(9) for the rolling asymmetry coefficient k_r and the rolling
/// direction beta [rad], with s from the Pade coefficients c. @throws InvalidInput if k_r or
/// beta is not finite.
RollingTorque rollingTorque(double k_r, double beta, const PadeCoefficients& c);

}  // namespace nsd::friction
