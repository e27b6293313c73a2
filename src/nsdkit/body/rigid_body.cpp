#include <nsdkit/body/rigid_body.hpp>

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <cmath>
#include <string_view>
#include <unordered_map>

#include <nsdkit/core/errors.hpp>

namespace nsd::body {
namespace {

// Beyond this amount a linear load would overflow the limit fields (products of forces).
constexpr double kMaxLoadAmount = 1e100;

const std::vector<std::string>& stateNames(int contacts) {
  static const std::vector<std::string> two{"omega_a"};
  static const std::vector<std::string> one{"omega_x", "omega_y", "omega_z"};
  return contacts == 2 ? two : one;
}

Eigen::Vector3d rotated(const Eigen::Vector3d& v, const Eigen::Vector3d& axis, double angle) {
  return Eigen::AngleAxisd(angle, axis) * v;
}

// A unit tangent perpendicular to n: n x e for the coordinate axis e least aligned with n.
Eigen::Vector3d tangentOf(const Eigen::Vector3d& n) {
  int least = 0;
  n.cwiseAbs().minCoeff(&least);
  const Eigen::Vector3d t = n.cross(Eigen::Vector3d::Unit(least));
  return t / t.norm();
}

contact::FrictionLaw withCoefficient(const contact::FrictionLaw& law, double mu,
                                     const std::string& parameter) {
  if (!(mu >= 0.0) || !std::isfinite(mu)) {
    throw InvalidInput("load parameter '" + parameter + "' sets the friction coefficient to " +
                       formatValue(mu) + "; it must be finite and >= 0");
  }
  if (law.stribeck_velocity == 0.0 || law.mu_static == law.mu_dynamic) {
    return contact::FrictionLaw::coulomb(mu);
  }
  return contact::FrictionLaw::coulombStribeck(mu, mu * law.mu_dynamic / law.mu_static,
                                               law.stribeck_velocity);
}

}  // namespace

std::vector<std::string> stateParameterNames(int contacts) { return stateNames(contacts); }

ParameterBinding bindParameters(const BodyDescription& body,
                                const std::vector<std::string>& names) {
  ParameterBinding binding;
  binding.names = names;
  const int count = static_cast<int>(body.contacts.size());
  const auto& states = stateNames(count);
  // Names to loads through a hash map: binding all n loads of a body is O(n), not O(n^2).
  std::unordered_map<std::string_view, int> load_slot;
  load_slot.reserve(body.loads.size());
  for (std::size_t i = 0; i < body.loads.size(); ++i) {
    load_slot.emplace(body.loads[i].name, static_cast<int>(i));
  }
  for (const auto& name : names) {
    int slot = 0;
    bool found = false;
    if (const auto it = load_slot.find(name); it != load_slot.end()) {
      slot = it->second;
      found = true;
    }
    for (std::size_t i = 0; i < states.size() && !found; ++i) {
      if (states[i] == name) {
        slot = -1 - static_cast<int>(i);
        found = true;
      }
    }
    if (!found) {
      // The message lists at most 12 of the body's names (a body may have 10^5 loads).
      std::vector<std::string> all;
      for (const auto& l : body.loads) all.push_back(l.name);
      all.insert(all.end(), states.begin(), states.end());
      std::string known;
      for (std::size_t i = 0; i < all.size() && i < 12; ++i) {
        known += (i == 0 ? "" : ", ") + quoteInput(all[i], 40);
      }
      if (all.size() > 12) known += ", ... (" + std::to_string(all.size()) + " in all)";
      throw InvalidInput("body " + quoteInput(body.name) + " has no parameter " +
                         quoteInput(name) + " (it has: " + known + ")");
    }
    binding.slots.push_back(slot);
  }
  return binding;
}

namespace {

// The geometry, friction and loads the load parameters change (not the names: no allocation
// per point), and the state parameters (Omega_a for two contacts, Omega for one).
struct LoadedBody {
  struct Contact {
    Eigen::Vector3d point_W, normal_W;
    contact::FrictionLaw friction;
  };
  Eigen::Vector3d gravity_W, force_W, torque_W;
  Contact contacts[2];
  contact::ShapeContact shaped[2];
  double state[3] = {0.0, 0.0, 0.0};
};

// Stage 1: the values bound to the load parameters (the file's defaults for the others) and the
// state parameters.
void bindValues(const BodyDescription& body, const ParameterBinding& binding,
                const std::vector<double>& values, std::vector<double>& load_values,
                double state[3]) {
  for (std::size_t i = 0; i < body.loads.size(); ++i) load_values[i] = body.loads[i].value;
  for (std::size_t k = 0; k < values.size(); ++k) {
    requireFinite(values[k], binding.names[k]);
    const int slot = binding.slots[k];
    if (slot >= 0) {
      load_values[static_cast<std::size_t>(slot)] = values[k];
    } else {
      state[-1 - slot] = values[k];
    }
  }
}

// Stage 2: one load parameter's effects, at `amount` = scale * value.
void applyLoad(const LoadParameter& load, double amount, int count, LoadedBody& b) {
  for (const LoadEffect& e : load.effects) {
    for (int c : e.contacts) {
      if (c < 0 || c >= count) {
        throw InvalidInput("load parameter '" + load.name + "' acts on contact " +
                           std::to_string(c) + "; the body has " + std::to_string(count));
      }
    }
    switch (e.kind) {
      case LoadEffect::Kind::kForce:
        b.force_W += amount * e.vector;
        break;
      case LoadEffect::Kind::kTorque:
        b.torque_W += amount * e.vector;
        break;
      case LoadEffect::Kind::kFriction:
        for (int c : e.contacts) {
          auto& law = b.contacts[c].friction;
          law = withCoefficient(law, amount, load.name);
        }
        break;
      case LoadEffect::Kind::kRotateGravity:
        b.gravity_W = rotated(b.gravity_W, e.vector, amount);
        break;
      case LoadEffect::Kind::kRotateNormal:
        for (int c : e.contacts) {
          auto& n = b.contacts[c].normal_W;
          n = rotated(n, e.vector, amount);
        }
        break;
      case LoadEffect::Kind::kShiftPoint:
        for (int c : e.contacts) b.contacts[c].point_W += amount * e.vector;
        break;
    }
  }
}

// Stages 1-3: the body's description with every load applied and every shape's contact found
// on its (possibly rotated) plane, moved by the shifts.
LoadedBody loadedBody(const BodyDescription& body, const ParameterBinding& binding,
                      const std::vector<double>& values, int count) {
  LoadedBody b;
  std::vector<double> load_values(body.loads.size());
  bindValues(body, binding, values, load_values, b.state);
  b.gravity_W = body.gravity_W;
  b.force_W = body.force_W;
  b.torque_W = body.torque_W;
  for (int c = 0; c < count; ++c) {
    const ContactDescription& d = body.contacts[static_cast<std::size_t>(c)];
    // A shape's contact point is found after the effects: start from its shift (zero).
    b.contacts[c] = {d.has_shape ? Eigen::Vector3d::Zero() : d.point_W, d.normal_W, d.friction};
  }
  for (std::size_t i = 0; i < body.loads.size(); ++i) {
    const LoadParameter& load = body.loads[i];
    const double amount = load.scale * load_values[i];
    if (!std::isfinite(amount) || std::fabs(amount) > kMaxLoadAmount) {
      throw InvalidInput("load parameter '" + load.name + "' = " + formatValue(load_values[i]) +
                         " is out of range (|scale * value| <= 1e100)");
    }
    applyLoad(load, amount, count, b);
  }
  for (int c = 0; c < count; ++c) {
    const ContactDescription& d = body.contacts[static_cast<std::size_t>(c)];
    if (!d.has_shape) continue;
    b.shaped[c] =
        contact::contactWithSurface(d.shape, b.contacts[c].normal_W.normalized(), d.counter);
    b.contacts[c].point_W += b.shaped[c].point_B;
  }
  return b;
}

// Stage 4a: the two-contact body; two-point rolling turns about the line through the contacts,
// Omega = Omega_a a, which sets the contacts' velocity-dependent accelerations.
contact::TwoContactBody twoContactBody(const BodyDescription& body, const LoadedBody& l) {
  contact::TwoContactBody b;
  b.mass = body.mass_kg;
  b.inertia_C_W = body.inertia_C_W;
  b.r_CPplus_W = l.contacts[0].point_W;
  b.r_CPminus_W = l.contacts[1].point_W;
  b.n_plus_W = l.contacts[0].normal_W;
  b.n_minus_W = l.contacts[1].normal_W;
  b.force_external_W = body.mass_kg * l.gravity_W + l.force_W;
  b.torque_external_W = l.torque_W;
  b.friction_plus = l.contacts[0].friction;
  b.friction_minus = l.contacts[1].friction;
  const double rate2 = l.state[0] * l.state[0];
  const auto& given = body.contacts;
  b.bias_plus_W = given[0].bias_W + rate2 * given[0].bias_per_rate_squared_W;
  b.bias_minus_W = given[1].bias_W + rate2 * given[1].bias_per_rate_squared_W;
  const Eigen::Vector3d omega =
      l.state[0] * (l.contacts[0].point_W - l.contacts[1].point_W).normalized();
  if (given[0].has_shape) {
    b.bias_plus_W = contact::contactAccelerationBias(l.shaped[0], l.contacts[0].point_W, omega);
  }
  if (given[1].has_shape) {
    b.bias_minus_W = contact::contactAccelerationBias(l.shaped[1], l.contacts[1].point_W, omega);
  }
  return b;
}

// Stage 4b: the one-contact body at the angular velocity of the state parameters.
contact::SingleContactBody singleContactBody(const BodyDescription& body, const LoadedBody& l) {
  contact::SingleContactBody b;
  b.mass = body.mass_kg;
  b.inertia_C_W = body.inertia_C_W;
  b.r_CP_W = l.contacts[0].point_W;
  b.n_W = l.contacts[0].normal_W;
  requireFinite(b.n_W, body.contacts[0].name + " normal");
  b.t1_W = tangentOf(b.n_W);
  b.force_external_W = body.mass_kg * l.gravity_W + l.force_W;
  b.torque_external_W = l.torque_W;
  b.omega_W = Eigen::Vector3d(l.state[0], l.state[1], l.state[2]);
  b.friction = l.contacts[0].friction;
  b.bias_W = body.contacts[0].has_shape
                 ? contact::contactAccelerationBias(l.shaped[0], l.contacts[0].point_W, b.omega_W)
                 : body.contacts[0].bias_W;  // one contact: no rolling rate (bias_W only)
  return b;
}

}  // namespace

ConfiguredBody configure(const BodyDescription& body, const ParameterBinding& binding,
                         const std::vector<double>& values) {
  if (values.size() != binding.slots.size()) {
    throw InvalidInput("expected " + std::to_string(binding.slots.size()) +
                       " parameter values, got " + std::to_string(values.size()));
  }
  const int count = static_cast<int>(body.contacts.size());
  if (count != 1 && count != 2) {
    throw InvalidInput("a body needs one or two contacts, it has " + std::to_string(count));
  }
  const LoadedBody loaded = loadedBody(body, binding, values, count);
  ConfiguredBody out;
  out.contact_count = count;
  if (count == 2) {
    out.two = twoContactBody(body, loaded);
    out.omega_a_rad_per_s = loaded.state[0];
  } else {
    out.one = singleContactBody(body, loaded);
  }
  return out;
}

namespace {

// Per thread, the last two-contact body's dynamics (classify and isRealizable share it): a sweep
// over load parameters reuses W and the bases. Valid until this thread's next call.
const contact::TwoContactDynamics& cachedDynamics(const ConfiguredBody& body) {
  thread_local contact::TwoContactDynamicsCache cache;
  return cache.at(body.two, contact::rollingAngularVelocity(body.two, body.omega_a_rad_per_s));
}

}  // namespace

BodyVerdict classify(const ConfiguredBody& body, const ClassifyOptions& classify_options) {
  BodyVerdict v;
  if (body.contact_count == 2) {
    const contact::TwoContactDynamics& dynamics = cachedDynamics(body);
    contact::RealizabilityOptions options;
    options.analyze_roll_roll = false;  // Def 11 does not use the RR motion
    options.ss_rational.certify = classify_options.certify;
    // The verdict only: SS warm-started from this thread's previous point (SlipSlipWarmStart).
    thread_local contact::SlipSlipWarmStart warm_start;
    const contact::TwoPointRealizability r = dynamics.analyzeRealizability(options, &warm_start);
    v.realizable = r.realizable;
    v.escapes = r.escapes;
    v.contact_loss = r.contact_loss;
    v.uncertain = r.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete;
    v.certified = r.ss.report.completeness == filippov::Completeness::kCertified;
    return v;
  }
  filippov::Codim2Options options = contact::singleContactCodim2Options();
  options.certify = classify_options.certify;
  const contact::SingleContactRealizability r = contact::analyzeSingleContact(body.one, options);
  v.realizable = r.realizable;
  v.contact_loss = r.contact_loss;
  v.slips = !r.realizable;
  v.uncertain = r.analysis.report.completeness == filippov::Completeness::kPossiblyIncomplete;
  v.certified = r.analysis.report.completeness == filippov::Completeness::kCertified;
  return v;
}

bool isRealizable(const ConfiguredBody& body, const ClassifyOptions& classify_options) {
  if (body.contact_count != 2) return classify(body, classify_options).realizable;
  contact::RealizabilityOptions options;
  options.ss_rational.certify = classify_options.certify;
  // Its own SS warm start: classify's reported completeness stays what its own history gives.
  thread_local contact::SlipSlipWarmStart warm_start;
  return cachedDynamics(body).realizabilityVerdict(options, &warm_start).realizable;
}

contact::EscapeSet BodyVerdict::escapeSet() const {
  contact::EscapeSet set = contact::EscapeSet::of(escapes);
  if (slips) set.add(contact::Escape::kSlip);
  if (contact_loss) set.add(contact::Escape::kContactLoss);
  return set;
}

contact::EscapeSet BodyVerdict::failingModes() const {
  contact::EscapeSet set = contact::EscapeSet::of(escapes);
  if (slips) set.add(contact::Escape::kSlip);
  return set;
}

std::string BodyVerdict::escapeLabel() const { return contact::verdictLabel(false, failingModes()); }

BodyVerdict classify(const BodyDescription& body, const ParameterBinding& binding,
                     const std::vector<double>& values, const ClassifyOptions& options) {
  return classify(configure(body, binding, values), options);
}

RollingMotion rollingMotion(const ConfiguredBody& body) {
  RollingMotion m;
  if (body.contact_count == 2) {
    const contact::TwoContactDynamics dynamics(
        body.two, contact::rollingAngularVelocity(body.two, body.omega_a_rad_per_s));
    const contact::RollingRollingResult rr = dynamics.rollRoll();
    const auto& q = rr.accelerations;
    const auto& k = dynamics.bases();
    const auto& f = q.contact_forces;
    m.dv_C_W = q.dv_C_W;
    m.domega_W = q.domega_W;
    m.domega_a = q.domega_a;
    m.contact_forces_W = {f[0] * body.two.n_plus_W + f[1] * k.t1_plus_W + f[2] * k.t2_plus_W,
                          f[3] * body.two.n_minus_W + f[4] * k.t1_minus_W + f[5] * k.t2_minus_W};
    return m;
  }
  // One contact sticking: the contact point's acceleration vanishes, which determines the
  // force f (3 equations, 3 unknowns): (I/m + [r]x^T J^-1 [r]x) f = -(a_free + bias).
  const contact::SingleContactBody& b = body.one;
  const Eigen::Matrix3d j_inverse = b.inertia_C_W.inverse();
  const Eigen::Vector3d r = b.r_CP_W;
  Eigen::Matrix3d cross_r;
  cross_r << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
  const Eigen::Vector3d dv_free = b.force_external_W / b.mass;
  const Eigen::Vector3d domega_free =
      j_inverse * (b.torque_external_W - b.omega_W.cross(b.inertia_C_W * b.omega_W));
  const Eigen::Vector3d a_free = dv_free + domega_free.cross(r) + b.bias_W;
  const Eigen::Matrix3d w =
      Eigen::Matrix3d::Identity() / b.mass - cross_r * j_inverse * cross_r;  // [r]x^T = -[r]x
  const Eigen::Vector3d f = w.fullPivLu().solve(-a_free);
  m.dv_C_W = dv_free + f / b.mass;
  m.domega_W = domega_free + j_inverse * r.cross(f);
  m.contact_forces_W = {f};
  return m;
}

}  // namespace nsd::body
