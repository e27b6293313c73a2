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

/// At most 80 characters of `text` for a message, control and non-ASCII bytes as `\\xNN`.
std::string quoteForMessage(const std::string& text);

/// The content of `<dir>/<name>`, which must be a regular file inside `dir` (a symlink is
/// followed only when its target stays inside `dir`) of at most `max_bytes`.
/// @throws InvalidInput naming the file and the problem.
std::string readBoundedFile(const std::string& dir, const std::string& name,
                            std::uintmax_t max_bytes);

/// Parses JSON, refusing duplicate keys. @throws InvalidInput naming `label`.
nlohmann::json parseJsonText(const std::string& text, const std::string& label);

/// Field access with errors naming the file (label) and the field.
struct FieldReader {
  std::string label;
  const nlohmann::json& at(const nlohmann::json& j, const std::string& key) const;
  /// A finite number (or NaN for null when allow_null).
  double number(const nlohmann::json& j, const std::string& key, bool allow_null = false) const;
  Eigen::Vector3d vector3(const nlohmann::json& j, const std::string& key) const;
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
