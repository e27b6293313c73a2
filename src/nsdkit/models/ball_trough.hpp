#pragma once
/// @file ball_trough.hpp
/// The ball in a horizontal V trough (two-point-contact paper, Sect. 6), by closed forms and
/// through the generic two-contact machinery.
///
/// Frame W (paper Fig. 9): i, j span the cross-section, k runs along the trough, the upward
/// vertical is (i + j)/sqrt2. For the right-angle trough r+ = -r j, r- = -r i, n+ = j, n- = i
/// (eq. (68)), giving a = (i - j)/sqrt2, t1± = k, t2+ = i, t2- = -j (eq. (69), ERRATA item 1)
/// and c± = sqrt2 (ERRATA item 5). For an opening angle alpha the wall normals are tilted by
/// beta = pi/2 - alpha/2 from the vertical: n± = cos(beta) e_up ∓ sin(beta) e_h with
/// e_up = (i + j)/sqrt2, e_h = (i - j)/sqrt2, and r± = -r n±.
///
/// Loads: gravity F_e = -m g e_up, constant torque M_e with dimensionless components
/// m = M_e sqrt2 / (m g r) (eq. (79)). State on Sigma#: two-point rolling at any speed v.
///
/// The closed forms (quasi-velocities (u1+, u1-, u2, v) of eq. (73)) hold for the right-angle
/// trough with mu+ = mu- = mu only; the generic route handles any angle and unequal mu±.

#include <Eigen/Core>
#include <string>
#include <vector>

#include <nsdkit/contact/two_contact_body.hpp>
#include <nsdkit/filippov/codim3.hpp>

namespace nsd::models {

/// Parameters of the ball in the trough.
struct BallTroughParameters {
  double mu_plus = 0.3;        ///< friction coefficient at P+ [-], > 0.
  double mu_minus = 0.3;       ///< friction coefficient at P- [-], > 0.
  double inertia_ratio = 0.4;  ///< j = J/(m r^2) [-] in (0, 1]; 2/5 solid, 2/3 thin shell.
  double opening_angle_rad = 1.5707963267948966;  ///< full angle between the walls [rad].
  double mass_kg = 1.0;                           ///< m [kg].
  double radius_m = 0.05;                         ///< r [m].
  double gravity_m_s2 = 9.81;                     ///< g [m/s^2].

  /// Right-angle trough with equal friction (the paper's case).
  static BallTroughParameters paper(double mu, double inertia_ratio);
  /// @throws InvalidInput naming the bad value (mu <= 0 or NaN, j outside (0, 1], angle outside
  ///         (0, pi), non-positive m, r, g).
  void validate() const;
  /// True for the paper's case: right angle and mu+ == mu-.
  bool closedFormApplies() const;
  /// mu for the closed forms; @throws InvalidInput if !closedFormApplies().
  double mu() const;
};

/// Dimensionless torque (m_x, m_y, m_z) of eq. (79) -> M_e [N m] in W.
Eigen::Vector3d torqueFromDimensionless(const BallTroughParameters& p, const Eigen::Vector3d& m);

/// The generic two-contact description of the ball at x_bar in Sigma# (any angle, mu±).
contact::TwoContactBody makeTwoContactBody(const BallTroughParameters& p,
                                           const Eigen::Vector3d& torque_dimensionless);

// ---- Closed forms (right-angle trough, mu+ = mu- = mu) ------------------------------------

/// Eq. (78): dv/dt in two-point rolling [m/s^2] = g (m_x - m_y) / (sqrt2 (1 + 2j)).
double rollingAcceleration(const BallTroughParameters& p, const Eigen::Vector3d& m);

/// One-point-slip limit vectors in (du1+, du1-, du2, dv) [m/s^2] for slip sign sigma = ±1,
/// with the normal force of the slipping contact [N].
struct OnePointSlipField {
  Eigen::Vector4d rates = Eigen::Vector4d::Zero();  ///< (du1+, du1-, du2, dv) [m/s^2]
  double slipping_normal_force = 0.0;  ///< N- (RS) or N+ (SR) [N]
};
/// Eqs. (80)-(81) as corrected in ERRATA item 6 (rolling at P+, slipping at P-, sigma = sign u1-).
OnePointSlipField rollSlipField(const BallTroughParameters& p, const Eigen::Vector3d& m, int sigma);
/// ERRATA item 6, case SR (slipping at P+ with sigma = sign u1+, rolling at P-).
OnePointSlipField slipRollField(const BallTroughParameters& p, const Eigen::Vector3d& m, int sigma);

/// Left-hand sides of the planes (82) (first two) and (83) (last two); the tetrahedron interior
/// is {plane[0] < 0, plane[1] > 0, plane[2] > 0, plane[3] < 0}.
Eigen::Vector4d planeValues(const BallTroughParameters& p, const Eigen::Vector3d& m);
/// Strictly inside all four planes (no one-point slip, Sect. 6.1).
bool insideTetrahedron(const BallTroughParameters& p, const Eigen::Vector3d& m);
/// Volume of the tetrahedron bounded by (82)-(83): (16/3) mu^2 (1 + 2j).
double tetrahedronVolume(const BallTroughParameters& p);

/// Eq. (85) with (86): F*_SS in (du1+, du1-, du2, dv) [m/s^2] at angles (84).
Eigen::Vector4d slipSlipLimitField(const BallTroughParameters& p, const Eigen::Vector3d& m,
                                   double phi_plus, double phi_minus);
/// Eq. (85) with (86) as an exact trigonometric-rational field of (phi+, phi-): D = 1 + mu^2
/// sin(phi+) sin(phi-) (the denominator of (86)) and H = D F*_SS (first three components),
/// both bilinear in (1, cos, sin) of each angle, for the rational codim-3 search.
/// @throws InvalidInput unless the closed forms apply and mu < 1 (D > 0).
filippov::TrigRationalSphereField slipSlipRationalField(const BallTroughParameters& p,
                                                        const Eigen::Vector3d& m);
/// Eq. (86): (N+, N-) [N].
Eigen::Vector2d slipSlipNormalForces(const BallTroughParameters& p, double phi_plus,
                                     double phi_minus);

/// Eq. (88): the two-point-slip boundary surface, (m_x, m_y, m_z) at (phi+, phi-).
Eigen::Vector3d twoPointSlipSurface(double mu, double inertia_ratio, double phi_plus,
                                    double phi_minus);

/// Eq. (90): the special values m_z1 < m_z2 < m_z3 (for mu < 1).
struct SpecialValues {
  double m_z1 = 0.0;  ///< 2 mu^2 / (1 + mu^2)
  double m_z2 = 0.0;  ///< (mu^2 + mu) / (2 mu^2 - mu + 1)
  double m_z3 = 0.0;  ///< 2 mu / (1 + mu^2)
};
/// Eq. (90) at `mu` (dimensionless torques (79)). @throws InvalidInput for mu <= 0 or NaN.
SpecialValues specialValues(double mu);

/// Eq. (91): the largest realizable rolling acceleration sqrt2 mu g [m/s^2].
double maxRealizableAcceleration(const BallTroughParameters& p);

/// Classification of one torque point.
struct BallTroughClassification {
  bool realizable = false;                   ///< rolling is realizable: no escape mode
  std::vector<contact::EscapeMode> escapes;  ///< ordered RS, SR, SS.
  filippov::Codim3Result ss;                 ///< SS limit directions (in the route's coordinates).
  bool contact_loss = false;                 ///< a normal force <= 0 (RS, SR or an SS direction)
};

/// "RS|SR|SS"-style label of the escapes (empty when realizable).
std::string escapeLabel(const std::vector<contact::EscapeMode>& escapes);

/// Classification by the closed forms: planes (82)-(83) for RS/SR and the codim-3 search on the
/// closed-form field (85) in coordinates (u1+, u1-, u2) for SS.
BallTroughClassification classifyClosedForm(
    const BallTroughParameters& p, const Eigen::Vector3d& m,
    const filippov::RationalCodim3Options& options = contact::slipSlipRationalOptions());

/// Classification through the generic two-contact machinery (Def 11), any angle and mu±.
BallTroughClassification classifyGeneric(const BallTroughParameters& p, const Eigen::Vector3d& m,
                                         const contact::RealizabilityOptions& options = {});

/// The verdict of classifyGeneric for sweeps: the same realizable, escapes and contact loss, with
/// the SS part warm-started from this thread's previous point (contact::SlipSlipWarmStart), so
/// that `ss` may list only the non-attracting direction that decided it
/// (filippov::Completeness::kEscapeFound). Use classifyGeneric when the directions are wanted.
BallTroughClassification classifyGenericVerdict(const BallTroughParameters& p,
                                                const Eigen::Vector3d& m);

/// classifyGenericVerdict's `realizable` alone, stopping at the first escape (SS is not
/// searched when RS or SR escapes: contact::TwoContactDynamics::realizabilityVerdict). For the
/// inside-predicates of meshes, volume estimates and boundary bisections.
bool isRealizableGeneric(const BallTroughParameters& p, const Eigen::Vector3d& m);

/// How a torque point of the paper's ball is classified (the CLI's --method, Python's method=).
enum class ClassificationMethod {
  kGeneric,         ///< Def 11 through the generic two-contact route, SS by rational search.
  kGenericSampled,  ///< the same, the SS field sampled as a black box (never certified).
  kClosedForm,      ///< planes (82)-(83) and the closed-form SS field (85); 90 degrees, mu+ = mu-.
};
/// "generic", "generic-sampled", "closed-form". @throws InvalidInput naming `field` and the value.
ClassificationMethod parseClassificationMethod(const std::string& name,
                                               const std::string& field = "method");
/// The name parseClassificationMethod reads.
std::string toString(ClassificationMethod method);

/// Classification of one torque point by `method`; `certify` asks the rational SS search for a
/// certificate. @throws InvalidInput for kClosedForm where the closed forms do not apply, or
/// certify with kGenericSampled (a sampled field is never certified).
BallTroughClassification classifyBallTrough(const BallTroughParameters& p,
                                            const Eigen::Vector3d& m, ClassificationMethod method,
                                            bool certify = false);

/// Maps a normal direction of the generic route (u1+, u1-, u_a) to the closed-form coordinates
/// (u1+, u1-, u2) with u2 = c u_a (ERRATA item 5), normalized.
Eigen::Vector3d genericToClosedFormDirection(const BallTroughParameters& p,
                                             const Eigen::Vector3d& n_generic);

}  // namespace nsd::models
