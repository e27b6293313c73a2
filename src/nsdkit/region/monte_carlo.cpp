#include <nsdkit/region/monte_carlo.hpp>

#include <cmath>
#include <random>
#include <vector>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>

namespace nsd::region {

VolumeEstimate monteCarloVolume(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                const Eigen::Vector3d& lower, const Eigen::Vector3d& upper,
                                std::size_t samples, std::uint64_t seed, unsigned threads) {
  requireFinite(lower, "box lower corner");
  requireFinite(upper, "box upper corner");
  if (!(upper.array() > lower.array()).all()) throw InvalidInput("Monte Carlo box is empty");
  if (samples == 0) throw InvalidInput("Monte Carlo needs at least one sample");
  constexpr std::size_t kBlock = 4096;
  const std::size_t blocks = (samples + kBlock - 1) / kBlock;
  std::vector<std::size_t> hits(blocks, 0);
  parallelFor(blocks, threads, [&](std::size_t b) {
    std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + b);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const std::size_t end = std::min(samples, (b + 1) * kBlock);
    for (std::size_t i = b * kBlock; i < end; ++i) {
      const Eigen::Vector3d u(unit(rng), unit(rng), unit(rng));
      hits[b] += inside(lower + u.cwiseProduct(upper - lower)) ? 1 : 0;
    }
  });
  VolumeEstimate e;
  e.samples = samples;
  for (const std::size_t h : hits) e.inside += h;
  const double box = (upper - lower).prod();
  const double p = static_cast<double>(e.inside) / static_cast<double>(samples);
  e.volume = box * p;
  e.standard_error = box * std::sqrt(p * (1.0 - p) / static_cast<double>(samples));
  return e;
}

}  // namespace nsd::region
