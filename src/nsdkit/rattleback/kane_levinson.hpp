#pragma once
/// @file kane_levinson.hpp
/// The rattleback rolling without slipping on a horizontal plane, with an air-drag torque
/// T = -sigma omega (Kane & Levinson, "Realistic mathematical modeling of the rattleback",
/// 1982: eqs. (1)-(71), in the order of their Table 1; eq. (32) with the ERRATA correction
/// zeta1 = omega2 (v3 - x3') - omega3 (v2 - x2')).
///
/// Frames: body axes r1, r2, r3 along the ellipsoid axes (X3 through the mass centre, which is
/// at height h above the ellipsoid centre O); n3 points vertically down. Orientation by the
/// angles alpha, beta, gamma (successive rotations gamma r3, alpha r1, beta r2 from alignment),
/// wobble delta = acos(mu3) (39). State (alpha, beta, gamma, omega1, omega2, omega3) [rad,
/// rad/s] with omega_k = omega . r_k. SI units throughout.

#include <Eigen/Core>
#include <vector>

namespace nsd::rattleback {

/// Body parameters (defaults: Section 3 of the paper).
struct KaneLevinsonParameters {
  double a = 0.20, b = 0.03, c = 0.02;  ///< ellipsoid semi-axes [m], a > b > c > 0
  /** @var a
      Semi-axis along r1 [m] (the longest). */
  /** @var b
      Semi-axis along r2 [m]. */
  double mass = 1.0;                    ///< M [kg]
  double h = 0.01;                      ///< distance of the mass centre from O along X3 [m]
  double A = 2e-4, B = 1.6e-3, C = 1.7e-3, D = -2e-5;  ///< inertia dyadic (2) about R* [kg m^2]
  /** @var A
      Moment of inertia A of the dyadic (2) about R* [kg m^2]. */
  /** @var B
      Moment of inertia B of the dyadic (2) [kg m^2]. */
  /** @var C
      Moment of inertia C of the dyadic (2) [kg m^2]. */
  double sigma = 0.0;                                  ///< air-drag coefficient of (4) [N m s]
  double gravity = 9.81;                               ///< g [m/s^2]
  /// @throws InvalidInput for non-positive sizes/mass, h outside [0, c), non-positive-definite
  /// inertia, negative sigma.
  void validate() const;
};

/// Initial conditions (gamma(0) = 0 in the paper).
struct KaneLevinsonInitial {
  double alpha = 0.0, beta = 0.0, gamma = 0.0;      ///< [rad]
  /** @var alpha
      Angle alpha(0) of the rotation about r1 [rad]. */
  /** @var beta
      Angle beta(0) of the rotation about r2 [rad]. */
  double omega1 = 0.0, omega2 = 0.0, omega3 = 0.0;  ///< [rad/s]
  /** @var omega1
      omega1(0) = omega . r1 [rad/s]. */
  /** @var omega2
      omega2(0) = omega . r2 [rad/s]. */
};

/// State vector (alpha, beta, gamma, omega1, omega2, omega3).
using KaneLevinsonState = Eigen::Matrix<double, 6, 1>;

/// Kinematic quantities at a state (Table 1): contact point, mass-centre velocity.
struct ContactKinematics {
  Eigen::Vector3d mu;        ///< mu_k = r_k . n3 (37)
  Eigen::Vector3d contact;   ///< (x1, x2, x3) of the contact point (17)-(18) [m]
  Eigen::Vector3d velocity;  ///< (v1, v2, v3) of R* in body components (26) [m/s]
};
/// mu, the contact point and the mass-centre velocity of the body p at state s (Table 1).
ContactKinematics contactKinematics(const KaneLevinsonParameters& p, const KaneLevinsonState& s);

/// Right-hand side: (40)-(42) and (71).
KaneLevinsonState kaneLevinsonRate(const KaneLevinsonParameters& p, const KaneLevinsonState& s);

/// Total mechanical energy (kinetic + gravitational, mass-centre height above the plane) [J].
double mechanicalEnergy(const KaneLevinsonParameters& p, const KaneLevinsonState& s);

/// Integration options: Dormand-Prince 5(4) with dense output (Boost.Odeint).
struct IntegrationOptions {
  double absolute_tolerance = 1e-10;  ///< default converges the reversal time to < 1 ms
  /// Relative ODE error tolerance.
  double relative_tolerance = 1e-10;
  double sample_spacing = 1e-3;  ///< output every 1 ms [s]
};

/// A sample of the trajectory.
struct KaneLevinsonSample {
  double t, alpha, beta, gamma, delta, omega1, omega2, omega3, energy;
  /** @var t
      Time [s]. */
  /** @var alpha
      alpha [rad]. */
  /** @var beta
      beta [rad]. */
  /** @var gamma
      gamma, the heading [rad]. */
  /** @var delta
      Wobble delta = acos(mu3) [rad] (39). */
  /** @var omega1
      omega1 = omega . r1 [rad/s]. */
  /** @var omega2
      omega2 = omega . r2 [rad/s]. */
  /** @var omega3
      omega3 = omega . r3 [rad/s]. */
  /** @var energy
      Mechanical energy (mechanicalEnergy) [J]. */
};

/// Simulated trajectory.
struct KaneLevinsonTrajectory {
  /// Samples every sample_spacing seconds.
  std::vector<KaneLevinsonSample> samples;
  /// Every sign change of d gamma/dt, located on the dense output to 1e-6 s (while the body
  /// rattles there are many).
  std::vector<double> rate_sign_changes;
  /// Spin reversals: turning points of gamma after which gamma moves back by more than
  /// `reversal_hysteresis_rad` before turning again (the sustained changes of rotation sense of
  /// Figs. 3-5), at the sample of the extremum.
  std::vector<double> spin_reversals;
  /// Integrator steps taken.
  int steps = 0;
};

/// Hysteresis used for spin_reversals [rad].
inline constexpr double reversal_hysteresis_rad = 0.2;

/// Turning points of a sampled angle with hysteresis `threshold` (see spin_reversals).
std::vector<double> turningPoints(const std::vector<KaneLevinsonSample>& samples, double threshold);

/// The largest initial body rate accepted [rad/s] (a rattleback spins at tens of rad/s).
inline constexpr double kMaxInitialRate = 1e4;

/// @throws InvalidInput for invalid parameters, t_end <= 0, |alpha| >= pi/2 or an initial rate
///         beyond kMaxInitialRate; SolverFailure if the state leaves the finite range.
KaneLevinsonTrajectory simulateKaneLevinson(const KaneLevinsonParameters& p,
                                            const KaneLevinsonInitial& init, double t_end,
                                            const IntegrationOptions& options = {});

}  // namespace nsd::rattleback
