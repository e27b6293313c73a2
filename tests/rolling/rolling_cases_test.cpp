#include <nsdkit/rolling/rolling_cases.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <nsdkit/core/errors.hpp>

namespace nsd::rolling {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Step responses: plate speed 0.02 (well inside micro-slip), 2 time units, dt = 2e-4 (about 30
// steps per period of the fastest mode). The spectral peak is read on 4000 bins up to 1000, so
// the frequency resolution is 0.25 (< 0.1 % of the ~300-500 natural frequencies).
NaturalFrequencies stepFrequencies(const std::string& system, double groove_angle_deg = 60.0) {
  RollingCaseParameters p;
  p.system = system;
  p.groove_angle_rad = groove_angle_deg * kPi / 180.0;
  return identifyFrequencies(simulateStep(p, 0.02, 2.0, 2e-4), 1000.0);
}

// Eq. (23): between two plates the translation mode (omega1^2 = 2 K / m) and the rotation mode
// (omega2^2 = 2 K R^2 / I) share the contact stiffness, so omega2 / omega1 = R sqrt(m / I)
// = sqrt(5/2) for a solid sphere, whatever the (amplitude-dependent) stiffness is. Tolerance
// 0.5 %: spectral bin (0.1 %) plus the slight stiffness difference of the two modes' slip.
TEST(RollingCases, TwoPlatesFrequencyRatioIsSqrtFiveHalves) {
  const auto f = stepFrequencies("two-plates");
  ASSERT_GT(f.omega1, 0.0);
  EXPECT_NEAR(f.omega2 / f.omega1, std::sqrt(2.5), 0.005 * std::sqrt(2.5));
}

// Eq. (25): in V-grooves the lever arm is R sin(alpha/2), so omega2 / omega1
// = sqrt(5/2) sin(alpha/2) (the rotation mode becomes the lower one below alpha ~ 78.5 deg).
TEST(RollingCases, VGrooveFrequencyRatioFollowsLeverArm) {
  for (double alpha : {60.0, 90.0, 120.0}) {
    const auto f = stepFrequencies("v-groove", alpha);
    const double expected = std::sqrt(2.5) * std::sin(alpha * kPi / 360.0);
    EXPECT_NEAR(f.omega2 / f.omega1, expected, 0.006 * expected) << "alpha " << alpha;
  }
}

// One contact instead of two at the same lever arm: omega^2 halves, so the single-plate rotation
// frequency is the two-plate one over sqrt(2); the single plate has no translation mode.
TEST(RollingCases, SinglePlateIsTwoPlateRotationOverSqrtTwo) {
  const auto single = stepFrequencies("plate");
  const auto two = stepFrequencies("two-plates");
  EXPECT_EQ(single.omega1, 0.0);
  EXPECT_NEAR(single.omega2, two.omega2 / std::sqrt(2.0), 0.005 * single.omega2);
}

// Gross sliding (driving near resonance with a large amplitude): the force saturates at mu W
// (W / (p0 a^2) = 2 pi / 3 in Sect. 2.4 units, from (2)) and the loop becomes the Coulomb
// rectangle, whose describing function gives zeta_r = 4 A F / (2 pi A F) = 2 / pi. Tolerances:
// 1 % on the force (traction bound reached on the whole patch), 3 % on zeta_r (the loop corners
// are rounded by the elastic reversal).
TEST(RollingCases, GrossSlidingLoopIsCoulombRectangle) {
  RollingCaseParameters p;
  p.system = "plate";
  const double amplitude = 0.3, frequency = 40.0;
  const auto h = hysteresis(simulateSine(p, amplitude, frequency, 4, 2e-4), frequency);
  EXPECT_NEAR(h.k_e * amplitude, p.mu * 2.0 * kPi / 3.0, 0.01 * p.mu * 2.0 * kPi / 3.0);
  EXPECT_NEAR(h.zeta_r, 2.0 / kPi, 0.03 * 2.0 / kPi);
}

// Below resonance and below gross slip the loop is a Mindlin-type micro-slip loop: the energy
// dissipated per period is positive and grows faster than A^2 (A^3 for Mindlin), so the
// equivalent damping ratio grows with the amplitude.
TEST(RollingCases, MicroSlipDissipationGrowsFasterThanAmplitudeSquared) {
  RollingCaseParameters p;
  p.system = "plate";
  const double frequency = 10.0;
  const auto small = hysteresis(simulateSine(p, 0.03, frequency, 8, 2e-4), frequency);
  const auto large = hysteresis(simulateSine(p, 0.1, frequency, 8, 2e-4), frequency);
  EXPECT_EQ(small.periods, 8);
  EXPECT_GT(small.loop_area, 0.0);
  // Mindlin: area ~ A^3, i.e. a ratio of 37 here; require more than A^2 (11.1) and less than
  // A^4 (123), the band that separates micro-slip from viscous (A^2) or gross-slip behaviour.
  const double ratio = large.loop_area / small.loop_area;
  EXPECT_GT(ratio, std::pow(0.1 / 0.03, 2.0));
  EXPECT_LT(ratio, std::pow(0.1 / 0.03, 4.0));
  EXPECT_GT(large.zeta_r, small.zeta_r);
}

// Below slip the 1-DOF plate case is a linear spring (contact stiffness K) in series with the
// sphere inertia: F / x_t = w^2 / R*^2 / (1 - w^2 / w_n^2) in Sect. 2.4 units (I = 1), in phase
// with x_t. w_n is the natural frequency identified from the step response (independent). At
// A = 0.01 the patch hardly slips; 0.5 % covers the spectral resolution of w_n.
TEST(RollingCases, SmallAmplitudeFrequencyResponseIsSpringInSeriesWithInertia) {
  RollingCaseParameters p;
  p.system = "plate";
  const double r_star = p.radius / scales(p).a;
  const double w_n = stepFrequencies("plate").omega2;
  for (double f : {2.0, 10.0, 20.0}) {
    const auto h = hysteresis(simulateSine(p, 0.01, f, 4, 2e-4), f);
    const double w = 2.0 * kPi * f;
    const double expected = w * w / (r_star * r_star) / (1.0 - w * w / (w_n * w_n));
    EXPECT_NEAR(h.frf_magnitude, expected, 0.005 * expected) << "f " << f;
    EXPECT_NEAR(h.frf_phase_rad, 0.0, 0.01) << "f " << f;
  }
}

// Break frequency (Fig. 7(b)): with a rigid contact the force reaches mu W when
// w^2 A / R*^2 = mu W, i.e. f_s = R* sqrt(mu W / A) / (2 pi). Resonance amplification and
// micro-slip softening can only bring saturation earlier, by a few per cent at these frequencies
// (w / w_n < 0.2): f_s lies in [0.96, 1] of the rigid value and decreases with the amplitude.
TEST(RollingCases, BreakFrequencyFollowsRigidSaturation) {
  RollingCaseParameters p;
  p.system = "plate";
  const double r_star = p.radius / scales(p).a;
  const double mu_w = 0.99 * p.mu * 2.0 * kPi / 3.0;
  double previous = 1e9;
  for (double amplitude : {0.3, 1.0}) {
    const auto b = breakFrequency(p, amplitude, 1.0, 80.0, 0.02);
    const double rigid = r_star * std::sqrt(mu_w / amplitude) / (2.0 * kPi);
    EXPECT_LE(b.frequency, rigid + b.bracket_width) << "A " << amplitude;
    EXPECT_GE(b.frequency, 0.96 * rigid) << "A " << amplitude;
    EXPECT_LT(b.frequency, previous);
    previous = b.frequency;
  }
  EXPECT_THROW(breakFrequency(p, 1.0, 20.0, 80.0, 0.1), SolverFailure);  // sliding at f_low
}

// Free response (Fig. 5): theta0_dot = 0.3 with a null traction field. Micro-slip damping is
// amplitude dependent (dissipation ~ A^3, so the decrement per cycle ~ A): the peaks decrease
// monotonically, the early relative decrement exceeds the late one, and as the amplitude dies out
// the oscillation settles to the small-amplitude natural frequency of the step test (the stiffness
// "increases during the decay"). Frequency tolerance 0.5 %: time step and spectral resolution.
TEST(RollingCases, FreeResponseHasAmplitudeDependentDamping) {
  RollingCaseParameters p;
  p.system = "plate";
  const auto tr = simulateFree(p, 0.3, 2.0, 2e-4);
  std::vector<double> peak_t, peak_w;
  for (std::size_t i = 1; i + 1 < tr.size(); ++i) {
    const double w = tr[i].omega_ball;
    if (w > 0.0 && w > tr[i - 1].omega_ball && w >= tr[i + 1].omega_ball) {
      peak_t.push_back(tr[i].t);
      peak_w.push_back(w);
    }
  }
  ASSERT_GT(peak_w.size(), 50u);
  for (std::size_t k = 1; k < peak_w.size(); ++k) EXPECT_LT(peak_w[k], peak_w[k - 1]) << k;
  const double early = 1.0 - peak_w[1] / peak_w[0];
  const double late = 1.0 - peak_w.back() / peak_w[peak_w.size() - 2];
  EXPECT_GT(early, 2.0 * late);
  const std::size_t n = peak_t.size();
  const double late_frequency = 2.0 * kPi * 20.0 / (peak_t[n - 1] - peak_t[n - 21]);
  const double w_n = stepFrequencies("plate").omega2;
  EXPECT_NEAR(late_frequency, w_n, 0.005 * w_n);
  EXPECT_THROW(simulateFree(RollingCaseParameters{}, 0.3, 1.0, 1e-3), InvalidInput);  // 2 DOF
}

TEST(RollingCases, RejectsBadInput) {
  RollingCaseParameters p;
  p.system = "three-plates";
  EXPECT_THROW(scales(p), InvalidInput);
  p.system = "v-groove";
  p.groove_angle_rad = kPi;
  EXPECT_THROW(scales(p), InvalidInput);
  p.groove_angle_rad = 1.0;
  p.mu = std::nan("");
  EXPECT_THROW(simulateStep(p, 0.02, 0.1, 1e-3), InvalidInput);
  p.mu = 0.5;
  EXPECT_THROW(simulateSine(p, -1.0, 10.0, 2, 1e-3), InvalidInput);
  EXPECT_THROW(simulateStep(p, 0.02, 0.1, 0.0), InvalidInput);
}

}  // namespace
}  // namespace nsd::rolling
