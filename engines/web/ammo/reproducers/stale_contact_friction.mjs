// Finding stale_contact_friction: a sphere sliding and spinning up on a slope at h = 1e-3 s gets
// friction up to about 3 times mu N once its surface turns by more than about 1.7 mm per step.
// Scene (nsdkit's case incline/mu0.3/tan1.1x/heading0): solid sphere m = 1 kg, r = 0.05 m,
// J = 0.4 m r^2, at rest on a plane of slope s with tan s = 1.1 mu (1 + j)/j = 1.155, mu = 0.3,
// g = 9.81 m/s^2. Exact motion: it slides for the whole run, its spin growing at
// mu g cos s / (j r) = 96.3 rad/s^2. From t = 0.361 s the persistent manifold keeps up to three
// separated old points (zero normal impulse) beside the real contact and the spin-up jumps to
// 170-306 rad/s^2; the sphere is rolling at 0.383 s. Frames: W, z up; SI units.
import AmmoFactory from 'ammojs-typed/wasm';

const Ammo = await AmmoFactory();
const h = 1e-3, r = 0.05, m = 1, j = 0.4, J = j * m * r * r, mu = 0.3, g = 9.81;
const n = [0.7560129460515408, 0, 0.6545566632480874];  // plane normal (slope s = atan(1.155))
const objects = [];
const own = (o) => { objects.push(o); return o; };
const vec = (x, y, z) => own(new Ammo.btVector3(x, y, z));

const configuration = own(new Ammo.btDefaultCollisionConfiguration());
const dispatcher = own(new Ammo.btCollisionDispatcher(configuration));
const world = own(new Ammo.btDiscreteDynamicsWorld(dispatcher, own(new Ammo.btDbvtBroadphase()),
  own(new Ammo.btSequentialImpulseConstraintSolver()), configuration));
world.setGravity(vec(0, 0, -g));
const identity = own(new Ammo.btTransform()); identity.setIdentity();
const planeInfo = own(new Ammo.btRigidBodyConstructionInfo(0, own(new Ammo.btDefaultMotionState(identity)),
  own(new Ammo.btStaticPlaneShape(vec(...n), -r)), vec(0, 0, 0)));
planeInfo.set_m_friction(mu);
const plane = own(new Ammo.btRigidBody(planeInfo));
world.addRigidBody(plane);
const start = own(new Ammo.btTransform()); start.setIdentity();
const info = own(new Ammo.btRigidBodyConstructionInfo(m, own(new Ammo.btDefaultMotionState(start)),
  own(new Ammo.btSphereShape(r)), vec(J, J, J)));
info.set_m_friction(1);
const sphere = own(new Ammo.btRigidBody(info));
world.addRigidBody(sphere);

const normalForce = m * g * n[2];
let previousSpin = 0, maxRatio = 0, maxPoints = 0, firstExcess = null, rollingAt = null, slipped = false;
for (let i = 1; i <= 400; ++i) {
  world.stepSimulation(h, 0);
  const spin = sphere.getAngularVelocity().y();
  const ratio = (J * (spin - previousSpin) / h / r) / normalForce;  // |F_t| / N from the spin-up
  previousSpin = spin;
  const manifold = dispatcher.getNumManifolds() ? dispatcher.getManifoldByIndexInternal(0) : null;
  const points = manifold ? manifold.getNumContacts() : 0;
  if (ratio > 1.05 * mu && firstExcess === null) firstExcess = { t: i * h, points };
  maxRatio = Math.max(maxRatio, ratio);
  maxPoints = Math.max(maxPoints, points);
  const v = sphere.getLinearVelocity();
  const slip = Math.hypot(v.x() - r * spin * n[2], v.z() + r * spin * n[0]);  // v + w x (-r n)
  if (slip > 1e-2) slipped = true;
  else if (slipped && rollingAt === null) rollingAt = i * h;
}
console.log(`friction first above mu N at t = ${firstExcess ? firstExcess.t.toFixed(3) : 'never'} s ` +
            `(${firstExcess ? firstExcess.points : 0} manifold points; at most ${maxPoints})`);
console.log(`max |F_t|/N = ${maxRatio.toFixed(3)}, Coulomb's bound mu = ${mu}`);
console.log(`rolling again (slip back under 1 cm/s) from t = ${rollingAt === null ? 'never' : rollingAt.toFixed(3)} s; ` +
            'analytic: slides for the whole 0.4 s');
world.removeRigidBody(sphere); world.removeRigidBody(plane);
for (let k = objects.length - 1; k >= 0; --k) Ammo.destroy(objects[k]);
console.log(`FINDING stale_contact_friction: measured ${maxRatio.toFixed(3)} (|F_t|/N), analytic ${mu} (|F_t|/N)`);
process.exit(maxRatio > 1.5 * mu ? 0 : 1);
