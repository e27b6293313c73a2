#pragma once
/// @file two_contact_body.hpp
/// A rigid body in contact with two fixed surfaces at P+ and P- (two-point-contact paper,
/// Sects. 2-3 and 5), at one configuration and at a two-point rolling state x_bar in Sigma#.
///
/// Frames and notation: every vector is expressed in one frame W (the caller's; e.g. fixed to
/// the trough). r_CP±_W = CP± [m], n±_W the unit surface normals pointing into the body, so the
/// normal contact force N± n± with N± > 0 pushes the body. Bases (1)-(3) with ERRATA item 1:
///   a = (r+ - r-)/|r+ - r-|, t1± = a x n± / |a x n±|, t2± = n± x t1±,  c± = 1/<t2±, a> (7).
/// Quasi-velocities s = (u1+, u1-, u_a, Omega_a) of eq. (25); Sigma# = {u1+ = u1- = u_a = 0}.
///
/// Dynamics: Newton-Euler (14) written with the Delassus operator W = H M^-1 H^T in the contact
/// coordinates (N+, T1+, T2+, N-, T1-, T2-): contact-point accelerations a = W f + a_free.
/// The slip velocity v± = v_C + Omega x r± is differentiated with r± and the bases held fixed in
/// W; this is exact for a ball on fixed planes and for any body whose contact points do not move
/// relative to C in W. Other geometries add their curvature terms through `bias_plus_W` and
/// `bias_minus_W` (contact-point acceleration not produced by forces [m/s^2]).
///
/// The four kinematic cases (Sect. 2.5, Table 2):
///  - SS: T± = -mu± N± lambda±, 2 unknown normal forces (eqs. (44)-(48));
///  - RS: rolling at P+ (3 unknowns), slipping at P- along t1- (eq. (64)), 1 unknown N-;
///  - SR: mirror of RS (eq. (66));
///  - RR: six unknown force components but only five independent constraints: the contact
///        forces are undetermined along one direction (Sect. 3.3), reported as a null vector.

#include <Eigen/Core>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nsdkit/contact/friction_law.hpp>
#include <nsdkit/filippov/codim1.hpp>
#include <nsdkit/filippov/codim3.hpp>

namespace nsd::contact {

/// The body, its contacts and its loads at one configuration, all in frame W: a constant
/// description. The velocity state (the rolling rate Omega_a at Sigma#, or the full Omega off it)
/// is not part of it; it is passed to TwoContactDynamics.
struct TwoContactBody {
  double mass = 1.0;                                            ///< m [kg] > 0.
  Eigen::Matrix3d inertia_C_W = Eigen::Matrix3d::Identity();    ///< J about C [kg m^2], SPD.
  Eigen::Vector3d r_CPplus_W = Eigen::Vector3d::Zero();         ///< r+ [m].
  Eigen::Vector3d r_CPminus_W = Eigen::Vector3d::Zero();        ///< r- [m].
  Eigen::Vector3d n_plus_W = Eigen::Vector3d::UnitY();          ///< n+ (unit, into the body).
  Eigen::Vector3d n_minus_W = Eigen::Vector3d::UnitX();         ///< n- (unit, into the body).
  Eigen::Vector3d force_external_W = Eigen::Vector3d::Zero();   ///< F_e at C [N].
  Eigen::Vector3d torque_external_W = Eigen::Vector3d::Zero();  ///< M_e about C [N m].
  FrictionLaw friction_plus = FrictionLaw::coulomb(0.3);        ///< law at P+.
  FrictionLaw friction_minus = FrictionLaw::coulomb(0.3);       ///< law at P-.
  Eigen::Vector3d bias_plus_W = Eigen::Vector3d::Zero();        ///< see file comment [m/s^2].
  Eigen::Vector3d bias_minus_W = Eigen::Vector3d::Zero();       ///< see file comment [m/s^2].
};

/// Bases (1)-(3) and the factors c± of (7).
struct ContactBases {
  /// a = (r+ - r-)/|r+ - r-|, the unit vector from P- to P+ (eq. (1)).
  Eigen::Vector3d a_W;
  Eigen::Vector3d t1_plus_W, t2_plus_W, t1_minus_W, t2_minus_W;
  /** @var t1_plus_W
      t1+ = a x n+ / |a x n+| (eq. (2)). */
  /** @var t2_plus_W
      t2+ = n+ x t1+ (eq. (3)). */
  /** @var t1_minus_W
      t1- = a x n- / |a x n-| (eq. (2)). */
  /** @var t2_minus_W
      t2- = n- x t1- (eq. (3) with ERRATA item 1). */
  double c_plus = 1.0;   ///< 1/<t2+, a> [-], >= 1.
  double c_minus = 1.0;  ///< 1/<t2-, a> [-], >= 1.
};

/// Builds the bases. @throws InvalidInput for coincident contact points, non-unit normals, or
/// r+ - r- parallel to n+ or n- (the degenerate cases excluded after eq. (3)).
ContactBases contactBases(const Eigen::Vector3d& r_CPplus_W, const Eigen::Vector3d& r_CPminus_W,
                          const Eigen::Vector3d& n_plus_W, const Eigen::Vector3d& n_minus_W);

/// Time derivatives of the quasi-velocities (25) and of the body velocity in one case.
struct QuasiAccelerations {
  double du1_plus = 0.0;                               ///< [m/s^2]
  double du1_minus = 0.0;                              ///< [m/s^2]
  double du_a = 0.0;                                   ///< [m/s^2]
  double domega_a = 0.0;                               ///< [rad/s^2]
  Eigen::Vector3d dv_C_W = Eigen::Vector3d::Zero();    ///< centre acceleration [m/s^2].
  Eigen::Vector3d domega_W = Eigen::Vector3d::Zero();  ///< angular acceleration [rad/s^2].
  double normal_plus = 0.0;   ///< N+ [N] (for RR: of the minimum-norm force solution).
  double normal_minus = 0.0;  ///< N- [N].
  /// Contact forces (N+, T1+, T2+, N-, T1-, T2-) [N] (for RR: minimum-norm solution).
  Eigen::Matrix<double, 6, 1> contact_forces = Eigen::Matrix<double, 6, 1>::Zero();

  /// The normal-space part (du1+, du1-, du_a) at Sigma# (coordinates of codim3.hpp).
  Eigen::Vector3d normalPart() const { return {du1_plus, du1_minus, du_a}; }
};

/// The RR case: accelerations and the undetermined contact-force directions (Table 2).
struct RollingRollingResult {
  /// The rolling motion's accelerations (RR case, minimum-norm contact forces).
  QuasiAccelerations accelerations;
  /// Basis of the contact-force directions that change no acceleration (6 x k, unit columns in
  /// contact coordinates). For two fixed surfaces k = 1: +a at P+ and -a at P- (a squeeze).
  Eigen::MatrixXd free_force_directions;
  double consistency_residual = 0.0;  ///< |W f + a_free| of the solution [m/s^2].
};

/// One escape mode from two-point rolling (Def 11), in the CLI order RS, SR, SS.
enum class EscapeMode { kRS, kSR, kSS };
/** @var EscapeMode::kRS
    Rolling at P+, slipping at P-. */
/** @var EscapeMode::kSR
    Slipping at P+, rolling at P-. */
/** @var EscapeMode::kSS
    Slipping at both points. */
/// "RS", "SR" or "SS".
std::string toString(EscapeMode mode);

/// How the SS limit directions at Sigma# are searched.
enum class SlipSlipSearch {
  /// The SS field is rational in the slip directions (slipSlipRationalField): rational search
  /// with exact derivatives (filippov::analyzeCodim3 for TrigRationalSphereField). Default.
  kRationalField,
  /// The SS field as a black box sampled on the sphere (filippov::analyzeCodim3 for SphereField),
  /// kept as an independent check.
  kSampledField,
};

/// Default options of the rational SS limit-direction search: the filippov defaults with the
/// coarser initial grid of 8 cells per side (RationalCodim3Options::initial_grid) and without
/// the interval re-check (RationalCodim3Options::certify; Completeness::kFloatingPointBounds).
/// SS fields of bodies like the ball in the trough have few limit directions, and for those the
/// smaller table of initial node tests is cheaper than the finer default grid; the re-check
/// costs several hundred times the search, and sweeps classify per point (docs/benchmarks.md).
/// Set certify for a certified SS verdict.
inline filippov::RationalCodim3Options slipSlipRationalOptions() {
  filippov::RationalCodim3Options options;
  options.initial_grid = 8;
  options.certify = false;
  return options;
}

/// Default options of the sampled SS search: the quadtree without the bilinear fit
/// (SampledCodim3Options::fit_bilinear_fields). It is the independent check of the rational
/// route, and SS fields are rational in the slip directions (the normal forces' determinant D
/// varies), so a fit of degree (1, 1) would only cost its 40 evaluations.
inline filippov::SampledCodim3Options slipSlipSampledOptions() {
  filippov::SampledCodim3Options options;
  options.fit_bilinear_fields = false;
  return options;
}

/// Options of the two-point realizability analysis.
struct RealizabilityOptions {
  /// SS limit-direction search: the rational route (default) and the sampled one.
  filippov::RationalCodim3Options ss_rational = slipSlipRationalOptions();
  /// Options of the sampled route (used when ss_search says so).
  filippov::SampledCodim3Options ss_sampled = slipSlipSampledOptions();
  /// Which of the two routes searches the SS directions.
  SlipSlipSearch ss_search = SlipSlipSearch::kRationalField;
  /// Relative tolerance of the codimension-1 zero test (tangency), times the limit-vector size.
  double codim1_tolerance_relative = 1e-12;
  /// Also solve the RR case (the rolling motion and its free contact-force directions, Table 2)
  /// into TwoPointRealizability::rr. Def 11 does not use it, so callers that only classify
  /// (models::classifyGeneric, `nsdkit classify`) switch it off; rr is then left default.
  bool analyze_roll_roll = true;
};

/// A warm start for the SS part of Def 11 in sweeps (TwoContactDynamics::analyzeRealizability):
/// the slip angles of the previous point's non-attracting SS directions. A verdict-only shortcut:
/// when an equator arc or Newton's method from a seed gives a non-attracting direction of this
/// point (filippov::findNonAttractingDirection, its type decided with a margin) and no SS direction
/// can lose contact (the SS normal forces are positive on the whole sphere), SS is an escape
/// whatever the other directions are, and the complete search is skipped. The escapes, the
/// contact loss and the verdict are those of the complete search; TwoPointRealizability::ss
/// then lists that one direction (Completeness::kEscapeFound). Anything else runs the search;
/// if that search is left incomplete but found such a deciding direction, its completeness is
/// kEscapeFound too (the verdict is decided, seed or no seed), not kPossiblyIncomplete.
/// Not used with a certified search (RationalCodim3Options::certify) or the sampled field.
struct SlipSlipWarmStart {
  /// Read as seeds; replaced by this point's non-attracting directions (none when it has none).
  std::vector<filippov::AnglePair> seeds;
  std::size_t shortcuts = 0;  ///< points decided by a seed so far (for tests and benchmarks)
};

/// Realizability of two-point rolling at x_bar (Def 11).
struct TwoPointRealizability {
  /// True when two-point rolling is realizable: no escape mode (Def 11).
  bool realizable = false;
  /// Failing modes, ordered RS, SR, SS; empty iff realizable. A mode whose slip loses contact
  /// (a normal force <= 0) fails too.
  std::vector<EscapeMode> escapes;
  /// RS: Sigma# inside Sigma+ as the codim-1 set {u1- = 0}; F1* for u1- -> 0+, F2* for 0-.
  filippov::Codim1Classification rs;
  filippov::Codim1Classification sr;                        ///< SR: switching variable u1+.
  QuasiAccelerations rs_plus, rs_minus, sr_plus, sr_minus;  ///< the four one-point-slip fields.
  /** @var rs_plus
      The RS field for u1- -> 0+ (F1* of rs). */
  /** @var rs_minus
      The RS field for u1- -> 0- (F2* of rs). */
  /** @var sr_plus
      The SR field for u1+ -> 0+ (F1* of sr). */
  filippov::Codim3Result ss;  ///< SS limit directions at Sigma# (Def 10).
  /// SS limit directions that are not attracting (repelling or neutral), or along which the
  /// slip loses contact: the escapes.
  std::vector<filippov::Codim3LimitDirection> offending_ss_directions;
  /// A normal force <= 0 appeared in an RS/SR field or at an SS limit direction.
  bool contact_loss = false;
  /// Where contact was lost, in words: each field with its N+ and N- [N].
  std::string contact_loss_detail;
  /// The rolling motion itself (78 for the ball); default unless analyze_roll_roll is set.
  RollingRollingResult rr;
};

/// Def 11's verdict alone (TwoContactDynamics::realizabilityVerdict), for callers that only ask
/// whether two-point rolling is realizable: the inside-predicates of the meshers, the volume
/// estimates and the bisections of a boundary.
struct RealizabilityVerdict {
  /// No escape mode (Def 11): always analyzeRealizability's `realizable`.
  bool realizable = false;
  /// The first escape in the order RS, SR, SS (analyzeRealizability's escapes.front()); none
  /// iff realizable. The modes after it were not analysed.
  std::optional<EscapeMode> first_escape;
  /// SS was searched and the search was left possibly incomplete
  /// (filippov::Completeness::kPossiblyIncomplete): do not trust a "realizable".
  bool uncertain = false;
};

/// Precomputed dynamics of a two-contact body at one configuration and load.
/// Construct once, then evaluate the case fields cheaply (the SS field is a 2 x 2 solve).
class TwoContactDynamics {
 public:
  /// `omega_W` is the body's angular velocity at the analysed state [rad/s]; it enters through
  /// the gyroscopic term Omega x J Omega only. At Sigma# it is Omega_a a (rollingAngularVelocity).
  /// @throws InvalidInput for m <= 0, non-SPD inertia, non-finite vectors, invalid friction,
  ///         degenerate geometry (see contactBases), or inconsistent bias accelerations.
  explicit TwoContactDynamics(const TwoContactBody& body,
                              const Eigen::Vector3d& omega_W = Eigen::Vector3d::Zero());

  /// The same body at another angular velocity: only the free accelerations are recomputed
  /// (W, its block inverses and the bases do not depend on the velocity state).
  /// @throws InvalidInput for a non-finite omega_W.
  TwoContactDynamics atAngularVelocity(const Eigen::Vector3d& omega_W) const;

  /// Replaces the external force F_e [N] and torque M_e [N m] (both in W, at C): only the free
  /// accelerations are recomputed, by the same operations as the constructor, so the result
  /// equals a TwoContactDynamics built with these loads bit for bit.
  /// @throws InvalidInput naming the load if it is not finite (the object is then unchanged).
  void setExternalLoads(const Eigen::Vector3d& force_W, const Eigen::Vector3d& torque_W);

  /// The body as given to the constructor (with the loads last set).
  const TwoContactBody& body() const { return body_; }
  /// The angular velocity of the analysed state [rad/s].
  const Eigen::Vector3d& angularVelocity() const { return omega_W_; }
  /// The bases (1)-(3) and factors c± (7) of the configuration.
  const ContactBases& bases() const { return bases_; }
  /// Delassus operator W (6 x 6) in contact coordinates [1/kg, m/(kg m^2)...: m/s^2 per N].
  const Eigen::Matrix<double, 6, 6>& delassus() const { return delassus_; }
  /// Contact accelerations with zero contact force [m/s^2].
  const Eigen::Matrix<double, 6, 1>& freeAcceleration() const { return free_acceleration_; }

  /// SS field with slip directions lambda± = unit tangent-plane vectors in (t1±, t2±) (eq. (45)).
  QuasiAccelerations slipSlip(const Eigen::Vector2d& lambda_plus,
                              const Eigen::Vector2d& lambda_minus) const;
  /// SS limit field at Sigma# in direction (phi+, phi-) of the normal sphere (u1+, u1-, u_a),
  /// with lambda± from eq. (51). On the equator arcs lambda± = (±1, 0).
  QuasiAccelerations slipSlipLimit(const filippov::SphereDirection& direction) const;
  /// Fast path of slipSlipLimit: only the normal-space part (du1+, du1-, du_a) [m/s^2], and the
  /// normal forces (N+, N-) [N] if `normal_forces` is not null.
  Eigen::Vector3d slipSlipLimitNormalPart(const filippov::SphereDirection& direction,
                                          Eigen::Vector2d* normal_forces = nullptr) const;
  /// The SS limit field as an exact trigonometric-rational field of the slip angles theta±
  /// (lambda± = (cos theta±, sin theta±) in (t1±, t2±)): D = det A_N of eq. (46) and H = D G,
  /// with G the normal-space part (du1+, du1-, du_a) [m/s^2]. Every entry of the eq. (46)-(47)
  /// system is affine in lambda+ or in lambda-, so D and H are bilinear in (1, lambda+) and
  /// (1, lambda-). @throws SolverFailure if D is not of one sign (Painleve-type configuration).
  filippov::TrigRationalSphereField slipSlipRationalField() const;
  /// RS field (rolling at P+, slipping at P- with sign sigma = sign(u1-)), eq. (64).
  QuasiAccelerations rollSlip(int sigma) const;
  /// SR field (slipping at P+ with sigma = sign(u1+), rolling at P-), eq. (66).
  QuasiAccelerations slipRoll(int sigma) const;
  /// RR motion and force indeterminacy.
  RollingRollingResult rollRoll() const;

  /// Def 11: realizability of two-point rolling, with every failing escape mode; with a warm
  /// start (sweeps), SS may be decided by a seed (SlipSlipWarmStart), which is then updated.
  TwoPointRealizability analyzeRealizability(const RealizabilityOptions& options = {},
                                             SlipSlipWarmStart* warm_start = nullptr) const;
  /// Def 11's verdict, stopping at the first escape: RS and SR first (two codim-1 tests), and
  /// the SS search only when neither escapes. `realizable` and the first escape are those of
  /// analyzeRealizability with the same options and warm start; an SS search that fails
  /// (SolverFailure, a Painleve-type SS system) fails this call only when SS is searched (an RS
  /// or SR escape leaves rolling unrealizable whatever SS does). The warm start is read and
  /// updated only when SS is searched. options.analyze_roll_roll is not used.
  RealizabilityVerdict realizabilityVerdict(const RealizabilityOptions& options = {},
                                            SlipSlipWarmStart* warm_start = nullptr) const;

  /// True when the SS normal forces N± (eq. (46)) are positive at every pair of slip angles,
  /// shown from their closed forms: D N+ is a first-degree trigonometric polynomial of theta-
  /// alone and D N- of theta+ alone; D must have one sign by its coefficients (the constant
  /// one outweighing the sum of the others) and each numerator keep that sign, with relative
  /// margins of 1e-9. False when that is not shown (then the complete search decides).
  bool slipSlipNormalForcesPositiveEverywhere() const;

 private:
  QuasiAccelerations fromForces(const Eigen::Matrix<double, 6, 1>& forces) const;
  // The SS system (46)-(47) as bilinear forms in (1, cos theta, sin theta) of each slip angle:
  // row k of the columns W B (P+ in `plus`, P- in `minus`), D = det A_N and the numerators
  // D N+ (of theta-) and D N- (of theta+).
  struct SlipSlipForms {
    Eigen::Matrix<double, 6, 3> plus, minus;
    Eigen::Matrix3d d;
    Eigen::Vector3d dn_plus, dn_minus;
  };
  SlipSlipForms slipSlipForms() const;
  // The RS and SR parts of Def 11 (codim-1 classifications, contact losses) into `out`, their
  // escapes appended to out.escapes.
  void analyzeOnePointSlips(const RealizabilityOptions& options,
                            TwoPointRealizability& out) const;
  // The SS part of Def 11: the complete search, or a seed's escape (SlipSlipWarmStart).
  void analyzeSlipSlip(const RealizabilityOptions& options, SlipSlipWarmStart* warm_start,
                       TwoPointRealizability& out) const;
  void setFreeAccelerations(const Eigen::Vector3d& omega_W);
  // RS (rolling = 0: P+ rolls) or SR (rolling = 3): Schur complement on the rolling block.
  QuasiAccelerations rollingAndSlipping(int rolling, double mu_slipping, int sigma,
                                        const char* name) const;

  TwoContactBody body_;
  Eigen::Vector3d omega_W_ = Eigen::Vector3d::Zero();
  ContactBases bases_;
  Eigen::Matrix<double, 6, 6> jacobian_;  // H: contact velocities from (v_C, Omega)
  Eigen::Matrix3d inertia_inverse_;
  Eigen::Matrix<double, 6, 6> delassus_;
  Eigen::Matrix3d w_plus_inverse_;   // (W_{++})^-1, the P+ block of W inverted
  Eigen::Matrix3d w_minus_inverse_;  // (W_{--})^-1
  Eigen::Matrix<double, 6, 1> free_acceleration_;
  Eigen::Matrix<double, 6, 1> free_twist_rate_;  // (dv_C, dOmega) with zero contact force
  double n_plus_dot_a_ = 0.0;                    // <n+, a>
  double t2_plus_dot_a_ = 0.0;                   // <t2+, a> = 1/c+
};

/// True when two bodies differ at most in their external force and torque (every other field
/// equal, exactly): the dynamics of one is the other's with setExternalLoads.
bool sameExceptLoads(const TwoContactBody& a, const TwoContactBody& b);

/// The dynamics of the body last asked for, kept for the next call: a sweep over loads (forces,
/// torques) builds W, its block inverses and the bases once and then only sets the loads
/// (TwoContactDynamics::setExternalLoads, bit for bit the dynamics a fresh construction gives).
/// Any other change (geometry, inertia, friction, bias, angular velocity) builds anew, with the
/// constructor's checks. Not thread-safe: one per thread (e.g. thread_local).
class TwoContactDynamicsCache {
 public:
  /// The dynamics of `body` at angular velocity omega_W [rad/s], valid until the next call.
  /// @throws as the TwoContactDynamics constructor.
  const TwoContactDynamics& at(const TwoContactBody& body, const Eigen::Vector3d& omega_W);
  /// Constructions and reuses so far (for tests and benchmarks).
  std::size_t builds() const { return builds_; }
  /// Calls that only set the loads of the kept dynamics.
  std::size_t reuses() const { return reuses_; }

 private:
  std::optional<TwoContactDynamics> dynamics_;
  std::size_t builds_ = 0, reuses_ = 0;
};

/// True when J = j I to 1e-14 relative: the inertia in W does not change as the body turns and
/// Omega x J Omega vanishes.
bool isIsotropic(const Eigen::Matrix3d& inertia);

/// The angular velocity of two-point rolling at rate Omega_a [rad/s] about a: Omega_a a.
Eigen::Vector3d rollingAngularVelocity(const TwoContactBody& body, double omega_a_rad_per_s);

}  // namespace nsd::contact
