#pragma once
/// @file ode_sphere.hpp
/// Open Dynamics Engine 0.16 (Debian libode-dev, double precision) adapter: one sphere geom on a
/// body and one static plane geom per plane; each step collides the sphere with every plane,
/// makes contact joints, steps the world and reads the joints' feedback. The only code that
/// includes ODE.
///
/// The case in ODE terms:
///  - every contact has `dContactApprox1`: without it ODE's `mu` is a force bound in newtons, not
///    a coefficient (with it the cone is a 4-sided pyramid); `mu` is the plane's coefficient,
///    bounce 0, no rolling or spinning friction;
///  - inertia: dMassSetParameters with the full tensor in W at t = 0 (the body frame is W then);
///  - the constant force and torque are added before every step (ODE clears its accumulators).
/// Settings: `kDefaults` is dWorldQuickStep with ODE's default iterations (20), ERP 0.2 and CFM;
/// `kExact` is listed, with reasons, in EngineRun::settings.
/// ODE's global state is not thread-safe in Debian's build: callers run one ODE world at a time
/// (the DART adapter also uses ODE, for its collision detector).

#include <nsdkit/engines/scene/sphere_scene.hpp>

namespace nsd::engines {

/// Runs the scene. @throws InvalidInput for an invalid scene or options; what ODE does wrong ends
/// the run with `completed = false` and the reason.
EngineRun runOde(const SphereScene& scene, const EngineRunOptions& options);

}  // namespace nsd::engines
