#include <nsdkit/rattleback/kane_levinson.hpp>

#include <Eigen/Dense>
#include <array>
#include <boost/numeric/odeint.hpp>
#include <cmath>

#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::rattleback {

void KaneLevinsonParameters::validate() const {
  requirePositive(a, "a");
  requirePositive(b, "b");
  requirePositive(c, "c");
  requirePositive(mass, "mass");
  requireNonNegative(sigma, "sigma");
  requirePositive(gravity, "gravity");
  requireFinite(h, "h");
  requireFinite(D, "D");
  Eigen::Matrix3d inertia;
  inertia << A, D, 0, D, B, 0, 0, 0, C;
  requireFinite(inertia, "inertia");
  if (inertia.selfadjointView<Eigen::Lower>().eigenvalues().minCoeff() <= 0.0) {
    throw InvalidInput("rattleback inertia (A, B, C, D) must be positive definite");
  }
}

namespace {

struct Table1 {
  Eigen::Vector3d mu, mu_dot, x, x_dot, v;
  double eps = 0.0, eps_dot = 0.0;
};

// Kinematic quantities of Table 1: (37), (16), (17)-(18), (23), (19), (20), (26).
Table1 kinematics(const KaneLevinsonParameters& p, const KaneLevinsonState& s) {
  const double alpha = s[0], beta = s[1];
  const double w1 = s[3], w2 = s[4], w3 = s[5];
  Table1 k;
  k.mu = Eigen::Vector3d(-std::cos(alpha) * std::sin(beta), std::sin(alpha),
                         std::cos(alpha) * std::cos(beta));  // (37)
  const double a2 = p.a * p.a, b2 = p.b * p.b, c2 = p.c * p.c;
  k.eps =
      std::sqrt(a2 * k.mu[0] * k.mu[0] + b2 * k.mu[1] * k.mu[1] + c2 * k.mu[2] * k.mu[2]);  // (16)
  k.x = Eigen::Vector3d(a2 * k.mu[0], b2 * k.mu[1], c2 * k.mu[2]) / k.eps;  // (17)-(18)
  k.mu_dot = Eigen::Vector3d(w3 * k.mu[1] - w2 * k.mu[2], w1 * k.mu[2] - w3 * k.mu[0],
                             w2 * k.mu[0] - w1 * k.mu[1]);  // (23)
  k.eps_dot =
      (a2 * k.mu[0] * k.mu_dot[0] + b2 * k.mu[1] * k.mu_dot[1] + c2 * k.mu[2] * k.mu_dot[2]) /
      k.eps;  // (19)
  const double e2 = k.eps * k.eps;
  k.x_dot = Eigen::Vector3d(a2 * (k.eps * k.mu_dot[0] - k.eps_dot * k.mu[0]),
                            b2 * (k.eps * k.mu_dot[1] - k.eps_dot * k.mu[1]),
                            c2 * (k.eps * k.mu_dot[2] - k.eps_dot * k.mu[2])) /
            e2;  // (20)
  const double x1 = k.x[0], x2 = k.x[1], x3 = k.x[2], h = p.h;
  k.v = Eigen::Vector3d(w2 * (h - x3) + w3 * x2, -w3 * x1 - w1 * (h - x3),
                        -w1 * x2 + w2 * x1);  // (26)
  return k;
}

}  // namespace

ContactKinematics contactKinematics(const KaneLevinsonParameters& p, const KaneLevinsonState& s) {
  const Table1 k = kinematics(p, s);
  return {k.mu, k.x, k.v};
}

KaneLevinsonState kaneLevinsonRate(const KaneLevinsonParameters& p, const KaneLevinsonState& s) {
  const Table1 k = kinematics(p, s);
  const double alpha = s[0], beta = s[1];
  const double w1 = s[3], w2 = s[4], w3 = s[5];
  const double x1 = k.x[0], x2 = k.x[1], x3 = k.x[2], h = p.h, m = p.mass, g = p.gravity;
  const double v1 = k.v[0], v2 = k.v[1], v3 = k.v[2];
  const double xd1 = k.x_dot[0], xd2 = k.x_dot[1], xd3 = k.x_dot[2];
  // (32) with ERRATA (v3 in the first term), (33), (34).
  const double z1 = w2 * (v3 - xd3) - w3 * (v2 - xd2);
  const double z2 = w3 * (v1 - xd1) - w1 * (v3 - xd3);
  const double z3 = w1 * (v2 - xd2) - w2 * (v1 - xd1);
  // (47)-(49).
  const double f1 = -p.sigma * w1 + m * g * ((x3 - h) * k.mu[1] - x2 * k.mu[2]);
  const double f2 = -p.sigma * w2 + m * g * ((h - x3) * k.mu[0] + x1 * k.mu[2]);
  const double f3 = -p.sigma * w3 + m * g * (x2 * k.mu[0] - x1 * k.mu[1]);
  // (53)-(55).
  const double r1 = (p.D * w1 + (p.B - p.C) * w2) * w3;
  const double r2 = ((p.C - p.A) * w1 - p.D * w2) * w3;
  const double r3 = p.D * (w2 * w2 - w1 * w1) + (p.A - p.B) * w1 * w2;
  // (58)-(63).
  Eigen::Matrix3d inertia;
  inertia(0, 0) = p.A + m * (x2 * x2 + (h - x3) * (h - x3));
  inertia(1, 1) = p.B + m * (x1 * x1 + (h - x3) * (h - x3));
  inertia(2, 2) = p.C + m * (x1 * x1 + x2 * x2);
  inertia(0, 1) = inertia(1, 0) = p.D - m * x1 * x2;
  inertia(1, 2) = inertia(2, 1) = m * (h - x3) * x2;
  inertia(2, 0) = inertia(0, 2) = m * (h - x3) * x1;
  // (64)-(66) and (68).
  const Eigen::Vector3d q(f1 + r1 + m * ((h - x3) * z2 + x2 * z3),
                          f2 + r2 + m * ((x3 - h) * z1 - x1 * z3),
                          f3 + r3 + m * (x1 * z2 - x2 * z1));
  // (69)-(71): Cramer's rule as printed is the solution of I w' = Q; an LU solve is the same
  // linear algebra with better rounding.
  const Eigen::Vector3d w_dot = inertia.partialPivLu().solve(q);
  KaneLevinsonState rate;
  rate[0] = w3 * std::sin(beta) + w1 * std::cos(beta);                            // (40)
  rate[1] = (-w3 * std::cos(beta) + w1 * std::sin(beta)) * std::tan(alpha) + w2;  // (41)
  rate[2] = (w3 * std::cos(beta) - w1 * std::sin(beta)) / std::cos(alpha);        // (42)
  rate.tail<3>() = w_dot;
  return rate;
}

double mechanicalEnergy(const KaneLevinsonParameters& p, const KaneLevinsonState& s) {
  const Table1 k = kinematics(p, s);
  const Eigen::Vector3d w = s.tail<3>();
  Eigen::Matrix3d inertia;
  inertia << p.A, p.D, 0, p.D, p.B, 0, 0, 0, p.C;
  // Height of R* above the plane: the contact-to-R* vector is (-x1, -x2, h - x3) and n3 points
  // down, so the height is -(that . n3).
  const Eigen::Vector3d rho(-k.x[0], -k.x[1], p.h - k.x[2]);
  const double height = -rho.dot(k.mu);
  return 0.5 * p.mass * k.v.squaredNorm() + 0.5 * w.dot(inertia * w) + p.mass * p.gravity * height;
}

KaneLevinsonTrajectory simulateKaneLevinson(const KaneLevinsonParameters& p,
                                            const KaneLevinsonInitial& init, double t_end,
                                            const IntegrationOptions& o) {
  p.validate();
  requirePositive(t_end, "t_end");
  requirePositive(o.sample_spacing, "sample spacing");
  if (t_end / o.sample_spacing > 1e7) {
    throw InvalidInput("t_end / sample spacing exceeds 1e7 samples (t_end " + formatValue(t_end) +
                       " s)");
  }
  requirePositive(o.absolute_tolerance, "absolute tolerance");
  requirePositive(o.relative_tolerance, "relative tolerance");
  for (double v : {init.alpha, init.beta, init.gamma, init.omega1, init.omega2, init.omega3}) {
    requireFinite(v, "initial condition");
  }
  if (std::fabs(init.alpha) >= 1.5) throw InvalidInput("|alpha(0)| must be below pi/2");
  // A rattleback spins at tens of rad/s; beyond kMaxRate the model (and the double range of its
  // energy) is left: refused instead of integrated into NaN.
  for (double w : {init.omega1, init.omega2, init.omega3}) {
    if (!(std::fabs(w) <= kMaxInitialRate)) {
      throw InvalidInput("initial angular velocity " + formatValue(w) + " rad/s is beyond " +
                         formatValue(kMaxInitialRate) + " rad/s");
    }
  }
  using State = std::array<double, 6>;
  namespace ode = boost::numeric::odeint;
  auto rhs = [&](const State& x, State& dx, double) {
    const KaneLevinsonState s = Eigen::Map<const KaneLevinsonState>(x.data());
    const KaneLevinsonState r = kaneLevinsonRate(p, s);
    for (int k = 0; k < 6; ++k) dx[static_cast<std::size_t>(k)] = r[k];
  };
  State x{init.alpha, init.beta, init.gamma, init.omega1, init.omega2, init.omega3};
  auto stepper = ode::make_dense_output(o.absolute_tolerance, o.relative_tolerance,
                                        ode::runge_kutta_dopri5<State>());
  stepper.initialize(x, 0.0, 1e-4);
  KaneLevinsonTrajectory out;
  auto sample = [&](double t, const State& st) {
    const KaneLevinsonState s = Eigen::Map<const KaneLevinsonState>(st.data());
    const double mu3 = std::cos(s[0]) * std::cos(s[1]);
    if (!s.allFinite()) {
      throw SolverFailure("Kane-Levinson integration: the state left the finite range at t = " +
                          formatValue(t) + " s");
    }
    out.samples.push_back({t, s[0], s[1], s[2], std::acos(std::clamp(mu3, -1.0, 1.0)), s[3], s[4],
                           s[5], mechanicalEnergy(p, s)});
  };
  auto gamma_rate = [&](const State& st) {
    const double beta = st[1], alpha = st[0];
    return (st[5] * std::cos(beta) - st[3] * std::sin(beta)) / std::cos(alpha);  // (42)
  };
  sample(0.0, x);
  long sample_index = 1;
  double next = o.sample_spacing;
  State at{};
  double previous_rate = gamma_rate(x);
  while (stepper.current_time() < t_end) {
    const double t0 = stepper.current_time();
    stepper.do_step(rhs);
    ++out.steps;
    const double t1 = std::min(stepper.current_time(), t_end);
    const double rate1 = gamma_rate(stepper.current_state());
    if (previous_rate != 0.0 && rate1 != 0.0 && (previous_rate < 0) != (rate1 < 0)) {
      // Locate the reversal on the dense output by bisection to 1e-6 s.
      const auto same_sign_as_before = [&](double t) {
        stepper.calc_state(t, at);
        return (gamma_rate(at) < 0) == (previous_rate < 0);
      };
      out.rate_sign_changes.push_back(bisect(same_sign_as_before, t0, t1, 1e-6).value);
    }
    previous_rate = rate1;
    while (next <= t1 + 1e-9 * o.sample_spacing) {
      stepper.calc_state(std::min(next, t1), at);
      sample(next, at);
      next = static_cast<double>(++sample_index) * o.sample_spacing;
    }
    if (out.steps > 20000000) throw SolverFailure("rattleback integration exceeded 2e7 steps");
  }
  out.spin_reversals = turningPoints(out.samples, reversal_hysteresis_rad);
  return out;
}

std::vector<double> turningPoints(const std::vector<KaneLevinsonSample>& samples,
                                  double threshold) {
  std::vector<double> turns;
  if (samples.empty()) return turns;
  int direction = 0;  // +1 increasing, -1 decreasing, 0 undecided
  std::size_t extreme = 0;
  for (std::size_t i = 1; i < samples.size(); ++i) {
    const double g = samples[i].gamma, ge = samples[extreme].gamma;
    if (direction == 0) {
      if (std::fabs(g - samples[0].gamma) > threshold) {
        direction = g > samples[0].gamma ? 1 : -1;
        extreme = i;
      } else if ((g > ge) == (samples[i].gamma > samples[0].gamma)) {
        extreme = i;
      }
      continue;
    }
    if ((direction > 0 && g > ge) || (direction < 0 && g < ge)) {
      extreme = i;
    } else if (std::fabs(g - ge) > threshold) {
      turns.push_back(samples[extreme].t);
      direction = -direction;
      extreme = i;
    }
  }
  return turns;
}

}  // namespace nsd::rattleback
