// Finding cache_spin_friction: with Jolt's body-pair contact cache (on by default), a sphere that
// spins while it slides gets more friction than mu N: the cached contact normal and point are
// stored in the sphere's frame and turn with its spin for up to 2 degrees before the contact is
// recomputed. Scene (nsdkit's case creep/mu0.3/tan1.1mu/heading0, the plane laid flat and gravity
// tilted instead): sphere r = 5 cm, m = 1 kg, J = 0.4 m r^2 on a slope tan s = 1.1 mu, mu = 0.3,
// held by the torque m g r sin s that would balance it if it rolled; tan s > mu, so Coulomb's law
// lets it slide down at a = g (sin s - mu cos s). h = 1e-3 s, damping 0, all else Jolt's defaults.
//
//   node cache_spin_friction.mjs    (exit 0: effect present; 1: absent)
import initJolt from 'jolt-physics';

const Jolt = await initJolt();
const r = 0.05, m = 1, j = 0.4, mu = 0.3, g = 9.81, h = 1e-3, duration = 1.0;
const s = Math.atan(1.1 * mu);
const analytic = g * (Math.sin(s) - mu * Math.cos(s));  // m/s^2, down the slope (+x)

/** Runs the held sphere with the cache on or off; returns its mean acceleration over the second half [m/s^2]. */
function heldSphere(useCache) {
  const settings = new Jolt.JoltSettings();
  const pairs = new Jolt.ObjectLayerPairFilterTable(2);
  pairs.EnableCollision(0, 1);
  const layers = new Jolt.BroadPhaseLayerInterfaceTable(2, 2);
  const bp0 = new Jolt.BroadPhaseLayer(0), bp1 = new Jolt.BroadPhaseLayer(1);
  layers.MapObjectToBroadPhaseLayer(0, bp0);
  layers.MapObjectToBroadPhaseLayer(1, bp1);
  Jolt.destroy(bp0); Jolt.destroy(bp1);
  settings.mObjectLayerPairFilter = pairs;
  settings.mBroadPhaseLayerInterface = layers;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(layers, 2, pairs, 2);
  const jolt = new Jolt.JoltInterface(settings);
  Jolt.destroy(settings);
  const system = jolt.GetPhysicsSystem();
  const physics = system.GetPhysicsSettings();
  physics.mUseBodyPairContactCache = useCache;
  system.SetPhysicsSettings(physics);
  const gravity = new Jolt.Vec3(g * Math.sin(s), 0, -g * Math.cos(s));  // the slope's frame: x downhill
  system.SetGravity(gravity);
  const bodies = system.GetBodyInterface();
  // The plane z = 0 (Jolt: n.x + c = 0), friction mu^2 combined with the sphere's 1 by sqrt().
  const up = new Jolt.Vec3(0, 0, 1);
  const plane = new Jolt.Plane(up, 0);
  const origin = new Jolt.RVec3(0, 0, 0);
  const identity = new Jolt.Quat(0, 0, 0, 1);
  const ground = new Jolt.BodyCreationSettings(new Jolt.PlaneShape(plane), origin, identity,
    Jolt.EMotionType_Static, 0);
  ground.mFriction = mu * mu;
  const groundBody = bodies.CreateBody(ground);  // Body pointers: a returned BodyID is a shared temporary
  bodies.AddBody(groundBody.GetID(), Jolt.EActivation_DontActivate);
  // The sphere resting on it, at rest.
  const centre = new Jolt.RVec3(0, 0, r);
  const ball = new Jolt.BodyCreationSettings(new Jolt.SphereShape(r), centre, identity,
    Jolt.EMotionType_Dynamic, 1);
  ball.mFriction = 1;
  ball.mLinearDamping = 0;
  ball.mAngularDamping = 0;
  ball.mOverrideMassProperties = Jolt.EOverrideMassProperties_MassAndInertiaProvided;
  ball.mMassPropertiesOverride.mMass = m;
  const inertia = Jolt.Mat44.prototype.sScale(j * m * r * r);
  ball.mMassPropertiesOverride.mInertia = inertia;
  const ballBody = bodies.CreateBody(ball);
  bodies.AddBody(ballBody.GetID(), Jolt.EActivation_Activate);
  for (const o of [gravity, up, plane, origin, identity, ground, centre, ball]) Jolt.destroy(o);
  // The holding torque about -y (a downhill roll spins about +y), added before every step.
  const torque = new Jolt.Vec3(0, -m * g * r * Math.sin(s), 0);
  const steps = Math.round(duration / h);
  let vHalf = 0;
  for (let i = 1; i <= steps; ++i) {
    bodies.AddTorque(ballBody.GetID(), torque, Jolt.EActivation_Activate);
    jolt.Step(h, 1);
    if (i === steps / 2) vHalf = ballBody.GetLinearVelocity().GetX();
  }
  const vEnd = ballBody.GetLinearVelocity().GetX();
  Jolt.destroy(torque);
  for (const body of [ballBody, groundBody]) { bodies.RemoveBody(body.GetID()); bodies.DestroyBody(body.GetID()); }
  Jolt.destroy(jolt);
  return (vEnd - vHalf) / (duration / 2);
}

const cached = heldSphere(true);
const fresh = heldSphere(false);
console.log(`acceleration over ${duration / 2}-${duration} s, cache on : ${cached.toFixed(4)} m/s^2`);
console.log(`acceleration over ${duration / 2}-${duration} s, cache off: ${fresh.toFixed(4)} m/s^2`);
console.log(`analytic g (sin s - mu cos s)            : ${analytic.toFixed(4)} m/s^2`);
console.log(`FINDING cache_spin_friction: measured ${cached.toFixed(4)} m/s^2, analytic ${analytic.toFixed(4)} m/s^2`);
process.exit(cached < 0.9 * analytic && Math.abs(fresh / analytic - 1) < 0.01 ? 0 : 1);
