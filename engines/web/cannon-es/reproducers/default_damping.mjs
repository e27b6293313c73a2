// cannon-es 0.20.0 bodies have linearDamping = angularDamping = 0.01 by default: every step
// multiplies the velocities by (1 - 0.01)^h, a drag of 1 % per second that no scene asks for. A
// free body (no gravity, no contact) moving at 1 m/s and spinning at 5 rad/s keeps both exactly.
import * as CANNON from 'cannon-es';

const h = 1e-3;
const world = new CANNON.World({ gravity: new CANNON.Vec3(0, 0, 0) });
const body = new CANNON.Body({ mass: 1, shape: new CANNON.Sphere(0.05) });
body.velocity.set(1, 0, 0);
body.angularVelocity.set(0, 0, 5);
world.addBody(body);
for (let i = 0; i < 1000; ++i) world.step(h);  // 1 s
console.log(`after 1 s: speed ${body.velocity.x.toFixed(6)} m/s (free body: 1), spin ${body.angularVelocity.z.toFixed(6)} rad/s (5)`);
console.log(`FINDING default_damping: measured ${body.velocity.x.toFixed(6)} m/s, analytic 1.000000 m/s`);
process.exit(body.velocity.x < 0.995 ? 0 : 1);
