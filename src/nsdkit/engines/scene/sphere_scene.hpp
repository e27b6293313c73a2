#pragma once
/// @file sphere_scene.hpp
/// The engine-neutral description of a validation run: one rigid sphere on static planes with
/// Coulomb friction, gravity, a constant applied force and torque, and an initial state. Every
/// engine adapter (`src/nsdkit/engines/ENGINE`) takes this description, builds the same physical
/// case through its engine's own API, steps it and reads back a common record. Nothing here knows
/// the ball-in-trough model: any body whose contacts are a sphere on planes runs through it.
///
/// Frame: one world frame W for everything (positions [m], velocities [m/s], angular velocities
/// [rad/s], forces [N], torques [N m]); engines that have their own conventions (MuJoCo's local
/// angular velocity of a free joint, Bullet's principal-axes inertia) convert inside the adapter.

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <chrono>
#include <cmath>
#include <exception>
#include <string>
#include <vector>

namespace nsd::engines {

/// A static plane {x : <normal_W, x> = offset_m}; the unit normal points towards the sphere.
struct StaticPlane {
  std::string name;                                     ///< used in reports ("P+", "P-").
  Eigen::Vector3d normal_W = Eigen::Vector3d::UnitZ();  ///< unit, into the sphere's side.
  double offset_m = 0.0;                                ///< <n, x> on the plane [m].
  /// The *effective* Coulomb coefficient of the sphere-plane contact [-]. Each adapter sets its
  /// engine's per-geometry values so that the engine's combination rule yields exactly this.
  double mu = 0.3;
};

/// The body's shape. Its frame S is the body frame: centred at the mass centre C, with the
/// box's edges (the ellipsoid's axes) along its axes.
enum class ShapeKind {
  kSphere,     ///< radius `radius_m`.
  kBox,        ///< half sizes `half_extents_m` along S's axes.
  kEllipsoid,  ///< semi-axes `half_extents_m` along S's axes.
};
/// "sphere", "box" or "ellipsoid".
std::string toString(ShapeKind shape);

/// One rigid body (a sphere by default; a box or an ellipsoid) on static planes. The historical
/// name stays: every adapter began with the sphere.
struct SphereScene {
  /// Which shape the body has.
  ShapeKind shape = ShapeKind::kSphere;
  double radius_m = 0.05;  ///< r [m] > 0 (sphere; for other shapes the largest half extent).
  Eigen::Vector3d half_extents_m = Eigen::Vector3d::Constant(0.05);  ///< box / ellipsoid [m]
  /// Orientation of the body frame S in W at t = 0 (the inertia below is given in W at t = 0).
  Eigen::Quaterniond q0_WS = Eigen::Quaterniond::Identity();
  /// The box's or ellipsoid's geometric centre from the mass centre C, in S [m] (a
  /// rattleback's mass centre lies below its ellipsoid's centre). Zero for a sphere.
  Eigen::Vector3d shape_offset_S = Eigen::Vector3d::Zero();
  double mass_kg = 1.0;  ///< m [kg] > 0.
  /// Inertia tensor about the centre at t = 0, in W [kg m^2]; symmetric positive definite.
  Eigen::Matrix3d inertia_C_W = Eigen::Matrix3d::Identity() * 1e-3;
  Eigen::Vector3d gravity_W = Eigen::Vector3d(0, 0, -9.81);  ///< [m/s^2]
  Eigen::Vector3d force_W = Eigen::Vector3d::Zero();         ///< constant, at the centre [N].
  Eigen::Vector3d torque_W = Eigen::Vector3d::Zero();        ///< constant, about the centre [N m].
  Eigen::Vector3d centre0_W = Eigen::Vector3d::Zero();       ///< initial centre position [m].
  Eigen::Vector3d v_C0_W = Eigen::Vector3d::Zero();          ///< initial centre velocity [m/s].
  Eigen::Vector3d omega0_W = Eigen::Vector3d::Zero();        ///< initial angular velocity [rad/s].
  std::vector<StaticPlane> planes;                           ///< 1 to 4 planes.

  /// @throws InvalidInput naming the bad field: non-positive or non-finite r or m, inertia not
  /// symmetric positive definite, a non-unit normal, mu < 0 or NaN, no plane or more than four,
  /// or an initial centre penetrating a plane by more than 1e-9 r.
  void validate() const;
};

/// The two settings in which every engine is run.
enum class EngineSetting {
  kDefaults,  ///< the engine's defaults (what most users run), only the step size set.
  kExact,     ///< the most exact settings the engine offers for this problem.
};
/// "defaults" or "exact".
std::string toString(EngineSetting setting);

/// Step size, duration and setting of one run.
struct EngineRunOptions {
  double step_s = 1e-3;  ///< h [s] > 0.
  double t_end_s = 0.2;  ///< simulated time [s] >= h.
  /// The engine's defaults or its most exact settings.
  EngineSetting setting = EngineSetting::kDefaults;
};

/// Contact state at one plane, read back after a step.
struct ContactRecord {
  /// Tangential slip velocity at the contact [m/s], from the state, by the same rule for every
  /// engine (contactSlip): the smallest tangential velocity of any body point on the segment from
  /// the deepest point to the plane (the support point's, v_C + Omega x r_CP projected on the
  /// plane, when the body does not overlap the plane).
  Eigen::Vector3d slip_W = Eigen::Vector3d::Zero();
  double gap_m = 0.0;  ///< <n, x_C> - offset - r (negative: penetration) [m].
  /// Contact force on the sphere, as the engine reports it, split into the normal component [N]
  /// and the tangential vector [N]; zero when the engine has no contact there.
  double normal_force_N = 0.0;
  /// Tangential part of that force [N], in W.
  Eigen::Vector3d tangential_force_W = Eigen::Vector3d::Zero();
};

/// One recorded step.
struct EngineSample {
  double t = 0.0;  ///< [s]
  /// Centre-of-mass position [m].
  Eigen::Vector3d x_C_W = Eigen::Vector3d::Zero();
  Eigen::Quaterniond q_WS = Eigen::Quaterniond::Identity();  ///< body orientation
  /// Centre-of-mass velocity [m/s].
  Eigen::Vector3d v_C_W = Eigen::Vector3d::Zero();
  /// Angular velocity in W [rad/s].
  Eigen::Vector3d omega_W = Eigen::Vector3d::Zero();
  std::vector<ContactRecord> contacts;  ///< one per plane, in the scene's order.
};

/// A non-default setting of a run and why it was chosen.
struct SettingNote {
  /// The setting as written to the engine (e.g. cone="elliptic").
  std::string setting;
  /// Why it was chosen.
  std::string reason;
};

/// The `setting` of a note that is no setting but what one run said about itself (a direct
/// solver's fallback steps, a friction solver's unconverged steps); its `reason` says it.
inline constexpr const char* kRunNoteSetting = "(run note)";

/// The record of one engine run. Adapters never throw for what the engine does: a blow-up, a
/// non-finite state or an engine exception ends the run with `completed = false` and `failure`
/// naming it; the samples up to then are kept.
struct EngineRun {
  std::string engine;                 ///< "mujoco", "bullet", "ode", "dart"
  std::string engine_version;         ///< as the library reports it (or its package version).
  std::vector<EngineSample> samples;  ///< every step, t = h, 2h, ...
  /// True when every step ran; false when a failure ended the run early.
  bool completed = false;
  /// What ended the run early (empty when it completed).
  std::string failure;
  std::vector<SettingNote> settings;  ///< every non-default setting, with its reason.
  std::string engine_messages;        ///< what the engine printed (warnings), captured.
  /// Non-empty when the engine cannot represent the scene (the reason); nothing was run.
  std::string not_representable;
  /// Wall time of the stepping loop [s].
  double wall_seconds = 0.0;
};

/// Builds the record of one step from the state (slip and gap by the common rule); the adapter
/// fills the contact forces.
EngineSample makeSample(const SphereScene& scene, double t, const Eigen::Vector3d& x_C_W,
                        const Eigen::Vector3d& v_C_W, const Eigen::Vector3d& omega_W);
/// The same for a body at orientation q_WS: slip and gap at the shape's support point towards
/// each plane (a box's face centre when a face lies on the plane: support components along axes
/// within 1e-6 of parallel to the plane are set to 0).
EngineSample makeSample(const SphereScene& scene, double t, const Eigen::Vector3d& x_C_W,
                        const Eigen::Quaterniond& q_WS, const Eigen::Vector3d& v_C_W,
                        const Eigen::Vector3d& omega_W);

/// Slip of a contact by the common rule: of the body points on the segment from the deepest
/// point C + r_C_deepest_W to the plane (length max(0, -gap_m) along the unit normal n_W, which
/// points into the body), the smallest tangential velocity [m/s]. A penetrating contact's
/// engine may enforce no slip anywhere on that segment (Rapier: at the overlap's middle; others
/// at the deepest point or on the plane), so an exact engine's slip reads 0 whatever its overlap
/// (the support point's slip would read |Omega x n| depth / 2 for an engine holding the middle).
/// No overlap (gap >= 0): the support point's slip.
Eigen::Vector3d contactSlip(const Eigen::Vector3d& v_C_W, const Eigen::Vector3d& omega_W,
                            const Eigen::Vector3d& r_C_deepest_W, const Eigen::Vector3d& n_W,
                            double gap_m);

/// The point of the shape farthest along -n_W from C (its contact point with a plane of normal
/// n_W), as a vector from C in W [m].
Eigen::Vector3d supportPointTowards(const SphereScene& scene, const Eigen::Quaterniond& q_WS,
                                    const Eigen::Vector3d& n_W);

/// Principal axes of the inertia tensor: inertia_C_W = R diag(moments) R^T with R a rotation
/// (det +1); for engines that take diagonal inertia in a body frame.
struct PrincipalInertia {
  /// R: the principal axes as columns, in W (a rotation, det +1).
  Eigen::Matrix3d rotation_W_body = Eigen::Matrix3d::Identity();
  Eigen::Vector3d moments = Eigen::Vector3d::Ones();  ///< [kg m^2]
};
/// The principal moments and axes of a symmetric inertia tensor [kg m^2] (eigen-decomposition).
PrincipalInertia principalInertia(const Eigen::Matrix3d& inertia_C_W);

/// True when the sample's state is finite; otherwise `what` names the first bad quantity.
bool sampleIsFinite(const EngineSample& sample, std::string& what);
/// "non-finite <quantity> at t = <t> s" for the first sample that is not finite, else "".
std::string firstNonFiniteSample(const std::vector<EngineSample>& samples);

}  // namespace nsd::engines

// ---- The stepping loop shared by the adapters ------------------------------------------------

namespace nsd::engines {

/// Runs `step()` (one engine step of h) floor(t_end / h + 1/2) times and records `read(t)` (an
/// EngineSample) after each. Ends the run with `completed = false` and the reason on an engine
/// exception, a non-finite state, a centre that moved more than 100 r from its start (a blow-up),
/// a penetration deeper than r / 2 (the sphere passed through a plane) or a `failure_check()` that
/// returns a non-empty reason (e.g. an engine's own instability warning). Records the wall time.
template <class Step, class Read, class FailureCheck>
void stepAndRecord(const SphereScene& scene, const EngineRunOptions& options, EngineRun& run,
                   Step&& step, Read&& read, FailureCheck&& failure_check) {
  const auto t0 = std::chrono::steady_clock::now();
  const long steps = std::lround(options.t_end_s / options.step_s);
  run.samples.reserve(static_cast<std::size_t>(steps));
  run.completed = true;
  try {
    for (long i = 1; i <= steps; ++i) {
      step();
      const double t = static_cast<double>(i) * options.step_s;
      EngineSample sample = read(t);
      std::string what;
      if (!sampleIsFinite(sample, what)) {
        run.completed = false;
        run.failure = "non-finite " + what + " at t = " + std::to_string(t) + " s";
        break;
      }
      run.samples.push_back(std::move(sample));
      if ((run.samples.back().x_C_W - scene.centre0_W).norm() > 100.0 * scene.radius_m) {
        run.completed = false;
        run.failure =
            "blow-up: the centre moved more than 100 r by t = " + std::to_string(t) + " s";
        break;
      }
      std::string reason = failure_check();
      for (std::size_t k = 0; reason.empty() && k < scene.planes.size(); ++k) {
        if (run.samples.back().contacts[k].gap_m < -0.5 * scene.radius_m) {
          reason = "the " + toString(scene.shape) + " passed through plane " + scene.planes[k].name;
        }
      }
      if (!reason.empty()) {
        run.completed = false;
        run.failure = reason + " at t = " + std::to_string(t) + " s";
        break;
      }
    }
  } catch (const std::exception& e) {
    run.completed = false;
    run.failure = std::string(run.engine) + " threw: " + e.what();
  }
  run.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// Means of one contact's record over the samples with t >= from_time_s (soft-contact engines
/// chatter from step to step, so single steps are not read).
struct ContactSummary {
  /// Mean of |slip_W| [m/s].
  double mean_slip_speed_m_s = 0.0;
  /// Mean normal force [N].
  double mean_normal_force_N = 0.0;
  double mean_tangential_force_N = 0.0;  ///< mean of |T|.
  /// Mean gap [m] (negative: penetration).
  double mean_gap_m = 0.0;
  /// Samples in the window.
  std::size_t samples = 0;
};
/// @throws InvalidInput for a plane index out of range or no sample in the window.
ContactSummary summarizeContact(const EngineRun& run, std::size_t plane, double from_time_s);

/// Checks the options of a run. @throws InvalidInput naming the bad value.
void validateRunOptions(const EngineRunOptions& options);

/// Validates the scene and the options, and starts the record of a run of `engine`.
/// @throws InvalidInput naming the bad value.
EngineRun startRun(const SphereScene& scene, const EngineRunOptions& options, std::string engine,
                   std::string engine_version);

}  // namespace nsd::engines
