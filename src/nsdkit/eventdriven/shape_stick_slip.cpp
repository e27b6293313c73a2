#include <nsdkit/eventdriven/shape_stick_slip.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <array>
#include <boost/math/tools/toms748_solve.hpp>
#include <boost/numeric/odeint.hpp>
#include <cmath>

#include <nsdkit/contact/single_contact.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::eventdriven {

std::string toString(ContactMode mode) {
  return mode == ContactMode::kRolling ? "rolling" : "slipping";
}

void ShapedBodyOnPlane::validate() const {
  requirePositive(mass_kg, "mass");
  requireFinite(inertia_G_B, "inertia");
  if (!inertia_G_B.isApprox(inertia_G_B.transpose(), 1e-12) ||
      !(Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(inertia_G_B).eigenvalues().minCoeff() > 0.0)) {
    throw InvalidInput("inertia: must be symmetric positive definite");
  }
  surface.validate();
  requirePositive(mu, "mu");
  requirePositive(gravity_m_s2, "gravity");
  requireNonNegative(drag_N_m_s, "drag");
}

namespace {

// Integrated state: orientation q (w, x, y, z), Omega in B, v_G in W.
using State = std::array<double, 10>;
const Eigen::Vector3d kUp_W = Eigen::Vector3d::UnitZ();

State pack(const ShapedBodyState& s) {
  const Eigen::Quaterniond q = s.orientation_WB.normalized();
  return {q.w(),        q.x(),        q.y(),        q.z(),        s.omega_B.x(),
          s.omega_B.y(), s.omega_B.z(), s.velocity_G_W.x(), s.velocity_G_W.y(), s.velocity_G_W.z()};
}

Eigen::Quaterniond orientationOf(const State& x) {
  return Eigen::Quaterniond(x[0], x[1], x[2], x[3]).normalized();
}
Eigen::Vector3d omegaOf(const State& x) { return {x[4], x[5], x[6]}; }
Eigen::Vector3d velocityOf(const State& x) { return {x[7], x[8], x[9]}; }
void setVelocity(State& x, const Eigen::Vector3d& v_W) {
  x[7] = v_W.x();
  x[8] = v_W.y();
  x[9] = v_W.z();
}

Eigen::Matrix3d skew(const Eigen::Vector3d& v) {
  Eigen::Matrix3d s;
  s << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
  return s;
}

/// The contact at a state (body frame): where it is, how it moves over the surface, the slip.
struct ContactAt {
  Eigen::Matrix3d rotation_WB;
  contact::ShapeContact contact;
  Eigen::Vector3d omega_B;
  Eigen::Vector3d slip_B;        ///< tangential part of the contact point's material velocity
  double normal_velocity = 0.0;  ///< u . n (zero up to the drift)
};

ContactAt contactAt(const ShapedBodyOnPlane& body, const State& x) {
  ContactAt c;
  c.rotation_WB = orientationOf(x).toRotationMatrix();
  c.contact = contact::contactWithPlane(body.surface, c.rotation_WB.transpose() * kUp_W);
  c.omega_B = omegaOf(x);
  const Eigen::Vector3d u_B =
      c.rotation_WB.transpose() * velocityOf(x) + c.omega_B.cross(c.contact.point_B);
  c.normal_velocity = u_B.dot(c.contact.normal_B);
  c.slip_B = u_B - c.normal_velocity * c.contact.normal_B;
  return c;
}

/// The body's response: contact force and accelerations (see the file comment).
struct Response {
  Eigen::Vector3d force_B = Eigen::Vector3d::Zero();  ///< contact force [N]
  Eigen::Vector3d alpha_B = Eigen::Vector3d::Zero();  ///< dOmega/dt [rad/s^2]
  double normal_force_N = 0.0;
  double friction_ratio = 0.0;
};

struct Dynamics {
  ShapedBodyOnPlane body;
  Eigen::Matrix3d inverse_inertia;
  StickSlipOptions options;
};

Response respond(const Dynamics& d, const ContactAt& c, ContactMode mode) {
  const Eigen::Vector3d& p = c.contact.point_B;
  const Eigen::Vector3d& n = c.contact.normal_B;
  const Eigen::Vector3d& w = c.omega_B;
  const Eigen::Matrix3d& j = d.body.inertia_G_B;
  const Eigen::Vector3d gravity_B = -d.body.gravity_m_s2 * (c.rotation_WB.transpose() * kUp_W);
  const Eigen::Vector3d free_torque = -d.body.drag_N_m_s * w - w.cross(j * w);
  // du/dt = W F + b.
  const Eigen::Matrix3d delassus =
      Eigen::Matrix3d::Identity() / d.body.mass_kg - skew(p) * d.inverse_inertia * skew(p);
  const Eigen::Vector3d b = gravity_B + (d.inverse_inertia * free_torque).cross(p) +
                            contact::contactAccelerationBias(c.contact, p, w);
  Response r;
  if (mode == ContactMode::kRolling) {
    r.force_B = -delassus.ldlt().solve(b);
  } else {
    const double speed = c.slip_B.norm();
    if (!(speed > 0.0)) throw SolverFailure("stick-slip: slipping at zero slip speed");
    const Eigen::Vector3d direction = n - d.body.mu * c.slip_B / speed;
    const double compliance = n.dot(delassus * direction);
    if (!(compliance > 0.0)) {
      throw SolverFailure("stick-slip: no normal force keeps the contact (Painleve case)");
    }
    r.force_B = -n.dot(b) / compliance * direction;
  }
  r.normal_force_N = r.force_B.dot(n);
  if (!(r.normal_force_N > 0.0)) {
    throw SolverFailure("stick-slip: the contact is lost (normal force " +
                        formatValue(r.normal_force_N) + " N)");
  }
  r.friction_ratio = (r.force_B - r.normal_force_N * n).norm() / r.normal_force_N;
  r.alpha_B = d.inverse_inertia * (p.cross(r.force_B) + free_torque);
  return r;
}

State rate(const Dynamics& d, ContactMode mode, const State& x) {
  const ContactAt c = contactAt(d.body, x);
  const Response r = respond(d, c, mode);
  const Eigen::Quaterniond q(x[0], x[1], x[2], x[3]);
  const Eigen::Quaterniond dq = q * Eigen::Quaterniond(0.0, x[4], x[5], x[6]);
  const Eigen::Vector3d a_W =
      c.rotation_WB * r.force_B / d.body.mass_kg - d.body.gravity_m_s2 * kUp_W;
  return {0.5 * dq.w(), 0.5 * dq.x(), 0.5 * dq.y(), 0.5 * dq.z(), r.alpha_B.x(), r.alpha_B.y(),
          r.alpha_B.z(), a_W.x(),      a_W.y(),      a_W.z()};
}

/// Def 9 at a sticking state, and the escape direction (unit, tangent, B) when it fails.
struct Def9Decision {
  bool realizable = false;
  Eigen::Vector3d escape_B = Eigen::Vector3d::Zero();
};

Def9Decision decideDef9(const Dynamics& d, const ContactAt& c) {
  contact::SingleContactBody one;
  one.mass = d.body.mass_kg;
  one.inertia_C_W = d.body.inertia_G_B;  // the analysis frame is B at this instant
  one.r_CP_W = c.contact.point_B;
  one.n_W = c.contact.normal_B;
  one.t1_W = c.contact.t1_B;
  one.force_external_W = -d.body.mass_kg * d.body.gravity_m_s2 * (c.rotation_WB.transpose() * kUp_W);
  one.torque_external_W = -d.body.drag_N_m_s * c.omega_B;
  one.omega_W = c.omega_B;
  one.friction = contact::FrictionLaw::coulomb(d.body.mu);
  one.bias_W = contact::contactAccelerationBias(c.contact, c.contact.point_B, c.omega_B);
  const contact::SingleContactRealizability a = contact::analyzeSingleContact(one);
  if (a.contact_loss) throw SolverFailure("stick-slip: the contact is lost while rolling");
  Def9Decision decision;
  decision.realizable = a.realizable;
  if (a.realizable) return decision;
  double best = 0.0;
  for (const auto& direction : a.analysis.directions) {
    if (direction.type == filippov::LimitDirectionType::kRepelling && direction.radial > best) {
      best = direction.radial;
      decision.escape_B = std::cos(direction.phi_rad) * c.contact.t1_B +
                          std::sin(direction.phi_rad) * c.contact.t2_B;
    }
  }
  if (!(best > 0.0)) throw SolverFailure("stick-slip: Def 9 fails with no escape direction");
  return decision;
}

/// Puts the body on the sticking set at x and decides the next mode by Def 9; a slipping start
/// gets the escape direction at the escape speed.
ContactMode stickAndDecide(const Dynamics& d, State& x, std::string& reason) {
  ContactAt c = contactAt(d.body, x);
  setVelocity(x, -c.rotation_WB * c.omega_B.cross(c.contact.point_B));
  c = contactAt(d.body, x);
  const Def9Decision decision = decideDef9(d, c);
  if (decision.realizable) {
    reason = "Def 9 holds: rolling";
    return ContactMode::kRolling;
  }
  setVelocity(x, c.rotation_WB * (d.options.escape_speed_m_s * decision.escape_B -
                                  c.omega_B.cross(c.contact.point_B)));
  reason = "Def 9 fails: slipping along the escape direction";
  return ContactMode::kSlipping;
}

StickSlipSample sampleAt(const Dynamics& d, ContactMode mode, double t, const State& x) {
  const ContactAt c = contactAt(d.body, x);
  const Response r = respond(d, c, mode);
  const Eigen::Vector3d v = velocityOf(x);
  const double height = -(c.rotation_WB * c.contact.point_B).z();
  StickSlipSample s;
  s.t_s = t;
  s.mode = mode;
  s.omega_B = c.omega_B;
  s.velocity_G_W = v;
  s.slip_speed_m_s = c.slip_B.norm();
  s.normal_force_N = r.normal_force_N;
  s.friction_ratio = r.friction_ratio;
  s.energy_J = 0.5 * d.body.mass_kg * v.squaredNorm() +
               0.5 * c.omega_B.dot(d.body.inertia_G_B * c.omega_B) +
               d.body.mass_kg * d.body.gravity_m_s2 * height;
  return s;
}

/// Where one mode's integration stopped.
struct SegmentEnd {
  double t = 0.0;
  State x{};
  bool event = false;  ///< a transition is due at t (otherwise t = t_end)
};

/// Integrates `mode` from (t, x) until its event or t_end, recording samples on the way.
SegmentEnd integrateMode(const Dynamics& d, ContactMode mode, double t, const State& x,
                         double t_end, StickSlipTrajectory& out) {
  namespace ode = boost::numeric::odeint;
  const StickSlipOptions& o = d.options;
  auto rhs = [&](const State& y, State& dy, double) { dy = rate(d, mode, y); };
  auto stepper = ode::make_dense_output(o.absolute_tolerance, o.relative_tolerance,
                                        o.sample_spacing_s, ode::runge_kutta_dopri5<State>());
  stepper.initialize(x, t, std::min(1e-4, o.sample_spacing_s));
  auto slipExcess = [&](const State& y) {
    return contactAt(d.body, y).slip_B.norm() - o.stick_threshold_m_s;
  };
  auto rollsAt = [&](double time) {
    State y;
    stepper.calc_state(time, y);
    return decideDef9(d, contactAt(d.body, y)).realizable;
  };
  double excess_before = mode == ContactMode::kSlipping ? slipExcess(x) : 0.0;
  SegmentEnd end;
  while (stepper.current_time() < t_end && !end.event) {
    const double t0 = stepper.current_time();
    stepper.do_step(rhs);
    ++out.steps;
    double t1 = std::min(stepper.current_time(), t_end);
    if (mode == ContactMode::kSlipping) {
      State y;
      stepper.calc_state(t1, y);
      const double excess = slipExcess(y);
      if (excess_before > 0.0 && excess <= 0.0) {
        auto f = [&](double time) {
          State z;
          stepper.calc_state(time, z);
          return slipExcess(z);
        };
        std::uintmax_t iterations = 80;
        t1 = boost::math::tools::toms748_solve(f, t0, t1, excess_before, excess,
                                               boost::math::tools::eps_tolerance<double>(45),
                                               iterations)
                 .second;
        end.event = true;
      }
      excess_before = excess;
    } else if (!rollsAt(t1)) {
      t1 = bisect(rollsAt, t0, t1, o.transition_tolerance_s).last_false;
      end.event = true;
    }
    // Samples in (t0, t1], at the sample spacing.
    const auto first = static_cast<long>(std::floor(t0 / o.sample_spacing_s)) + 1;
    for (long k = first; static_cast<double>(k) * o.sample_spacing_s <= t1; ++k) {
      State y;
      stepper.calc_state(static_cast<double>(k) * o.sample_spacing_s, y);
      out.samples.push_back(sampleAt(d, mode, static_cast<double>(k) * o.sample_spacing_s, y));
      out.max_normal_velocity_drift_m_s = std::max(
          out.max_normal_velocity_drift_m_s, std::fabs(contactAt(d.body, y).normal_velocity));
    }
    end.t = t1;
    stepper.calc_state(t1, end.x);
  }
  return end;
}

void requireValid(const StickSlipOptions& o, double t_end) {
  requirePositive(o.absolute_tolerance, "absolute tolerance");
  requirePositive(o.relative_tolerance, "relative tolerance");
  requirePositive(o.sample_spacing_s, "sample spacing");
  requirePositive(o.stick_threshold_m_s, "stick threshold");
  requirePositive(o.transition_tolerance_s, "transition tolerance");
  if (!(o.escape_speed_m_s > o.stick_threshold_m_s) || !std::isfinite(o.escape_speed_m_s)) {
    throw InvalidInput("escape speed must exceed the stick threshold");
  }
  requirePositive(t_end, "t_end");
  if (t_end / o.sample_spacing_s > 1e7) {
    throw InvalidInput("t_end / sample spacing exceeds 1e7 samples");
  }
}

}  // namespace

StickSlipTrajectory simulateStickSlip(const ShapedBodyOnPlane& body,
                                      const ShapedBodyState& initial, double t_end,
                                      const StickSlipOptions& options) {
  body.validate();
  requireValid(options, t_end);
  requireFinite(initial.omega_B, "omega");
  requireFinite(initial.velocity_G_W, "velocity");
  requireFinite(initial.orientation_WB.coeffs(), "orientation");
  if (!(initial.orientation_WB.norm() > 0.0)) throw InvalidInput("orientation: zero quaternion");
  const Dynamics d{body, body.inertia_G_B.inverse(), options};
  StickSlipTrajectory out;
  State x = pack(initial);
  std::string reason = "initial slip";
  ContactMode mode = ContactMode::kSlipping;
  if (contactAt(body, x).slip_B.norm() <= options.stick_threshold_m_s) {
    mode = stickAndDecide(d, x, reason);
  }
  // The normal velocity starts exact (the initial state's own drift is not the integrator's).
  const ContactAt c0 = contactAt(body, x);
  setVelocity(x, velocityOf(x) - c0.normal_velocity * (c0.rotation_WB * c0.contact.normal_B));
  out.events.push_back({0.0, mode, mode, reason});
  if (mode == ContactMode::kSlipping) out.first_slip_s = 0.0;
  out.samples.push_back(sampleAt(d, mode, 0.0, x));
  double t = 0.0;
  while (t < t_end) {
    const SegmentEnd end = integrateMode(d, mode, t, x, t_end, out);
    t = end.t;
    x = end.x;
    if (!end.event) break;
    const ContactMode next = stickAndDecide(d, x, reason);
    out.events.push_back({t, mode, next, reason});
    if (next == ContactMode::kSlipping && out.first_slip_s < 0.0) out.first_slip_s = t;
    if (static_cast<int>(out.events.size()) > options.max_events) {
      throw SolverFailure("stick-slip: more than " + std::to_string(options.max_events) +
                          " events (Zeno behaviour?)");
    }
    mode = next;
  }
  return out;
}

ShapedBodyOnPlane kaneLevinsonBody(const rattleback::KaneLevinsonParameters& p, double mu) {
  p.validate();
  ShapedBodyOnPlane body;
  body.mass_kg = p.mass;
  body.inertia_G_B << p.A, p.D, 0.0, p.D, p.B, 0.0, 0.0, 0.0, p.C;
  body.surface.kind = contact::ContactShapeKind::kEllipsoid;
  body.surface.semi_axes_m = Eigen::Vector3d(p.a, p.b, p.c);
  body.surface.centre_B = Eigen::Vector3d(0.0, 0.0, -p.h);
  body.mu = mu;
  body.gravity_m_s2 = p.gravity;
  body.drag_N_m_s = p.sigma;
  body.validate();
  return body;
}

ShapedBodyState kaneLevinsonState(const rattleback::KaneLevinsonParameters& p,
                                  const rattleback::KaneLevinsonInitial& initial) {
  rattleback::KaneLevinsonState s;
  s << initial.alpha, initial.beta, initial.gamma, initial.omega1, initial.omega2, initial.omega3;
  requireFinite(s, "initial state");
  const rattleback::ContactKinematics k = rattleback::contactKinematics(p, s);
  ShapedBodyState state;
  // n3 (down) has body components mu: B's -mu is W's up.
  state.orientation_WB = Eigen::Quaterniond::FromTwoVectors(-k.mu, kUp_W);
  state.omega_B = s.tail<3>();
  state.velocity_G_W = state.orientation_WB * k.velocity;
  return state;
}

}  // namespace nsd::eventdriven
