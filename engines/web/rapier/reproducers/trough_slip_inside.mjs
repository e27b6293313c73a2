// Rapier (npm @dimforge/rapier3d-compat 0.21.0): a ball in a V trough under a torque slips at
// one contact where Coulomb friction keeps it rolling at both (nsdkit case
// angle60_mu0.3-0.5/low+mz/ray+y/inside: Def 11's RR region, 2 % inside its planes face).
// Scene (trough frame W, SI): ball r = 0.05 m, m = 1 kg, J = 0.4 m r^2; planes through
// n . p = -0.05 with P+ n = (-sin 15, cos 15, 0), mu 0.3 and P- n = (cos 15, -sin 15, 0),
// mu 0.5 (a 60-degree trough); gravity 9.81 m/s^2 along -(x + y)/sqrt 2; torque
// (0, 0.36776, 0.017342) N m about the centre; at rest at t = 0; h = 1e-3 s, 0.2 s.
// Exact: RR, both contacts roll without slip (slip speed 0).
import RAPIER from '@dimforge/rapier3d-compat';

await RAPIER.init();
const r = 0.05;
const s15 = Math.sin(Math.PI / 12), c15 = Math.cos(Math.PI / 12);
const planes = [{ name: 'P+', n: [-s15, c15, 0], mu: 0.3 }, { name: 'P-', n: [c15, -s15, 0], mu: 0.5 }];
const g = -9.81 / Math.SQRT2;
const torque = { x: 0, y: 0.3677631132518762, z: 0.01734179380860008 };

/** Slip speeds [m/s] at P+ and P- at t = 0.2 s with `substeps` solver iterations per step. */
function slipAtEnd(substeps) {
  const world = new RAPIER.World({ x: g, y: g, z: 0 });
  world.timestep = 1e-3;
  world.integrationParameters.numSolverIterations = substeps;
  for (const p of planes) {
    world.createCollider(new RAPIER.ColliderDesc(new RAPIER.HalfSpace({ x: p.n[0], y: p.n[1], z: p.n[2] }))
      .setTranslation(-r * p.n[0], -r * p.n[1], -r * p.n[2]).setFriction(p.mu)
      .setFrictionCombineRule(RAPIER.CoefficientCombineRule.Multiply).setRestitution(0));
  }
  const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setCanSleep(false)
    .setAdditionalMassProperties(1, { x: 0, y: 0, z: 0 }, { x: 1e-3, y: 1e-3, z: 1e-3 },
      { x: 0, y: 0, z: 0, w: 1 }));
  world.createCollider(RAPIER.ColliderDesc.ball(r).setDensity(0).setFriction(1)
    .setFrictionCombineRule(RAPIER.CoefficientCombineRule.Multiply).setRestitution(0), body);
  body.addTorque(torque, true);
  for (let i = 0; i < 200; ++i) world.step();
  const v = body.linvel(), w = body.angvel();
  const slips = planes.map(({ n }) => {
    // velocity of the ball's material point at -r n: v + w x (-r n), its part along the plane
    const u = [v.x - r * (w.y * n[2] - w.z * n[1]), v.y - r * (w.z * n[0] - w.x * n[2]),
      v.z - r * (w.x * n[1] - w.y * n[0])];
    const un = u[0] * n[0] + u[1] * n[1] + u[2] * n[2];
    return Math.hypot(u[0] - un * n[0], u[1] - un * n[1], u[2] - un * n[2]);
  });
  world.free();
  return slips;
}

for (const substeps of [4, 50]) {
  const [plus, minus] = slipAtEnd(substeps);
  console.log(`numSolverIterations ${substeps}: slip at t = 0.2 s: P+ ${plus.toExponential(2)} m/s, ` +
    `P- ${minus.toExponential(2)} m/s (exact: 0 and 0, rolling at both)`);
}
const [, minus] = slipAtEnd(4);
console.log(`FINDING trough_slip_inside: measured ${minus.toExponential(2)} m/s, analytic 0 m/s ` +
  '(slip at P-, defaults, h = 1e-3)');
process.exit(minus > 1e-3 ? 0 : 1);
