#pragma once
/// @file pade_contact.hpp
/// The rattleback as a free rigid body on a horizontal plane with permanent contact, Padé-type
/// Coulomb-Contensou friction force and moment and rolling resistance ("contact forces and
/// rolling resistance" paper, eqs. (1)-(18)).
///
/// Frames: global G X1 X2 X3 with n the upward normal of the plane; body frame C x1 x2 x3 at the
/// mass centre, axes along the ellipsoid axes, x3 up when the stone rests. k is the vector from
/// C to the ellipsoid centre O, r = -R n / sqrt(R n . n) (9) from O to the contact point A,
/// R = diag(a1^2, a2^2, a3^2) (10). Orientation by psi (about x3), theta (x1), phi (x2), so the
/// body components of n are (-sin phi cos theta, sin theta, cos phi cos theta): eq. (8) prints
/// -sin phi sin theta for the first one, which is not a unit vector; nsdkit uses the value
/// that follows from the rotation sequence. The normal reaction N comes from the
/// twice-differentiated contact constraint (7), solved algebraically with (1) and (3) (index-1
/// DAE, Sect. 2). Friction (12)-(13) and rolling resistance (14) are regularized by eps1, eps2.
/// The ODE is stiff near sticking; it is integrated by Rosenbrock4 (Boost.Odeint) with dense
/// output and a finite-difference Jacobian.
///
/// Outputs use the Kane-Levinson conventions (body X3 down, n3 down): alpha = theta,
/// beta = -phi, gamma = -psi, delta = acos(cos theta cos phi), omega_KL = (w1, -w2, -w3).

#include <Eigen/Core>
#include <string>
#include <vector>

#include <nsdkit/rattleback/kane_levinson.hpp>

namespace nsd::rattleback {

/// Parameters in SI units.
struct PadeRattlebackParameters {
  double a1 = 0.110, a2 = 0.025, a3 = 0.025;  ///< ellipsoid semi-axes [m]
  /** @var a1
      Semi-axis along x1 [m]. */
  /** @var a2
      Semi-axis along x2 [m]. */
  double mass = 0.5436;                       ///< m [kg]
  /// Inertia about C: B = [[B1, -B12, -B13], [-B12, B2, -B23], [-B13, -B23, B3]] [kg m^2].
  double B1 = 247.4e-6, B2 = 1358.9e-6, B3 = 1374.7e-6, B12 = 159.1e-6, B13 = 0, B23 = 0;
  /** @var B2
      B2 of the inertia matrix B [kg m^2]. */
  /** @var B3
      B3 of the inertia matrix B [kg m^2]. */
  /** @var B12
      B12 of the inertia matrix B (entered as -B12) [kg m^2]. */
  /** @var B13
      B13 of the inertia matrix B (entered as -B13) [kg m^2]. */
  /** @var B23
      B23 of the inertia matrix B (entered as -B23) [kg m^2]. */
  Eigen::Vector3d k = Eigen::Vector3d(0, 0, 4.46e-3);  ///< from C to O [m]
  double mu = 0.231;                                   ///< friction coefficient
  double f = 0.482e-3;                                 ///< rolling resistance coefficient [m]
  double b1 = 4.29e-3;                                 ///< [m]
  double b2 = 2.46e-3;                                 ///< [m]
  double b3 = 0.667e3;                                 ///< [1/m]
  double b4 = 2.27, b5 = 9.46;                         ///< [-]
  /** @var b4
      Rolling-resistance parameter b4 of (14) [-] (Table 1). */
  double eps1 = 1e-5;                                  ///< [m/s]
  double eps2 = 0.0530;                                ///< [m/s]
  double gravity = 9.81;                               ///< [m/s^2]
  /// @throws InvalidInput naming the field: non-positive sizes, mass, eps1, eps2 or gravity,
  ///         negative mu, f or b_i, non-finite k, or an inertia B that is not positive definite.
  void validate() const;
};

/// The experimental stone of Section 3 with the contact parameters of Table 1's model `name`
/// (A, B, C, C1, D, D1, E, F). @throws InvalidInput for an unknown name.
PadeRattlebackParameters padePreset(const std::string& name);

/// A Kane-Levinson body expressed in this model (rolling resistance off, no drilling friction,
/// friction coefficient mu and regularization eps1): the cross-check of the two models.
PadeRattlebackParameters fromKaneLevinson(const KaneLevinsonParameters& kl, double mu, double eps1);

/// Sample of a trajectory (Kane-Levinson conventions, see the file comment) plus contact data.
struct PadeRattlebackSample {
  double t, alpha, beta, gamma, delta, omega1, omega2, omega3;
  /** @var t
      Time [s]. */
  /** @var alpha
      alpha = theta [rad]. */
  /** @var beta
      beta = -phi [rad]. */
  /** @var gamma
      gamma = -psi, the heading [rad]. */
  /** @var delta
      Wobble delta = acos(cos theta cos phi) [rad]. */
  /** @var omega1
      omega1 = w1 [rad/s] (Kane-Levinson convention). */
  /** @var omega2
      omega2 = -w2 [rad/s]. */
  /** @var omega3
      omega3 = -w3 [rad/s]. */
  double normal_force;  ///< N [N]
  double slip_speed;    ///< |v_AC| [m/s]
  double height_error;  ///< (r_C + r + k) . n, the drift of the contact constraint [m]
  double energy;        ///< kinetic + potential [J]
};

/// Trajectory, with spin reversals detected as for Kane-Levinson.
struct PadeRattlebackTrajectory {
  /// Samples every sample_spacing seconds from t = 0.
  std::vector<PadeRattlebackSample> samples;
  /// Spin reversals: turning points of gamma with hysteresis reversal_hysteresis_rad [s].
  std::vector<double> spin_reversals;
  /// Integrator steps taken.
  int steps = 0;
};

/// Simulates from a state at rest on the plane with the given Kane-Levinson-convention angles
/// and angular velocity; the mass centre velocity is set so that the contact point does not
/// slip initially. @throws InvalidInput for invalid parameters; SolverFailure if contact is
/// lost (N <= 0) or the integration fails.
PadeRattlebackTrajectory simulatePadeRattleback(const PadeRattlebackParameters& p,
                                                const KaneLevinsonInitial& init, double t_end,
                                                double sample_spacing = 1e-3,
                                                double tolerance = 1e-8);

}  // namespace nsd::rattleback
