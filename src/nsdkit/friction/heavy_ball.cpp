#include <nsdkit/friction/heavy_ball.hpp>

#include <array>
#include <boost/numeric/odeint.hpp>
#include <cmath>

#include <nsdkit/core/errors.hpp>

namespace nsd::friction {

void HeavyBallParameters::validate() const {
  requirePositive(mass, "mass");
  requirePositive(ball_radius, "ball radius");
  requirePositive(gravity, "gravity");
  requireNonNegative(friction, "friction coefficient f");
  requirePositive(contact_radius, "contact radius");
  if (!(contact_radius <= ball_radius)) {
    throw InvalidInput("contact radius " + formatValue(contact_radius) +
                       " must not exceed the ball radius " + formatValue(ball_radius));
  }
  requireFinite(k_r0, "k_r0");
  // Rolling resistance opposes the rolling: k_r = k_r0 >= 0 while Omega_r > 0, its direction
  // set by beta (eq. (2): |k_r| <= 1, the sign follows the motion).
  if (!(k_r0 >= 0.0 && k_r0 <= 1.0)) {
    throw InvalidInput("k_r0 must be in [0, 1] (rolling resistance opposes the rolling), got " +
                       formatValue(k_r0));
  }
  requirePositive(exact_tolerance, "exact_tolerance");
  requirePositive(absolute_tolerance, "absolute_tolerance");
  requirePositive(relative_tolerance, "relative_tolerance");
  requirePositive(stop_fraction, "stop_fraction");
}

namespace {

using State = std::array<double, 7>;  // x, y, xd, yd, wx, wy, wz

struct Derived {
  double v, alpha, u;
};

Derived derived(const State& s, const HeavyBallParameters& p) {
  const double vx = s[2] - p.ball_radius * s[5];  // eq. (13)
  const double vy = s[3] + p.ball_radius * s[4];
  return {std::hypot(vx, vy), std::atan2(vy, vx), s[6] * p.contact_radius};
}

class Dynamics {
 public:
  Dynamics(const HeavyBallParameters& p, double stop_speed)
      : p_(p), pressure_(hertzPressure()), pade_(hertzPadeCoefficients()), stop_(stop_speed) {}

  void operator()(const State& s, State& ds, double /*t*/) const {
    const Derived d = derived(s, p_);
    const double j = 0.4 * p_.mass * p_.ball_radius * p_.ball_radius;
    const double n = p_.mass * p_.gravity;
    ds[0] = s[2];
    ds[1] = s[3];
    if (d.v < stop_ && std::fabs(d.u) < stop_) {  // slip and whirl stopped: pure rolling
      ds[2] = ds[3] = ds[4] = ds[5] = ds[6] = 0.0;
      return;
    }
    const double ca = std::cos(d.alpha), sa = std::sin(d.alpha);
    // Rolling angular velocity in the slip frame (x along the slip): beta of eq. (3).
    const double om_x = s[4] * ca + s[5] * sa, om_y = -s[4] * sa + s[5] * ca;
    const double om_r = std::hypot(om_x, om_y);
    const double k_r = om_r > 0.0 ? p_.k_r0 : 0.0;
    const double beta = om_r > 0.0 ? std::atan2(om_x, om_y) : 0.0;  // cos b = Oy/Or, sin b = Ox/Or
    const CombinedMotion motion{d.v, d.u, k_r, beta};
    const FrictionResultant r = p_.exact_model
                                    ? exactFriction(motion, pressure_, p_.exact_tolerance)
                                    : padeFriction(motion, pade_);
    const double f_par = p_.friction * n * r.f_par, f_perp = p_.friction * n * r.f_perp;
    const double m_c = p_.friction * p_.contact_radius * n * r.m_c;
    const RollingTorque mr = rollingTorque(k_r, beta, pade_);
    const double m_par = mr.m_par * p_.contact_radius * n,
                 m_perp = mr.m_perp * p_.contact_radius * n;
    // Eq. (12).
    const double fx = -f_par * ca + f_perp * sa;
    const double fy = -f_par * sa - f_perp * ca;
    const double mz = -m_c;
    const double mx = p_.ball_radius * fy - m_par * ca + m_perp * sa;
    const double my = -p_.ball_radius * fx - m_par * sa - m_perp * ca;
    ds[2] = fx / p_.mass;  // eq. (15)
    ds[3] = fy / p_.mass;
    ds[4] = mx / j;
    ds[5] = my / j;
    ds[6] = mz / j;
  }

 private:
  HeavyBallParameters p_;
  PressureDistribution pressure_;
  PadeCoefficients pade_;
  double stop_;
};

double kinetic(const State& s, const HeavyBallParameters& p) {
  const double j = 0.4 * p.mass * p.ball_radius * p.ball_radius;
  return 0.5 * p.mass * (s[2] * s[2] + s[3] * s[3]) +
         0.5 * j * (s[4] * s[4] + s[5] * s[5] + s[6] * s[6]);
}

}  // namespace

HeavyBallTrajectory simulateHeavyBall(const HeavyBallParameters& p, const HeavyBallInitial& init,
                                      double t_end, double spacing) {
  p.validate();
  requireNonNegative(init.v0, "v0");
  requireFinite(init.u0, "u0");
  requirePositive(t_end, "t_end");
  requirePositive(spacing, "sample spacing");
  if (t_end / spacing > 1e7) {
    throw InvalidInput("t_end / sample spacing exceeds 1e7 samples (t_end " + formatValue(t_end) +
                       ")");
  }
  if (init.v0 == 0.0 && init.u0 == 0.0) throw InvalidInput("v0 and u0 are both zero: no slip");
  const double stop_speed = p.stop_fraction * std::max(init.v0, std::fabs(init.u0));
  State s{0.0, 0.0, init.v0, 0.0, 0.0, 0.0, init.u0 / p.contact_radius};
  const Dynamics rhs(p, stop_speed);
  namespace ode = boost::numeric::odeint;
  auto stepper = ode::make_dense_output(p.absolute_tolerance, p.relative_tolerance,
                                        ode::runge_kutta_dopri5<State>());
  stepper.initialize(s, 0.0, std::min(1e-3, spacing));
  HeavyBallTrajectory out;
  out.energy_initial = kinetic(s, p);
  auto record = [&](double t, const State& st) {
    const Derived d = derived(st, p);
    out.samples.push_back({t, st[0], st[1], d.v, d.u, d.alpha, st[4], st[5], st[6]});
  };
  record(0.0, s);
  long sample_index = 1;
  double next_sample = spacing;
  State at;
  while (stepper.current_time() < t_end) {
    stepper.do_step(rhs);
    ++out.steps;
    const double t1 = std::min(stepper.current_time(), t_end);
    while (next_sample <= t1 + 1e-9 * spacing) {
      stepper.calc_state(std::min(next_sample, t1), at);
      record(next_sample, at);
      next_sample = static_cast<double>(++sample_index) * spacing;
    }
    const Derived d = derived(stepper.current_state(), p);
    if (out.slip_stop_time < 0 && d.v < stop_speed) out.slip_stop_time = stepper.current_time();
    if (out.whirl_stop_time < 0 && std::fabs(d.u) < stop_speed) {
      out.whirl_stop_time = stepper.current_time();
    }
    // After sliding and whirling have stopped the ball rolls on at constant velocity (the
    // right-hand side is zero there); the integration continues to t_end for the output.
    if (out.steps > 50000000) throw SolverFailure("heavy-ball integration exceeded 5e7 steps");
  }
  const State& final_state = stepper.current_state();
  if (out.samples.back().t < t_end - 1e-9 * spacing) record(t_end, final_state);
  out.energy_final = kinetic(final_state, p);
  return out;
}

}  // namespace nsd::friction
