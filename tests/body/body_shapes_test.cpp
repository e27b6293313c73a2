// Bodies by shape (format nsdkit-body/2): the shipped bodies rewritten with shapes give the same
// contact points, the same velocity-dependent contact accelerations and the same verdicts as
// their hand-derived files (the ball in the trough: a sphere; the axle: two wheels, tori; the
// wheelset: cones on rail heads); the
// Kane–Levinson rattleback as a body file (an ellipsoid) sticks with the force its rolling
// motion needs (Newton's law for the mass centre along their model) and stops being realizable
// exactly where that force leaves the friction cone.
#include <gtest/gtest.h>

#include "../support/shipped_bodies_dir.hpp"

#include <cmath>
#include <random>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/models/rattleback_realizability.hpp>

namespace nsd::body {
namespace {

using test::kShippedBodiesDir;

// Same points, normals and biases at `values`, and the same verdict.
void expectSameBody(const BodyDescription& hand, const BodyDescription& shaped,
                    const ParameterBinding& a, const ParameterBinding& b,
                    const std::vector<double>& values) {
  const ConfiguredBody x = configure(hand, a, values), y = configure(shaped, b, values);
  ASSERT_EQ(x.contact_count, 2);
  EXPECT_LT((x.two.r_CPplus_W - y.two.r_CPplus_W).norm(), 1e-14);
  EXPECT_LT((x.two.r_CPminus_W - y.two.r_CPminus_W).norm(), 1e-14);
  // Hand-derived bias: zero (sphere on planes, wheels rolling about their axis); derived: the
  // centripetal term and omega x dp/dt cancel to rounding of Omega_a^2 r.
  const double scale = 1e-13 * (1.0 + values.back() * values.back());
  EXPECT_LT((x.two.bias_plus_W - y.two.bias_plus_W).norm(), scale);
  EXPECT_LT((x.two.bias_minus_W - y.two.bias_minus_W).norm(), scale);
  EXPECT_EQ(classify(x).realizable, classify(y).realizable);
  EXPECT_EQ(classify(x).escapeLabel(), classify(y).escapeLabel());
}

TEST(BodyShapes, BallInTroughBySphereEqualsTheHandDerivedFile) {
  const BodyDescription hand = readBodyFile(kShippedBodiesDir + "/ball_trough.json");
  const BodyDescription shaped = readBodyFile(kShippedBodiesDir + "/ball_trough_shapes.json");
  const std::vector<std::string> names{"mx", "my", "mz", "omega_a"};
  const ParameterBinding a = bindParameters(hand, names), b = bindParameters(shaped, names);
  std::mt19937 random(33);
  std::uniform_real_distribution<double> torque(-1.0, 1.0), rate(-40.0, 40.0);
  int realizable = 0;
  for (int i = 0; i < 200; ++i) {
    const std::vector<double> v{torque(random), torque(random), 0.6 * torque(random), rate(random)};
    expectSameBody(hand, shaped, a, b, v);
    realizable += classify(configure(hand, a, v)).realizable;
  }
  EXPECT_GT(realizable, 10);
  EXPECT_LT(realizable, 190);
}

TEST(BodyShapes, AxleByWheelsEqualsTheHandDerivedFile) {
  const BodyDescription hand = readBodyFile(kShippedBodiesDir + "/axle_on_plane.json");
  const BodyDescription shaped = readBodyFile(kShippedBodiesDir + "/axle_on_plane_shapes.json");
  const std::vector<std::string> names{"track", "fz", "fx", "ty", "omega_a"};
  const ParameterBinding a = bindParameters(hand, names), b = bindParameters(shaped, names);
  std::mt19937 random(34);
  std::uniform_real_distribution<double> track(0.3, 1.2), force(-150.0, 150.0), rate(-30, 30);
  for (int i = 0; i < 200; ++i) {
    expectSameBody(
        hand, shaped, a, b,
        {track(random), force(random), force(random), 0.2 * force(random), rate(random)});
  }
}

// The wheelset with conical wheels on rail heads (cylinders) against its hand-derived file
// (contact points r0 below the axle, normals tilted by the cone angle, bias zero): same points,
// same (zero) bias at any rolling rate, same verdicts over loads on both sides of the boundary.
TEST(BodyShapes, WheelsetByConesOnRailHeadsEqualsTheHandDerivedFile) {
  const BodyDescription hand = readBodyFile(kShippedBodiesDir + "/wheelset.json");
  const BodyDescription shaped = readBodyFile(kShippedBodiesDir + "/wheelset_shapes.json");
  const std::vector<std::string> names{"gauge", "fz", "fx", "tx", "omega_a"};
  const ParameterBinding a = bindParameters(hand, names), b = bindParameters(shaped, names);
  std::mt19937 random(35);
  std::uniform_real_distribution<double> gauge(1.0, 1.7), load(-1.0, 1.0), rate(-60, 60);
  int realizable = 0;
  for (int i = 0; i < 200; ++i) {
    const std::vector<double> v{gauge(random), 1.2 * load(random), 0.6 * load(random),
                                0.5 * load(random), rate(random)};
    expectSameBody(hand, shaped, a, b, v);
    realizable += classify(configure(hand, a, v)).realizable;
  }
  EXPECT_GT(realizable, 10);
  EXPECT_LT(realizable, 190);
}

// The rattleback's body file at the start of Fig. 3 against the Kane–Levinson model: the
// sticking force of the generic one-contact body (contact point and bias from the ellipsoid)
// equals M (a_G - g) of the rolling motion (central differences: ~1e-9 relative; 1e-7 allowed),
// and Def 9 switches at |F_t| / N.
TEST(BodyShapes, RattlebackBodySticksWithTheForceOfTheRollingMotion) {
  const BodyDescription body = readBodyFile(kShippedBodiesDir + "/kane_levinson_rattleback.json");
  const ParameterBinding binding = bindParameters(body, {"mu", "omega_x", "omega_y", "omega_z"});
  const rattleback::KaneLevinsonParameters p;
  rattleback::KaneLevinsonState s;
  s << degreesToRadians(0.5), degreesToRadians(0.5), 0, 0, 0, -5;
  const Eigen::Vector3d force = models::rattlebackRollingContactForce(p, s);
  const RollingMotion motion = rollingMotion(configure(body, binding, {0.3, 0, 0, -5}));
  ASSERT_EQ(motion.contact_forces_W.size(), 1u);
  EXPECT_LT((motion.contact_forces_W[0] - force).norm(), 1e-7 * force.norm())
      << motion.contact_forces_W[0].transpose() << " against " << force.transpose();
  const Eigen::Vector3d up = -rattleback::contactKinematics(p, s).mu;
  const double normal = force.dot(up), tangential = (force - normal * up).norm();
  const double needed = tangential / normal;
  EXPECT_FALSE(classify(configure(body, binding, {needed * (1 - 1e-6), 0, 0, -5})).realizable);
  EXPECT_TRUE(classify(configure(body, binding, {needed * (1 + 1e-6), 0, 0, -5})).realizable);
}

// A hoop (torus) rolling straight on a plane, pushed forward by fz at its centre: the shape's
// contact acceleration cancels (rolling about its axis), so a = fz / (m + J/R^2) and the friction
// the rolling needs is fz (J/R^2) / (m + J/R^2) = fz / 2 for a thin hoop (J = m R^2), whatever
// the spin: Def 9 switches at mu = fz / (2 m g) (bisection of the verdict to 1e-10).
TEST(BodyShapes, HoopRollingStraightNeedsTheClosedFormFriction) {
  const BodyDescription hoop = readBodyFile(kShippedBodiesDir + "/hoop_on_plane.json");
  const ParameterBinding binding =
      bindParameters(hoop, {"fz", "mu", "omega_x", "omega_y", "omega_z"});
  const double m = 2.0, g = 9.81, fz = 7.0;
  for (const double spin : {0.0, 5.0, -30.0}) {
    const RollingMotion motion = rollingMotion(configure(hoop, binding, {fz, 0.3, spin, 0, 0}));
    EXPECT_NEAR(motion.dv_C_W.z(), fz / (2.0 * m), 1e-12) << spin;
    EXPECT_NEAR(motion.contact_forces_W[0].z(), -fz / 2.0, 1e-12) << spin;
    EXPECT_NEAR(motion.contact_forces_W[0].y(), m * g, 1e-12) << spin;
    const double threshold = fz / (2.0 * m * g);
    EXPECT_FALSE(classify(configure(hoop, binding, {fz, threshold - 1e-9, spin, 0, 0})).realizable);
    EXPECT_TRUE(classify(configure(hoop, binding, {fz, threshold + 1e-9, spin, 0, 0})).realizable);
  }
}

TEST(BodyShapes, FormatErrorsNameTheField) {
  const std::string base = R"({"format": "FORMAT", "name": "x", "mass": 1,
    "inertia": [[1,0,0],[0,1,0],[0,0,1]], "gravity": [0,0,-9.81],
    "contacts": [{"normal": [0,0,1], "friction": {"law": "coulomb", "mu": 0.3}, CONTACT}]})";
  const auto body = [&](const std::string& format, const std::string& contact) {
    std::string text = base;
    text.replace(text.find("FORMAT"), 6, format);
    text.replace(text.find("CONTACT"), 7, contact);
    return text;
  };
  const std::string sphere = R"("shape": {"kind": "sphere", "radius": 0.1})";
  EXPECT_NO_THROW(parseBody(body("nsdkit-body/2", sphere), "t"));
  const auto message = [&](const std::string& text) {
    try {
      parseBody(text, "t");
    } catch (const InvalidInput& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message(body("nsdkit-body/1", sphere)).find("nsdkit-body/2"), std::string::npos);
  EXPECT_NE(message(body("nsdkit-body/2", sphere + R"(, "point": [0,0,-0.1])"))
                .find("derived from the shape"),
            std::string::npos);
  EXPECT_NE(message(body("nsdkit-body/2", R"("shape": {"kind": "cube"})")).find("cube"),
            std::string::npos);
  EXPECT_NE(message(body("nsdkit-body/2", R"("shape": {"kind": "sphere", "radius": -1})"))
                .find("sphere radius"),
            std::string::npos);
  // A cone on a plane touches along a line: refused at load, naming what is missing.
  const std::string cone = R"("shape": {"kind": "cone", "rolling_radius": 0.4, "cone_angle": 0,
      "axes": [[0,0,1],[1,0,0],[0,1,0]]})";
  EXPECT_NE(message(body("nsdkit-body/2", cone)).find("counter surface"), std::string::npos);
  EXPECT_NO_THROW(parseBody(
      body("nsdkit-body/2",
           cone + R"(, "counter_surface": {"kind": "cylinder", "radius": 0.3, "axis": [0,1,0]})"),
      "t"));
  EXPECT_NE(message(body("nsdkit-body/2", sphere + R"(, "counter_surface": {"kind": "cylinder",
      "radius": -0.3, "axis": [0,1,0]})")).find("counter_surface"),
            std::string::npos);
  EXPECT_NE(message(body("nsdkit-body/1", R"("point": [0,0,-1], "counter_surface": {"kind":
      "plane"})")).find("needs a \"shape\""),
            std::string::npos);
}

}  // namespace
}  // namespace nsd::body
