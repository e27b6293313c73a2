// cannon-es 0.20.0's Vec3.tangents (the friction directions of every contact) returns n x (1,0,0)
// without normalizing it: for a unit normal with |n_x| < 0.9 both tangents have length
// sqrt(1 - n_x^2), and the friction impulse along them is clamped at bound * that length. The
// same box sliding down the same 30-degree slope (mu = 0.3, bound made Coulomb's mu N h per step
// by world.frictionGravity = h g cos s) slides faster when the slope faces x than when it faces y.
import * as CANNON from 'cannon-es';

const h = 1e-3, mu = 0.3, g = 9.81, s = Math.PI / 6;
function slideDown(normal) {
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, 0, -g) });
  world.frictionGravity = new CANNON.Vec3(0, 0, -g * Math.cos(s) * h);  // |.| m = the load N per step
  world.narrowphase.enableFrictionReduction = true;
  const boxMaterial = new CANNON.Material('box'), slopeMaterial = new CANNON.Material('slope');
  world.addContactMaterial(new CANNON.ContactMaterial(boxMaterial, slopeMaterial, { friction: mu, restitution: 0 }));
  const slope = new CANNON.Body({ mass: 0, material: slopeMaterial, shape: new CANNON.Plane() });
  slope.quaternion.setFromVectors(new CANNON.Vec3(0, 0, 1), normal);
  slope.position.copy(normal.scale(-0.025));
  world.addBody(slope);
  const box = new CANNON.Body({ mass: 1, material: boxMaterial, shape: new CANNON.Box(new CANNON.Vec3(0.05, 0.05, 0.025)) });
  box.quaternion.copy(slope.quaternion);
  box.linearDamping = 0;
  box.angularDamping = 0;
  world.addBody(box);
  const steps = 300;
  for (let i = 0; i < steps; ++i) world.step(h);
  return box.velocity.length() / (steps * h);  // mean acceleration down the slope, m/s^2
}
const t1 = new CANNON.Vec3(), t2 = new CANNON.Vec3();
new CANNON.Vec3(Math.sin(s), 0, Math.cos(s)).tangents(t1, t2);
const facingX = slideDown(new CANNON.Vec3(Math.sin(s), 0, Math.cos(s)));
const facingY = slideDown(new CANNON.Vec3(0, Math.sin(s), Math.cos(s)));
const analytic = g * (Math.sin(s) - mu * Math.cos(s));
console.log(`tangents of n = (sin 30, 0, cos 30): lengths ${t1.length().toFixed(4)}, ${t2.length().toFixed(4)} (unit: 1)`);
console.log(`slope facing y: acceleration ${facingY.toFixed(4)} m/s^2 (Coulomb g (sin s - mu cos s) = ${analytic.toFixed(4)})`);
console.log(`slope facing x: acceleration ${facingX.toFixed(4)} m/s^2 (Coulomb ${analytic.toFixed(4)})`);
console.log(`FINDING unnormalized_tangents: measured ${facingX.toFixed(4)} m/s^2, analytic ${analytic.toFixed(4)} m/s^2`);
process.exit(Math.abs(facingX - analytic) > 0.05 * analytic ? 0 : 1);
