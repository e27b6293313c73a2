// Rapier (npm @dimforge/rapier3d-compat 0.21.0): a ball that Coulomb friction holds at rest on a
// slope creeps downhill, and with sleeping on (the default) it is frozen at t = 0.5 s while
// still moving (nsdkit case creep/mu0.3/tan0.5mu/heading0).
// Scene (W, z up, SI): ball r = 0.05 m, m = 1 kg, J = 0.4 m r^2 = 1e-3 kg m^2; plane through
// n . p = -0.05 with n = (sin s, 0, cos s), tan s = 0.15 = 0.5 mu, mu = 0.3; gravity -9.81 z;
// the holding torque m g r sin s = 0.072761 N m about -y; at rest at t = 0; h = 1e-3 s, 1 s.
// Exact: rest (the friction needed, m g sin s, is half of mu N).
import RAPIER from '@dimforge/rapier3d-compat';

await RAPIER.init();
const r = 0.05, s = Math.atan(0.15), n = [Math.sin(s), 0, Math.cos(s)];

/** Runs 1 s with `substeps` solver iterations; returns the mean speed over [0.5, 1] s [m/s] and the first time asleep [s]. */
function run(canSleep, substeps = 4) {
  const world = new RAPIER.World({ x: 0, y: 0, z: -9.81 });
  world.timestep = 1e-3;
  world.integrationParameters.numSolverIterations = substeps;
  world.createCollider(new RAPIER.ColliderDesc(new RAPIER.HalfSpace({ x: n[0], y: n[1], z: n[2] }))
    .setTranslation(-r * n[0], 0, -r * n[2]).setFriction(0.3)
    .setFrictionCombineRule(RAPIER.CoefficientCombineRule.Multiply).setRestitution(0));
  const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setCanSleep(canSleep)
    .setAdditionalMassProperties(1, { x: 0, y: 0, z: 0 }, { x: 1e-3, y: 1e-3, z: 1e-3 },
      { x: 0, y: 0, z: 0, w: 1 }));
  world.createCollider(RAPIER.ColliderDesc.ball(r).setDensity(0).setFriction(1)
    .setFrictionCombineRule(RAPIER.CoefficientCombineRule.Multiply).setRestitution(0), body);
  body.addTorque({ x: 0, y: -9.81 * r * Math.sin(s), z: 0 }, true);
  let asleepAt = null, speedBeforeSleep = 0, sum = 0, count = 0;
  for (let i = 1; i <= 1000; ++i) {
    const v = body.linvel();
    const speed = Math.hypot(v.x, v.y, v.z);
    world.step();
    if (asleepAt === null && body.isSleeping()) { asleepAt = i * 1e-3; speedBeforeSleep = speed; }
    if (i > 500) { const u = body.linvel(); sum += Math.hypot(u.x, u.y, u.z); ++count; }
  }
  world.free();
  return { creep: sum / count, asleepAt, speedBeforeSleep };
}

const awake = run(false), sleeping = run(true), awake50 = run(false, 50);
console.log(`canSleep false, numSolverIterations 50: mean speed over [0.5, 1] s ` +
  `${awake50.creep.toExponential(2)} m/s (exact 0)`);
console.log(`canSleep false: mean speed over [0.5, 1] s ${awake.creep.toExponential(2)} m/s (exact 0)`);
console.log(`canSleep true (default): asleep at t = ${sleeping.asleepAt} s, moving at ` +
  `${sleeping.speedBeforeSleep.toExponential(2)} m/s the step before; mean speed over [0.5, 1] s ` +
  `${sleeping.creep.toExponential(2)} m/s`);
console.log(`FINDING held_sphere_creep: measured ${awake.creep.toExponential(2)} m/s, analytic 0 m/s ` +
  '(mean speed over [0.5, 1] s, sleeping off, h = 1e-3)');
process.exit(awake.creep > 1e-5 ? 0 : 1);
