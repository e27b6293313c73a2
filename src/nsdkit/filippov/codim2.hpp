#pragma once
/// @file codim2.hpp
/// Codimension-2 discontinuity sets: the extended Filippov system (two-point-contact paper,
/// Defs 6-9).
///
/// Sigma = { x : x_i = x_j = 0 }, n(phi) = cos(phi) e_i + sin(phi) e_j (eq. (42)).
/// With G(phi) = ((F*)_i, (F*)_j) the normal-plane part of the limit field F*(x_bar, phi):
///   R(phi) = <F*, n(phi)>         = G_i cos(phi) + G_j sin(phi)   (eq. (43))
///   V(phi) = <F*, n(phi + pi/2)>  = -G_i sin(phi) + G_j cos(phi)  (eq. (43))
/// Limit directions are all roots of V on [0, 2 pi) (Def 7); the point is classified by Def 8
/// and a rolling/sticking state is realizable iff it is an attracting sliding point (Def 9).

#include <Eigen/Core>
#include <array>
#include <functional>
#include <vector>

#include <nsdkit/filippov/directional_limit.hpp>
#include <nsdkit/filippov/root_search_1d.hpp>
#include <nsdkit/filippov/trig_polynomial.hpp>
#include <nsdkit/filippov/types.hpp>

namespace nsd::filippov {

/// Closed-form limit vector field F*(x_bar, phi) (dim m), supplied by the user.
using LimitVectorField = std::function<Eigen::VectorXd(const Eigen::VectorXd& x_bar, double phi)>;

/// Normal-plane part G(phi) = ((F*)_i, (F*)_j) of a limit field as a function of the angle.
using NormalPlaneField = std::function<Eigen::Vector2d(double phi)>;

/// A direction n(phi) = (cos phi, sin phi) of the normal plane (eq. (42)). The search carries
/// cos/sin exactly and evaluates no trigonometric function; phi() is computed on demand.
struct PlaneDirection {
  /// cos phi, the component of n along the first normal direction (x_i).
  double cos_phi = 1.0;
  /// sin phi, the component of n along the second normal direction (x_j).
  double sin_phi = 0.0;
  /// The angle [rad] in [0, 2 pi) (one atan2).
  double phi() const;
};

/// Normal-plane part G as a function of the direction: the fast interface (no trigonometric
/// function per evaluation when the field is a function of cos/sin, as contact fields are).
using NormalPlaneFieldOfDirection = std::function<Eigen::Vector2d(const PlaneDirection& n)>;

/// Options of the codimension-2 analysis.
struct Codim2Options {
  int initial_intervals = 16;          ///< first uniform grid on [0, 2 pi).
  double min_interval_rad = 1e-7;      ///< refinement limit [rad]; closer roots are merged.
  double bound_safety = 2.0;           ///< factor on sampled second differences of V.
  double second_derivative_bound = 0;  ///< > 0: caller's bound on |V''| [field units/rad^2].
  /// |V| or |R| at most value_tolerance_relative * max|G| counts as zero.
  double value_tolerance_relative = 1e-10;
  /// Polishing stops when the bracket of a simple root is this narrow [rad], or when an
  /// evaluated point has |V| <= m1 * root_tolerance_rad with m1 the slope bound of its certified
  /// interval (|V'| >= m1 there); either way the reported root, an evaluated point, is within
  /// this distance of the true root (up to the reliability of the bound on |V''|).
  double root_tolerance_rad = 1e-12;
  /// Also compute dV/dphi at each simple root (two extra evaluations per root).
  bool compute_slopes = false;
  /// Rational fields only: re-check a complete search with outward-rounded interval arithmetic
  /// (Completeness::kCertified only then; kFloatingPointBounds without it or when the re-check
  /// cannot decide, e.g. at a double root). Sampled fields are never certified.
  bool certify = true;
};

/// One limit direction at a codimension-2 point.
struct Codim2LimitDirection {
  double phi_rad = 0.0;  ///< direction angle in [0, 2 pi).
  /// Attracting, repelling or neutral by the sign of R beyond the value tolerance (Def 7).
  LimitDirectionType type = LimitDirectionType::kNeutral;
  double radial = 0.0;  ///< R(phi) [field units].
  /// dV/dphi at phi [field units/rad]: 0 at a double root, NaN unless compute_slopes is set.
  double slope = 0.0;
  int multiplicity = 1;  ///< 1: V changes sign; 2: V touches zero (tangency).
};

/// Result of the codimension-2 analysis at one point.
struct Codim2Result {
  std::vector<Codim2LimitDirection> directions;  ///< all limit directions, sorted by phi.
  SlidingPointType type = SlidingPointType::kNoLimitDirection;  ///< Def 8.
  /// How the search ran and how it knows the directions are all (completeness, evaluations).
  SearchReport report;
  /// For numerically computed limits: the largest extrapolation error estimate seen.
  double limit_error_estimate = 0.0;
  /// For Completeness::kContinuum: the largest R sampled over the continuum.
  double continuum_max_radial = 0.0;
};

/// R(phi) of eq. (43) from the normal-plane part G.
double radialComponent(const Eigen::Vector2d& normal_part, double phi_rad);
/// V(phi) of eq. (43) from the normal-plane part G.
double circumferentialComponent(const Eigen::Vector2d& normal_part, double phi_rad);

/// Finds all limit directions of a normal-plane field G(phi) and classifies the point.
/// @throws InvalidInput if G is not finite somewhere it is evaluated, or options are invalid.
Codim2Result analyzeCodim2(const NormalPlaneField& normal_part, const Codim2Options& options = {});

/// As above, with the field given as a function of the direction (the fast interface).
Codim2Result analyzeCodim2(const NormalPlaneFieldOfDirection& normal_part,
                           const Codim2Options& options = {});

/// As above, from a closed-form full limit field F*(x_bar, phi) with Sigma = {x_i = x_j = 0}.
/// @throws InvalidInput if x_bar is not on Sigma, indices are invalid or values not finite.
Codim2Result analyzeCodim2(const LimitVectorField& limit_field, const Eigen::VectorXd& x_bar,
                           int index_i, int index_j, const Codim2Options& options = {});

/// As above, from a field F defined off Sigma: F* is computed by directional extrapolation and
/// the largest error estimate is reported in Codim2Result::limit_error_estimate.
Codim2Result analyzeCodim2FromField(const VectorField& field, const Eigen::VectorXd& x_bar,
                                    int index_i, int index_j, const Codim2Options& options = {},
                                    const DirectionalLimitOptions& limit_options = {});

/// A limit field rational in the direction, as every Coulomb contact field is: G = H / D with
/// the two components of H (degree <= 4) and D > 0 trigonometric polynomials of phi.
struct TrigRationalPlaneField {
  std::array<TrigCoefficients1, 2> numerator;  ///< H = D G, components (i, j) [field units].
  TrigCoefficients1 denominator;               ///< D, positive on the circle.
  /// G at the direction (cos phi, sin phi).
  Eigen::Vector2d value(double cos_phi, double sin_phi) const;
};

/// All limit directions of a trigonometric-rational field, by algebra: D V = -H_i sin + H_j cos
/// is a trigonometric polynomial of degree n <= 5, so with t = tan((phi - phi0)/2) its zeros
/// are the real roots of a polynomial of degree 2n (phi0 is chosen so that phi0 + pi is not a
/// zero). Those are isolated exactly between the real roots of its derivatives (recursively;
/// quadratics in closed form) and polished to full precision by Boost.Math
/// newton_raphson_iterate (exact derivative, bisection safeguard inside the bracket), then, with
/// Codim2Options::certify, re-checked in outward-rounded interval arithmetic: kCertified when
/// the re-check proves the answer, else kFloatingPointBounds. A double root (tangency) is
/// reported with multiplicity 2 and is never certified.
/// @throws InvalidInput for bad coefficients or options; SolverFailure if D is not positive.
Codim2Result analyzeCodim2(const TrigRationalPlaneField& field, const Codim2Options& options = {});

/// Types a direction from R with tolerance (Def 7).
LimitDirectionType typeFromRadial(double radial, double tolerance);

}  // namespace nsd::filippov
