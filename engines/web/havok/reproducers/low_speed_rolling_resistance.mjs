// Havok 1.3.14: a sphere rolling on a plane below about 0.1 m/s meets a rolling resistance
// (a deceleration of about 0.0306 g / (1 + j), any radius) and stops; above it, it rolls on.
// No damping, no sleeping (angular damping 0, ALWAYS_ACTIVE), h = 1e-3 s, mu = 1.
// Analytic: a sphere rolling without slip on a level plane keeps its speed (deceleration 0).
// Frames: W with z up; SI units. Exit 0 when the slow sphere decelerates (the effect).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import HavokPhysics from '@babylonjs/havok';

const require = createRequire(import.meta.url);
const HK = await HavokPhysics({ wasmBinary: fs.readFileSync(require.resolve('@babylonjs/havok/lib/esm/HavokPhysics.wasm')) });

/** Rolls a sphere of radius r at v0 along x; returns its speed at 0.05 s and 0.3 s. */
function roll(v0, r, h = 1e-3) {
  const mu = 1, m = 1, j = 0.4;
  const [, world] = HK.HP_World_Create();
  HK.HP_World_SetGravity(world, [0, 0, -9.81]);
  const material = [mu, mu, 0, HK.MaterialCombine.MINIMUM, HK.MaterialCombine.MINIMUM];
  const [, ground] = HK.HP_Body_Create();
  const [, groundShape] = HK.HP_Shape_CreateBox([0, 0, 0], [0, 0, 0, 1], [40, 40, 2]);
  HK.HP_Shape_SetMaterial(groundShape, material);
  HK.HP_Body_SetShape(ground, groundShape);
  HK.HP_Body_SetMotionType(ground, HK.MotionType.STATIC);
  HK.HP_World_AddBody(world, ground, false);
  HK.HP_Body_SetQTransform(ground, [[0, 0, -1 - r], [0, 0, 0, 1]]);  // top face z = -r
  const [, ball] = HK.HP_Body_Create();
  const [, ballShape] = HK.HP_Shape_CreateSphere([0, 0, 0], r);
  HK.HP_Shape_SetMaterial(ballShape, material);
  HK.HP_Body_SetShape(ball, ballShape);
  HK.HP_Body_SetMotionType(ball, HK.MotionType.DYNAMIC);
  HK.HP_Body_SetMassProperties(ball, [[0, 0, 0], m, [j * r * r, j * r * r, j * r * r], [0, 0, 0, 1]]);
  HK.HP_Body_SetAngularDamping(ball, 0);
  HK.HP_Body_SetActivationControl(ball, HK.ActivationControl.ALWAYS_ACTIVE);
  HK.HP_World_AddBody(world, ball, false);
  HK.HP_Body_SetQTransform(ball, [[0, 0, 0], [0, 0, 0, 1]]);
  HK.HP_Body_SetLinearVelocity(ball, [v0, 0, 0]);
  HK.HP_Body_SetAngularVelocity(ball, [0, v0 / r, 0]);  // rolling: v = w x (r z)
  const speeds = {};
  for (let i = 1; i <= Math.round(0.3 / h); ++i) {
    HK.HP_World_Step(world, h);
    if (i === Math.round(0.05 / h) || i === Math.round(0.3 / h)) speeds[i * h] = HK.HP_Body_GetLinearVelocity(ball)[1][0];
  }
  HK.HP_World_Release(world);
  const [v1, v2] = Object.values(speeds);
  return { v1, v2 };
}
let slowDecel = 0;
for (const r of [0.05, 0.1]) for (const v0 of [0.08, 0.2]) {
  const { v1, v2 } = roll(v0, r);
  const decel = (v0 - v1) / 0.05;
  if (v0 === 0.08 && r === 0.05) slowDecel = decel;
  console.log(`r = ${r} m, v0 = ${v0} m/s: v(0.05 s) = ${v1.toFixed(4)}, v(0.3 s) = ${v2.toFixed(4)} m/s; deceleration over 0.05 s ${decel.toFixed(4)} m/s^2, analytic 0`);
}
console.log(`(0.0306 g / (1 + j) = ${(0.0306 * 9.81 / 1.4).toFixed(4)} m/s^2, a resisting torque 0.0306 m g r)`);
console.log(`FINDING low_speed_rolling_resistance: measured ${slowDecel.toFixed(4)} m/s^2, analytic 0 m/s^2 (deceleration of a sphere rolling at 0.08 m/s)`);
process.exit(slowDecel > 0.1 ? 0 : 1);
