// Bullet's exact setting (btMLCPSolver with the Dantzig solver) falls back to projected
// Gauss-Seidel in a step whose direct solve fails: a run must say so, with the count, so that a
// report never presents a fallback step's impulses as the LCP's solution.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {
namespace {

// The run note of a fallback, parsed: {failed solves, solves}, or {-1, -1} when there is none.
std::pair<long, long> fallbackCounts(const SolverTrajectory& t) {
  for (const engines::SettingNote& n : t.settings) {
    long failed = -1, solves = -1;
    if (n.setting == engines::kRunNoteSetting &&
        std::sscanf(n.reason.c_str(), "the direct (Dantzig) LCP solve failed in %ld of the %ld",
                    &failed, &solves) == 2) {
      return {failed, solves};
    }
  }
  return {-1, -1};
}

// A 9 x 9 trough map at m_z = 0 (the paper's ball, mu = 0.3, j = 0.4): about a third of the
// cells of such maps hit a failing Dantzig pivot in some step (1176 of 3362 cells of the 41 x 41
// maps of both sections were counted when the serialization of its flag was fixed), so a map
// with none noted, or with every cell noted, is a counter that does not count.
TEST(BulletFallback, ARunSaysInHowManyStepsTheDirectSolveFailed) {
  const auto p = models::BallTroughParameters::paper(0.3, 0.4);
  const double half_width = 1.6 * p.mu() * (1.0 + 2.0 * p.inertia_ratio);
  const SolverSpec bullet{"bullet", "exact", 1e-3};
  const int grid = 9;
  int noted = 0;
  for (int i = 0; i < grid * grid; ++i) {
    ValidationCase c;
    c.family = "map";
    c.name = "map/" + std::to_string(i);
    c.parameters = p;
    const double u = -1.0 + 2.0 * static_cast<double>(i % grid) / (grid - 1);
    const double v = -1.0 + 2.0 * static_cast<double>(i / grid) / (grid - 1);
    c.torque = Eigen::Vector3d(u * half_width, v * half_width, 0.0);
    const SolverTrajectory t = runSolver(c, bullet);
    ASSERT_TRUE(t.completed) << c.name << ": " << t.failure;
    const auto [failed, solves] = fallbackCounts(t);
    if (failed < 0) continue;
    ++noted;
    // A failed solve is one of the solves, and there is at most one solve per step.
    EXPECT_GT(failed, 0) << c.name;
    EXPECT_LE(failed, solves) << c.name;
    EXPECT_LE(solves, static_cast<long>(t.samples.size())) << c.name;
  }
  EXPECT_GT(noted, grid * grid / 10);
  EXPECT_LT(noted, grid * grid * 6 / 10);
}

// The iterative setting has no direct solve to fail: it never carries the note.
TEST(BulletFallback, TheIterativeSettingHasNoFallbackNote) {
  ValidationCase c;
  c.family = "map";
  c.name = "map/corner";
  c.parameters = models::BallTroughParameters::paper(0.3, 0.4);
  c.torque = Eigen::Vector3d(0.5, 0.5, 0.0);
  const SolverTrajectory t = runSolver(c, SolverSpec{"bullet", "defaults", 1e-3});
  ASSERT_TRUE(t.completed) << t.failure;
  EXPECT_EQ(fallbackCounts(t).first, -1);
}

}  // namespace
}  // namespace nsd::validation
