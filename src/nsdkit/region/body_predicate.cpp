#include <nsdkit/region/body_predicate.hpp>

#include <algorithm>
#include <memory>

#include <nsdkit/contact/friction_law.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::region {
namespace {

/// The body's parameters bound in name order, as they have always been applied (the sums of
/// their effects in that order), and where each of them sits in the caller's order.
struct NameOrderBinding {
  body::ParameterBinding binding;
  std::vector<std::size_t> from;  ///< the k-th name's value is values[from[k]]

  /// `values` (in the caller's order) permuted into name order.
  std::vector<double> byName(const std::vector<double>& values) const {
    std::vector<double> by_name(from.size());
    for (std::size_t k = 0; k < from.size(); ++k) by_name[k] = values[from[k]];
    return by_name;
  }
};

/// `order` must hold `sorted`'s names (sorted: std::sort of them).
NameOrderBinding bindInNameOrder(const body::BodyDescription& body,
                                 const std::vector<std::string>& sorted,
                                 const std::vector<std::string>& order) {
  NameOrderBinding out{body::bindParameters(body, sorted), std::vector<std::size_t>(sorted.size())};
  for (std::size_t k = 0; k < sorted.size(); ++k) {
    out.from[k] = static_cast<std::size_t>(std::find(order.begin(), order.end(), sorted[k]) -
                                           order.begin());
  }
  return out;
}

std::vector<std::string> sortedNames(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

ModelPredicate bodyPredicate(const body::BodyDescription& body,
                             const std::vector<std::string>& names) {
  auto shared = std::make_shared<const body::BodyDescription>(body);
  (void)body::bindParameters(*shared, names);  // an unknown name is refused before any work
  const std::vector<std::string> sorted = sortedNames(names);
  return ModelPredicate::fromBinder([shared, sorted](const std::vector<std::string>& order) {
    if (sortedNames(order) != sorted) {
      throw InvalidInput("body predicate: expected the parameters it was made for (" +
                         std::to_string(sorted.size()) + "), got " +
                         std::to_string(order.size()));
    }
    const NameOrderBinding bound = bindInNameOrder(*shared, sorted, order);
    return BoundPredicate([shared, bound](const std::vector<double>& values) {
      const body::BodyVerdict v =
          body::classify(*shared, bound.binding, bound.byName(values));
      PointVerdict out;
      out.realizable = v.realizable;
      out.escapes = v.escapeSet();
      out.uncertain = v.uncertain;
      return out;
    });
  });
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
  const BoundPredicate predicate = bodyPredicate(body, names).bind(names);
  std::vector<double> fixed_values;
  for (const auto& [name, value] : fixed) fixed_values.push_back(value);
  // The values in `names` order: the three axes, then the fixed ones.
  const auto valuesAt = [fixed_values](const Eigen::Vector3d& x) {
    std::vector<double> values{x[0], x[1], x[2]};
    values.insert(values.end(), fixed_values.begin(), fixed_values.end());
    return values;
  };
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
  auto shared = std::make_shared<const body::BodyDescription>(body);
  const NameOrderBinding bound = bindInNameOrder(*shared, sortedNames(names), names);
  out.inside = [axes, shared, bound, effects, valuesAt](const Eigen::Vector3d& x) {
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
    // The verdict alone (body::isRealizable), bound as the predicate binds.
    return body::isRealizable(
        body::configure(*shared, bound.binding, bound.byName(valuesAt(x))));
  };
  out.piece = [predicate, valuesAt](const Eigen::Vector3d& x) {
    return boundaryPiece(predicate(valuesAt(x)));
  };
  const bool axes_are_loads = std::all_of(effects.begin(), effects.end(),
                                          [](const AxisEffects& e) { return e.load_only; });
  if (body.contacts.size() == 2 && axes_are_loads) {
    const body::ParameterBinding binding = body::bindParameters(body, names);
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
