// Finding box_stops_early: a box sliding on a plane at h = 1e-3 s stops 20 % short.
// Scene (nsdkit's case block/sliding/heading0): box 10 x 10 x 5 cm (half extents 0.05, 0.05,
// 0.025 m), m = 1 kg, resting face-down on z = 0, launched at 1 m/s along x, mu = 0.3,
// g = 9.81 m/s^2. Exact: deceleration mu g in a straight line, stop after v0^2/(2 mu g) =
// 0.1699 m at v0/(mu g) = 0.3398 s. ammo.js rocks the box on one contact point added per step
// (rotation rates up to 1.8 rad/s where the exact one is 0), friction reaches ~0.58 N per N and
// it stops after 0.135 m; at h = 1e-4 it stops after 0.169 m. Frames: W, z up; SI units.
import AmmoFactory from 'ammojs-typed/wasm';

const Ammo = await AmmoFactory();
const half = [0.05, 0.05, 0.025], m = 1, mu = 0.3, g = 9.81, v0 = 1;
const inertia = [m / 3 * (half[1] ** 2 + half[2] ** 2), m / 3 * (half[0] ** 2 + half[2] ** 2),
  m / 3 * (half[0] ** 2 + half[1] ** 2)];
const objects = [];
const own = (o) => { objects.push(o); return o; };
const vec = (x, y, z) => own(new Ammo.btVector3(x, y, z));

/** Distance slid [m], time of the stop [s] (first |v| < 1e-3 m/s), largest |omega| [rad/s]. */
function slide(h) {
  const configuration = own(new Ammo.btDefaultCollisionConfiguration());
  const dispatcher = own(new Ammo.btCollisionDispatcher(configuration));
  const world = own(new Ammo.btDiscreteDynamicsWorld(dispatcher, own(new Ammo.btDbvtBroadphase()),
    own(new Ammo.btSequentialImpulseConstraintSolver()), configuration));
  world.setGravity(vec(0, 0, -g));
  const identity = own(new Ammo.btTransform()); identity.setIdentity();
  const planeInfo = own(new Ammo.btRigidBodyConstructionInfo(0, own(new Ammo.btDefaultMotionState(identity)),
    own(new Ammo.btStaticPlaneShape(vec(0, 0, 1), 0)), vec(0, 0, 0)));
  planeInfo.set_m_friction(mu);
  const plane = own(new Ammo.btRigidBody(planeInfo));
  world.addRigidBody(plane);
  const start = own(new Ammo.btTransform()); start.setIdentity(); start.setOrigin(vec(0, 0, half[2]));
  const shape = own(new Ammo.btBoxShape(vec(...half)));  // default margin 0.1 * 0.025 m
  const info = own(new Ammo.btRigidBodyConstructionInfo(m, own(new Ammo.btDefaultMotionState(start)),
    shape, vec(...inertia)));
  info.set_m_friction(1);
  const box = own(new Ammo.btRigidBody(info));
  box.setLinearVelocity(vec(v0, 0, 0));
  world.addRigidBody(box);
  let stopTime = null, maxSpin = 0;
  for (let i = 1; i <= Math.round(0.6 / h); ++i) {
    world.stepSimulation(h, 0);
    const w = box.getAngularVelocity();
    maxSpin = Math.max(maxSpin, w.length());
    if (stopTime === null && box.getLinearVelocity().length() < 1e-3) stopTime = i * h;
  }
  const distance = box.getCenterOfMassTransform().getOrigin().x();
  world.removeRigidBody(box); world.removeRigidBody(plane);
  return { distance, stopTime, maxSpin, margin: shape.getMargin() };
}

const exactDistance = v0 * v0 / (2 * mu * g), exactTime = v0 / (mu * g);
let measured = 0;
for (const h of [1e-3, 1e-4]) {
  const run = slide(h);
  console.log(`h = ${h} s (margin ${run.margin.toFixed(4)} m): slid ${run.distance.toFixed(4)} m ` +
              `(analytic ${exactDistance.toFixed(4)}), stopped at ${run.stopTime === null ? "never" : run.stopTime.toFixed(4)} s ` +
              `(analytic ${exactTime.toFixed(4)}), max |omega| ${run.maxSpin.toFixed(2)} rad/s (analytic 0)`);
  if (h === 1e-3) measured = run.distance;
}
for (let k = objects.length - 1; k >= 0; --k) Ammo.destroy(objects[k]);
console.log(`FINDING box_stops_early: measured ${measured.toFixed(4)} m, analytic ${exactDistance.toFixed(4)} m`);
process.exit(measured < 0.95 * exactDistance ? 0 : 1);
