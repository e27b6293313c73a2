// Havok 1.3.14's default angular damping (0.1 per body, HP_Body_GetAngularDamping) slows a
// spinning body with no contact and no torque; the rigid-body equations keep its spin. A sphere
// (I = 0.001 kg m^2) spins at 10 rad/s in zero gravity for 1 s at h = 1e-3 s.
// Frames: W; SI units. Exit 0 when the spin decays (the effect).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import HavokPhysics from '@babylonjs/havok';

const require = createRequire(import.meta.url);
const HK = await HavokPhysics({ wasmBinary: fs.readFileSync(require.resolve('@babylonjs/havok/lib/esm/HavokPhysics.wasm')) });
const [, world] = HK.HP_World_Create();
HK.HP_World_SetGravity(world, [0, 0, 0]);
const [, ball] = HK.HP_Body_Create();
const [, shape] = HK.HP_Shape_CreateSphere([0, 0, 0], 0.05);
HK.HP_Body_SetShape(ball, shape);
HK.HP_Body_SetMotionType(ball, HK.MotionType.DYNAMIC);
HK.HP_Body_SetMassProperties(ball, [[0, 0, 0], 1, [0.001, 0.001, 0.001], [0, 0, 0, 1]]);
HK.HP_Body_SetActivationControl(ball, HK.ActivationControl.ALWAYS_ACTIVE);
HK.HP_World_AddBody(world, ball, false);
HK.HP_Body_SetAngularVelocity(ball, [0, 0, 10]);
const damping = HK.HP_Body_GetAngularDamping(ball)[1];
for (let i = 0; i < 1000; ++i) HK.HP_World_Step(world, 1e-3);
const w = HK.HP_Body_GetAngularVelocity(ball)[1][2];
console.log(`default angular damping ${damping.toPrecision(3)}; spin after 1 s ${w.toFixed(4)} rad/s, analytic 10 rad/s (exp(-0.1) * 10 = ${(10 * Math.exp(-0.1)).toFixed(4)})`);
console.log(`FINDING default_angular_damping: measured ${w.toFixed(4)} rad/s, analytic 10.0000 rad/s (free spin after 1 s)`);
process.exit(w < 9.99 ? 0 : 1);
