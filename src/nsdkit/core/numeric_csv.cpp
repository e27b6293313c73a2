#include <nsdkit/core/numeric_csv.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nsdkit/core/errors.hpp>

namespace nsd {
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

// std::getline with a bound: false at the end of the input; throws for a longer line (a CSV of
// numbers has short lines; a runaway line is a wrong file, and is never read whole).
bool boundedLine(std::istream& in, std::string& line, const std::string& path,
                 std::size_t line_number) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  for (;;) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) return !line.empty();
    if (c == '\n') return true;
    if (line.size() >= kMaxCsvLineBytes) {
      throw InvalidInput(quoteInput(path) + ":" + std::to_string(line_number) +
                         ": a line longer than " + std::to_string(kMaxCsvLineBytes) +
                         " bytes (the limit of a CSV line)");
    }
    line.push_back(static_cast<char>(c));
  }
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
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw InvalidInput("input file " + quoteInput(path) + ": not a regular file (or missing)");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InvalidInput("cannot open input file " + quoteInput(path));
  const std::string shown = quoteInput(path);
  std::string line;
  std::size_t line_number = 0;
  bool have_header = false;
  while (boundedLine(in, line, path, line_number + 1)) {
    ++line_number;
    if (trim(line).empty()) continue;
    const auto fields = split(trim(line));
    if (!have_header) {
      if (expected_header && fields != *expected_header) {
        std::string expected;
        for (const auto& h : *expected_header) expected += (expected.empty() ? "" : ",") + h;
        throw InvalidInput(shown + ":" + std::to_string(line_number) + ": header must be '" +
                           expected + "', got " + quoteInput(trim(line)));
      }
      std::set<std::string> seen;
      for (std::size_t k = 0; k < fields.size(); ++k) {
        if (fields[k].empty()) {
          throw InvalidInput(shown + ":" + std::to_string(line_number) + ": header field " +
                             std::to_string(k + 1) + " is empty");
        }
        if (!seen.insert(fields[k]).second) {
          throw InvalidInput(shown + ":" + std::to_string(line_number) + ": header names " +
                             quoteInput(fields[k]) + " twice");
        }
      }
      header = fields;
      have_header = true;
      continue;
    }
    if (fields.size() != header.size()) {
      throw InvalidInput(shown + ":" + std::to_string(line_number) + ": expected " +
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
        throw InvalidInput(shown + ":" + std::to_string(line_number) + ": field " +
                           quoteInput(header[k]) + " is not a finite number: " + quoteInput(f));
      }
      row.push_back(v);
    }
    table.rows.push_back(std::move(row));
  }
  if (!have_header) throw InvalidInput(shown + ": file is empty (no header)");
  return table;
}

}  // namespace nsd
