#include <nsdkit/models/ball_trough_body.hpp>

#include <algorithm>
#include <string>

#include <nsdkit/core/errors.hpp>

namespace nsd::models {
namespace {

body::ContactDescription wall(const std::string& name, const Eigen::Vector3d& point_W,
                              const Eigen::Vector3d& normal_W, const contact::FrictionLaw& law) {
  body::ContactDescription c;
  c.name = name;
  c.point_W = point_W;
  c.normal_W = normal_W;
  c.friction = law;
  return c;
}

body::LoadParameter torqueLoad(const std::string& name, double scale_N_m,
                               const Eigen::Vector3d& axis_W) {
  body::LoadParameter load;
  load.name = name;
  load.unit = "-";
  load.value = 0.0;
  load.scale = scale_N_m;
  load.effects.push_back({body::LoadEffect::Kind::kTorque, axis_W, {}});
  return load;
}

body::LoadParameter frictionLoad(const std::string& name, double mu, std::vector<int> contacts) {
  body::LoadParameter load;
  load.name = name;
  load.unit = "-";
  load.value = mu;
  load.effects.push_back(
      {body::LoadEffect::Kind::kFriction, Eigen::Vector3d::Zero(), std::move(contacts)});
  return load;
}

}  // namespace

body::BodyDescription ballTroughBody(const BallTroughParameters& p) {
  p.validate();
  const contact::TwoContactBody ball = makeTwoContactBody(p, Eigen::Vector3d::Zero());
  body::BodyDescription d;
  d.name = "ball-trough";
  d.description =
      "The paper's ball (two-point-contact paper, Sect. 6) in a horizontal V trough of "
      "opening angle " +
      formatValue(p.opening_angle_rad) + " rad, j = " + formatValue(p.inertia_ratio) +
      ", mu+ = " + formatValue(p.mu_plus) + ", mu- = " + formatValue(p.mu_minus) +
      " (models::ballTroughBody). Loads: the dimensionless torques (79).";
  d.mass_kg = ball.mass;
  d.inertia_C_W = ball.inertia_C_W;
  d.gravity_W = ball.force_external_W / ball.mass;
  d.contacts = {wall("P+", ball.r_CPplus_W, ball.n_plus_W, ball.friction_plus),
                wall("P-", ball.r_CPminus_W, ball.n_minus_W, ball.friction_minus)};
  const double scale = torqueFromDimensionless(p, Eigen::Vector3d::UnitX()).x();  // eq. (79)
  d.loads = {torqueLoad("mx", scale, Eigen::Vector3d::UnitX()),
             torqueLoad("my", scale, Eigen::Vector3d::UnitY()),
             torqueLoad("mz", scale, Eigen::Vector3d::UnitZ())};
  if (p.mu_plus == p.mu_minus) {
    d.loads.push_back(frictionLoad("mu", p.mu_plus, {0, 1}));
  } else {
    d.loads.push_back(frictionLoad("mu_plus", p.mu_plus, {0}));
    d.loads.push_back(frictionLoad("mu_minus", p.mu_minus, {1}));
  }
  const double half = 2.1 * std::max(p.mu_plus, p.mu_minus) * (1.0 + 2.0 * p.inertia_ratio);
  d.section.x_axis = "mx:" + formatValue(-half) + ":" + formatValue(half) + ":97";
  d.section.y_axis = "my:" + formatValue(-half) + ":" + formatValue(half) + ":97";
  d.section.fixed = {{"mz", 0.0}};
  return d;
}

}  // namespace nsd::models
