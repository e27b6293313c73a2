#pragma once
/// @file siconos_one_plane.hpp
/// Siconos 4.4 time-stepping model of one rigid body (a sphere, a box or an ellipsoid) on one
/// static plane: the one-plane families of the validation (incline, launch, creep, block,
/// rattleback) in Siconos's own rigid-body formulation.
///
/// Model (Siconos's Newton-Euler formalism, modelling kept apart from the simulation):
///  - the body is a NewtonEulerDS, q = (x_G, quaternion), twist = (v_G in W, Omega in the body
///    frame S), mass m and inertia J_S; gravity and the constant applied force are its external
///    force in W, the applied torque its external moment in W (setIsMextExpressedInInertialFrame)
///    and Siconos adds the gyroscopic moment -Omega x J_S Omega:
///      m dv_G/dt = m g + F_a + sum_k R_k,   J_S dOmega/dt + Omega x J_S Omega = R^T M_a + ...;
///  - each contact is a NewtonEuler3DR whose gap y = <n, p_k> - offset and contact point p_k are
///    recomputed from the current pose before every use (computeh): a sphere's lowest point
///    x_G - r n; an ellipsoid's support point towards -n (it moves over the surface as the body
///    rolls: the rattleback); a box's four corners of the face towards the plane, each its own
///    Coulomb contact (what a rigid solver with point contacts does with a face);
///  - NewtonImpactFrictionNSL (e_n = e_t = 0, mu), FrictionContact(3), MoreauJeanOSI
///    (theta = 1/2), TimeStepping with its Newton loop on the nonlinear relations; since a
///    contact point that moves over the body (the ellipsoid's) makes Moreau-Jean's end-of-step
///    Jacobian dissipate O(h) (it damped the rattleback's wobble until it never reversed at
///    h = 1e-3), the velocity Jacobian is taken at the mid-step pose and Signorini-Coulomb is
///    imposed on a second-order estimate of the end-of-step velocity of the material contact
///    point (the .cpp's MidStepMoreauJeanOSI); the contact law is unchanged (no restitution).
/// Only this folder includes Siconos; the API uses Eigen and std types.

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <vector>

#include <nsdkit/sim/siconos_two_contact.hpp>

namespace nsd::sim {

/// The body's shape; its frame S is centred at the mass centre G.
enum class OnePlaneShape { kSphere, kBox, kEllipsoid };
/** @var OnePlaneShape::kSphere
    A sphere of radius radius_m: one contact at its lowest point. */
/** @var OnePlaneShape::kBox
    A box of half extents half_extents_m: four contacts, the corners of the face towards the plane.
    */
/** @var OnePlaneShape::kEllipsoid
    An ellipsoid of semi-axes half_extents_m: one contact at its support point towards -n. */

/// One body on the plane {p : <n, p> = offset} (n unit, towards the body), in one frame W.
struct OnePlaneScene {
  /// Which shape the body has.
  OnePlaneShape shape = OnePlaneShape::kSphere;
  double radius_m = 0.05;  ///< sphere radius [m]
  Eigen::Vector3d half_extents_m = Eigen::Vector3d::Constant(0.05);  ///< box / ellipsoid [m]
  Eigen::Vector3d shape_offset_S = Eigen::Vector3d::Zero();  ///< shape centre from G, in S [m]
  /// Mass m [kg] (> 0).
  double mass_kg = 1.0;
  Eigen::Matrix3d inertia_C_W = Eigen::Matrix3d::Identity() * 1e-3;  ///< about G at t = 0 [kg m^2]
  Eigen::Vector3d gravity_W = Eigen::Vector3d(0, 0, -9.81);  ///< [m/s^2]
  Eigen::Vector3d force_W = Eigen::Vector3d::Zero();         ///< constant, at G [N]
  Eigen::Vector3d torque_W = Eigen::Vector3d::Zero();        ///< constant, in W [N m]
  /// Initial orientation: rotates S into W.
  Eigen::Quaterniond q0_WS = Eigen::Quaterniond::Identity();
  Eigen::Vector3d centre0_W = Eigen::Vector3d::Zero();   ///< [m]
  Eigen::Vector3d v_C0_W = Eigen::Vector3d::Zero();      ///< [m/s]
  Eigen::Vector3d omega0_W = Eigen::Vector3d::Zero();    ///< [rad/s]
  /// The plane's unit normal n, towards the body.
  Eigen::Vector3d plane_normal_W = Eigen::Vector3d::UnitZ();
  /// The plane's offset: its points p satisfy <n, p> = offset [m].
  double plane_offset_m = 0.0;
  double mu = 0.3;  ///< Coulomb coefficient [-]
};

/// One time step's record, in the scene's frame W.
struct SiconosOnePlaneSample {
  double t = 0.0;                                            ///< [s]
  Eigen::Vector3d x_C_W = Eigen::Vector3d::Zero();           ///< mass centre [m]
  Eigen::Quaterniond q_WS = Eigen::Quaterniond::Identity();  ///< body orientation
  Eigen::Vector3d v_C_W = Eigen::Vector3d::Zero();           ///< [m/s]
  Eigen::Vector3d omega_W = Eigen::Vector3d::Zero();         ///< [rad/s]
  double normal_force_N = 0.0;  ///< sum of the contacts' normal impulses / h [N]
};

/// A run of the one-plane model.
struct SiconosOnePlaneRun {
  std::vector<SiconosOnePlaneSample> samples;  ///< every step, t = h, 2h, ...
  int contact_points = 0;                      ///< 1 (sphere, ellipsoid) or 4 (box)
  /// Steps where the friction-contact solver reported non-convergence (captured stdout).
  int solver_warnings = 0;
  double seconds = 0.0;  ///< wall time
};

/// Runs the scene with the step and duration of `options`. @throws InvalidInput for invalid
/// options or scene values; SolverFailure if Siconos throws.
SiconosOnePlaneRun simulateSiconosOnePlane(const OnePlaneScene& scene,
                                           const SiconosOptions& options);

}  // namespace nsd::sim
