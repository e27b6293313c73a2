#pragma once
/// @file dart_sphere.hpp
/// DART 6.12 (Debian libdart-dev with libdart-collision-ode-dev) adapter: a World with one
/// skeleton per static plane (a welded body with a PlaneShape) and a free-joint sphere skeleton.
/// The only code that includes DART.
///
/// The case in DART terms:
///  - friction: DART takes the smaller of two shapes' coefficients, so the sphere has 1e3 and
///    each plane its mu; restitution 0 on every shape;
///  - inertia: the full tensor in the body frame, which is W at t = 0;
///  - the constant force and torque are set before every step (World::step clears them).
/// Settings: `kDefaults` keeps DART's default collision detector (FCL, which tessellates the
/// sphere into a mesh and turns planes into large boxes) and its default constraint solver;
/// `kExact` is listed, with reasons, in EngineRun::settings. Contact forces: the `force` of each
/// contact of the last collision result (world frame, on the first body of the pair).
/// DART's ODE collision detector uses ODE's global state: callers run one DART or ODE world at a
/// time.

#include <nsdkit/engines/scene/sphere_scene.hpp>

namespace nsd::engines {

/// Runs the scene. @throws InvalidInput for an invalid scene or options; what DART does wrong
/// ends the run with `completed = false` and the reason.
EngineRun runDart(const SphereScene& scene, const EngineRunOptions& options);

}  // namespace nsd::engines
