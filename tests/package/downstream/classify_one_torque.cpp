// Classifies one torque of the paper's ball in the trough through an installed nsdkit: the
// origin is realizable, (2, 0, 0) escapes by RS and SR (planes (83); docs/command_line.md).
#include <cstdio>
#include <nsdkit/core/version.hpp>
#include <nsdkit/models/ball_trough.hpp>

int main() {
  const auto p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  const auto inside = nsd::models::classifyGeneric(p, Eigen::Vector3d(0.0, 0.0, 0.0));
  const auto outside = nsd::models::classifyGeneric(p, Eigen::Vector3d(2.0, 0.0, 0.0));
  const std::string label = nsd::models::escapeLabel(outside.escapes);
  std::printf("nsdkit %s: (0,0,0) realizable %d; (2,0,0) escapes %s\n", nsd::kVersion,
              inside.realizable ? 1 : 0, label.c_str());
  return inside.realizable && !outside.realizable && label == "RS|SR" ? 0 : 1;
}
