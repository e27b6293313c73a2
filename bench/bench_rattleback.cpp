// Google Benchmark: wall time to simulate 20 s of the Kane-Levinson rattleback (Fig. 3-4 case)
// at the default tolerance (target <= 50 ms), and of the Pade contact model with preset A.
#include <benchmark/benchmark.h>

#include <nsdkit/rattleback/kane_levinson.hpp>
#include <nsdkit/rattleback/pade_contact.hpp>

namespace {

void BM_KaneLevinson20s(benchmark::State& state) {
  const double deg = 3.14159265358979323846 / 180.0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        nsd::rattleback::simulateKaneLevinson({}, {0.5 * deg, 0.5 * deg, 0, 0, 0, -5}, 20.0));
  }
}
BENCHMARK(BM_KaneLevinson20s)->Unit(benchmark::kMillisecond);

// The same 20 s for the Pade contact model, preset A (Rosenbrock4, tolerance 1e-8).
void BM_PadePresetA20s(benchmark::State& state) {
  const double deg = 3.14159265358979323846 / 180.0;
  const auto p = nsd::rattleback::padePreset("A");
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        nsd::rattleback::simulatePadeRattleback(p, {0.5 * deg, 0.5 * deg, 0, 0, 0, 5}, 20.0));
  }
}
BENCHMARK(BM_PadePresetA20s)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
