#pragma once
/// @file codim3.hpp
/// Codimension-3 discontinuity sets: the intersection Sigma# = Sigma+ ∩ Sigma- of two
/// codimension-2 sets (two-point-contact paper, Sect. 5.2, eqs. (55)-(63), Def 10; ERRATA items
/// 2 and 4).
///
/// Normal-space coordinates are (x_a, x_b, x_c) = (u1+, u1-, u_a) in the contact application:
/// Sigma+ = {x_a = x_c = 0}, Sigma- = {x_b = x_c = 0}. The unit sphere of normal directions is
/// parametrized by (phi+, phi-) in Phi = (0, pi)^2 ∪ (pi, 2 pi)^2 via eq. (55), equivalently
/// n ∝ ±(cot phi+, cot phi-, 1) on the upper (x_c > 0) and lower hemispheres. With G the
/// normal-space part of the limit field F*_SS(x_bar, phi+, phi-) (eq. (59)):
///   R  = <G, n>,  V+ = <G, n+(phi+ + pi/2)> = -G_a sin phi+ + G_c cos phi+,
///                 V- = <G, n-(phi- + pi/2)> = -G_b sin phi- + G_c cos phi-     (eq. (60)).
/// In the open hemispheres V+ = V- = 0 holds exactly when G is parallel to n.
///
/// The parametrization is singular on the equator x_c = 0 (Sect. 5.2): each corner
/// (cos phi+, cos phi-) = (±1, ±1) of the parameter squares stands for a quarter arc of the
/// equator (the singular set Phi~ of eq. (61) with representative n~ of eq. (62)), and the square
/// edges map to the four points where the sphere meets Sigma+ or Sigma- (excluded: they are
/// one-point slipping). nsdkit treats the arcs exactly: a point n of an arc is a limit direction
/// when G ∥ n there, i.e. G_c = 0 (V~ of eq. (63)) and the in-arc component of G vanishes. Def 10
/// as printed instead takes the arc midpoint n~ whenever V~ = 0; that rule is available as
/// ArcRule::kPaperMidpoint.

#include <Eigen/Core>
#include <array>
#include <functional>
#include <optional>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/filippov/trig_polynomial.hpp>
#include <nsdkit/filippov/types.hpp>

namespace nsd::filippov {

/// A direction on the normal sphere of Sigma#: the unit vector n = (n_a, n_b, n_c) and its
/// angles phi± = atan2(n_c, n_a), atan2(n_c, n_b) in [0, 2 pi) (eq. (50)/(84)). On the equator
/// arcs phi± are 0 or pi and n carries the position along the arc.
struct SphereDirection {
  /// The unit normal direction (n_a, n_b, n_c) in Sigma#'s normal space (x_a, x_b, x_c).
  Eigen::Vector3d n = Eigen::Vector3d::UnitZ();
  /// phi+ = atan2(n_c, n_a) [rad] in [0, 2 pi).
  double phi_plus = 0.5 * kPi;
  /// phi- = atan2(n_c, n_b) [rad] in [0, 2 pi).
  double phi_minus = 0.5 * kPi;
  /// cos/sin of phi± (filled by the searches and by sphereDirection(); fields may use them
  /// instead of recomputing the trigonometric functions).
  double cos_phi_plus = 0.0, sin_phi_plus = 1.0, cos_phi_minus = 0.0, sin_phi_minus = 1.0;
  /** @var sin_phi_plus
      sin phi+ (see cos_phi_plus). */
  /** @var cos_phi_minus
      cos phi- (see cos_phi_plus). */
  /** @var sin_phi_minus
      sin phi- (see cos_phi_plus). */

  /// Builds a direction from n and the angles, computing the cached cos/sin.
  static SphereDirection make(const Eigen::Vector3d& n, double phi_plus, double phi_minus);
};

/// Normal-space part G = ((F*)_a, (F*)_b, (F*)_c) of the limit field as a function of direction.
using SphereField = std::function<Eigen::Vector3d(const SphereDirection& direction)>;

/// How limit directions on the equator arcs are decided.
enum class ArcRule {
  kExactTangency,  ///< n on the arc with G ∥ n (G_c = 0 and in-arc component 0). Default.
  kPaperMidpoint,  ///< Def 10 as printed: arc midpoint n~ (62) whenever V~ = G_c = 0.
};

/// Options of the sampled search (analyzeCodim3 for a SphereField, a black box).
struct SampledCodim3Options {
  int initial_grid = 6;                     ///< cells per side of each parameter square (>= 2).
  int max_depth = 12;                       ///< quadtree depth limit below the initial cells.
  double newton_cell_rad = 0.5;             ///< Newton is tried in cells at most this wide [rad].
  double bound_safety = 2.0;                ///< factor on sampled second differences.
  double second_derivative_bound = 0;       ///< > 0: caller's bound on all 2nd partials of V±.
  double value_tolerance_relative = 1e-10;  ///< zero tests relative to max |G|.
  bool verify_degree = false;               ///< also check the Brouwer degree on each square.
  int max_evaluations = 200000;             ///< hard cap; exceeding it marks the search incomplete.
  /// How limit directions on the equator arcs (x_c = 0) are decided.
  ArcRule arc_rule = ArcRule::kExactTangency;
  /// Without a caller's bound and without verify_degree: first try the bilinear fit route. G is
  /// sampled at 4 x 4 interior points of each parameter square and fitted by least squares with
  /// trigonometric polynomials of degree (1, 1) in (phi+, phi-) (G = H, D = 1, c± = 1: every
  /// field affine in the two slip directions n(phi+), n(phi-), and their products). If the fit
  /// reproduces all 32 samples and 8 equator-arc samples to the value tolerance, the fitted
  /// field is searched by the certified route for trigonometric-rational fields, and every root
  /// is checked on G itself (G ∥ n to the value tolerance; R and the type come from G). The
  /// result is then kEstimatedBounds (the fit is established by samples, as the bound of the
  /// sampled search is) and costs 40 + (number of roots) evaluations of G. Otherwise (a field
  /// of higher degree, rational or not a function of (phi+, phi-) on the arcs, or a root that
  /// fails the check) the quadtree search runs as without this option, and its report also
  /// counts the 40 evaluations of the attempt.
  bool fit_bilinear_fields = true;
};

/// Options of the rational search for trigonometric-rational fields (analyzeCodim3 for a
/// TrigRationalSphereField).
struct RationalCodim3Options {
  /// Cells per side of each parameter square at the start (>= 2). Finer grids cost more in the
  /// initial node tests (a table over all initial cells) and less per root (smaller cells are
  /// resolved at once): 12 suits fields with a handful of roots, 8 fields with one or two
  /// (contact::slipSlipRationalOptions; docs/benchmarks.md).
  int initial_grid = 12;
  /// Quadtree depth limit below the initial cells, in [0, 40] (cells down to
  /// pi / (initial_grid 2^depth) rad: 1.6e-8 rad for 24). Two roots a distance d apart are
  /// separated by the injectivity test only in cells narrower than about d sigma_min / L, so
  /// close pairs need deep cells; the extra levels cost only near them.
  int max_depth = 24;
  double value_tolerance_relative = 1e-10;  ///< zero tests relative to the field's scale.
  int max_evaluations = 200000;             ///< hard cap; exceeding it marks the search incomplete.
  /// How limit directions on the equator arcs (x_c = 0) are decided.
  ArcRule arc_rule = ArcRule::kExactTangency;
  /// Re-check a complete search with outward-rounded interval arithmetic: Completeness::
  /// kCertified only then; kFloatingPointBounds without it or when the re-check cannot decide
  /// (a double root, a cluster, a decision within rounding of a tolerance). The re-check costs
  /// far more than the search (docs/benchmarks.md), so sweeps may leave it off.
  bool certify = true;
};

/// One limit direction at a point of Sigma#.
struct Codim3LimitDirection {
  double phi_plus = 0.0;                        ///< [rad]
  double phi_minus = 0.0;                       ///< [rad]
  Eigen::Vector3d n = Eigen::Vector3d::Zero();  ///< unit normal direction (x_a, x_b, x_c).
  /// Attracting, repelling or neutral by the sign of R beyond the value tolerance (Def 10).
  LimitDirectionType type = LimitDirectionType::kNeutral;
  double radial = 0.0;          ///< R = <G, n> [field units].
  bool on_equator_arc = false;  ///< found on a singular arc (x_c = 0).
  /// Sign of det d(V+,V-)/d(phi+,phi-) at the root (Brouwer index); 0 if degenerate or on an arc.
  int index = 0;
  double residual = 0.0;  ///< max(|V+|, |V-|) (or the arc residual) at the reported root.

  /// The direction with cos/sin of phi± taken from n ((cos, sin) ∝ (n_a, n_c), (n_b, n_c), eq.
  /// (50)), without trigonometric functions; exact on the equator arcs.
  SphereDirection asSphereDirection() const;
};

/// Result of the codimension-3 analysis at one point of Sigma#.
struct Codim3Result {
  /// Every limit direction found on the normal sphere (both hemispheres and the equator arcs).
  std::vector<Codim3LimitDirection> directions;
  /// The point's type from its limit directions (Def 8).
  SlidingPointType type = SlidingPointType::kNoLimitDirection;
  /// How the search ran and how it knows the directions are all (completeness, evaluations).
  SearchReport report;
  int roots_at_excluded_points = 0;  ///< roots on square edges (sphere ∩ Sigma±), not counted.
  bool degree_checked = false;       ///< verify_degree ran on both squares.
  bool degree_consistent = true;     ///< sum of indices equals the boundary winding number.
  /// For Completeness::kContinuum: the largest R sampled.
  double continuum_max_radial = 0.0;
};

/// Unit normal n(phi+, phi-) of eq. (55) for (phi+, phi-) in Phi.
/// @throws InvalidInput if (phi+, phi-) is not in Phi (e.g. on the singular set or mixed
///         hemispheres).
Eigen::Vector3d sphereNormal(double phi_plus, double phi_minus);

/// Unit normal of eq. (55) from cos/sin of (phi+, phi-), with hemisphere_sign = +1 on
/// (0, pi)^2 and -1 on (pi, 2 pi)^2 (no checks). At a square corner (the singular set (61))
/// it returns the arc representative n~ of eq. (62).
Eigen::Vector3d sphereNormalFromCosSin(double cos_plus, double sin_plus, double cos_minus,
                                       double sin_minus, double hemisphere_sign);

/// Angles (phi+, phi-) of a unit normal (inverse of eq. (55)); n must be a unit 3-vector.
SphereDirection sphereDirection(const Eigen::Vector3d& n);

/// R, V+, V- of eq. (60) and V~ of eq. (63) for a normal-space limit vector g at direction d.
struct Codim3Components {
  /// R = <g, n>, the radial component (eq. (60)) [field units].
  double radial = 0.0;
  /// V+ = -g_a sin phi+ + g_c cos phi+ (eq. (60)) [field units].
  double v_plus = 0.0;
  /// V- = -g_b sin phi- + g_c cos phi- (eq. (60)) [field units].
  double v_minus = 0.0;
  /// V~ = g_c, the component along x_c that decides the equator arcs (eq. (63)) [field units].
  double v_tilde = 0.0;
};
/// R, V+, V- and V~ of g (components along x_a, x_b, x_c) at the direction d, from d's n and
/// cached cos/sin of phi± (no trigonometric function).
Codim3Components codim3Components(const Eigen::Vector3d& g, const SphereDirection& d);

/// Finds all limit directions of G on the normal sphere of Sigma# and classifies the point.
/// @throws InvalidInput if G is not finite where evaluated, or the options are invalid.
Codim3Result analyzeCodim3(const SphereField& field, const SampledCodim3Options& options = {});

/// A limit field that is rational in the two slip directions, as every Coulomb contact field is:
/// G = H / D, with the three components of H and the denominator D > 0 trigonometric polynomials
/// of the slip angles (theta+, theta-). The sphere angles phi± of eq. (55) follow from
/// (cos phi, sin phi) ∝ (cos theta, sin theta / c) (eq. (51) with c± of eq. (7); c± = 1 gives
/// theta = phi). G therefore depends on the direction only through (phi+, phi-) and is constant
/// along each equator arc.
struct TrigRationalSphereField {
  std::array<TrigPoly2, 3> numerator;  ///< H = D G, components (a, b, c) [field units].
  TrigPoly2 denominator{0, 0};         ///< D, positive on both parameter squares.
  double c_plus = 1.0;                 ///< c+ >= 1 of eq. (7) (1: theta+ = phi+).
  double c_minus = 1.0;                ///< c- >= 1 of eq. (7).

  /// G at a direction given by its angles (phi+, phi-) (the cached cos/sin of `direction`).
  Eigen::Vector3d value(const SphereDirection& direction) const;
};

/// Finds all limit directions of a trigonometric-rational field and classifies the point.
/// The derivative bounds come from the coefficients (|d^k W / dtheta^k| <= sum |c| k^p l^q), so
/// a complete search is a proof up to floating-point rounding (kFloatingPointBounds): every cell
/// of both parameter squares is excluded (node-line
/// ranges; for fields affine in each slip direction a second-order Taylor model at the cell
/// centre with exact Hessians and a third-order remainder, otherwise a linear model with a
/// second-order remainder), holds at most one root by a regular interval Jacobian and that root
/// is found by Newton's method, or lies in the uniqueness ball sigma_min(J) / L of a found root
/// (L bounds the Lipschitz constant of J).
/// Works on W± = D (V± rescaled by positive factors), which share roots and signs with V±.
/// With RationalCodim3Options::certify the answer is then proved again in outward-rounded
/// interval arithmetic from the coefficients (Krawczyk boxes around the roots, interval
/// exclusion of the rest, enclosures of R for the types): kCertified.
/// @throws InvalidInput for invalid options or c±; SolverFailure if D is not positive.
Codim3Result analyzeCodim3(const TrigRationalSphereField& field,
                           const RationalCodim3Options& options = {});

/// True when `direction` decides an SS escape whatever the other directions are: it is not
/// attracting, and its type cannot differ from the complete search's: an equator-arc direction
/// (decided by the search's own arc computation), or a simple root (index != 0) whose R lies
/// beyond 1e-9 of the field scale from the edges of the tolerance band [-tolerance, tolerance].
bool decidesEscape(const Codim3LimitDirection& direction, double tolerance, double field_scale);

/// The slip angles (theta+, theta-) of a direction of `field` (cos/sin, from its phi± and c±:
/// (cos theta, sin theta) ∝ (cos phi, c sin phi)), e.g. to seed findNonAttractingDirection.
AnglePair slipAnglesOf(const Codim3LimitDirection& direction,
                       const TrigRationalSphereField& field);

/// A shortcut for callers that need only to know whether a non-attracting limit direction
/// exists (Def 11's SS escape), not all directions. First the equator arcs, decided exactly as
/// analyzeCodim3 decides them (the same computation: its arc direction and type). Then Newton's
/// method on (W+, W-) from each seed (slip angles, e.g. those of a neighbouring sweep point's
/// escapes, slipAnglesOf). It returns the first non-attracting arc direction, or else the
/// first root from a seed that
///  - is simple (|det J| >= 1e-6 |J|^2 at the root) and converged (|step| <= 1e-13 rad,
///    |W±| <= 1e-10 of the coefficient sums),
///  - lies inside an open parameter square (|sin theta±| >= 1e-6, one sign: a direction of the
///    sphere, not a point of Sigma±),
///  - decides the escape (decidesEscape: so analyzeCodim3, which finds every simple root, gives
///    it the same type); none otherwise (the caller then runs analyzeCodim3). The type is
/// typeFromRadial's with analyzeCodim3's tolerance (options.value_tolerance_relative times the
/// same field scale). @throws as analyzeCodim3 (invalid options, D not positive).
std::optional<Codim3LimitDirection> findNonAttractingDirection(
    const TrigRationalSphereField& field, const RationalCodim3Options& options,
    const std::vector<AnglePair>& seeds);

}  // namespace nsd::filippov
