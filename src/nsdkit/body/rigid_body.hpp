#pragma once
/// @file rigid_body.hpp
/// A user's rigid body with one or two frictional contacts, as a constant description (read
/// from a body file, body_file.hpp) with named load parameters, and its realizability:
///  - two contacts: two-point rolling by Def 11 (codimension 3, contact::TwoContactDynamics);
///  - one contact: rolling/sticking by Def 9 (codimension 2, contact::analyzeSingleContact).
///
/// Frame W: every vector is in one frame W fixed to the supporting surfaces, at the analysed
/// configuration; the body's mass centre C is the origin of the contact points.
///
/// Load parameters are what a user sweeps. Parameter `p` with value v acts through its effects
/// with the amount x = scale * v (`scale` makes a parameter dimensionless, as (79) does for the
/// ball's torques), in the order listed:
///  - force  e: F_e += x e [N]            - torque e: M_e += x e [N m]
///  - mu {i}:    the friction coefficient of the listed contacts is x (Coulomb; for
///               Coulomb-Stribeck mu_static = x and mu_dynamic keeps its ratio to mu_static)
///  - rotate_gravity e: gravity rotated by the angle x [rad] about the unit axis e
///  - rotate_normal (i, e): the normal of contact i rotated by x [rad] about the unit axis e
///  - shift_point (i, d): the point of contact i moved by x d [m]
/// Parameters not given take their default `value`.
///
/// The velocity state is apart from the body: at two-point rolling Omega = Omega_a a with the
/// rolling rate Omega_a [rad/s] (state name "omega_a"); at one-point sticking Omega is any vector
/// (state names "omega_x", "omega_y", "omega_z" [rad/s]). Both enter through the gyroscopic
/// term and through the velocity-quadratic bias of each contact.

#include <Eigen/Core>
#include <string>
#include <vector>

#include <nsdkit/contact/contact_shapes.hpp>
#include <nsdkit/contact/escape_set.hpp>
#include <nsdkit/contact/friction_law.hpp>
#include <nsdkit/contact/single_contact.hpp>
#include <nsdkit/contact/two_contact_body.hpp>

namespace nsd::body {

/// One contact with a fixed surface, in W at the analysed configuration.
struct ContactDescription {
  std::string name;                                     ///< e.g. "P+", "left wheel"
  Eigen::Vector3d point_W = Eigen::Vector3d::Zero();    ///< r = CP [m]
  Eigen::Vector3d normal_W = Eigen::Vector3d::UnitZ();  ///< unit surface normal into the body
  /// Contact-point acceleration not produced by forces [m/s^2]: d/dt of the contact velocity
  /// (normal, t1, t2) = H dnu/dt + <e, bias>. bias = bias_W + Omega_a^2 bias_per_rate_squared_W;
  /// both are zero when the contact point stays fixed relative to C in W (a sphere on planes,
  /// a body of revolution rolling about its axis); curvature of the path of C adds them.
  Eigen::Vector3d bias_W = Eigen::Vector3d::Zero();
  Eigen::Vector3d bias_per_rate_squared_W = Eigen::Vector3d::Zero();  ///< [m/rad^2]
  /// The contact's friction law (mu = 0.3 Coulomb by default; load effects `mu` change it).
  contact::FrictionLaw friction = contact::FrictionLaw::coulomb(0.3);
  /// Format 2: the body's surface near the contact as a shape (pose relative to C, in W). Then
  /// the point is the shape's contact with the plane of `normal_W` (after the load effects;
  /// shift_point moves the shape), and the bias follows from the velocity state (contact/
  /// contact_shapes.hpp: omega x (omega x r) + omega x dp/dt); point_W, bias_W and
  /// bias_per_rate_squared_W are not used.
  bool has_shape = false;
  /// Format 2: the surface near the contact (used when has_shape).
  contact::ContactShape shape;
  contact::CounterSurface counter;  ///< the fixed surface the shape touches (default: a plane)
};

/// What one unit amount of a load parameter does (see the file comment).
struct LoadEffect {
  /// The kinds of effect (the file comment's list).
  enum class Kind { kForce, kTorque, kFriction, kRotateGravity, kRotateNormal, kShiftPoint };
  /** @var Kind::kForce
      force e: F_e += x vector [N]. */
  /** @var Kind::kTorque
      torque e: M_e += x vector [N m]. */
  /** @var Kind::kFriction
      mu {i}: the friction coefficient of `contacts` is x. */
  /** @var Kind::kRotateGravity
      rotate_gravity e: gravity rotated by x [rad] about the unit axis `vector`. */
  /** @var Kind::kRotateNormal
      rotate_normal (i, e): the normal of contact i rotated by x [rad] about the unit axis `vector`.
      */
  /** @var Kind::kShiftPoint
      shift_point (i, d): the point of contact i moved by x `vector` [m]. */
  /// What the effect does.
  Kind kind = Kind::kForce;
  Eigen::Vector3d vector = Eigen::Vector3d::Zero();  ///< force/torque per unit, axis, direction
  std::vector<int> contacts;                         ///< contacts acted on (0-based)
};

/// A named parameter a user sweeps.
struct LoadParameter {
  /// The parameter's name, as sweeps and the CLI name it.
  std::string name;
  std::string unit;    ///< unit of the value, for reports ("-" when dimensionless)
  double value = 0.0;  ///< default value
  double scale = 1.0;  ///< amount per unit value
  /// Its effects, applied in this order.
  std::vector<LoadEffect> effects;
};

/// A section of the realizable set drawn by `nsdkit bodies`: axes "name:lower:upper:count".
struct SectionHint {
  std::string x_axis, y_axis;
  /** @var x_axis
      The horizontal axis, "name:lower:upper:count". */
  /** @var y_axis
      The vertical axis, "name:lower:upper:count". */
  /// The other parameters' values on the section (name, value).
  std::vector<std::pair<std::string, double>> fixed;
};

/// The constant description of a body with one or two contacts.
struct BodyDescription {
  /// The body's name.
  std::string name;
  /// A description in words, for reports.
  std::string description;
  /// Mass m [kg] (> 0).
  double mass_kg = 1.0;
  Eigen::Matrix3d inertia_C_W = Eigen::Matrix3d::Identity();  ///< J about C [kg m^2], SPD
  Eigen::Vector3d gravity_W = Eigen::Vector3d::Zero();        ///< g [m/s^2]
  Eigen::Vector3d force_W = Eigen::Vector3d::Zero();   ///< applied force at C besides m g [N]
  Eigen::Vector3d torque_W = Eigen::Vector3d::Zero();  ///< applied torque about C [N m]
  std::vector<ContactDescription> contacts;            ///< one or two
  /// The named load parameters.
  std::vector<LoadParameter> loads;
  /// The section `nsdkit bodies` draws.
  SectionHint section;
};

/// Names of the velocity-state parameters for a body with `contacts` contacts.
std::vector<std::string> stateParameterNames(int contacts);

/// Parameter names resolved once against a body (load parameters and state names), so that
/// classifying many points does not look names up.
struct ParameterBinding {
  /// The bound names, in the caller's order (one value each in configure()).
  std::vector<std::string> names;
  std::vector<int> slots;  ///< load index >= 0, or -1 - state index
};
/// @throws InvalidInput for a name the body does not have (listing the names it has).
ParameterBinding bindParameters(const BodyDescription& body, const std::vector<std::string>& names);

/// The body at given parameter values, ready for the contact analyses.
struct ConfiguredBody {
  /// 1 or 2: which of `one` and `two` holds the body.
  int contact_count = 2;
  contact::TwoContactBody two;     ///< when contact_count == 2
  double omega_a_rad_per_s = 0.0;  ///< rolling rate (two contacts)
  contact::SingleContactBody one;  ///< when contact_count == 1 (its omega_W is the state)
};
/// Applies defaults, then `values` (one per bound name). @throws InvalidInput naming the
/// parameter or field for non-finite or out-of-range values and degenerate results.
ConfiguredBody configure(const BodyDescription& body, const ParameterBinding& binding,
                         const std::vector<double>& values);

/// Realizability of rolling/sticking at one parameter point.
struct BodyVerdict {
  /// True when rolling (two contacts, Def 11) or sticking (one contact, Def 9) is realizable.
  bool realizable = false;
  /// Two contacts: the failing modes RS, SR, SS (Def 11). One contact: empty.
  std::vector<contact::EscapeMode> escapes;
  bool slips = false;  ///< one contact: Def 9 fails (the sticking point is not attracting)
  /// A normal force <= 0 in a field of the analysis.
  bool contact_loss = false;
  bool uncertain = false;  ///< the limit-direction search reported possibly incomplete
  /// The limit-direction search behind the verdict (SS for two contacts, the sticking point's
  /// for one) was re-checked in interval arithmetic (filippov::Completeness::kCertified); only
  /// with ClassifyOptions::certify.
  bool certified = false;
  /// Every escape: the modes, slip (one contact) and contact loss.
  contact::EscapeSet escapeSet() const;
  /// The failing modes alone: RS, SR, SS (two contacts) or slip (one contact), without contact
  /// loss (what escapeLabel names).
  contact::EscapeSet failingModes() const;
  /// "RS|SR|SS"-style label of the escapes (two contacts), "slip" (one contact); empty when
  /// realizable. Contact loss is reported separately.
  std::string escapeLabel() const;
};

/// Options of classify.
struct ClassifyOptions {
  /// Re-check the limit-direction search in interval arithmetic (BodyVerdict::certified); about
  /// 50 times the cost of a verdict (docs/benchmarks.md).
  bool certify = false;
};

/// Def 11 (two contacts) or Def 9 (one contact) at the configured body.
BodyVerdict classify(const ConfiguredBody& body, const ClassifyOptions& options = {});
/// The same for the body at bound parameter values (configure(), then classify()).
/// @throws InvalidInput as configure.
BodyVerdict classify(const BodyDescription& body, const ParameterBinding& binding,
                     const std::vector<double>& values, const ClassifyOptions& options = {});

/// Def 11's or Def 9's verdict alone: classify(body, options).realizable, with two contacts
/// stopping at the first escape (contact::TwoContactDynamics::realizabilityVerdict: SS is not
/// searched when RS or SR escapes). For the inside-predicates of meshes, volume estimates and
/// bisections, which use nothing else.
bool isRealizable(const ConfiguredBody& body, const ClassifyOptions& options = {});

/// The rolling motion at the configured body: the two-point RR solution (Table 2) or the
/// one-point sticking solution. Accelerations in W.
struct RollingMotion {
  Eigen::Vector3d dv_C_W = Eigen::Vector3d::Zero();    ///< [m/s^2]
  Eigen::Vector3d domega_W = Eigen::Vector3d::Zero();  ///< [rad/s^2]
  double domega_a = 0.0;                               ///< two contacts: dOmega_a/dt [rad/s^2]
  std::vector<Eigen::Vector3d> contact_forces_W;       ///< per contact [N] (RR: minimum norm)
};
/// The rolling motion of the configured body.
RollingMotion rollingMotion(const ConfiguredBody& body);

}  // namespace nsd::body
