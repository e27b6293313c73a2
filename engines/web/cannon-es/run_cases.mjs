// A foreign solver for nsdkit's scorer: cannon-es 0.20.0 (pure JavaScript, npm cannon-es) runs
// every case of a folder written by `nsdkit validate --export-cases` and writes <out>/<i>.csv
// (t,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz; a sample at t = 0 and after every step) and
// <out>/solver.json for `nsdkit validate --score` (docs/validation.md, "Bring your own solver").
//
//   node run_cases.mjs CASES_DIR OUT_DIR [--setting defaults|tuned] [--step H]
//
// Each world is built from the case's scene alone (schema nsdkit-validation-case/2). Frames: W is
// the case's world frame (cannon's world frame; cannon keeps positions, velocities and angular
// velocities in W); S is the case's body frame; P is the body's principal frame, which is
// cannon's body frame (cannon's inertia is diagonal in its body frame): R_P = R_S A, with
// I_S = A diag(I1, I2, I3) A^T. SI units throughout (m, s, kg, N, rad).
//
// Settings (FINDINGS.md has the measurements behind each):
//   defaults  cannon's defaults (GSSolver 10 iterations, contact and friction equations of
//             stiffness 1e7 and relaxation 3, linear and angular damping 0.01, sleeping off);
//             only the time step, gravity, friction (ContactMaterial friction = the plane's mu)
//             and restitution 0 are set.
//   tuned     the friction bound made Coulomb's mu N h per step (see frictionScale), damping 0,
//             stiffer equations and a converged solver (TUNED_SETTINGS lists each with its reason).
import * as CANNON from 'cannon-es';
import {
  parseArguments, runCases, rotation, times, transpose, quatMultiply, bodyFrameInertia,
  principalInertia, dot, norm, scale, add,
} from '../common/runner_common.mjs';

const ENGINE_VERSION = '0.20.0';
const SETTINGS = ['defaults', 'tuned'];

/** The tuned setting's non-default values and their reasons (solver.json `settings`). */
const TUNED_SETTINGS = [
  {
    setting: 'world.frictionGravity = h g; ContactMaterial friction = mu N_k / (m |g| |t_k|)',
    reason: 'cannon clamps each friction impulse (N s) at friction |frictionGravity| m, which '
      + 'with the defaults is mu m |g| in N s, i.e. mu m |g| / h in N, not mu N; N_k is plane k\'s '
      + 'static load (gravity and the applied force balanced by the planes\' normals) and |t_k| '
      + 'the length (sqrt(1 - n_x^2) when |n_x| < 0.9) of the tangents cannon builds for the '
      + 'normal n (Vec3.tangents does not normalize them)',
  },
  {
    setting: 'narrowphase.enableFrictionReduction = true',
    reason: 'one averaged friction pair per body-plane contact instead of one per box corner, '
      + 'so the box\'s total friction bound is mu N whatever corners touch',
  },
  {
    setting: 'linearDamping = angularDamping = 0',
    reason: 'the default 0.01 multiplies the velocities by 0.99 every second: a drag that is '
      + 'not in the scene',
  },
  {
    setting: 'contact and friction equation stiffness 1e12 N/m, relaxation 3 steps',
    reason: 'the default 1e7 lets a rolling sphere creep (compliance 4/(h^2 k (1 + 4 d)) = 0.03 '
      + '1/kg at h = 1e-3)',
  },
  {
    setting: 'GSSolver iterations 200, tolerance 1e-12',
    reason: 'more Gauss-Seidel sweeps for the coupled equations of the two trough planes and the '
      + 'box corners (the default stops after 10; this value was not ablated on its own)',
  },
];

/** cannon's Vec3 of a 3-array, and back. */
const vec = (a) => new CANNON.Vec3(a[0], a[1], a[2]);
const arr = (v) => [v.x, v.y, v.z];
/** cannon's Quaternion (constructed x, y, z, w) of a quaternion (w, x, y, z), and back. */
const quat = ([w, x, y, z]) => new CANNON.Quaternion(x, y, z, w);
const wxyz = (q) => [q.w, q.x, q.y, q.z];
const conjugate = ([w, x, y, z]) => [w, -x, -y, -z];
/**
 * Subnormal doubles (|x| < 2.2e-308, e.g. a velocity decaying to 1.75e-309 m/s) written as 0:
 * nsdkit's scorer reads them as "not a finite number" (strtod's ERANGE). Changes no value by
 * more than 2.2e-308.
 */
const flushSubnormals = (v) => v.map((x) => (Math.abs(x) < 2.2250738585072014e-308 ? 0 : x));

/**
 * The static normal load per unit mass of each plane [m/s^2]: the loads N_k / m >= 0 along the
 * unit normals n_k that balance gravity and the applied force, a = g + F / m, in the least-squares
 * sense over the normals' span (one plane: -a.n; two planes: the 2x2 normal equations, a plane
 * whose load would pull is left with none and the other takes -a.n).
 */
export function staticLoads(scene) {
  const a = add(scene.gravity_m_s2, scale(1 / scene.mass_kg, scene.force_N));
  const normals = scene.planes.map((p) => p.normal);
  const single = normals.map((n) => Math.max(0, -dot(a, n)));
  if (normals.length !== 2) return single;
  const [n1, n2] = normals;
  const c = dot(n1, n2);
  const det = 1 - c * c;
  if (det < 1e-12) return single;
  const b1 = -dot(a, n1), b2 = -dot(a, n2);
  const l1 = (b1 - c * b2) / det, l2 = (b2 - c * b1) / det;
  if (l1 >= 0 && l2 >= 0) return [l1, l2];
  return l1 < 0 ? [0, Math.max(0, b2)] : [Math.max(0, b1), 0];
}

/** Length of the friction tangents cannon's Vec3.tangents builds for the unit normal n. */
export function tangentLength(n) {
  return Math.abs(n[0]) < 0.9 ? Math.hypot(n[1], n[2]) : Math.hypot(n[0], n[2]);
}

/**
 * The ContactMaterial friction of each plane. defaults: the plane's mu. tuned: mu N_k / (m |g|
 * |t_k|) with world.frictionGravity = h g, so that cannon's per-step friction impulse bound
 * friction |frictionGravity| m |t_k| equals Coulomb's mu N_k h (a plane with no load: mu).
 */
function planeFrictions(scene, tuned) {
  if (!tuned) return scene.planes.map((p) => p.mu);
  const g = norm(scene.gravity_m_s2);
  const loads = staticLoads(scene);
  return scene.planes.map((p, k) => (loads[k] > 0 ? p.mu * loads[k] / (g * tangentLength(p.normal)) : p.mu));
}

/** cannon's shape of the scene, or null when it has none that is exact. */
function cannonShape(scene) {
  if (scene.shape === 'sphere') return new CANNON.Sphere(scene.radius_m);
  if (scene.shape === 'box') return new CANNON.Box(vec(scene.half_extents_m));
  return null;
}

/**
 * Builds the world of one case: the static planes (cannon's Plane is the half-space below its
 * local z = 0, normal +z: turned so that +z is the case's normal and placed at offset * normal)
 * and the body in its principal frame P. Returns { world, body, axes } (axes: A as (w, x, y, z),
 * S's orientation in P), or { notRepresentable }.
 */
function buildWorld(scene, step, tuned) {
  const shape = cannonShape(scene);
  if (!shape) {
    return { notRepresentable: `cannon-es ${ENGINE_VERSION} has no ${scene.shape} shape (Sphere, Box, `
      + 'ConvexPolyhedron, Trimesh, ...): a polyhedron would change the rolling the case measures' };
  }
  const g = scene.gravity_m_s2;
  const world = new CANNON.World({ gravity: vec(g) });
  if (tuned) {
    world.frictionGravity = vec(scale(step, g));
    world.narrowphase.enableFrictionReduction = true;
    world.solver.iterations = 200;
    world.solver.tolerance = 1e-12;
  }
  const bodyMaterial = new CANNON.Material('body');
  const frictions = planeFrictions(scene, tuned);
  scene.planes.forEach((p, k) => {
    const planeMaterial = new CANNON.Material(`plane${k}`);
    const stiffness = tuned ? { contactEquationStiffness: 1e12, frictionEquationStiffness: 1e12 } : {};
    const contactMaterial = new CANNON.ContactMaterial(bodyMaterial, planeMaterial,
      { friction: frictions[k], restitution: 0, ...stiffness });
    world.addContactMaterial(contactMaterial);
    const plane = new CANNON.Body({ mass: 0, material: planeMaterial, shape: new CANNON.Plane() });
    plane.quaternion.setFromVectors(new CANNON.Vec3(0, 0, 1), vec(p.normal));
    plane.position.copy(vec(scale(p.offset_m, p.normal)));
    world.addBody(plane);
  });
  // Principal frame P: I_S = A diag(moments) A^T; q_P = q_S(0) A; the shape's pose in P is A^T.
  const { moments, axes_wxyz: axes } = principalInertia(bodyFrameInertia(scene));
  const At = transpose(rotation(axes));
  const body = new CANNON.Body({ mass: scene.mass_kg, material: bodyMaterial });
  if (tuned) { body.linearDamping = 0; body.angularDamping = 0; }
  body.addShape(shape, vec(times(At, scene.shape_offset_m ?? [0, 0, 0])), quat(conjugate(axes)));
  // addShape set cannon's bounding-box inertia; the case's principal moments replace it.
  body.inertia.set(moments[0], moments[1], moments[2]);
  body.invInertia.set(1 / moments[0], 1 / moments[1], 1 / moments[2]);
  const s = scene.initial_state;
  body.position.copy(vec(s.position_m));
  body.quaternion.copy(quat(quatMultiply(s.orientation_wxyz, axes)));
  body.velocity.copy(vec(s.velocity_m_s));
  body.angularVelocity.copy(vec(s.angular_velocity_rad_s));  // cannon's is in W
  body.updateInertiaWorld(true);
  world.addBody(body);
  return { world, body, axes };
}

/** Simulates one case, recording the state at t = 0 and after every step. */
function simulate(options) {
  return (c, trajectory) => {
    const { scene } = c;
    const built = buildWorld(scene, options.step, options.setting === 'tuned');
    if (built.notRepresentable) return { notRepresentable: built.notRepresentable };
    const { world, body, axes } = built;
    const axesInverse = conjugate(axes);
    const record = (t) => trajectory.record(t, flushSubnormals(arr(body.position)),
      flushSubnormals(quatMultiply(wxyz(body.quaternion), axesInverse)),
      flushSubnormals(arr(body.velocity)), flushSubnormals(arr(body.angularVelocity)));
    const force = vec(scene.force_N), torque = vec(scene.torque_N_m);
    record(0);
    const steps = Math.round(c.duration_s / options.step);
    for (let i = 1; i <= steps; ++i) {
      body.applyForce(force);  // at the mass centre, in W; cleared by every step
      body.applyTorque(torque);  // about the mass centre, in W
      world.step(options.step);
      record(i * options.step);
      if (!trajectory.finite) break;  // scored as such
    }
    return null;
  };
}

const options = parseArguments(process.argv.slice(2), SETTINGS);
const [casesDir, outDir] = options.positional;
const started = process.hrtime.bigint();
const { written, declined } = await runCases(casesDir, outDir, {
  name: `cannon-es-${ENGINE_VERSION}/${options.setting}/h=${options.step}`,
  version: `cannon-es ${ENGINE_VERSION} (JavaScript)`,
  step_s: options.step,
  settings: options.setting === 'tuned' ? TUNED_SETTINGS : [],
}, simulate(options));
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`cannon-es ${ENGINE_VERSION} (${options.setting}, h = ${options.step}): ${written} trajectories `
  + `written to ${outDir}, ${declined} not representable, ${seconds.toFixed(1)} s`);
