// The shipped bodies (examples/bodies) against closed forms derived here, independently of the
// Def-11 / Def-9 machinery: rolling accelerations from the energy balance of rolling without
// slip, and rolling limits from the symmetric slip of both contacts.
//
// Symmetric two-point slip (inclined trough, wheelset, axle): when the loads are symmetric, both
// contacts slip alike along t1 with slip sign sigma, friction T = -sigma mu N each, and N follows
// from the balance normal to the rolling direction. With d the distance from C to the contact
// line a and J_a the moment of inertia about the parallel axis through C, the slip rate is
//   du1/dt = F_t/m - sigma 2 mu N (1/m + d^2/J_a),
// so the symmetric limit direction attracts (from both sides) iff |F_t| < 2 mu N (1 + m d^2/J_a).
// The bisected Def-11 boundary must sit there: any other escape mode, if it came first, would
// show as a lower bound.
#include <gtest/gtest.h>

#include "../support/shipped_bodies_dir.hpp"

#include <Eigen/Geometry>
#include <cmath>
#include <string>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::body {
namespace {

using test::kShippedBodiesDir;

BodyVerdict verdict(const BodyDescription& b, const std::vector<std::string>& names,
                    const std::vector<double>& values) {
  return classify(b, bindParameters(b, names), values);
}

RollingMotion motion(const BodyDescription& b, const std::vector<std::string>& names,
                     const std::vector<double>& values) {
  return rollingMotion(configure(b, bindParameters(b, names), values));
}

// Where realizability ends along one parameter, from a realizable value towards a non-realizable
// one; the ends are checked. 1e-10 brackets are far below every tolerance used below.
double limitOf(const BodyDescription& b, const std::string& name,
               const std::vector<std::string>& others, const std::vector<double>& other_values,
               double inside, double outside) {
  std::vector<std::string> names = others;
  names.push_back(name);
  const ParameterBinding binding = bindParameters(b, names);
  auto holds = [&](double v) {
    std::vector<double> values = other_values;
    values.push_back(v);
    return classify(b, binding, values).realizable;
  };
  return bisect(holds, inside, outside, 1e-10, true, name + " limit").value;
}

TEST(ShippedBodies, EveryFileReadsAndClassifiesAtItsDefaults) {
  for (const char* file : {"ball_trough", "ball_inclined_trough", "wheelset", "axle_on_plane",
                           "anisotropic_ball_trough", "ball_on_incline"}) {
    const BodyDescription b = readBodyFile(kShippedBodiesDir + "/" + file + ".json");
    EXPECT_TRUE(verdict(b, {}, {}).realizable) << file;
    EXPECT_FALSE(b.section.x_axis.empty()) << file;
  }
}

// Inclined trough: rolling about the contact line at d = r cos(45 deg) from C gives
// (m + J/d^2) dv/dt = m g sin(s): dv/dt = g sin(s)/(1 + 2j) along -k.
TEST(ShippedBodies, InclinedTroughRollsAtTheClosedFormAcceleration) {
  const BodyDescription b = readBodyFile(kShippedBodiesDir + "/ball_inclined_trough.json");
  const double g = 9.81, j = 0.4;
  for (double slope_deg : {5.0, 20.0, 35.0}) {
    const RollingMotion m = motion(b, {"slope_deg"}, {slope_deg});
    const double expected = -g * std::sin(slope_deg * kRadiansPerDegree) / (1 + 2 * j);
    // 1e-12 relative: a handful of roundings of O(1) quantities in the 6 x 6 RR solve.
    EXPECT_NEAR(m.dv_C_W.z(), expected, 1e-12 * g);
    EXPECT_NEAR(m.dv_C_W.head<2>().norm(), 0.0, 1e-12 * g);
  }
}

// Symmetric slip down the trough: N = m g cos(s)/sqrt2 per wall, d^2/J = 1/(2 j m), so rolling
// holds iff tan(s) < mu (1 + 2j)/(sqrt2 j).
TEST(ShippedBodies, InclinedTroughRollingLimitIsTheSymmetricSlipLimit) {
  const BodyDescription b = readBodyFile(kShippedBodiesDir + "/ball_inclined_trough.json");
  const double j = 0.4;
  for (double mu : {0.1, 0.3, 0.5}) {
    const double expected = std::atan(mu * (1 + 2 * j) / (std::sqrt(2.0) * j)) / kRadiansPerDegree;
    const double found = limitOf(b, "slope_deg", {"mu"}, {mu}, 1.0, 89.0);
    // 1e-6 deg: the boundary is where a limit direction's radial component changes sign,
    // located by the certified search to ~1e-12 of the field scale.
    EXPECT_NEAR(found, expected, 1e-6) << "mu = " << mu;
  }
}

// Wheelset under traction fz (weight units): rolling about the contact line r0 below the axle,
// (m + J_x/r0^2) dv/dt = F_z + M_x/r0; symmetric slip with N = m g/(2 cos gamma) gives
// |fz| < mu (1 + m r0^2/J_x)/cos(gamma).
TEST(ShippedBodies, WheelsetTractionClosedForms) {
  const BodyDescription b = readBodyFile(kShippedBodiesDir + "/wheelset.json");
  const double m = 1500, jx = 160, r0 = 0.46, g = 9.81;
  const RollingMotion rolling = motion(b, {"fz", "tx"}, {0.1, 0.05});
  const double expected_acc = (0.1 * m * g + 0.05 * 6768.9 / r0) / (m + jx / (r0 * r0));
  EXPECT_NEAR(rolling.dv_C_W.z(), expected_acc, 1e-12 * g);
  for (double cone_deg : {0.0, 2.862405226111748, 8.0}) {
    for (double mu : {0.15, 0.3}) {
      const double expected = mu * (1 + m * r0 * r0 / jx) / std::cos(cone_deg * kRadiansPerDegree);
      const double found =
          limitOf(b, "fz", {"cone_angle_deg", "mu"}, {cone_deg, mu}, 0.0, 3.0 * expected);
      EXPECT_NEAR(found, expected, 1e-7 * expected) << "cone " << cone_deg << ", mu " << mu;
    }
  }
}

// Two-wheeled axle on one plane (both contacts on the same surface): the same closed forms with
// gamma = 0 and forces in N; the limit does not depend on the track width.
TEST(ShippedBodies, AxleOnPlaneTractionClosedForms) {
  const BodyDescription b = readBodyFile(kShippedBodiesDir + "/axle_on_plane.json");
  const double m = 20, jx = 0.34, r = 0.2, g = 9.81, mu = 0.5;
  const RollingMotion rolling = motion(b, {"fz", "tx"}, {30.0, -2.0});
  EXPECT_NEAR(rolling.dv_C_W.z(), (30.0 - 2.0 / r) / (m + jx / (r * r)), 1e-12 * g);
  const double expected = mu * m * g * (1 + m * r * r / jx);
  for (double track : {0.4, 0.6, 1.2}) {
    const double found = limitOf(b, "fz", {"track"}, {track}, 0.0, 3.0 * expected);
    EXPECT_NEAR(found, expected, 1e-7 * expected) << "track " << track;
  }
}

// One contact (Def 9): a ball on an incline sticks iff the sticking force is inside the cone,
// T = m g sin(s) j/(1 + j) < mu m g cos(s): tan(s) < mu (1 + j)/j; it rolls at g sin(s)/(1 + j).
TEST(ShippedBodies, BallOnInclineClosedForms) {
  const BodyDescription b = readBodyFile(kShippedBodiesDir + "/ball_on_incline.json");
  const double j = 0.4, g = 9.81;
  const RollingMotion rolling = motion(b, {"slope_deg"}, {25.0});
  EXPECT_NEAR(rolling.dv_C_W.x(), g * std::sin(25.0 * kRadiansPerDegree) / (1 + j), 1e-12 * g);
  EXPECT_NEAR(rolling.dv_C_W.z(), 0.0, 1e-12 * g);
  for (double mu : {0.1, 0.3}) {
    const double expected = std::atan(mu * (1 + j) / j) / kRadiansPerDegree;
    EXPECT_NEAR(limitOf(b, "slope_deg", {"mu"}, {mu}, 1.0, 89.0), expected, 1e-6) << mu;
  }
}

// The anisotropic sphere at a rolling rate: the RR solution satisfies the full Newton-Euler
// equations J dOmega/dt + Omega x J Omega = M + sum r x f with Omega = Omega_a a (checked here
// from the reported forces). The gyroscopic moment is normal to Omega, so it leaves dOmega_a/dt
// alone and is carried by the contact forces: they differ from those at Omega_a = 0 by about
// |Omega|^2 |J_offdiagonal| / r = 3600 * 1.5e-4 / 0.05 ~ 10 N.
TEST(ShippedBodies, AnisotropicSphereRollsWithTheGyroscopicTerm) {
  const BodyDescription b = readBodyFile(kShippedBodiesDir + "/anisotropic_ball_trough.json");
  const std::vector<std::string> names{"mx", "omega_a"};
  const ConfiguredBody c = configure(b, bindParameters(b, names), {0.2, 60.0});
  const RollingMotion m = rollingMotion(c);
  const Eigen::Vector3d a = (c.two.r_CPplus_W - c.two.r_CPminus_W).normalized();
  const Eigen::Vector3d omega = 60.0 * a;
  const Eigen::Matrix3d& jc = c.two.inertia_C_W;
  const Eigen::Vector3d moment = c.two.torque_external_W +
                                 c.two.r_CPplus_W.cross(m.contact_forces_W[0]) +
                                 c.two.r_CPminus_W.cross(m.contact_forces_W[1]);
  // 1e-12 of the gyroscopic moment's scale |Omega|^2 |J| ~ 4e-3 N m.
  EXPECT_LT((jc * m.domega_W + omega.cross(jc * omega) - moment).norm(), 1e-12);
  EXPECT_LT((c.two.mass * m.dv_C_W - c.two.force_external_W - m.contact_forces_W[0] -
             m.contact_forces_W[1])
                .norm(),
            1e-12 * c.two.mass * 9.81);
  const RollingMotion still = motion(b, names, {0.2, 0.0});
  EXPECT_NEAR(still.domega_a, m.domega_a, 1e-9);
  EXPECT_GT((still.contact_forces_W[0] - m.contact_forces_W[0]).norm(), 1.0);  // [N]
}

}  // namespace
}  // namespace nsd::body
