#include <nsdkit/engines/ode/ode_sphere.hpp>

#include <ode/ode.h>

#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

namespace nsd::engines {
namespace {

// ODE prints its messages on stderr; they go into the run's record instead (runs of ODE are
// serialized by the validation, but the sink is per thread anyway).
thread_local std::string* message_sink = nullptr;

void collectMessage(int number, const char* format, va_list arguments) {
  if (!message_sink) return;
  char text[512];
  std::vsnprintf(text, sizeof(text), format, arguments);
  if (message_sink->size() < 4096) {
    *message_sink += "ODE message " + std::to_string(number) + ": " + text + "\n";
  }
}

void initOdeOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    dInitODE2(0);
    dSetMessageHandler(collectMessage);
  });
  dAllocateODEDataForThread(dAllocateMaskAll);
}

}  // namespace

EngineRun runOde(const SphereScene& scene, const EngineRunOptions& o) {
  EngineRun run = startRun(scene, o, "ode", std::string("0.16, ") + dGetConfiguration());
  if (scene.shape == ShapeKind::kEllipsoid) {
    run.not_representable =
        "ODE 0.16 has no ellipsoid primitive (a convex-hull approximation is not used: its facets "
        "would change the rolling kinematics the case measures)";
    return run;
  }
  initOdeOnce();
  message_sink = &run.engine_messages;
  const bool exact = o.setting == EngineSetting::kExact;
  if (exact) {
    run.settings = {
        {"dWorldStep",
         "ODE's direct (Dantzig) LCP solver instead of 20 iterations of dWorldQuickStep"},
        {"dWorldSetCFM(1e-12)", "contacts nearly hard (the double-precision default is 1e-10)"},
    };
  }
  // dContactApprox1 is needed in both settings: without it mu is a force bound [N].
  run.settings.insert(run.settings.begin(), {"dContactApprox1",
                                             "makes mu the Coulomb coefficient (4-sided pyramid); "
                                             "without it mu is a force bound in newtons"});

  // dWorldQuickStep shuffles its constraint rows with ODE's one global generator: seeded per run,
  // a run's result (and its verdict) no longer depends on how many runs came before it.
  dRandSetSeed(0);
  const dWorldID world = dWorldCreate();
  const dSpaceID space = dSimpleSpaceCreate(nullptr);
  const dJointGroupID contacts = dJointGroupCreate(0);
  dWorldSetGravity(world, scene.gravity_W.x(), scene.gravity_W.y(), scene.gravity_W.z());
  if (exact) dWorldSetCFM(world, 1e-12);
  std::vector<dGeomID> planes;
  for (const auto& p : scene.planes) {
    planes.push_back(
        dCreatePlane(space, p.normal_W.x(), p.normal_W.y(), p.normal_W.z(), p.offset_m));
  }
  const dBodyID body = dBodyCreate(world);
  dMass mass;
  // ODE's mass is given in the body frame S (orientation q0 at t = 0).
  const Eigen::Quaterniond q0 = scene.q0_WS.normalized();
  const Eigen::Matrix3d R0 = q0.toRotationMatrix();
  const Eigen::Matrix3d i = R0.transpose() * scene.inertia_C_W * R0;
  dMassSetParameters(&mass, scene.mass_kg, 0, 0, 0, i(0, 0), i(1, 1), i(2, 2), i(0, 1), i(0, 2),
                     i(1, 2));
  dBodySetMass(body, &mass);
  dBodySetPosition(body, scene.centre0_W.x(), scene.centre0_W.y(), scene.centre0_W.z());
  const dQuaternion q_ode{q0.w(), q0.x(), q0.y(), q0.z()};
  dBodySetQuaternion(body, q_ode);
  dBodySetLinearVel(body, scene.v_C0_W.x(), scene.v_C0_W.y(), scene.v_C0_W.z());
  dBodySetAngularVel(body, scene.omega0_W.x(), scene.omega0_W.y(), scene.omega0_W.z());
  const Eigen::Vector3d size = 2.0 * scene.half_extents_m;
  const dGeomID sphere = scene.shape == ShapeKind::kBox
                             ? dCreateBox(space, size.x(), size.y(), size.z())
                             : dCreateSphere(space, scene.radius_m);
  dGeomSetBody(sphere, body);
  if (scene.shape_offset_S.norm() > 0.0) {
    dGeomSetOffsetPosition(sphere, scene.shape_offset_S.x(), scene.shape_offset_S.y(),
                           scene.shape_offset_S.z());
  }

  constexpr int kMaxContactsPerPlane = 4;
  std::vector<dJointFeedback> feedback(planes.size() * kMaxContactsPerPlane);
  std::vector<int> feedback_plane(feedback.size(), -1);
  auto step = [&] {
    dBodyAddForce(body, scene.force_W.x(), scene.force_W.y(), scene.force_W.z());
    dBodyAddTorque(body, scene.torque_W.x(), scene.torque_W.y(), scene.torque_W.z());
    std::fill(feedback_plane.begin(), feedback_plane.end(), -1);
    std::size_t used = 0;
    for (std::size_t k = 0; k < planes.size(); ++k) {
      dContactGeom geoms[kMaxContactsPerPlane];
      const int n = dCollide(sphere, planes[k], kMaxContactsPerPlane, geoms, sizeof(dContactGeom));
      for (int c = 0; c < n; ++c) {
        dContact contact{};
        contact.surface.mode = dContactApprox1;
        contact.surface.mu = scene.planes[k].mu;
        contact.surface.bounce = 0.0;
        contact.geom = geoms[c];
        const dJointID joint = dJointCreateContact(world, contacts, &contact);
        // dCollide(body geom, plane) orders the geoms so that g1 is the body's.
        dJointAttach(joint, body, nullptr);
        dJointSetFeedback(joint, &feedback[used]);
        feedback_plane[used] = static_cast<int>(k);
        ++used;
      }
    }
    if (exact) {
      dWorldStep(world, o.step_s);
    } else {
      dWorldQuickStep(world, o.step_s);
    }
  };
  auto read = [&](double t) {
    const dReal* x = dBodyGetPosition(body);
    const dReal* v = dBodyGetLinearVel(body);
    const dReal* w = dBodyGetAngularVel(body);
    const dReal* q = dBodyGetQuaternion(body);
    EngineSample s = makeSample(scene, t, Eigen::Vector3d(x[0], x[1], x[2]),
                                Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized(),
                                Eigen::Vector3d(v[0], v[1], v[2]), Eigen::Vector3d(w[0], w[1], w[2]));
    for (std::size_t j = 0; j < feedback.size(); ++j) {
      if (feedback_plane[j] < 0) continue;
      const auto k = static_cast<std::size_t>(feedback_plane[j]);
      const Eigen::Vector3d force_W(feedback[j].f1[0], feedback[j].f1[1], feedback[j].f1[2]);
      const Eigen::Vector3d& n = scene.planes[k].normal_W;
      s.contacts[k].normal_force_N += n.dot(force_W);
      s.contacts[k].tangential_force_W += force_W - n.dot(force_W) * n;
    }
    dJointGroupEmpty(contacts);
    return s;
  };
  stepAndRecord(scene, o, run, step, read, [] { return std::string(); });
  dJointGroupDestroy(contacts);
  dSpaceDestroy(space);  // destroys the geoms it holds
  dWorldDestroy(world);
  message_sink = nullptr;
  return run;
}

}  // namespace nsd::engines
