// Bullet's trajectories on the trough map's cells do not depend on how many threads run them.
// Bullet 3.24's Dantzig LCP routine keeps its failure flag in one process-global variable
// (src/nsdkit/engines/bullet/bullet_sphere.cpp says how): without the adapter serializing it,
// runs in parallel threads read each other's flag and `nsdkit validate --threads 2` printed
// different Bullet mode maps from run to run.
#include <gtest/gtest.h>

#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include <nsdkit/core/parallel.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {
namespace {

// The cells of a `grid` x `grid` mode map of both sections (m_z = 0 and m_z2) as
// simulateModeMap lays them out: the paper's ball (mu = 0.3, j = 0.4), m_x and m_y over
// [-half_width, half_width]. About a third of them hit a failing Dantzig pivot in some step
// (counted on the 41 x 41 maps: 1176 of 3362 cells), so every map has cells that set the flag.
std::vector<ValidationCase> mapCells(int grid) {
  const auto p = models::BallTroughParameters::paper(0.3, 0.4);
  const double half_width = 1.6 * p.mu() * (1.0 + 2.0 * p.inertia_ratio);
  std::vector<ValidationCase> cells;
  for (const double m_z : {0.0, models::specialValues(0.3).m_z2}) {
    for (int i = 0; i < grid * grid; ++i) {
      ValidationCase c;
      c.family = "map";
      c.name = "map/" + std::to_string(cells.size());
      c.parameters = p;
      const double u = -1.0 + 2.0 * static_cast<double>(i % grid) / (grid - 1);
      const double v = -1.0 + 2.0 * static_cast<double>(i / grid) / (grid - 1);
      c.torque = Eigen::Vector3d(u * half_width, v * half_width, m_z);
      cells.push_back(c);
    }
  }
  return cells;
}

// Every cell through Bullet at its exact setting (the maps' solver), on `threads` threads.
std::vector<SolverTrajectory> runAll(const std::vector<ValidationCase>& cells, unsigned threads) {
  const SolverSpec bullet{"bullet", "exact", 1e-3};
  std::vector<SolverTrajectory> out(cells.size());
  parallelFor(cells.size(), threads, [&](std::size_t i) { out[i] = runSolver(cells[i], bullet); });
  return out;
}

// The same run, bit for bit: how it ended and every recorded state and contact force.
bool identical(const SolverTrajectory& a, const SolverTrajectory& b) {
  if (a.completed != b.completed || a.failure != b.failure || a.samples.size() != b.samples.size())
    return false;
  for (std::size_t k = 0; k < a.samples.size(); ++k) {
    const engines::EngineSample& x = a.samples[k];
    const engines::EngineSample& y = b.samples[k];
    if (x.x_C_W != y.x_C_W || x.v_C_W != y.v_C_W || x.omega_W != y.omega_W ||
        x.q_WS.coeffs() != y.q_WS.coeffs() || x.contacts.size() != y.contacts.size())
      return false;
    for (std::size_t c = 0; c < x.contacts.size(); ++c) {
      if (x.contacts[c].normal_force_N != y.contacts[c].normal_force_N ||
          x.contacts[c].tangential_force_W != y.contacts[c].tangential_force_W)
        return false;
    }
  }
  return true;
}

// Each cell's trajectory on one thread is the reference (each Bullet world is built anew, so a
// run alone is deterministic); the same cells again on one thread and three times on four
// threads must reproduce it exactly, which is what makes a map's verdicts citable. With the
// shared flag unprotected, about 7% of the runs on four threads differed (41 x 41 maps on a
// 2-core machine), so the 1296 parallel runs here catch it with near certainty.
TEST(BulletMapThreads, TrajectoriesAreTheSameOnOneAndOnFourThreads) {
  const std::vector<ValidationCase> cells = mapCells(9);
  const std::vector<SolverTrajectory> reference = runAll(cells, 1);
  for (const unsigned threads : {1u, 4u, 4u, 4u}) {
    const std::vector<SolverTrajectory> again = runAll(cells, threads);
    std::size_t differing = 0;
    std::ostringstream which;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (identical(reference[i], again[i])) continue;
      if (++differing <= 5) which << " (" << cells[i].torque.transpose() << ")";
    }
    EXPECT_EQ(differing, 0u) << "of " << cells.size() << " cells on " << threads
                             << " threads, first torques m:" << which.str();
  }
}

}  // namespace
}  // namespace nsd::validation
