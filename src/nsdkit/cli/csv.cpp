#include <nsdkit/cli/csv.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nsdkit/core/errors.hpp>

namespace nsd::cli {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, ',')) out.push_back(trim(field));
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

}  // namespace

std::vector<std::vector<double>> readNumericCsv(const std::string& path,
                                                const std::vector<std::string>& header) {
  return readNumericTable(path, &header).rows;
}

NumericTable readNumericTable(const std::string& path,
                              const std::vector<std::string>* expected_header) {
  NumericTable table;
  std::vector<std::string>& header = table.header;
  std::ifstream in(path);
  if (!in) throw InvalidInput("cannot open input file '" + path + "'");
  std::string line;
  std::size_t line_number = 0;
  bool have_header = false;
  while (std::getline(in, line)) {
    ++line_number;
    if (trim(line).empty()) continue;
    const auto fields = split(trim(line));
    if (!have_header) {
      if (expected_header && fields != *expected_header) {
        std::string expected;
        for (const auto& h : *expected_header) expected += (expected.empty() ? "" : ",") + h;
        throw InvalidInput(path + ":" + std::to_string(line_number) + ": header must be '" +
                           expected + "', got '" + trim(line) + "'");
      }
      for (std::size_t k = 0; k < fields.size(); ++k) {
        if (fields[k].empty()) {
          throw InvalidInput(path + ":" + std::to_string(line_number) + ": header field " +
                             std::to_string(k + 1) + " is empty");
        }
        for (std::size_t i = 0; i < k; ++i) {
          if (fields[i] == fields[k]) {
            throw InvalidInput(path + ":" + std::to_string(line_number) + ": header names '" +
                               fields[k] + "' twice");
          }
        }
      }
      header = fields;
      have_header = true;
      continue;
    }
    if (fields.size() != header.size()) {
      throw InvalidInput(path + ":" + std::to_string(line_number) + ": expected " +
                         std::to_string(header.size()) + " fields, got " +
                         std::to_string(fields.size()));
    }
    std::vector<double> row;
    for (std::size_t k = 0; k < fields.size(); ++k) {
      const std::string& f = fields[k];
      char* end = nullptr;
      errno = 0;
      const double v = f.empty() ? NAN : std::strtod(f.c_str(), &end);
      if (f.empty() || end != f.c_str() + f.size() || errno == ERANGE || !std::isfinite(v)) {
        throw InvalidInput(path + ":" + std::to_string(line_number) + ": field '" + header[k] +
                           "' is not a finite number: '" + f + "'");
      }
      row.push_back(v);
    }
    table.rows.push_back(std::move(row));
  }
  if (!have_header) throw InvalidInput(path + ": file is empty (no header)");
  return table;
}

}  // namespace nsd::cli
