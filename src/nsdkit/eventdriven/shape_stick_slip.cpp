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
  requireFinite(gravity_along_plane_m_s2, "gravity along the plane");
  requireFinite(force_W, "applied force");
  requireFinite(torque_W, "applied torque");
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

/// Gravity along the plane plus the applied force per unit mass, in W [m/s^2] (zero by default).
Eigen::Vector3d tangentialLoadPerMass_W(const ShapedBodyOnPlane& body) {
  const Eigen::Vector2d& g = body.gravity_along_plane_m_s2;
  return Eigen::Vector3d(g.x(), g.y(), 0.0) + body.force_W / body.mass_kg;
}

Response respond(const Dynamics& d, const ContactAt& c, ContactMode mode) {
  const Eigen::Vector3d& p = c.contact.point_B;
  const Eigen::Vector3d& n = c.contact.normal_B;
  const Eigen::Vector3d& w = c.omega_B;
  const Eigen::Matrix3d& j = d.body.inertia_G_B;
  const Eigen::Vector3d gravity_B = -d.body.gravity_m_s2 * (c.rotation_WB.transpose() * kUp_W) +
                                    c.rotation_WB.transpose() * tangentialLoadPerMass_W(d.body);
  const Eigen::Vector3d free_torque = -d.body.drag_N_m_s * w - w.cross(j * w) +
                                      c.rotation_WB.transpose() * d.body.torque_W;
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
  const Eigen::Vector3d a_W = c.rotation_WB * r.force_B / d.body.mass_kg -
                              d.body.gravity_m_s2 * kUp_W + tangentialLoadPerMass_W(d.body);
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
  one.force_external_W =
      -d.body.mass_kg * d.body.gravity_m_s2 * (c.rotation_WB.transpose() * kUp_W) +
      c.rotation_WB.transpose() * (d.body.mass_kg * tangentialLoadPerMass_W(d.body));
  one.torque_external_W =
      -d.body.drag_N_m_s * c.omega_B + c.rotation_WB.transpose() * d.body.torque_W;
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

/// Puts the body on the discontinuity set Sigma (u = 0) at x and decides the next mode by Def 9;
/// a slipping start gets the escape direction at the escape speed.
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

StickSlipSample sampleAt(const Dynamics& d, ContactMode mode, double t, const State& x,
                         const Eigen::Vector2d& position_W) {
  const ContactAt c = contactAt(d.body, x);
  const Response r = respond(d, c, mode);
  const Eigen::Vector3d v = velocityOf(x);
  const double height = -(c.rotation_WB * c.contact.point_B).z();
  StickSlipSample s;
  s.t_s = t;
  s.mode = mode;
  s.omega_B = c.omega_B;
  s.velocity_G_W = v;
  s.position_G_W = Eigen::Vector3d(position_W.x(), position_W.y(), height);
  s.orientation_WB = orientationOf(x);
  s.slip_speed_m_s = c.slip_B.norm();
  s.normal_force_N = r.normal_force_N;
  s.friction_ratio = r.friction_ratio;
  s.energy_J = 0.5 * d.body.mass_kg * v.squaredNorm() +
               0.5 * c.omega_B.dot(d.body.inertia_G_B * c.omega_B) +
               d.body.mass_kg * d.body.gravity_m_s2 * height -
               d.body.mass_kg * tangentialLoadPerMass_W(d.body).dot(s.position_G_W);
  return s;
}

/// Where one mode's integration stopped.
struct SegmentEnd {
  double t = 0.0;
  State x{};
  Eigen::Vector2d position_W = Eigen::Vector2d::Zero();  ///< x, y of G at t
  bool event = false;  ///< a transition is due at t (otherwise t = t_end)
};

/// The integral of the horizontal velocity of G over [a, b] on the dense output: 3-point
/// Gauss-Legendre quadrature (degree 5, above the degree of Dormand-Prince's interpolant).
template <class DenseStepper>
Eigen::Vector2d horizontalDisplacement(DenseStepper& stepper, double a, double b) {
  const double node = std::sqrt(0.6);
  const std::array<double, 3> nodes{-node, 0.0, node}, weights{5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};
  const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
  Eigen::Vector2d sum = Eigen::Vector2d::Zero();
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    State y;
    stepper.calc_state(mid + half * nodes[i], y);
    sum += weights[i] * velocityOf(y).head<2>();
  }
  return half * sum;
}

/// Integrates `mode` from (t, x) with G at `position_W` (x, y) until its event or t_end,
/// recording samples on the way.
SegmentEnd integrateMode(const Dynamics& d, ContactMode mode, double t, const State& x,
                         const Eigen::Vector2d& position_W, double t_end,
                         StickSlipTrajectory& out) {
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
  end.position_W = position_W;
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
      const double tk = static_cast<double>(k) * o.sample_spacing_s;
      State y;
      stepper.calc_state(tk, y);
      out.samples.push_back(sampleAt(d, mode, tk, y,
                                     end.position_W + horizontalDisplacement(stepper, t0, tk)));
      out.max_normal_velocity_drift_m_s = std::max(
          out.max_normal_velocity_drift_m_s, std::fabs(contactAt(d.body, y).normal_velocity));
    }
    end.t = t1;
    end.position_W += horizontalDisplacement(stepper, t0, t1);
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
  requireFinite(initial.position_G_W, "position");
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
  Eigen::Vector2d position_W = initial.position_G_W;
  out.samples.push_back(sampleAt(d, mode, 0.0, x, position_W));
  double t = 0.0;
  while (t < t_end) {
    const SegmentEnd end = integrateMode(d, mode, t, x, position_W, t_end, out);
    t = end.t;
    x = end.x;
    position_W = end.position_W;
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

namespace {

/// One phase of a face's collinear motion: from (t0, x0, v0) with constant acceleration a.
struct FacePhase {
  double t0 = 0.0;
  Eigen::Vector2d x0 = Eigen::Vector2d::Zero(), v0 = Eigen::Vector2d::Zero();
  Eigen::Vector2d a = Eigen::Vector2d::Zero();
  ContactMode mode = ContactMode::kRolling;
};

/// The phase that starts at rest at (t, x): sticking iff |F_t| <= mu N, else sliding from rest
/// along F_t with (|F_t| - mu N) / m.
FacePhase phaseFromRest(double t, const Eigen::Vector2d& x, const Eigen::Vector2d& load_t,
                        double friction_limit, double mass, std::string& reason) {
  FacePhase p{t, x, Eigen::Vector2d::Zero(), Eigen::Vector2d::Zero(), ContactMode::kRolling};
  if (load_t.norm() <= friction_limit) {
    reason = "at rest, |F_t| <= mu N: sticking";
    return p;
  }
  p.mode = ContactMode::kSlipping;
  p.a = (load_t.norm() - friction_limit) / mass * load_t.normalized();
  reason = "at rest, |F_t| > mu N: slipping along F_t";
  return p;
}

}  // namespace

FaceSlidingTrajectory simulateFaceSliding(const FaceOnPlane& face, const Eigen::Vector2d& v0_W,
                                          double t_end, double sample_spacing_s) {
  requirePositive(face.mass_kg, "mass");
  requireNonNegative(face.mu, "mu");
  requireFinite(face.gravity_W, "gravity");
  requireFinite(face.force_W, "applied force");
  requireFinite(v0_W, "initial velocity");
  requirePositive(t_end, "t_end");
  requirePositive(sample_spacing_s, "sample spacing");
  if (t_end / sample_spacing_s > 1e7) throw InvalidInput("t_end / sample spacing exceeds 1e7");
  const Eigen::Vector3d load = face.mass_kg * face.gravity_W + face.force_W;
  const double normal_force = -load.z();
  if (!(normal_force > 0.0)) throw InvalidInput("the load lifts the face off the plane (N <= 0)");
  const Eigen::Vector2d load_t = load.head<2>();
  const double limit = face.mu * normal_force;  // mu N
  const double cross = load_t.x() * v0_W.y() - load_t.y() * v0_W.x();
  if (std::fabs(cross) > 1e-9 * load_t.norm() * v0_W.norm()) {
    throw InvalidInput("the initial velocity is not parallel to the tangential load (the path "
                       "would curve; only collinear motion is integrated in closed form)");
  }
  FaceSlidingTrajectory out;
  std::string reason;
  std::vector<FacePhase> phases;
  if (v0_W.norm() > 0.0) {
    const Eigen::Vector2d direction = v0_W.normalized();
    // m du/dt = F_t - mu N u/|u| along the fixed direction of u.
    const double deceleration = (limit - load_t.dot(direction)) / face.mass_kg;
    phases.push_back({0.0, Eigen::Vector2d::Zero(), v0_W, -deceleration * direction,
                      ContactMode::kSlipping});
    out.events.push_back({0.0, ContactMode::kSlipping, ContactMode::kSlipping, "initial slip"});
    const double t_stop = deceleration > 0.0 ? v0_W.norm() / deceleration : INFINITY;
    if (t_stop < t_end) {
      const Eigen::Vector2d x_stop = 0.5 * v0_W * t_stop;  // uniform deceleration to rest
      phases.push_back(phaseFromRest(t_stop, x_stop, load_t, limit, face.mass_kg, reason));
      out.events.push_back({t_stop, ContactMode::kSlipping, phases.back().mode, reason});
    }
  } else {
    phases.push_back(phaseFromRest(0.0, Eigen::Vector2d::Zero(), load_t, limit, face.mass_kg,
                                   reason));
    out.events.push_back({0.0, phases.back().mode, phases.back().mode, reason});
  }
  const long samples = std::lround(std::floor(t_end / sample_spacing_s * (1.0 + 1e-12)));
  for (long k = 0; k <= samples; ++k) {
    const double t = static_cast<double>(k) * sample_spacing_s;
    std::size_t i = 0;
    while (i + 1 < phases.size() && t >= phases[i + 1].t0) ++i;
    const FacePhase& p = phases[i];
    const double tau = t - p.t0;
    FaceSlidingSample sample;
    sample.t_s = t;
    sample.mode = p.mode;
    const Eigen::Vector2d x = p.x0 + p.v0 * tau + 0.5 * p.a * tau * tau;
    const Eigen::Vector2d v = p.v0 + p.a * tau;
    sample.displacement_W = Eigen::Vector3d(x.x(), x.y(), 0.0);
    sample.velocity_W = Eigen::Vector3d(v.x(), v.y(), 0.0);
    out.samples.push_back(sample);
  }
  return out;
}

}  // namespace nsd::eventdriven
