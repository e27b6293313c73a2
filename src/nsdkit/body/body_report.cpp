#include <nsdkit/body/body_report.hpp>

#include <nlohmann/json.hpp>

#include <nsdkit/core/errors.hpp>

namespace nsd::body {
namespace {

nlohmann::json vector(const Eigen::Vector3d& v) { return {v[0], v[1], v[2]}; }

nlohmann::json friction(const contact::FrictionLaw& law) {
  if (law.stribeck_velocity == 0.0 || law.mu_static == law.mu_dynamic) {
    return {{"law", "coulomb"}, {"mu", law.mu_static}};
  }
  return {{"law", "coulomb-stribeck"},
          {"mu_static", law.mu_static},
          {"mu_dynamic", law.mu_dynamic},
          {"stribeck_velocity", law.stribeck_velocity}};
}

}  // namespace

void writeBodySummary(std::ostream& out, const BodyDescription& body, std::size_t section_points,
                      std::size_t section_realizable) {
  nlohmann::json j;
  j["name"] = body.name;
  j["description"] = body.description;
  j["mass_kg"] = body.mass_kg;
  j["inertia_kg_m2"] = {vector(body.inertia_C_W.row(0)), vector(body.inertia_C_W.row(1)),
                        vector(body.inertia_C_W.row(2))};
  j["gravity_m_s2"] = vector(body.gravity_W);
  j["definition"] = body.contacts.size() == 2 ? "Def 11 (two-point rolling, codimension 3)"
                                              : "Def 9 (one-point rolling, codimension 2)";
  std::vector<std::string> names;
  std::vector<double> defaults;
  for (const auto& l : body.loads) {
    j["parameters"].push_back(
        {{"name", l.name}, {"unit", l.unit}, {"default", l.value}, {"scale", l.scale}});
    names.push_back(l.name);
    defaults.push_back(l.value);
  }
  for (const auto& s : stateParameterNames(static_cast<int>(body.contacts.size()))) {
    j["state_parameters"].push_back({{"name", s}, {"unit", "rad/s"}, {"default", 0.0}});
  }
  // The contacts at the default parameter values (after their effects: cone angle, gauge...).
  const ConfiguredBody configured = configure(body, bindParameters(body, names), defaults);
  auto contact_json = [](const std::string& name, const Eigen::Vector3d& point,
                         const Eigen::Vector3d& normal, const contact::FrictionLaw& law) {
    return nlohmann::json{{"name", name},
                          {"point_m", vector(point)},
                          {"normal", vector(normal)},
                          {"friction", friction(law)}};
  };
  if (configured.contact_count == 2) {
    const auto& t = configured.two;
    j["contacts"] = {
        contact_json(body.contacts[0].name, t.r_CPplus_W, t.n_plus_W, t.friction_plus),
        contact_json(body.contacts[1].name, t.r_CPminus_W, t.n_minus_W, t.friction_minus)};
  } else {
    const auto& o = configured.one;
    j["contacts"] = {contact_json(body.contacts[0].name, o.r_CP_W, o.n_W, o.friction)};
  }
  const BodyVerdict verdict = classify(configured);
  nlohmann::json at_defaults = {{"realizable", verdict.realizable},
                                {"escapes", verdict.escapeLabel()},
                                {"contact_loss", verdict.contact_loss}};
  const RollingMotion motion = rollingMotion(configured);
  at_defaults["rolling_acceleration_of_C_m_s2"] = vector(motion.dv_C_W);
  at_defaults["rolling_angular_acceleration_rad_s2"] = vector(motion.domega_W);
  for (const auto& f : motion.contact_forces_W) {
    at_defaults["contact_forces_N"].push_back(vector(f));
  }
  if (body.contacts.size() == 2) {
    at_defaults["contact_forces_note"] =
        "two-point rolling: the minimum-norm force set; a squeeze along the contact line is "
        "undetermined (Table 2)";
  }
  j["at_defaults"] = at_defaults;
  if (section_points > 0) {
    j["section"] = {{"x", body.section.x_axis},
                    {"y", body.section.y_axis},
                    {"points", section_points},
                    {"realizable", section_realizable}};
  }
  out << j.dump(2) << '\n';
}

}  // namespace nsd::body
