// MuJoCo 3.3.8 (WebAssembly) at nsdkit's exact setting (elliptic cone, impratio 10, solref
// 10 h 1, solimp 0.99 0.99 0.001, tolerance 1e-12, 500 iterations) at h = 1e-4 s: a sphere
// thrown sliding along a V trough lifts off both faces, lands, and decelerates faster than
// Coulomb's mu (N+ + N-): it starts rolling early.
// Scene: nsdkit's case mu0.5_j0.667/sliding_v0=1: faces y = -0.05 and x = -0.05 m (normals
// +y, +x: a 90-degree trough along z), gravity 9.81 m/s^2 along -(x + y)/sqrt 2, mu = 0.5 on
// both, sphere r = 0.05 m, 1 kg, I = 1/600 kg m^2 (j = 2/3), thrown at 1 m/s along z without
// spin. Analytic (Coulomb; nsdkit's case file): both contacts slide with N = m g/sqrt 2 each,
// deceleration mu (N+ + N-)/m = 6.9367 m/s^2, rolling on both faces from t* = 0.08238 s at
// 0.42857 m/s.
import loadMujoco from 'mujoco-js';

const mu = 0.5, g = 9.81, r = 0.05, j = 2 / 3, h = 1e-4;
const gxy = -g / Math.SQRT2;
const contact = `solref="${10 * h} 1" solimp="0.99 0.99 0.001"`;
const xml = `<mujoco><option timestep="${h}" gravity="${gxy} ${gxy} 0" cone="elliptic" impratio="10" tolerance="1e-12" iterations="500"/>
  <worldbody>
  <geom type="plane" size="0 0 1" pos="0 -0.05 0" zaxis="0 1 0" friction="${mu} 0 0" condim="3" ${contact}/>
  <geom type="plane" size="0 0 1" pos="-0.05 0 0" zaxis="1 0 0" friction="${mu} 0 0" condim="3" ${contact}/>
  <body pos="0 0 0"><freejoint/>
    <inertial pos="0 0 0" mass="1" diaginertia="${j * r * r} ${j * r * r} ${j * r * r}"/>
    <geom type="sphere" size="${r}" friction="0 0 0" condim="3" ${contact}/>
  </body></worldbody></mujoco>`;
const mujoco = await loadMujoco();
mujoco.FS.mkdir('/work');
mujoco.FS.writeFile('/work/trough.xml', xml);
const model = mujoco.MjModel.loadFromXML('/work/trough.xml');
const data = new mujoco.MjData(model);
data.qvel[2] = 1;
const N = -gxy;  // each face's normal force at rest on it [N]
const a = mu * 2 * N;  // both faces' sliding friction [N] / 1 kg
let onset = null, gapMax = 0, speed20 = 0;
for (let i = 1; i <= 2000; ++i) {  // 0.2 s
  mujoco.mj_step(model, data);
  // The slip of each contact along z: v_z + (omega x (-r n))_z; the body frame turns, so turn
  // omega into W with the body's orientation (xmat: this step's start, adequate at 1e-4 s).
  const R = data.xmat, w = [data.qvel[3], data.qvel[4], data.qvel[5]];
  const wW = [0, 1, 2].map((k) => R[9 + 3 * k] * w[0] + R[9 + 3 * k + 1] * w[1] + R[9 + 3 * k + 2] * w[2]);
  const slipPlus = data.qvel[2] - r * wW[0];  // n = +y: (omega x (0, -r, 0))_z = -r omega_x
  const slipMinus = data.qvel[2] + r * wW[1];  // n = +x: (omega x (-r, 0, 0))_z = r omega_y
  if (onset === null && Math.max(Math.abs(slipPlus), Math.abs(slipMinus)) < 1e-3) onset = i * h;
  gapMax = Math.max(gapMax, data.qpos[0], data.qpos[1]);  // the sphere's distance from each face
  if (i === 200) speed20 = data.qvel[2];
}
const tStar = 0.08237737366378883;  // nsdkit's expected rolling onset (case file)
console.log(`speed along the trough at 0.02 s: measured ${speed20.toFixed(4)} m/s, analytic ${(1 - a * 0.02).toFixed(4)} m/s (deceleration ${a.toFixed(4)} m/s^2)`);
console.log(`largest gap between the sphere and a face: measured ${gapMax.toExponential(2)} m, analytic 0 m`);
console.log(`speed after 0.2 s: measured ${data.qvel[2].toFixed(5)} m/s, analytic 0.42857 m/s`);
console.log(`rolling onset (both slips < 1e-3 m/s): measured ${onset} s, analytic ${tStar.toFixed(5)} s`);
console.log(`FINDING trough_early_rolling: measured ${onset} s, analytic ${tStar.toFixed(5)} s`);
process.exit(onset !== null && onset < 0.95 * tStar ? 0 : 1);
