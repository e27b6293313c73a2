// libFuzzer target: the body-file reader (src/nsdkit/body) on arbitrary bytes, and, for a file that
// reads, the classification of the body at its defaults. Bad input must end in InvalidInput
// naming the source, a body that reads must be analysable (or refused by SolverFailure for a
// Painleve-type configuration): never a crash, a hang, undefined behaviour or a silent NaN.
#include <cmath>
#include <cstdint>
#include <string>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/errors.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  nsd::body::BodyDescription body;
  try {
    body = nsd::body::parseBody(text, "fuzz.json");
  } catch (const nsd::InvalidInput& e) {
    if (std::string(e.what()).rfind("fuzz.json: ", 0) != 0) __builtin_trap();  // names the file
    return 0;
  }
  std::vector<std::string> names;
  std::vector<double> values;
  for (const auto& l : body.loads) {
    names.push_back(l.name);
    values.push_back(l.value);
  }
  try {
    const auto binding = nsd::body::bindParameters(body, names);
    const auto configured = nsd::body::configure(body, binding, values);
    (void)nsd::body::classify(configured);
    const auto motion = nsd::body::rollingMotion(configured);
    if (!motion.dv_C_W.allFinite() || !motion.domega_W.allFinite()) __builtin_trap();
  } catch (const nsd::InvalidInput& e) {
    if (std::string(e.what()).empty()) __builtin_trap();
  } catch (const nsd::SolverFailure& e) {
    if (std::string(e.what()).empty()) __builtin_trap();
  }
  return 0;
}
