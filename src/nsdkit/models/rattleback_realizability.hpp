#pragma once
/// @file rattleback_realizability.hpp
/// Realizability of rolling along a motion: the Kane–Levinson rattleback (rattleback/
/// kane_levinson.hpp) rolls without slipping by construction; at each instant of that motion
/// this asks whether Coulomb friction can keep it rolling (Def 9 for one spatial contact,
/// contact/single_contact.hpp), what friction the rolling needs (|F_t| / N of the contact force
/// the rolling motion requires) and the smallest friction coefficient for which Def 9 holds there.
///
/// The contact force of the rolling motion follows from Newton's law for the mass centre,
/// F = M (a_G - g), with a_G the acceleration of the mass centre along the integrated motion
/// (body components: a_G = dv/dt + omega x v, v from the rolling kinematics (26) of the paper,
/// dv/dt by central differences along the state's own rate (40)-(42), (71)). Def 9 is evaluated
/// on the one-contact body at that instant (mass, inertia about R*, the ellipsoid's contact point
/// with the plane of normal -n3, gravity, omega) whose velocity-dependent contact acceleration
/// comes from the ellipsoid's curvature (contact/contact_shapes.hpp, Montana). Its sticking force
/// must equal F: two independent routes to the same force, compared at every instant.
///
/// Frames: the analysis at each instant is in the body frame (r1, r2, r3) of that instant; n3
/// points down. SI units.

#include <vector>

#include <nsdkit/rattleback/kane_levinson.hpp>

namespace nsd::models {

/// Options of the analysis along the motion.
struct RollingRealizabilityOptions {
  double mu = 0.3;                  ///< friction coefficient for the verdicts (> 0)
  double sample_spacing_s = 1e-3;   ///< instants analysed [s]
  double mu_tolerance = 1e-9;       ///< bisection width of the smallest realizable mu
  double derivative_step_s = 1e-6;  ///< central-difference step of dv/dt [s]
};

/// One instant of the motion.
struct RollingInstant {
  double t = 0.0;                 ///< [s]
  double omega3 = 0.0;            ///< spin about the body's r3 axis [rad/s]
  double normal_force_N = 0.0;    ///< N of the rolling motion's contact force [N]
  double friction_force_N = 0.0;  ///< |F_t| [N]
  double needed_mu = 0.0;         ///< |F_t| / N (+inf when N <= 0: contact would be lost)
  double def9_minimal_mu = 0.0;   ///< smallest mu for which Def 9 holds here (+inf: none)
  bool realizable = false;        ///< Def 9 at options.mu
  bool possible = false;          ///< Coulomb possibility at options.mu: |F_t| < mu N, N > 0
};

/// The motion's instants and what they add up to.
struct RollingRealizabilityReport {
  std::vector<RollingInstant> instants;  ///< one per sample of the motion, every sample_spacing_s
  /// max over the motion of def9_minimal_mu: rolls throughout; the sampled maximum is refined
  /// between the samples around it (1/100 of the spacing)
  double minimal_mu = 0.0;
  double worst_time_s = 0.0;                ///< instant of minimal_mu
  double max_needed_mu = 0.0;               ///< max of |F_t| / N
  std::size_t instants_not_realizable = 0;  ///< at options.mu
  double first_not_realizable_s = -1.0;     ///< first such instant (-1: none)
  /// max |def9_minimal_mu - needed_mu| over instants with N > 0: Def 9 against the friction
  /// cone, equal for Coulomb friction (Theorem 4 of the paper's ref. [4]).
  double max_def9_cone_difference = 0.0;
  /// max relative difference between the one-contact body's sticking force (shape kinematics,
  /// Newton-Euler) and the rolling motion's force (Kane-Levinson's equations): ~1e-9, set by
  /// the central difference of a_G.
  double max_force_consistency_error = 0.0;
  std::vector<double> spin_reversals;  ///< of the rolling motion [s]
};

/// The contact force [N] (body components r1, r2, r3) the rolling motion needs at `state`:
/// M (a_G - g), a_G by central differences of step `step_s` along the state's rate.
Eigen::Vector3d rattlebackRollingContactForce(const rattleback::KaneLevinsonParameters& p,
                                              const rattleback::KaneLevinsonState& state,
                                              double step_s = 1e-6);

/// Analyses the rolling motion from `initial` until `t_end`.
/// @throws InvalidInput for invalid parameters, options or initial state; SolverFailure if the
///         one-contact analysis does not reproduce the motion's contact force.
RollingRealizabilityReport rattlebackRollingRealizability(
    const rattleback::KaneLevinsonParameters& parameters,
    const rattleback::KaneLevinsonInitial& initial, double t_end,
    const RollingRealizabilityOptions& options = {});

}  // namespace nsd::models
