// Havok 1.3.14: a box on a slope with tan s = 1.1 mu (static = dynamic friction = mu = 0.3,
// restitution 0, no damping, no sleeping) never starts to slide; Coulomb's law slides it with
// a = g (sin s - mu cos s) = 0.2795 m/s^2. The box is 10 x 10 x 5 cm, 1 kg, h = 1e-3 and 1e-4 s.
// Frames: W with z up, the slope turned about y; SI units. Exit 0 when the box stays (the effect).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import HavokPhysics from '@babylonjs/havok';

const require = createRequire(import.meta.url);
const HK = await HavokPhysics({ wasmBinary: fs.readFileSync(require.resolve('@babylonjs/havok/lib/esm/HavokPhysics.wasm')) });
const mu = 0.3, g = 9.81;

/** Speed of the box after 1 s on a slope with tan s = ratio mu. */
function speedAfterOneSecond(ratio, h) {
  const s = Math.atan(ratio * mu);
  const [, world] = HK.HP_World_Create();
  HK.HP_World_SetGravity(world, [0, 0, -g]);
  const material = [mu, mu, 0, HK.MaterialCombine.MINIMUM, HK.MaterialCombine.MINIMUM];
  const q = [0, Math.sin(s / 2), 0, Math.cos(s / 2)];  // (x, y, z, w): turn by s about y
  const n = [Math.sin(s), 0, Math.cos(s)];             // the slope's normal in W
  const [, ground] = HK.HP_Body_Create();
  const [, groundShape] = HK.HP_Shape_CreateBox([0, 0, 0], [0, 0, 0, 1], [40, 40, 2]);
  HK.HP_Shape_SetMaterial(groundShape, material);
  HK.HP_Body_SetShape(ground, groundShape);
  HK.HP_Body_SetMotionType(ground, HK.MotionType.STATIC);
  HK.HP_World_AddBody(world, ground, false);
  HK.HP_Body_SetQTransform(ground, [n.map((x) => -1.025 * x), q]);  // top face through -0.025 n
  const [, box] = HK.HP_Body_Create();
  const [, boxShape] = HK.HP_Shape_CreateBox([0, 0, 0], [0, 0, 0, 1], [0.1, 0.1, 0.05]);
  HK.HP_Shape_SetMaterial(boxShape, material);
  HK.HP_Body_SetShape(box, boxShape);
  HK.HP_Body_SetMotionType(box, HK.MotionType.DYNAMIC);
  HK.HP_Body_SetMassProperties(box, [[0, 0, 0], 1, [0.0125 / 12, 0.0125 / 12, 0.02 / 12], [0, 0, 0, 1]]);
  HK.HP_Body_SetAngularDamping(box, 0);
  HK.HP_Body_SetActivationControl(box, HK.ActivationControl.ALWAYS_ACTIVE);
  HK.HP_World_AddBody(world, box, false);
  HK.HP_Body_SetQTransform(box, [[0, 0, 0], q]);
  for (let i = 0; i < Math.round(1 / h); ++i) HK.HP_World_Step(world, h);
  const v = HK.HP_Body_GetLinearVelocity(box)[1];
  HK.HP_World_Release(world);
  return Math.hypot(...v);
}
const analytic = (ratio) => { const s = Math.atan(ratio * mu); return g * (Math.sin(s) - mu * Math.cos(s)); };
let measured11 = null;
for (const h of [1e-3, 1e-4]) for (const ratio of [1.1, 1.15, 1.2, 1.5]) {
  const v = speedAfterOneSecond(ratio, h);
  if (h === 1e-3 && ratio === 1.1) measured11 = v;
  console.log(`h = ${h} s, tan s = ${ratio} mu: speed after 1 s ${v.toFixed(4)} m/s, analytic ${analytic(ratio).toFixed(4)} m/s`);
}
console.log(`FINDING static_friction_above_mu: measured ${measured11.toFixed(4)} m/s, analytic ${analytic(1.1).toFixed(4)} m/s (box speed after 1 s at tan s = 1.1 mu, h = 1e-3)`);
process.exit(measured11 < 0.5 * analytic(1.1) ? 0 : 1);
