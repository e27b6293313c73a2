#pragma once
/// @file bisection.hpp
/// One bisection for every "where does this predicate change" question of nsdkit (region
/// boundaries, special values, ray probes, mesh crossings, break frequencies): a predicate true
/// at one end of a segment and false at the other is bisected until the bracket is at most
/// `tolerance` wide.

#include <cmath>
#include <cstddef>
#include <string>

#include <nsdkit/core/errors.hpp>

namespace nsd {

/// Where the predicate changes on the segment [true_end, false_end] (either order).
struct BisectionResult {
  double value = 0.0;          ///< midpoint of the final bracket.
  double last_true = 0.0;      ///< the end of the final bracket where the predicate holds.
  double last_false = 0.0;     ///< the end where it does not.
  double bracket_width = 0.0;  ///< |last_true - last_false| <= tolerance.
  int predicate_calls = 0;     ///< calls made by the bisection (the end checks included).
};

/// Bisects `holds` (a predicate of a double) between `true_end`, where it holds, and
/// `false_end`, where it does not. With `check_ends` both ends are evaluated first and a wrong
/// end throws InvalidInput naming `what`; otherwise they are assumed.
/// @throws InvalidInput for a non-positive or non-finite tolerance or non-finite ends.
template <class Predicate>
BisectionResult bisect(Predicate&& holds, double true_end, double false_end, double tolerance,
                       bool check_ends = false, const std::string& what = "bisection") {
  requirePositive(tolerance, what + " tolerance");
  requireFinite(true_end, what + " end");
  requireFinite(false_end, what + " end");
  BisectionResult r;
  if (check_ends) {
    r.predicate_calls += 2;
    if (!holds(true_end) || holds(false_end)) {
      throw InvalidInput(what + ": the predicate does not change between " + formatValue(true_end) +
                         " and " + formatValue(false_end));
    }
  }
  double a = true_end, b = false_end;
  while (std::fabs(b - a) > tolerance) {
    const double mid = 0.5 * (a + b);
    if (mid == a || mid == b) break;  // the bracket is down to adjacent doubles
    ++r.predicate_calls;
    (holds(mid) ? a : b) = mid;
  }
  r.last_true = a;
  r.last_false = b;
  r.value = 0.5 * (a + b);
  r.bracket_width = std::fabs(b - a);
  return r;
}

}  // namespace nsd
