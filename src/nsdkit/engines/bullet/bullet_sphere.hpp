#pragma once
/// @file bullet_sphere.hpp
/// Bullet 3.24 (Debian libbullet-dev, double precision through pkg-config `bullet-float64`)
/// adapter: a btDiscreteDynamicsWorld with one btSphereShape body and one btStaticPlaneShape per
/// plane. The only code that includes Bullet.
///
/// The case in Bullet terms:
///  - friction: Bullet multiplies the two bodies' values, so the sphere has 1 and each plane its
///    mu; rolling and spinning friction 0, restitution 0;
///  - inertia: Bullet takes principal moments in the body frame, so the body starts rotated to
///    the principal axes of the tensor (a sphere's collision shape does not change);
///  - the constant force and torque are applied before every step (Bullet clears them after
///    stepSimulation); deactivation (sleeping) is disabled;
///  - stepSimulation(h, 1, h): exactly one internal step of h per call.
/// Settings: `kDefaults` is Bullet's btSequentialImpulseConstraintSolver with its default solver
/// info (one friction direction per contact, 10 iterations). `kExact` is listed, with reasons, in
/// EngineRun::settings. Contact forces: each manifold point's applied normal and lateral impulses
/// divided by h.

#include <nsdkit/engines/scene/sphere_scene.hpp>

namespace nsd::engines {

/// Runs the scene. @throws InvalidInput for an invalid scene or options; what Bullet does wrong
/// ends the run with `completed = false` and the reason.
EngineRun runBullet(const SphereScene& scene, const EngineRunOptions& options);

}  // namespace nsd::engines
