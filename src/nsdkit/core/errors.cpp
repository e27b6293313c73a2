#include <nsdkit/core/errors.hpp>

#include <limits>

#include <charconv>
#include <cmath>

namespace nsd {

std::string formatValue(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

void requireFinite(double value, std::string_view name) {
  if (!std::isfinite(value)) {
    throw InvalidInput(std::string(name) + " must be finite, got " + formatValue(value));
  }
}

void requirePositive(double value, std::string_view name) {
  requireFinite(value, name);
  if (!(value > 0.0)) {
    throw InvalidInput(std::string(name) + " must be positive, got " + formatValue(value));
  }
  // A subnormal value (below 2.2e-308) is refused by every route alike: the routes would
  // otherwise round it differently (e.g. to zero in one and not in another).
  if (value < std::numeric_limits<double>::min()) {
    throw InvalidInput(std::string(name) + " must be positive and not subnormal, got " +
                       formatValue(value));
  }
}

void requireNonNegative(double value, std::string_view name) {
  requireFinite(value, name);
  if (value < 0.0) {
    throw InvalidInput(std::string(name) + " must be non-negative, got " + formatValue(value));
  }
}

void requireDimension(Eigen::Index actual, Eigen::Index expected, std::string_view name) {
  if (actual != expected) {
    throw InvalidInput(std::string(name) + " has dimension " + std::to_string(actual) +
                       ", expected " + std::to_string(expected));
  }
}

}  // namespace nsd
