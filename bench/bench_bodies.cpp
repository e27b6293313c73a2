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

// Times `verdict` (true when realizable) on every point of the workload.
template <class Verdict>
void timeVerdicts(benchmark::State& state, const Workload& w, Verdict verdict) {
  for (auto _ : state) {
    for (const auto& p : w.points) benchmark::DoNotOptimize(verdict(p));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(w.points.size()));
}

void classifyAll(benchmark::State& state, const Workload& w) {
  timeVerdicts(state, w, [&w](const std::vector<double>& p) {
    return nsd::body::classify(w.body, w.binding, p).realizable;
  });
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

// The inside-predicate of the meshes and volume estimates (body::isRealizable, the verdict
// alone: SS is not searched when RS or SR escapes) on the same points: the same work on
// realizable points, less on the others (their RS or SR escapes decide first).
void BM_BodyRealizableOnly(benchmark::State& state, const char* file) {
  const Workload w = workload(file, state.range(0) != 0);
  timeVerdicts(state, w, [&w](const std::vector<double>& p) {
    return nsd::body::isRealizable(nsd::body::configure(w.body, w.binding, p));
  });
}
BENCHMARK_CAPTURE(BM_BodyRealizableOnly, wheelset, "wheelset.json")
    ->ArgName("realizable")
    ->Arg(1)
    ->Arg(0);
BENCHMARK_CAPTURE(BM_BodyRealizableOnly, axle_on_plane, "axle_on_plane.json")
    ->ArgName("realizable")
    ->Arg(1)
    ->Arg(0);

// Target (issue 29): loading a body is linear in its number of loads. A body of n loads (the
// hoop with n extra force parameters) is parsed, checked at its defaults and bound by all its
// names, for n = 10^4 and 10^5: the time per load must not grow with n (quadratic loading took
// 6-9 s for 64k loads). Reported: seconds per load (items).
std::string manyLoadsBody(int n) {
  std::string loads;
  for (int i = 0; i < n; ++i) {
    loads += R"({"name": "f)" + std::to_string(i) +
             R"(", "unit": "N", "value": 0, "effects": [{"force": [0, 0, 1]}]},)";
  }
  return R"({"format": "nsdkit-body/1", "name": "many", "mass": 2, "inertia": [[0.18, 0, 0],
    [0, 0.09, 0], [0, 0, 0.09]], "gravity": [0, -9.81, 0], "contacts": [{"name": "P",
    "point": [0, -0.3, 0], "normal": [0, 1, 0], "friction": {"law": "coulomb", "mu": 0.3}}],
    "loads": [)" + loads + R"({"name": "mu", "unit": "-", "value": 0.3, "effects": [{"mu": [0]}]}]})";
}

void BM_LoadBodyWithManyLoads(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const std::string text = manyLoadsBody(n);
  for (auto _ : state) {
    const nsd::body::BodyDescription body = nsd::body::parseBody(text, "many.json");
    std::vector<std::string> names;
    for (const auto& load : body.loads) names.push_back(load.name);
    benchmark::DoNotOptimize(nsd::body::bindParameters(body, names).slots.size());
  }
  state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(BM_LoadBodyWithManyLoads)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
