// Google Benchmark: exact combined-friction integrals (6) at 1e-8 relative accuracy against the
// first-order Pade model (10) - the reason Pade exists.
#include <benchmark/benchmark.h>

#include <nsdkit/friction/combined_friction.hpp>

namespace {

const nsd::friction::CombinedMotion kMotions[] = {
    {1.0, 3.0, 0.5, 0.3}, {1.0, 0.5, 0.5, 0.3}, {0.3, 1.0, 0.0, 0.0}, {1.0, 0.0, 0.5, 1.0}};

void BM_ExactFriction1e8(benchmark::State& state) {
  const auto pressure = nsd::friction::hertzPressure();
  const auto& m = kMotions[state.range(0)];
  for (auto _ : state) benchmark::DoNotOptimize(nsd::friction::exactFriction(m, pressure, 1e-8));
}
BENCHMARK(BM_ExactFriction1e8)->DenseRange(0, 3)->Unit(benchmark::kMicrosecond);

void BM_PadeFriction(benchmark::State& state) {
  const auto c = nsd::friction::hertzPadeCoefficients();
  const auto& m = kMotions[state.range(0)];
  for (auto _ : state) benchmark::DoNotOptimize(nsd::friction::padeFriction(m, c));
}
BENCHMARK(BM_PadeFriction)->DenseRange(0, 3);

}  // namespace

BENCHMARK_MAIN();
