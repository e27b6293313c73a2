// Bodies by shape: the Kane-Levinson rattleback as a body file whose contact is an ellipsoid
// (examples/bodies/kane_levinson_rattleback.json). nsdkit derives the contact point and the
// velocity-dependent contact acceleration from the shape; the friction this spinning body needs to
// keep rolling is found by bisection on Def 9 through the generic one-contact route.
// Checked against the Kane-Levinson model itself: the force its rolling motion needs at the same
// instant (Newton's law for the mass centre along their equations) gives |F_t| / N, the same
// threshold (to the bisection's 1e-9).
// Second, the railway wheelset with conical wheels on rail heads (examples/bodies/
// wheelset_shapes.json: cones against cylinders, Montana's equations with both curvatures): its
// traction limit at the default loads equals the hand-derived file's (wheelset.json).
#include <cmath>
#include <cstdio>
#include <string>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/models/rattleback_realizability.hpp>

#include "example_checks.hpp"

int main() {
  using namespace nsd;
  const body::BodyDescription rattleback =
      body::readBodyFile(NSDKIT_BODIES_DIR "/kane_levinson_rattleback.json");
  const body::ParameterBinding binding =
      body::bindParameters(rattleback, {"mu", "omega_x", "omega_y", "omega_z"});
  const auto rolls = [&](double mu) {
    return body::classify(rattleback, binding, {mu, 0.0, 0.0, -5.0}).realizable;
  };
  const BisectionResult threshold = bisect(rolls, 1.0, 1e-6, 1e-9, true, "mu");
  const body::RollingMotion motion =
      body::rollingMotion(body::configure(rattleback, binding, {0.3, 0.0, 0.0, -5.0}));
  std::printf(
      "body file: spinning at 5 rad/s, it keeps rolling for mu > %.9f; contact force "
      "(%.6f, %.6f, %.6f) N\n",
      threshold.value, motion.contact_forces_W[0][0], motion.contact_forces_W[0][1],
      motion.contact_forces_W[0][2]);

  // The Kane-Levinson model at the same instant.
  rattleback::KaneLevinsonState s;
  s << degreesToRadians(0.5), degreesToRadians(0.5), 0, 0, 0, -5;
  const Eigen::Vector3d force =
      models::rattlebackRollingContactForce(rattleback::KaneLevinsonParameters{}, s);
  const Eigen::Vector3d up = -rattleback::contactKinematics({}, s).mu;
  const double normal = force.dot(up);
  const double needed = (force - normal * up).norm() / normal;
  std::printf("Kane-Levinson rolling motion: needs |F_t|/N = %.9f\n", needed);

  nsd_examples::Checks checks;
  checks.nearAbsolute("Def 9 threshold of the body file = |F_t|/N of the rolling motion",
                      threshold.value, needed, 1e-8);
  checks.near("normal force", motion.contact_forces_W[0].dot(up), normal, 1e-7);

  // The wheelset by shapes: the largest traction fz (in units of the weight) that keeps both
  // wheels rolling, by bisection on Def 11, against the hand-derived file.
  const auto traction_limit = [](const char* file) {
    const body::BodyDescription b = body::readBodyFile(std::string(NSDKIT_BODIES_DIR "/") + file);
    const body::ParameterBinding fz = body::bindParameters(b, {"fz"});
    return bisect([&](double f) { return body::classify(b, fz, {f}).realizable; }, 0.0, 5.0,
                  1e-10, true, "fz")
        .value;
  };
  const double by_shapes = traction_limit("wheelset_shapes.json");
  const double by_hand = traction_limit("wheelset.json");
  std::printf("wheelset: rolls up to a traction of %.9f m g (cones on rail heads), %.9f m g (hand)\n",
              by_shapes, by_hand);
  checks.nearAbsolute("wheelset traction limit: shapes = hand-derived", by_shapes, by_hand, 1e-9);
  // Closed form (docs/bodies.md): |f_z| < mu (1 + m r0^2 / J_x) / cos(gamma), gamma = atan(1/20).
  const double closed_form = 0.3 * (1.0 + 1500.0 * 0.46 * 0.46 / 160.0) / std::cos(std::atan(0.05));
  checks.near("wheelset traction limit = mu (1 + m r0^2/J_x) / cos(gamma)", by_shapes,
              closed_form, 1e-8);
  return checks.exitStatus();
}
