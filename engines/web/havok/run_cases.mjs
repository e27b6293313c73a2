// A foreign solver for nsdkit's scorer: the Havok physics engine's WebAssembly plugin (npm
// @babylonjs/havok, its raw HP_* API, no Babylon.js) runs every case of a folder written by
// `nsdkit validate --export-cases` and writes <out>/<i>.csv and solver.json for
// `nsdkit validate --score` (docs/validation.md, "Bring your own solver").
//
//   node run_cases.mjs CASES_DIR OUT_DIR [--setting defaults|tuned] [--step H]
//
// Each case is built from its scene alone: one dynamic body (a sphere or a box, its geometric
// centre at shape_offset_m in the body frame S, whose origin is the mass centre), its mass and
// principal inertia given explicitly, each plane a large static box whose top face is the plane,
// friction mu on both materials (static = dynamic = mu, combine rule MINIMUM) and restitution 0.
// The constant force and torque (components in W) act as impulses F h and T h before every step.
// Havok has no ellipsoid primitive: the rattleback is declared not representable.
//
// Havok's quaternions are (x, y, z, w); nsdkit's (w, x, y, z). Every vector Havok takes or
// returns for a body (position, velocities, impulses) is in the world frame W, SI units; the
// engine computes in 32-bit floats.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import HavokPhysics from '@babylonjs/havok';
import {
  parseArguments, runCases, bodyFrameInertia, principalInertia, cross, dot, norm, scale, fail,
} from '../common/runner_common.mjs';

const require = createRequire(import.meta.url);
const WASM_FILE = require.resolve('@babylonjs/havok/lib/esm/HavokPhysics.wasm');
/** The installed engine's version, from its package.json (lib/esm/../../package.json). */
const ENGINE_VERSION = JSON.parse(fs.readFileSync(
  path.join(path.dirname(WASM_FILE), '..', '..', 'package.json'), 'utf8')).version;

/** Half size of a plane's box along the plane [m] (every case moves less than 2 m). */
const PLANE_HALF_SIZE_M = 20;
/** Half thickness of a plane's box below the plane [m]. */
const PLANE_HALF_THICKNESS_M = 1;

/**
 * The non-default values of the `tuned` setting, each with its reason (solver.json `settings`).
 * `defaults` keeps every engine default: angular damping 0.1 per body, sleeping (deactivation)
 * controlled by the simulation, the ideal step time 1/60 s (the solver rescales its stiffness
 * when the step differs from it) and the speed limits 200 m/s and 100 rad/s. The ideal step
 * time is kept at 1/60 s in both settings: set to h (or 0, the same at these steps) the contacts
 * come out stiffer but the sphere chatters on its planes (normal velocity ~2e-4 m/s) and fewer
 * cases pass (FINDINGS.md: 53 instead of 84 at h = 1e-3, 47 instead of 97 at 1e-4).
 */
const TUNED_SETTINGS = [
  { setting: 'angular damping 0', reason: 'the default 0.1 per body slows every spin without a contact force (no such term in the rigid-body equations)' },
  { setting: 'activation ALWAYS_ACTIVE', reason: 'no sleeping: a body put to rest by deactivation stops where Coulomb friction keeps it moving' },
];

const xyzw = ([w, x, y, z]) => [x, y, z, w];
const wxyz = ([x, y, z, w]) => [w, x, y, z];

/** The Havok API with every call's result code checked: api.call('HP_...', ...) -> value. */
function checkedApi(HK) {
  return {
    HK,
    call(name, ...args) {
      const out = HK[name](...args);
      const code = Array.isArray(out) ? out[0] : out;
      if (code !== HK.Result.RESULT_OK) throw new Error(`Havok ${name} failed (result ${code?.value})`);
      return Array.isArray(out) ? (out.length === 2 ? out[1] : out.slice(1)) : undefined;
    },
  };
}

/** Unit quaternion (w, x, y, z) turning the z axis onto the unit vector n (both in W). */
function quatZTo(n) {
  const c = n[2];
  if (c < -1 + 1e-12) return [0, 1, 0, 0];  // a half turn about x
  const axis = cross([0, 0, 1], n);
  const q = [1 + c, ...axis];
  return scale(1 / norm(q), q);
}

/** Friction mu acting as both static and dynamic friction, restitution 0 (combine MINIMUM). */
function material(HK, mu) {
  return [mu, mu, 0, HK.MaterialCombine.MINIMUM, HK.MaterialCombine.MINIMUM];
}

/**
 * Adds plane {p : n . p = d} as a static box of half thickness PLANE_HALF_THICKNESS_M whose top
 * face lies in the plane (its centre at (d - t) n in W, its z axis along n).
 */
function addPlane(api, world, plane, owned) {
  const { HK } = api;
  const size = [2 * PLANE_HALF_SIZE_M, 2 * PLANE_HALF_SIZE_M, 2 * PLANE_HALF_THICKNESS_M];
  const shape = api.call('HP_Shape_CreateBox', [0, 0, 0], [0, 0, 0, 1], size);
  owned.shapes.push(shape);
  api.call('HP_Shape_SetMaterial', shape, material(HK, plane.mu));
  const body = api.call('HP_Body_Create');
  owned.bodies.push(body);
  api.call('HP_Body_SetShape', body, shape);
  api.call('HP_Body_SetMotionType', body, HK.MotionType.STATIC);
  api.call('HP_World_AddBody', world, body, false);
  const centre = scale(plane.offset_m - PLANE_HALF_THICKNESS_M, plane.normal);
  api.call('HP_Body_SetQTransform', body, [centre, xyzw(quatZTo(plane.normal))]);
}

/**
 * The body's shape in S (origin at the mass centre): a sphere or a box centred at
 * shape_offset_m, or null for a shape Havok cannot represent exactly.
 */
function bodyShape(api, scene) {
  if (scene.shape === 'sphere') {
    return api.call('HP_Shape_CreateSphere', scene.shape_offset_m, scene.radius_m);
  }
  if (scene.shape === 'box') {
    return api.call('HP_Shape_CreateBox', scene.shape_offset_m, [0, 0, 0, 1],
      scale(2, scene.half_extents_m));
  }
  return null;
}

/**
 * Adds the dynamic body: shape, material, mass and principal inertia (per unit mass, as Havok
 * takes it, with the principal axes' orientation in S), damping and activation per setting, then
 * the initial state in W.
 */
function addBody(api, world, scene, shape, tuned, owned) {
  const { HK } = api;
  api.call('HP_Shape_SetMaterial', shape, material(HK, scene.planes[0].mu));
  const body = api.call('HP_Body_Create');
  owned.bodies.push(body);
  api.call('HP_Body_SetShape', body, shape);
  api.call('HP_Body_SetMotionType', body, HK.MotionType.DYNAMIC);
  const { moments, axes_wxyz } = principalInertia(bodyFrameInertia(scene));
  api.call('HP_Body_SetMassProperties', body,
    [[0, 0, 0], scene.mass_kg, scale(1 / scene.mass_kg, moments), xyzw(axes_wxyz)]);
  api.call('HP_Body_SetLinearDamping', body, 0);  // also Havok's default
  if (tuned) {
    api.call('HP_Body_SetAngularDamping', body, 0);
    api.call('HP_Body_SetActivationControl', body, HK.ActivationControl.ALWAYS_ACTIVE);
  }
  api.call('HP_World_AddBody', world, body, false);
  const s = scene.initial_state;
  api.call('HP_Body_SetQTransform', body, [s.position_m, xyzw(s.orientation_wxyz)]);
  api.call('HP_Body_SetLinearVelocity', body, s.velocity_m_s);
  api.call('HP_Body_SetAngularVelocity', body, s.angular_velocity_rad_s);
  return body;
}

/** Records the body's state: mass centre position, S's orientation, velocities, all in W. */
function record(api, body, t, trajectory) {
  const [position, orientationXyzw] = api.call('HP_Body_GetQTransform', body);
  const q = wxyz(orientationXyzw);
  // Havok's float32 quaternion is unit to about 1e-7: normalized in double for the scorer.
  trajectory.record(t, position, scale(1 / Math.hypot(...q), q),
    api.call('HP_Body_GetLinearVelocity', body), api.call('HP_Body_GetAngularVelocity', body));
}

/** Simulates one case at the given setting and step, recording every step from t = 0. */
function simulateCase(api, c, trajectory, options) {
  const { scene } = c;
  if (scene.shape === 'ellipsoid') {
    return { notRepresentable: 'Havok has no ellipsoid primitive and a convex hull would replace its curvature, which sets the rolling measured, by facets' };
  }
  const owned = { bodies: [], shapes: [] };
  const world = api.call('HP_World_Create');
  try {
    api.call('HP_World_SetGravity', world, scene.gravity_m_s2);
    for (const plane of scene.planes) addPlane(api, world, plane, owned);
    const shape = bodyShape(api, scene);
    if (shape === null) fail(`case ${c.index}: unknown shape '${scene.shape}'`);
    owned.shapes.push(shape);
    const h = options.step;
    const body = addBody(api, world, scene, shape, options.setting === 'tuned', owned);
    const impulse = scale(h, scene.force_N), angularImpulse = scale(h, scene.torque_N_m);
    const pushes = dot(impulse, impulse) > 0, turns = dot(angularImpulse, angularImpulse) > 0;
    record(api, body, 0, trajectory);
    const steps = Math.round(c.duration_s / h);
    for (let i = 1; i <= steps; ++i) {
      // The constant force at the mass centre and the torque, as impulses over the step.
      if (pushes) api.call('HP_Body_ApplyImpulse', body, api.call('HP_Body_GetPosition', body), impulse);
      if (turns) api.call('HP_Body_ApplyAngularImpulse', body, angularImpulse);
      api.call('HP_World_Step', world, h);
      record(api, body, i * h, trajectory);
      if (!trajectory.finite) break;  // scored as such
    }
  } finally {
    for (const body of owned.bodies) api.HK.HP_World_RemoveBody(world, body);
    for (const body of owned.bodies) api.HK.HP_Body_Release(body);
    for (const shape of owned.shapes) api.HK.HP_Shape_Release(shape);
    api.HK.HP_World_Release(world);
  }
  return undefined;
}

const options = parseArguments(process.argv.slice(2), ['defaults', 'tuned']);
const [casesDir, outDir] = options.positional;
const wasmBinary = fs.readFileSync(WASM_FILE);
const api = checkedApi(await HavokPhysics({ wasmBinary }));
const manifest = {
  name: `havok-${ENGINE_VERSION}/${options.setting}/h=${options.step}`,
  version: `Havok ${ENGINE_VERSION} (WebAssembly, npm @babylonjs/havok)`,
  step_s: options.step,
  settings: options.setting === 'tuned' ? TUNED_SETTINGS : [],
};
const { written, declined } = await runCases(casesDir, outDir, manifest,
  (c, trajectory) => simulateCase(api, c, trajectory, options));
console.log(`Havok ${ENGINE_VERSION} (${options.setting}, h = ${options.step}): ${written} ` +
  `trajectories written to ${outDir}, ${declined} not representable`);
