// The report's frames of a run and their reference (report_series.hpp), and series.bin.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/report_series.hpp>

namespace nsd::validation {
namespace {

// The case's scene, when it has one (a user's body that is no sphere on planes has none).
std::optional<engines::SphereScene> sceneIfAny(const ValidationCase& c) {
  if (!hasScene(c)) return std::nullopt;
  return sceneOf(c);
}

std::vector<ReportContact> reportContacts(const std::optional<engines::SphereScene>& scene,
                                          const engines::EngineSample& sample) {
  std::vector<ReportContact> out(sample.contacts.size());
  for (std::size_t k = 0; k < out.size(); ++k) {
    const engines::ContactRecord& record = sample.contacts[k];
    out[k].slip_W = record.slip_W;
    out[k].tangential_force_W = record.tangential_force_W;
    out[k].normal_force_N = record.normal_force_N;
    if (scene && k < scene->planes.size()) {
      out[k].point_W = sample.x_C_W + engines::supportPointTowards(*scene, sample.q_WS,
                                                                   scene->planes[k].normal_W);
    }
  }
  return out;
}

// Two-point rolling of a sphere: Omega is along the line through the two contact points, and
// |v_C| = |Omega| |u x r_1| with u that line's direction and r_1 the first contact from C.
double rollingSpinPerSpeed(const engines::SphereScene& scene) {
  if (scene.planes.size() < 2) return NAN;
  const Eigen::Vector3d r1 = -scene.radius_m * scene.planes[0].normal_W;
  const Eigen::Vector3d r2 = -scene.radius_m * scene.planes[1].normal_W;
  const Eigen::Vector3d u = (r1 - r2).normalized();
  const double lever = u.cross(r1).norm();
  return lever > 0.0 ? 1.0 / lever : NAN;
}

// The trough's reference: (78)'s uniform acceleration in two-point rolling, or the sliding
// family's slip phase (speed and spin linear in t, the friction forces being constant) up to the
// rolling onset and rolling after it.
ReferenceSpeeds troughReference(const ValidationCase& c, const std::vector<double>& times) {
  ReferenceSpeeds out{std::vector<double>(times.size(), NAN), std::vector<double>(times.size(), NAN)};
  const auto scene = sceneIfAny(c);
  const double spin_per_speed = scene ? rollingSpinPerSpeed(*scene) : NAN;
  const bool rolls = c.realizable && std::isfinite(c.expected_acceleration);
  const double onset = c.expected_rolling_onset_s, v_end = c.expected_final_speed;
  for (std::size_t i = 0; i < times.size(); ++i) {
    const double t = times[i];
    if (std::isfinite(onset) && std::isfinite(v_end)) {
      const double s = std::min(t / onset, 1.0);
      const double v0 = c.v_C0_W.norm(), w0 = c.omega0_W.norm();
      const double extra = rolls ? c.expected_acceleration * std::max(0.0, t - onset) : 0.0;
      out.speed_m_s[i] = v0 + (v_end - v0) * s + extra;
      out.spin_rad_s[i] = w0 + (v_end * spin_per_speed - w0) * s + extra * spin_per_speed;
    } else if (rolls && c.reference == ReferenceSource::kClosedForm) {
      const double speed = (c.v_C0_W + c.expected_acceleration * t * c.along_W).norm();
      out.speed_m_s[i] = speed;
      out.spin_rad_s[i] = speed * spin_per_speed;
    }
  }
  return out;
}

ReferenceSpeeds rattlebackReference(const OnePlaneModel& model, const std::vector<double>& times) {
  ReferenceSpeeds out{std::vector<double>(times.size(), NAN), std::vector<double>(times.size(), NAN)};
  if (times.empty()) return out;
  const double spacing = std::max(model.duration_s / 2000.0, 1e-4);
  const auto motion = rattlebackRollingMotion(model, spacing);
  for (std::size_t i = 0; i < times.size(); ++i) {  // the nearest sample (spacing <= 0.1 % of t)
    const auto it = std::lower_bound(motion.begin(), motion.end(), times[i],
                                     [](const auto& sample, double t) { return sample.first < t; });
    if (it == motion.end()) continue;
    out.speed_m_s[i] = it->second.v_C_W.norm();
    out.spin_rad_s[i] = it->second.omega_W.norm();
  }
  return out;
}

// A solver that records velocities only (nsdkit's two-contact integrator, Siconos): the pose
// integrated from the initial one, the centre by the trapezoid rule on v_C and the orientation by
// the rotation of Omega's mean over each step, so that the replay can draw the run.
std::vector<engines::EngineSample> withIntegratedPose(const engines::SphereScene& scene,
                                                      std::vector<engines::EngineSample> s) {
  Eigen::Vector3d x = scene.centre0_W, v = scene.v_C0_W, w = scene.omega0_W;
  Eigen::Quaterniond q = scene.q0_WS;
  double t = 0.0;
  for (engines::EngineSample& e : s) {
    const double dt = e.t - t;
    x += 0.5 * dt * (v + e.v_C_W);
    const Eigen::Vector3d turn = 0.5 * dt * (w + e.omega_W);
    if (turn.norm() > 0.0) q = Eigen::Quaterniond(Eigen::AngleAxisd(turn.norm(), turn.normalized())) * q;
    q.normalize();
    e.x_C_W = x;
    e.q_WS = q;
    t = e.t;
    v = e.v_C_W;
    w = e.omega_W;
  }
  return s;
}

}  // namespace

ReferenceSpeeds referenceSpeeds(const ValidationCase& c, const std::vector<double>& times) {
  if (!c.one_plane) return troughReference(c, times);
  if (c.one_plane->family == CaseFamily::kRattleback) return rattlebackReference(*c.one_plane, times);
  ReferenceSpeeds out;
  const std::unique_ptr<BenchmarkSystem> system = benchmarkSystemOf(*c.one_plane);
  for (const double t : times) {
    const BodyState x = system->stateAt(t);
    out.speed_m_s.push_back(x.v_C_W.norm());
    out.spin_rad_s.push_back(x.omega_W.norm());
  }
  return out;
}

ReportSeries reportSeries(const ValidationCase& c, const SolverTrajectory& tr) {
  ReportSeries s;
  const std::size_t n = tr.samples.size();
  if (n == 0) return s;
  const auto scene = sceneIfAny(c);
  const std::vector<engines::EngineSample> samples =
      scene && !tr.positions_recorded ? withIntegratedPose(*scene, tr.samples) : tr.samples;
  const std::size_t m = std::min(n, kReportSeriesPoints);
  std::vector<double> times;
  for (std::size_t k = 0; k < m; ++k) {
    const std::size_t i = m == 1 ? 0 : k * (n - 1) / (m - 1);
    const engines::EngineSample& e = samples[i];
    ReportFrame f;
    f.t_s = e.t;
    f.x_C_W = e.x_C_W;
    f.q_WS = e.q_WS;
    f.v_C_W = e.v_C_W;
    f.omega_W = e.omega_W;
    f.contacts = reportContacts(scene, e);
    s.frames.push_back(std::move(f));
    times.push_back(e.t);
  }
  const ReferenceSpeeds ref = referenceSpeeds(c, times);
  for (std::size_t k = 0; k < m; ++k) {
    s.frames[k].reference_speed_m_s = ref.speed_m_s[k];
    s.frames[k].reference_spin_rad_s = ref.spin_rad_s[k];
  }
  return s;
}

namespace {

void appendFrame(const ReportFrame& f, std::vector<float>& out) {
  const Eigen::Quaterniond& q = f.q_WS;
  const double values[] = {f.t_s,          f.x_C_W.x(),   f.x_C_W.y(),   f.x_C_W.z(),
                           q.w(),          q.x(),         q.y(),         q.z(),
                           f.v_C_W.x(),    f.v_C_W.y(),   f.v_C_W.z(),   f.omega_W.x(),
                           f.omega_W.y(),  f.omega_W.z(), f.reference_speed_m_s,
                           f.reference_spin_rad_s};
  static_assert(std::size(values) == std::size(kFrameChannels));
  for (const double v : values) out.push_back(static_cast<float>(v));
  for (const ReportContact& c : f.contacts) {
    const double contact[] = {c.point_W.x(), c.point_W.y(), c.point_W.z(),
                              c.slip_W.x(),  c.slip_W.y(),  c.slip_W.z(),
                              c.tangential_force_W.x(), c.tangential_force_W.y(),
                              c.tangential_force_W.z(), c.normal_force_N};
    static_assert(std::size(contact) == std::size(kContactChannels));
    for (const double v : contact) out.push_back(static_cast<float>(v));
  }
}

nlohmann::json channelNames() {
  nlohmann::json frame = nlohmann::json::array(), contact = nlohmann::json::array();
  for (const char* name : kFrameChannels) frame.push_back(name);
  for (const char* name : kContactChannels) contact.push_back(name);
  return {{"frame", frame}, {"contact", contact}};
}

}  // namespace

void writeReportSeries(const std::string& dir, const std::vector<ValidationCase>& cases,
                       const std::vector<ValidationResult>& results) {
  std::map<std::string, const ValidationCase*> by_name;
  for (const auto& c : cases) by_name.emplace(c.name, &c);
  std::vector<float> values;
  nlohmann::json rows = nlohmann::json::array();
  nlohmann::json scenes = nlohmann::json::object();
  for (const ValidationResult& r : results) {
    const std::size_t contacts = r.series.frames.empty() ? 0 : r.series.frames[0].contacts.size();
    rows.push_back({{"offset", values.size()},
                    {"frames", r.series.frames.size()},
                    {"contacts", contacts},
                    {"case", r.case_name}});
    for (const ReportFrame& f : r.series.frames) appendFrame(f, values);
    const auto it = by_name.find(r.case_name);
    if (it != by_name.end() && !scenes.contains(r.case_name)) {
      const auto scene = sceneIfAny(*it->second);
      scenes[r.case_name] = scene ? sceneJson(*scene) : nlohmann::json();
    }
  }
  writeFileAtomically(dir + "/series.bin", [&](std::ostream& out) {
    for (const float v : values) {  // little-endian whatever the host
      std::uint32_t bits = 0;
      std::memcpy(&bits, &v, sizeof bits);
      const char bytes[4] = {static_cast<char>(bits & 0xffu), static_cast<char>((bits >> 8) & 0xffu),
                             static_cast<char>((bits >> 16) & 0xffu),
                             static_cast<char>((bits >> 24) & 0xffu)};
      out.write(bytes, 4);
    }
  });
  writeFileAtomically(dir + "/series_index.json", [&](std::ostream& out) {
    out << nlohmann::json{{"format", "float32 little-endian; row r's frames start at rows[r].offset "
                                     "floats, each frame the frame channels then the contact "
                                     "channels once per contact"},
                          {"channels", channelNames()},
                          {"rows", rows},
                          {"scenes", scenes}}
               .dump()
        << '\n';
  });
}

}  // namespace nsd::validation
