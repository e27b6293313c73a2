// A body from a file: read examples/bodies/wheelset.json, find the largest traction (in units of
// the weight) under which the wheelset keeps rolling on its rails (Def 11), for three cone
// angles, and print the rolling acceleration at half that traction.
// Checked against closed forms: rolling needs the axle's angular acceleration a / r0, so
// dv/dt = F / (m + J_axle / r0^2) for every cone angle; with cylindrical wheels (cone 0) both
// normal forces are m g / 2 and the friction the rolling needs, F J_axle / (r0^2 m + J_axle),
// reaches mu m g at F / (m g) = mu (m + J_axle / r0^2) / (J_axle / r0^2).
#include <iostream>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/bisection.hpp>

#include "example_checks.hpp"

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : NSDKIT_BODIES_DIR "/wheelset.json";
  const nsd::body::BodyDescription wheelset = nsd::body::readBodyFile(path);
  nsd_examples::Checks checks;
  // The wheelset of wheelset.json: m, J about the axle, rolling radius r0, mu, g.
  const double m = 1500.0, j_axle = 160.0, r0 = 0.46, mu = 0.3, g = 9.81;
  const double rotary = j_axle / (r0 * r0);
  const nsd::body::ParameterBinding binding =
      nsd::body::bindParameters(wheelset, {"cone_angle_deg", "fz"});
  for (const double cone_deg : {0.0, 2.862, 10.0}) {
    auto rolls = [&](double fz) {
      return nsd::body::classify(wheelset, binding, {cone_deg, fz}).realizable;
    };
    const nsd::BisectionResult limit = nsd::bisect(rolls, 0.0, 5.0, 1e-9, true, "traction");
    const nsd::body::RollingMotion motion = nsd::body::rollingMotion(
        nsd::body::configure(wheelset, binding, {cone_deg, 0.5 * limit.value}));
    std::cout << "cone " << cone_deg << " deg: rolls up to traction fz = " << limit.value
              << " m g; at half of it dv/dt = " << motion.dv_C_W.z() << " m/s^2\n";
    if (argc > 1) continue;  // another body file: no closed form to compare with
    const double force_n = 0.5 * limit.value * m * g;
    checks.near("dv/dt = F / (m + J / r0^2)", motion.dv_C_W.z(), force_n / (m + rotary), 1e-9);
    if (cone_deg == 0.0) {
      checks.near("traction limit with cylindrical wheels", limit.value, mu * (m + rotary) / rotary,
                  1e-7);
    }
  }
  return checks.exitStatus();
}
