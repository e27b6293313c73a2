#include <nsdkit/filippov/directional_limit.hpp>

#include <cmath>
#include <vector>

#include <nsdkit/core/errors.hpp>

namespace nsd::filippov {

DirectionalLimit directionalLimit(const VectorField& field, const Eigen::VectorXd& x_bar,
                                  const Eigen::VectorXd& direction,
                                  const DirectionalLimitOptions& options) {
  requireDimension(direction.size(), x_bar.size(), "direction");
  requireFinite(x_bar, "x_bar");
  requireFinite(direction, "direction");
  requirePositive(options.initial_offset, "initial_offset");
  if (options.max_halvings < 1) throw InvalidInput("max_halvings must be at least 1");
  if (!field) throw InvalidInput("vector field is empty");

  const Eigen::Index m = x_bar.size();
  DirectionalLimit result;
  // Neville table: row k holds extrapolants using eps_0..eps_k; we keep only the last row.
  std::vector<Eigen::VectorXd> previous_row;
  Eigen::VectorXd previous_diagonal;
  double eps = options.initial_offset;
  for (int k = 0; k <= options.max_halvings; ++k, eps *= 0.5) {
    const Eigen::VectorXd sample = field(x_bar + eps * direction);
    ++result.evaluations;
    if (sample.size() != m) {
      throw InvalidInput("vector field returned dimension " + std::to_string(sample.size()) +
                         ", expected " + std::to_string(m));
    }
    if (!sample.allFinite()) {
      throw SolverFailure("vector field is not finite at offset eps = " + formatValue(eps) +
                          " from Sigma");
    }
    // Polynomial extrapolation in eps to eps = 0 with nodes eps_i = eps_0 2^-i:
    // T[k][j] = T[k][j-1] + (T[k][j-1] - T[k-1][j-1]) / (2^j - 1).
    std::vector<Eigen::VectorXd> row(static_cast<std::size_t>(k) + 1);
    row[0] = sample;
    double factor = 1.0;
    for (int j = 1; j <= k; ++j) {
      factor *= 2.0;
      row[static_cast<std::size_t>(j)] =
          row[static_cast<std::size_t>(j - 1)] +
          (row[static_cast<std::size_t>(j - 1)] - previous_row[static_cast<std::size_t>(j - 1)]) /
              (factor - 1.0);
    }
    const Eigen::VectorXd& diagonal = row.back();
    if (k > 0) {
      result.error_estimate = (diagonal - previous_diagonal).lpNorm<Eigen::Infinity>();
      result.value = diagonal;
      const double tolerance =
          options.relative_tolerance * std::max(1.0, diagonal.lpNorm<Eigen::Infinity>());
      if (result.error_estimate <= tolerance) {
        result.converged = true;
        return result;
      }
    }
    previous_diagonal = diagonal;
    previous_row = std::move(row);
  }
  return result;
}

}  // namespace nsd::filippov
