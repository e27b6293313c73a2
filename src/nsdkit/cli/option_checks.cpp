#include <nsdkit/cli/option_checks.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::cli {

void requireNoEmptyValues(const CLI::App& app) {
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() == 0 || option->get_expected_min() == 0) continue;  // absent, or a flag
    for (const std::string& value : option->results()) {
      if (value.empty()) {
        throw InvalidInput(option->get_name() +
                           ": an empty value is not accepted (leave the "
                           "option out instead)");
      }
    }
  }
}

void requireFiniteNumbers(const CLI::App& app) {
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() == 0 || option->get_expected_min() == 0) continue;
    // A text option (a name, a path, a list) may read "nan" or "inf" as text: each is parsed,
    // and checked, where it is used.
    if (option->get_type_name().rfind("TEXT", 0) == 0) continue;
    for (const std::string& value : option->results()) {
      // A value that reads as a number but not a finite one ("nan", "inf", "1e999"): no option
      // of nsdkit takes one (text options such as --axis are parsed, and checked, later).
      char* end = nullptr;
      const double number = std::strtod(value.c_str(), &end);
      if (!value.empty() && end == value.c_str() + value.size() && !std::isfinite(number)) {
        throw InvalidInput(option->get_name() + " " + quoteInput(value) +
                           ": must be a finite number");
      }
    }
  }
}

namespace {

/// A path option of the parsed command and what it is used for.
struct PathOption {
  std::string name, value;
  bool output = false;  ///< written (a file or a folder), else read
};

/// Whether `a` and `b` name the same file or folder: the same device and inode where both
/// exist (through links, hard links included), else the same absolute path once the existing
/// part is resolved.
bool sameFile(const std::string& a, const std::string& b) {
  struct stat sa = {};
  struct stat sb = {};
  const bool a_exists = ::stat(a.c_str(), &sa) == 0, b_exists = ::stat(b.c_str(), &sb) == 0;
  if (a_exists && b_exists) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  if (a_exists != b_exists) return false;
  std::error_code ec_a, ec_b;
  const auto ca = std::filesystem::weakly_canonical(std::filesystem::absolute(a), ec_a);
  const auto cb = std::filesystem::weakly_canonical(std::filesystem::absolute(b), ec_b);
  return !ec_a && !ec_b && ca == cb;
}

// An option naming an output folder: those ending in -dir and the command's `folder_options`.
bool isFolderOption(const std::string& name, const std::vector<std::string>& folder_options) {
  return (name.size() > 4 && name.compare(name.size() - 4, 4, "-dir") == 0) ||
         std::find(folder_options.begin(), folder_options.end(), name) != folder_options.end();
}

}  // namespace

void requireDistinctPaths(const CLI::App& app, const std::vector<std::string>& folder_options) {
  static const std::vector<std::string> kInputs = {"--body", "--input", "--cases",
                                                   "--trajectories"};
  std::vector<PathOption> paths;
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() == 0) continue;
    const std::string name = option->get_name();
    const bool folder = isFolderOption(name, folder_options);
    const bool output = folder || name == "--output" || name == "--html" || name == "--checkpoint";
    const bool input = std::find(kInputs.begin(), kInputs.end(), name) != kInputs.end();
    if (!output && !input) continue;
    for (const std::string& value : option->results()) {
      if (!value.empty() && value != "-") paths.push_back({name, value, output});
    }
  }
  for (std::size_t i = 0; i < paths.size(); ++i) {
    for (std::size_t k = i + 1; k < paths.size(); ++k) {
      const PathOption& a = paths[i];
      const PathOption& b = paths[k];
      if ((!a.output && !b.output) || !sameFile(a.value, b.value)) continue;
      const PathOption& written = a.output ? a : b;
      const PathOption& other = a.output ? b : a;
      throw InvalidInput(written.name + " " + quoteInput(written.value) + " is the same file as " +
                         other.name + " " + quoteInput(other.value) + ": " +
                         (other.output ? "one output would overwrite the other"
                                       : "writing it would replace the input") +
                         "; give another path");
    }
  }
}

void requireWritableOutputs(const CLI::App& app, const std::vector<std::string>& folder_options) {
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() == 0) continue;
    const std::string name = option->get_name();
    const bool folder = isFolderOption(name, folder_options);
    const bool file = !folder && (name == "--output" || name == "--html");
    for (const std::string& value : option->results()) {
      if (folder) checkOutputFolder(value, name);
      if (file) checkOutputFile(value, name);
    }
  }
  requireDistinctPaths(app, folder_options);
}

}  // namespace nsd::cli
