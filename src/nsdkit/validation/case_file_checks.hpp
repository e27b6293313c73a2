#pragma once
/// @file case_file_checks.hpp
/// Checked reading of the scorer's inputs (case files, index, trajectories): bounded reads of
/// regular files inside their folder, JSON fields with errors naming the file and field, values
/// quoted safely in messages, and comparison of stored and rebuilt content within rounding.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include <Eigen/Core>

namespace nsd::validation {

/// A scorer input opened for reading: `<dir>/<name>`, which must be a regular file inside
/// `dir` (a symlink is followed only when its target stays inside `dir`) with one link only (a
/// hard link would bring in a file from anywhere) and at most `max_bytes`. Opened without
/// blocking (a FIFO is refused, never waited on); the checks are made on the open file.
class CheckedFile {
 public:
  /// @throws InvalidInput naming the file and the problem.
  CheckedFile(const std::string& dir, const std::string& name, std::uintmax_t max_bytes);
  /// Closes the file.
  ~CheckedFile();
  CheckedFile(const CheckedFile&) = delete;
  CheckedFile& operator=(const CheckedFile&) = delete;
  /// Its size when opened [bytes].
  std::uintmax_t size() const { return size_; }
  /// The path as messages show it (quoteInput).
  const std::string& shown() const { return shown_; }
  /// Reads at most `capacity` bytes into `buffer`; returns their count, 0 at the end.
  std::size_t read(char* buffer, std::size_t capacity);
  /// Back to the first byte.
  void rewind();

 private:
  void close();
  std::string shown_;
  int fd_ = -1;
  std::uintmax_t size_ = 0;
};

/// The content of a CheckedFile(dir, name, max_bytes).
/// @throws InvalidInput naming the file and the problem.
std::string readBoundedFile(const std::string& dir, const std::string& name,
                            std::uintmax_t max_bytes);

/// Parses JSON, refusing nesting deeper than kMaxJsonDepth (core/json_depth.hpp, checked before
/// the parser runs) and duplicate keys. @throws InvalidInput naming `label`.
nlohmann::json parseJsonText(const std::string& text, const std::string& label);

/// Field access with errors naming the file (label) and the field.
struct FieldReader {
  /// The file as messages name it.
  std::string label;
  /// The field `key` of the object j. @throws InvalidInput naming the file and the field when j
  /// is not an object or has no such field.
  const nlohmann::json& at(const nlohmann::json& j, const std::string& key) const;
  /// A finite number (or NaN for null when allow_null).
  double number(const nlohmann::json& j, const std::string& key, bool allow_null = false) const;
  /// An array of three finite numbers. @throws InvalidInput naming the file and the field.
  Eigen::Vector3d vector3(const nlohmann::json& j, const std::string& key) const;
  /// A string. @throws InvalidInput naming the file and the field.
  std::string string(const nlohmann::json& j, const std::string& key) const;
};

struct ValidationCase;

/// The JSON content of a case file (schema 2) with its digest: the SHA-256 of the rest of the
/// content serialized with sorted keys, a check against accidents (a truncated or hand-edited
/// file), not a seal: anyone can recompute it. @throws InvalidInput for a body file's case.
nlohmann::json caseJson(const ValidationCase& c, std::size_t index);
/// The digest of a case file's content (its "digest" field left out).
std::string caseDigest(nlohmann::json content);

/// Equal up to rounding: numbers within 1e-9 relative (1e-12 absolute), other values exactly,
/// arrays and objects element by element.
bool sameWithinRounding(const nlohmann::json& a, const nlohmann::json& b);

/// The first key (a path such as "planes[0].mu") where `stored` differs from `rebuilt` beyond
/// rounding, or "" when none.
std::string firstDifferentKey(const nlohmann::json& stored, const nlohmann::json& rebuilt);

}  // namespace nsd::validation
