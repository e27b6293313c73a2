#include <nsdkit/rolling/rolling_cases.hpp>

#include <algorithm>
#include <cmath>
#include <complex>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::rolling {

void RollingCaseParameters::validate() const {
  if (system != "plate" && system != "two-plates" && system != "v-groove") {
    throw InvalidInput("unknown rolling case '" + system + "' (plate|two-plates|v-groove)");
  }
  requirePositive(groove_angle_rad, "groove angle");
  if (!(groove_angle_rad < kPi)) throw InvalidInput("groove angle must be below 180 degrees");
  requirePositive(radius, "radius");
  requirePositive(load, "load");
  requirePositive(elastic_modulus, "elastic modulus");
  requirePositive(density, "density");
  requireNonNegative(mu, "mu");
  if (!(poisson > -1.0 && poisson < 0.5)) throw InvalidInput("Poisson ratio must be in (-1, 0.5)");
}

Scales scales(const RollingCaseParameters& p) {
  p.validate();
  Scales s;
  s.a = std::cbrt(3.0 * p.load * p.radius / (4.0 * p.elastic_modulus));  // (1)
  s.p0 = 3.0 * p.load / (2.0 * kPi * s.a * s.a);                         // (2)
  const double mass = p.density * 4.0 / 3.0 * kPi * std::pow(p.radius, 3);
  s.inertia = 0.4 * mass * p.radius * p.radius;  // solid sphere
  s.mass = s.inertia / (s.a * s.a);              // Sect. 2.4
  s.time = std::sqrt(s.inertia / (s.p0 * s.a * s.a * s.a));
  s.force = s.p0 * s.a * s.a;
  return s;
}

namespace {

BrushContactParameters contactParameters(const RollingCaseParameters& p) {
  BrushContactParameters c;
  c.radius = p.radius;
  c.load = p.load;
  c.elastic_modulus = p.elastic_modulus;
  c.shear_modulus = p.elastic_modulus / (2.0 * (1.0 + p.poisson));
  c.mu = p.mu;
  c.grid = p.grid;
  return c;
}

// Integrates the system with the plate position x_t(t) [dimensionless] (semi-implicit Euler).
template <class PlateMotion>
std::vector<RollingSample> simulate(const RollingCaseParameters& p, PlateMotion&& plate,
                                    double duration, double dt, double x0_dot, double theta0_dot) {
  requirePositive(duration, "duration");
  requirePositive(dt, "time step");
  const Scales s = scales(p);
  const double mass = s.inertia / (0.4 * p.radius * p.radius);
  // Lever arm of the contact forces: R, or R sin(alpha/2) in the V-grooves (eq. (25)).
  const double arm =
      p.system == "v-groove" ? p.radius * std::sin(0.5 * p.groove_angle_rad) : p.radius;
  const double spin_factor = p.system == "v-groove" ? std::cos(0.5 * p.groove_angle_rad) : 0.0;
  BrushContact upper(contactParameters(p)), lower(contactParameters(p));
  const double h = dt * s.time;  // SI step
  double x = 0.0, v = x0_dot * s.a / s.time, theta = 0.0, w = theta0_dot / s.time;
  double xt_prev = plate(0.0) * s.a;
  std::vector<RollingSample> out;
  const int steps = static_cast<int>(std::ceil(duration / dt));
  double f_up = 0.0, f_lo = 0.0;
  for (int k = 0; k <= steps; ++k) {
    const double t = k * dt;
    const double xt = plate(t) * s.a;
    const double xt_dot = (xt - xt_prev) / h;
    if (k > 0) {
      // Contact kinematics over the step: relative slip (plate minus sphere surface) and the
      // rolling distance of material through each patch (mean of both surfaces' speeds relative
      // to the patch; positive dq moves material towards -x).
      const double surf_up = v + arm * w, surf_lo = v - arm * w;
      double dc_up = 0.0, dq_up = 0.0;
      if (p.system == "plate") {
        dc_up = (xt_dot - arm * w) * h;
        dq_up = -0.5 * (xt_dot + arm * w) * h;
      } else {
        dc_up = (xt_dot - surf_up) * h;
        dq_up = -0.5 * ((xt_dot - v) + arm * w) * h;
      }
      const double spin = spin_factor * w * h;
      f_up = -upper.step(dq_up, dc_up, 0.0, spin).fx;  // force on the sphere
      if (p.system != "plate") {
        const double dc_lo = (0.0 - surf_lo) * h;
        const double dq_lo = -0.5 * ((0.0 - v) - arm * w) * h;
        f_lo = -lower.step(dq_lo, dc_lo, 0.0, -spin).fx;
      }
      // Newton-Euler, semi-implicit Euler (stable for the lightly damped oscillations).
      if (p.system == "plate") {
        w += h * arm * f_up / s.inertia;
      } else {
        v += h * (f_up + f_lo) / mass;
        w += h * arm * (f_up - f_lo) / s.inertia;
        x += h * v;
      }
      theta += h * w;
    }
    xt_prev = xt;
    out.push_back({t, xt / s.a, x / s.a, theta, v * s.time / s.a, w * s.time, f_up / s.force,
                   f_lo / s.force});
  }
  return out;
}

}  // namespace

std::vector<RollingSample> simulateStep(const RollingCaseParameters& p, double speed,
                                        double duration, double dt) {
  requireFinite(speed, "step speed");
  return simulate(
      p, [speed](double t) { return speed * t; }, duration, dt, 0.0, 0.0);
}

std::vector<RollingSample> simulateFree(const RollingCaseParameters& p, double omega0,
                                        double duration, double dt) {
  requireFinite(omega0, "initial angular velocity");
  if (p.system != "plate") throw InvalidInput("the free response is defined for the plate case");
  return simulate(
      p, [](double) { return 0.0; }, duration, dt, 0.0, omega0);
}

std::vector<RollingSample> simulateSine(const RollingCaseParameters& p, double amplitude,
                                        double frequency, int periods, double dt) {
  requirePositive(amplitude, "amplitude");
  requirePositive(frequency, "frequency");
  if (periods < 1) throw InvalidInput("periods must be >= 1");
  const double w = kTwoPi * frequency;
  // The amplitude is faded in over the first two periods, A(t) = A (1 - cos(pi t / T_r)) / 2,
  // so that neither the rigid-body drift nor the elastic natural modes are excited by the start
  // (the microslip damping is too light to clear a step-started transient in a few periods);
  // the requested number of steady periods follows the fade-in.
  const double fade = 2.0 / frequency;
  const auto plate = [amplitude, w, fade](double t) {
    const double envelope = t < fade ? 0.5 * (1.0 - std::cos(kPi * t / fade)) : 1.0;
    return amplitude * envelope * std::sin(w * t);
  };
  return simulate(p, plate, (periods + 2) / frequency, dt, 0.0, 0.0);
}

namespace {

// Frequency [rad per time unit] of the largest peak of the exponentially windowed spectrum of a
// signal (mean removed), on (0, w_max] with `bins` bins.
double spectralPeak(const std::vector<RollingSample>& samples,
                    double (*signal)(const RollingSample&), double w_max, int bins) {
  const double duration = samples.back().t - samples.front().t;
  const double dt = samples[1].t - samples[0].t;
  const double decay = 4.0 / duration;
  double mean = 0.0;
  for (const auto& s : samples) mean += signal(s);
  mean /= static_cast<double>(samples.size());
  double best = -1.0, best_w = 0.0, previous = 0.0, before = 0.0;
  for (int b = 0; b < bins; ++b) {
    const double w = w_max * (b + 1) / bins;
    std::complex<double> sum = 0.0;
    const std::complex<double> step = std::polar(1.0, -w * dt);
    std::complex<double> phase = std::polar(1.0, -w * samples.front().t);
    for (const auto& s : samples) {
      sum += (signal(s) - mean) * std::exp(-decay * s.t) * phase;
      phase *= step;
    }
    const double amplitude = std::abs(sum) * dt;
    // A local maximum (not the rising edge at w -> 0, which the step itself produces).
    if (b >= 2 && previous > before && previous >= amplitude && previous > best) {
      best = previous;
      best_w = w_max * b / bins;
    }
    before = previous;
    previous = amplitude;
  }
  if (best < 0.0) throw SolverFailure("no spectral peak found below w_max");
  return best_w;
}

}  // namespace

NaturalFrequencies identifyFrequencies(const std::vector<RollingSample>& samples, double w_max) {
  if (samples.size() < 16) throw InvalidInput("too few samples for a spectrum");
  requirePositive(w_max, "w_max");
  // Eqs. (23), (25): the translation mode shows in the centre velocity, the rotation mode in the
  // angular velocity (the two are uncoupled for equal contact stiffnesses).
  NaturalFrequencies f;
  double max_translation_speed = 0.0;
  for (const auto& s : samples)
    max_translation_speed = std::max(max_translation_speed, std::fabs(s.v_ball));
  // The single-plate case has no translation degree of freedom: omega1 stays 0.
  if (max_translation_speed > 0.0) {
    f.omega1 = spectralPeak(
        samples, [](const RollingSample& s) { return s.v_ball; }, w_max, 4000);
  }
  f.omega2 = spectralPeak(
      samples, [](const RollingSample& s) { return s.omega_ball; }, w_max, 4000);
  return f;
}

HysteresisParameters hysteresis(const std::vector<RollingSample>& samples, double frequency) {
  requirePositive(frequency, "frequency");
  const double period = 1.0 / frequency;
  const double t_end = samples.back().t;
  // All complete periods after the two-period fade-in of simulateSine. Averaging over them
  // cancels the residual free oscillation of the lightly damped natural mode, which otherwise
  // changes the area of a single loop by far more than the micro-slip dissipation itself.
  const int periods = static_cast<int>(std::floor((t_end - 2.0 * period) / period + 1e-9));
  if (periods < 1) throw InvalidInput("the record holds no complete period after the fade-in");
  const double t_start = t_end - periods * period - 1e-12 * period;
  HysteresisParameters h;
  double a_m = 0.0, f_m = 0.0;
  std::complex<double> force1 = 0.0, motion1 = 0.0;
  const RollingSample* prev = nullptr;
  for (const auto& s : samples) {
    if (s.t < t_start) continue;
    a_m = std::max(a_m, std::fabs(s.x_t));
    f_m = std::max(f_m, std::fabs(s.f_upper));
    if (prev) {
      h.loop_area += 0.5 * (s.f_upper + prev->f_upper) * (s.x_t - prev->x_t);
      // Fundamental components (trapezoid in time over whole periods).
      const double dt = s.t - prev->t;
      const std::complex<double> e0 = std::polar(1.0, -kTwoPi * frequency * prev->t);
      const std::complex<double> e1 = std::polar(1.0, -kTwoPi * frequency * s.t);
      force1 += 0.5 * dt * (prev->f_upper * e0 + s.f_upper * e1);
      motion1 += 0.5 * dt * (prev->x_t * e0 + s.x_t * e1);
    }
    prev = &s;
  }
  if (!(a_m > 0.0) || !(f_m > 0.0)) throw SolverFailure("no hysteresis loop in the record");
  h.loop_area /= periods;
  // Complex stiffness of the contact as the plate feels it: the sphere's force on the plate.
  const std::complex<double> frf = -force1 / motion1;
  h.frf_magnitude = std::abs(frf);
  h.frf_phase_rad = std::arg(frf);
  h.periods = periods;
  h.k_e = f_m / a_m;                                // (26)
  h.c_e_times_f = h.loop_area / (kPi * a_m * a_m);  // (26)
  h.c_e = h.c_e_times_f / frequency;
  h.zeta_r = h.loop_area / (2.0 * kPi * a_m * f_m);
  return h;
}

BreakFrequency breakFrequency(const RollingCaseParameters& p, double amplitude, double f_low,
                              double f_high, double tolerance, int periods, double dt,
                              double saturation) {
  requirePositive(f_low, "f_low");
  requirePositive(tolerance, "tolerance");
  if (!(f_high > f_low)) throw InvalidInput("break frequency: need f_high > f_low");
  if (!(saturation > 0.0 && saturation < 1.0)) throw InvalidInput("saturation must be in (0, 1)");
  const Scales s = scales(p);
  const double limit = saturation * p.mu * p.load / s.force;  // mu W in Sect. 2.4 units
  BreakFrequency result;
  const auto saturated = [&](double f) {
    ++result.probes;
    const auto samples = simulateSine(p, amplitude, f, periods, dt);
    double f_m = 0.0;
    for (const auto& r : samples) {
      if (r.t >= samples.back().t - periods / f) f_m = std::max(f_m, std::fabs(r.f_upper));
    }
    return f_m >= limit;
  };
  if (saturated(f_low)) throw SolverFailure("break frequency: already sliding at f_low");
  if (!saturated(f_high)) throw SolverFailure("break frequency: not sliding at f_high");
  // Not saturated below the break frequency, saturated above it.
  const BisectionResult b =
      bisect([&](double f) { return !saturated(f); }, f_low, f_high, tolerance);
  result.frequency = b.value;
  result.bracket_width = b.bracket_width;
  return result;
}

}  // namespace nsd::rolling
