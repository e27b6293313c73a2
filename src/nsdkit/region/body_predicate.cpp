#include <nsdkit/region/body_predicate.hpp>

#include <algorithm>
#include <memory>

#include <nsdkit/contact/friction_law.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::region {

ParameterPredicate bodyPredicate(const body::BodyDescription& body,
                                 const std::vector<std::string>& names) {
  // A ParameterPoint is ordered by name: bind in that order so a point maps to values directly.
  std::vector<std::string> sorted = names;
  std::sort(sorted.begin(), sorted.end());
  auto shared = std::make_shared<const body::BodyDescription>(body);
  const body::ParameterBinding binding = body::bindParameters(*shared, sorted);
  return [shared, binding](const ParameterPoint& point) {
    if (point.size() != binding.names.size()) {
      throw InvalidInput("body predicate: expected " + std::to_string(binding.names.size()) +
                         " parameters, got " + std::to_string(point.size()));
    }
    std::vector<double> values;
    values.reserve(point.size());
    std::size_t k = 0;
    for (const auto& [name, value] : point) {
      if (name != binding.names[k++]) {
        throw InvalidInput("body predicate: unexpected parameter " + quoteInput(name));
      }
      values.push_back(value);
    }
    const body::BodyVerdict v = body::classify(*shared, binding, values);
    PointVerdict out;
    out.realizable = v.realizable;
    out.escapes = v.escapeSet();
    out.uncertain = v.uncertain;
    return out;
  };
}

std::vector<std::string> BodySection::names() const {
  std::vector<std::string> out;
  for (const auto& a : axes) out.push_back(a.name);
  for (const auto& [name, value] : fixed) out.push_back(name);
  return out;
}

BodySection bodySection(const body::BodyDescription& body, const std::string& source) {
  if (body.section.x_axis.empty()) {
    throw InvalidInput(source + ": section: missing (the cross-section: x and y axes)");
  }
  BodySection s;
  s.axes = {parseAxis(body.section.x_axis), parseAxis(body.section.y_axis)};
  for (const auto& [name, value] : body.section.fixed) s.fixed[name] = value;
  return s;
}

ParameterPoint bodyMetadata(const body::BodyDescription& body,
                            const std::vector<std::string>& names) {
  ParameterPoint metadata;
  for (const auto& load : body.loads) {
    if (std::find(names.begin(), names.end(), load.name) == names.end()) {
      metadata[load.name] = load.value;
    }
  }
  return metadata;
}

namespace {

/// What an axis's load parameter does, as far as the realizable set's routes care.
struct AxisEffects {
  /// It only adds forces and torques (the exact faces' affine family); a parameter that sets
  /// friction, turns the gravity or a normal, or moves a contact point does more.
  bool load_only = true;
  double friction_scale = 0.0;  ///< the friction coefficient per unit (0: sets none)
};

std::array<AxisEffects, 3> axisEffects(const body::BodyDescription& body,
                                       const std::array<std::string, 3>& axes) {
  std::array<AxisEffects, 3> out{};
  for (std::size_t k = 0; k < 3; ++k) {
    for (const auto& load : body.loads) {
      if (load.name != axes[k]) continue;
      for (const auto& effect : load.effects) {
        using Kind = body::LoadEffect::Kind;
        if (effect.kind != Kind::kForce && effect.kind != Kind::kTorque) out[k].load_only = false;
        if (effect.kind == Kind::kFriction) out[k].friction_scale = load.scale;
      }
    }
  }
  return out;
}

}  // namespace

RealizableSet3 bodyRealizableSet(const body::BodyDescription& body,
                                 const std::array<std::string, 3>& axes,
                                 const ParameterPoint& fixed) {
  std::vector<std::string> names(axes.begin(), axes.end());
  for (const auto& [name, value] : fixed) {
    if (std::find(axes.begin(), axes.end(), name) != axes.end()) {
      throw InvalidInput("parameter " + name + " is both an axis and fixed");
    }
    names.push_back(name);
  }
  const ParameterPredicate predicate = bodyPredicate(body, names);
  RealizableSet3 out;
  for (std::size_t k = 0; k < 3; ++k) {
    for (const auto& load : body.loads) {
      if (load.name == axes[k]) out.default_point[static_cast<Eigen::Index>(k)] = load.value;
    }
  }
  // An axis that sets a friction coefficient spans mu >= 0 only: no rolling is realizable with a
  // negative coefficient, so the set ends there (its searches step past mu = 0 from inside).
  // Still realizable at the friction laws' largest coefficient, the set is unbounded along it.
  const std::array<AxisEffects, 3> effects = axisEffects(body, axes);
  out.inside = [fixed, axes, predicate, effects](const Eigen::Vector3d& x) {
    for (std::size_t k = 0; k < 3; ++k) {
      if (effects[k].friction_scale == 0.0) continue;
      const double mu = effects[k].friction_scale * x[static_cast<Eigen::Index>(k)];
      if (mu < 0.0) return false;
      if (mu > contact::kMaxFrictionCoefficient) {
        throw InvalidInput("the realizable set is unbounded along " + axes[k] +
                           ": rolling stays realizable as the friction coefficient grows (up to " +
                           formatValue(contact::kMaxFrictionCoefficient) +
                           "); fix " + axes[k] + " or choose other axes");
      }
    }
    ParameterPoint point = fixed;
    for (std::size_t k = 0; k < 3; ++k) point[axes[k]] = x[static_cast<Eigen::Index>(k)];
    return predicate(point).realizable;
  };
  out.piece = [fixed, axes, predicate](const Eigen::Vector3d& x) {
    ParameterPoint point = fixed;
    for (std::size_t k = 0; k < 3; ++k) point[axes[k]] = x[static_cast<Eigen::Index>(k)];
    return boundaryPiece(predicate(point));
  };
  const bool axes_are_loads = std::all_of(effects.begin(), effects.end(),
                                          [](const AxisEffects& e) { return e.load_only; });
  if (body.contacts.size() == 2 && axes_are_loads) {
    const body::ParameterBinding binding = body::bindParameters(body, names);
    std::vector<double> fixed_values;
    for (const auto& [name, value] : fixed) fixed_values.push_back(value);
    out.two_contact_dynamics = [body, binding, fixed_values](const Eigen::Vector3d& x) {
      std::vector<double> values{x[0], x[1], x[2]};
      values.insert(values.end(), fixed_values.begin(), fixed_values.end());
      const body::ConfiguredBody configured = body::configure(body, binding, values);
      return contact::TwoContactDynamics(
          configured.two,
          contact::rollingAngularVelocity(configured.two, configured.omega_a_rad_per_s));
    };
  }
  if (!out.inside(out.default_point)) {
    const Eigen::Vector3d& c = out.default_point;
    throw InvalidInput("the default point (" + axes[0] + ", " + axes[1] + ", " + axes[2] + ") = (" +
                       formatValue(c[0]) + ", " + formatValue(c[1]) + ", " + formatValue(c[2]) +
                       ") is not realizable: no body to mesh");
  }
  return out;
}

std::vector<std::vector<double>> sectionSubsample(const BodySection& section, int points_per_axis) {
  if (points_per_axis < 1) throw InvalidInput("the section subsample needs at least 1 point");
  if (section.axes.size() != 2) throw InvalidInput("a section has two axes");
  std::vector<double> fixed_values;
  for (const auto& [name, value] : section.fixed) fixed_values.push_back(value);
  auto at = [&](const Axis& a, int i) {
    return points_per_axis == 1 ? 0.5 * (a.lower + a.upper)
                                : a.lower + (a.upper - a.lower) * i / (points_per_axis - 1);
  };
  std::vector<std::vector<double>> points;
  for (int i = 0; i < points_per_axis; ++i) {
    for (int j = 0; j < points_per_axis; ++j) {
      std::vector<double> point{at(section.axes[0], i), at(section.axes[1], j)};
      point.insert(point.end(), fixed_values.begin(), fixed_values.end());
      points.push_back(std::move(point));
    }
  }
  return points;
}

}  // namespace nsd::region
