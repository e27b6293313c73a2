#pragma once
/// @file single_contact.hpp
/// A rigid body with one contact point (two-point-contact paper, Sect. 4.2): realizable
/// rolling/sticking by Def 9 (spatial, extended Filippov system, codimension 2) and by Def 5
/// (planar, classical Filippov system, codimension 1). For comparison, the Coulomb "possibility"
/// test (Def 1 generalized): the unique sticking force lies strictly inside the friction cone.
/// Realizability and possibility coincide for Coulomb friction (Theorem 4 of the paper's ref.
/// [4]); the tests check this.
///
/// Frames: all vectors in one frame W; n_W points into the body; the tangent basis (t1, t2) is
/// any right-handed completion with t2 = n x t1. Contact kinematics as in two_contact_body.hpp.

#include <Eigen/Core>

#include <nsdkit/contact/friction_law.hpp>
#include <nsdkit/filippov/codim1.hpp>
#include <nsdkit/filippov/codim2.hpp>

namespace nsd::contact {

/// A spatial rigid body with one contact, at a sticking state (v_P = 0).
struct SingleContactBody {
  double mass = 1.0;                                            ///< m [kg].
  Eigen::Matrix3d inertia_C_W = Eigen::Matrix3d::Identity();    ///< J about C [kg m^2].
  Eigen::Vector3d r_CP_W = -Eigen::Vector3d::UnitZ();           ///< r = CP [m].
  Eigen::Vector3d n_W = Eigen::Vector3d::UnitZ();               ///< unit normal into the body.
  Eigen::Vector3d t1_W = Eigen::Vector3d::UnitX();              ///< unit tangent, ⊥ n.
  Eigen::Vector3d force_external_W = Eigen::Vector3d::Zero();   ///< F_e at C [N].
  Eigen::Vector3d torque_external_W = Eigen::Vector3d::Zero();  ///< M_e about C [N m].
  Eigen::Vector3d omega_W = Eigen::Vector3d::Zero();            ///< Omega [rad/s] (gyroscopic).
  /// The friction law at the contact (mu = 0.3 Coulomb by default).
  FrictionLaw friction = FrictionLaw::coulomb(0.3);
  /// Contact-point acceleration not produced by forces [m/s^2] (as in two_contact_body.hpp).
  Eigen::Vector3d bias_W = Eigen::Vector3d::Zero();
};

/// Def 9 realizability and the Coulomb possibility test of one spatial contact.
struct SingleContactRealizability {
  bool realizable = false;          ///< attracting sliding point (Def 9).
  filippov::Codim2Result analysis;  ///< limit directions in the (u1, u2) plane.
  bool possible = false;            ///< sticking force strictly inside the cone, N > 0.
  Eigen::Vector3d sticking_force = Eigen::Vector3d::Zero();  ///< (N, T1, T2) [N].
  bool contact_loss = false;                                 ///< sticking normal force N <= 0.
};

/// Default options of the one-contact analysis: the filippov defaults without the interval
/// re-check (filippov::Codim2Options::certify), which costs about 50 times the search itself
/// (docs/benchmarks.md); parameter sweeps call the analysis per point. Results are then
/// Completeness::kFloatingPointBounds; set certify for a certified verdict.
inline filippov::Codim2Options singleContactCodim2Options() {
  filippov::Codim2Options options;
  options.certify = false;
  return options;
}

/// Analyses one spatial contact. @throws InvalidInput for invalid mass/inertia/geometry/friction.
SingleContactRealizability analyzeSingleContact(
    const SingleContactBody& body,
    const filippov::Codim2Options& options = singleContactCodim2Options());

/// Tangential acceleration (du1, du2) [m/s^2] of the slip velocity when slipping in direction
/// lambda = (cos phi, sin phi) in (t1, t2), together with the normal force N [N].
struct SingleContactSlip {
  /// (du1/dt, du2/dt) [m/s^2] in (t1, t2).
  Eigen::Vector2d tangential_acceleration = Eigen::Vector2d::Zero();
  /// N [N] while slipping in that direction.
  double normal_force = 0.0;
};
/// The slip accelerations and normal force of `body` slipping in direction phi_rad [rad] from
/// t1 towards t2 (the limit field whose directions analyzeSingleContact searches).
SingleContactSlip singleContactSlip(const SingleContactBody& body, double phi_rad);

/// A planar rigid body (motion in the x-y plane of W) with one contact.
struct PlanarContactBody {
  double mass = 1.0;                                           ///< m [kg].
  double inertia_C = 1.0;                                      ///< J_zz about C [kg m^2].
  Eigen::Vector2d r_CP_W = -Eigen::Vector2d::UnitY();          ///< r [m].
  Eigen::Vector2d n_W = Eigen::Vector2d::UnitY();              ///< unit normal into the body.
  Eigen::Vector2d force_external_W = Eigen::Vector2d::Zero();  ///< F_e [N].
  double torque_external = 0.0;                                ///< M_e [N m].
  double omega = 0.0;                                          ///< [rad/s] (unused: planar).
  /// The friction law at the contact (mu = 0.3 Coulomb by default).
  FrictionLaw friction = FrictionLaw::coulomb(0.3);
};

/// Def 5 realizability and the possibility test of a planar contact. The slip coordinate is
/// u = <v_P, t> with t = (-n_y, n_x), n rotated by +90 degrees about z.
struct PlanarContactRealizability {
  bool realizable = false;  ///< attracting sliding point (Def 5).
  /// The point u = 0 classified from du/dt on its two sides (Def 4).
  filippov::Codim1Classification classification;
  double du_slipping_positive = 0.0;                         ///< du/dt for u -> 0+ [m/s^2].
  double du_slipping_negative = 0.0;                         ///< du/dt for u -> 0- [m/s^2].
  bool possible = false;                                     ///< |T| < mu N, N > 0.
  Eigen::Vector2d sticking_force = Eigen::Vector2d::Zero();  ///< (N, T) [N].
  /// A normal force <= 0: at sticking, or while slipping either way.
  bool contact_loss = false;
};

/// Analyses one planar contact (Def 5 and the Coulomb possibility test).
/// @throws InvalidInput for non-positive mass or inertia, or invalid geometry or friction.
PlanarContactRealizability analyzePlanarContact(const PlanarContactBody& body);

}  // namespace nsd::contact
