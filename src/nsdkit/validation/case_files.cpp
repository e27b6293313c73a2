// Case files of "bring your own solver", the writing side: schema 2 (every family) as JSON with
// its digest (a check against accidents, not a seal). Reading: case_import.cpp. The published
// schema, docs/schema/validation_case.schema.json, describes every field written here: change
// both together (tests/validation/test_case_schema.py validates every exported file).
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/sha256.hpp>
#include <nsdkit/core/version.hpp>
#include <nsdkit/validation/case_file_checks.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/json_values.hpp>
#include <nsdkit/validation/judge.hpp>

namespace nsd::validation {
namespace {

using nlohmann::json;

// A direction that goes with a judged value: written only when the value is (null otherwise).
json axisOrNull(double value, const Eigen::Vector3d& axis_W) {
  return std::isfinite(value) ? vectorJson(axis_W) : json();
}


// Only what the judge checks is a number: a field it does not read for the case is null, with
// its axis. An exact-rest case is judged by its final mode alone (judge.cpp returns before the
// other checks; its creep speed is reported), so its values are null too.
json expectationJson(const ValidationCase& c) {
  auto judged = [&](double v) { return c.exact_rest ? NAN : v; };
  const double acceleration = judged(c.expected_acceleration);
  const double spin = judged(c.expected_spin_rad_s);
  const double drilling = judged(c.expected_drilling_spin_rad_s);
  return {{"modes", c.allowed_modes},
          {"metric", familyMetricName(c)},
          {"reference", toString(c.reference)},
          {"acceleration_m_s2", numberOrNull(acceleration)},
          {"acceleration_axis", axisOrNull(acceleration, c.along_W)},
          {"acceleration_window", "mean over the second half of the run"},
          {"rolling_onset_s", numberOrNull(judged(c.expected_rolling_onset_s))},
          {"final_speed_m_s", numberOrNull(judged(c.expected_final_speed))},
          {"spin_rad_s", numberOrNull(spin)},
          {"spin_axis", axisOrNull(spin, c.spin_axis_W)},
          {"drilling_spin_rad_s", numberOrNull(drilling)},
          {"drilling_axis", axisOrNull(drilling, c.drilling_axis_W)},
          {"exact_rest", c.exact_rest},
          {"measure_heading", c.measure_heading && !c.exact_rest},
          {"stop_distance_m", numberOrNull(judged(c.expected_stop_distance_m))},
          {"stop_time_s", numberOrNull(judged(c.expected_stop_time_s))},
          // The rattleback's well-conditioned measures (rattleback_metric.hpp). Its first turning
          // point (expected_reversal_s) is reported in a row, never judged: not written.
          {"mean_spin_reversal_s", numberOrNull(judged(c.expected_mean_spin_reversal_s))},
          {"turned_angle_rad", numberOrNull(judged(c.expected_turned_angle_rad))},
          {"spin_after_reversal_rad_s",
           numberOrNull(judged(c.expected_spin_after_reversal_rad_s))}};
}

json troughModelJson(const ValidationCase& c) {
  const auto& p = c.parameters;
  return {{"family", "trough"},
          {"group", c.family},
          {"probe", c.name.substr(c.family.size() + 1)},
          {"mu_plus", p.mu_plus},
          {"mu_minus", p.mu_minus},
          {"inertia_ratio", p.inertia_ratio},
          {"opening_angle_deg", p.opening_angle_rad * kDegreesPerRadian},
          {"mass_kg", p.mass_kg},
          {"radius_m", p.radius_m},
          {"gravity_m_s2", p.gravity_m_s2},
          {"torque_dimensionless", vectorJson(c.torque)},
          {"initial_speed_m_s", c.v_C0_W.z()},
          {"duration_s", c.t_end_s},
          {"probed_face", c.probed_face},
          {"face_distance", numberOrNull(c.face_distance)}};
}

json onePlaneModelJson(const OnePlaneModel& m) {
  return {{"family", toString(m.family)},    {"mu", m.mu},
          {"inertia_ratio", m.inertia_ratio}, {"radius_m", m.radius_m},
          {"mass_kg", m.mass_kg},             {"gravity_m_s2", m.gravity_m_s2},
          {"slope_rad", m.slope_rad},         {"heading_rad", m.heading_rad},
          {"launch_speed_m_s", m.launch_speed_m_s}, {"backspin_rad_s", m.backspin_rad_s},
          {"drilling_torque_N_m", m.drilling_torque_N_m}, {"duration_s", m.duration_s},
          {"box_half_extents_m", vectorJson(m.box_half_extents_m)},
          {"rattleback",
           {{"a_m", m.rattleback.a}, {"b_m", m.rattleback.b}, {"c_m", m.rattleback.c},
            {"mass_kg", m.rattleback.mass}, {"h_m", m.rattleback.h},
            {"A_kg_m2", m.rattleback.A}, {"B_kg_m2", m.rattleback.B}, {"C_kg_m2", m.rattleback.C},
            {"D_kg_m2", m.rattleback.D}, {"sigma_N_m_s", m.rattleback.sigma},
            {"gravity_m_s2", m.rattleback.gravity},
            {"alpha0_rad", m.rattleback_initial.alpha}, {"beta0_rad", m.rattleback_initial.beta},
            {"omega0_rad_s", {m.rattleback_initial.omega1, m.rattleback_initial.omega2,
                              m.rattleback_initial.omega3}}}}};
}

// What every family's frame text says of the vectors (the schema's descriptions say it per field).
constexpr const char* kVectorFrames =
    " Positions and velocities are the mass centre's; positions, velocities, angular velocities, "
    "gravity, the force (applied at the mass centre) and the torque (about the mass centre) are "
    "in W; inertia_kg_m2 is the tensor about the mass centre in W at t = 0; half_extents_m and "
    "shape_offset_m are in the body frame S (the shape's axes, origin at the mass centre), whose "
    "orientation in W at t = 0 is initial_state.orientation_wxyz. Each plane is "
    "{p : normal . p = offset_m} in W, its unit normal pointing towards the body.";

// The case's frame, written out: the family's world frame W and its body frame S.
std::string caseFrameText(const ValidationCase& c) {
  const CaseFamily family = c.one_plane ? c.one_plane->family : CaseFamily::kTrough;
  std::string w;
  switch (family) {
    case CaseFamily::kTrough:
      w = "Trough frame W: z along the trough, upward vertical (x + y)/sqrt2 (gravity along "
          "-(x + y)/sqrt2); the origin at the sphere's mass centre (its geometric centre) at "
          "t = 0. Body frame S: the sphere's, equal to W at t = 0.";
      break;
    case CaseFamily::kIncline:
    case CaseFamily::kLaunch:
    case CaseFamily::kCreep:
      w = "World frame W: gravity along -z; the plane's normal n = cos(s) z + sin(s) h with "
          "h = (cos theta, sin theta, 0), s = model.slope_rad, theta = model.heading_rad; the "
          "origin at the sphere's mass centre (its geometric centre) at t = 0. Body frame S: "
          "the sphere's, equal to W at t = 0.";
      break;
    case CaseFamily::kBlock:
      w = "World frame W: gravity along -z; the plane's normal n = cos(s) z + sin(s) h with "
          "h = (cos theta, sin theta, 0), s = model.slope_rad, theta = model.heading_rad; the "
          "origin at the box's mass centre (its geometric centre) at t = 0. Body frame S: along "
          "the box's edges, equal to W at t = 0 on a horizontal plane, (e, n x e, n) with the "
          "downhill tangent e = cos(s) h - sin(s) z on a slope.";
      break;
    case CaseFamily::kRattleback:
      w = "World frame W: gravity along -z, the plane z = 0; the origin at the ellipsoid's "
          "contact point at t = 0 (the mass centre starts at initial_state.position_m). Body "
          "frame S: Kane and Levinson's body frame (its third axis downward when the body is "
          "upright), the ellipsoid's semi-axes half_extents_m along S's axes, its geometric "
          "centre at shape_offset_m from the mass centre.";
      break;
  }
  return w + kVectorFrames;
}

std::string caseUnitsText(const ValidationCase& c) {
  return std::string("SI: m, kg, s, N, N m, kg m^2, rad, rad/s; dimensionless: mu, ") +
         (c.one_plane ? "model.inertia_ratio" :
                        "model.inertia_ratio, model.torque_dimensionless (eq. (79)); degrees: "
                        "model.opening_angle_deg");
}

}  // namespace

// Shape parameters go with their shape: a sphere has a radius and no half extents, a box or an
// ellipsoid half extents (semi-axes) and no radius; the shape's offset from the mass centre is
// written for every shape (zero but for the rattleback).
json sceneJson(const engines::SphereScene& s) {
  json planes = json::array();
  for (const auto& p : s.planes) {
    planes.push_back(
        {{"name", p.name}, {"normal", vectorJson(p.normal_W)}, {"offset_m", p.offset_m}, {"mu", p.mu}});
  }
  json inertia = json::array();
  for (int r = 0; r < 3; ++r) inertia.push_back(vectorJson(s.inertia_C_W.row(r).transpose()));
  const Eigen::Quaterniond& q = s.q0_WS;
  const bool sphere = s.shape == engines::ShapeKind::kSphere;
  return {{"shape", engines::toString(s.shape)},
          {"radius_m", sphere ? json(s.radius_m) : json()},
          {"half_extents_m", sphere ? json() : vectorJson(s.half_extents_m)},
          {"shape_offset_m", vectorJson(s.shape_offset_S)},
          {"mass_kg", s.mass_kg},
          {"inertia_kg_m2", inertia},
          {"planes", planes},
          {"gravity_m_s2", vectorJson(s.gravity_W)},
          {"force_N", vectorJson(s.force_W)},
          {"torque_N_m", vectorJson(s.torque_W)},
          {"initial_state",
           {{"position_m", vectorJson(s.centre0_W)},
            {"orientation_wxyz", {q.w(), q.x(), q.y(), q.z()}},
            {"velocity_m_s", vectorJson(s.v_C0_W)},
            {"angular_velocity_rad_s", vectorJson(s.omega0_W)}}}};
}

std::string caseDigest(json content) {
  content.erase("digest");
  return sha256Hex(content.dump());
}

json caseJson(const ValidationCase& c, std::size_t index) {
  if (c.body) throw InvalidInput("case " + c.name + ": a body file's cases are not exported");
  json j{{"schema", kCaseSchema},
         {"nsdkit_version", kVersion},
         {"index", index},
         {"name", c.name},
         {"family", toString(c.kind)},
         {"units", caseUnitsText(c)},
         {"frame", caseFrameText(c)},
         {"scene", sceneJson(sceneOf(c))},
         {"duration_s", c.t_end_s},
         {"expected", expectationJson(c)},
         {"model", c.one_plane ? onePlaneModelJson(*c.one_plane) : troughModelJson(c)}};
  j["digest"] = caseDigest(j);
  return j;
}

std::string caseJsonText(const ValidationCase& c, std::size_t index) {
  return caseJson(c, index).dump(2) + "\n";
}

}  // namespace nsd::validation
