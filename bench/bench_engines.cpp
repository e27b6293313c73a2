// Cost of one validation run (0.2 s simulated, the paper's ball well inside the realizable body)
// per solver and setting; `simulated_s_per_wall_s` is the throughput the report quotes, and
// `validate` runs ~2755 such runs plus 8 maps of 41 x 41 (target: the whole command < 3 min on
// 2 cores).
#include <benchmark/benchmark.h>

#include "validation/validation.hpp"

namespace {

void BM_ValidationRun(benchmark::State& state, const char* engine, const char* setting, double h) {
  const auto cases = nsd::validation::generateCases();
  const nsd::validation::SolverSpec solver{engine, setting, h};
  double simulated = 0.0;
  for (auto _ : state) {
    const auto t = nsd::validation::runSolver(cases.front(), solver);
    benchmark::DoNotOptimize(t.samples.data());
    simulated += t.samples.empty() ? 0.0 : t.samples.back().t;
  }
  state.counters["simulated_s_per_wall_s"] =
      benchmark::Counter(simulated, benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_ValidationRun, nsdkit, "nsdkit-event-driven", "-", 0.0)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ValidationRun, siconos_h1e3, "siconos", "-", 1e-3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ValidationRun, mujoco_defaults_h1e3, "mujoco", "defaults", 1e-3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ValidationRun, mujoco_exact_h1e3, "mujoco", "exact", 1e-3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ValidationRun, bullet_defaults_h1e3, "bullet", "defaults", 1e-3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ValidationRun, bullet_exact_h1e3, "bullet", "exact", 1e-3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ValidationRun, ode_defaults_h1e3, "ode", "defaults", 1e-3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ValidationRun, ode_exact_h1e3, "ode", "exact", 1e-3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ValidationRun, dart_defaults_h1e3, "dart", "defaults", 1e-3)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ValidationRun, dart_exact_h1e3, "dart", "exact", 1e-3)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
