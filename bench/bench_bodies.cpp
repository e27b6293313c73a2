// Target (issue 19): classifying a load point of any shipped two-contact body costs no more than
// 1.5 x the paper ball's (--model ball-trough, models::classifyGeneric). Each body is classified
// on a seeded set of 64 load points spread over its realizable region and beyond it, so the
// figure mixes realizable points (full SS search) and escapes, as a sweep does.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "body/body_file.hpp"
#include "models/ball_trough.hpp"

namespace {

const std::string kBodies = NSDKIT_BODIES_DIR;

struct Workload {
  nsd::body::BodyDescription body;
  nsd::body::ParameterBinding binding;
  std::vector<std::vector<double>> points;
};

// 64 points, each parameter uniform in [-span, span] around its default.
Workload workload(const std::string& file, const std::vector<std::string>& names,
                  const std::vector<double>& spans) {
  Workload w{nsd::body::readBodyFile(kBodies + "/" + file), {}, {}};
  w.binding = nsd::body::bindParameters(w.body, names);
  std::mt19937 rng(17);
  for (int i = 0; i < 64; ++i) {
    std::vector<double> values;
    for (std::size_t k = 0; k < names.size(); ++k) {
      double centre = 0.0;
      for (const auto& l : w.body.loads) {
        if (l.name == names[k]) centre = l.value;
      }
      values.push_back(centre + std::uniform_real_distribution<double>(-spans[k], spans[k])(rng));
    }
    w.points.push_back(values);
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

void BM_BallModel(benchmark::State& state) {
  const auto p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  const Workload w = workload("ball_trough.json", {"mx", "my", "mz"}, {0.8, 0.8, 0.8});
  for (auto _ : state) {
    for (const auto& m : w.points) {
      benchmark::DoNotOptimize(
          nsd::models::classifyGeneric(p, Eigen::Vector3d(m[0], m[1], m[2])).realizable);
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(w.points.size()));
}
BENCHMARK(BM_BallModel);

void BM_BodyBallTrough(benchmark::State& state) {
  classifyAll(state, workload("ball_trough.json", {"mx", "my", "mz"}, {0.8, 0.8, 0.8}));
}
BENCHMARK(BM_BodyBallTrough);

void BM_BodyInclinedTrough(benchmark::State& state) {
  classifyAll(state,
              workload("ball_inclined_trough.json", {"slope_deg", "mx", "my"}, {40.0, 0.5, 0.5}));
}
BENCHMARK(BM_BodyInclinedTrough);

void BM_BodyWheelset(benchmark::State& state) {
  classifyAll(state, workload("wheelset.json", {"fz", "fx", "tx"}, {1.0, 0.5, 0.5}));
}
BENCHMARK(BM_BodyWheelset);

void BM_BodyAxleOnPlane(benchmark::State& state) {
  classifyAll(state, workload("axle_on_plane.json", {"fz", "ty", "fx"}, {300.0, 40.0, 100.0}));
}
BENCHMARK(BM_BodyAxleOnPlane);

void BM_BodyAnisotropicSphere(benchmark::State& state) {
  classifyAll(state,
              workload("anisotropic_ball_trough.json", {"mx", "my", "omega_a"}, {0.8, 0.8, 80.0}));
}
BENCHMARK(BM_BodyAnisotropicSphere);

void BM_BodyBallOnIncline(benchmark::State& state) {  // one contact (Def 9), for reference
  classifyAll(state, workload("ball_on_incline.json", {"slope_deg", "tx", "ty"}, {30.0, 0.1, 0.1}));
}
BENCHMARK(BM_BodyBallOnIncline);

}  // namespace

BENCHMARK_MAIN();
