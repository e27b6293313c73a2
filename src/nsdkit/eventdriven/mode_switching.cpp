#include <nsdkit/eventdriven/mode_switching.hpp>

#include <Eigen/Geometry>
#include <array>
#include <boost/math/tools/toms748_solve.hpp>
#include <boost/numeric/odeint.hpp>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/codim2.hpp>

namespace nsd::eventdriven {

std::string toString(Mode mode) {
  switch (mode) {
    case Mode::kSS:
      return "SS";
    case Mode::kRS:
      return "RS";
    case Mode::kSR:
      return "SR";
    case Mode::kRR:
      return "RR";
  }
  return "?";
}

namespace {

// Augmented state: quasi-velocities (4), dissipated energy, external work, and the orientation
// quaternion (w, x, y, z) of the body relative to its configuration at t = 0 (rotates J).
using State = std::array<double, 10>;
constexpr std::size_t kQuaternion = 6;

struct Context {
  contact::TwoContactBody body;           // at t = 0: inertia_C_W is J in the initial orientation
  contact::TwoContactDynamics reference;  // the body at rest, built once
  bool isotropic = false;                 // J = j I: W and J do not change with the orientation
  ModeSwitchingOptions options;
  const contact::ContactBases& bases() const { return reference.bases(); }
};

Eigen::Quaterniond orientation(const State& s) {
  return Eigen::Quaterniond(s[kQuaternion], s[kQuaternion + 1], s[kQuaternion + 2],
                            s[kQuaternion + 3])
      .normalized();
}

// J in W at the state's orientation: R J_0 R^T.
Eigen::Matrix3d inertiaAt(const Context& c, const State& s) {
  if (c.isotropic) return c.body.inertia_C_W;
  const Eigen::Matrix3d r = orientation(s).toRotationMatrix();
  return r * c.body.inertia_C_W * r.transpose();
}

void bodyVelocity(const Context& c, const State& s, Eigen::Vector3d& v_c, Eigen::Vector3d& omega);

// The dynamics at the state: the gyroscopic term of the full Omega, and for an anisotropic body
// the inertia rotated with it (W depends on the orientation then). An isotropic body reuses the
// reference operators and only recomputes its free accelerations.
contact::TwoContactDynamics dynamicsAt(const Context& c, const State& s) {
  Eigen::Vector3d v_c, omega;
  bodyVelocity(c, s, v_c, omega);
  if (c.isotropic) return c.reference.atAngularVelocity(omega);
  contact::TwoContactBody rotated = c.body;
  rotated.inertia_C_W = inertiaAt(c, s);
  return contact::TwoContactDynamics(rotated, omega);
}

Eigen::Vector2d slipPlus(const Context& c, const State& s) {
  return {s[0], c.bases().c_plus * s[2]};
}
Eigen::Vector2d slipMinus(const Context& c, const State& s) {
  return {s[1], c.bases().c_minus * s[2]};
}

// Body velocities from the quasi-velocities: (8), (11), (15).
void bodyVelocity(const Context& c, const State& s, Eigen::Vector3d& v_c, Eigen::Vector3d& omega) {
  const auto& k = c.bases();
  const Eigen::Vector3d v_plus = s[0] * k.t1_plus_W + k.c_plus * s[2] * k.t2_plus_W;
  const Eigen::Vector3d v_minus = s[1] * k.t1_minus_W + k.c_minus * s[2] * k.t2_minus_W;
  const double d = (c.body.r_CPplus_W - c.body.r_CPminus_W).norm();
  omega = s[3] * k.a_W + k.a_W.cross(v_plus - v_minus) / d;
  v_c = v_plus - omega.cross(c.body.r_CPplus_W);
}

struct Rates {
  contact::QuasiAccelerations q;
  Eigen::Vector3d omega_W = Eigen::Vector3d::Zero();  // angular velocity at the state [rad/s]
  double dissipation = 0.0;                           // friction power removed [W]
  double external = 0.0;                              // power of F_e, M_e [W]
};

Rates rates(const Context& c, Mode mode, int sigma, const State& s) {
  const contact::TwoContactDynamics dyn = dynamicsAt(c, s);
  Rates r;
  const double mu_p = c.body.friction_plus.mu_static, mu_m = c.body.friction_minus.mu_static;
  switch (mode) {
    case Mode::kSS: {
      const Eigen::Vector2d vp = slipPlus(c, s), vm = slipMinus(c, s);
      r.q = dyn.slipSlip(vp / vp.norm(), vm / vm.norm());
      r.dissipation = mu_p * r.q.normal_plus * vp.norm() + mu_m * r.q.normal_minus * vm.norm();
      break;
    }
    case Mode::kRS:
      r.q = dyn.rollSlip(sigma);
      r.q.du1_plus = r.q.du_a = 0.0;
      r.dissipation = mu_m * r.q.normal_minus * std::fabs(s[1]);
      break;
    case Mode::kSR:
      r.q = dyn.slipRoll(sigma);
      r.q.du1_minus = r.q.du_a = 0.0;
      r.dissipation = mu_p * r.q.normal_plus * std::fabs(s[0]);
      break;
    case Mode::kRR:
      r.q = dyn.rollRoll().accelerations;
      r.q.du1_plus = r.q.du1_minus = r.q.du_a = 0.0;
      break;
  }
  if (mode != Mode::kRR && (!(r.q.normal_plus > 0.0) || !(r.q.normal_minus > 0.0))) {
    throw SolverFailure("contact loss in mode " + toString(mode) +
                        ": N+ = " + formatValue(r.q.normal_plus) +
                        " N, N- = " + formatValue(r.q.normal_minus) + " N");
  }
  Eigen::Vector3d v_c, omega;
  bodyVelocity(c, s, v_c, omega);
  r.external = c.body.force_external_W.dot(v_c) + c.body.torque_external_W.dot(omega);
  r.omega_W = omega;
  return r;
}

// Event functions of a mode (positive while the mode holds).
std::vector<double> events(const Context& c, Mode mode, int sigma, const State& s) {
  const double thr = c.options.stick_threshold;
  switch (mode) {
    case Mode::kSS:
      return {slipPlus(c, s).norm() - thr, slipMinus(c, s).norm() - thr};
    case Mode::kRS: {
      const Rates r = rates(c, mode, sigma, s);
      const double t = std::hypot(r.q.contact_forces[1], r.q.contact_forces[2]);
      return {sigma * s[1], c.body.friction_plus.mu_static * r.q.normal_plus - t};
    }
    case Mode::kSR: {
      const Rates r = rates(c, mode, sigma, s);
      const double t = std::hypot(r.q.contact_forces[4], r.q.contact_forces[5]);
      return {sigma * s[0], c.body.friction_minus.mu_static * r.q.normal_minus - t};
    }
    case Mode::kRR:
      return {};
  }
  return {};
}

struct Decision {
  Mode mode;
  int sigma;
  State state;
  std::string reason;
};

// At a point of Sigma+ (plus = true) or Sigma- with the other contact slipping: Def 9 on the
// extended Filippov system of F_SS in the normal plane of the sticking contact.
Decision decideOnePoint(const Context& c, State s, bool plus) {
  const contact::TwoContactDynamics dyn = dynamicsAt(c, s);
  const double other = plus ? s[1] : s[0];
  const Eigen::Vector2d lambda_other(other > 0 ? 1.0 : -1.0, 0.0);
  const double cc = plus ? c.bases().c_plus : c.bases().c_minus;
  // Normal plane coordinates (u1, u_a) of the sticking contact; phi as in (50)-(51).
  const filippov::NormalPlaneFieldOfDirection g =
      [&](const filippov::PlaneDirection& n) -> Eigen::Vector2d {
    Eigen::Vector2d lambda(n.cos_phi, cc * n.sin_phi);
    lambda.normalize();
    const contact::QuasiAccelerations q =
        plus ? dyn.slipSlip(lambda, lambda_other) : dyn.slipSlip(lambda_other, lambda);
    return {plus ? q.du1_plus : q.du1_minus, q.du_a};
  };
  const filippov::Codim2Result r = filippov::analyzeCodim2(g);
  if (plus) {
    s[0] = 0.0;
  } else {
    s[1] = 0.0;
  }
  s[2] = 0.0;
  const int sigma = other > 0 ? 1 : -1;
  if (r.type == filippov::SlidingPointType::kAttractingSliding) {
    return {plus ? Mode::kRS : Mode::kSR, sigma, s,
            std::string("Def 9: rolling at ") + (plus ? "P+" : "P-") + " realizable"};
  }
  // Escape along the most repelling limit direction.
  double best = -INFINITY, phi = 0.0;
  for (const auto& d : r.directions) {
    if (d.radial > best) {
      best = d.radial;
      phi = d.phi_rad;
    }
  }
  const double e = c.options.escape_speed;
  (plus ? s[0] : s[1]) = e * std::cos(phi);
  s[2] = e * std::sin(phi);
  return {Mode::kSS, 0, s,
          std::string("Def 9: rolling at ") + (plus ? "P+" : "P-") + " not realizable (" +
              filippov::toString(r.type) + ")"};
}

// At Sigma# (both contacts sticking): Def 11, and the escape if it fails.
Decision decideTwoPoint(const Context& c, State s) {
  s[0] = s[1] = s[2] = 0.0;
  const contact::TwoContactDynamics dyn = dynamicsAt(c, s);
  const contact::TwoPointRealizability r = dyn.analyzeRealizability();
  if (r.realizable) return {Mode::kRR, 0, s, "Def 11: two-point rolling realizable"};
  const double e = c.options.escape_speed;
  // One-point escapes first: the side whose limit vector points away from Sigma#.
  auto side = [](const filippov::Codim1Classification& k) {
    return k.normal_component_1 >= k.normal_component_2 ? 1 : -1;
  };
  for (const auto mode : r.escapes) {
    if (mode == contact::EscapeMode::kRS) {
      const int sigma = side(r.rs);
      s[1] = sigma * e;
      return {Mode::kRS, sigma, s, "Def 11 fails by RS: slipping starts at P-"};
    }
    if (mode == contact::EscapeMode::kSR) {
      const int sigma = side(r.sr);
      s[0] = sigma * e;
      return {Mode::kSR, sigma, s, "Def 11 fails by SR: slipping starts at P+"};
    }
  }
  // Two-point slip along the most repelling SS limit direction (n in (u1+, u1-, u_a)).
  double best = -INFINITY;
  Eigen::Vector3d n = Eigen::Vector3d::UnitZ();
  for (const auto& d : r.offending_ss_directions) {
    if (d.radial > best) {
      best = d.radial;
      n = d.n;
    }
  }
  s[0] = e * n[0];
  s[1] = e * n[1];
  s[2] = e * n[2];
  return {Mode::kSS, 0, s, "Def 11 fails by SS: two-point slip starts"};
}

Decision decide(const Context& c, const State& s) {
  const double thr = c.options.stick_threshold;
  const bool stick_p = slipPlus(c, s).norm() <= thr, stick_m = slipMinus(c, s).norm() <= thr;
  if (stick_p && stick_m) return decideTwoPoint(c, s);
  if (stick_p) return decideOnePoint(c, s, true);
  if (stick_m) return decideOnePoint(c, s, false);
  return {Mode::kSS, 0, s, "both contacts slipping"};
}

// The first event of the mode in (t0, t1] (an event function crossing from > 0 to <= 0),
// located on the step's dense output by TOMS 748; +inf when none.
template <class DenseStepper>
double firstEventTime(DenseStepper& stepper, const Context& c, Mode mode, int sigma,
                      const std::vector<double>& e_prev, const std::vector<double>& e1, double t0,
                      double t1) {
  double t_event = INFINITY;
  for (std::size_t k = 0; k < e1.size(); ++k) {
    if (e_prev[k] > 0.0 && e1[k] <= 0.0) {
      State tmp;
      auto f = [&](double tt) {
        stepper.calc_state(tt, tmp);
        return events(c, mode, sigma, tmp)[k];
      };
      std::uintmax_t iters = 60;
      const auto root = boost::math::tools::toms748_solve(
          f, t0, t1, e_prev[k], e1[k], boost::math::tools::eps_tolerance<double>(45), iters);
      t_event = std::min(t_event, root.second);
    }
  }
  return t_event;
}

// At an event: the sticking contacts made exact, and the next mode decided by realizability.
Decision decideAtEvent(const Context& c, Mode mode, int sigma, const State& at) {
  State x = at;
  if (mode == Mode::kRS) {
    x[0] = x[2] = 0.0;
    if (events(c, mode, sigma, x)[0] <= 0.0) x[1] = 0.0;  // reached Sigma#
  } else if (mode == Mode::kSR) {
    x[1] = x[2] = 0.0;
    if (events(c, mode, sigma, x)[0] <= 0.0) x[0] = 0.0;
  }
  if (mode == Mode::kRS && std::fabs(x[1]) > c.options.stick_threshold) {
    return decideOnePoint(c, x, true);  // the cone at P+ is reached while P- slips
  }
  if (mode == Mode::kSR && std::fabs(x[0]) > c.options.stick_threshold) {
    return decideOnePoint(c, x, false);
  }
  return decide(c, x);
}

void requireValid(const Eigen::Vector4d& s0, double t_end, const ModeSwitchingOptions& options) {
  requireFinite(s0, "initial quasi-velocities");
  requirePositive(t_end, "t_end");
  requirePositive(options.sample_spacing, "sample spacing");
  requirePositive(options.stick_threshold, "stick threshold");
  if (!(options.escape_speed > options.stick_threshold)) {
    throw InvalidInput("escape speed must exceed the stick threshold");
  }
}

}  // namespace

// Dense-output Dormand-Prince within each mode; at each event (firstEventTime, or the loss of
// Def 11 in RR located by bisection) the next mode is decided (decideAtEvent).
ModeTrajectory simulateModeSwitching(const contact::TwoContactBody& body, const Eigen::Vector4d& s0,
                                     double t_end, const ModeSwitchingOptions& options) {
  requireValid(s0, t_end, options);
  const contact::TwoContactDynamics reference(body);  // validates the body
  const bool isotropic = contact::isIsotropic(body.inertia_C_W);
  const Context c{body, reference, isotropic, options};
  namespace ode = boost::numeric::odeint;
  ModeTrajectory out;
  State s{s0[0], s0[1], s0[2], s0[3], 0.0, 0.0, 1.0, 0.0, 0.0, 0.0};
  Decision d = decide(c, s);
  out.events.push_back({0.0, d.mode, d.mode, d.reason});
  s = d.state;
  Mode mode = d.mode;
  int sigma = d.sigma;
  double t = 0.0;
  long sample_index = 0;
  auto record = [&](double time, const State& st) {
    Eigen::Vector3d v_c, omega;
    bodyVelocity(c, st, v_c, omega);
    const double ke =
        0.5 * body.mass * v_c.squaredNorm() + 0.5 * omega.dot(inertiaAt(c, st) * omega);
    out.samples.push_back({time, mode, st[0], st[1], st[2], st[3], v_c, ke, st[4], st[5]});
  };
  while (t < t_end) {
    auto rhs = [&](const State& x, State& dx, double) {
      const Rates r = rates(c, mode, sigma, x);
      // Orientation: dq/dt = (1/2) (0, Omega) q with Omega in W.
      const Eigen::Quaterniond q(x[kQuaternion], x[kQuaternion + 1], x[kQuaternion + 2],
                                 x[kQuaternion + 3]);
      const Eigen::Quaterniond dq =
          Eigen::Quaterniond(0.0, r.omega_W.x(), r.omega_W.y(), r.omega_W.z()) * q;
      dx = {r.q.du1_plus, r.q.du1_minus, r.q.du_a,     r.q.domega_a, r.dissipation,
            r.external,   0.5 * dq.w(),  0.5 * dq.x(), 0.5 * dq.y(), 0.5 * dq.z()};
    };
    auto stepper = ode::make_dense_output(options.absolute_tolerance, options.relative_tolerance,
                                          ode::runge_kutta_dopri5<State>());
    stepper.initialize(s, t, std::min(1e-3, options.sample_spacing));
    std::vector<double> e_prev = events(c, mode, sigma, s);
    bool switched = false;
    while (!switched && stepper.current_time() < t_end) {
      const double t0 = stepper.current_time();
      stepper.do_step(rhs);
      ++out.steps;
      double t1 = stepper.current_time();
      State x1 = stepper.current_state();
      const std::vector<double> e1 = events(c, mode, sigma, x1);
      const double t_event = firstEventTime(stepper, c, mode, sigma, e_prev, e1, t0, t1);
      bool rr_lost = false;
      if (mode == Mode::kRR && decideTwoPoint(c, x1).mode != Mode::kRR) rr_lost = true;
      if (std::isfinite(t_event)) {
        t1 = t_event;
        stepper.calc_state(t1, x1);
      } else if (rr_lost) {
        // Bisection in time for the loss of realizability of two-point rolling.
        State tmp;
        t1 = bisect(
                 [&](double time) {
                   stepper.calc_state(time, tmp);
                   return decideTwoPoint(c, tmp).mode == Mode::kRR;
                 },
                 t0, t1, 1e-9 * std::max(1.0, t1))
                 .last_false;
        stepper.calc_state(t1, x1);
      }
      State at;
      while (static_cast<double>(sample_index) * options.sample_spacing <= t1 + 1e-12) {
        const double ts = static_cast<double>(sample_index) * options.sample_spacing;
        if (ts > t_end + 1e-12) break;
        stepper.calc_state(std::max(ts, stepper.previous_time()), at);
        record(ts, at);
        ++sample_index;
      }
      e_prev = e1;
      if (std::isfinite(t_event) || rr_lost) {
        d = decideAtEvent(c, mode, sigma, x1);
        out.events.push_back({t1, mode, d.mode, d.reason});
        if (static_cast<int>(out.events.size()) > options.max_events) {
          throw SolverFailure("more than " + std::to_string(options.max_events) +
                              " mode events (Zeno behaviour?)");
        }
        mode = d.mode;
        sigma = d.sigma;
        s = d.state;
        t = t1;
        switched = true;
      }
    }
    if (!switched) {
      t = t_end;
      s = stepper.current_state();
    }
  }
  return out;
}

}  // namespace nsd::eventdriven
