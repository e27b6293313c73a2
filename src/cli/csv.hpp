#pragma once
/// @file csv.hpp
/// Strict CSV reading of numeric tables and atomic file output for the nsdkit CLI.

#include <Eigen/Core>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "core/atomic_file.hpp"

namespace nsd::cli {

/// Reads a CSV whose header is exactly `expected_header` (comma-separated, whitespace around
/// fields ignored) and whose rows hold that many finite numbers. Empty lines are skipped.
/// @throws InvalidInput naming the file, line and field on any error.
std::vector<std::vector<double>> readNumericCsv(const std::string& path,
                                                const std::vector<std::string>& expected_header);

/// Atomic file output (core/atomic_file.hpp), used by every CLI command.
using nsd::writeFileAtomically;

}  // namespace nsd::cli
