// Finding torque_bypasses_contact: ammo.js's contact solve does not see the velocity change of a
// torque applied with btRigidBody.applyTorque. A solid sphere (m = 1 kg, r = 0.05 m, J = 0.4 m r^2)
// on the plane z = 0 (mu = 0.5, g = 9.81 m/s^2 along -z) driven by a torque tau = 0.05 N m about y
// must roll without slipping (it needs |F_t|/N = tau r / ((J + m r^2) g) = 0.073 < mu): the contact point's
// velocity is 0. ammo.js leaves it slipping by r tau h / J every step (one step's spin-up), while a
// force applied with applyCentralForce is held. Frames: W, z up; SI units.
import AmmoFactory from 'ammojs-typed/wasm';

const Ammo = await AmmoFactory();
const r = 0.05, m = 1, J = 0.4 * m * r * r, mu = 0.5, tau = 0.05;
const objects = [];
const own = (o) => { objects.push(o); return o; };
const vec = (x, y, z) => own(new Ammo.btVector3(x, y, z));

/** Slip velocity along x of the contact point after `steps` steps of h (v + omega x (-r z)). */
function slipAfter(h, steps) {
  const configuration = own(new Ammo.btDefaultCollisionConfiguration());
  const dispatcher = own(new Ammo.btCollisionDispatcher(configuration));
  const broadphase = own(new Ammo.btDbvtBroadphase());
  const solver = own(new Ammo.btSequentialImpulseConstraintSolver());
  const world = own(new Ammo.btDiscreteDynamicsWorld(dispatcher, broadphase, solver, configuration));
  world.setGravity(vec(0, 0, -9.81));
  const identity = own(new Ammo.btTransform()); identity.setIdentity();
  const planeInfo = own(new Ammo.btRigidBodyConstructionInfo(0, own(new Ammo.btDefaultMotionState(identity)),
    own(new Ammo.btStaticPlaneShape(vec(0, 0, 1), 0)), vec(0, 0, 0)));
  planeInfo.set_m_friction(mu);  // combined friction = product = mu
  const plane = own(new Ammo.btRigidBody(planeInfo));
  world.addRigidBody(plane);
  const start = own(new Ammo.btTransform()); start.setIdentity(); start.setOrigin(vec(0, 0, r));
  const info = own(new Ammo.btRigidBodyConstructionInfo(m, own(new Ammo.btDefaultMotionState(start)),
    own(new Ammo.btSphereShape(r)), vec(J, J, J)));
  info.set_m_friction(1);
  const sphere = own(new Ammo.btRigidBody(info));
  world.addRigidBody(sphere);
  const torque = vec(0, tau, 0);
  for (let i = 0; i < steps; ++i) {
    sphere.applyTorque(torque);
    world.stepSimulation(h, 0);
  }
  const slip = sphere.getLinearVelocity().x() - r * sphere.getAngularVelocity().y();
  world.removeRigidBody(sphere); world.removeRigidBody(plane);
  return slip;
}

let measured = 0;
for (const h of [1e-3, 1e-4]) {
  const slip = slipAfter(h, Math.round(0.1 / h));
  console.log(`h = ${h} s: contact slip after 0.1 s ${slip.toExponential(3)} m/s; ` +
              `r tau h / J = ${(r * tau * h / J).toExponential(3)} m/s; analytic (rolling) 0 m/s`);
  if (h === 1e-3) measured = Math.abs(slip);
}
for (let i = objects.length - 1; i >= 0; --i) Ammo.destroy(objects[i]);
console.log(`FINDING torque_bypasses_contact: measured ${measured.toExponential(3)} m/s, analytic 0 m/s`);
process.exit(measured > 0.5 * r * tau * 1e-3 / J ? 0 : 1);
