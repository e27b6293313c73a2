// Google Benchmark: cost of the transient rolling (brush) model.
// - BM_RollingStep/<grid>: cost per time step of the sphere-between-two-plates case (two brush
//   contacts) against the grid (cells per patch diameter); items/s = time steps per second.
// - BM_SteppedSinePoint/<grid>: wall time of one stepped-sine point of the 1-DOF plate case
//   (2 fade-in + 10 steady periods at f = 10, dt = 2e-4, then the (26) loop parameters).
// Convergence (see the closing note of issue 8): k_e within 1 % of the grid-80 value from
// grid 20; the micro-slip loop area converges like 1/grid and needs grid >= 80 for ~4 %.
#include <benchmark/benchmark.h>

#include <nsdkit/rolling/rolling_cases.hpp>

namespace {

void BM_RollingStep(benchmark::State& state) {
  nsd::rolling::RollingCaseParameters p;
  p.system = "two-plates";
  p.grid = static_cast<int>(state.range(0));
  const double dt = 2e-4, duration = 0.1;  // 500 steps
  for (auto _ : state) {
    benchmark::DoNotOptimize(nsd::rolling::simulateStep(p, 0.02, duration, dt));
  }
  state.SetItemsProcessed(state.iterations() * 500);
}
BENCHMARK(BM_RollingStep)
    ->Arg(10)
    ->Arg(20)
    ->Arg(40)
    ->Arg(80)
    ->Arg(160)
    ->Unit(benchmark::kMicrosecond);

void BM_SteppedSinePoint(benchmark::State& state) {
  nsd::rolling::RollingCaseParameters p;
  p.system = "plate";
  p.grid = static_cast<int>(state.range(0));
  for (auto _ : state) {
    const auto samples = nsd::rolling::simulateSine(p, 0.1, 10.0, 10, 2e-4);
    benchmark::DoNotOptimize(nsd::rolling::hysteresis(samples, 10.0));
  }
}
BENCHMARK(BM_SteppedSinePoint)->Arg(20)->Arg(80)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
