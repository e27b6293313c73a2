#pragma once
/// @file monte_carlo.hpp
/// The volume of a realizable set {x : inside(x)} in three parameters by Monte Carlo: an
/// estimate independent of any mesh (no boundary, no grid), with its standard error. Used to
/// check mesh volumes (`nsdkit mesh --mc-samples`).

#include <Eigen/Core>
#include <cstdint>
#include <functional>

namespace nsd::region {

/// A volume estimate [product of the parameters' units] and its standard error.
struct VolumeEstimate {
  double volume = 0.0;          ///< box volume x inside / samples
  double standard_error = 0.0;  ///< box volume x sqrt(p (1 - p) / samples), p = inside / samples
  std::size_t samples = 0;      ///< points drawn
  std::size_t inside = 0;       ///< points where the predicate held
};

/// Uniform samples of the box [lower, upper]: volume = box volume x (inside / samples), standard
/// error = box volume x sqrt(p (1 - p) / samples). Deterministic for a seed whatever the thread
/// count (blocks of 4096 samples, each with its own seeded generator). The predicate must be
/// thread-safe. @throws InvalidInput for an empty box or no samples.
VolumeEstimate monteCarloVolume(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                const Eigen::Vector3d& lower, const Eigen::Vector3d& upper,
                                std::size_t samples, std::uint64_t seed = 1, unsigned threads = 1);

}  // namespace nsd::region
