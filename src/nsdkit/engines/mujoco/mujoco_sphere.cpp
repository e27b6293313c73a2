#include <nsdkit/engines/mujoco/mujoco_sphere.hpp>

#include <mujoco/mujoco.h>

#include <Eigen/Geometry>
#include <cstring>
#include <memory>
#include <mutex>
#include <sstream>

namespace nsd::engines {
namespace {

std::string vec(const Eigen::Vector3d& v) {
  std::ostringstream s;
  s.precision(17);
  s << v.x() << ' ' << v.y() << ' ' << v.z();
  return s.str();
}

std::vector<SettingNote> exactSettings(double step) {
  return {
      {"cone=\"elliptic\"", "the exact Coulomb cone instead of the default pyramid"},
      {"impratio=\"10\"",
       "friction impedance 10 times the normal one: stiffer friction, less creep in sticking "
       "(noslip_iterations was tried and left out: it raised the rolling creep 4-fold here)"},
      {"solref=\"" + std::to_string(10 * step) + " 1\"",
       "contact time constant 10 h, critically damped: the stiffest at which MuJoCo's Euler step "
       "keeps a sliding sphere in contact (at its lower limit 2 h the sphere chatters on a 30 deg "
       "incline, mean gap +1e-4 m)"},
      {"solimp=\"0.99 0.99 0.001\"", "impedance close to 1: contacts nearly hard"},
      {"tolerance=\"1e-12\" iterations=\"500\"", "the main solver converged to rounding"},
  };
}

// MuJoCo's XML compiler keeps global state: load one model at a time.
std::mutex& loadMutex() {
  static std::mutex m;
  return m;
}

}  // namespace

std::string mujocoModelXml(const SphereScene& scene, const EngineRunOptions& o) {
  const bool exact = o.setting == EngineSetting::kExact;
  std::ostringstream x;
  x.precision(17);
  x << "<mujoco model=\"nsdkit_sphere\">\n"
    << "  <compiler angle=\"radian\" inertiafromgeom=\"false\"/>\n"
    << "  <option timestep=\"" << o.step_s << "\" gravity=\"" << vec(scene.gravity_W) << "\"";
  if (exact) {
    x << " cone=\"elliptic\" impratio=\"10\" tolerance=\"1e-12\" iterations=\"500\"";
  }
  x << "/>\n";
  const std::string contact_params =
      exact ? " solref=\"" + std::to_string(10 * o.step_s) + " 1\" solimp=\"0.99 0.99 0.001\"" : "";
  x << "  <worldbody>\n";
  for (std::size_t k = 0; k < scene.planes.size(); ++k) {
    const auto& p = scene.planes[k];
    x << "    <geom name=\"plane" << k << "\" type=\"plane\" size=\"0 0 1\" pos=\""
      << vec(p.offset_m * p.normal_W) << "\" zaxis=\"" << vec(p.normal_W) << "\" friction=\""
      << p.mu << " 0 0\" condim=\"3\"" << contact_params << "/>\n";
  }
  // The body frame is S: its initial orientation q0, the inertia expressed in it.
  const Eigen::Matrix3d R0 = scene.q0_WS.normalized().toRotationMatrix();
  const Eigen::Matrix3d i = R0.transpose() * scene.inertia_C_W * R0;
  const Eigen::Quaterniond q = scene.q0_WS.normalized();
  std::ostringstream geom;
  geom.precision(17);
  if (scene.shape == ShapeKind::kSphere) {
    geom << "type=\"sphere\" size=\"" << scene.radius_m << "\"";
  } else {
    geom << "type=\"" << (scene.shape == ShapeKind::kBox ? "box" : "ellipsoid") << "\" size=\""
         << vec(scene.half_extents_m) << "\" pos=\"" << vec(scene.shape_offset_S) << "\"";
  }
  x << "    <body name=\"sphere\" pos=\"" << vec(scene.centre0_W) << "\" quat=\"" << q.w() << ' '
    << q.x() << ' ' << q.y() << ' ' << q.z() << "\">\n"
    << "      <freejoint/>\n"
    << "      <inertial pos=\"0 0 0\" mass=\"" << scene.mass_kg << "\" fullinertia=\"" << i(0, 0)
    << ' ' << i(1, 1) << ' ' << i(2, 2) << ' ' << i(0, 1) << ' ' << i(0, 2) << ' ' << i(1, 2)
    << "\"/>\n"
    << "      <geom name=\"sphere\" " << geom.str() << " friction=\"0 0 0\" condim=\"3\""
    << contact_params << "/>\n"
    << "    </body>\n  </worldbody>\n</mujoco>\n";
  return x.str();
}

EngineRun runMujoco(const SphereScene& scene, const EngineRunOptions& o) {
  EngineRun run = startRun(scene, o, "mujoco", mj_versionString());
  if (o.setting == EngineSetting::kExact) run.settings = exactSettings(o.step_s);

  const std::string xml = mujocoModelXml(scene, o);
  mjModel* model = nullptr;
  {
    const std::lock_guard<std::mutex> lock(loadMutex());
    auto vfs = std::make_unique<mjVFS>();  // about 2 MB: never on the stack
    mj_defaultVFS(vfs.get());
    const char* name = "nsdkit_sphere.xml";
    if (mj_makeEmptyFileVFS(vfs.get(), name, static_cast<int>(xml.size())) != 0) {
      run.failure = "MuJoCo VFS refused the model file";
      return run;
    }
    std::memcpy(vfs->filedata[mj_findFileVFS(vfs.get(), name)], xml.data(), xml.size());
    char error[1000] = "";
    model = mj_loadXML(name, vfs.get(), error, sizeof(error));
    mj_deleteVFS(vfs.get());
    if (!model) {
      run.failure = std::string("MuJoCo refused the model: ") + error;
      return run;
    }
  }
  mjData* data = mj_makeData(model);
  const int body = mj_name2id(model, mjOBJ_BODY, "sphere");
  const int sphere_geom = mj_name2id(model, mjOBJ_GEOM, "sphere");
  std::vector<int> plane_geom(scene.planes.size());
  for (std::size_t k = 0; k < plane_geom.size(); ++k) {
    plane_geom[k] = mj_name2id(model, mjOBJ_GEOM, ("plane" + std::to_string(k)).c_str());
  }
  // A free joint's angular velocity is in the body frame.
  const Eigen::Vector3d omega0_S =
      scene.q0_WS.normalized().toRotationMatrix().transpose() * scene.omega0_W;
  for (int c = 0; c < 3; ++c) {
    data->qvel[c] = scene.v_C0_W[c];
    data->qvel[3 + c] = omega0_S[c];
  }
  mj_forward(model, data);

  auto rotation = [&] {
    Eigen::Matrix3d r;
    for (int a = 0; a < 3; ++a) {
      for (int b = 0; b < 3; ++b) r(a, b) = data->xmat[9 * body + 3 * a + b];
    }
    return r;
  };
  auto step = [&] {
    for (int c = 0; c < 3; ++c) {
      data->xfrc_applied[6 * body + c] = scene.force_W[c];
      data->xfrc_applied[6 * body + 3 + c] = scene.torque_W[c];
    }
    mj_step(model, data);
  };
  auto read = [&](double t) {
    const Eigen::Vector3d x(data->qpos[0], data->qpos[1], data->qpos[2]);
    const Eigen::Vector3d v(data->qvel[0], data->qvel[1], data->qvel[2]);
    const Eigen::Vector3d w_body(data->qvel[3], data->qvel[4], data->qvel[5]);
    const Eigen::Quaterniond q_WS(data->qpos[3], data->qpos[4], data->qpos[5], data->qpos[6]);
    EngineSample s = makeSample(scene, t, x, q_WS.normalized(), v, rotation() * w_body);
    for (int i = 0; i < data->ncon; ++i) {
      const mjContact& con = data->contact[i];
      std::size_t k = plane_geom.size();
      for (std::size_t q = 0; q < plane_geom.size(); ++q) {
        if (con.geom1 == plane_geom[q] || con.geom2 == plane_geom[q]) k = q;
      }
      if (k == plane_geom.size()) continue;
      mjtNum f[6];
      mj_contactForce(model, data, i, f);
      Eigen::Vector3d force_W = Eigen::Vector3d::Zero();
      for (int row = 0; row < 3; ++row) {
        force_W += f[row] * Eigen::Vector3d(con.frame[3 * row], con.frame[3 * row + 1],
                                            con.frame[3 * row + 2]);
      }
      // The frame's normal points from geom1 to geom2; the force acts on geom2.
      if (con.geom1 == sphere_geom) force_W = -force_W;
      const Eigen::Vector3d& n = scene.planes[k].normal_W;
      s.contacts[k].normal_force_N += n.dot(force_W);
      s.contacts[k].tangential_force_W += force_W - n.dot(force_W) * n;
    }
    return s;
  };
  auto instability = [&]() -> std::string {
    if (data->warning[mjWARN_BADQACC].number > 0) {
      return "MuJoCo reset the simulation (bad acceleration: instability)";
    }
    return {};
  };
  stepAndRecord(scene, o, run, step, read, instability);
  mj_deleteData(data);
  mj_deleteModel(model);
  return run;
}

}  // namespace nsd::engines
