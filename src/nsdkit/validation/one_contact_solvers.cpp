// nsdkit's one-contact integrator and Siconos's one-plane model as validation solvers
// (one_contact_solvers.hpp).
#include <nsdkit/validation/one_contact_solvers.hpp>

#include <Eigen/Geometry>
#include <chrono>
#include <cmath>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/eventdriven/shape_stick_slip.hpp>
#include <nsdkit/sim/siconos_one_plane.hpp>
#include <nsdkit/validation/run_notes.hpp>

namespace nsd::validation {
namespace {

constexpr double kSampleSpacing_s = 1e-3;  // the integrators' output spacing [s]

/// The plane's own frame P, in which the integrator's plane is z = 0: z_P = n, x_P along
/// gravity's component on the plane (the downhill tangent e of one_plane_families.hpp; W's x
/// projected on the plane when gravity is normal to it), y_P = n x x_P; origin on the plane at
/// offset n. A point of P is x_W = origin_W + R_WP x_P.
struct PlaneFrame {
  Eigen::Matrix3d R_WP = Eigen::Matrix3d::Identity();
  Eigen::Vector3d origin_W = Eigen::Vector3d::Zero();
};

PlaneFrame planeFrameOf(const engines::SphereScene& s) {
  const engines::StaticPlane& plane = s.planes.front();
  const Eigen::Vector3d& n = plane.normal_W;
  Eigen::Vector3d e = s.gravity_W - n.dot(s.gravity_W) * n;
  if (!(e.norm() > 1e-12 * s.gravity_W.norm())) e = Eigen::Vector3d::UnitX() - n.x() * n;
  if (!(e.norm() > 1e-6)) e = Eigen::Vector3d::UnitY() - n.y() * n;
  e.normalize();
  PlaneFrame f;
  f.R_WP.col(0) = e;
  f.R_WP.col(1) = n.cross(e);
  f.R_WP.col(2) = n;
  f.origin_W = plane.offset_m * n;
  return f;
}

/// The box axis (of S) along the plane's normal when a face lies on the plane, else -1.
int faceAxisOnPlane(const engines::SphereScene& s) {
  const Eigen::Vector3d n_S = s.q0_WS.normalized().conjugate() * s.planes.front().normal_W;
  for (int i = 0; i < 3; ++i) {
    if (std::fabs(std::fabs(n_S[i]) - 1.0) < 1e-9) return i;
  }
  return -1;
}

std::string stickSlipCannotRun(const ValidationCase& c) {
  if (!c.one_plane) {
    return "nsdkit-stick-slip is nsdkit's one-contact integrator: the trough has two contacts "
           "(nsdkit-event-driven runs it)";
  }
  const engines::SphereScene s = sceneOf(c);
  if (s.planes.size() != 1) return "the scene has " + std::to_string(s.planes.size()) + " planes";
  if (s.shape == engines::ShapeKind::kBox) {
    if (faceAxisOnPlane(s) < 0) return "the box does not lie on a face (an edge or corner contact)";
    if (s.omega0_W.norm() > 0.0) return "the face contact translates only (initial spin given)";
  }
  return "";
}

/// Keeps the samples in (0, t_end] (the engines record from t = h), one per time (the
/// integrator may record a sample time twice when a step ends on it), and checks them.
SolverTrajectory finish(const ValidationCase& c, std::vector<engines::EngineSample> samples,
                        std::chrono::steady_clock::time_point start) {
  SolverTrajectory t;
  for (auto& e : samples) {
    const double last = t.samples.empty() ? 0.0 : t.samples.back().t;
    if (e.t > last + 1e-12 && e.t <= c.t_end_s + 1e-9) t.samples.push_back(std::move(e));
  }
  t.completed = !t.samples.empty();
  if (const std::string bad = engines::firstNonFiniteSample(t.samples); !bad.empty()) {
    t.completed = false;
    t.failure = bad;
  }
  t.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return t;
}

/// A sphere or an ellipsoid: the stick-slip integrator in the plane's frame.
std::vector<engines::EngineSample> runShapedBody(const ValidationCase& c,
                                                 const engines::SphereScene& s,
                                                 const PlaneFrame& f) {
  const Eigen::Matrix3d R_PW = f.R_WP.transpose();
  const Eigen::Quaterniond q_WP(f.R_WP);
  const Eigen::Matrix3d R_WS = s.q0_WS.normalized().toRotationMatrix();
  eventdriven::ShapedBodyOnPlane body;
  body.mass_kg = s.mass_kg;
  body.inertia_G_B = R_WS.transpose() * s.inertia_C_W * R_WS;  // B = the scene's body frame S
  body.inertia_G_B = 0.5 * (body.inertia_G_B + body.inertia_G_B.transpose()).eval();
  body.surface.kind = s.shape == engines::ShapeKind::kSphere ? contact::ContactShapeKind::kSphere
                                                             : contact::ContactShapeKind::kEllipsoid;
  body.surface.semi_axes_m = s.shape == engines::ShapeKind::kSphere
                                 ? Eigen::Vector3d::Constant(s.radius_m)
                                 : Eigen::Vector3d(s.half_extents_m);
  body.surface.centre_B = s.shape_offset_S;
  body.mu = s.planes.front().mu;
  if (c.one_plane->family == CaseFamily::kRattleback) body.drag_N_m_s = c.one_plane->rattleback.sigma;
  const Eigen::Vector3d g_P = R_PW * s.gravity_W;
  body.gravity_m_s2 = -g_P.z();
  body.gravity_along_plane_m_s2 = g_P.head<2>();
  body.force_W = R_PW * s.force_W;
  body.torque_W = R_PW * s.torque_W;
  eventdriven::ShapedBodyState start;
  start.orientation_WB = q_WP.conjugate() * s.q0_WS.normalized();
  start.omega_B = R_WS.transpose() * s.omega0_W;
  start.velocity_G_W = R_PW * s.v_C0_W;
  start.position_G_W = (R_PW * (s.centre0_W - f.origin_W)).head<2>();
  eventdriven::StickSlipOptions options;
  options.sample_spacing_s = kSampleSpacing_s;
  // Half a spacing beyond the duration: the sample at t_end is kept whatever the rounding.
  const auto tr =
      eventdriven::simulateStickSlip(body, start, c.t_end_s + 0.5 * kSampleSpacing_s, options);
  std::vector<engines::EngineSample> out;
  for (const auto& p : tr.samples) {
    const Eigen::Quaterniond q_WS = q_WP * p.orientation_WB;
    engines::EngineSample e = engines::makeSample(s, p.t_s, f.origin_W + f.R_WP * p.position_G_W,
                                                  q_WS, f.R_WP * p.velocity_G_W, q_WS * p.omega_B);
    e.contacts.front().normal_force_N = p.normal_force_N;
    out.push_back(std::move(e));
  }
  return out;
}

/// A box on a face: the face contact (translation only, see simulateFaceSliding).
std::vector<engines::EngineSample> runFace(const ValidationCase& c, const engines::SphereScene& s,
                                           const PlaneFrame& f) {
  const Eigen::Matrix3d R_PW = f.R_WP.transpose();
  eventdriven::FaceOnPlane face;
  face.mass_kg = s.mass_kg;
  face.mu = s.planes.front().mu;
  face.gravity_W = R_PW * s.gravity_W;
  face.force_W = R_PW * s.force_W;
  const Eigen::Vector3d v0_P = R_PW * s.v_C0_W;
  const auto tr = eventdriven::simulateFaceSliding(face, v0_P.head<2>(), c.t_end_s, kSampleSpacing_s);
  const double normal_force = -(s.mass_kg * face.gravity_W + face.force_W).z();
  std::vector<engines::EngineSample> out;
  for (const auto& p : tr.samples) {
    engines::EngineSample e =
        engines::makeSample(s, p.t_s, s.centre0_W + f.R_WP * p.displacement_W, s.q0_WS,
                            f.R_WP * p.velocity_W, Eigen::Vector3d::Zero());
    e.contacts.front().normal_force_N = normal_force;
    out.push_back(std::move(e));
  }
  return out;
}

class NsdkitStickSlip final : public SolverAdapter {
 public:
  std::string name() const override { return "nsdkit-stick-slip"; }
  std::vector<SolverSpec> specs() const override { return {{name(), "-", 0.0}}; }
  std::string cannotRun(const ValidationCase& c) const override { return stickSlipCannotRun(c); }
  bool sharesGlobalState(const SolverSpec&) const override { return false; }
  SolverTrajectory run(const ValidationCase& c, const SolverSpec&) const override {
    const auto start = std::chrono::steady_clock::now();
    const engines::SphereScene s = sceneOf(c);
    const PlaneFrame f = planeFrameOf(s);
    SolverTrajectory t;
    try {
      const bool box = s.shape == engines::ShapeKind::kBox;
      t = finish(c, box ? runFace(c, s, f) : runShapedBody(c, s, f), start);
      t.settings.push_back(
          box ? engines::SettingNote{"face contact", "translation in closed form, sticking iff "
                                                     "|F_t| <= mu N (simulateFaceSliding)"}
              : engines::SettingNote{"integrator", "Dormand-Prince 5(4) at 1e-10 with events, "
                                                   "transitions by Def 9 (simulateStickSlip)"});
    } catch (const InvalidInput& e) {  // the model refused the case: a failed row, not an error
      t.failure = std::string("nsdkit-stick-slip refused the case: ") + e.what();
    }
    t.engine_version = "nsdkit";
    return t;
  }
};

}  // namespace

std::unique_ptr<SolverAdapter> makeNsdkitStickSlipAdapter() {
  return std::make_unique<NsdkitStickSlip>();
}

std::string siconosOnePlaneCannotRun(const ValidationCase& c) {
  if (!c.one_plane) return "not a one-plane case";
  const engines::SphereScene s = sceneOf(c);
  if (s.planes.size() != 1) return "the scene has " + std::to_string(s.planes.size()) + " planes";
  if (c.one_plane->family == CaseFamily::kRattleback && c.one_plane->rattleback.sigma != 0.0) {
    return "the rattleback's air drag (sigma) has no counterpart in the scene";
  }
  return "";
}

SolverTrajectory runSiconosOnePlane(const ValidationCase& c, double step_s) {
  const auto start = std::chrono::steady_clock::now();
  const engines::SphereScene s = sceneOf(c);
  sim::OnePlaneScene p;
  p.shape = s.shape == engines::ShapeKind::kSphere ? sim::OnePlaneShape::kSphere
            : s.shape == engines::ShapeKind::kBox  ? sim::OnePlaneShape::kBox
                                                   : sim::OnePlaneShape::kEllipsoid;
  p.radius_m = s.radius_m;
  p.half_extents_m = s.half_extents_m;
  p.shape_offset_S = s.shape_offset_S;
  p.mass_kg = s.mass_kg;
  p.inertia_C_W = s.inertia_C_W;
  p.gravity_W = s.gravity_W;
  p.force_W = s.force_W;
  p.torque_W = s.torque_W;
  p.q0_WS = s.q0_WS;
  p.centre0_W = s.centre0_W;
  p.v_C0_W = s.v_C0_W;
  p.omega0_W = s.omega0_W;
  p.plane_normal_W = s.planes.front().normal_W;
  p.plane_offset_m = s.planes.front().offset_m;
  p.mu = s.planes.front().mu;
  sim::SiconosOptions o;
  o.step = step_s;
  o.t_end = c.t_end_s;
  const sim::SiconosOnePlaneRun run = sim::simulateSiconosOnePlane(p, o);
  std::vector<engines::EngineSample> samples;
  for (const auto& r : run.samples) {
    samples.push_back(engines::makeSample(s, r.t, r.x_C_W, r.q_WS, r.v_C_W, r.omega_W));
    samples.back().contacts.front().normal_force_N = r.normal_force_N;
  }
  SolverTrajectory t = finish(c, std::move(samples), start);
  t.settings.push_back({"(one-plane model)",
                        "a NewtonEulerDS with Coulomb point contacts, one at the support point "
                        "(sphere, ellipsoid) or the 4 corners of the face (box), run in the "
                        "plane's frame (sim/siconos_one_plane.hpp)"});
  if (run.solver_warnings > 0) {
    t.settings.push_back({engines::kRunNoteSetting, unconvergedStepsNote(run.solver_warnings)});
  }
  t.engine_version = "siconos 4.4";
  return t;
}

}  // namespace nsd::validation
