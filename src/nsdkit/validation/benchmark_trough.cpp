// The ball in the V trough as a benchmark system (benchmark_systems.hpp): the two-point-contact
// paper's closed forms (Sect. 6: planes (82)-(83), the surface (88), the rolling acceleration
// (78)) where they apply, the generic Def-11 predicate elsewhere, and the sliding start.
#include <algorithm>
#include <cmath>

#include <nsdkit/contact/two_contact_body.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>

namespace nsd::validation {
namespace {

void validateTroughModel(const TroughCaseModel& m) {
  m.parameters.validate();
  requireFinite(m.torque, "model.torque_dimensionless");
  requireNonNegative(m.initial_speed_m_s, "model.initial_speed_m_s");
  requirePositive(m.duration_s, "model.duration_s");
  if (m.group.empty() || m.probe.empty()) {
    throw InvalidInput("model.group and model.probe must be named");
  }
}

TroughReference troughReference(const TroughCaseModel& m) {
  const auto& p = m.parameters;
  TroughReference ref;
  ref.source = p.closedFormApplies() ? ReferenceSource::kClosedForm : ReferenceSource::kPredicate;
  const bool closed_form = ref.source == ReferenceSource::kClosedForm;
  const auto k =
      closed_form ? models::classifyClosedForm(p, m.torque) : models::classifyGeneric(p, m.torque);
  ref.realizable = k.realizable;
  if (ref.realizable) {
    ref.allowed_modes = {"RR"};
    if (closed_form) {
      ref.acceleration_m_s2 = models::rollingAcceleration(p, m.torque);  // (78)
    } else {
      const contact::TwoContactDynamics dyn(models::makeTwoContactBody(p, m.torque));
      ref.acceleration_m_s2 = dyn.rollRoll().accelerations.dv_C_W.z();
    }
  } else {
    for (auto e : k.escapes) ref.allowed_modes.push_back(contact::toString(e));
  }
  if (m.initial_speed_m_s > 0.0) {
    if (!closed_form || m.torque.norm() != 0.0) {
      throw InvalidInput(
          "model.initial_speed_m_s: the sliding start is for a right-angle trough with mu+ = mu- "
          "and no torque");
    }
    // Sliding along the trough without spin, no torque: SS until the slip vanishes at
    // t* = v0 / (sqrt2 mu g (1 + 1/(2j))), then RR at the speed v0 / (1 + 2j). During SS each
    // wall carries N = m g / sqrt2 and friction mu N along -k: dv/dt = -sqrt2 mu g; the friction
    // moment spins the ball up about a at dOmega_a/dt = mu g / (j r), and the slip
    // v - r Omega_a / sqrt2 vanishes at t*.
    const double v0 = m.initial_speed_m_s, mu = p.mu(), j = p.inertia_ratio;
    ref.acceleration_m_s2 = NAN;
    ref.rolling_onset_s = v0 / (std::sqrt(2.0) * mu * p.gravity_m_s2 * (1.0 + 1.0 / (2.0 * j)));
    ref.final_speed_m_s = v0 / (1.0 + 2.0 * j);
  }
  return ref;
}

}  // namespace

BallInTrough::BallInTrough(TroughCaseModel model) : model_(std::move(model)) {
  validateTroughModel(model_);
  reference_ = troughReference(model_);
  if (reference_.realizable) {
    const auto two = body();
    const contact::TwoContactDynamics dyn(two);
    rolling_axis_W_ = dyn.bases().a_W;
    // Rolling about the contact line: v_C = -Omega x r+ with Omega = Omega_a a, so a speed v
    // along the trough needs Omega_a = v / (e_z . (r+ x a)).
    spin_per_speed_ = 1.0 / Eigen::Vector3d::UnitZ().dot(two.r_CPplus_W.cross(rolling_axis_W_));
  }
}

TroughReference BallInTrough::reference() const { return reference_; }

contact::TwoContactBody BallInTrough::body() const {
  return models::makeTwoContactBody(model_.parameters, model_.torque);
}

BodyState BallInTrough::stateAt(double t) const {
  const TroughReference& ref = reference_;
  const bool sliding = std::isfinite(ref.rolling_onset_s);
  if (!ref.realizable) {
    throw InvalidInput("case " + model_.group + "/" + model_.probe +
                       " has no analytic trajectory (rolling not realizable)");
  }
  const Eigen::Vector3d& a = rolling_axis_W_;
  const double per_speed = spin_per_speed_;
  const double v0 = model_.initial_speed_m_s;
  const double t_star = sliding ? ref.rolling_onset_s : 0.0;
  const double accel = sliding ? 0.0 : ref.acceleration_m_s2;
  const double mu = model_.parameters.mu_plus, g = model_.parameters.gravity_m_s2;
  const double sliding_decel = std::sqrt(2.0) * mu * g;  // the paper's trough (see above)
  double v, z, omega_a;
  if (sliding && t < t_star) {
    v = v0 - sliding_decel * t;
    z = v0 * t - 0.5 * sliding_decel * t * t;
    omega_a = ref.final_speed_m_s * per_speed * t / t_star;
  } else if (sliding) {
    v = ref.final_speed_m_s;
    z = v0 * t_star - 0.5 * sliding_decel * t_star * t_star + v * (t - t_star);
    omega_a = v * per_speed;
  } else {
    v = v0 + accel * t;
    z = v0 * t + 0.5 * accel * t * t;
    omega_a = v * per_speed;
  }
  BodyState x;
  x.x_C_W = Eigen::Vector3d(0, 0, z);
  x.v_C_W = Eigen::Vector3d(0, 0, v);
  x.omega_W = omega_a * a;
  return x;
}

engines::SphereScene BallInTrough::scene() const {
  return sphereBetweenPlanesScene(body(), Eigen::Vector3d(0, 0, model_.initial_speed_m_s),
                                  Eigen::Vector3d::Zero());
}

engines::SphereScene sphereBetweenPlanesScene(const contact::TwoContactBody& body,
                                              const Eigen::Vector3d& v_C0_W,
                                              const Eigen::Vector3d& omega0_W) {
  const double radius = sphereRadiusOf(body);
  if (!std::isfinite(radius)) {
    throw InvalidInput("the body is not a sphere on planes (r+- != -r n+-)");
  }
  engines::SphereScene s;
  s.radius_m = radius;
  s.mass_kg = body.mass;
  s.inertia_C_W = body.inertia_C_W;
  s.gravity_W = body.force_external_W / body.mass;  // every applied force acts at C
  s.torque_W = body.torque_external_W;
  s.v_C0_W = v_C0_W;
  s.omega0_W = omega0_W;
  engines::StaticPlane plus, minus;
  plus.name = "P+";
  plus.normal_W = body.n_plus_W;
  plus.offset_m = body.n_plus_W.dot(body.r_CPplus_W);
  plus.mu = body.friction_plus.mu_static;
  minus.name = "P-";
  minus.normal_W = body.n_minus_W;
  minus.offset_m = body.n_minus_W.dot(body.r_CPminus_W);
  minus.mu = body.friction_minus.mu_static;
  s.planes = {plus, minus};
  return s;
}

TroughCaseModel troughModelOf(const ValidationCase& c) {
  if (c.one_plane || c.body) {
    throw InvalidInput("case " + c.name + " is not one of the trough's (" +
                       (c.body ? "a body file's case" : "a one-plane case") + ")");
  }
  if (c.name.rfind(c.family + "/", 0) != 0) {
    throw InvalidInput("case " + quoteInput(c.name) + ": its name does not start with its family " +
                       quoteInput(c.family) + " and '/'");
  }
  TroughCaseModel m;
  m.group = c.family;
  m.probe = c.name.substr(c.family.size() + 1);
  m.parameters = c.parameters;
  m.torque = c.torque;
  m.initial_speed_m_s = c.v_C0_W.z();
  m.duration_s = c.t_end_s;
  return m;
}

}  // namespace nsd::validation
