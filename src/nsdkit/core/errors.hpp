#pragma once
/// @file errors.hpp
/// Error types and input validation helpers shared by every nsdkit library.
///
/// Library code reports bad input by throwing nsd::InvalidInput (a std::invalid_argument) whose
/// message names the offending quantity and its value, and reports numerical failure (a solver
/// that did not converge, a singular system) with nsd::SolverFailure. Nothing in nsdkit returns a
/// silent NaN.

#include <Eigen/Core>
#include <stdexcept>
#include <string>
#include <string_view>

namespace nsd {

/// Thrown for invalid input: NaN/infinite values, negative friction, degenerate geometry,
/// inconsistent dimensions, a point that is not on the discontinuity set.
class InvalidInput : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Thrown when a numerical method fails: singular linear system, non-convergent iteration.
class SolverFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The shortest decimal text that reads back to the same double (std::to_chars): the one number
/// formatter of nsdkit (messages, CSV and region outputs).
std::string formatValue(double value);

/// User input shown in a message: in single quotes, control bytes and bytes >= 0x7f escaped
/// (as \\xNN), at most `limit` bytes of it: a longer text shows its first and last `limit`/2
/// bytes around "..." and then its size ("' (N bytes)"), so that a long path keeps its file
/// name and an error line never carries terminal escapes, binary or megabytes of a field.
std::string quoteInput(std::string_view text, std::size_t limit = 80);

/// Throws InvalidInput("<name> must be finite, got <value>") unless value is finite.
void requireFinite(double value, std::string_view name);

/// Throws InvalidInput unless value > 0, finite and not subnormal (>= 2.2e-308).
void requirePositive(double value, std::string_view name);

/// Throws InvalidInput unless value >= 0 and finite.
void requireNonNegative(double value, std::string_view name);

/// Throws InvalidInput naming the first non-finite entry of `values`.
/// Entries are counted in column-major order; any expression (blocks, strided maps) works.
template <class Derived>
void requireFinite(const Eigen::DenseBase<Derived>& values, std::string_view name) {
  if (values.allFinite()) return;
  for (Eigen::Index j = 0; j < values.cols(); ++j) {
    for (Eigen::Index i = 0; i < values.rows(); ++i) {
      const double v = static_cast<double>(values.derived().coeff(i, j));
      if (!std::isfinite(v)) {
        throw InvalidInput(std::string(name) + " must be finite, but entry " +
                           std::to_string(j * values.rows() + i) + " is " + formatValue(v));
      }
    }
  }
}

/// Throws InvalidInput unless `actual == expected` (dimension check).
void requireDimension(Eigen::Index actual, Eigen::Index expected, std::string_view name);

}  // namespace nsd
