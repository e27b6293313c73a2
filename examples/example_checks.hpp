#pragma once
// The examples' self-check: each example compares what it printed with a closed form or an
// independent route and exits non-zero when they disagree (ctest runs every example). NaN fails
// every check. Header-only, for the examples only (not installed).
#include <cmath>
#include <cstdio>
#include <string>

namespace nsd_examples {

class Checks {
 public:
  /// |value - expected| <= relative_tolerance |expected| (and both finite).
  void near(const std::string& what, double value, double expected, double relative_tolerance) {
    const bool ok = std::isfinite(value) && std::isfinite(expected) &&
                    std::fabs(value - expected) <= relative_tolerance * std::fabs(expected);
    record(ok, what + ": " + format(value) + " against " + format(expected) + " (rel. tol. " +
                   format(relative_tolerance) + ")");
  }
  /// |value - expected| <= absolute_tolerance (and both finite).
  void nearAbsolute(const std::string& what, double value, double expected,
                    double absolute_tolerance) {
    const bool ok = std::isfinite(value) && std::isfinite(expected) &&
                    std::fabs(value - expected) <= absolute_tolerance;
    record(ok, what + ": " + format(value) + " against " + format(expected) + " (abs. tol. " +
                   format(absolute_tolerance) + ")");
  }
  void that(const std::string& what, bool ok) { record(ok, what); }

  /// 0 when every check held, else 1 (after a summary line on stderr).
  int exitStatus() const {
    if (failures_ > 0) std::fprintf(stderr, "%d check(s) FAILED\n", failures_);
    return failures_ == 0 ? 0 : 1;
  }

 private:
  static std::string format(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", v);
    return buffer;
  }
  void record(bool ok, const std::string& what) {
    if (!ok) {
      ++failures_;
      std::fprintf(stderr, "CHECK FAILED: %s\n", what.c_str());
    }
  }
  int failures_ = 0;
};

}  // namespace nsd_examples
