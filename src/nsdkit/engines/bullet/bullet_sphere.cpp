#include <nsdkit/engines/bullet/bullet_sphere.hpp>

#include <nsdkit/engines/bullet/bullet_ellipsoid.hpp>
#include <nsdkit/engines/bullet/bullet_vectors.hpp>

#include <BulletDynamics/MLCPSolvers/btDantzigSolver.h>
#include <BulletDynamics/MLCPSolvers/btMLCPSolver.h>
#include <LinearMath/btScalar.h>
#include <btBulletDynamicsCommon.h>

#include <memory>
#include <mutex>

namespace nsd::engines {
namespace {

// Bullet 3.24's Dantzig LCP routine (btDantzigLCP.cpp, btSolveDantzigLCP) reports a failed pivot
// through one process-global flag, `bool s_error`: each call clears it on entry and at every
// driving index, sets it when the step length is not positive, breaks out of its loop when it
// reads it set, and returns !s_error. Two worlds solving in two threads read each other's flag:
// a failed solve is returned as a success (its partly zeroed impulses are applied) and a good one
// as a failure (btMLCPSolver then falls back to projected Gauss-Seidel), so a run's trajectory,
// and the mode a map reads from it, depended on thread timing. The flag lives and dies within
// one call, so serializing the calls makes every run the same as when it runs alone.
std::mutex& dantzigGlobalFlagMutex() {
  static std::mutex m;
  return m;
}

// Bullet's Dantzig solver, one call of the LCP routine at a time in the process; it counts its
// solves and the failed ones (each failed solve is a step btMLCPSolver solves by projected
// Gauss-Seidel instead, which the run must say).
class SerializedDantzigSolver final : public btDantzigSolver {
 public:
  bool solveMLCP(const btMatrixXu& A, const btVectorXu& b, btVectorXu& x, const btVectorXu& lo,
                 const btVectorXu& hi, const btAlignedObjectArray<int>& limit_dependency,
                 int iterations, bool use_sparsity) override {
    const std::lock_guard<std::mutex> lock(dantzigGlobalFlagMutex());
    const bool solved =
        btDantzigSolver::solveMLCP(A, b, x, lo, hi, limit_dependency, iterations, use_sparsity);
    ++solves_;
    if (!solved) ++failed_solves_;
    return solved;
  }
  long solves() const { return solves_; }
  long failedSolves() const { return failed_solves_; }

 private:
  long solves_ = 0;
  long failed_solves_ = 0;
};

// The run note of an exact run whose direct solves failed in some steps: those steps' impulses
// are projected Gauss-Seidel's (m_numIterations sweeps), not the LCP's solution.
void noteFallbackSteps(const SerializedDantzigSolver& dantzig, EngineRun& run) {
  if (dantzig.failedSolves() == 0) return;
  run.settings.push_back(
      {kRunNoteSetting, "the direct (Dantzig) LCP solve failed in " +
                         std::to_string(dantzig.failedSolves()) + " of the " +
                         std::to_string(dantzig.solves()) +
                         " steps with contacts; btMLCPSolver solved those steps by projected "
                         "Gauss-Seidel (200 iterations) instead"});
}

using detail::bt;
using detail::eig;

btMatrix3x3 btMatrix(const Eigen::Matrix3d& c) {
  return btMatrix3x3(c(0, 0), c(0, 1), c(0, 2), c(1, 0), c(1, 1), c(1, 2), c(2, 0), c(2, 1),
                     c(2, 2));
}

// The body's collision shape. The body frame is the principal frame R (Bullet's inertia is
// diagonal); the shape's frame S sits in it at R^T R0, offset by R^T R0 shape_offset_S, inside
// a compound. A sphere needs neither and is used directly.
struct BodyShape {
  std::unique_ptr<btCollisionShape> primitive;
  std::unique_ptr<btCompoundShape> compound;
  Eigen::Matrix3d shape_in_body = Eigen::Matrix3d::Identity();
  btCollisionShape* collision() const {
    return compound ? static_cast<btCollisionShape*>(compound.get()) : primitive.get();
  }
};

BodyShape makeBodyShape(const SphereScene& scene, const PrincipalInertia& principal) {
  BodyShape out;
  const Eigen::Matrix3d R0 = scene.q0_WS.normalized().toRotationMatrix();
  out.shape_in_body = principal.rotation_W_body.transpose() * R0;
  if (scene.shape == ShapeKind::kSphere) {
    out.primitive = std::make_unique<btSphereShape>(scene.radius_m);
    return out;
  }
  if (scene.shape == ShapeKind::kBox) {
    out.primitive = std::make_unique<btBoxShape>(bt(scene.half_extents_m));
  } else {
    // Bullet has no ellipsoid, and a unit btMultiSphereShape scaled by the semi-axes returns the
    // support point S d / |d|, not the ellipsoid's: our exact shape (bullet_ellipsoid.hpp),
    // margin 0, collided by its support function S^2 d / |S d|.
    out.primitive = makeBulletEllipsoid(scene.half_extents_m);
  }
  btTransform child;
  child.setIdentity();
  child.setOrigin(bt(out.shape_in_body * scene.shape_offset_S));
  child.setBasis(btMatrix(out.shape_in_body));
  out.compound = std::make_unique<btCompoundShape>(false, 1);
  out.compound->addChildShape(child, out.primitive.get());
  return out;
}

// The exact setting: the direct LCP solver, two friction directions, iterations to rounding.
void useExactSolverSettings(btDiscreteDynamicsWorld& world, EngineRun& run) {
  btContactSolverInfo& info = world.getSolverInfo();
  info.m_solverMode |= SOLVER_USE_2_FRICTION_DIRECTIONS;
  info.m_numIterations = 200;
  info.m_leastSquaresResidualThreshold = 0;
  info.m_splitImpulse = false;
  run.settings = {
      {"btMLCPSolver(btDantzigSolver)",
       "Bullet's direct (Dantzig) solver of the boxed LCP instead of 10 sweeps of projected "
       "Gauss-Seidel"},
      {"SOLVER_USE_2_FRICTION_DIRECTIONS",
       "two friction directions per contact (a 4-sided pyramid); the default has one, along the "
       "current slip, which cannot hold a V trough's lateral load"},
      {"m_numIterations = 200, m_leastSquaresResidualThreshold = 0",
       "iterations of the fallback and split solvers until rounding"},
      {"m_splitImpulse = false", "penetration recovery inside the velocity solve, as in the LCP"},
  };
}

// The contact forces of the last step on the body, per plane: the applied impulses (normal on B
// and the two lateral directions, acting on body A) over the step.
void addContactForces(btCollisionDispatcher& dispatcher, const btRigidBody& body,
                      const std::vector<std::unique_ptr<btRigidBody>>& planes,
                      const SphereScene& scene, double step_s, EngineSample& s) {
  for (int m = 0; m < dispatcher.getNumManifolds(); ++m) {
    const btPersistentManifold* manifold = dispatcher.getManifoldByIndexInternal(m);
    const bool body_is_a = manifold->getBody0() == &body;
    const btCollisionObject* other = body_is_a ? manifold->getBody1() : manifold->getBody0();
    std::size_t k = planes.size();
    for (std::size_t q = 0; q < planes.size(); ++q) {
      if (other == planes[q].get()) k = q;
    }
    if (k == planes.size()) continue;
    for (int c = 0; c < manifold->getNumContacts(); ++c) {
      const btManifoldPoint& pt = manifold->getContactPoint(c);
      Eigen::Vector3d impulse = pt.getAppliedImpulse() * eig(pt.m_normalWorldOnB) +
                                pt.m_appliedImpulseLateral1 * eig(pt.m_lateralFrictionDir1) +
                                pt.m_appliedImpulseLateral2 * eig(pt.m_lateralFrictionDir2);
      if (!body_is_a) impulse = -impulse;
      const Eigen::Vector3d force_W = impulse / step_s;
      const Eigen::Vector3d& n = scene.planes[k].normal_W;
      s.contacts[k].normal_force_N += n.dot(force_W);
      s.contacts[k].tangential_force_W += force_W - n.dot(force_W) * n;
    }
  }
}

}  // namespace

EngineRun runBullet(const SphereScene& scene, const EngineRunOptions& o) {
  EngineRun run = startRun(scene, o, "bullet",
                           std::to_string(btGetVersion() / 100) + "." +
                               std::to_string(btGetVersion() % 100) + " (double precision)");
  const bool exact = o.setting == EngineSetting::kExact;

  btDefaultCollisionConfiguration configuration;
  btCollisionDispatcher dispatcher(&configuration);
  btDbvtBroadphase broadphase;
  SerializedDantzigSolver dantzig;
  std::unique_ptr<btConstraintSolver> solver;
  if (exact) {
    solver = std::make_unique<btMLCPSolver>(&dantzig);
  } else {
    solver = std::make_unique<btSequentialImpulseConstraintSolver>();
  }
  btDiscreteDynamicsWorld world(&dispatcher, &broadphase, solver.get(), &configuration);
  world.setGravity(bt(scene.gravity_W));
  if (exact) useExactSolverSettings(world, run);

  std::vector<std::unique_ptr<btCollisionShape>> shapes;
  std::vector<std::unique_ptr<btRigidBody>> planes;
  for (const auto& p : scene.planes) {
    shapes.push_back(std::make_unique<btStaticPlaneShape>(bt(p.normal_W), p.offset_m));
    btRigidBody::btRigidBodyConstructionInfo info(0.0, nullptr, shapes.back().get());
    info.m_friction = p.mu;
    info.m_rollingFriction = 0.0;
    info.m_spinningFriction = 0.0;
    info.m_restitution = 0.0;
    planes.push_back(std::make_unique<btRigidBody>(info));
    world.addRigidBody(planes.back().get());
  }
  const PrincipalInertia principal = principalInertia(scene.inertia_C_W);
  const BodyShape shape = makeBodyShape(scene, principal);
  if (scene.shape == ShapeKind::kEllipsoid) {
    run.settings.push_back(
        {"ellipsoid as nsdkit's btConvexInternalShape",
         "Bullet has no ellipsoid primitive, and a btMultiSphereShape with local scaling returns a "
         "wrong support point (S d/|d|); our convex shape returns the exact one, S^2 d/|S d| "
         "(S = diag(semi-axes)), with collision margin 0"});
  }
  btCollisionShape* body_shape = shape.collision();
  const Eigen::Matrix3d& shape_in_body = shape.shape_in_body;
  btTransform start;
  start.setOrigin(bt(scene.centre0_W));
  start.setBasis(btMatrix(principal.rotation_W_body));
  btDefaultMotionState motion(start);
  btRigidBody::btRigidBodyConstructionInfo info(scene.mass_kg, &motion, body_shape,
                                                bt(principal.moments));
  info.m_friction = 1.0;
  info.m_rollingFriction = 0.0;
  info.m_spinningFriction = 0.0;
  info.m_restitution = 0.0;
  info.m_linearDamping = 0.0;
  info.m_angularDamping = 0.0;
  btRigidBody sphere(info);
  sphere.setActivationState(DISABLE_DEACTIVATION);
  sphere.setLinearVelocity(bt(scene.v_C0_W));
  sphere.setAngularVelocity(bt(scene.omega0_W));
  world.addRigidBody(&sphere);

  auto step = [&] {
    sphere.applyCentralForce(bt(scene.force_W));
    sphere.applyTorque(bt(scene.torque_W));
    world.stepSimulation(o.step_s, 1, o.step_s);
  };
  auto read = [&](double t) {
    const btTransform& tr = sphere.getCenterOfMassTransform();
    Eigen::Matrix3d body_W;
    for (int a = 0; a < 3; ++a) {
      for (int b = 0; b < 3; ++b) body_W(a, b) = tr.getBasis()[a][b];
    }
    const Eigen::Quaterniond q_WS(body_W * shape_in_body);
    EngineSample s = makeSample(scene, t, eig(tr.getOrigin()), q_WS.normalized(),
                                eig(sphere.getLinearVelocity()), eig(sphere.getAngularVelocity()));
    addContactForces(dispatcher, sphere, planes, scene, o.step_s, s);
    return s;
  };
  stepAndRecord(scene, o, run, step, read, [] { return std::string(); });
  if (exact) noteFallbackSteps(dantzig, run);
  world.removeRigidBody(&sphere);
  for (auto& p : planes) world.removeRigidBody(p.get());
  return run;
}

}  // namespace nsd::engines
