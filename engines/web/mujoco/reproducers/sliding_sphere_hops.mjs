// MuJoCo 3.3.8 (WebAssembly) at nsdkit's exact setting (elliptic cone, impratio 10, solref
// 0.01 1, solimp 0.99 0.99 0.001, tolerance 1e-12, 500 iterations) at h = 1e-3 s: a sphere
// whose contact slips fast leaves the plane: it hops above it, and its speed and spin jitter
// about Coulomb's. Scene: nsdkit's case creep/mu0.3/tan1.1mu/heading0: sphere r = 0.05 m,
// 1 kg, I = 0.001 kg m^2, on a slope tan s = 1.1 mu = 0.33 (gravity tilted by s over the plane
// z = 0), mu = 0.3, from rest, with the torque m g r sin s about the plane's horizontal axis
// (it would hold the sphere on a rough enough slope); here it slides and spins up, the slip
// reaching 1 m/s in 1 s. Analytic (Coulomb): contact throughout (gap 0), v(t) = g (sin s -
// mu cos s) t = 0.27948 m/s at t = 1 s.
import loadMujoco from 'mujoco-js';

const mu = 0.3, g = 9.81, r = 0.05, s = Math.atan(1.1 * mu), h = 1e-3;
const contact = `solref="${10 * h} 1" solimp="0.99 0.99 0.001"`;
const xml = `<mujoco><option timestep="${h}" gravity="${g * Math.sin(s)} 0 ${-g * Math.cos(s)}" cone="elliptic" impratio="10" tolerance="1e-12" iterations="500"/>
  <worldbody><geom type="plane" size="0 0 1" friction="${mu} 0 0" condim="3" ${contact}/>
  <body pos="0 0 ${r}"><freejoint/>
    <inertial pos="0 0 0" mass="1" diaginertia="0.001 0.001 0.001"/>
    <geom type="sphere" size="${r}" friction="0 0 0" condim="3" ${contact}/>
  </body></worldbody></mujoco>`;
const mujoco = await loadMujoco();
mujoco.FS.mkdir('/work');
mujoco.FS.writeFile('/work/sphere.xml', xml);
const model = mujoco.MjModel.loadFromXML('/work/sphere.xml');
const data = new mujoco.MjData(model);
let gapMax = 0, tGap = 0, stepsOff = 0, speedErrMax = 0;
for (let i = 1; i <= 1000; ++i) {  // 1 s
  data.xfrc_applied[6 + 4] = -g * r * Math.sin(s);  // torque about -y on body 1 (W, N m)
  mujoco.mj_step(model, data);
  const gap = data.qpos[2] - r;  // the sphere's lowest point above the plane
  if (gap > gapMax) { gapMax = gap; tGap = i * h; }
  if (data.ncon === 0) ++stepsOff;
  speedErrMax = Math.max(speedErrMax, Math.abs(data.qvel[0] - g * (Math.sin(s) - mu * Math.cos(s)) * i * h));
}
const analytic = g * (Math.sin(s) - mu * Math.cos(s));
console.log(`velocity at 1 s: measured ${data.qvel[0].toFixed(5)} m/s, analytic ${analytic.toFixed(5)} m/s; ` +
  `largest deviation over the run ${speedErrMax.toExponential(2)} m/s`);
console.log(`slip at 1 s: ${(data.qvel[0] - r * data.qvel[4]).toFixed(3)} m/s; steps without contact: ${stepsOff} of 1000`);
console.log(`largest gap between sphere and plane: measured ${gapMax.toExponential(3)} m at t = ${tGap.toFixed(3)} s, analytic 0 m`);
console.log(`FINDING sliding_sphere_hops: measured ${gapMax.toExponential(3)} m, analytic 0 m`);
process.exit(gapMax > 1e-5 ? 0 : 1);
