// cannon-es 0.20.0 clamps friction separately along two tangents (Vec3.tangents: y and -x for
// the normal z), a 4-sided pyramid |T1|, |T2| <= bound instead of Coulomb's cone |T| <= mu N. A
// box (10 x 10 x 5 cm, 1 kg) sliding at 1 m/s at 45 degrees from x on a plane with mu = 0.3,
// with the friction bound made Coulomb's mu N h per step (world.frictionGravity = h g, one
// averaged friction pair: enableFrictionReduction, damping 0), decelerates at sqrt(2) mu g; at
// 15 degrees its friction points along the diagonal and the box turns.
import * as CANNON from 'cannon-es';

const h = 1e-3, mu = 0.3, g = 9.81;
function slide(headingDeg) {
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, 0, -g) });
  world.frictionGravity = new CANNON.Vec3(0, 0, -g * h);
  world.narrowphase.enableFrictionReduction = true;
  const boxMaterial = new CANNON.Material('box'), floorMaterial = new CANNON.Material('floor');
  world.addContactMaterial(new CANNON.ContactMaterial(boxMaterial, floorMaterial, { friction: mu, restitution: 0 }));
  const floor = new CANNON.Body({ mass: 0, material: floorMaterial, shape: new CANNON.Plane() });
  floor.position.set(0, 0, -0.025);
  world.addBody(floor);
  const box = new CANNON.Body({ mass: 1, material: boxMaterial, shape: new CANNON.Box(new CANNON.Vec3(0.05, 0.05, 0.025)) });
  box.linearDamping = 0;
  box.angularDamping = 0;
  const a = headingDeg * Math.PI / 180;
  box.velocity.set(Math.cos(a), Math.sin(a), 0);
  world.addBody(box);
  const steps = 100;  // 0.1 s, well before Coulomb's stop at 0.34 s
  for (let i = 0; i < steps; ++i) world.step(h);
  const speed = Math.hypot(box.velocity.x, box.velocity.y);
  const turn = Math.atan2(box.velocity.y, box.velocity.x) * 180 / Math.PI - headingDeg;
  return { deceleration: (1 - speed) / (steps * h), turn };
}
const at45 = slide(45), at15 = slide(15), at0 = slide(0);
console.log(`heading 0:  deceleration ${at0.deceleration.toFixed(3)} m/s^2 (Coulomb mu g = ${(mu * g).toFixed(3)}), turned ${at0.turn.toFixed(2)} deg (0)`);
console.log(`heading 15: deceleration ${at15.deceleration.toFixed(3)} m/s^2, velocity turned ${at15.turn.toFixed(2)} deg in 0.1 s (Coulomb: 0)`);
console.log(`heading 45: deceleration ${at45.deceleration.toFixed(3)} m/s^2 (Coulomb mu g = ${(mu * g).toFixed(3)})`);
console.log(`FINDING friction_pyramid: measured ${at45.deceleration.toFixed(3)} m/s^2, analytic ${(mu * g).toFixed(3)} m/s^2`);
process.exit(at45.deceleration > 1.2 * mu * g ? 0 : 1);
