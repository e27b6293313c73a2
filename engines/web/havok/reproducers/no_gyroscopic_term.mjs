// Havok 1.3.14 integrates a free asymmetric body without the gyroscopic term w x (I w): its
// angular velocity in W stays constant while the inertia turns, so the angular momentum
// L_W = I_W(t) w is not conserved. Body: principal moments (2, 4, 6) kg m^2 (mass 2 kg),
// zero gravity, initial L_W = (1, 0, 0) N m s given as an angular impulse, 1 s at h = 1e-3 s,
// angular damping 0, no sleeping. Frames: W; SI units. Exit 0 when L_W drifts (the effect).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import HavokPhysics from '@babylonjs/havok';

const require = createRequire(import.meta.url);
const HK = await HavokPhysics({ wasmBinary: fs.readFileSync(require.resolve('@babylonjs/havok/lib/esm/HavokPhysics.wasm')) });
const rotation = ([w, x, y, z]) => [
  [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
  [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
  [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]];
const [, world] = HK.HP_World_Create();
HK.HP_World_SetGravity(world, [0, 0, 0]);
const [, body] = HK.HP_Body_Create();
const [, shape] = HK.HP_Shape_CreateBox([0, 0, 0], [0, 0, 0, 1], [0.1, 0.2, 0.3]);
HK.HP_Body_SetShape(body, shape);
HK.HP_Body_SetMotionType(body, HK.MotionType.DYNAMIC);
const moments = [2, 4, 6], mass = 2;  // principal axes = body axes
HK.HP_Body_SetMassProperties(body, [[0, 0, 0], mass, moments.map((I) => I / mass), [0, 0, 0, 1]]);
HK.HP_Body_SetAngularDamping(body, 0);
HK.HP_Body_SetActivationControl(body, HK.ActivationControl.ALWAYS_ACTIVE);
HK.HP_World_AddBody(world, body, false);
const q0 = [Math.cos(0.4), 0, Math.sin(0.4), 0];  // (w, x, y, z): 0.8 rad about y
HK.HP_Body_SetQTransform(body, [[0, 0, 0], [q0[1], q0[2], q0[3], q0[0]]]);
HK.HP_Body_ApplyAngularImpulse(body, [1, 0, 0]);
/** L_W = R diag(moments) R^T w. */
function momentum() {
  const [, [, qx]] = HK.HP_Body_GetQTransform(body);
  const R = rotation([qx[3], qx[0], qx[1], qx[2]]);
  const w = HK.HP_Body_GetAngularVelocity(body)[1];
  const wS = [0, 1, 2].map((i) => R[0][i] * w[0] + R[1][i] * w[1] + R[2][i] * w[2]);
  const LS = wS.map((x, i) => moments[i] * x);
  return { L: R.map((row) => row[0] * LS[0] + row[1] * LS[1] + row[2] * LS[2]), w };
}
const start = momentum();
for (let i = 0; i < 1000; ++i) HK.HP_World_Step(world, 1e-3);
const end = momentum();
const drift = Math.hypot(...end.L.map((x, i) => x - start.L[i]));
const fmt = (v) => v.map((x) => x.toFixed(4)).join(', ');
console.log(`t = 0: L_W = (${fmt(start.L)}) N m s, w_W = (${fmt(start.w)}) rad/s`);
console.log(`t = 1 s: L_W = (${fmt(end.L)}) N m s, w_W = (${fmt(end.w)}) rad/s (analytic: L_W unchanged)`);
console.log(`FINDING no_gyroscopic_term: measured ${drift.toFixed(4)} N m s, analytic 0 N m s (|L_W(1 s) - L_W(0)|)`);
process.exit(drift > 0.01 ? 0 : 1);
