// Checked reading of the scorer's inputs (case_file_checks.hpp).
#include <nsdkit/validation/case_file_checks.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <filesystem>
#include <set>
#include <vector>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/json_depth.hpp>

namespace nsd::validation {

namespace fs = std::filesystem;
using nlohmann::json;

CheckedFile::CheckedFile(const std::string& dir, const std::string& name,
                         std::uintmax_t max_bytes)
    : shown_(quoteInput((fs::path(dir) / name).string())) {
  const fs::path path = fs::path(dir) / name;
  std::error_code ec;
  const fs::file_status link = fs::symlink_status(path, ec);
  if (ec || !fs::exists(link)) throw InvalidInput("missing file " + shown_);
  const bool symlink = fs::is_symlink(link);
  if (symlink) {
    const fs::path target = fs::weakly_canonical(path, ec);
    const fs::path folder = fs::weakly_canonical(dir, ec);
    const std::string t = target.string(), f = folder.string() + "/";
    if (ec || t.compare(0, f.size(), f) != 0) {
      throw InvalidInput(shown_ + " is a symlink out of its folder (refused)");
    }
  }
  // Opened without blocking (a FIFO would wait for a writer) and, unless it is a link checked
  // above, without following one planted since; what is checked below is what is read.
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | (symlink ? 0 : O_NOFOLLOW));
  if (fd_ < 0) throw InvalidInput("cannot read " + shown_);
  struct stat st {};
  if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
    close();
    throw InvalidInput(shown_ + " is not a regular file (a folder, FIFO or device: refused)");
  }
  if (st.st_nlink > 1) {
    close();
    throw InvalidInput(shown_ + " has " + std::to_string(st.st_nlink) +
                       " hard links: a file linked from elsewhere is refused (copy it instead)");
  }
  size_ = static_cast<std::uintmax_t>(st.st_size);
  if (size_ > max_bytes) {
    close();
    throw InvalidInput(shown_ + " has " + std::to_string(size_) + " bytes, more than the limit " +
                       std::to_string(max_bytes));
  }
}

CheckedFile::~CheckedFile() { close(); }

void CheckedFile::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

std::size_t CheckedFile::read(char* buffer, std::size_t capacity) {
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, capacity);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) throw InvalidInput("cannot read " + shown_);
  }
}

void CheckedFile::rewind() {
  if (::lseek(fd_, 0, SEEK_SET) != 0) throw InvalidInput("cannot read " + shown_);
}

std::string readBoundedFile(const std::string& dir, const std::string& name,
                            std::uintmax_t max_bytes) {
  CheckedFile file(dir, name, max_bytes);
  std::string text;
  text.reserve(static_cast<std::size_t>(file.size()));
  char buffer[1 << 14];
  for (std::size_t n; (n = file.read(buffer, sizeof buffer)) > 0;) {
    text.append(buffer, n);
    // A file grown since its size was checked is read only up to the limit (and refused).
    if (text.size() > max_bytes) {
      throw InvalidInput(file.shown() + " has more than the limit of " +
                         std::to_string(max_bytes) + " bytes");
    }
  }
  return text;
}

json parseJsonText(const std::string& text, const std::string& label) {
  // Before the parser: a deeply nested document would overflow the stack of every recursion
  // over it (dump for the digest, comparisons, destruction).
  checkJsonDepth(text, kMaxJsonDepth, label);
  // Duplicate keys: the parser callback sees each key of an object; a set per open object.
  std::vector<std::set<std::string>> keys;
  std::string duplicate;
  const json::parser_callback_t callback = [&](int /*depth*/, json::parse_event_t event,
                                               json& parsed) {
    if (event == json::parse_event_t::object_start) keys.emplace_back();
    if (event == json::parse_event_t::object_end && !keys.empty()) keys.pop_back();
    if (event == json::parse_event_t::key && !keys.empty()) {
      const std::string key = parsed.get<std::string>();
      if (!keys.back().insert(key).second && duplicate.empty()) duplicate = key;
    }
    return true;
  };
  json j;
  try {
    j = json::parse(text, callback);
  } catch (const json::exception& e) {
    throw InvalidInput(label + ": not valid JSON (" + quoteInput(e.what()) + ")");
  }
  if (!duplicate.empty()) {
    throw InvalidInput(label + ": duplicate key " + quoteInput(duplicate));
  }
  return j;
}

const json& FieldReader::at(const json& j, const std::string& key) const {
  if (!j.is_object() || !j.contains(key)) throw InvalidInput(label + ": missing field '" + key + "'");
  return j.at(key);
}

double FieldReader::number(const json& j, const std::string& key, bool allow_null) const {
  const json& v = at(j, key);
  if (allow_null && v.is_null()) return NAN;
  if (!v.is_number()) throw InvalidInput(label + ": field '" + key + "' must be a number");
  const double x = v.get<double>();
  if (!std::isfinite(x)) throw InvalidInput(label + ": field '" + key + "' must be finite");
  return x;
}

Eigen::Vector3d FieldReader::vector3(const json& j, const std::string& key) const {
  const json& v = at(j, key);
  if (!v.is_array() || v.size() != 3) {
    throw InvalidInput(label + ": field '" + key + "' must be an array of 3 numbers");
  }
  Eigen::Vector3d out;
  for (std::size_t i = 0; i < 3; ++i) {
    if (!v[i].is_number() || !std::isfinite(v[i].get<double>())) {
      throw InvalidInput(label + ": field '" + key + "' must hold finite numbers");
    }
    out[static_cast<Eigen::Index>(i)] = v[i].get<double>();
  }
  return out;
}

std::string FieldReader::string(const json& j, const std::string& key) const {
  const json& v = at(j, key);
  if (!v.is_string()) throw InvalidInput(label + ": field '" + key + "' must be a string");
  return v.get<std::string>();
}

bool sameWithinRounding(const json& a, const json& b) {
  if (a.is_number() && b.is_number()) {
    const double x = a.get<double>(), y = b.get<double>();
    return std::fabs(x - y) <= 1e-12 + 1e-9 * std::max(std::fabs(x), std::fabs(y));
  }
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!sameWithinRounding(a[i], b[i])) return false;
    }
    return true;
  }
  if (a.is_object() && b.is_object()) return firstDifferentKey(a, b).empty() && a.size() == b.size();
  return a == b;
}

std::string firstDifferentKey(const json& stored, const json& rebuilt) {
  if (!stored.is_object()) return "(not an object)";
  for (auto it = rebuilt.begin(); it != rebuilt.end(); ++it) {
    if (!stored.contains(it.key())) return it.key();
    const json& s = stored.at(it.key());
    if (it->is_object()) {
      const std::string inner = firstDifferentKey(s, *it);
      if (!inner.empty()) return it.key() + "." + inner;
    } else if (it->is_array() && s.is_array() && s.size() == it->size()) {
      for (std::size_t i = 0; i < s.size(); ++i) {
        if ((*it)[i].is_object()) {
          const std::string inner = firstDifferentKey(s[i], (*it)[i]);
          if (!inner.empty()) return it.key() + "[" + std::to_string(i) + "]." + inner;
        } else if (!sameWithinRounding(s[i], (*it)[i])) {
          return it.key();
        }
      }
    } else if (!sameWithinRounding(s, *it)) {
      return it.key();
    }
  }
  for (auto it = stored.begin(); it != stored.end(); ++it) {
    if (!rebuilt.contains(it.key())) return it.key() + " (unknown field)";
  }
  return "";
}

}  // namespace nsd::validation
