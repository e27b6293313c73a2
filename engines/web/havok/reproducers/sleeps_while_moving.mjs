// Havok 1.3.14 with its default activation control: a sphere launched at 1 m/s on a plane
// (mu = 0.3, h = 1e-4 s) is put to sleep while still sliding: its position freezes and the
// reported velocity stays at its last value. Analytic (Coulomb): it slides until
// t* = 2 v0 / (7 mu g) = 0.0971 s, then rolls on at 5 v0 / 7 = 0.714 m/s for ever.
// Frames: W with z up; SI units. Exit 0 when the sphere freezes while moving (the effect).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import HavokPhysics from '@babylonjs/havok';

const require = createRequire(import.meta.url);
const HK = await HavokPhysics({ wasmBinary: fs.readFileSync(require.resolve('@babylonjs/havok/lib/esm/HavokPhysics.wasm')) });
const mu = 0.3, r = 0.05, m = 1, h = 1e-4, g = 9.81;
const [, world] = HK.HP_World_Create();
HK.HP_World_SetGravity(world, [0, 0, -g]);
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
const j = 0.4;  // solid sphere, inertia per unit mass j r^2
HK.HP_Body_SetMassProperties(ball, [[0, 0, 0], m, [j * r * r, j * r * r, j * r * r], [0, 0, 0, 1]]);
HK.HP_World_AddBody(world, ball, false);
HK.HP_Body_SetQTransform(ball, [[0, 0, 0], [0, 0, 0, 1]]);
HK.HP_Body_SetLinearVelocity(ball, [1, 0, 0]);
let frozenAt = null, frozenSpeed = 0, lastX = 0;
const steps = Math.round(0.4 / h);
for (let i = 1; i <= steps; ++i) {
  HK.HP_World_Step(world, h);
  const x = HK.HP_Body_GetPosition(ball)[1][0];
  const v = HK.HP_Body_GetLinearVelocity(ball)[1][0];
  if (frozenAt === null && x === lastX && Math.abs(v) > 0.01) { frozenAt = (i - 1) * h; frozenSpeed = v; }
  lastX = x;
}
const vEnd = HK.HP_Body_GetLinearVelocity(ball)[1][0];
const xAnalytic = (() => {  // slide with -mu g until t*, then roll at 5 v0 / 7
  const ts = 2 / (7 * mu * g);
  return ts - 0.5 * mu * g * ts * ts + (5 / 7) * (0.4 - ts);
})();
console.log(`h = ${h} s, defaults (activation SIMULATION_CONTROLLED): x(0.4 s) = ${lastX.toFixed(4)} m, analytic ${xAnalytic.toFixed(4)} m`);
console.log(`reported velocity at 0.4 s: ${vEnd.toFixed(4)} m/s while the position no longer changes`);
console.log(frozenAt === null ? 'the sphere never froze' : `position frozen from t = ${frozenAt.toFixed(4)} s at a reported speed of ${frozenSpeed.toFixed(4)} m/s`);
console.log(`FINDING sleeps_while_moving: measured ${frozenAt === null ? 'none' : frozenSpeed.toFixed(4)} m/s, analytic 0 m/s (speed at which the body is put to sleep; Coulomb never stops it)`);
process.exit(frozenAt !== null ? 0 : 1);
