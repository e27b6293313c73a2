// Cost of one validation run (0.2 s simulated, the paper's ball well inside the realizable body)
// per solver and setting; `simulated_s_per_wall_s` is the throughput the report quotes, and
// `validate` runs ~2755 such runs plus 8 maps of 41 x 41 (target: the whole command < 3 min on
// 2 cores).
#include <benchmark/benchmark.h>

#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace {

void runOnce(benchmark::State& state, const nsd::validation::SolverSpec& solver) {
  static const auto cases = nsd::validation::generateCases();
  double simulated = 0.0;
  for (auto _ : state) {
    const auto t = nsd::validation::runSolver(cases.front(), solver);
    benchmark::DoNotOptimize(t.samples.data());
    simulated += t.samples.empty() ? 0.0 : t.samples.back().t;
  }
  state.counters["simulated_s_per_wall_s"] =
      benchmark::Counter(simulated, benchmark::Counter::kIsRate);
}

// Every solver and setting at h = 1e-3 (the event-driven integrator is adaptive).
const bool registered = [] {
  for (const auto& s : nsd::validation::allSolvers()) {
    if (s.step_s == 1e-4) continue;
    benchmark::RegisterBenchmark(("BM_ValidationRun/" + s.label()).c_str(),
                                 [s](benchmark::State& state) { runOnce(state, s); })
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
