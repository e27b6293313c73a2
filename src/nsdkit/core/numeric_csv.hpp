#pragma once
/// @file numeric_csv.hpp
/// Strict CSV reading of numeric tables: the inputs of classify and validate --input.

#include <Eigen/Core>
#include <functional>
#include <ostream>
#include <string>
#include <vector>


namespace nsd {

/// The longest line of an input CSV [bytes]: longer lines are refused before they are read whole.
inline constexpr std::size_t kMaxCsvLineBytes = 65536;

/// Reads a CSV whose header is exactly `expected_header` (comma-separated, whitespace around
/// fields ignored) and whose rows hold that many finite numbers. Empty lines are skipped.
/// @throws InvalidInput naming the file, line and field on any error.
std::vector<std::vector<double>> readNumericCsv(const std::string& path,
                                                const std::vector<std::string>& expected_header);

/// A numeric table: its header names and rows.
struct NumericTable {
  /// The column names, in file order.
  std::vector<std::string> header;
  /// The rows, each with one finite number per column.
  std::vector<std::vector<double>> rows;
};
/// Reads a CSV of finite numbers whose header names its columns (non-empty, distinct names);
/// with `expected_header` the header must be exactly that. @throws InvalidInput as above.
NumericTable readNumericTable(const std::string& path,
                              const std::vector<std::string>* expected_header = nullptr);

}  // namespace nsd
