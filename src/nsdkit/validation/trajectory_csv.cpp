// A solver's trajectory CSV read as a stream (case_files.hpp, readTrajectoryCsv): the file is
// never held whole; each row is checked and kept as a sample as it is read.
//
// Memory: the samples (engines::EngineSample and its contact records, 216 bytes a row with one
// plane, 280 with two), reserved once from a first pass counting the lines, the judge's working
// values (about as much again) and a 1 MiB read buffer; never the file's text or its rows. A row
// takes at least 20 bytes of the file (ten one-character values, nine commas, a newline) and at
// most kMaxTrajectoryRows rows are kept, so scoring a file needs at most 16 times its size and
// at most about 1 GB whatever its size. Measured (peak RSS, /usr/bin/time -v, whole
// `validate --score` of the block family): 2,000,000 rows of 28 bytes (57 MB) 0.91 GB in 7.7 s;
// 251 MB of such rows (refused at row 2,097,153) 0.49 GB in 15 s, where the whole-file reader
// needed 4.3 GB and 75 s.
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/case_file_checks.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/solvers.hpp>
#include <nsdkit/validation/trajectory_table.hpp>

namespace nsd::validation {
namespace {

constexpr std::size_t kReadChunk = 1u << 20;
constexpr std::size_t kMaxColumns = 14;
constexpr std::size_t kQuotedChars = 32;  // of a file's text in a message (quoteInput)

/// Reads lines of at most kMaxTrajectoryLineChars from a CheckedFile through a fixed buffer.
class LineReader {
 public:
  explicit LineReader(CheckedFile& file) : file_(file), buffer_(new char[kReadChunk]) {}

  /// The next line (without '\n') in [begin, end); false at the end of the file.
  /// @throws InvalidInput for a line too long or a read error (the message prefixed by `shown`).
  bool next(const char*& begin, const char*& end, const std::string& shown) {
    for (;;) {
      char* const data = buffer_.get();
      if (const void* nl = std::memchr(data + start_, '\n', filled_ - start_)) {
        begin = data + start_;
        end = static_cast<const char*>(nl);
        start_ = static_cast<std::size_t>(end - data) + 1;
        return checkLength(begin, end, shown);
      }
      if (eof_) {
        if (start_ == filled_) return false;
        begin = data + start_;
        end = data + filled_;
        start_ = filled_;
        return checkLength(begin, end, shown);
      }
      if (filled_ - start_ > kMaxTrajectoryLineChars) throwTooLong(shown);
      std::memmove(data, data + start_, filled_ - start_);
      filled_ -= start_;
      start_ = 0;
      const std::size_t n = file_.read(data + filled_, kReadChunk - filled_);
      if (n == 0) eof_ = true;
      filled_ += n;
    }
  }

  std::size_t line_number = 0;

 private:
  bool checkLength(const char* begin, const char* end, const std::string& shown) {
    ++line_number;
    if (static_cast<std::size_t>(end - begin) > kMaxTrajectoryLineChars) throwTooLong(shown);
    return true;
  }
  [[noreturn]] void throwTooLong(const std::string& shown) const {
    throw InvalidInput(shown + ": line " + std::to_string(line_number + 1) +
                       " is longer than " + std::to_string(kMaxTrajectoryLineChars) +
                       " characters");
  }

  CheckedFile& file_;
  std::unique_ptr<char[]> buffer_;
  std::size_t start_ = 0, filled_ = 0;
  bool eof_ = false;
};

bool isBlank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

/// The fields of one line, each trimmed of blanks ("a, b" has fields "a" and "b").
std::vector<std::string> splitFields(const char* begin, const char* end) {
  std::vector<std::string> fields;
  const char* field = begin;
  for (const char* p = begin;; ++p) {
    if (p == end || *p == ',') {
      const char* b = field;
      const char* e = p;
      while (b < e && isBlank(*b)) ++b;
      while (e > b && isBlank(e[-1])) --e;
      fields.emplace_back(b, e);
      if (p == end) break;
      field = p + 1;
    }
  }
  return fields;
}

/// Parses the values of one data row into `values`; returns their number (counting past
/// kMaxColumns). @throws InvalidInput naming the line and column of a value that is not a
/// finite number.
std::size_t parseRow(const char* begin, const char* end, const std::vector<std::string>& header,
                     double* values, std::size_t line, const std::string& shown) {
  std::size_t count = 0;
  char text[64];
  const char* field = begin;
  for (const char* p = begin;; ++p) {
    if (p != end && *p != ',') continue;
    const char* b = field;
    const char* e = p;
    while (b < e && isBlank(*b)) ++b;
    while (e > b && isBlank(e[-1])) --e;
    if (count < header.size()) {
      const auto length = static_cast<std::size_t>(e - b);
      bool ok = length > 0 && length < sizeof text;
      if (ok) {
        std::memcpy(text, b, length);
        text[length] = '\0';
        char* parsed_end = nullptr;
        errno = 0;
        values[count] = std::strtod(text, &parsed_end);
        // Underflow (a subnormal such as 1.75e-309, ERANGE with |value| <= DBL_MIN) is a
        // number like any other; overflow gives +-inf, refused as not finite.
        const bool underflow = errno == ERANGE && std::fabs(values[count]) <= DBL_MIN;
        ok = parsed_end == text + length && std::isfinite(values[count]) &&
             (errno != ERANGE || underflow);
      }
      if (!ok) {
        throw InvalidInput(shown + ": line " + std::to_string(line) + ", column '" +
                           header[count] + "': not a finite number: " +
                           quoteInput(std::string_view(b, length), kQuotedChars));
      }
    }
    ++count;
    if (p == end) break;
    field = p + 1;
  }
  return count;
}

/// The number of lines of the open file (a first pass: the samples' room is reserved once).
std::size_t countLines(CheckedFile& file) {
  std::unique_ptr<char[]> buffer(new char[kReadChunk]);
  std::size_t lines = 1;
  for (std::size_t n; (n = file.read(buffer.get(), kReadChunk)) > 0;) {
    const char* const end = buffer.get() + n;
    for (const char* p = buffer.get();
         (p = static_cast<const char*>(std::memchr(p, '\n', end - p))) != nullptr; ++p) {
      ++lines;
    }
  }
  file.rewind();
  return lines;
}

/// Reads the open CSV row by row into the trajectory (see the file's comment).
SolverTrajectory readRows(const ValidationCase& c, CheckedFile& file, const std::string& shown) {
  const std::size_t lines = countLines(file);
  LineReader reader(file);
  const char* begin = nullptr;
  const char* end = nullptr;
  const std::vector<std::string>* header = nullptr;
  std::unique_ptr<TrajectoryTableBuilder> builder;
  double values[kMaxColumns];
  while (reader.next(begin, end, shown)) {
    const char* p = begin;
    while (p < end && isBlank(*p)) ++p;
    if (p == end) continue;
    if (!header) {
      const auto fields = splitFields(begin, end);
      for (const bool orientation : {false, true}) {
        if (fields == trajectoryColumns(orientation)) header = &trajectoryColumns(orientation);
      }
      if (!header) {
        throw InvalidInput(shown + ": header must be 't,x,y,z,vx,vy,vz,wx,wy,wz' (or with "
                           "qw,qx,qy,qz after z), got " +
                           quoteInput(std::string_view(begin, end - begin), kQuotedChars));
      }
      builder = std::make_unique<TrajectoryTableBuilder>(c, header->size() == kMaxColumns,
                                                         lines);
      continue;
    }
    const std::size_t count = parseRow(begin, end, *header, values, reader.line_number, shown);
    if (count != header->size()) {
      throw InvalidInput(shown + ": line " + std::to_string(reader.line_number) + " has " +
                         std::to_string(count) + " fields, the header " +
                         std::to_string(header->size()));
    }
    // After a failing row the rest is still parsed: a malformed line is named first, as when
    // the whole file was parsed before the checks.
    builder->add(values, count);
  }
  if (!header) throw InvalidInput(shown + ": empty file (no header)");
  return builder->finish();
}

}  // namespace

SolverTrajectory readTrajectoryCsv(const ValidationCase& c, const std::string& path) {
  const std::filesystem::path p(path);
  const std::string shown = quoteInput(p.filename().string());
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(p, ec))) {
    return failedTrajectory("missing trajectory file " + quoteInput(path));
  }
  // A node that is no file of the solver's own (a FIFO, a device, a folder, a link out of the
  // folder, a hard link) is refused (InvalidInput); what a file holds is judged on its row.
  CheckedFile file(p.parent_path().string(), p.filename().string(),
                   std::numeric_limits<std::uintmax_t>::max());
  try {
    if (file.size() > kMaxTrajectoryBytes) {
      throw InvalidInput(shown + " has " + std::to_string(file.size()) +
                         " bytes, more than the limit " + std::to_string(kMaxTrajectoryBytes));
    }
    return readRows(c, file, shown);
  } catch (const InvalidInput& e) {
    return failedTrajectory(std::string("unreadable trajectory: ") + e.what());
  }
}

}  // namespace nsd::validation
