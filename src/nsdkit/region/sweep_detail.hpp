#pragma once
/// @file sweep_detail.hpp
/// The steps of a sweep shared by the in-memory sweep (region.cpp) and the blocked,
/// checkpointed one (checkpoint.cpp). Internal: not part of the public API.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nsdkit/region/region.hpp>

namespace nsd::region::detail {

/// Grid points a sweep held in memory may have (about 110 bytes each: 5e7 points is ~6 GB).
constexpr std::size_t kMaxInMemoryPoints = 50000000;
/// Grid points a streamed sweep (streamed_sweep.hpp) may have: its memory does not grow with the
/// grid; the cap keeps indices and file offsets far from overflow.
constexpr std::size_t kMaxStreamedPoints = 10000000000000ull;  // 1e13

/// Checks axes, fixed parameters and predicate; returns the number of grid points.
/// @throws InvalidInput also for a grid of more than `max_points` points.
std::size_t validateSweep(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                          const ModelPredicate& predicate, double refine_tolerance,
                          std::size_t max_points = kMaxInMemoryPoints);

/// Axis values of grid point `index` (row-major, last axis fastest).
std::vector<double> gridValues(const std::vector<Axis>& axes, std::size_t index);

/// The model bound to a sweep: called with the axis values of a point (the fixed values are
/// appended in name order). @throws InvalidInput as the model's binder.
BoundPredicate bindToSweep(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                           const ModelPredicate& model);

/// A grid edge whose ends differ in realizability.
struct GridEdge {
  std::size_t a, b, axis;
};

/// Every such edge, in a deterministic order (last axis first, then by index).
std::vector<GridEdge> boundaryEdges(const std::vector<Axis>& axes,
                                    const std::vector<SweepPoint>& points);
/// The same from one realizable flag (0/1) per grid point, in grid order.
std::vector<GridEdge> boundaryEdges(const std::vector<Axis>& axes,
                                    const std::vector<std::uint8_t>& realizable);

/// Bisects one edge down to `tolerance`; `calls` receives the predicate calls it made.
BoundaryPoint refineEdge(const BoundPredicate& predicate, const std::vector<SweepPoint>& points,
                         const GridEdge& edge, double tolerance, std::size_t& calls);
/// The same from the edge's ends: the realizable one (`inside`), the other one (`outside`) and
/// the label found there.
BoundaryPoint refineEdge(const BoundPredicate& predicate, std::vector<double> inside,
                         std::vector<double> outside, contact::EscapeSet outside_escapes,
                         std::size_t axis,
                         double tolerance, std::size_t& calls);

}  // namespace nsd::region::detail
