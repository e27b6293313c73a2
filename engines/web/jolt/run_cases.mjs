// A foreign solver for nsdkit's scorer: Jolt Physics (npm jolt-physics 1.1.0, the WebAssembly
// build, single precision) runs every case of a folder written by `nsdkit validate
// --export-cases` and writes <out>/<i>.csv and solver.json for `nsdkit validate --score`
// (docs/validation.md, "Bring your own solver").
//
//   node run_cases.mjs CASES_DIR OUT_DIR [--setting defaults|exact] [--step H]
//
// Each case is built from its scene alone, in a fresh PhysicsSystem: one dynamic body (sphere or
// box; the case's mass and its inertia tensor about the mass centre in the body frame S, given
// explicitly) and one static PlaneShape per plane, gravity, the constant force and torque (in W,
// at the mass centre) added before every step. Jolt combines the frictions of a pair by their
// geometric mean sqrt(mu1 mu2); the body's friction is 1 and each plane's is mu^2, so the
// friction that acts on each plane is the case's mu (the trough's two planes may differ).
// Restitution is 0 on both. An ellipsoid has no Jolt primitive: such a case is declined.
//
// Settings: `defaults` is Jolt's defaults (damping 0.05 1/s, sleeping, body-pair contact cache,
// the box's convex radius 0.05 m clamped by Jolt to the smallest half extent, 10 velocity and 2
// position iterations, angular speed clamped at 15 pi rad/s, no gyroscopic term); `exact`
// changes only the values listed in EXACT_SETTINGS, each with its reason (written to
// solver.json). The convex radius, the clamp and the gyroscopic term change no verdict of the
// case set (FINDINGS.md, "Settings that change nothing").
import initJolt from 'jolt-physics';
import {
  parseArguments, runCases, bodyFrameInertia, fail, dot, norm,
} from '../common/runner_common.mjs';

export const JOLT_VERSION = '1.1.0';
const SETTINGS = ['defaults', 'exact'];

/** The exact setting's non-default values, as written to solver.json's `settings`. */
const EXACT_SETTINGS = [
  { setting: 'body-pair contact cache off (default on)',
    reason: 'a reused manifold keeps its normal and contact point fixed in the rolling sphere for up '
      + 'to 1 mm or 2 degrees: the sphere sinks 1.8 mm and slips (FINDINGS.md, contact_cache)' },
  { setting: 'linear and angular damping 0 (default 0.05 1/s)',
    reason: 'the cases have no drag; 0.05 1/s takes 1.5-3.7 % off the accelerations (FINDINGS.md, '
      + 'default_damping)' },
  { setting: 'sleeping off (default: asleep after 0.5 s below 0.03 m/s)',
    reason: 'a body at rest is judged by its creep speed, which a frozen body reports as 0' },
];

const LAYER_STATIC = 0;
const LAYER_MOVING = 1;

/** A Jolt world of two object layers (static planes, the moving body) for one case. */
function createWorld(Jolt, setting) {
  const settings = new Jolt.JoltSettings();
  settings.mMaxBodies = 8;
  settings.mMaxBodyPairs = 16;
  settings.mMaxContactConstraints = 16;
  settings.mMaxWorkerThreads = 0;
  const pairs = new Jolt.ObjectLayerPairFilterTable(2);
  pairs.EnableCollision(LAYER_STATIC, LAYER_MOVING);
  const layers = new Jolt.BroadPhaseLayerInterfaceTable(2, 2);
  const bpStatic = new Jolt.BroadPhaseLayer(0);
  const bpMoving = new Jolt.BroadPhaseLayer(1);
  layers.MapObjectToBroadPhaseLayer(LAYER_STATIC, bpStatic);
  layers.MapObjectToBroadPhaseLayer(LAYER_MOVING, bpMoving);
  Jolt.destroy(bpStatic);
  Jolt.destroy(bpMoving);
  settings.mObjectLayerPairFilter = pairs;
  settings.mBroadPhaseLayerInterface = layers;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(
    layers, 2, pairs, 2);
  const jolt = new Jolt.JoltInterface(settings);  // owns the layer tables
  Jolt.destroy(settings);
  if (setting === 'exact') {
    const system = jolt.GetPhysicsSystem();
    const physics = system.GetPhysicsSettings();
    physics.mAllowSleeping = false;
    physics.mUseBodyPairContactCache = false;
    system.SetPhysicsSettings(physics);
  }
  return jolt;
}

/** A Vec3 (single precision) of a JS 3-vector; the caller destroys it. */
const vec3 = (Jolt, v) => new Jolt.Vec3(v[0], v[1], v[2]);

/** The body's shape in S (origin at the geometric centre), or { notRepresentable }. */
function bodyShape(Jolt, scene) {
  if (scene.shape === 'sphere') return { shape: new Jolt.SphereShape(scene.radius_m) };
  if (scene.shape === 'box') {
    const half = vec3(Jolt, scene.half_extents_m);
    // Jolt's default convex radius (0.05 m), clamped by Jolt to the smallest half extent: it
    // rounds the edges only; a radius of 0 gave identical trajectories (FINDINGS.md).
    const shape = new Jolt.BoxShape(half);  // the face contact's manifold is the full face
    Jolt.destroy(half);
    return { shape };
  }
  if (scene.shape === 'ellipsoid') {
    return { notRepresentable: 'Jolt has no ellipsoid shape (a sphere takes no non-uniform scale); '
      + 'a convex hull\'s facets would change the rolling it measures' };
  }
  fail(`unknown shape '${scene.shape}'`);
  return null;
}

/**
 * The dynamic body's creation settings: the shape with its mass centre at S's origin (the
 * geometric centre sits at shape_offset_m in S), mass and inertia about the mass centre in S
 * given explicitly, the initial state in W (the body position is the geometric centre).
 */
function bodySettings(Jolt, scene, shape, setting) {
  const offset = scene.shape_offset_m;
  let bodyShapeWithCentre = shape;
  if (norm(offset) > 0) {
    const shift = vec3(Jolt, offset.map((x) => -x));  // mass centre relative to the shape origin
    bodyShapeWithCentre = new Jolt.OffsetCenterOfMassShape(shape, shift);
    Jolt.destroy(shift);
  }
  const s = scene.initial_state;
  const [w, x, y, z] = s.orientation_wxyz;
  const rotation = new Jolt.Quat(x, y, z, w);
  const offsetW = rotationOf(s.orientation_wxyz, offset);
  const origin = new Jolt.RVec3(s.position_m[0] + offsetW[0], s.position_m[1] + offsetW[1],
    s.position_m[2] + offsetW[2]);
  const settings = new Jolt.BodyCreationSettings(bodyShapeWithCentre, origin, rotation,
    Jolt.EMotionType_Dynamic, LAYER_MOVING);
  Jolt.destroy(origin);
  Jolt.destroy(rotation);
  const v = vec3(Jolt, s.velocity_m_s);
  const omega = vec3(Jolt, s.angular_velocity_rad_s);
  settings.mLinearVelocity = v;
  settings.mAngularVelocity = omega;
  Jolt.destroy(v);
  Jolt.destroy(omega);
  settings.mFriction = 1;  // combined with the plane's mu^2 by sqrt(): the case's mu
  settings.mRestitution = 0;
  settings.mOverrideMassProperties = Jolt.EOverrideMassProperties_MassAndInertiaProvided;
  const mass = settings.mMassPropertiesOverride;
  mass.mMass = scene.mass_kg;
  const I = bodyFrameInertia(scene);  // about the mass centre, in S [kg m^2]
  const inertia = new Jolt.Mat44();
  for (let c = 0; c < 3; ++c) {
    const column = vec3(Jolt, [I[0][c], I[1][c], I[2][c]]);
    inertia.SetColumn3(c, column);
    Jolt.destroy(column);
  }
  const w4 = new Jolt.Vec4(0, 0, 0, 1);
  inertia.SetColumn4(3, w4);
  Jolt.destroy(w4);
  mass.mInertia = inertia;
  Jolt.destroy(inertia);
  if (setting === 'exact') {
    settings.mLinearDamping = 0;
    settings.mAngularDamping = 0;
  }
  return settings;
}

/** v rotated by the unit quaternion (w, x, y, z). */
function rotationOf([w, x, y, z], v) {
  const u = [x, y, z];
  const t = [2 * (u[1] * v[2] - u[2] * v[1]), 2 * (u[2] * v[0] - u[0] * v[2]),
    2 * (u[0] * v[1] - u[1] * v[0])];
  return [v[0] + w * t[0] + (u[1] * t[2] - u[2] * t[1]),
    v[1] + w * t[1] + (u[2] * t[0] - u[0] * t[2]),
    v[2] + w * t[2] + (u[0] * t[1] - u[1] * t[0])];
}

/** Adds the static planes {p : n.p = offset} (body on the side n.p > offset), friction mu^2. */
function addPlanes(Jolt, bodies, scene) {
  const planes = [];
  for (const p of scene.planes) {
    const n = vec3(Jolt, p.normal);
    const plane = new Jolt.Plane(n, -p.offset_m);  // Jolt: n.x + c = 0
    const shape = new Jolt.PlaneShape(plane);
    Jolt.destroy(plane);
    Jolt.destroy(n);
    const origin = new Jolt.RVec3(0, 0, 0);
    const identity = new Jolt.Quat(0, 0, 0, 1);
    const settings = new Jolt.BodyCreationSettings(shape, origin, identity,
      Jolt.EMotionType_Static, LAYER_STATIC);
    settings.mFriction = p.mu * p.mu;
    settings.mRestitution = 0;
    // A Body (stable pointer); a returned BodyID would be a shared temporary.
    const body = bodies.CreateBody(settings);
    bodies.AddBody(body.GetID(), Jolt.EActivation_DontActivate);
    planes.push(body);
    Jolt.destroy(settings);
    Jolt.destroy(origin);
    Jolt.destroy(identity);
  }
  return planes;
}

/** Records the body's state: mass centre, S's orientation, velocities, all in W. */
function record(trajectory, t, body) {
  const p = body.GetCenterOfMassPosition();
  const position = [p.GetX(), p.GetY(), p.GetZ()];
  const q = body.GetRotation();
  const orientation = [q.GetW(), q.GetX(), q.GetY(), q.GetZ()];
  const v = body.GetLinearVelocity();
  const velocity = [v.GetX(), v.GetY(), v.GetZ()];
  const w = body.GetAngularVelocity();
  trajectory.record(t, position, orientation, velocity, [w.GetX(), w.GetY(), w.GetZ()]);
}

/** Simulates one case into trajectory; { notRepresentable } for a scene Jolt cannot build. */
function simulateCase(Jolt, c, trajectory, options) {
  const { scene } = c;
  const made = bodyShape(Jolt, scene);
  if (made.notRepresentable) return made;
  const jolt = createWorld(Jolt, options.setting);
  const system = jolt.GetPhysicsSystem();
  const bodies = system.GetBodyInterface();
  const gravity = vec3(Jolt, scene.gravity_m_s2);
  system.SetGravity(gravity);
  Jolt.destroy(gravity);
  const planes = addPlanes(Jolt, bodies, scene);
  const settings = bodySettings(Jolt, scene, made.shape, options.setting);
  const body = bodies.CreateBody(settings);
  Jolt.destroy(settings);
  const id = body.GetID();
  bodies.AddBody(id, Jolt.EActivation_Activate);
  const loaded = dot(scene.force_N, scene.force_N) + dot(scene.torque_N_m, scene.torque_N_m) > 0;
  const force = vec3(Jolt, scene.force_N);
  const torque = vec3(Jolt, scene.torque_N_m);
  record(trajectory, 0, body);
  const steps = Math.round(c.duration_s / options.step);
  for (let i = 1; i <= steps; ++i) {
    // Forces are cleared by every step; adding them activates a sleeping body, as a user's would.
    if (loaded) bodies.AddForceAndTorque(id, force, torque, Jolt.EActivation_Activate);
    jolt.Step(options.step, 1);
    record(trajectory, i * options.step, body);
    if (!trajectory.finite) break;  // scored as such
  }
  Jolt.destroy(force);
  Jolt.destroy(torque);
  for (const each of [body, ...planes]) {
    bodies.RemoveBody(each.GetID());
    bodies.DestroyBody(each.GetID());
  }
  Jolt.destroy(jolt);
  return null;
}

async function main() {
  const options = parseArguments(process.argv.slice(2), SETTINGS);
  const [casesDir, outDir] = options.positional;
  const Jolt = await initJolt();
  const manifest = {
    name: `jolt-${JOLT_VERSION}/${options.setting}/h=${options.step}`,
    version: `jolt-physics ${JOLT_VERSION} (WebAssembly, single precision)`,
    step_s: options.step,
    settings: options.setting === 'exact' ? EXACT_SETTINGS : [],
  };
  const { written, declined } = await runCases(casesDir, outDir, manifest,
    (c, trajectory) => simulateCase(Jolt, c, trajectory, options));
  console.log(`Jolt ${JOLT_VERSION} (WebAssembly, ${options.setting}, h = ${options.step}): `
    + `${written} trajectories written to ${outDir}, ${declined} not representable`);
}

await main();
