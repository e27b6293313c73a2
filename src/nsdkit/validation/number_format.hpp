#pragma once
/// @file number_format.hpp
/// How the validation writes numbers into its reasons and reports.

#include <string>

namespace nsd::validation {

/// A number with `precision` significant digits for reports, "-" when not finite.
std::string formatForReport(double value, int precision = 3);

}  // namespace nsd::validation
