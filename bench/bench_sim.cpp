// Google Benchmark: cost per classified torque point by Siconos TimeStepping (2 steps, the
// fewest it accepts, and a 0.5 s run at h = 1e-3), by nsdkit's event-driven integrator (0.5 s),
// and by the analytic Def-11 predicate, for one torque inside the ball-in-trough body.
#include <benchmark/benchmark.h>

#include <nsdkit/eventdriven/mode_switching.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/sim/siconos_two_contact.hpp>

namespace {

const auto kParams = nsd::models::BallTroughParameters::paper(0.3, 0.4);
const Eigen::Vector3d kTorque(0.05, -0.05, 0.03);

void BM_Predicate(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(nsd::models::classifyGeneric(kParams, kTorque));
}
BENCHMARK(BM_Predicate)->Unit(benchmark::kMicrosecond);

void BM_SiconosSteps(benchmark::State& state) {
  const auto body = nsd::models::makeTwoContactBody(kParams, kTorque);
  nsd::sim::SiconosOptions o;
  o.t_end = static_cast<double>(state.range(0)) * o.step;
  for (auto _ : state) {
    benchmark::DoNotOptimize(nsd::sim::simulateSiconos(body, {}, {}, o));
  }
}
BENCHMARK(BM_SiconosSteps)->Arg(2)->Arg(500)->Unit(benchmark::kMicrosecond);

void BM_EventDriven05s(benchmark::State& state) {
  const auto body = nsd::models::makeTwoContactBody(kParams, kTorque);
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        nsd::eventdriven::simulateModeSwitching(body, Eigen::Vector4d::Zero(), 0.5));
  }
}
BENCHMARK(BM_EventDriven05s)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
