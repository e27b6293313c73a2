// nsdkit's case set run by MuJoCo 3.3.8, the official WebAssembly build (npm mujoco-js 0.0.7),
// for `nsdkit validate --score` (docs/validation.md, "Bring your own solver"):
//
//   node run_cases.mjs CASES_DIR OUT_DIR [--setting defaults|exact] [--step H]
//
// CASES_DIR is written by `nsdkit validate --export-cases`; OUT_DIR receives <i>.csv per case
// (t,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz: every vector in the case's world frame W, SI units, a
// sample at t = 0 and after every step) and solver.json.
//
// Every family is built from the case's scene alone, with the two settings of nsdkit's built-in
// MuJoCo 2.2.2 adapter (src/nsdkit/engines/mujoco/mujoco_sphere.cpp), so the two versions can be
// compared row by row (analysis/compare_mujoco_versions.py):
//  - planes: world `plane` geoms, normal = `zaxis`, through normal * offset, friction (mu, 0, 0),
//    condim 3 (sliding friction only: no torsional or rolling friction);
//  - the body: a free joint; its frame is the case's body frame S (origin at the mass centre,
//    orientation q0 at t = 0); its inertia is the case's tensor turned into S
//    (bodyFrameInertia), given to MuJoCo as principal moments and axes (principalInertia);
//    the shape is a `sphere`, `box` (half extents) or `ellipsoid` (semi-axes) geom at
//    shape_offset_m in S, with friction 0: MuJoCo takes the larger of two geoms' frictions, so
//    each contact's coefficient is exactly its plane's mu;
//  - gravity in <option>, the constant force and torque (W, at the mass centre) in xfrc_applied
//    before every step; no restitution (MuJoCo's contacts do not bounce: solref's damping ratio).
// The ellipsoid meets a plane at its exact support point (MuJoCo's mjc_PlaneConvex with the
// ellipsoid's analytic support function S^2 d/|S d|; checked by check_ellipsoid_contact.mjs):
// the rattleback is represented as the case states it.
import loadMujoco from 'mujoco-js';
import {
  bodyFrameInertia, parseArguments, principalInertia, rotation, runCases, times, transpose,
} from '../common/runner_common.mjs';

const SETTINGS = ['defaults', 'exact'];

/** The exact setting's non-default values, each with its reason (the built-in 2.2.2 adapter's). */
function exactSettings(step) {
  return [
    { setting: 'cone="elliptic"', reason: "the exact Coulomb cone instead of the default 4-sided pyramid" },
    {
      setting: 'impratio="10"',
      reason: 'friction impedance 10 times the normal one: stiffer friction, less creep in sticking ' +
        '(noslip_iterations was left out: in 2.2.2 it raised the rolling creep 4-fold)',
    },
    {
      setting: `solref="${10 * step} 1"`,
      reason: 'contact time constant 10 h, critically damped: the stiffest at which the Euler step ' +
        'keeps a sliding sphere in contact (at the lower limit 2 h it chatters on a 30 degree incline)',
    },
    { setting: 'solimp="0.99 0.99 0.001"', reason: 'impedance close to 1: contacts nearly hard' },
    { setting: 'tolerance="1e-12" iterations="500"', reason: 'the constraint solver converged to rounding' },
  ];
}

const text = (v) => v.map((x) => x.toPrecision(17)).join(' ');

/** The MJCF document of a case's scene (frames and units as in the file comment). */
function modelXml(scene, step, exact) {
  const contact = exact ? ` solref="${(10 * step).toPrecision(17)} 1" solimp="0.99 0.99 0.001"` : '';
  const option = exact ? ' cone="elliptic" impratio="10" tolerance="1e-12" iterations="500"' : '';
  let geom;
  if (scene.shape === 'sphere') {
    geom = `type="sphere" size="${scene.radius_m.toPrecision(17)}"`;
  } else if (scene.shape === 'box' || scene.shape === 'ellipsoid') {
    geom = `type="${scene.shape}" size="${text(scene.half_extents_m)}" pos="${text(scene.shape_offset_m)}"`;
  } else {
    return null;
  }
  // Principal moments and axes of the inertia about the mass centre, in S.
  const principal = principalInertia(bodyFrameInertia(scene));
  const planes = scene.planes.map((p, k) =>
    `    <geom name="plane${k}" type="plane" size="0 0 1" pos="${text(p.normal.map((n) => n * p.offset_m))}" ` +
    `zaxis="${text(p.normal)}" friction="${p.mu.toPrecision(17)} 0 0" condim="3"${contact}/>`).join('\n');
  return `<mujoco model="nsdkit_case">
  <compiler angle="radian" inertiafromgeom="false"/>
  <option timestep="${step.toPrecision(17)}" gravity="${text(scene.gravity_m_s2)}"${option}/>
  <worldbody>
${planes}
    <body name="body" pos="${text(scene.initial_state.position_m)}" quat="${text(scene.initial_state.orientation_wxyz)}">
      <freejoint/>
      <inertial pos="0 0 0" mass="${scene.mass_kg.toPrecision(17)}" diaginertia="${text(principal.moments)}" quat="${text(principal.axes_wxyz)}"/>
      <geom name="body" ${geom} friction="0 0 0" condim="3"${contact}/>
    </body>
  </worldbody>
</mujoco>
`;
}

const BODY = 1;  // body 0 is the world
const BAD_QACC = 6;  // mjtWarning.mjWARN_BADQACC: MuJoCo reset the simulation

/** Times MuJoCo reset the simulation for a bad acceleration (its instability warning). */
function resets(data) {
  const stat = data.warning.get(BAD_QACC);
  const n = stat.number;
  stat.delete();
  return n;
}

/** Records the state: mass centre, S in W, velocity, angular velocity turned from S into W. */
function record(trajectory, t, data) {
  const q = [data.qpos[3], data.qpos[4], data.qpos[5], data.qpos[6]];
  const length = Math.hypot(...q);  // (runner_common's norm is for 3-vectors)
  const qUnit = q.map((x) => x / length);
  // A free joint's linear velocity is in W, its angular velocity in the body frame S.
  const omegaW = times(rotation(qUnit), [data.qvel[3], data.qvel[4], data.qvel[5]]);
  trajectory.record(t, [data.qpos[0], data.qpos[1], data.qpos[2]], qUnit,
    [data.qvel[0], data.qvel[1], data.qvel[2]], omegaW);
}

/**
 * Simulates one case into the trajectory. A run MuJoCo resets (bad acceleration) or that turns
 * non-finite ends there: the scorer fails it ("ended at t = ...").
 */
function simulateCase(mujoco, options, c, trajectory) {
  const { scene } = c;
  const xml = modelXml(scene, options.step, options.setting === 'exact');
  if (xml === null) return { notRepresentable: `shape '${scene.shape}' is not one of MuJoCo's geoms here` };
  mujoco.FS.writeFile('/work/case.xml', xml);
  let model;
  try {
    model = mujoco.MjModel.loadFromXML('/work/case.xml');
  } catch (e) {  // a C++ exception (mjCError) whose text the build cannot read back
    return { notRepresentable: `MuJoCo's compiler refused the model (${e?.name ?? 'error'}), e.g. an inertia it rejects` };
  }
  const data = new mujoco.MjData(model);
  const R0 = rotation(scene.initial_state.orientation_wxyz);
  const omega0S = times(transpose(R0), scene.initial_state.angular_velocity_rad_s);
  for (let k = 0; k < 3; ++k) {
    data.qvel[k] = scene.initial_state.velocity_m_s[k];
    data.qvel[3 + k] = omega0S[k];
  }
  mujoco.mj_forward(model, data);
  record(trajectory, 0, data);
  const steps = Math.round(c.duration_s / options.step);
  for (let i = 1; i <= steps; ++i) {
    for (let k = 0; k < 3; ++k) {
      data.xfrc_applied[6 * BODY + k] = scene.force_N[k];
      data.xfrc_applied[6 * BODY + 3 + k] = scene.torque_N_m[k];
    }
    mujoco.mj_step(model, data);
    if (resets(data) > 0) {
      console.error(`run_cases: case ${c.index} (${c.name}): MuJoCo reset the simulation at t = ${i * options.step} s (bad acceleration); trajectory ends there`);
      break;
    }
    record(trajectory, i * options.step, data);
    if (!trajectory.finite) break;
  }
  data.delete();
  model.delete();
  return null;
}

const options = parseArguments(process.argv.slice(2), SETTINGS);
const [casesDir, outDir] = options.positional;
const mujoco = await loadMujoco();
mujoco.FS.mkdir('/work');
const version = mujoco.mj_versionString();
const manifest = {
  name: `mujoco-${version}/${options.setting}/h=${options.step}`,
  version: `MuJoCo ${version} (WebAssembly, npm mujoco-js 0.0.7)`,
  step_s: options.step,
  settings: options.setting === 'exact' ? exactSettings(options.step) : [],
};
const started = process.hrtime.bigint();
const { written, declined } = await runCases(casesDir, outDir, manifest,
  (c, trajectory) => simulateCase(mujoco, options, c, trajectory));
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`${manifest.name}: ${written} trajectories written to ${outDir} ` +
  `(${declined} not representable) in ${seconds.toFixed(1)} s`);
