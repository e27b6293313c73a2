// cannon-es 0.20.0 clamps each friction equation's impulse (N s) at friction * |g| * m, a force
// bound (N) used as an impulse bound: per step the friction may change the speed by mu g, not
// mu g h. A ball (r = 5 cm, 1 kg, J = 0.4 m r^2) launched at 1 m/s without spin on a plane with
// mu = 0.3 (defaults otherwise, h = 1e-3 s) is stopped and rolling after one step; Coulomb's law
// decelerates it at mu g = 2.943 m/s^2 until it rolls at t* = 2 v0 / (7 mu g) = 0.0971 s.
import * as CANNON from 'cannon-es';

const h = 1e-3, mu = 0.3, g = 9.81, r = 0.05, m = 1, v0 = 1;
const world = new CANNON.World({ gravity: new CANNON.Vec3(0, 0, -g) });
const ballMaterial = new CANNON.Material('ball'), floorMaterial = new CANNON.Material('floor');
world.addContactMaterial(new CANNON.ContactMaterial(ballMaterial, floorMaterial, { friction: mu, restitution: 0 }));
const floor = new CANNON.Body({ mass: 0, material: floorMaterial, shape: new CANNON.Plane() });
floor.position.set(0, 0, -r);
world.addBody(floor);
const ball = new CANNON.Body({ mass: m, material: ballMaterial, shape: new CANNON.Sphere(r) });
const J = 0.4 * m * r * r;
ball.inertia.set(J, J, J);
ball.invInertia.set(1 / J, 1 / J, 1 / J);
ball.updateInertiaWorld(true);
ball.velocity.set(v0, 0, 0);
world.addBody(ball);

world.step(h);
const ratio = (v0 - ball.velocity.x) / (g * h);  // |F_t| / N over the first step (N = m g)
let onset = null;
for (let i = 2; i <= 200 && onset === null; ++i) {
  world.step(h);
  const slip = ball.velocity.x - ball.angularVelocity.y * r;  // contact point speed, m/s
  if (Math.abs(slip) < 1e-3) onset = i * h;
}
const analyticOnset = 2 * v0 / (7 * mu * g);
console.log(`speed after one step: ${ball.velocity.x.toFixed(4)} m/s (Coulomb: ${(v0 - mu * g * h).toFixed(4)} m/s)`);
console.log(`|F_t|/N over the first step: ${ratio.toFixed(1)} (Coulomb: at most mu = ${mu})`);
console.log(`rolling onset: ${onset} s (Coulomb: ${analyticOnset.toFixed(4)} s)`);
console.log(`FINDING friction_impulse_bound: measured ${ratio.toFixed(2)} |F_t|/N, analytic ${mu} |F_t|/N`);
process.exit(ratio > 2 * mu ? 0 : 1);
