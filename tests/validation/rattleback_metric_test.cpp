// The rattleback family's reversal measures (validation/rattleback_metric.hpp): well-conditioned
// on the reference where the old "first spin reversal" is not, the same from a solver's samples as
// from the reference, and failing on clearly wrong motions (issue 44, finding 7).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/rattleback/kane_levinson.hpp>
#include <nsdkit/validation/one_plane_families.hpp>
#include <nsdkit/validation/rattleback_metric.hpp>

namespace nsd::validation {
namespace {

OnePlaneModel rattlebackModel() {
  for (const auto& [name, model] : onePlaneModels()) {
    if (model.family == CaseFamily::kRattleback) return model;
  }
  throw InvalidInput("no rattleback model");
}

// Kane and Levinson's rolling motion from the model's start with the wobble scaled by
// (alpha_scale, beta_scale): the spin about the downward vertical, omega . n3 (KL (37)), and the
// first turning point of gamma (the old reference).
struct SpinRun {
  std::vector<double> t, spin_down;
  double first_gamma_turn_s = NAN;
};
SpinRun runKaneLevinson(double alpha_scale, double beta_scale, double tolerance = 1e-10,
                        double spacing_s = 1e-3, double sigma = 0.0) {
  OnePlaneModel m = rattlebackModel();
  m.rattleback.sigma = sigma;
  rattleback::KaneLevinsonInitial init = m.rattleback_initial;
  init.alpha *= alpha_scale;
  init.beta *= beta_scale;
  rattleback::IntegrationOptions options;
  options.absolute_tolerance = options.relative_tolerance = tolerance;
  options.sample_spacing = spacing_s;
  const auto tr = rattleback::simulateKaneLevinson(m.rattleback, init, m.duration_s, options);
  SpinRun run;
  for (const auto& k : tr.samples) {
    rattleback::KaneLevinsonState s;
    s << k.alpha, k.beta, k.gamma, k.omega1, k.omega2, k.omega3;
    run.t.push_back(k.t);
    run.spin_down.push_back(rattleback::contactKinematics(m.rattleback, s)
                                .mu.dot(Eigen::Vector3d(k.omega1, k.omega2, k.omega3)));
  }
  if (!tr.spin_reversals.empty()) run.first_gamma_turn_s = tr.spin_reversals.front();
  return run;
}

RattlebackMetrics metricsOf(const SpinRun& run) { return rattlebackMetrics(run.t, run.spin_down); }

RattlebackMetrics judgedMeasures(const OnePlaneReference& ref) {
  RattlebackMetrics m;
  m.mean_spin_reversal_s = ref.mean_spin_reversal_s;
  m.turned_angle_rad = ref.turned_angle_rad;
  m.spin_after_reversal_rad_s = ref.spin_after_reversal_rad_s;
  return m;
}

double relativeChange(double value, double reference) {
  return std::fabs(value - reference) / std::fabs(reference);
}

// (a) Under a 0.1 % change of the initial wobble (alpha0, beta0, both; both signs) each measure
// moves by at most 1.75e-4 (measured: mean-spin reversal 1.0e-4, turned angle 1.75e-4, final spin
// 1.7e-5), and under integration tolerances 1e-8 and 1e-12 (instead of 1e-10) by at most 4.9e-7
// (the final spin at 1e-8). The bounds asserted, 1e-3 and 1e-5, are the 1 % with margins
// of 10 and 1000 (the test prints the measured table of docs/validation.md). The
// old first reversal (first turning point of gamma) jumps from 2.815 s to 2.867 s (+1.8 %) when
// beta0 grows by 0.1 %: gamma's two deepest minima differ by 1e-5 rad.
TEST(RattlebackMetric, StableUnderTheWobbleAndTheToleranceWhereTheFirstReversalIsNot) {
  const SpinRun nominal = runKaneLevinson(1.0, 1.0);
  const RattlebackMetrics m0 = metricsOf(nominal);
  EXPECT_EQ(m0.mean_spin_sign_changes, 1);  // one sustained reversal over the 8 s
  struct Variant {
    std::string name;
    double alpha_scale, beta_scale, tolerance, bound;
  };
  const std::vector<Variant> variants = {
      {"alpha0 +0.1 %", 1.001, 1.0, 1e-10, 1e-3}, {"alpha0 -0.1 %", 0.999, 1.0, 1e-10, 1e-3},
      {"beta0 +0.1 %", 1.0, 1.001, 1e-10, 1e-3},  {"beta0 -0.1 %", 1.0, 0.999, 1e-10, 1e-3},
      {"both +0.1 %", 1.001, 1.001, 1e-10, 1e-3}, {"both -0.1 %", 0.999, 0.999, 1e-10, 1e-3},
      {"tolerance 1e-8", 1.0, 1.0, 1e-8, 1e-5},   {"tolerance 1e-12", 1.0, 1.0, 1e-12, 1e-5}};
  double largest_old_change = 0.0;
  for (const auto& v : variants) {
    const SpinRun run = runKaneLevinson(v.alpha_scale, v.beta_scale, v.tolerance);
    const RattlebackMetrics m = metricsOf(run);
    EXPECT_EQ(m.mean_spin_sign_changes, 1) << v.name;
    EXPECT_LT(relativeChange(m.mean_spin_reversal_s, m0.mean_spin_reversal_s), v.bound) << v.name;
    EXPECT_LT(relativeChange(m.turned_angle_rad, m0.turned_angle_rad), v.bound) << v.name;
    EXPECT_LT(relativeChange(m.spin_after_reversal_rad_s, m0.spin_after_reversal_rad_s), v.bound)
        << v.name;
    largest_old_change = std::max(
        largest_old_change, relativeChange(run.first_gamma_turn_s, nominal.first_gamma_turn_s));
    // The table of docs/validation.md: signed relative changes.
    auto signedChange = [](double value, double reference) {
      return (value - reference) / std::fabs(reference);
    };
    std::printf(
        "%-16s reversal %+.1e  turned angle %+.1e  final spin %+.1e  old first turn %+.1e\n",
        v.name.c_str(), signedChange(m.mean_spin_reversal_s, m0.mean_spin_reversal_s),
        signedChange(m.turned_angle_rad, m0.turned_angle_rad),
        signedChange(m.spin_after_reversal_rad_s, m0.spin_after_reversal_rad_s),
        signedChange(run.first_gamma_turn_s, nominal.first_gamma_turn_s));
  }
  EXPECT_GT(largest_old_change, 0.015);  // the old reference: ill-conditioned (1.8 % measured)
}

// (b) The reference's measures (from omega . n3 of Kane and Levinson's samples) against the same
// motion as a solver reports it: rattlebackRollingMotion's body rate in W (through the rotation
// of the pose, another route to the vertical component), sampled at 1 ms and 0.1 ms, and at 1 ms
// with seeded white noise of 0.05 rad/s on omega_z (a soft contact's chatter). The samples are
// the same motion, so 1e-6 bounds rounding and the trapezoid rule (5e-7 measured between 1 ms
// and 0.1 ms); the noise moves the measures by 2.5e-5 to 1.7e-4 (measured), bounded by 2e-3.
TEST(RattlebackMetric, SampledSolverTrajectoryGivesTheReferenceValues) {
  const OnePlaneModel m = rattlebackModel();
  const OnePlaneReference ref = referenceOf(m);
  // The reference's values (the spin angle psi is not gamma: -7.1175 rad against -6.8102 rad).
  EXPECT_NEAR(ref.mean_spin_reversal_s, 2.7894, 1e-4);
  EXPECT_NEAR(ref.turned_angle_rad, -7.1175, 1e-4);
  EXPECT_NEAR(ref.spin_after_reversal_rad_s, 5.1698, 1e-4);
  EXPECT_NEAR(ref.reversal_s, 2.815, 1e-3);  // the old value, reported only
  auto asSamples = [](const std::vector<std::pair<double, BodyState>>& motion) {
    std::vector<engines::EngineSample> out(motion.size());
    for (std::size_t i = 0; i < motion.size(); ++i) {
      out[i].t = motion[i].first;
      out[i].omega_W = motion[i].second.omega_W;
    }
    return out;
  };
  auto expectClose = [&](const RattlebackMetrics& got, double bound, const std::string& what) {
    EXPECT_LT(relativeChange(got.mean_spin_reversal_s, ref.mean_spin_reversal_s), bound) << what;
    EXPECT_LT(relativeChange(got.turned_angle_rad, ref.turned_angle_rad), bound) << what;
    EXPECT_LT(relativeChange(got.spin_after_reversal_rad_s, ref.spin_after_reversal_rad_s), bound)
        << what;
    EXPECT_TRUE(compareRattlebackMetrics(got, judgedMeasures(ref), 0.1).reasons.empty()) << what;
  };
  std::vector<engines::EngineSample> at_1ms = asSamples(rattlebackRollingMotion(m, 1e-3));
  expectClose(rattlebackMetrics(at_1ms), 1e-6, "1 ms");
  expectClose(rattlebackMetrics(asSamples(rattlebackRollingMotion(m, 1e-4))), 1e-6, "0.1 ms");
  std::mt19937 generator(44);
  std::normal_distribution<double> noise(0.0, 0.05);
  for (auto& s : at_1ms) s.omega_W.z() += noise(generator);
  const RattlebackMetrics noisy = rattlebackMetrics(at_1ms);
  expectClose(noisy, 2e-3, "1 ms with noise");
  std::printf("noise 0.05 rad/s: reversal %+.1e  turned angle %+.1e  final spin %+.1e\n",
              (noisy.mean_spin_reversal_s - ref.mean_spin_reversal_s) / ref.mean_spin_reversal_s,
              (noisy.turned_angle_rad - ref.turned_angle_rad) / std::fabs(ref.turned_angle_rad),
              (noisy.spin_after_reversal_rad_s - ref.spin_after_reversal_rad_s) /
                  ref.spin_after_reversal_rad_s);
}

// (c) Clearly wrong motions fail at the benchmark's 10 %: one whose spin decays without
// reversing; the reference slowed down by 15 % in time (it turns the same angle, reverses 15 %
// late and spins 11 % slower at the end); and a dissipative solver (an air drag of 2e-4 N m s:
// reverses 16 % early, turns 19 % less). A small drag (1e-5 N m s: -1.1 %, -1.4 %, -5.3 %) and a
// 10 % larger start wobble (-0.5 %, -1.5 %, +0.4 %) pass.
TEST(RattlebackMetric, FailsOnMotionsThatDoNotReverseAsKaneAndLevinsons) {
  const OnePlaneReference ref = referenceOf(rattlebackModel());
  const RattlebackMetrics reference = judgedMeasures(ref);
  auto reasonsFor = [&](const SpinRun& run) {
    return compareRattlebackMetrics(metricsOf(run), reference, 0.1).reasons;
  };
  SpinRun never;  // w = -5 exp(-t / 2) rad/s: slows down, never reverses
  for (int i = 0; i <= 8000; ++i) {
    never.t.push_back(1e-3 * i);
    never.spin_down.push_back(-5.0 * std::exp(-0.5e-3 * i));
  }
  const RattlebackMetrics never_m = metricsOf(never);
  EXPECT_TRUE(std::isnan(never_m.mean_spin_reversal_s));
  EXPECT_EQ(never_m.mean_spin_sign_changes, 0);
  const auto never_reasons = reasonsFor(never);
  ASSERT_EQ(never_reasons.size(), 3u);
  EXPECT_NE(never_reasons[0].find("never reversed"), std::string::npos) << never_reasons[0];

  const SpinRun nominal = runKaneLevinson(1.0, 1.0);
  SpinRun late;  // w_late(t) = w(t / 1.15) / 1.15 over the same 8 s
  for (std::size_t i = 0; i < nominal.t.size() && 1.15 * nominal.t[i] <= 8.0 + 1e-9; ++i) {
    late.t.push_back(1.15 * nominal.t[i]);
    late.spin_down.push_back(nominal.spin_down[i] / 1.15);
  }
  const auto late_reasons = reasonsFor(late);
  ASSERT_EQ(late_reasons.size(), 2u);  // the reversal and the final spin; the angle is the same
  EXPECT_NE(late_reasons[0].find("reversed at"), std::string::npos) << late_reasons[0];

  EXPECT_EQ(reasonsFor(runKaneLevinson(1.0, 1.0, 1e-10, 1e-3, 2e-4)).size(), 3u);
  EXPECT_TRUE(reasonsFor(runKaneLevinson(1.0, 1.0, 1e-10, 1e-3, 1e-5)).empty());
  EXPECT_TRUE(reasonsFor(runKaneLevinson(1.1, 1.1)).empty());
}

TEST(RattlebackMetric, RefusesBadSamples) {
  using Series = std::vector<double>;
  EXPECT_THROW(rattlebackMetrics(Series{0.0}, Series{1.0}), InvalidInput);
  EXPECT_THROW(rattlebackMetrics(Series{0.0, 1.0}, Series{1.0}), InvalidInput);
  EXPECT_THROW(rattlebackMetrics(Series{0.0, 0.0}, Series{1.0, 1.0}), InvalidInput);
  EXPECT_THROW(rattlebackMetrics(Series{0.0, 1.0}, Series{1.0, NAN}), InvalidInput);
  RattlebackMetricOptions o;
  o.averaging_window_s = 0.0;
  EXPECT_THROW(rattlebackMetrics(Series{0.0, 1.0}, Series{1.0, 1.0}, o), InvalidInput);
  EXPECT_THROW(compareRattlebackMetrics({}, {}, 0.0), InvalidInput);
}

}  // namespace
}  // namespace nsd::validation
