#pragma once
/// @file benchmark_systems.hpp
/// The systems of the contact benchmark as classes, one per physical system, each with its
/// analytic reference, its analytic trajectory and its engine-neutral scene (the model of Drake's
/// multibody/benchmarks): the ball in the V trough (BallInTrough; the frame and closed forms of
/// cases.hpp) and the one-plane systems (BenchmarkSystem; those of one_plane_families.hpp, whose
/// free functions referenceOf, exactStateAt and sceneOf ask the system of their model).
///
/// Each system has its own test in tests/validation/ (benchmark_<system>_test.cpp), against an
/// independent route: Newton-Euler with Coulomb's law evaluated on the analytic trajectory, and
/// the rolling constraint for the rattleback.

#include <memory>
#include <utility>
#include <vector>

#include <nsdkit/contact/two_contact_body.hpp>
#include <nsdkit/engines/scene/sphere_scene.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/one_plane_families.hpp>

namespace nsd::validation {

/// The trough's answer at a model (two-point-contact paper, Sect. 6).
struct TroughReference {
  /// The paper's closed forms (right-angle trough, mu+ = mu-) or the generic Def-11 predicate.
  ReferenceSource source = ReferenceSource::kClosedForm;
  /// Two-point rolling is realizable at the torque (Def 11).
  bool realizable = false;
  /// {"RR"}, or the escape modes (RS, SR, SS) when rolling is not realizable.
  std::vector<std::string> allowed_modes;
  /// dv/dt along the trough axis k in two-point rolling [m/s^2]: (78), or the RR solution of
  /// the generic field; NaN when rolling is not realizable and for the sliding start.
  double acceleration_m_s2 = NAN;
  /// Sliding start: the ball rolls from t* = v0 / (sqrt2 mu g (1 + 1/(2j))) [s] (NaN otherwise).
  double rolling_onset_s = NAN;
  /// Sliding start: the speed v0 / (1 + 2j) once rolling [m/s] (NaN otherwise).
  double final_speed_m_s = NAN;
};

/// The ball in the V trough (two contacts P+ and P-) under the dimensionless torque (79), at rest
/// or started sliding along the trough without spin (trough frame W of models/ball_trough.hpp).
class BallInTrough {
 public:
  /// @throws InvalidInput naming the bad model field (a sliding start needs a right-angle trough,
  /// mu+ = mu- and no torque).
  explicit BallInTrough(TroughCaseModel model);
  /// The model the system was built from (validated).
  const TroughCaseModel& model() const { return model_; }
  /// The modes and the motion the references give.
  TroughReference reference() const;
  /// The ball and trough as a two-contact body at the model's torque.
  contact::TwoContactBody body() const;
  /// The exact state at t_s [s]: rolling at (78) from v0, or sliding at -sqrt2 mu g while the
  /// spin about the contact line grows uniformly, then rolling at v0 / (1 + 2j). The orientation
  /// is the initial one (a sphere's does not enter its contacts).
  /// @throws InvalidInput when rolling is not realizable (the motion escapes: no closed form).
  BodyState stateAt(double t_s) const;
  /// The sphere between the planes P+ and P- with its torque and initial state.
  engines::SphereScene scene() const;

 private:
  TroughCaseModel model_;
  TroughReference reference_;
  /// The rolling axis a (the contact line's direction, W) and Omega_a per unit speed along k.
  Eigen::Vector3d rolling_axis_W_ = Eigen::Vector3d::Zero();
  double spin_per_speed_ = NAN;
};

/// A sphere between the two planes of a two-contact body whose contacts are a sphere's
/// (sphereRadiusOf finite): planes P+ and P- through the contact points, the body's mass, inertia,
/// loads (every applied force acts at C) and the initial velocities v_C0_W [m/s], omega0_W
/// [rad/s]. @throws InvalidInput for another body.
engines::SphereScene sphereBetweenPlanesScene(const contact::TwoContactBody& body,
                                              const Eigen::Vector3d& v_C0_W,
                                              const Eigen::Vector3d& omega0_W);

/// The trough model a trough case was built from (its group, probe, ball, torque, initial speed
/// and duration). @throws InvalidInput for a one-plane case or a body file's case.
TroughCaseModel troughModelOf(const ValidationCase& c);

/// One system of the one-plane benchmark: a model with its analytic answer.
class BenchmarkSystem {
 public:
  /// @throws InvalidInput naming the bad model field (OnePlaneModel::validate).
  explicit BenchmarkSystem(OnePlaneModel model);
  /// A system is used through this interface and destroyed through it.
  virtual ~BenchmarkSystem() = default;
  /// The model the system was built from (validated).
  const OnePlaneModel& model() const { return model_; }
  /// The analytic answer: the final mode, the accelerations, onsets and stops (the rattleback's
  /// from Kane and Levinson's rolling equations, integrated).
  /// @throws InvalidInput where the model has none (a launch or a sliding block with mu = 0).
  virtual OnePlaneReference reference() const = 0;
  /// The exact state at t_s [s] in W (the rattleback: at t = 0 only, its motion is integrated:
  /// KaneLevinsonRattleback::rollingMotion). @throws InvalidInput as reference().
  virtual BodyState stateAt(double t_s) const = 0;
  /// The engine-neutral scene: the body, the plane "P", gravity, the constant torque and the
  /// initial state.
  virtual engines::SphereScene scene() const = 0;

 protected:
  /// The validated model.
  OnePlaneModel model_;
};

/// Incline family: a sphere released at rest on the incline (optionally a drilling torque about
/// n). Rolls iff tan s < mu (1 + j) / j, at dv/dt = g sin s / (1 + j); else slides at
/// g (sin s - mu cos s) and spins up at mu g cos s / (j r).
class SphereOnIncline final : public BenchmarkSystem {
 public:
  /// @throws InvalidInput unless model.family is kIncline, and as BenchmarkSystem.
  explicit SphereOnIncline(OnePlaneModel model);
  OnePlaneReference reference() const override;
  BodyState stateAt(double t_s) const override;
  engines::SphereScene scene() const override;
};

/// Creep family: a sphere on the incline held by the torque -m g r sin(s) a: rest iff
/// tan s < mu, else slides at g (sin s - mu cos s) while Omega_a = -m g r (sin s - mu cos s) t / J.
class HeldSphere final : public BenchmarkSystem {
 public:
  /// @throws InvalidInput unless model.family is kCreep, and as BenchmarkSystem.
  explicit HeldSphere(OnePlaneModel model);
  OnePlaneReference reference() const override;
  BodyState stateAt(double t_s) const override;
  engines::SphereScene scene() const override;
};

/// Launch family: a sphere thrown sliding along h with backspin omega0 on a horizontal plane;
/// rolls from t* = j (v0 + r omega0) / (mu g (1 + j)) at (v0 - j r omega0) / (1 + j).
class LaunchedSphere final : public BenchmarkSystem {
 public:
  /// @throws InvalidInput unless model.family is kLaunch, and as BenchmarkSystem.
  explicit LaunchedSphere(OnePlaneModel model);
  OnePlaneReference reference() const override;
  BodyState stateAt(double t_s) const override;
  engines::SphereScene scene() const override;
};

/// Block family: a box face down, thrown at v0 on a horizontal plane (stops after v0 / (mu g) at
/// v0^2 / (2 mu g)), or at rest on the incline with its edges along (e, a, n) (rest iff
/// tan s < mu, else slides at g (sin s - mu cos s)). It never turns (the model refuses a box that
/// would tip).
class BoxOnPlane final : public BenchmarkSystem {
 public:
  /// @throws InvalidInput unless model.family is kBlock, and as BenchmarkSystem.
  explicit BoxOnPlane(OnePlaneModel model);
  OnePlaneReference reference() const override;
  BodyState stateAt(double t_s) const override;
  engines::SphereScene scene() const override;
  /// The box's orientation: identity on a horizontal plane, its edges along (e, a, n) on a slope.
  Eigen::Quaterniond orientation() const;
};

/// Rattleback family: Kane and Levinson's ellipsoid rolling without slip on the plane z = 0; the
/// reference from their rolling equations, integrated (rattleback/kane_levinson.hpp), measured by
/// rattleback_metric.hpp.
class KaneLevinsonRattleback final : public BenchmarkSystem {
 public:
  /// @throws InvalidInput unless model.family is kRattleback, and as BenchmarkSystem.
  explicit KaneLevinsonRattleback(OnePlaneModel model);
  OnePlaneReference reference() const override;
  /// The initial state (t_s = 0). @throws InvalidInput for any other time.
  BodyState stateAt(double t_s) const override;
  engines::SphereScene scene() const override;
  /// The rolling motion sampled every spacing_s [s] from t = 0 (the centre's horizontal position
  /// integrated from its velocity by the trapezoid rule). @throws InvalidInput for spacing <= 0
  /// or one cutting the duration into more than kMaxAnalyticSamples intervals.
  std::vector<std::pair<double, BodyState>> rollingMotion(double spacing_s) const;
};

/// The most sampling intervals an analytic trajectory is cut into (KaneLevinsonRattleback::
/// rollingMotion, analyticTrajectory): 1e6, a few hundred MB of samples with their contacts; a
/// finer spacing is refused before any sample is made.
constexpr double kMaxAnalyticSamples = 1e6;

/// The system of a one-plane model (by its family). @throws InvalidInput for the trough family
/// or an invalid model.
std::unique_ptr<BenchmarkSystem> benchmarkSystemOf(const OnePlaneModel& model);

/// J = j m r^2 [kg m^2]: the sphere's moment of inertia about any axis through its centre.
double sphereMomentOfInertia(const OnePlaneModel& model);

/// The sphere on the model's plane: radius, mass, inertia, gravity, the drilling torque about n,
/// the plane "P" through the contact and the initial state `start`. The families add their own
/// (a box, the creep's holding torque).
engines::SphereScene sphereOnPlaneScene(const OnePlaneModel& model, const BodyState& start);

}  // namespace nsd::validation
