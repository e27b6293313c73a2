// Shared parts of nsdkit's WebAssembly/JS engine runners (engines/web/<engine>/run_cases.mjs):
// the command line, the case folder (schema nsdkit-validation-case/2, written by
// `nsdkit validate --export-cases`), quaternion and inertia algebra, and the trajectory folder
// that `nsdkit validate --score` reads (<i>.csv per case and solver.json; docs/validation.md,
// "Bring your own solver").
//
// A runner calls runCases() with a function that simulates one case's scene and records its
// samples, or returns { notRepresentable: reason } for a scene the engine cannot build.
import fs from 'node:fs';
import path from 'node:path';

export const CASE_SCHEMA = 'nsdkit-validation-case/2';
export const CSV_HEADER = 't,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz';

/** One line on stderr and exit status 2 (bad input). */
export function fail(message) {
  console.error(`run_cases: ${message}`);
  process.exit(2);
}

/**
 * Parses `CASES_DIR OUT_DIR [--setting S] [--step H]`. `settings` lists the accepted settings
 * (the first is the default); the step must lie in (0, 0.01] s.
 */
export function parseArguments(argv, settings) {
  const usage = `usage: run_cases.mjs CASES_DIR OUT_DIR [--setting ${settings.join('|')}] [--step H]`;
  const options = { setting: settings[0], step: 1e-3, positional: [] };
  for (let i = 0; i < argv.length; ++i) {
    if (argv[i] === '--setting' || argv[i] === '--step') {
      if (i + 1 >= argv.length) fail(`${argv[i]} needs a value (${usage})`);
      const value = argv[++i];
      if (argv[i - 1] === '--setting') options.setting = value;
      else options.step = Number(value);
    } else if (argv[i].startsWith('--')) {
      fail(`unknown option '${argv[i]}' (${usage})`);
    } else {
      options.positional.push(argv[i]);
    }
  }
  if (options.positional.length !== 2) fail(usage);
  if (!settings.includes(options.setting)) {
    fail(`--setting must be one of ${settings.join(', ')}, got '${options.setting}'`);
  }
  if (!(options.step > 0 && options.step <= 0.01)) {
    fail(`--step must be in (0, 0.01] s, got '${options.step}'`);
  }
  return options;
}

// ---- algebra: 3-vectors as arrays, 3x3 matrices as arrays of rows, quaternions (w, x, y, z)

export const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0]];
export const scale = (s, a) => a.map((x) => s * x);
export const add = (a, b) => a.map((x, i) => x + b[i]);
/** Euclidean norm of a vector of any length (3-vectors and quaternions). */
export const norm = (a) => Math.hypot(...a);

/** Rotation matrix of a unit quaternion (w, x, y, z): v_W = R v_S. */
export function rotation([w, x, y, z]) {
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
  ];
}
export const times = (R, v) => R.map((row) => dot(row, v));
export const transpose = (R) => [0, 1, 2].map((i) => [0, 1, 2].map((j) => R[j][i]));
export const product = (A, B) => A.map((row) => [0, 1, 2].map((j) =>
  row[0] * B[0][j] + row[1] * B[1][j] + row[2] * B[2][j]));

/** Hamilton product of quaternions (w, x, y, z). */
export function quatMultiply([aw, ax, ay, az], [bw, bx, by, bz]) {
  return [aw * bw - ax * bx - ay * by - az * bz, aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw];
}

/** Unit quaternion (w, x, y, z) of a proper rotation matrix (Shepperd's method). */
export function quatFromRotation(R) {
  const t = R[0][0] + R[1][1] + R[2][2];
  let q;
  if (t > 0) {
    const s = 2 * Math.sqrt(1 + t);
    q = [0.25 * s, (R[2][1] - R[1][2]) / s, (R[0][2] - R[2][0]) / s, (R[1][0] - R[0][1]) / s];
  } else if (R[0][0] > R[1][1] && R[0][0] > R[2][2]) {
    const s = 2 * Math.sqrt(1 + R[0][0] - R[1][1] - R[2][2]);
    q = [(R[2][1] - R[1][2]) / s, 0.25 * s, (R[0][1] + R[1][0]) / s, (R[0][2] + R[2][0]) / s];
  } else if (R[1][1] > R[2][2]) {
    const s = 2 * Math.sqrt(1 + R[1][1] - R[0][0] - R[2][2]);
    q = [(R[0][2] - R[2][0]) / s, (R[0][1] + R[1][0]) / s, 0.25 * s, (R[1][2] + R[2][1]) / s];
  } else {
    const s = 2 * Math.sqrt(1 + R[2][2] - R[0][0] - R[1][1]);
    q = [(R[1][0] - R[0][1]) / s, (R[0][2] + R[2][0]) / s, (R[1][2] + R[2][1]) / s, 0.25 * s];
  }
  const n = Math.hypot(...q);
  return q.map((x) => x / n);
}

/** The case's inertia about the mass centre in the body frame S: R(0)^T I_W(0) R(0). */
export function bodyFrameInertia(scene) {
  const R0 = rotation(scene.initial_state.orientation_wxyz);
  return product(product(transpose(R0), scene.inertia_kg_m2), R0);
}

/**
 * Principal moments and axes of a symmetric 3x3 tensor (cyclic Jacobi, to rounding): returns
 * { moments: [I1, I2, I3], axes_wxyz } with I = A diag(moments) A^T, A = rotation(axes_wxyz) a
 * proper rotation (columns the principal axes).
 */
export function principalInertia(I) {
  const a = I.map((row) => row.slice());
  let v = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  for (let sweep = 0; sweep < 50; ++sweep) {
    const off = Math.abs(a[0][1]) + Math.abs(a[0][2]) + Math.abs(a[1][2]);
    if (off <= 1e-300 || off <= 1e-17 * (Math.abs(a[0][0]) + Math.abs(a[1][1]) + Math.abs(a[2][2]))) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]]) {
      if (a[p][q] === 0) continue;
      const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1), s = t * c;
      const J = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
      J[p][p] = c; J[q][q] = c; J[p][q] = s; J[q][p] = -s;
      const next = product(product(transpose(J), a), J);
      for (let i = 0; i < 3; ++i) for (let j = 0; j < 3; ++j) a[i][j] = next[i][j];
      v = product(v, J);
    }
  }
  // A proper rotation: flip the last axis if the frame is left-handed.
  const det = dot(cross([v[0][0], v[1][0], v[2][0]], [v[0][1], v[1][1], v[2][1]]),
    [v[0][2], v[1][2], v[2][2]]);
  if (det < 0) for (let i = 0; i < 3; ++i) v[i][2] = -v[i][2];
  return { moments: [a[0][0], a[1][1], a[2][2]], axes_wxyz: quatFromRotation(v) };
}

// ---- the trajectory folder

/** Samples of one run, written as <i>.csv (every vector in W, angular velocity included). */
export class Trajectory {
  constructor() { this.lines = [CSV_HEADER]; this.finite = true; }
  /** position_m, orientation_wxyz (S in W), velocity_m_s, angular_velocity_W_rad_s. */
  record(t, position, orientation, velocity, angularVelocity) {
    const row = [t, ...position, ...orientation, ...velocity, ...angularVelocity];
    if (!row.every(Number.isFinite)) this.finite = false;
    this.lines.push(row.map((x) => x.toPrecision(17)).join(','));
  }
  write(file) { fs.writeFileSync(file, this.lines.join('\n') + '\n'); }
}

/** The case folder's cases in index order: [{ index, name, family, scene, duration_s }]. */
export function readCases(casesDir) {
  let index;
  try {
    index = JSON.parse(fs.readFileSync(path.join(casesDir, 'index.json'), 'utf8'));
  } catch (e) {
    fail(`cannot read ${path.join(casesDir, 'index.json')}: ${e.message}`);
  }
  if (index.schema !== CASE_SCHEMA) fail(`index.json: schema '${index.schema}' is not ${CASE_SCHEMA}`);
  return index.cases.map((entry) => {
    const c = JSON.parse(fs.readFileSync(path.join(casesDir, `${entry.index}.json`), 'utf8'));
    return { index: c.index, name: c.name, family: c.family, scene: c.scene, duration_s: c.duration_s };
  });
}

/**
 * Runs every case of casesDir through simulate(case, trajectory) and writes the folder:
 * <i>.csv for each simulated case, solver.json with the manifest (name, version, step_s,
 * settings [{setting, reason}]) and the cases simulate() declined ({ notRepresentable: reason }).
 * Returns { written, declined }.
 */
export async function runCases(casesDir, outDir, manifest, simulate) {
  const cases = readCases(casesDir);
  fs.mkdirSync(outDir, { recursive: true });
  const declined = [];
  let written = 0;
  for (const c of cases) {
    const trajectory = new Trajectory();
    const outcome = await simulate(c, trajectory);
    if (outcome && outcome.notRepresentable) {
      declined.push({ case: c.name, reason: outcome.notRepresentable });
      continue;
    }
    trajectory.write(path.join(outDir, `${c.index}.csv`));
    ++written;
  }
  fs.writeFileSync(path.join(outDir, 'solver.json'), JSON.stringify({
    name: manifest.name,
    version: manifest.version,
    step_s: manifest.step_s,
    settings: manifest.settings,
    not_representable: declined,
  }, null, 2) + '\n');
  return { written, declined: declined.length };
}
