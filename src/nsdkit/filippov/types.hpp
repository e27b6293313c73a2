#pragma once
/// @file types.hpp
/// Result types shared by the codimension-1, -2 and -3 analyses of the Filippov core.
///
/// Notation (two-point-contact paper, Sects. 4-5):
///  - Sigma: the discontinuity set; x_bar a point of Sigma.
///  - F*: the limit vector (codim 1) or limit vector field (codim 2, 3) at x_bar.
///  - R: radial component of F* along the normal direction n, eq. (43) / (60).
///  - V, V+, V-: circumferential components, eq. (43) / (60).
///  - A limit direction is a normal direction with V = 0 (Defs 7, 10); it is attracting if R < 0
///    and repelling if R > 0 (we call |R| <= tolerance "neutral").

#include <string>

namespace nsd::filippov {

/// Type of a limit direction by the sign of its radial component R (Defs 7 and 10).
enum class LimitDirectionType {
  kAttracting,  ///< R < -tolerance: trajectories reach Sigma along this direction.
  kRepelling,   ///< R > +tolerance: trajectories leave Sigma along this direction.
  kNeutral,     ///< |R| <= tolerance: boundary case, neither attracting nor repelling.
};

/// Classification of a point of a codimension-1 set (Def 4), with tangency reported separately.
enum class Codim1PointType {
  kAttractingSliding,  ///< <F1*, n1> < 0 and <F2*, n2> < 0.
  kCrossing,           ///< <F1*, n1> <F2*, n2> < 0.
  kRepellingSliding,   ///< <F1*, n1> > 0 and <F2*, n2> > 0.
  kTangency,           ///< at least one normal component vanishes within tolerance.
};

/// Classification of a point of a codimension-2 or -3 set from its limit directions (Def 8).
enum class SlidingPointType {
  kAttractingSliding,  ///< all limit directions attracting (realizable rolling, Defs 9 and 11).
  kCrossing,           ///< at least one attracting and one repelling limit direction.
  kRepellingSliding,   ///< all limit directions repelling.
  kNoLimitDirection,   ///< the search found no limit direction.
  kMarginal,           ///< a neutral direction (R = 0) and no crossing: on a realizable set's
                       ///< boundary.
};

/// How a root search knows that its list of limit directions is complete.
enum class Completeness {
  /// Every part of the domain was excluded or shown to hold exactly one root, every type
  /// decided, and all of it proved again in outward-rounded interval arithmetic from the
  /// field's coefficients (rational fields: interval_certificate): a proof, rounding included.
  kCertified,
  /// Every part of the domain was excluded or shown to hold exactly one root, with derivative
  /// bounds that are exact (rational fields) or supplied by the caller, but evaluated in
  /// floating point: a proof up to rounding, which is not bounded.
  kFloatingPointBounds,
  /// As kCertified, but with second-derivative bounds estimated from the samples (maximum
  /// sampled second difference times a safety factor, raised whenever refinement sees more).
  kEstimatedBounds,
  /// Some cells reached the minimum size without being excluded or resolved. Roots may be
  /// missing (or be double roots that were merged); do not trust a "realizable" verdict.
  kPossiblyIncomplete,
  /// The circumferential components vanish on a whole arc/region (e.g. an isotropic field):
  /// there is a continuum of limit directions, summarized by the sign of R over it.
  kContinuum,
  /// Verdict only: a non-attracting limit direction, its type decided (an equator arc, or a
  /// simple root whose R clears the tolerance band by a margin), decides the SS escape, so the
  /// rest of the search cannot change the verdict: it was skipped (a sweep's shortcut from a
  /// neighbouring point's direction) or left cells unresolved. The escape holds as with
  /// kFloatingPointBounds; the directions listed may not be all.
  kEscapeFound,
};

/// Human-readable names (stable; used in CSV/JSON output).
std::string toString(LimitDirectionType type);
/// The name of a codimension-1 point type.
std::string toString(Codim1PointType type);
/// The name of a point type of Def 8.
std::string toString(SlidingPointType type);
/// The name of a completeness level.
std::string toString(Completeness completeness);

/// Statistics and completeness evidence of one root search.
struct SearchReport {
  /// How the search knows its list of roots is complete.
  Completeness completeness = Completeness::kEstimatedBounds;
  /// Second-derivative bound [field units / rad^2] used for exclusion, per component.
  double second_derivative_bound = 0.0;
  /// Number of evaluations of the limit field.
  int evaluations = 0;
  /// Cells/intervals that reached the minimum size unresolved.
  int unresolved_cells = 0;
  /// Scale of the field normal part (max sampled norm) used for relative tolerances.
  double field_scale = 0.0;
  /// Absolute tolerance on V and R used for zero tests [field units].
  double value_tolerance = 0.0;
  /// Description of the method and of any incompleteness (a static string).
  const char* method = "";
  /// Cells and boxes of the interval re-check (0 when it did not run).
  std::size_t certificate_cells = 0;
  /// Why the re-check could not certify a complete search (a static string; empty otherwise).
  const char* certificate_failure = "";
};

/// Combines limit-direction types into a point type (Def 8).
/// @param attracting, repelling, neutral counts of each type of limit direction.
SlidingPointType classifyFromCounts(int attracting, int repelling, int neutral);

/// The same rule for a continuum of limit directions (Completeness::kContinuum), from the range
/// [min_radial, max_radial] of R sampled over it: attracting directions exist if
/// min_radial < -tolerance, repelling ones if max_radial > tolerance, and neutral ones if the
/// range meets [-tolerance, tolerance] (R is continuous on the continuum). Every route (codim 2
/// and 3, sampled and rational) classifies its continua with this function.
SlidingPointType classifyContinuum(double min_radial, double max_radial, double tolerance);

/// Combines the types of a list of limit directions (any range of items with a `type` member)
/// into a point type (Def 8), via classifyFromCounts.
template <class Directions>
SlidingPointType classifyDirections(const Directions& directions) {
  int attracting = 0, repelling = 0, neutral = 0;
  for (const auto& d : directions) {
    attracting += d.type == LimitDirectionType::kAttracting;
    repelling += d.type == LimitDirectionType::kRepelling;
    neutral += d.type == LimitDirectionType::kNeutral;
  }
  return classifyFromCounts(attracting, repelling, neutral);
}

}  // namespace nsd::filippov
