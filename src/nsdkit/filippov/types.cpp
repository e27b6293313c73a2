#include <nsdkit/filippov/types.hpp>

namespace nsd::filippov {

std::string toString(LimitDirectionType type) {
  switch (type) {
    case LimitDirectionType::kAttracting:
      return "attracting";
    case LimitDirectionType::kRepelling:
      return "repelling";
    case LimitDirectionType::kNeutral:
      return "neutral";
  }
  return "unknown";
}

std::string toString(Codim1PointType type) {
  switch (type) {
    case Codim1PointType::kAttractingSliding:
      return "attracting_sliding";
    case Codim1PointType::kCrossing:
      return "crossing";
    case Codim1PointType::kRepellingSliding:
      return "repelling_sliding";
    case Codim1PointType::kTangency:
      return "tangency";
  }
  return "unknown";
}

std::string toString(SlidingPointType type) {
  switch (type) {
    case SlidingPointType::kAttractingSliding:
      return "attracting_sliding";
    case SlidingPointType::kCrossing:
      return "crossing";
    case SlidingPointType::kRepellingSliding:
      return "repelling_sliding";
    case SlidingPointType::kNoLimitDirection:
      return "no_limit_direction";
    case SlidingPointType::kMarginal:
      return "marginal";
  }
  return "unknown";
}

std::string toString(Completeness completeness) {
  switch (completeness) {
    case Completeness::kCertified:
      return "certified";
    case Completeness::kFloatingPointBounds:
      return "floating_point_bounds";
    case Completeness::kEstimatedBounds:
      return "estimated_bounds";
    case Completeness::kPossiblyIncomplete:
      return "possibly_incomplete";
    case Completeness::kContinuum:
      return "continuum";
    case Completeness::kEscapeFound:
      return "escape_found";
  }
  return "unknown";
}

SlidingPointType classifyFromCounts(int attracting, int repelling, int neutral) {
  if (attracting + repelling + neutral == 0) return SlidingPointType::kNoLimitDirection;
  if (attracting > 0 && repelling > 0) return SlidingPointType::kCrossing;
  if (neutral > 0) return SlidingPointType::kMarginal;
  if (repelling == 0) return SlidingPointType::kAttractingSliding;
  return SlidingPointType::kRepellingSliding;
}

SlidingPointType classifyContinuum(double min_radial, double max_radial, double tolerance) {
  const bool attracting = min_radial < -tolerance;
  const bool repelling = max_radial > tolerance;
  const bool neutral = min_radial <= tolerance && max_radial >= -tolerance;
  return classifyFromCounts(attracting ? 1 : 0, repelling ? 1 : 0, neutral ? 1 : 0);
}

}  // namespace nsd::filippov
