#pragma once
/// @file json_values.hpp
/// Numbers and vectors as the validation's JSON files write them (case files, report.json).

#include <Eigen/Core>
#include <cmath>
#include <nlohmann/json.hpp>

namespace nsd::validation {

/// A finite number, or null (JSON has no NaN or infinity).
inline nlohmann::json numberOrNull(double v) {
  return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json();
}

/// A vector as a three-number array.
inline nlohmann::json vectorJson(const Eigen::Vector3d& v) { return {v.x(), v.y(), v.z()}; }

}  // namespace nsd::validation
