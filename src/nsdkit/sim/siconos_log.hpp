#pragma once
/// @file siconos_log.hpp
/// What the sim folder reads in Siconos's captured output.

#include <string>

namespace nsd::sim {

/// The number of "Non smooth solver warning" lines in Siconos's captured output (steps where the
/// friction solver stopped before its tolerance).
inline int countNonSmoothSolverWarnings(const std::string& log) {
  int count = 0;
  for (std::size_t pos = log.find("Non smooth solver warning"); pos != std::string::npos;
       pos = log.find("Non smooth solver warning", pos + 1)) {
    ++count;
  }
  return count;
}

}  // namespace nsd::sim
