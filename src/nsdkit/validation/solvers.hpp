#pragma once
/// @file solvers.hpp
/// A solver of the validation as the report names it (SolverSpec), a solver left out of a run,
/// and what one run of a solver produced (SolverTrajectory). The solvers themselves and the run
/// are in solver_registry.hpp.

#include <string>
#include <utility>
#include <vector>

#include <nsdkit/engines/scene/sphere_scene.hpp>

namespace nsd::validation {

/// A solver and its settings.
struct SolverSpec {
  /// An unnamed solver (fields empty, step 0).
  SolverSpec() = default;
  /// A solver by name, setting and time step [s].
  SolverSpec(std::string solver_name, std::string solver_setting, double step)
      : name(std::move(solver_name)), setting(std::move(solver_setting)), step_s(step) {}
  std::string name;     ///< "nsdkit-event-driven", "siconos", "mujoco", "bullet", "ode", "dart".
  std::string setting;  ///< "defaults", "exact" (engines), "-" otherwise.
  double step_s = 0.0;  ///< time step [s]; 0 for the adaptive event-driven integrator.
  /// A user's solver: what its solver.json declares (shown in the report).
  std::string declared_version;
  /// A user's solver: the settings its solver.json declares, with their reasons.
  std::vector<engines::SettingNote> declared_settings;
  std::string label() const;  ///< e.g. "mujoco/exact/h=1e-4".
};
/// A solver chosen for a run but left out, and why (e.g. a web engine without Node.js).
struct SkippedSolver {
  /// The solver's name (as SolverSpec::name).
  std::string name;
  /// Why it was left out.
  std::string reason;
};

/// The trajectory a solver produced, in the case's frame, and how the run ended. Samples hold
/// the state (and, where the solver reports them, contact forces).
struct SolverTrajectory {
  /// The recorded steps, in the case's frame W.
  std::vector<engines::EngineSample> samples;
  /// True when the run reached the case's end time.
  bool completed = false;
  /// What ended the run early (empty when it completed).
  std::string failure;
  /// Wall time of the run [s].
  double wall_seconds = 0.0;
  /// Every non-default setting of the run, with its reason.
  std::vector<engines::SettingNote> settings;
  /// The solver's version as it reports it.
  std::string engine_version;
  /// Non-empty: the solver cannot represent the case (the reason); the row counts as neither
  /// pass nor fail.
  std::string not_representable;
  /// False for solvers that record neither the centre's position nor the angular velocity
  /// (nsdkit's two-contact integrators record velocities and slips): the judge then checks
  /// neither positions against velocities nor the friction the motion needed.
  bool positions_recorded = true;
};

}  // namespace nsd::validation
