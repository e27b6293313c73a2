// Google Benchmark: the exact-route mesh of each body of issue 20's acceptance set at the default
// options (target: <= 1 s per body on one core), conforming body mesh time against tolerance
// (mu = 0.3, j = 2/5), and region sweep throughput (points/s) on one and two threads. The full
// 200^3 grid would take minutes at this predicate cost, so a 40^3 box is swept and points/s
// reported (the rate is per point).
#include <benchmark/benchmark.h>

#include <cmath>

#include <nsdkit/mesh/body_mesh.hpp>
#include <nsdkit/region/ball_trough_predicate.hpp>

namespace {

void BM_BodyMesh(benchmark::State& state) {
  const auto p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  nsd::mesh::BodyMeshOptions o;
  o.tolerance = 1e-4 * static_cast<double>(state.range(0));
  nsd::mesh::BodyMeshReport r;
  for (auto _ : state) r = nsd::mesh::meshBallTroughBody(p, o).report;
  state.counters["faces"] = static_cast<double>(r.faces);
  state.counters["rel_hausdorff"] = r.hausdorff / r.diameter;
  state.counters["min_angle_deg"] = r.min_angle_away_from_corners_deg;
}
BENCHMARK(BM_BodyMesh)->Arg(50)->Arg(10)->Arg(5)->Arg(2)->Arg(1)->Unit(benchmark::kMillisecond);

// Acceptance set: the paper's ball at mu 0.1, 0.3, 0.6, 0.95 (j = 0.4: args 0-3; j = 2/3:
// args 4-7), and the 60 and 120 degree troughs with mu+ 0.3, mu- 0.5 (args 8, 9). Default
// options: 5e-4 distance and volume tolerances, 48 Def-11 checks.
nsd::models::BallTroughParameters acceptanceBody(int64_t index) {
  static const double kMu[4] = {0.1, 0.3, 0.6, 0.95};
  if (index < 8) {
    return nsd::models::BallTroughParameters::paper(kMu[index % 4], index < 4 ? 0.4 : 2.0 / 3.0);
  }
  auto p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  p.mu_minus = 0.5;
  p.opening_angle_rad = (index == 8 ? 60.0 : 120.0) * 3.14159265358979323846 / 180.0;
  return p;
}

void BM_AcceptanceBodyMesh(benchmark::State& state) {
  const auto p = acceptanceBody(state.range(0));
  nsd::mesh::BodyMeshReport r;
  for (auto _ : state) r = nsd::mesh::meshBallTroughBody(p).report;
  state.counters["faces"] = static_cast<double>(r.faces);
  state.counters["rel_hausdorff"] = r.hausdorff / r.diameter;
  state.counters["rel_volume_error"] = std::fabs(r.volume - r.exact_volume) / r.exact_volume;
  state.counters["min_angle_deg"] = r.min_angle_away_from_corners_deg;
}
BENCHMARK(BM_AcceptanceBodyMesh)->DenseRange(0, 9)->Unit(benchmark::kMillisecond);

void BM_RegionSweep(benchmark::State& state) {
  const auto p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  nsd::region::SweepOptions o;
  o.threads = static_cast<unsigned>(state.range(0));
  const std::vector<nsd::region::Axis> axes{
      {"mx", -1.2, 1.2, 40}, {"my", -1.2, 1.2, 40}, {"mz", -0.6, 0.6, 40}};
  for (auto _ : state) {
    benchmark::DoNotOptimize(nsd::region::sweep(axes, {}, nsd::region::ballTroughPredicate(p), o));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * 40 * 40 * 40);
}
BENCHMARK(BM_RegionSweep)->Arg(1)->Arg(2)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
