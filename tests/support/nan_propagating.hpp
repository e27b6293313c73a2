#pragma once
// max and min that propagate NaN. std::max(a, NaN) returns a and std::min likewise, so a running
// maximum of errors silently skips a NaN sample and the test passes on it; these return NaN,
// which every EXPECT_LT / EXPECT_GT then fails.
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

namespace nsd::test_support {

inline double maxPropagatingNaN(std::initializer_list<double> values) {
  double out = -std::numeric_limits<double>::infinity();
  for (const double v : values) {
    if (std::isnan(v)) return v;
    out = std::max(out, v);
  }
  return out;
}

inline double minPropagatingNaN(std::initializer_list<double> values) {
  double out = std::numeric_limits<double>::infinity();
  for (const double v : values) {
    if (std::isnan(v)) return v;
    out = std::min(out, v);
  }
  return out;
}

}  // namespace nsd::test_support
