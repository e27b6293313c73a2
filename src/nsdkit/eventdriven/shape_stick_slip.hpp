#pragma once
/// @file shape_stick_slip.hpp
/// Event-driven Coulomb stick–slip of a rigid body whose convex surface near the contact is a
/// shape (contact/contact_shapes.hpp: sphere, ellipsoid, torus) touching a fixed horizontal
/// plane at one point: the one-contact counterpart of mode_switching.hpp, for bodies whose
/// contact point moves over their surface as they roll (the rattleback).
///
/// Modes: rolling (the contact point's material velocity is zero) and slipping (it is not; the
/// friction force is -mu N u/|u|). Every transition is decided by realizability (Def 9 of the
/// two-point-contact paper for one spatial contact, contact/single_contact.hpp), never by the
/// friction cone:
///  - rolling persists while Def 9 holds; it is checked at every step end and the loss is
///    located by bisection in time on the dense output;
///  - a slipping body whose slip speed falls to `stick_threshold` is put on the discontinuity
///    set Sigma (u = 0) and rolls if Def 9 holds there; otherwise it slips on along the
///    repelling limit direction of largest radial speed (the escape direction), at
///    `escape_speed`.
///
/// Dynamics (Newton–Euler with the contact force as the unknown): with p the contact point
/// relative to the mass centre G and n the plane's normal into the body (body frame B),
///   m a_G = F + m g + F_a,   J dOmega/dt + Omega x J Omega = p x F + M + M_a,
///   du/dt = a_G + dOmega/dt x p + Omega x (Omega x p) + Omega x dp/dt,
/// with dp/dt the contact point's velocity over the surface, S^-1 (Omega x n) (Montana; it
/// depends only on the orientation, so it holds while slipping too). Rolling: du/dt = 0 gives F;
/// slipping: n . du/dt = 0 gives N of F = N (n - mu u/|u|). The height of G and the normal
/// velocity follow from the orientation; the normal velocity's drift is reported. Gravity may
/// have a component along the plane (a tilted plane seen in its own frame), F_a and M_a are a
/// constant applied force at G and torque (both in W; M drag, M_a e.g. a holding torque). The
/// horizontal position of G is the integral of v_G, taken on each step's dense output by
/// 3-point Gauss-Legendre quadrature, outside the ODE so that the step-size control (and every
/// other output) is the same as without it.
///
/// A flat face sliding on the plane (a box on its face) is a different contact: see
/// simulateFaceSliding below.
/// Frames: W fixed with z up (the plane is z = 0); B the body's axes; q rotates B into W.
/// SI units.

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <string>
#include <vector>

#include <nsdkit/contact/contact_shapes.hpp>

namespace nsd::eventdriven {

/// The contact mode of a one-contact body.
enum class ContactMode { kRolling, kSlipping };
/** @var ContactMode::kRolling
    Rolling (sticking): the contact point's velocity is zero. */
/** @var ContactMode::kSlipping
    Slipping: the contact point slides on the plane. */
/// "rolling" or "slipping".
std::string toString(ContactMode mode);

/// A rigid body touching the plane z = 0 of W with a convex surface.
struct ShapedBodyOnPlane {
  /// Mass m [kg] (> 0).
  double mass_kg = 1.0;
  Eigen::Matrix3d inertia_G_B = Eigen::Matrix3d::Identity();  ///< about G, body axes [kg m^2]
  contact::ContactShape surface;  ///< the surface near the contact; its pose relative to G in B
  double mu = 0.3;                ///< Coulomb friction coefficient (> 0)
  double gravity_m_s2 = 9.81;     ///< along -z of W (the component normal to the plane)
  /// Gravity's component along the plane (x, y of W) [m/s^2]: gravity is
  /// (gx, gy, -gravity_m_s2). Zero for a horizontal plane.
  Eigen::Vector2d gravity_along_plane_m_s2 = Eigen::Vector2d::Zero();
  Eigen::Vector3d force_W = Eigen::Vector3d::Zero();   ///< constant applied force at G [N]
  Eigen::Vector3d torque_W = Eigen::Vector3d::Zero();  ///< constant applied torque, in W [N m]
  double drag_N_m_s = 0.0;        ///< air-drag torque -drag Omega [N m s] (>= 0)
  /// @throws InvalidInput naming the field.
  void validate() const;
};

/// The body's state (the height of G follows from the orientation; the horizontal position
/// does not enter the dynamics: the plane is uniform).
struct ShapedBodyState {
  Eigen::Quaterniond orientation_WB = Eigen::Quaterniond::Identity();  ///< rotates B into W
  Eigen::Vector3d omega_B = Eigen::Vector3d::Zero();                   ///< [rad/s]
  Eigen::Vector3d velocity_G_W = Eigen::Vector3d::Zero();              ///< [m/s]
  Eigen::Vector2d position_G_W = Eigen::Vector2d::Zero();  ///< x, y of G [m]
};

/// Options of the integrator.
struct StickSlipOptions {
  double absolute_tolerance = 1e-10;  ///< Dormand–Prince 5(4) tolerances
  /// Relative tolerance of the Dormand–Prince 5(4) steps.
  double relative_tolerance = 1e-10;
  double sample_spacing_s = 1e-3;          ///< output spacing [s]
  double stick_threshold_m_s = 1e-9;       ///< slip speed treated as zero [m/s]
  double escape_speed_m_s = 1e-8;          ///< slip speed given to a contact that starts slipping
  double transition_tolerance_s = 1e-7;    ///< bisection width of a loss of realizability [s]
  /// Mode transitions allowed before the run fails with SolverFailure.
  int max_events = 10000;
};

/// A sample of the trajectory.
struct StickSlipSample {
  /// Time [s].
  double t_s = 0.0;
  /// The contact mode at t_s.
  ContactMode mode = ContactMode::kRolling;
  Eigen::Vector3d omega_B = Eigen::Vector3d::Zero();       ///< [rad/s]
  Eigen::Vector3d velocity_G_W = Eigen::Vector3d::Zero();  ///< [m/s]
  Eigen::Vector3d position_G_W = Eigen::Vector3d::Zero();  ///< G, its height from the orientation [m]
  Eigen::Quaterniond orientation_WB = Eigen::Quaterniond::Identity();  ///< rotates B into W
  double slip_speed_m_s = 0.0;                             ///< |u| tangential
  /// Normal contact force N [N] (> 0 while in contact).
  double normal_force_N = 0.0;
  double friction_ratio = 0.0;                        ///< |F_t| / N
  /// Kinetic + potential of gravity and the applied force (the applied torque's work is not
  /// included) [J].
  double energy_J = 0.0;
};

/// A mode transition.
struct StickSlipEvent {
  /// Time of the transition [s].
  double t_s = 0.0;
  ContactMode from = ContactMode::kRolling, to = ContactMode::kRolling;
  /** @var from
      The mode before the transition. */
  /** @var to
      The mode after it. */
  /// Why the mode changed, in words (e.g. "Def 9 holds: rolling").
  std::string reason;
};

/// The simulated trajectory.
struct StickSlipTrajectory {
  /// Samples every sample_spacing_s seconds.
  std::vector<StickSlipSample> samples;
  std::vector<StickSlipEvent> events;  ///< the first one is the initial decision at t = 0
  double first_slip_s = -1.0;          ///< first instant of slipping (-1: it never slips)
  double max_normal_velocity_drift_m_s = 0.0;  ///< max |u . n| (the constraint's drift)
  /// Integrator steps taken.
  int steps = 0;
};

/// Integrates from `initial` until `t_end` [s]. The initial slip velocity (tangential part of
/// v_G + Omega x p) decides the initial mode: below the stick threshold, Def 9.
/// @throws InvalidInput for an invalid body, state or options; SolverFailure when the contact
///         would be lost (N <= 0) or after `max_events` events.
StickSlipTrajectory simulateStickSlip(const ShapedBodyOnPlane& body,
                                      const ShapedBodyState& initial, double t_end,
                                      const StickSlipOptions& options = {});

/// A rigid body resting on the plane z = 0 of W with a flat face (a box on its face), sliding
/// without rotating: the face contact of the one-contact integrator.
///
/// Why translation only, exactly: with Coulomb's law at every point of the face and a uniform
/// slip velocity u, the friction resultant is -mu N u/|u| whatever the pressure distribution,
/// and its moment about the normal through G vanishes, because the moment balance about the
/// tangent axes puts the centre of pressure at mu h u/|u| (h the height of G), along u. The
/// body neither yaws nor tips while that centre stays inside the face (mu h and the load's
/// lever below the half sizes, which the caller guarantees; not checked here). Sticking, by
/// the same argument, is realizable iff the friction it needs, |F_t|, is at most mu N
/// (Def 9 for a translating body: the discontinuity set Sigma (u = 0) attracts iff the load
/// lies in the cone).
///
/// Motion: with N = -(m g + F_a) . z and the tangential load F_t, slipping obeys
/// m du/dt = F_t - mu N u/|u|; the direction of u is constant when F_t is parallel to u (or
/// zero), and the motion is then piecewise uniformly accelerated, integrated here in closed
/// form: stops at |u| m / (mu N - F_t . u/|u|) when that is positive, then sticks or slides
/// from rest along F_t with (|F_t| - mu N) / m. A non-parallel start (a curved path) is refused.
struct FaceOnPlane {
  /// Mass m [kg] (> 0).
  double mass_kg = 1.0;
  double mu = 0.3;                                            ///< Coulomb coefficient (>= 0)
  Eigen::Vector3d gravity_W = Eigen::Vector3d(0, 0, -9.81);  ///< [m/s^2], z < 0
  Eigen::Vector3d force_W = Eigen::Vector3d::Zero();         ///< constant applied force [N]
};

/// A sample of a sliding face: displacement of G from its start and velocity (z = 0), W.
struct FaceSlidingSample {
  /// Time [s].
  double t_s = 0.0;
  ContactMode mode = ContactMode::kRolling;  ///< kRolling: sticking (at rest)
  Eigen::Vector3d displacement_W = Eigen::Vector3d::Zero();  ///< [m]
  Eigen::Vector3d velocity_W = Eigen::Vector3d::Zero();      ///< [m/s]
};

/// The sliding face's trajectory: samples and mode transitions.
struct FaceSlidingTrajectory {
  std::vector<FaceSlidingSample> samples;  ///< every sample_spacing_s from t = 0 to t_end
  std::vector<StickSlipEvent> events;      ///< the first one is the initial decision
};

/// The face's motion from velocity v0 (x, y of W) until t_end [s], sampled every spacing [s].
/// @throws InvalidInput for invalid input, N <= 0 (the face lifts off), or v0 not parallel to
///         the tangential load (relative 1e-9).
FaceSlidingTrajectory simulateFaceSliding(const FaceOnPlane& face, const Eigen::Vector2d& v0_W,
                                          double t_end, double sample_spacing_s = 1e-3);

}  // namespace nsd::eventdriven
