#pragma once
/// @file sweep_detail.hpp
/// The steps of a sweep shared by the in-memory sweep (region.cpp) and the blocked,
/// checkpointed one (checkpoint.cpp). Internal: not part of the public API.

#include <cstddef>
#include <vector>

#include <nsdkit/region/region.hpp>

namespace nsd::region::detail {

/// Checks axes, fixed parameters and predicate; returns the number of grid points.
std::size_t validateSweep(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                          const ParameterPredicate& predicate, double refine_tolerance);

/// Axis values of grid point `index` (row-major, last axis fastest).
std::vector<double> gridValues(const std::vector<Axis>& axes, std::size_t index);

/// The predicate at the axis values `values` with the fixed parameters.
PointVerdict evaluateAt(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                        const ParameterPredicate& predicate, const std::vector<double>& values);

/// A grid edge whose ends differ in realizability.
struct GridEdge {
  std::size_t a, b, axis;
};

/// Every such edge, in a deterministic order (last axis first, then by index).
std::vector<GridEdge> boundaryEdges(const std::vector<Axis>& axes,
                                    const std::vector<SweepPoint>& points);

/// Bisects one edge down to `tolerance`; `calls` receives the predicate calls it made.
BoundaryPoint refineEdge(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                         const ParameterPredicate& predicate, const std::vector<SweepPoint>& points,
                         const GridEdge& edge, double tolerance, std::size_t& calls);

}  // namespace nsd::region::detail
