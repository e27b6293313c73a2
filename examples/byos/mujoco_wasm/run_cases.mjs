// A foreign solver for nsdkit's scorer: the official MuJoCo WebAssembly build (npm mujoco-js,
// MuJoCo 3.3.8) runs every case of a folder written by `nsdkit validate --export-cases` and writes
// <out>/<i>.csv (t,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz; every step from t = 0) for
// `nsdkit validate --score`.
//
//   node run_cases.mjs CASES_DIR OUT_DIR [--setting defaults|exact] [--step H]
//
// The model is built from the case's scene only (schema nsdkit-validation-case/2), with the same
// two settings as nsdkit's built-in MuJoCo 2.2.2 adapter (src/nsdkit/engines/mujoco): the engine's
// defaults with the time step, or the exact settings (elliptic cone, impratio 10, solref 10 h,
// solimp 0.99, tolerance 1e-12 / 500 iterations).
import fs from 'node:fs';
import path from 'node:path';
import loadMujoco from 'mujoco-js';

function fail(message) {
  console.error(`run_cases: ${message}`);
  process.exit(2);
}

function parseArguments(argv) {
  const options = { setting: 'defaults', step: 1e-3, positional: [] };
  for (let i = 0; i < argv.length; ++i) {
    if (argv[i] === '--setting') options.setting = argv[++i];
    else if (argv[i] === '--step') options.step = Number(argv[++i]);
    else options.positional.push(argv[i]);
  }
  if (options.positional.length !== 2) fail('usage: run_cases.mjs CASES_DIR OUT_DIR [--setting defaults|exact] [--step H]');
  if (!['defaults', 'exact'].includes(options.setting)) fail(`--setting must be defaults or exact, got '${options.setting}'`);
  if (!(options.step > 0 && options.step <= 0.01)) fail(`--step must be in (0, 0.01], got '${options.step}'`);
  return options;
}

// Rotation matrix (row-major 3x3) of a unit quaternion (w, x, y, z).
function rotation([w, x, y, z]) {
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
  ];
}
const times = (R, v) => R.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]);
const transpose = (R) => [0, 1, 2].map((i) => [0, 1, 2].map((j) => R[j][i]));
const product = (A, B) => A.map((row) => [0, 1, 2].map((j) => row[0] * B[0][j] + row[1] * B[1][j] + row[2] * B[2][j]));
const text = (v) => v.map((x) => x.toPrecision(17)).join(' ');

function modelXml(scene, step, exact) {
  const contact = exact ? ` solref="${(10 * step).toPrecision(17)} 1" solimp="0.99 0.99 0.001"` : '';
  const option = exact ? ' cone="elliptic" impratio="10" tolerance="1e-12" iterations="500"' : '';
  const q0 = scene.initial_state.orientation_wxyz;
  const R0 = rotation(q0);
  const I = product(product(transpose(R0), scene.inertia_kg_m2), R0);  // inertia in the body frame
  let geom;
  if (scene.shape === 'sphere') geom = `type="sphere" size="${scene.radius_m}"`;
  else if (scene.shape === 'box' || scene.shape === 'ellipsoid') {
    geom = `type="${scene.shape}" size="${text(scene.half_extents_m)}" pos="${text(scene.shape_offset_m)}"`;
  } else fail(`unknown shape '${scene.shape}'`);
  const planes = scene.planes.map((p, k) =>
    `<geom name="plane${k}" type="plane" size="0 0 1" pos="${text(p.normal.map((n) => n * p.offset_m))}" ` +
    `zaxis="${text(p.normal)}" friction="${p.mu} 0 0" condim="3"${contact}/>`).join('\n');
  return `<mujoco model="nsdkit_case">
  <compiler angle="radian" inertiafromgeom="false"/>
  <option timestep="${step}" gravity="${text(scene.gravity_m_s2)}"${option}/>
  <worldbody>
${planes}
    <body name="body" pos="${text(scene.initial_state.position_m)}" quat="${text(q0)}">
      <freejoint/>
      <inertial pos="0 0 0" mass="${scene.mass_kg}" fullinertia="${text([I[0][0], I[1][1], I[2][2], I[0][1], I[0][2], I[1][2]])}"/>
      <geom name="body" ${geom} friction="0 0 0" condim="3"${contact}/>
    </body>
  </worldbody>
</mujoco>`;
}

function runCase(mujoco, scene, duration, options, file) {
  const exact = options.setting === 'exact';
  mujoco.FS.writeFile('/work/case.xml', modelXml(scene, options.step, exact));
  const model = mujoco.MjModel.loadFromXML('/work/case.xml');
  const data = new mujoco.MjData(model);
  const R0 = rotation(scene.initial_state.orientation_wxyz);
  const v0 = scene.initial_state.velocity_m_s;
  const w0 = times(transpose(R0), scene.initial_state.angular_velocity_rad_s);  // body frame
  for (let c = 0; c < 3; ++c) {
    data.qvel[c] = v0[c];
    data.qvel[3 + c] = w0[c];
  }
  mujoco.mj_forward(model, data);
  const lines = ['t,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz'];
  const record = (t) => {
    const q = [data.qpos[3], data.qpos[4], data.qpos[5], data.qpos[6]];
    const w = times(rotation(q), [data.qvel[3], data.qvel[4], data.qvel[5]]);
    const row = [t, data.qpos[0], data.qpos[1], data.qpos[2], ...q, data.qvel[0], data.qvel[1], data.qvel[2], ...w];
    lines.push(row.map((x) => x.toPrecision(17)).join(','));
  };
  record(0);
  const steps = Math.round(duration / options.step);
  for (let i = 1; i <= steps; ++i) {
    for (let c = 0; c < 3; ++c) {
      data.xfrc_applied[6 + c] = scene.force_N[c];  // body 1 (body 0 is the world)
      data.xfrc_applied[9 + c] = scene.torque_N_m[c];
    }
    mujoco.mj_step(model, data);
    record(i * options.step);
    if (!Number.isFinite(data.qpos[0]) || !Number.isFinite(data.qvel[0])) break;  // scored as such
  }
  fs.writeFileSync(file, lines.join('\n') + '\n');
  data.delete();
  model.delete();
}

const options = parseArguments(process.argv.slice(2));
const [casesDir, outDir] = options.positional;
const index = JSON.parse(fs.readFileSync(path.join(casesDir, 'index.json'), 'utf8'));
if (index.schema !== 'nsdkit-validation-case/2') fail(`index.json: schema '${index.schema}' is not nsdkit-validation-case/2`);
fs.mkdirSync(outDir, { recursive: true });
const mujoco = await loadMujoco();
mujoco.FS.mkdir('/work');
for (const entry of index.cases) {
  const c = JSON.parse(fs.readFileSync(path.join(casesDir, `${entry.index}.json`), 'utf8'));
  runCase(mujoco, c.scene, c.duration_s, options, path.join(outDir, `${entry.index}.csv`));
}
// The solver's manifest, read by the scorer and shown in its report (docs/validation.md).
const exactSettings = [
  { setting: 'cone elliptic', reason: "Coulomb's isotropic cone instead of the 4-sided pyramid" },
  { setting: 'impratio 10', reason: 'friction constraints 10 times stiffer than the normal one (less creep)' },
  { setting: 'tolerance 1e-12, iterations 500', reason: 'the constraint solver converged' },
];
fs.writeFileSync(path.join(outDir, 'solver.json'), JSON.stringify({
  name: `mujoco-${mujoco.mj_versionString()}/${options.setting}/h=${options.step}`,
  version: `MuJoCo ${mujoco.mj_versionString()} (WebAssembly, mujoco-js)`,
  step_s: options.step,
  settings: options.setting === 'exact' ? exactSettings : [],
}, null, 2) + '\n');
console.log(`MuJoCo ${mujoco.mj_versionString()} (WebAssembly, ${options.setting}, h = ${options.step}): ` +
            `${index.cases.length} trajectories written to ${outDir}`);
