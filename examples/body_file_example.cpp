// A body from a file: read examples/bodies/wheelset.json, find the largest traction (in units of
// the weight) under which the wheelset keeps rolling on its rails (Def 11), for three cone
// angles, and print the rolling acceleration at half that traction.
#include <iostream>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/bisection.hpp>

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : NSDKIT_BODIES_DIR "/wheelset.json";
  const nsd::body::BodyDescription wheelset = nsd::body::readBodyFile(path);
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
  }
  return 0;
}
