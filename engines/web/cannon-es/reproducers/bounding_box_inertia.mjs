// cannon-es 0.20.0's Body.updateMassProperties (called by addShape) gives every body the inertia
// of its bounding box: a solid ball of radius r gets 2/3 m r^2 (a cube's) instead of 2/5 m r^2,
// so it rolls down a slope at g sin s / (1 + 2/3) instead of g sin s / (1 + 2/5).
import * as CANNON from 'cannon-es';

const h = 1e-3, g = 9.81, r = 0.05, m = 1, s = 0.1;  // slope 0.1 rad: rolls without slipping
const world = new CANNON.World({ gravity: new CANNON.Vec3(g * Math.sin(s), 0, -g * Math.cos(s)) });
const ballMaterial = new CANNON.Material('ball'), floorMaterial = new CANNON.Material('floor');
world.addContactMaterial(new CANNON.ContactMaterial(ballMaterial, floorMaterial, { friction: 0.5, restitution: 0 }));
const floor = new CANNON.Body({ mass: 0, material: floorMaterial, shape: new CANNON.Plane() });
floor.position.set(0, 0, -r);
world.addBody(floor);
const ball = new CANNON.Body({ mass: m, material: ballMaterial, shape: new CANNON.Sphere(r) });
ball.linearDamping = 0;
ball.angularDamping = 0;
world.addBody(ball);
const steps = 500;
for (let i = 0; i < steps; ++i) world.step(h);
const acceleration = ball.velocity.x / (steps * h);
const ballAcceleration = g * Math.sin(s) / 1.4;
console.log(`Sphere(${r}) of ${m} kg: inertia ${ball.inertia.x.toExponential(4)} kg m^2 (solid ball 2/5 m r^2 = ${(0.4 * m * r * r).toExponential(4)})`);
console.log(`rolling acceleration ${acceleration.toFixed(4)} m/s^2 (solid ball g sin s / 1.4 = ${ballAcceleration.toFixed(4)}; `
  + `with 2/3 m r^2: ${(g * Math.sin(s) / (5 / 3)).toFixed(4)})`);
console.log(`FINDING bounding_box_inertia: measured ${ball.inertia.x.toExponential(4)} kg m^2, analytic ${(0.4 * m * r * r).toExponential(4)} kg m^2`);
process.exit(Math.abs(ball.inertia.x - 0.4 * m * r * r) > 0.01 * 0.4 * m * r * r ? 0 : 1);
