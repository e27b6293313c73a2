#pragma once
/// @file mujoco_sphere.hpp
/// MuJoCo 2.2.2 (Debian libmujoco-dev) adapter: the sphere scene as MJCF, loaded through MuJoCo's
/// virtual file system (2.2.2 cannot parse MJCF from a string), stepped with mj_step. The only
/// code that includes MuJoCo.
///
/// The case in MuJoCo terms:
///  - planes: world `plane` geoms with `zaxis` = the plane normal, friction (mu, 0, 0), condim 3;
///  - sphere: a body with a free joint, `fullinertia` (the tensor in W at t = 0), a sphere geom
///    with friction 0: MuJoCo takes the larger of two geoms' frictions, so each contact's
///    coefficient is exactly its plane's mu; torsional and rolling friction are 0 (condim 3);
///  - gravity in `option`, the constant force and torque in `xfrc_applied` (world frame, at the
///    mass centre), restitution none (MuJoCo contacts do not bounce by construction).
/// Settings: `kDefaults` sets only the time step (pyramidal cone, solref 0.02 1, solimp 0.9 0.95
/// 0.001, impratio 1, no noslip). `kExact` is listed, with reasons, in EngineRun::settings.
/// Read back: the free joint's angular velocity is in the body frame and is rotated to W; the
/// contact forces come from mj_contactForce in each contact's frame.

#include <string>

#include <nsdkit/engines/scene/sphere_scene.hpp>

namespace nsd::engines {

/// The MJCF document of the scene for the setting.
std::string mujocoModelXml(const SphereScene& scene, const EngineRunOptions& options);

/// Runs the scene. @throws InvalidInput for an invalid scene or options; everything MuJoCo does
/// wrong (a model it refuses, an instability warning, a non-finite state) ends the run with
/// `completed = false` and the reason.
EngineRun runMujoco(const SphereScene& scene, const EngineRunOptions& options);

}  // namespace nsd::engines
