// Finding one_friction_direction: in a V trough (two contacts) ammo.js's single friction
// direction per contact (along that contact's slip at the start of the solve; the binding cannot
// switch on Bullet's SOLVER_USE_2_FRICTION_DIRECTIONS) leaves a sphere slipping where it must roll.
// Scene (nsdkit's case mu0.3_j0.4/low+mz/ray+x/inside, 2 % inside the rolling region): sphere
// m = 1 kg, r = 0.05 m, J = 0.4 m r^2 in the 90-degree trough with planes y = -0.05 and
// x = -0.05 (mu = 0.3 each), gravity -(9.81/sqrt 2)(1, 1, 0), torque (0.12455, 0, 0.01734) N m
// in W. Exact: rolling at both contacts (slip 0) with acceleration 1.3839 m/s^2 along z.
// The torque is applied as an angular velocity step I^-1 tau h before each step (applyTorque is
// not seen by the contact solve: reproducers/torque_bypasses_contact.mjs). Frames: W; SI units.
import AmmoFactory from 'ammojs-typed/wasm';

const Ammo = await AmmoFactory();
const r = 0.05, m = 1, J = 0.4 * m * r * r, mu = 0.3, gc = -6.936717523440031;
const torque = [0.12454876313336626, 0, 0.01734179380860008];
const planes = [[0, 1, 0], [1, 0, 0]];  // P+, P-: normals, offset -r
const objects = [];
const own = (o) => { objects.push(o); return o; };
const vec = (x, y, z) => own(new Ammo.btVector3(x, y, z));

/** Slip speeds at P+ and P- [m/s] after 0.2 s at step h. */
function run(h) {
  const configuration = own(new Ammo.btDefaultCollisionConfiguration());
  const dispatcher = own(new Ammo.btCollisionDispatcher(configuration));
  const world = own(new Ammo.btDiscreteDynamicsWorld(dispatcher, own(new Ammo.btDbvtBroadphase()),
    own(new Ammo.btSequentialImpulseConstraintSolver()), configuration));
  world.setGravity(vec(gc, gc, 0));
  const bodies = [];
  for (const n of planes) {
    const identity = own(new Ammo.btTransform()); identity.setIdentity();
    const info = own(new Ammo.btRigidBodyConstructionInfo(0, own(new Ammo.btDefaultMotionState(identity)),
      own(new Ammo.btStaticPlaneShape(vec(...n), -r)), vec(0, 0, 0)));
    info.set_m_friction(mu);
    bodies.push(own(new Ammo.btRigidBody(info)));
    world.addRigidBody(bodies.at(-1));
  }
  const start = own(new Ammo.btTransform()); start.setIdentity();
  const info = own(new Ammo.btRigidBodyConstructionInfo(m, own(new Ammo.btDefaultMotionState(start)),
    own(new Ammo.btSphereShape(r)), vec(J, J, J)));
  info.set_m_friction(1);
  const sphere = own(new Ammo.btRigidBody(info));
  world.addRigidBody(sphere);
  bodies.push(sphere);
  const omega = vec(0, 0, 0);
  for (let i = 0; i < Math.round(0.2 / h); ++i) {
    const w = sphere.getAngularVelocity();  // isotropic J: I_W^-1 tau = tau / J
    omega.setValue(w.x() + torque[0] * h / J, w.y() + torque[1] * h / J, w.z() + torque[2] * h / J);
    sphere.setAngularVelocity(omega);
    world.stepSimulation(h, 0);
  }
  const v = sphere.getLinearVelocity(), w = sphere.getAngularVelocity();
  const vv = [v.x(), v.y(), v.z()], ww = [w.x(), w.y(), w.z()];
  const slips = planes.map((n) => {  // v + w x (-r n)
    const c = [-r * n[0], -r * n[1], -r * n[2]];
    const u = [vv[0] + ww[1] * c[2] - ww[2] * c[1], vv[1] + ww[2] * c[0] - ww[0] * c[2],
      vv[2] + ww[0] * c[1] - ww[1] * c[0]];
    return Math.hypot(...u);
  });
  for (const b of bodies) world.removeRigidBody(b);
  return { slips, vz: vv[2] };
}

let measured = 0;
for (const h of [1e-3, 1e-4]) {
  const { slips, vz } = run(h);
  console.log(`h = ${h} s: slip speeds at 0.2 s P+ ${slips[0].toExponential(3)}, P- ` +
              `${slips[1].toExponential(3)} m/s (analytic 0, 0); v_z ${vz.toFixed(4)} m/s (analytic ${(1.3838751459262917 * 0.2).toFixed(4)})`);
  if (h === 1e-4) measured = Math.max(...slips);
}
for (let k = objects.length - 1; k >= 0; --k) Ammo.destroy(objects[k]);
console.log(`FINDING one_friction_direction: measured ${measured.toExponential(3)} m/s, analytic 0 m/s`);
process.exit(measured > 1e-2 ? 0 : 1);
