// Google Benchmark: time per call of the limit-direction searches and of the full Def-11
// classification of a ball-in-trough torque point (generic and closed-form routes, certified),
// and per point of a sweep in grid order (each point on its own, and as sweeps classify).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

#include <nsdkit/filippov/codim2.hpp>
#include <nsdkit/filippov/codim3.hpp>
#include <nsdkit/models/ball_trough.hpp>

namespace {

// The rational codim-3 search without its interval re-check (the search's own cost).
nsd::filippov::RationalCodim3Options searchOnly() {
  nsd::filippov::RationalCodim3Options options;
  options.certify = false;
  return options;
}

void BM_Codim2SmoothField(benchmark::State& state) {
  // Affine Coulomb-type field with 4 limit directions.
  Eigen::Matrix2d c;
  c << -1.0, 0.4, 0.3, -0.8;
  const Eigen::Vector2d g0(0.2, -0.1);
  const nsd::filippov::NormalPlaneFieldOfDirection g = [&](const nsd::filippov::PlaneDirection& n) {
    return Eigen::Vector2d(g0 + c * Eigen::Vector2d(n.cos_phi, n.sin_phi));
  };
  int evaluations = 0;
  for (auto _ : state) {
    const nsd::filippov::Codim2Result r = nsd::filippov::analyzeCodim2(g);
    evaluations = r.report.evaluations;
    benchmark::DoNotOptimize(r);
  }
  state.counters["evaluations"] = evaluations;
}
BENCHMARK(BM_Codim2SmoothField)->Unit(benchmark::kMicrosecond);

// The same field through the angle interface G(phi): one atan2 and one sin/cos pair per
// evaluation on top of the search.
void BM_Codim2SmoothFieldAngleInterface(benchmark::State& state) {
  Eigen::Matrix2d c;
  c << -1.0, 0.4, 0.3, -0.8;
  const Eigen::Vector2d g0(0.2, -0.1);
  const nsd::filippov::NormalPlaneField g = [&](double phi) {
    return Eigen::Vector2d(g0 + c * Eigen::Vector2d(std::cos(phi), std::sin(phi)));
  };
  for (auto _ : state) benchmark::DoNotOptimize(nsd::filippov::analyzeCodim2(g));
}
BENCHMARK(BM_Codim2SmoothFieldAngleInterface)->Unit(benchmark::kMicrosecond);

// The same field as a trigonometric-rational field (H affine in (cos, sin), D = 1): the
// algebraic route.
// certify:1 adds the interval re-check (Completeness::kCertified).
void BM_Codim2SmoothFieldRational(benchmark::State& state) {
  nsd::filippov::TrigRationalPlaneField field;
  field.numerator[0] = Eigen::Vector3d(0.2, -1.0, 0.4);
  field.numerator[1] = Eigen::Vector3d(-0.1, 0.3, -0.8);
  field.denominator = Eigen::Matrix<double, 1, 1>::Ones();
  nsd::filippov::Codim2Options options;
  options.certify = state.range(0) != 0;
  for (auto _ : state) benchmark::DoNotOptimize(nsd::filippov::analyzeCodim2(field, options));
}
BENCHMARK(BM_Codim2SmoothFieldRational)
    ->ArgName("certify")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMicrosecond);

void BM_Codim3CoulombField(benchmark::State& state) {
  Eigen::Matrix<double, 3, 2> cp, cm;
  cp << -1.0, 0.2, 0.3, -0.4, 0.1, -0.9;
  cm << 0.2, -0.3, -1.1, 0.1, -0.2, -0.8;
  const Eigen::Vector3d g0(0.1, -0.2, 0.3);
  const nsd::filippov::SphereField g = [&](const nsd::filippov::SphereDirection& d) {
    return Eigen::Vector3d(g0 + cp * Eigen::Vector2d(std::cos(d.phi_plus), std::sin(d.phi_plus)) +
                           cm * Eigen::Vector2d(std::cos(d.phi_minus), std::sin(d.phi_minus)));
  };
  int evaluations = 0;
  for (auto _ : state) {
    const nsd::filippov::Codim3Result r = nsd::filippov::analyzeCodim3(g);
    evaluations = r.report.evaluations;
    benchmark::DoNotOptimize(r);
  }
  state.counters["evaluations"] = evaluations;  // of G (the bilinear fit route: 40 + roots)
}
BENCHMARK(BM_Codim3CoulombField)->Unit(benchmark::kMicrosecond);

// The same field given as a trigonometric-rational field (H affine in the slip directions,
// D = 1): the certified search with exact derivatives.
void BM_Codim3CoulombFieldRational(benchmark::State& state) {
  Eigen::Matrix<double, 3, 2> cp, cm;
  cp << -1.0, 0.2, 0.3, -0.4, 0.1, -0.9;
  cm << 0.2, -0.3, -1.1, 0.1, -0.2, -0.8;
  const Eigen::Vector3d g0(0.1, -0.2, 0.3);
  nsd::filippov::TrigRationalSphereField field;
  for (int k = 0; k < 3; ++k) {
    field.numerator[static_cast<std::size_t>(k)] =
        nsd::filippov::TrigPoly2::separable(Eigen::Vector3d(g0[k], cp(k, 0), cp(k, 1)),
                                            Eigen::Vector3d(1.0, 0.0, 0.0)) +
        nsd::filippov::TrigPoly2::separable(Eigen::Vector3d(1.0, 0.0, 0.0),
                                            Eigen::Vector3d(0.0, cm(k, 0), cm(k, 1)));
  }
  field.denominator = nsd::filippov::TrigPoly2::fromCoefficients(Eigen::MatrixXd::Ones(1, 1));
  int evaluations = 0, roots = 0;
  std::size_t certificate_cells = 0;
  nsd::filippov::RationalCodim3Options options;
  options.certify = state.range(0) != 0;
  for (auto _ : state) {
    const nsd::filippov::Codim3Result r = nsd::filippov::analyzeCodim3(field, options);
    evaluations = r.report.evaluations;
    roots = static_cast<int>(r.directions.size());
    certificate_cells = r.report.certificate_cells;
    benchmark::DoNotOptimize(r);
  }
  state.counters["certificate_cells"] = static_cast<double>(certificate_cells);
  // Work per call: evaluations of (W+, W-) with derivatives (cell centres, Newton steps, arcs).
  state.counters["evaluations"] = evaluations;
  state.counters["directions"] = roots;
}
BENCHMARK(BM_Codim3CoulombFieldRational)
    ->ArgName("certify")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMicrosecond);

// Seeded random Coulomb-type fields (H bilinear in the slip directions with N(0, 1)
// coefficients, D = 1 + 0.1 x bilinear, c± in [1, 2]; as in the tests): fields with a handful of
// roots, not just one fixed field.
std::vector<nsd::filippov::TrigRationalSphereField> randomCoulombFields() {
  std::mt19937 rng(7);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0), c(1.0, 2.0);
  std::vector<nsd::filippov::TrigRationalSphereField> fields;
  for (int f = 0; f < 256; ++f) {
    nsd::filippov::TrigRationalSphereField field;
    for (auto& h : field.numerator) {
      Eigen::Matrix3d k;
      for (int i = 0; i < 9; ++i) k(i % 3, i / 3) = normal(rng);
      h = nsd::filippov::TrigPoly2::fromCoefficients(k);
    }
    Eigen::Matrix3d d;
    for (int i = 0; i < 9; ++i) d(i % 3, i / 3) = 0.1 * uniform(rng);
    d(0, 0) = 1.0;
    field.denominator = nsd::filippov::TrigPoly2::fromCoefficients(d);
    field.c_plus = c(rng);
    field.c_minus = c(rng);
    fields.push_back(field);
  }
  return fields;
}

// The 256 random fields cycled: the typical cost over fields with a handful of roots.
void BM_Codim3RandomCoulombFieldsRational(benchmark::State& state) {
  const std::vector<nsd::filippov::TrigRationalSphereField> fields = randomCoulombFields();
  std::size_t i = 0;
  double directions = 0.0, evaluations = 0.0;
  for (auto _ : state) {
    const nsd::filippov::Codim3Result r =
        nsd::filippov::analyzeCodim3(fields[i++ % fields.size()], searchOnly());
    directions += static_cast<double>(r.directions.size());
    evaluations += r.report.evaluations;
    benchmark::DoNotOptimize(r);
  }
  const double calls = static_cast<double>(std::max<int64_t>(1, state.iterations()));
  state.counters["directions"] = directions / calls;  // mean limit directions per field
  state.counters["evaluations"] = evaluations / calls;
}
BENCHMARK(BM_Codim3RandomCoulombFieldsRational)->Unit(benchmark::kMicrosecond);

// The distribution over the same 256 fields: each iteration calls every field once and times
// each call (steady_clock, about 20 ns of overhead per call); the counters give, over the
// fields, the median, mean and 90th percentile of each field's fastest call [us] and the number
// of fields whose fastest call takes at most 5 us. (The time per iteration is 256 calls.)
void BM_Codim3RandomCoulombFieldsPerField(benchmark::State& state) {
  const std::vector<nsd::filippov::TrigRationalSphereField> fields = randomCoulombFields();
  std::vector<double> fastest(fields.size(), INFINITY);
  for (auto _ : state) {
    for (std::size_t f = 0; f < fields.size(); ++f) {
      const auto start = std::chrono::steady_clock::now();
      const nsd::filippov::Codim3Result r = nsd::filippov::analyzeCodim3(fields[f], searchOnly());
      const auto stop = std::chrono::steady_clock::now();
      benchmark::DoNotOptimize(r);
      fastest[f] =
          std::min(fastest[f], std::chrono::duration<double, std::micro>(stop - start).count());
    }
  }
  std::vector<double> sorted = fastest;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0.0;
  int within = 0;
  for (const double t : sorted) {
    sum += t;
    within += t <= 5.0 ? 1 : 0;
  }
  state.counters["median_us"] = sorted[sorted.size() / 2];
  state.counters["mean_us"] = sum / static_cast<double>(sorted.size());
  state.counters["p90_us"] = sorted[sorted.size() * 9 / 10];
  state.counters["fields_within_5us"] = within;
}
BENCHMARK(BM_Codim3RandomCoulombFieldsPerField)->Iterations(60)->Unit(benchmark::kMillisecond);

void classifyRandom(benchmark::State& state, bool generic, bool certify = false) {
  const auto p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 1024; ++i) points.emplace_back(0.9 * u(rng), 0.9 * u(rng), 0.65 * u(rng));
  std::size_t i = 0;
  double evaluations = 0.0, certificate_cells = 0.0;
  for (auto _ : state) {
    const auto& m = points[i++ % points.size()];
    nsd::contact::RealizabilityOptions options;
    options.ss_rational.certify = certify;
    const auto c = generic ? nsd::models::classifyGeneric(p, m, options)
                           : nsd::models::classifyClosedForm(p, m);
    evaluations += c.ss.report.evaluations;
    certificate_cells += static_cast<double>(c.ss.report.certificate_cells);
    benchmark::DoNotOptimize(c);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  // Mean SS-search field evaluations per point (cells, Newton steps, arcs).
  state.counters["ss_evaluations"] =
      evaluations / static_cast<double>(std::max<int64_t>(1, state.iterations()));
  // Mean cells of the interval re-check per point (0 without certify).
  state.counters["certificate_cells"] =
      certificate_cells / static_cast<double>(std::max<int64_t>(1, state.iterations()));
}
void BM_BallTroughDef11Generic(benchmark::State& s) { classifyRandom(s, true); }
void BM_BallTroughDef11ClosedForm(benchmark::State& s) { classifyRandom(s, false); }
BENCHMARK(BM_BallTroughDef11Generic)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BallTroughDef11ClosedForm)->Unit(benchmark::kMicrosecond);
// With the interval re-check of the SS search (Completeness::kCertified).
void BM_BallTroughDef11GenericCertified(benchmark::State& s) { classifyRandom(s, true, true); }
BENCHMARK(BM_BallTroughDef11GenericCertified)->Unit(benchmark::kMicrosecond);

// A sweep's view of Def 11: the points of the 10^8-point HDF5 sweep's box (bench_region_hdf5.sh:
// m_x, m_y in [-1, 1], m_z in [-0.6, 0.6], m_z fastest), 200 x 200 x 100 of them: whole lines
// along m_z in order, the lines (m_x, m_y) visited with a stride that spreads 4000 of them over
// the box; the paper's ball (mu = 0.3, j = 0.4). kFull classifies each point on its own
// (models::classifyGeneric, as sweeps did before); kVerdict as sweeps do now
// (models::classifyGenericVerdict: the dynamics reused, SS warm-started from the previous point);
// kRealizableOnly as the meshes' and volume estimates' inside-predicates do
// (models::isRealizableGeneric: the same, and SS not searched when RS or SR escapes).
enum class SweepRoute { kFull, kVerdict, kRealizableOnly };

void sweepInGridOrder(benchmark::State& state, SweepRoute route) {
  const auto p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  const int nx = 200, ny = 200, nz = 100;
  std::size_t k = 0;
  for (auto _ : state) {
    const std::size_t i = k++;
    const std::size_t line = (i / nz * 7919) % static_cast<std::size_t>(nx * ny);  // 7919: prime
    const int c = static_cast<int>(i % nz), b = static_cast<int>(line % ny),
              a = static_cast<int>(line / ny);
    const Eigen::Vector3d m(-1.0 + 2.0 * a / (nx - 1), -1.0 + 2.0 * b / (ny - 1),
                            -0.6 + 1.2 * c / (nz - 1));
    if (route == SweepRoute::kRealizableOnly) {
      benchmark::DoNotOptimize(nsd::models::isRealizableGeneric(p, m));
      continue;
    }
    const auto v = route == SweepRoute::kFull ? nsd::models::classifyGeneric(p, m)
                                              : nsd::models::classifyGenericVerdict(p, m);
    benchmark::DoNotOptimize(v);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
void BM_BallTroughSweepFull(benchmark::State& s) { sweepInGridOrder(s, SweepRoute::kFull); }
void BM_BallTroughSweepVerdict(benchmark::State& s) { sweepInGridOrder(s, SweepRoute::kVerdict); }
void BM_BallTroughSweepRealizableOnly(benchmark::State& s) {
  sweepInGridOrder(s, SweepRoute::kRealizableOnly);
}
BENCHMARK(BM_BallTroughSweepFull)->Unit(benchmark::kMicrosecond)->Iterations(400000);
BENCHMARK(BM_BallTroughSweepVerdict)->Unit(benchmark::kMicrosecond)->Iterations(400000);
BENCHMARK(BM_BallTroughSweepRealizableOnly)->Unit(benchmark::kMicrosecond)->Iterations(400000);

}  // namespace

BENCHMARK_MAIN();
