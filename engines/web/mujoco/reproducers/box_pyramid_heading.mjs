// MuJoCo 3.3.8 (WebAssembly) at its defaults: a box sliding at 15 degrees from its edges turns
// towards its edge direction and slides too far, because the default friction cone is a 4-sided
// pyramid (|T1|, |T2| <= mu N along the contact frame's axes) rather than Coulomb's circle.
// Scene: nsdkit's case block/sliding/heading15: box 10 x 10 x 5 cm, 1 kg, on the plane z = 0,
// mu = 0.3, thrown at 1 m/s at 15 degrees from x, h = 1e-3 s. Analytic (Coulomb): a straight
// line, stop after v0^2/(2 mu g) = 0.16989 m.
import loadMujoco from 'mujoco-js';

const mu = 0.3, g = 9.81, v0 = 1, heading = 15 * Math.PI / 180, h = 1e-3;
const xml = `<mujoco><option timestep="${h}" gravity="0 0 ${-g}"/><worldbody>
  <geom type="plane" size="0 0 1" friction="${mu} 0 0" condim="3"/>
  <body pos="0 0 0.025"><freejoint/>
    <inertial pos="0 0 0" mass="1" diaginertia="${1 / 960} ${1 / 960} ${1 / 600}"/>
    <geom type="box" size="0.05 0.05 0.025" friction="0 0 0" condim="3"/>
  </body></worldbody></mujoco>`;
const mujoco = await loadMujoco();
mujoco.FS.mkdir('/work');
mujoco.FS.writeFile('/work/box.xml', xml);
const model = mujoco.MjModel.loadFromXML('/work/box.xml');
const data = new mujoco.MjData(model);
data.qvel[0] = v0 * Math.cos(heading);
data.qvel[1] = v0 * Math.sin(heading);
for (let i = 0; i < 600; ++i) mujoco.mj_step(model, data);  // 0.6 s: at rest by then
const x = data.qpos[0], y = data.qpos[1];
const distance = Math.hypot(x, y);
const drift = Math.atan2(y, x) * 180 / Math.PI - 15;
const analytic = v0 * v0 / (2 * mu * g);
console.log(`displacement after 0.6 s: (${x.toFixed(5)}, ${y.toFixed(5)}) m, speed ${Math.hypot(data.qvel[0], data.qvel[1]).toExponential(2)} m/s`);
console.log(`stop distance: measured ${distance.toFixed(5)} m, analytic ${analytic.toFixed(5)} m`);
console.log(`heading of the displacement: measured ${(15 + drift).toFixed(2)} deg, analytic 15 deg`);
console.log(`FINDING box_pyramid_heading: measured ${drift.toFixed(2)} deg, analytic 0 deg`);
process.exit(Math.abs(drift) > 1 ? 0 : 1);
