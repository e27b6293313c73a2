#include <nsdkit/core/errors.hpp>

#include <algorithm>

#include <limits>

#include <charconv>
#include <cmath>

namespace nsd {

std::string formatValue(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

namespace {

void appendEscaped(std::string& out, std::string_view text) {
  static const char* const kHex = "0123456789abcdef";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f || byte == '\\' || byte == '\'') {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    } else {
      out += static_cast<char>(byte);
    }
  }
}

}  // namespace

std::string quoteInput(std::string_view text, std::size_t limit) {
  std::string out = "'";
  if (text.size() <= limit) {
    appendEscaped(out, text);
    return out + "'";
  }
  // Too long: its head and its tail, so that a long path still shows its file name.
  const std::size_t tail = limit / 2;
  appendEscaped(out, text.substr(0, limit - tail));
  out += "...";
  appendEscaped(out, text.substr(text.size() - tail));
  return out + "' (" + std::to_string(text.size()) + " bytes)";
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
