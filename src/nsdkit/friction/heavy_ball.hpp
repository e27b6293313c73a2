#pragma once
/// @file heavy_ball.hpp
/// The heavy (billiard) ball sliding, whirling and rolling on a rough plane with combined dry
/// friction (Kireenkov, eqs. (11)-(18)).
///
/// Frame: fixed OXYZ with Z up; the ball centre moves at height R_b. State
/// (x, y, dx/dt, dy/dt, omega_x, omega_y, omega_z) in SI-consistent units of the caller.
/// Slip velocity of the contact centre (13): v_x = dx/dt - R_b omega_y, v_y = dy/dt + R_b omega_x,
/// v = |(v_x, v_y)|, alpha its direction (14); whirl u = omega_z R (R = contact radius).
/// Rolling: the horizontal angular velocity in the slip frame gives Omega_r and beta (3);
/// k_r = k_r0 while Omega_r > 0, 0 otherwise (eq. (2)).
/// Forces and torques (12) with N = m g, J = (2/5) m R_b^2 (11), integrated as (15) with
/// Boost.Odeint (Dormand-Prince 5(4), dense output). Once both slip and whirl have vanished
/// (|v| and |u| below `stop_fraction` of their initial scale) the ball rolls on at constant
/// velocity (the model has no friction force then) until t_end.

#include <string>
#include <vector>

#include <nsdkit/friction/combined_friction.hpp>

namespace nsd::friction {

/// Parameters of the heavy ball. The paper gives no values for Figs. 6-7; the dimensionless
/// defaults m = g = R_b = f = R = 1, k_r0 = 0.5 put sliding and whirling on the same time scale,
/// as in Fig. 7 (eq. (18) is written with R = R_b = 1).
struct HeavyBallParameters {
  double mass = 1.0;                  ///< m_b
  double ball_radius = 1.0;           ///< R_b
  double gravity = 1.0;               ///< g
  double friction = 1.0;              ///< f (Coulomb coefficient)
  double contact_radius = 1.0;        ///< R (radius of the contact circle)
  double k_r0 = 0.5;                  ///< rolling asymmetry coefficient while rolling, in [0, 1]
  bool exact_model = false;           ///< exact integrals (6) instead of the Pade model (10)
  double exact_tolerance = 1e-7;      ///< relative quadrature tolerance of the exact model
  double absolute_tolerance = 1e-10;  ///< ODE error tolerances
  /// Relative ODE error tolerance.
  double relative_tolerance = 1e-10;
  double stop_fraction = 1e-7;  ///< slip and whirl "vanished" below this fraction
  /// @throws InvalidInput naming the field: non-positive m, R_b, g or R, f < 0, R > R_b,
  ///         k_r0 outside [0, 1], or a non-positive tolerance or stop fraction.
  void validate() const;
};

/// Initial conditions of Fig. 6-7: v(0) along X, whirl u(0), no rolling.
struct HeavyBallInitial {
  /// v(0): slip speed along X [speed units] (>= 0).
  double v0 = 1.0;
  /// u(0) = omega_z(0) R: whirl [speed units] (v0 and u0 not both 0).
  double u0 = 3.0;
};

/// One output sample.
struct HeavyBallSample {
  double t, x, y, v, u, alpha, omega_x, omega_y, omega_z;
  /** @var t
      Time. */
  /** @var x
      Centre position X. */
  /** @var y
      Centre position Y. */
  /** @var v
      Slip speed |(v_x, v_y)| of the contact centre (13). */
  /** @var u
      Whirl u = omega_z R. */
  /** @var alpha
      Direction of the slip velocity [rad] (14). */
  /** @var omega_x
      Angular velocity about X. */
  /** @var omega_y
      Angular velocity about Y. */
  /** @var omega_z
      Angular velocity about Z. */
};

/// A simulated trajectory.
struct HeavyBallTrajectory {
  std::vector<HeavyBallSample> samples;  ///< at the requested spacing, plus the final state
  double slip_stop_time = -1.0;          ///< first time v < stop threshold (-1: not reached)
  double whirl_stop_time = -1.0;         ///< first time |u| < stop threshold (-1: not reached)
  /// Integrator steps taken.
  int steps = 0;
  double energy_initial = 0.0;  ///< kinetic energy at t = 0
  /// Kinetic energy at t_end.
  double energy_final = 0.0;
};

/// Simulates until t_end; reports when slip and whirl stopped.
/// @throws InvalidInput for invalid parameters or t_end <= 0, sample_spacing <= 0.
HeavyBallTrajectory simulateHeavyBall(const HeavyBallParameters& p, const HeavyBallInitial& init,
                                      double t_end, double sample_spacing);

}  // namespace nsd::friction
