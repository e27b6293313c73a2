// cannon-es 0.20.0's Body.integrate adds dt I_W^-1 torque to the angular velocity (in W) and
// nothing else: the gyroscopic term -I_W^-1 (w x I_W w) of Euler's equations is missing, so a
// free asymmetric body keeps its angular velocity while its angular momentum I_W w turns with the
// body. Torque-free, L = I_W w is constant. Body: principal inertia (1, 2, 3) kg m^2, w(0) =
// (1, 0, 0.2) rad/s in W, 2 s at h = 1e-3. (The benchmark's one asymmetric spinning body, the
// rattleback, is not representable in cannon, so this shows in no scored row.)
import * as CANNON from 'cannon-es';

const h = 1e-3;
const world = new CANNON.World({ gravity: new CANNON.Vec3(0, 0, 0) });
const body = new CANNON.Body({ mass: 1, shape: new CANNON.Box(new CANNON.Vec3(0.1, 0.2, 0.3)) });
body.linearDamping = 0;
body.angularDamping = 0;
body.inertia.set(1, 2, 3);
body.invInertia.set(1, 1 / 2, 1 / 3);
body.updateInertiaWorld(true);
body.angularVelocity.set(1, 0, 0.2);
world.addBody(body);
const momentum = () => {  // L = R diag(I) R^T w, in W
  const w = body.quaternion.conjugate().vmult(body.angularVelocity);
  return body.quaternion.vmult(new CANNON.Vec3(w.x * 1, w.y * 2, w.z * 3));
};
const L0 = momentum();
for (let i = 0; i < 2000; ++i) world.step(h);
const change = momentum().vsub(L0).length() / L0.length();
console.log(`|L(0)| = ${L0.length().toFixed(4)} kg m^2/s; after 2 s |L - L(0)| / |L(0)| = ${change.toFixed(4)} (torque-free: 0)`);
console.log(`FINDING no_gyroscopic_term: measured ${change.toFixed(4)} relative, analytic 0 relative`);
process.exit(change > 0.01 ? 0 : 1);
