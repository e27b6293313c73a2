// Finding default_damping: every Jolt body is created with linear and angular damping 0.05 1/s
// (BodyCreationSettings.mLinearDamping / mAngularDamping), applied each step as
// v *= 1 - 0.05 h. A sphere falling freely (no contact, m = 1 kg, r = 5 cm) for 1 s at h = 1e-3 s
// with Jolt's defaults reaches g (1 - e^-0.05) / 0.05 = 9.569 m/s instead of g t = 9.81 m/s: the
// drag the cases do not have, which takes 1.5-3.7 % off their accelerations.
//
//   node default_damping.mjs    (exit 0: effect present; 1: absent)
import initJolt from 'jolt-physics';

const Jolt = await initJolt();
const g = 9.81, h = 1e-3, duration = 1.0;

const settings = new Jolt.JoltSettings();
const pairs = new Jolt.ObjectLayerPairFilterTable(1);
const layers = new Jolt.BroadPhaseLayerInterfaceTable(1, 1);
const bp0 = new Jolt.BroadPhaseLayer(0);
layers.MapObjectToBroadPhaseLayer(0, bp0);
Jolt.destroy(bp0);
settings.mObjectLayerPairFilter = pairs;
settings.mBroadPhaseLayerInterface = layers;
settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(layers, 1, pairs, 1);
const jolt = new Jolt.JoltInterface(settings);
Jolt.destroy(settings);
const system = jolt.GetPhysicsSystem();
const gravity = new Jolt.Vec3(0, 0, -g);
system.SetGravity(gravity);
const bodies = system.GetBodyInterface();
const origin = new Jolt.RVec3(0, 0, 0);
const identity = new Jolt.Quat(0, 0, 0, 1);
const ball = new Jolt.BodyCreationSettings(new Jolt.SphereShape(0.05), origin, identity,
  Jolt.EMotionType_Dynamic, 0);  // damping left at its default
const body = bodies.CreateBody(ball);
bodies.AddBody(body.GetID(), Jolt.EActivation_Activate);
const damping = body.GetMotionProperties().GetLinearDamping();
for (const o of [gravity, origin, identity, ball]) Jolt.destroy(o);
for (let i = 0; i < Math.round(duration / h); ++i) jolt.Step(h, 1);
const speed = -body.GetLinearVelocity().GetZ();
bodies.RemoveBody(body.GetID());
bodies.DestroyBody(body.GetID());
Jolt.destroy(jolt);

console.log(`default linear damping: ${damping.toFixed(3)} 1/s`);
console.log(`speed after ${duration} s of free fall: measured ${speed.toFixed(4)} m/s`);
console.log(`analytic without drag g t: ${(g * duration).toFixed(4)} m/s; with 0.05 1/s: ${(g * (1 - Math.exp(-0.05)) / 0.05).toFixed(4)} m/s`);
console.log(`FINDING default_damping: measured ${speed.toFixed(3)} m/s, analytic ${(g * duration).toFixed(3)} m/s`);
process.exit(speed < 0.99 * g * duration ? 0 : 1);
