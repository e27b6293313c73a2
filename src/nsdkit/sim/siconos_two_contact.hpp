#pragma once
/// @file siconos_two_contact.hpp
/// Siconos 4.4 time-stepping model of a body with two frictional contacts whose points are fixed
/// relative to its centre (the ball in a V trough, any opening angle and mu±, a sphere of any
/// mass distribution): coordinates q = (x_C, theta) with d theta/dt = Omega, exact because the
/// contact geometry does not depend on the orientation. An isotropic body is a
/// LagrangianLinearTIDS (mass m, inertia J). Any other body is a LagrangianDS whose inertia block
/// R J_0 R^T and gyroscopic moment -Omega x J Omega are updated before every step from the
/// orientation R, which is advanced by the step's rotation (first order, like Moreau-Jean), with
/// two
/// LagrangianLinearTIR relations y = C q + e (rows: normal, t1, t2 of each contact), the
/// NewtonImpactFrictionNSL (e_n = e_t = 0, mu±) and FrictionContact(3), integrated by
/// MoreauJeanOSI (theta = 1/2) in a TimeStepping simulation. Only this folder includes Siconos;
/// the API uses Eigen and std types.
///
/// What Siconos cannot do here (4.4, Debian build): its EventDriven simulation (LsodarOSI) has no
/// friction (NewtonImpactFrictionNSL throws) and no interactions of size > 1, so frictional
/// references must come from time-stepping or from nsdkit's own event-driven integrator.

#include <Eigen/Core>
#include <string>
#include <vector>

#include <nsdkit/contact/two_contact_body.hpp>

namespace nsd::sim {

/// Options of the Siconos run (defaults from the known pitfalls).
struct SiconosOptions {
  double step = 1e-3;                  ///< h [s]
  double t_end = 0.5;                  ///< [s]; must be >= t0 + 2h (Debian's assertions)
  double activation_threshold = 1e-7;  ///< MoreauJeanOSI::setConstraintActivationThreshold
  /// Tolerance of the FrictionContact(3) solver.
  double solver_tolerance = 1e-10;
  /// Iteration limit of the FrictionContact(3) solver.
  int solver_iterations = 1000;
  double slip_threshold = 1e-6;  ///< slip speed below which a contact counts as rolling
};

/// One time step's record.
struct SiconosSample {
  /// Time at the end of the step [s].
  double t = 0.0;
  double slip_plus = 0.0, slip_minus = 0.0;               ///< tangential speeds at P± [m/s]
  /** @var slip_plus
      Tangential slip speed at P+ [m/s]. */
  Eigen::Vector3d force_plus = Eigen::Vector3d::Zero();   ///< (N, T1, T2) at P+ [N] = lambda/h
  Eigen::Vector3d force_minus = Eigen::Vector3d::Zero();  ///< (N, T1, T2) at P- [N]
  Eigen::Vector3d v_C_W = Eigen::Vector3d::Zero();        ///< centre velocity [m/s]
  Eigen::Vector3d omega_W = Eigen::Vector3d::Zero();      ///< angular velocity [rad/s]
  /// Slip velocities and tangential contact forces at P+- in W [m/s], [N] (T1 t1 + T2 t2).
  Eigen::Vector3d slip_plus_W = Eigen::Vector3d::Zero(), slip_minus_W = Eigen::Vector3d::Zero();
  /** @var slip_minus_W
      Slip velocity at P- in W [m/s] (u1 t1- + u2 t2-). */
  /// Tangential contact force at P+ in W [N]: (T1 t1+ + T2 t2+) = impulse / h.
  Eigen::Vector3d friction_plus_W = Eigen::Vector3d::Zero();
  /// Tangential contact force at P- in W [N]: (T1 t1- + T2 t2-) = impulse / h.
  Eigen::Vector3d friction_minus_W = Eigen::Vector3d::Zero();
};

/// A Siconos run and its classification from the slip at the end of the run.
struct SiconosRun {
  /// One record per time step, t = h, 2h, ...
  std::vector<SiconosSample> samples;
  std::string observed_mode;      ///< "RR", "RS", "SR" or "SS" (R = slip speed below threshold)
  double slip_onset_time = -1.0;  ///< first time a contact exceeds the slip threshold (-1: never)
  /// Steps where the friction-contact solver reported non-convergence (Siconos prints
  /// "Non smooth solver warning"; captured here instead of on stdout).
  int solver_warnings = 0;
  double seconds = 0.0;  ///< wall time
};

/// Runs Siconos from rest (or from v_C, Omega) for the body (its omega_a is ignored).
/// @throws InvalidInput for invalid options; SolverFailure if Siconos throws.
SiconosRun simulateSiconos(const contact::TwoContactBody& body, const Eigen::Vector3d& v_C0_W,
                           const Eigen::Vector3d& omega0_W, const SiconosOptions& options = {});

/// A frictionless reference run with Siconos EventDriven (LsodarOSI, LCPs at impact and
/// acceleration level, NewtonImpactNSL on the two normal contacts): where EventDriven applies.
/// With frictionless contacts the torque only spins the body: d Omega/dt = J^-1 (M_e - ...).
struct SiconosEventDrivenRun {
  std::vector<double> t;                 ///< event/output times [s]
  std::vector<Eigen::Vector3d> omega_W;  ///< angular velocity [rad/s]
  std::vector<Eigen::Vector3d> v_C_W;    ///< centre velocity [m/s]
  /// Wall time of the run [s].
  double seconds = 0.0;
};

/// Runs the frictionless body (friction coefficients are ignored) from rest to t_end with
/// outputs every `step` seconds. @throws SolverFailure if Siconos throws.
SiconosEventDrivenRun simulateSiconosEventDrivenFrictionless(const contact::TwoContactBody& body,
                                                             double t_end, double step = 1e-2);

}  // namespace nsd::sim
