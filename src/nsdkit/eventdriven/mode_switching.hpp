#pragma once
/// @file mode_switching.hpp
/// nsdkit's event-driven mode-switching integrator for a rigid body with two frictional contacts
/// whose contact geometry is fixed relative to the mass centre in the world frame (a ball in a
/// trough, a sphere with any mass distribution between two planes: the contact points and normals
/// do not depend on the orientation). The state is the quasi-velocity vector
/// s = (u1+, u1-, u_a, Omega_a) of eq. (25) and the orientation (a unit quaternion from the
/// initial one); the mode is SS, RS, SR or RR (Sect. 2.5).
///
/// Dynamics are exact for any inertia tensor: J rotates with the body (J(t) = R J_0 R^T) and the
/// gyroscopic term is the full Omega x J Omega, with Omega recovered from s by (8), (11), (15).
/// For an isotropic body W is built once; an anisotropic body rebuilds it from the orientation
/// at each right-hand-side call (it depends on the state). For bodies whose contact geometry
/// changes with the orientation (a wheelset that yaws), the fixed geometry is the first-order
/// model of the paper's Sect. 2 and exact at Sigma# only.
///
/// Each mode's smooth field is integrated by Dormand-Prince 5(4) with dense output (Boost.Odeint);
/// events are located on the dense output with Boost.Math toms748_solve:
///  - SS: the slip speed at P+ or P- falls to `stick_threshold`;
///  - RS / SR: the slip velocity u1- (u1+) of the slipping contact changes sign, or the rolling
///    contact's tangential force reaches the friction cone (rolling at one point has determined
///    forces, Table 2).
/// Every transition is decided by realizability, never by the undetermined RR forces:
///  - reaching Sigma+ or Sigma- from SS: Def 9 on the extended Filippov system of F_SS there;
///  - reaching Sigma# (from SS, RS or SR) or starting in RR: Def 11;
///  - leaving: along a repelling limit direction (SS) or the outflowing side (RS/SR).
/// RR persists while Def 11 holds (checked at every step end, located by bisection in time).

#include <string>
#include <vector>

#include <nsdkit/contact/two_contact_body.hpp>

namespace nsd::eventdriven {

/// The kinematic mode.
enum class Mode { kSS, kRS, kSR, kRR };
/** @var Mode::kSS
    Slipping at P+ and at P-. */
/** @var Mode::kRS
    Rolling at P+, slipping at P-. */
/** @var Mode::kSR
    Slipping at P+, rolling at P-. */
/** @var Mode::kRR
    Rolling at both points (on Sigma#). */
/// "SS", "RS", "SR" or "RR".
std::string toString(Mode mode);

/// Options of the integrator.
struct ModeSwitchingOptions {
  double absolute_tolerance = 1e-10;  ///< ODE tolerances
  /// Relative tolerance of the Dormand-Prince 5(4) steps.
  double relative_tolerance = 1e-10;
  double sample_spacing = 1e-3;   ///< output spacing [s]
  double stick_threshold = 1e-9;  ///< slip speed treated as zero [m/s]
  double escape_speed = 1e-8;     ///< slip speed given to a contact that starts slipping [m/s]
  /// Mode transitions allowed before the run fails with SolverFailure.
  int max_events = 10000;
};

/// A sample of the trajectory.
struct ModeSample {
  /// Time [s].
  double t;
  /// The mode at t.
  Mode mode;
  double u1_plus, u1_minus, u_a, omega_a;  ///< quasi-velocities (25)
  /** @var u1_plus
      u1+ = <v+, t1+>, slip velocity at P+ along t1+ [m/s] (eq. (25)). */
  /** @var u1_minus
      u1- = <v-, t1->, slip velocity at P- along t1- [m/s] (eq. (25)). */
  /** @var u_a
      u_a [m/s] (eq. (25)): the slip velocities along t2± are u2± = c± u_a ((7), ERRATA item 5). */
  Eigen::Vector3d v_C_W;                   ///< centre velocity [m/s]
  double kinetic_energy;                   ///< [J]
  double dissipated;                       ///< friction work so far (>= 0) [J]
  double external_work;                    ///< work of F_e and M_e so far [J]
};

/// A mode transition.
struct ModeEvent {
  /// Time of the transition [s].
  double t;
  Mode from, to;
  /** @var from
      The mode before the transition. */
  /** @var to
      The mode after it. */
  /// Why the mode changed, in words (the event or the realizability verdict).
  std::string reason;
};

/// The simulated trajectory.
struct ModeTrajectory {
  /// Samples every sample_spacing seconds.
  std::vector<ModeSample> samples;
  /// The mode transitions, the first being the initial mode decision at t = 0.
  std::vector<ModeEvent> events;
  /// Integrator steps taken.
  int steps = 0;
};

/// Integrates from quasi-velocities s0 (those of contacts below the stick threshold are set to
/// exactly zero and the initial mode decided by realizability).
/// `body` gives the configuration, J in the initial orientation and the loads.
/// @throws InvalidInput for invalid input; SolverFailure on contact loss or too many events.
ModeTrajectory simulateModeSwitching(const contact::TwoContactBody& body, const Eigen::Vector4d& s0,
                                     double t_end, const ModeSwitchingOptions& options = {});

}  // namespace nsd::eventdriven
