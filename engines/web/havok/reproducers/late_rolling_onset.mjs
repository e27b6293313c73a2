// Havok 1.3.14 at h = 1e-3 s with its default ideal step time (1/60 s, to which the solver
// rescales its parameters): a sphere launched without spin at 1 m/s on a plane (mu = 0.3, no
// damping, no sleeping) stops slipping late. Analytic (Coulomb): slip ends at
// t* = 2 v0 / (7 mu g) = 0.0971 s. With the ideal step time set to h the onset is on time.
// Frames: W with z up; SI units. Exit 0 when the onset is more than 10 % late (the effect).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import HavokPhysics from '@babylonjs/havok';

const require = createRequire(import.meta.url);
const HK = await HavokPhysics({ wasmBinary: fs.readFileSync(require.resolve('@babylonjs/havok/lib/esm/HavokPhysics.wasm')) });
const mu = 0.3, r = 0.05, g = 9.81, j = 0.4;

/** Last time the contact point slips faster than 1e-2 m/s (the judge's onset rule) [s]. */
function rollingOnset(h, idealStep) {
  const [, world] = HK.HP_World_Create();
  HK.HP_World_SetGravity(world, [0, 0, -g]);
  if (idealStep !== undefined) HK.HP_World_SetIdealStepTime(world, idealStep);
  const material = [mu, mu, 0, HK.MaterialCombine.MINIMUM, HK.MaterialCombine.MINIMUM];
  const [, ground] = HK.HP_Body_Create();
  const [, groundShape] = HK.HP_Shape_CreateBox([0, 0, 0], [0, 0, 0, 1], [40, 40, 2]);
  HK.HP_Shape_SetMaterial(groundShape, material);
  HK.HP_Body_SetShape(ground, groundShape);
  HK.HP_Body_SetMotionType(ground, HK.MotionType.STATIC);
  HK.HP_World_AddBody(world, ground, false);
  HK.HP_Body_SetQTransform(ground, [[0, 0, -1 - r], [0, 0, 0, 1]]);
  const [, ball] = HK.HP_Body_Create();
  const [, ballShape] = HK.HP_Shape_CreateSphere([0, 0, 0], r);
  HK.HP_Shape_SetMaterial(ballShape, material);
  HK.HP_Body_SetShape(ball, ballShape);
  HK.HP_Body_SetMotionType(ball, HK.MotionType.DYNAMIC);
  HK.HP_Body_SetMassProperties(ball, [[0, 0, 0], 1, [j * r * r, j * r * r, j * r * r], [0, 0, 0, 1]]);
  HK.HP_Body_SetAngularDamping(ball, 0);
  HK.HP_Body_SetActivationControl(ball, HK.ActivationControl.ALWAYS_ACTIVE);
  HK.HP_World_AddBody(world, ball, false);
  HK.HP_Body_SetQTransform(ball, [[0, 0, 0], [0, 0, 0, 1]]);
  HK.HP_Body_SetLinearVelocity(ball, [1, 0, 0]);
  let onset = 0;
  for (let i = 1; i <= Math.round(0.4 / h); ++i) {
    HK.HP_World_Step(world, h);
    const v = HK.HP_Body_GetLinearVelocity(ball)[1], w = HK.HP_Body_GetAngularVelocity(ball)[1];
    const slip = Math.hypot(v[0] - w[1] * r, v[1] + w[0] * r);  // v + w x (-r z), tangential
    if (slip > 1e-2) onset = i * h;
  }
  HK.HP_World_Release(world);
  return onset;
}
const analytic = 2 / (7 * mu * g);
const late = rollingOnset(1e-3);
console.log(`h = 1e-3 s, default ideal step time 1/60 s: rolling onset ${late.toFixed(4)} s, analytic ${analytic.toFixed(4)} s`);
console.log(`h = 1e-3 s, ideal step time = h:          rolling onset ${rollingOnset(1e-3, 1e-3).toFixed(4)} s`);
console.log(`h = 1e-4 s, default ideal step time 1/60 s: rolling onset ${rollingOnset(1e-4).toFixed(4)} s`);
console.log(`FINDING late_rolling_onset: measured ${late.toFixed(4)} s, analytic ${analytic.toFixed(4)} s (h = 1e-3, default ideal step time)`);
process.exit(late > 1.1 * analytic ? 0 : 1);
