#include <nsdkit/engines/dart/dart_sphere.hpp>

#include <dart/collision/CollisionObject.hpp>
#include <dart/collision/ode/OdeCollisionDetector.hpp>
#include <dart/config.hpp>
#include <dart/constraint/ConstraintSolver.hpp>
#include <dart/dynamics/BodyNode.hpp>
#include <dart/dynamics/BoxShape.hpp>
#include <dart/dynamics/EllipsoidShape.hpp>
#include <dart/dynamics/FreeJoint.hpp>
#include <dart/dynamics/PlaneShape.hpp>
#include <dart/dynamics/ShapeNode.hpp>
#include <dart/dynamics/Skeleton.hpp>
#include <dart/dynamics/SphereShape.hpp>
#include <dart/dynamics/WeldJoint.hpp>
#include <dart/simulation/World.hpp>
#include <memory>

#include <iostream>
#include <mutex>

#include <nsdkit/core/stream_capture.hpp>

namespace nsd::engines {
namespace {

// std::cerr is process-wide: one capture at a time.
std::mutex& captureMutex() {
  static std::mutex m;
  return m;
}

}  // namespace

EngineRun runDart(const SphereScene& scene, const EngineRunOptions& o) {
  EngineRun run = startRun(scene, o, "dart", DART_VERSION);
  const bool exact = o.setting == EngineSetting::kExact;
  if (exact && scene.shape == ShapeKind::kEllipsoid) {
    run.not_representable =
        "DART's ODE collision detector (the exact setting) has no ellipsoid; its FCL default "
        "runs it";
    return run;
  }
  using namespace dart::dynamics;
  // DART warns while it builds the world and its collision objects (first step): capture that
  // part only, so that runs in other threads are not held up for their whole length.
  std::unique_lock<std::mutex> capture_lock(captureMutex());
  auto capture = std::make_unique<StreamCapture>(std::cerr);  // DART warns on std::cerr

  auto world = dart::simulation::World::create("nsdkit");
  world->setGravity(scene.gravity_W);
  world->setTimeStep(o.step_s);
  if (exact) {
    world->getConstraintSolver()->setCollisionDetector(
        dart::collision::OdeCollisionDetector::create());
    run.settings = {{"OdeCollisionDetector",
                     "exact sphere and plane primitives; the default FCL detector tessellates the "
                     "sphere and replaces planes by large boxes"}};
  }
  std::vector<const ShapeNode*> plane_nodes;
  for (std::size_t k = 0; k < scene.planes.size(); ++k) {
    const auto& p = scene.planes[k];
    auto skeleton = Skeleton::create("plane" + std::to_string(k));
    auto pair = skeleton->createJointAndBodyNodePair<WeldJoint>();
    auto shape = std::make_shared<PlaneShape>(p.normal_W, p.offset_m);
    auto* node = pair.second->createShapeNodeWith<CollisionAspect, DynamicsAspect>(shape);
    node->getDynamicsAspect()->setFrictionCoeff(p.mu);
    node->getDynamicsAspect()->setRestitutionCoeff(0.0);
    skeleton->setMobile(false);
    plane_nodes.push_back(node);
    world->addSkeleton(skeleton);
  }
  auto skeleton = Skeleton::create("sphere");
  auto pair = skeleton->createJointAndBodyNodePair<FreeJoint>();
  FreeJoint* joint = pair.first;
  BodyNode* body = pair.second;
  // DART's inertia is in the body frame S (orientation q0 at t = 0).
  const Eigen::Matrix3d R0 = scene.q0_WS.normalized().toRotationMatrix();
  body->setInertia(
      Inertia(scene.mass_kg, Eigen::Vector3d::Zero(), R0.transpose() * scene.inertia_C_W * R0));
  ShapePtr shape;
  if (scene.shape == ShapeKind::kBox) {
    shape = std::make_shared<BoxShape>(2.0 * scene.half_extents_m);
  } else if (scene.shape == ShapeKind::kEllipsoid) {
    shape = std::make_shared<EllipsoidShape>(2.0 * scene.half_extents_m);  // diameters
  } else {
    shape = std::make_shared<SphereShape>(scene.radius_m);
  }
  auto* sphere_node = body->createShapeNodeWith<CollisionAspect, DynamicsAspect>(shape);
  sphere_node->setRelativeTranslation(scene.shape_offset_S);
  sphere_node->getDynamicsAspect()->setFrictionCoeff(1e3);
  sphere_node->getDynamicsAspect()->setRestitutionCoeff(0.0);
  Eigen::Isometry3d start = Eigen::Isometry3d::Identity();
  start.translation() = scene.centre0_W;
  start.linear() = R0;
  joint->setTransform(start);
  joint->setLinearVelocity(scene.v_C0_W);
  joint->setAngularVelocity(scene.omega0_W);
  world->addSkeleton(skeleton);

  auto step = [&] {
    body->setExtForce(scene.force_W);
    body->setExtTorque(scene.torque_W);
    world->step();
    if (capture) {
      run.engine_messages = capture->text();
      capture.reset();
      capture_lock.unlock();
    }
  };
  auto read = [&](double t) {
    const Eigen::Quaterniond q_WS(body->getWorldTransform().linear());
    EngineSample s = makeSample(scene, t, body->getCOM(), q_WS.normalized(),
                                body->getCOMLinearVelocity(), body->getAngularVelocity());
    const auto& result = world->getLastCollisionResult();
    for (std::size_t c = 0; c < result.getNumContacts(); ++c) {
      const auto& contact = result.getContact(c);
      const auto* frame1 = contact.collisionObject1->getShapeFrame();
      const auto* frame2 = contact.collisionObject2->getShapeFrame();
      std::size_t k = plane_nodes.size();
      for (std::size_t q = 0; q < plane_nodes.size(); ++q) {
        if (frame1 == plane_nodes[q] || frame2 == plane_nodes[q]) k = q;
      }
      if (k == plane_nodes.size()) continue;
      // `force` acts on the first object of the pair.
      const Eigen::Vector3d force_W = frame1 == sphere_node ? contact.force : -contact.force;
      const Eigen::Vector3d& n = scene.planes[k].normal_W;
      s.contacts[k].normal_force_N += n.dot(force_W);
      s.contacts[k].tangential_force_W += force_W - n.dot(force_W) * n;
    }
    return s;
  };
  stepAndRecord(scene, o, run, step, read, [] { return std::string(); });
  if (capture) run.engine_messages = capture->text();
  return run;
}

}  // namespace nsd::engines
