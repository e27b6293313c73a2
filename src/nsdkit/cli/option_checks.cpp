#include <nsdkit/cli/option_checks.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>

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

void requireWritableOutputs(const CLI::App& app, const std::vector<std::string>& folder_options) {
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() == 0) continue;
    const std::string name = option->get_name();
    const bool folder =
        (name.size() > 4 && name.compare(name.size() - 4, 4, "-dir") == 0) ||
        std::find(folder_options.begin(), folder_options.end(), name) != folder_options.end();
    const bool file = !folder && (name == "--output" || name == "--html");
    for (const std::string& value : option->results()) {
      if (folder) checkOutputFolder(value, name);
      if (file) checkOutputFile(value, name);
    }
  }
}

}  // namespace nsd::cli
