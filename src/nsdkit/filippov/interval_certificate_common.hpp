// Shared parts of the interval re-checks (interval_certificate.cpp: the sphere's search;
// interval_certificate_circle.cpp: the circle's): subdivision limits, thin intervals and the
// type of an enclosure of R. Internal to src/nsdkit/filippov.
#pragma once

#include <cstddef>

#include <nsdkit/filippov/interval_certificate.hpp>
#include <nsdkit/filippov/outward_interval.hpp>

namespace nsd::filippov::certified::detail {

// Subdivision limits of the re-check: cells down to (pi / 8) 2^-40 rad, and a budget of cells
// far above what a field with separated simple roots needs (hundreds); reaching either means
// the re-check could not decide (a double root, a cluster, or a zero within rounding of a
// box's edge), and the result is not certified.
constexpr int kInitialCells = 8;
constexpr int kMaxDepth = 40;
constexpr std::size_t kMaxCells = 200000;

inline Interval thin(double x) { return Interval(x); }

inline bool contains(const Interval& x, double v) { return x.lower() <= v && v <= x.upper(); }

// X - m for the offsets of a cell's points from its centre m.
inline Interval offsets(const Interval& x, double m) { return x - thin(m); }

// The type every value of the enclosure r gets under typeFromRadial, or false if they differ.
inline bool typeOfEnclosure(const Interval& r, double tolerance, LimitDirectionType& type) {
  if (r.lower() > tolerance) {
    type = LimitDirectionType::kRepelling;
    return true;
  }
  if (r.upper() < -tolerance) {
    type = LimitDirectionType::kAttracting;
    return true;
  }
  if (r.lower() >= -tolerance && r.upper() <= tolerance) {
    type = LimitDirectionType::kNeutral;
    return true;
  }
  return false;
}

}  // namespace nsd::filippov::certified::detail
