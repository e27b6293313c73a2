// Finding no_gyroscopic_term: ammo.js (Bullet 2.82) integrates a free body's angular velocity
// without the gyroscopic term omega x I omega unless flag 2 (BT_ENABLE_GYROPSCOPIC_FORCE) is set;
// the flags 4 and 8 of later Bullets do nothing. A torque-free body with principal moments
// (1, 2, 3) kg m^2 spinning at (0.1, 2, 0.1) rad/s (W, body axes = W at t = 0) must keep its
// angular momentum L in W: L_z = 0.3 kg m^2/s. With the defaults omega stays constant in W and
// L turns with the body. No contact is involved (no case of nsdkit's set that ammo.js can build
// depends on it: its spheres are isotropic and its boxes do not spin). SI units.
import AmmoFactory from 'ammojs-typed/wasm';

const Ammo = await AmmoFactory();
const moments = [1, 2, 3], h = 1e-3;
const objects = [];
const own = (o) => { objects.push(o); return o; };
const vec = (x, y, z) => own(new Ammo.btVector3(x, y, z));

/** L in W [kg m^2/s] after 2 s with the rigid-body flags `flags` (null: the defaults). */
function angularMomentum(flags) {
  const configuration = own(new Ammo.btDefaultCollisionConfiguration());
  const dispatcher = own(new Ammo.btCollisionDispatcher(configuration));
  const world = own(new Ammo.btDiscreteDynamicsWorld(dispatcher, own(new Ammo.btDbvtBroadphase()),
    own(new Ammo.btSequentialImpulseConstraintSolver()), configuration));
  world.setGravity(vec(0, 0, 0));
  const start = own(new Ammo.btTransform()); start.setIdentity();
  const info = own(new Ammo.btRigidBodyConstructionInfo(1, own(new Ammo.btDefaultMotionState(start)),
    own(new Ammo.btSphereShape(0.1)), vec(...moments)));
  const body = own(new Ammo.btRigidBody(info));
  body.setActivationState(4);  // DISABLE_DEACTIVATION
  if (flags !== null) body.setFlags(flags);
  body.setAngularVelocity(vec(0.1, 2, 0.1));
  world.addRigidBody(body);
  for (let i = 0; i < Math.round(2 / h); ++i) world.stepSimulation(h, 0);
  const basis = body.getCenterOfMassTransform().getBasis();
  const R = [0, 1, 2].map((i) => { const row = basis.getRow(i); return [row.x(), row.y(), row.z()]; });
  const w = body.getAngularVelocity();
  const wW = [w.x(), w.y(), w.z()];
  const wB = [0, 1, 2].map((k) => R[0][k] * wW[0] + R[1][k] * wW[1] + R[2][k] * wW[2]);  // R^T w
  const LB = wB.map((x, k) => x * moments[k]);
  world.removeRigidBody(body);
  return [0, 1, 2].map((i) => R[i][0] * LB[0] + R[i][1] * LB[1] + R[i][2] * LB[2]);  // R L_B
}

const defaults = angularMomentum(null);
const explicit = angularMomentum(2);
console.log(`L_W(2 s) with the defaults: ${defaults.map((x) => x.toFixed(4)).join(', ')} kg m^2/s`);
console.log(`L_W(2 s) with flag 2:       ${explicit.map((x) => x.toFixed(4)).join(', ')} kg m^2/s`);
console.log('analytic (conserved):       0.1000, 4.0000, 0.3000 kg m^2/s');
for (let k = objects.length - 1; k >= 0; --k) Ammo.destroy(objects[k]);
console.log(`FINDING no_gyroscopic_term: measured ${defaults[2].toFixed(4)} kg m^2/s, analytic 0.3000 kg m^2/s`);
process.exit(Math.abs(defaults[2] - 0.3) > 0.03 ? 0 : 1);
