#pragma once
/// @file rolling_cases.hpp
/// The case studies of the transient rolling-friction paper (Sects. 3-5), built on the brush
/// contact: a sphere driven by a plate (1 DOF), between two plates (2 DOF) and between two
/// V-grooves (2 DOF with spin creepage (24)). Dimensional parameters default to the paper's
/// Appendix A (steel ball R = 5 mm, W = 100 N, mu = 0.5, nu = 0.3); results are reported in the
/// dimensionless units of Sect. 2.4: lengths / a, times / sqrt(I / (p0 a^3)), forces / (p0 a^2).

#include <string>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/rolling/brush_contact.hpp>

namespace nsd::rolling {

/// The system and its excitation.
struct RollingCaseParameters {
  std::string system = "two-plates";                     ///< "plate", "two-plates" or "v-groove"
  double groove_angle_rad = kPi / 3;  ///< V-groove opening angle alpha
  double radius = 0.005;                                 ///< R [m]
  double load = 100.0;                                   ///< W [N] per contact
  double elastic_modulus = 1.1538e11;                    ///< E [Pa] (equivalent)
  /// Poisson's ratio nu [-] in (-1, 0.5): G = E / (2 (1 + nu)) for the brush.
  double poisson = 0.3;
  double density = 7830.0;  ///< [kg/m^3] (m = 0.0041 kg)
  /// Local friction coefficient [-].
  double mu = 0.5;
  int grid = 30;  ///< brush cells per patch diameter
  /// @throws InvalidInput naming the field: unknown system, groove angle outside (0, pi),
  ///         non-positive R, W, E or density, negative mu, Poisson's ratio outside (-1, 0.5).
  void validate() const;
};

/// Sect. 2.4 scales.
struct Scales {
  double a, p0, inertia, mass, time, force;
  /** @var a
      Hertz contact radius a (1) [m]: the length unit. */
  /** @var p0
      Peak Hertz pressure p0 (2) [Pa]. */
  /** @var inertia
      Moment of inertia I = (2/5) m R^2 of the solid sphere [kg m^2]. */
  /** @var mass
      Mass unit I / a^2 [kg]. */
  /** @var time
      Time unit sqrt(I / (p0 a^3)) [s]. */
  /** @var force
      Force unit p0 a^2 [N]. */
};
/// The Sect. 2.4 scales of p. @throws InvalidInput for invalid parameters.
Scales scales(const RollingCaseParameters& p);

/// A time series sample (dimensionless, Sect. 2.4 units).
struct RollingSample {
  double t;           ///< time
  double x_t;         ///< driven (upper) plate displacement
  double x;           ///< sphere centre displacement (0 for the single plate)
  double theta;       ///< sphere rotation angle [rad]
  double v_ball;      ///< sphere centre velocity
  double omega_ball;  ///< sphere angular velocity
  double f_upper;     ///< tangential force of the driven plate on the sphere
  double f_lower;     ///< tangential force of the fixed plate/groove on the sphere
};

/// Simulates the system under a plate velocity step of `speed` (dimensionless) for `duration`.
std::vector<RollingSample> simulateStep(const RollingCaseParameters& p, double speed,
                                        double duration, double dt);

/// Free response of the 1-DOF plate case (Sect. 3.2, Fig. 5): the plate held still, the sphere
/// started with angular velocity `omega0` (dimensionless, e.g. 0.3) and a null traction field.
std::vector<RollingSample> simulateFree(const RollingCaseParameters& p, double omega0,
                                        double duration, double dt);

/// Simulates a sinusoidal plate motion x_t = A(t) sin(2 pi f t) (dimensionless): the amplitude
/// fades in over two periods (so that no free oscillation is left over), then `periods` steady
/// periods follow.
std::vector<RollingSample> simulateSine(const RollingCaseParameters& p, double amplitude,
                                        double frequency, int periods, double dt);

/// Natural angular frequencies (dimensionless) identified from a step response: omega1 from the
/// spectrum of the centre velocity (translation mode), omega2 from the angular velocity
/// (rotation mode), each the largest peak of an exponentially windowed Fourier transform on
/// (0, w_max].
struct NaturalFrequencies {
  double omega1 = 0.0;  ///< translation, eqs. (23)/(25); 0 for the single plate (no translation)
  double omega2 = 0.0;  ///< rotation
};
/// omega1 and omega2 of a step response's samples (see NaturalFrequencies), searched on
/// (0, w_max] (dimensionless).
NaturalFrequencies identifyFrequencies(const std::vector<RollingSample>& samples, double w_max);

/// Describing-function parameters of the hysteresis loop (driven-plate force on the sphere
/// against plate displacement), eq. (26), averaged over all complete periods after the fade-in
/// of simulateSine (use an even number of periods: the residual free oscillation then cancels). The
/// loop area is the energy the driver puts in per period, i.e. the energy dissipated by micro- and
/// macroslip in steady state; for gross sliding (rectangular Coulomb loop) zeta_r -> 2 / pi and k_e
/// A_m -> mu W.
struct HysteresisParameters {
  double k_e = 0.0;          ///< F_m / A_m
  double c_e = 0.0;          ///< loop area / (pi A_m^2 f): (26) reads c_e f = area / (pi A_m^2)
  double c_e_times_f = 0.0;  ///< loop area / (pi A_m^2)
  double zeta_r = 0.0;       ///< loop area / (2 pi A_m F_m)
  /// |F1 / X1| of the fundamental Fourier components, F the force of the sphere on the driven
  /// plate: the complex contact stiffness of Fig. 7(a).
  double frf_magnitude = 0.0;
  double frf_phase_rad = 0.0;  ///< arg(F1 / X1): 0 while the sphere follows, a lag (< 0) in slip
  double loop_area = 0.0;      ///< mean over the periods
  int periods = 0;             ///< steady periods averaged
};
/// The loop parameters of simulateSine's samples at the sine's frequency (dimensionless).
HysteresisParameters hysteresis(const std::vector<RollingSample>& samples, double frequency);

/// Break frequency f_s of the stepped-sine response (Sect. 3.2, Fig. 7(b)): the frequency at
/// which the force amplitude of the 1-DOF plate case reaches the gross-sliding limit mu W, after
/// which |F / x_t| stops growing. Found by bisection on [f_low, f_high] (each probe one
/// stepped-sine point of `periods` steady periods); `saturation` is the fraction of mu W taken as
/// reached (default 0.99).
struct BreakFrequency {
  double frequency = 0.0;      ///< f_s (dimensionless)
  double bracket_width = 0.0;  ///< final bisection bracket, the error bound
  /// Stepped-sine points simulated.
  int probes = 0;
};
/// f_s of the 1-DOF plate case for the sine amplitude (dimensionless), to within `tolerance`.
BreakFrequency breakFrequency(const RollingCaseParameters& p, double amplitude, double f_low,
                              double f_high, double tolerance, int periods = 4, double dt = 2e-4,
                              double saturation = 0.99);

}  // namespace nsd::rolling
