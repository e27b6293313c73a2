// Target (issue 19): classifying a load point of any shipped two-contact body costs no more than
// 1.5 x the paper ball's (--model ball-trough, models::classifyGeneric). The cost of a point
// depends on its verdict far more than on the body (inside the realizable set every SS limit
// direction has to be found and shown attracting), so each body is timed on realizable and on
// non-realizable points apart: 64 seeded points of each kind drawn from the cross-section its
// file names (the region `nsdkit body` sweeps), compared with the ball's points of that kind.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/region/body_predicate.hpp>

namespace {

const std::string kBodies = NSDKIT_BODIES_DIR;

struct Workload {
  nsd::body::BodyDescription body;
  nsd::body::ParameterBinding binding;
  std::vector<std::vector<double>> points;
};

// 64 points of the file's section (uniform in its box, fixed values applied) whose verdict is
// `realizable`.
Workload workload(const std::string& file, bool realizable) {
  Workload w{nsd::body::readBodyFile(kBodies + "/" + file), {}, {}};
  const nsd::region::BodySection s = nsd::region::bodySection(w.body, file);
  const nsd::region::Axis &x = s.axes[0], &y = s.axes[1];
  std::vector<double> fixed;
  for (const auto& [name, value] : s.fixed) fixed.push_back(value);
  w.binding = nsd::body::bindParameters(w.body, s.names());
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> ux(x.lower, x.upper), uy(y.lower, y.upper);
  for (int tries = 0; w.points.size() < 64 && tries < 100000; ++tries) {
    std::vector<double> p{ux(rng), uy(rng)};
    p.insert(p.end(), fixed.begin(), fixed.end());
    if (nsd::body::classify(w.body, w.binding, p).realizable == realizable) w.points.push_back(p);
  }
  return w;
}

void classifyAll(benchmark::State& state, const Workload& w) {
  for (auto _ : state) {
    for (const auto& p : w.points) {
      benchmark::DoNotOptimize(nsd::body::classify(w.body, w.binding, p).realizable);
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(w.points.size()));
}

// The reference: the ball model itself (--model ball-trough) on the ball file's points.
void BM_BallModel(benchmark::State& state) {
  const auto p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  const Workload w = workload("ball_trough.json", state.range(0) != 0);
  for (auto _ : state) {
    for (const auto& m : w.points) {
      benchmark::DoNotOptimize(
          nsd::models::classifyGeneric(p, Eigen::Vector3d(m[0], m[1], m[2])).realizable);
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(w.points.size()));
}
BENCHMARK(BM_BallModel)->ArgName("realizable")->Arg(1)->Arg(0);

void BM_Body(benchmark::State& state, const char* file) {
  classifyAll(state, workload(file, state.range(0) != 0));
}
BENCHMARK_CAPTURE(BM_Body, ball_trough, "ball_trough.json")->ArgName("realizable")->Arg(1)->Arg(0);
BENCHMARK_CAPTURE(BM_Body, ball_inclined_trough, "ball_inclined_trough.json")
    ->ArgName("realizable")
    ->Arg(1)
    ->Arg(0);
BENCHMARK_CAPTURE(BM_Body, wheelset, "wheelset.json")->ArgName("realizable")->Arg(1)->Arg(0);
BENCHMARK_CAPTURE(BM_Body, axle_on_plane, "axle_on_plane.json")
    ->ArgName("realizable")
    ->Arg(1)
    ->Arg(0);
BENCHMARK_CAPTURE(BM_Body, anisotropic_ball_trough, "anisotropic_ball_trough.json")
    ->ArgName("realizable")
    ->Arg(1)
    ->Arg(0);
// One contact (Def 9), for reference.
BENCHMARK_CAPTURE(BM_Body, ball_on_incline, "ball_on_incline.json")
    ->ArgName("realizable")
    ->Arg(1)
    ->Arg(0);

}  // namespace

BENCHMARK_MAIN();
