// Rapier (npm @dimforge/rapier3d-compat 0.21.0, single precision): a free body's position
// drifts from its own velocity by a systematic f32 rounding at every solver substep.
// Scene: no gravity, no contact; a body at x0 = 0.25 m moving at 0.714 m/s along x (a rolling
// launch ball's speed and place, nsdkit case launch/heading0/backspin0), h = 1e-3 s, 40 steps
// (the judge's window of a tenth of 0.4 s). Exact: x(t) - x0 = v t (v constant, no force).
// Compared with the judge's allowance for "positions and velocities disagree" at a constant
// velocity: 4e-6 m + 1e-4 of the displacement.
import RAPIER from '@dimforge/rapier3d-compat';

await RAPIER.init();

/** Displacement error [m] after `steps` steps of h [s] with `substeps` solver iterations. */
function drift(substeps, h, steps) {
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  world.timestep = h;
  world.integrationParameters.numSolverIterations = substeps;
  const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic()
    .setTranslation(0.25, 0, 0).setLinvel(0.714, 0, 0).setCanSleep(false)
    .setAdditionalMassProperties(1, { x: 0, y: 0, z: 0 }, { x: 1e-3, y: 1e-3, z: 1e-3 },
      { x: 0, y: 0, z: 0, w: 1 }));
  const x0 = body.translation().x, v = body.linvel().x;  // the f32 values the engine holds
  for (let i = 0; i < steps; ++i) world.step();
  const moved = body.translation().x - x0;
  const exact = v * world.timestep * steps;  // the engine's own f32 step and velocity
  world.free();
  return { moved, exact, error: moved - exact };
}

const h = 1e-3, steps = 40;
for (const substeps of [1, 4, 50]) {
  const r = drift(substeps, h, steps);
  console.log(`numSolverIterations ${substeps}: moved ${r.moved.toExponential(6)} m, ` +
    `v t ${r.exact.toExponential(6)} m, error ${r.error.toExponential(2)} m ` +
    `(${(r.error / r.exact).toExponential(2)} of the displacement)`);
}
const r = drift(50, h, steps);
const allowed = 4e-6 + 1e-4 * Math.abs(r.exact);
console.log(`judge's allowance over this window: ${allowed.toExponential(2)} m`);
console.log(`FINDING f32_position_drift: measured ${r.error.toExponential(2)} m, analytic 0 m ` +
  `(displacement error over 40 ms at 50 substeps)`);
process.exit(Math.abs(r.error) > allowed ? 0 : 1);
