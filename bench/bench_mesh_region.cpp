// Google Benchmark: conforming body mesh time against tolerance (mu = 0.3, j = 2/5), and region
// sweep throughput (points/s) on one and two threads. The full 200^3 grid would take minutes at
// this predicate cost, so a 40^3 box is swept and points/s reported (the rate is per point).
#include <benchmark/benchmark.h>

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
