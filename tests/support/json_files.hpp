#pragma once
// Whole JSON files read and written by the tests (case files, reports).
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace nsd::test {

/// The JSON document of the file at `path` (throws nlohmann::json::parse_error if it is not one).
inline nlohmann::json readJsonFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

/// Writes `document` to `path`, indented by 2.
inline void writeJsonFile(const std::filesystem::path& path, const nlohmann::json& document) {
  std::ofstream(path) << document.dump(2);
}

}  // namespace nsd::test
