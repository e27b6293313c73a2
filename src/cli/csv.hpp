#pragma once
/// @file csv.hpp
/// Strict CSV reading of numeric tables and atomic file output for the nsdkit CLI.

#include <Eigen/Core>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace nsd::cli {

/// Reads a CSV whose header is exactly `expected_header` (comma-separated, whitespace around
/// fields ignored) and whose rows hold that many finite numbers. Empty lines are skipped.
/// @throws InvalidInput naming the file, line and field on any error.
std::vector<std::vector<double>> readNumericCsv(const std::string& path,
                                                const std::vector<std::string>& expected_header);

/// Writes a file atomically: `write` fills a temporary file beside `path`, which is renamed over
/// `path` only if `write` returns without throwing. On failure nothing is left behind.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace nsd::cli
