// A foreign solver for nsdkit's scorer: ammo.js (Bullet 2.82 compiled to WebAssembly by
// Emscripten, single precision; npm ammojs-typed 1.1.0) runs every case of a folder written by
// `nsdkit validate --export-cases` and writes <out>/<i>.csv and <out>/solver.json for
// `nsdkit validate --score` (docs/validation.md, "Bring your own solver").
//
//   node run_cases.mjs CASES_DIR OUT_DIR [--setting defaults|tuned] [--step H]
//
// Each case is built from its scene alone. Frames: W is the case's world frame (every vector of
// the scene and of the trajectory, SI units); S is the shape's frame (half extents); B is the
// Bullet body's frame, the principal axes of the inertia (Bullet keeps a diagonal local inertia),
// with R_WB(0) = R_WS(0) P, P the principal axes in S. The recorded orientation is
// R_WS(t) = R_WB(t) P^T; Bullet's angular velocity is already in W.
//
// Settings: `defaults` is what an ammo.js user runs (the engine's defaults; only the time step,
// gravity, friction and restitution set), `tuned` changes the values listed in TUNED_SETTINGS.
import AmmoFactory from 'ammojs-typed/wasm';
import {
  parseArguments, runCases, bodyFrameInertia, principalInertia, quatMultiply, fail,
} from '../common/runner_common.mjs';

const ENGINE = 'ammo.js';
const PACKAGE_VERSION = '1.1.0';  // npm ammojs-typed, pinned in package.json
const SETTINGS = ['defaults', 'tuned'];

// Left at the defaults in `tuned` too, measured (FINDINGS.md): sleeping (Bullet deactivates a
// body after 2 s below 0.8 m/s and 1 rad/s; every representable case lasts at most 1 s), the
// solver's 10 iterations (50 or 200 change no trough verdict and move the block's slope
// acceleration from 0.9 % to 2 % off), the box's collision margin (0 and 1 mm give the same
// trajectories as the default 2.5 mm) and one friction direction per contact (the binding has no
// solver mode; two, written into the solver info's memory for a test, make trough cases that
// must slip keep rolling: 75 of 145 pass instead of 84-85 at h = 1e-3).
const TUNED_SETTINGS = [
  { setting: 'torque as an angular velocity step I_W^-1 tau h before each step, not applyTorque',
    reason: "Bullet's contact solve does not see applyTorque's velocity change: the contact slips " +
            'by r tau h / J every step (reproducers/torque_bypasses_contact.mjs)' },
];

/** The settings every run shares (listed in solver.json too): how the case's data is mapped. */
const COMMON_SETTINGS = [
  { setting: 'body friction 1, plane friction mu, rolling friction 0, restitution 0',
    reason: "Bullet 2.82 combines friction by product: mu_body * mu_plane = the case's mu per plane" },
  { setting: 'stepSimulation(h, 0)',
    reason: 'one fixed step of h per call (no interpolation, no substeps)' },
];

const ELLIPSOID_REASON = 'ammo.js has no ellipsoid primitive: a scaled btMultiSphereShape has the ' +
  'support point S d/|d|, not the ellipsoid\'s S^2 d/|S d|, and custom convex shapes cannot be ' +
  'written from JavaScript';

/** Quaternion conjugate (w, x, y, z). */
const conjugate = ([w, x, y, z]) => [w, -x, -y, -z];

/**
 * The body frame B of a scene: Bullet's diagonal inertia (moments, kg m^2) and the orientation
 * P (w, x, y, z) of B in S. A tensor already diagonal in S to rounding keeps B = S.
 */
function bodyFrame(scene) {
  const I = bodyFrameInertia(scene);  // I_S, about the mass centre [kg m^2]
  const trace = I[0][0] + I[1][1] + I[2][2];
  const off = Math.abs(I[0][1]) + Math.abs(I[0][2]) + Math.abs(I[1][2]);
  if (off <= 1e-14 * trace) return { moments: [I[0][0], I[1][1], I[2][2]], P: [1, 0, 0, 0] };
  const principal = principalInertia(I);
  return { moments: principal.moments, P: principal.axes_wxyz };
}

/** Owns the Ammo objects of one run and destroys them (Emscripten heap, no GC). */
class Owned {
  constructor(Ammo) { this.Ammo = Ammo; this.objects = []; }
  add(object) { this.objects.push(object); return object; }
  vector(v) { return this.add(new this.Ammo.btVector3(v[0], v[1], v[2])); }
  destroyAll() {
    for (let i = this.objects.length - 1; i >= 0; --i) this.Ammo.destroy(this.objects[i]);
    this.objects = [];
  }
}

/**
 * The body's collision shape in B: a sphere as is (round, about its mass centre), a box as a
 * btBoxShape (Bullet's default collision margin, 0.1 times the smallest half extent, rounds its
 * edges inside the given extents), in a compound when S differs from B or the shape is offset.
 */
function makeBodyShape(Ammo, own, scene, P) {
  let shape;
  if (scene.shape === 'sphere') return own.add(new Ammo.btSphereShape(scene.radius_m));
  if (scene.shape === 'box') shape = own.add(new Ammo.btBoxShape(own.vector(scene.half_extents_m)));
  else fail(`unknown shape '${scene.shape}'`);
  const offset = scene.shape_offset_m;
  if (P[0] === 1 && offset.every((x) => x === 0)) return shape;
  // The child's transform: S in B is P^T, the offset (given in S) is P^T offset in B.
  const qSB = conjugate(P);
  const child = own.add(new Ammo.btTransform());
  child.setIdentity();
  const rotationSB = own.add(new Ammo.btQuaternion(qSB[1], qSB[2], qSB[3], qSB[0]));
  child.setRotation(rotationSB);
  const offsetB = rotateVector(qSB, offset);
  child.setOrigin(own.vector(offsetB));
  const compound = own.add(new Ammo.btCompoundShape());
  compound.addChildShape(child, shape);
  return compound;
}

/** v rotated by the unit quaternion q (w, x, y, z). */
function rotateVector(q, v) {
  const r = quatMultiply(quatMultiply(q, [0, ...v]), conjugate(q));
  return [r[1], r[2], r[3]];
}

/** A static plane {p : n . p = d} of W with friction mu (Bullet's product rule: body has 1). */
function addPlane(Ammo, own, world, plane) {
  const shape = own.add(new Ammo.btStaticPlaneShape(own.vector(plane.normal), plane.offset_m));
  const identity = own.add(new Ammo.btTransform());
  identity.setIdentity();
  const motion = own.add(new Ammo.btDefaultMotionState(identity));
  const info = own.add(new Ammo.btRigidBodyConstructionInfo(0, motion, shape, own.vector([0, 0, 0])));
  info.set_m_friction(plane.mu);
  info.set_m_rollingFriction(0);
  info.set_m_restitution(0);
  const body = own.add(new Ammo.btRigidBody(info));
  world.addRigidBody(body);
  return body;
}

/** The world: Bullet's default collision configuration and sequential-impulse solver. */
function makeWorld(Ammo, own, scene) {
  const configuration = own.add(new Ammo.btDefaultCollisionConfiguration());
  const dispatcher = own.add(new Ammo.btCollisionDispatcher(configuration));
  const broadphase = own.add(new Ammo.btDbvtBroadphase());
  const solver = own.add(new Ammo.btSequentialImpulseConstraintSolver());
  const world = own.add(new Ammo.btDiscreteDynamicsWorld(dispatcher, broadphase, solver, configuration));
  world.setGravity(own.vector(scene.gravity_m_s2));
  return world;
}

/** The moving body at its initial state (position, orientation R_WB = R_WS P, velocities in W). */
function addBody(Ammo, own, world, scene, frame) {
  const shape = makeBodyShape(Ammo, own, scene, frame.P);
  const start = own.add(new Ammo.btTransform());
  start.setIdentity();
  start.setOrigin(own.vector(scene.initial_state.position_m));
  const qWB = quatMultiply(scene.initial_state.orientation_wxyz, frame.P);
  start.setRotation(own.add(new Ammo.btQuaternion(qWB[1], qWB[2], qWB[3], qWB[0])));
  const motion = own.add(new Ammo.btDefaultMotionState(start));
  const info = own.add(new Ammo.btRigidBodyConstructionInfo(scene.mass_kg, motion, shape,
    own.vector(frame.moments)));
  info.set_m_friction(1);
  info.set_m_rollingFriction(0);
  info.set_m_restitution(0);
  const body = own.add(new Ammo.btRigidBody(info));
  body.setLinearVelocity(own.vector(scene.initial_state.velocity_m_s));
  body.setAngularVelocity(own.vector(scene.initial_state.angular_velocity_rad_s));
  world.addRigidBody(body);
  return body;
}

/**
 * Adds the torque's angular velocity change over one step, I_W^-1 tau h, to the body's angular
 * velocity before the step (W; I_W = R_WB diag(moments) R_WB^T at the step's start), so that the
 * contact solve sees it. `scratch` is a btVector3 reused for the new velocity.
 */
function applyTorqueAsVelocityStep(body, torque, moments, h, scratch) {
  if (torque.every((x) => x === 0)) return;
  const r = body.getCenterOfMassTransform().getRotation();
  const qWB = [r.w(), r.x(), r.y(), r.z()];
  const tauB = rotateVector(conjugate(qWB), torque);
  const dOmega = rotateVector(qWB, tauB.map((x, k) => x * h / moments[k]));
  const w = body.getAngularVelocity();
  scratch.setValue(w.x() + dOmega[0], w.y() + dOmega[1], w.z() + dOmega[2]);
  body.setAngularVelocity(scratch);
}

/** Simulates one case at step h and records a sample at t = 0 and after every step. */
function simulateCase(Ammo, c, trajectory, options) {
  const scene = c.scene;
  if (scene.shape === 'ellipsoid') return { notRepresentable: ELLIPSOID_REASON };
  const tuned = options.setting === 'tuned';
  const own = new Owned(Ammo);
  try {
    const world = makeWorld(Ammo, own, scene);
    for (const plane of scene.planes) addPlane(Ammo, own, world, plane);
    const frame = bodyFrame(scene);
    const body = addBody(Ammo, own, world, scene, frame);
    const force = own.vector(scene.force_N);
    const torque = own.vector(scene.torque_N_m);
    const qBS = conjugate(frame.P);
    const record = (t) => {
      const transform = body.getCenterOfMassTransform();
      const origin = transform.getOrigin();
      const rotation = transform.getRotation();  // R_WB as (x, y, z, w)
      const qWB = [rotation.w(), rotation.x(), rotation.y(), rotation.z()];
      const n = Math.hypot(...qWB);
      const qWS = quatMultiply(qWB.map((x) => x / n), qBS);
      const v = body.getLinearVelocity();
      const w = body.getAngularVelocity();
      trajectory.record(t, [origin.x(), origin.y(), origin.z()], qWS, [v.x(), v.y(), v.z()],
        [w.x(), w.y(), w.z()]);
    };
    record(0);
    const steps = Math.round(c.duration_s / options.step);
    const angularStep = own.vector([0, 0, 0]);  // scratch for the tuned torque step
    for (let i = 1; i <= steps; ++i) {
      body.applyCentralForce(force);  // W, cleared by every stepSimulation
      if (tuned) applyTorqueAsVelocityStep(body, scene.torque_N_m, frame.moments, options.step, angularStep);
      else body.applyTorque(torque);  // W
      world.stepSimulation(options.step, 0);
      record(i * options.step);
      if (!trajectory.finite) break;  // scored as such
    }
    for (const object of own.objects) {
      if (object instanceof Ammo.btRigidBody) world.removeRigidBody(object);
    }
  } finally {
    own.destroyAll();
  }
  return undefined;
}

const options = parseArguments(process.argv.slice(2), SETTINGS);
const [casesDir, outDir] = options.positional;
const Ammo = await AmmoFactory();
const manifest = {
  name: `ammo.js-${PACKAGE_VERSION}/${options.setting}/h=${options.step}`,
  version: `ammojs-typed ${PACKAGE_VERSION} (Bullet 2.82, float, WebAssembly)`,
  step_s: options.step,
  settings: [...COMMON_SETTINGS, ...(options.setting === 'tuned' ? TUNED_SETTINGS : [])],
};
const started = process.hrtime.bigint();
const { written, declined } = await runCases(casesDir, outDir, manifest,
  (c, trajectory) => simulateCase(Ammo, c, trajectory, options));
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`${ENGINE} ${PACKAGE_VERSION} (${options.setting}, h = ${options.step}): ${written} ` +
            `trajectories, ${declined} not representable, written to ${outDir} in ${seconds.toFixed(1)} s`);
