// MuJoCo 3.3.8 (WebAssembly) at its defaults: a sphere thrown without spin along a friction
// pyramid's axis (so the pyramid is not the cause) starts rolling late: the soft friction
// constraint (impratio 1, solref 0.02 1) transmits less than mu N while the sphere slips slowly.
// Scene: nsdkit's case launch/heading0/backspin0: sphere r = 0.05 m, 1 kg, I = 0.001 kg m^2
// (j = 0.4), on the plane z = 0, mu = 0.3, thrown at v0 = 1 m/s along x, h = 1e-3 s.
// Analytic (Coulomb): slides with deceleration mu g, rolls from t* = 2 v0/(7 mu g) = 0.09708 s
// at 5 v0/7; "rolling" here: the contact's slip speed below 1e-3 m/s.
import loadMujoco from 'mujoco-js';

const mu = 0.3, g = 9.81, v0 = 1, r = 0.05, h = 1e-3;
const xml = `<mujoco><option timestep="${h}" gravity="0 0 ${-g}"/><worldbody>
  <geom type="plane" size="0 0 1" friction="${mu} 0 0" condim="3"/>
  <body pos="0 0 ${r}"><freejoint/>
    <inertial pos="0 0 0" mass="1" diaginertia="0.001 0.001 0.001"/>
    <geom type="sphere" size="${r}" friction="0 0 0" condim="3"/>
  </body></worldbody></mujoco>`;
const mujoco = await loadMujoco();
mujoco.FS.mkdir('/work');
mujoco.FS.writeFile('/work/launch.xml', xml);
const model = mujoco.MjModel.loadFromXML('/work/launch.xml');
const data = new mujoco.MjData(model);
data.qvel[0] = v0;
let onset = null;
for (let i = 1; i <= 400; ++i) {  // 0.4 s
  mujoco.mj_step(model, data);
  // Slip of the contact point along x: v_x - r omega_y (the body frame stays aligned with W
  // about y as the sphere rolls along x; its spin is about y only).
  const slip = data.qvel[0] - r * data.qvel[4];
  if (onset === null && Math.abs(slip) < 1e-3) onset = i * h;
  if (i === 50) {
    console.log(`mean deceleration over the first 0.05 s (sliding): measured ${((v0 - data.qvel[0]) / 0.05).toFixed(4)} m/s^2, ` +
      `analytic mu g = ${(mu * g).toFixed(4)} m/s^2`);
  }
}
const analytic = 2 * v0 / (7 * mu * g);
console.log(`speed at 0.4 s: ${data.qvel[0].toFixed(5)} m/s, analytic ${(5 * v0 / 7).toFixed(5)} m/s`);
console.log(`rolling onset (slip < 1e-3 m/s): measured ${onset} s, analytic ${analytic.toFixed(5)} s`);
console.log(`FINDING launch_late_rolling: measured ${onset} s, analytic ${analytic.toFixed(5)} s`);
process.exit(onset !== null && onset > 1.05 * analytic ? 0 : 1);
