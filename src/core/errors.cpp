#include "core/errors.hpp"

#include <cmath>
#include <sstream>

namespace nsd {

std::string formatValue(double value) {
  std::ostringstream out;
  out.precision(17);
  out << value;
  return out.str();
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
