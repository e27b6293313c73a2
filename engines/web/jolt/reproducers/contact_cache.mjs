// Finding contact_cache: Jolt's body-pair contact cache (PhysicsSettings.mUseBodyPairContactCache,
// on by default) reuses a contact manifold while the pair has moved less than 1 mm and turned less
// than 2 degrees; the cached normal and contact point are stored in the sphere's frame and turn
// with it. A sphere launched on a plane (r = 5 cm, m = 1 kg, J = 0.4 m r^2, v0 = 1 m/s, mu = 0.3,
// h = 1e-3 s, damping 0 so that only the cache differs from Jolt's defaults) sinks steadily into
// the plane once it rolls, and keeps slipping. Analytic (rigid Coulomb contact): rolls without
// slip from t* = 2 v0 / (7 mu g) = 0.097 s at 5 v0 / 7, never below the plane.
//
//   node contact_cache.mjs    (exit 0: effect present; 1: absent)
import initJolt from 'jolt-physics';

const Jolt = await initJolt();
const r = 0.05, m = 1, j = 0.4, v0 = 1, mu = 0.3, g = 9.81, h = 1e-3, duration = 0.4;

/** Runs the launch with the cache on or off; returns the depth [m] and slip speed [m/s] at the end. */
function launch(useCache) {
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
  const gravity = new Jolt.Vec3(0, 0, -g);
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
  // The sphere resting on it, launched along x without spin.
  const centre = new Jolt.RVec3(0, 0, r);
  const ball = new Jolt.BodyCreationSettings(new Jolt.SphereShape(r), centre, identity,
    Jolt.EMotionType_Dynamic, 1);
  const velocity = new Jolt.Vec3(v0, 0, 0);
  ball.mLinearVelocity = velocity;
  ball.mFriction = 1;
  ball.mLinearDamping = 0;
  ball.mAngularDamping = 0;
  ball.mOverrideMassProperties = Jolt.EOverrideMassProperties_MassAndInertiaProvided;
  ball.mMassPropertiesOverride.mMass = m;
  const inertia = Jolt.Mat44.prototype.sScale(j * m * r * r);
  ball.mMassPropertiesOverride.mInertia = inertia;
  const ballBody = bodies.CreateBody(ball);
  bodies.AddBody(ballBody.GetID(), Jolt.EActivation_Activate);
  for (const o of [gravity, up, plane, origin, identity, ground, centre, ball, velocity]) Jolt.destroy(o);
  for (let i = 0; i < Math.round(duration / h); ++i) jolt.Step(h, 1);
  const z = ballBody.GetCenterOfMassPosition().GetZ();
  const v = ballBody.GetLinearVelocity().GetX();
  const w = ballBody.GetAngularVelocity().GetY();
  for (const body of [ballBody, groundBody]) { bodies.RemoveBody(body.GetID()); bodies.DestroyBody(body.GetID()); }
  Jolt.destroy(jolt);
  return { depth: r - z, slip: v - w * r };  // contact point velocity v + w x (-r z) along x
}

const cached = launch(true);
const fresh = launch(false);
console.log(`t = ${duration} s, cache on : depth ${(cached.depth * 1e3).toFixed(3)} mm, slip ${cached.slip.toExponential(2)} m/s`);
console.log(`t = ${duration} s, cache off: depth ${(fresh.depth * 1e3).toFixed(3)} mm, slip ${fresh.slip.toExponential(2)} m/s`);
console.log('analytic           : depth 0.000 mm, slip 0 m/s (rolling from t* = 0.097 s)');
console.log(`FINDING contact_cache: measured ${(cached.depth * 1e3).toFixed(2)} mm, analytic 0 mm`);
process.exit(cached.depth > 1e-3 && fresh.depth < 1e-5 ? 0 : 1);
