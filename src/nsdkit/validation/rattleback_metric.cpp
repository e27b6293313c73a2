// The rattleback's reversal measures (rattleback_metric.hpp), as stages over the sampled spin:
// check the samples, integrate the spin angle psi, then each measure from psi.
#include <nsdkit/validation/rattleback_metric.hpp>

#include <algorithm>
#include <string>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/rattleback/kane_levinson.hpp>
#include <nsdkit/validation/number_format.hpp>

namespace nsd::validation {

void RattlebackMetricOptions::validate() const {
  requirePositive(averaging_window_s, "rattleback metric: averaging_window_s");
  requirePositive(final_window_s, "rattleback metric: final_window_s");
  requirePositive(turning_hysteresis_rad, "rattleback metric: turning_hysteresis_rad");
}

namespace {

void requireSpinSeries(const std::vector<double>& t, const std::vector<double>& w) {
  if (t.size() != w.size()) {
    throw InvalidInput("rattleback metric: " + std::to_string(t.size()) + " times but " +
                       std::to_string(w.size()) + " spin samples");
  }
  if (t.size() < 2) throw InvalidInput("rattleback metric: needs at least two samples");
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (!std::isfinite(t[i]) || !std::isfinite(w[i])) {
      throw InvalidInput("rattleback metric: sample " + std::to_string(i) + " is not finite (t = " +
                         formatValue(t[i]) + " s, spin " + formatValue(w[i]) + " rad/s)");
    }
    if (i > 0 && !(t[i] > t[i - 1])) {
      throw InvalidInput("rattleback metric: time does not increase at sample " +
                         std::to_string(i) + " (t = " + formatValue(t[i]) + " s after " +
                         formatValue(t[i - 1]) + " s)");
    }
  }
}

// psi(t_i) = int_{t_0}^{t_i} w dt by the trapezoid rule [rad], and its linear interpolation.
struct SpinAngle {
  const std::vector<double>& t;
  std::vector<double> psi;
  double at(double time) const {
    const auto it = std::lower_bound(t.begin(), t.end(), time);
    if (it == t.begin()) return psi.front();
    if (it == t.end()) return psi.back();
    const std::size_t i = static_cast<std::size_t>(it - t.begin());
    const double f = (time - t[i - 1]) / (t[i] - t[i - 1]);
    return psi[i - 1] + f * (psi[i] - psi[i - 1]);
  }
};

SpinAngle integrateSpin(const std::vector<double>& t, const std::vector<double>& w) {
  SpinAngle a{t, std::vector<double>(t.size(), 0.0)};
  for (std::size_t i = 1; i < t.size(); ++i) {
    a.psi[i] = a.psi[i - 1] + 0.5 * (t[i] - t[i - 1]) * (w[i] + w[i - 1]);
  }
  return a;
}

// The window-averaged spin wbar(t_i) = (psi(t_i + W/2) - psi(t_i - W/2)) / W at every sample
// whose window lies inside the run; its first sign change (linear between samples) and their
// number. Returns the sense of the initial mean spin (+1, -1, or 0 if the run is shorter than W
// or starts with zero mean spin).
int meanSpinReversal(const SpinAngle& a, double window, RattlebackMetrics& m) {
  const auto& t = a.t;
  const double half = 0.5 * window;
  int sense = 0;
  double previous = NAN, t_previous = NAN;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] - half < t.front() || t[i] + half > t.back()) continue;
    const double mean = (a.at(t[i] + half) - a.at(t[i] - half)) / window;
    if (sense == 0) {
      if (mean == 0.0) return 0;
      sense = mean > 0.0 ? 1 : -1;
    } else if ((sense * previous > 0.0) != (sense * mean > 0.0)) {
      if (m.mean_spin_sign_changes == 0) {
        m.mean_spin_reversal_s = t_previous + (t[i] - t_previous) * previous / (previous - mean);
      }
      ++m.mean_spin_sign_changes;
    }
    previous = mean;
    t_previous = t[i];
  }
  return sense;
}

}  // namespace

RattlebackMetrics rattlebackMetrics(const std::vector<double>& t_s,
                                    const std::vector<double>& spin_down_rad_s,
                                    const RattlebackMetricOptions& options) {
  options.validate();
  requireSpinSeries(t_s, spin_down_rad_s);
  const SpinAngle a = integrateSpin(t_s, spin_down_rad_s);
  RattlebackMetrics m;
  // The mean-spin reversal and the initial sense of the spin.
  const int sense = meanSpinReversal(a, options.averaging_window_s, m);
  // The turned angle: the extreme of psi in the initial sense.
  if (sense != 0) {
    std::size_t extreme = 0;
    for (std::size_t i = 1; i < a.psi.size(); ++i) {
      if (sense * a.psi[i] > sense * a.psi[extreme]) extreme = i;
    }
    m.turned_angle_rad = a.psi[extreme];
    m.turned_angle_time_s = t_s[extreme];
  }
  // The spin over the final window.
  const double t_end = t_s.back(), start = t_end - options.final_window_s;
  if (start >= t_s.front()) {
    m.spin_after_reversal_rad_s = (a.psi.back() - a.at(start)) / options.final_window_s;
  }
  // The old first turning point (Kane and Levinson's route, applied to psi).
  std::vector<rattleback::KaneLevinsonSample> angle(t_s.size());
  for (std::size_t i = 0; i < t_s.size(); ++i) angle[i] = {t_s[i], 0, 0, a.psi[i], 0, 0, 0, 0, 0};
  const auto turns = rattleback::turningPoints(angle, options.turning_hysteresis_rad);
  if (!turns.empty()) m.first_turning_point_s = turns.front();
  return m;
}

RattlebackMetrics rattlebackMetrics(const std::vector<engines::EngineSample>& samples,
                                    const RattlebackMetricOptions& options) {
  std::vector<double> t, w;
  t.reserve(samples.size());
  w.reserve(samples.size());
  for (const auto& s : samples) {
    if (!t.empty() && !(s.t > t.back())) continue;
    t.push_back(s.t);
    w.push_back(-s.omega_W.z());  // spin about the downward vertical
  }
  return rattlebackMetrics(t, w, options);
}

namespace {

// (measured - reference) / reference, and a reason when it exceeds the tolerance; NaN when the
// reference is not finite (not checked).
double checkRelative(double measured, double reference, double tolerance,
                     const std::string& what_measured, const std::string& what_missing,
                     const std::string& unit, std::vector<std::string>& reasons) {
  if (!std::isfinite(reference)) return NAN;
  const double error = (measured - reference) / reference;
  if (!(std::fabs(error) <= tolerance)) {
    reasons.push_back(std::isfinite(measured)
                          ? what_measured + " " + formatForReport(measured, 4) + " " + unit +
                                ", Kane-Levinson " + formatForReport(reference, 4) + " " + unit
                          : what_missing + " (Kane-Levinson: " + formatForReport(reference, 4) +
                                " " + unit + ")");
  }
  return error;
}

}  // namespace

RattlebackComparison compareRattlebackMetrics(const RattlebackMetrics& measured,
                                              const RattlebackMetrics& reference,
                                              double relative_tolerance) {
  requirePositive(relative_tolerance, "rattleback metric: relative tolerance");
  RattlebackComparison c;
  c.mean_spin_reversal_error =
      checkRelative(measured.mean_spin_reversal_s, reference.mean_spin_reversal_s,
                    relative_tolerance, "the window-averaged spin reversed at",
                    "the window-averaged spin never reversed", "s", c.reasons);
  c.turned_angle_error =
      checkRelative(measured.turned_angle_rad, reference.turned_angle_rad, relative_tolerance,
                    "turned before reversing by", "no turned angle", "rad", c.reasons);
  c.spin_after_reversal_error = checkRelative(
      measured.spin_after_reversal_rad_s, reference.spin_after_reversal_rad_s, relative_tolerance,
      "spin after reversal", "no spin after reversal", "rad/s", c.reasons);
  return c;
}

}  // namespace nsd::validation
