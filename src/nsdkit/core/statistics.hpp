#pragma once
/// @file statistics.hpp
/// Small summaries of samples used by the reports.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace nsd {

/// The element at index n/2 of the sorted values (the upper of the two middle values for even
/// n); NaN for no values. The values are taken by copy (reordered, not sorted).
inline double upperMedian(std::vector<double> values) {
  if (values.empty()) return NAN;
  const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), mid, values.end());
  return *mid;
}

}  // namespace nsd
