// MuJoCo 3.3.8 (WebAssembly) at its defaults: a box on a slope below the friction angle creeps
// down it, where Coulomb's law holds it at rest. MuJoCo's friction is a soft constraint
// (impratio 1, solref 0.02 1): a constant tangential load is only met by a steady slip.
// Scene: nsdkit's case block/incline/tan0.9mu/heading0: box 10 x 10 x 5 cm, 1 kg, mu = 0.3,
// tan s = 0.9 mu = 0.27 (the slope as gravity tilted by s over the plane z = 0), from rest,
// h = 1e-3 s. Analytic: rest (|F_t|/N = tan s = 0.27 <= mu).
import loadMujoco from 'mujoco-js';

const mu = 0.3, g = 9.81, s = Math.atan(0.9 * mu), h = 1e-3;
const xml = `<mujoco><option timestep="${h}" gravity="${g * Math.sin(s)} 0 ${-g * Math.cos(s)}"/><worldbody>
  <geom type="plane" size="0 0 1" friction="${mu} 0 0" condim="3"/>
  <body pos="0 0 0.025"><freejoint/>
    <inertial pos="0 0 0" mass="1" diaginertia="${1 / 960} ${1 / 960} ${1 / 600}"/>
    <geom type="box" size="0.05 0.05 0.025" friction="0 0 0" condim="3"/>
  </body></worldbody></mujoco>`;
const mujoco = await loadMujoco();
mujoco.FS.mkdir('/work');
mujoco.FS.writeFile('/work/block.xml', xml);
const model = mujoco.MjModel.loadFromXML('/work/block.xml');
const data = new mujoco.MjData(model);
let xHalf = 0;
for (let i = 1; i <= 1000; ++i) {  // 1 s
  mujoco.mj_step(model, data);
  if (i === 500) xHalf = data.qpos[0];
}
const creep = (data.qpos[0] - xHalf) / 0.5;  // mean speed down the slope over the second half
console.log(`slope tan s = ${Math.tan(s).toFixed(3)}, mu = ${mu}: Coulomb holds the box at rest`);
console.log(`moved ${(data.qpos[0] * 1000).toFixed(3)} mm down the slope in 1 s; velocity at 1 s ${data.qvel[0].toExponential(3)} m/s`);
console.log(`creep speed over the second half: measured ${creep.toExponential(3)} m/s, analytic 0 m/s`);
console.log(`FINDING block_soft_creep: measured ${creep.toExponential(3)} m/s, analytic 0 m/s`);
process.exit(creep > 1e-4 ? 0 : 1);
