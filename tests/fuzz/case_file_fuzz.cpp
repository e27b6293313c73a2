// libFuzzer target: the scorer's case-file reader (validation::caseFromJsonText) on arbitrary
// bytes. Bad input must end in InvalidInput naming the case's label; a file that reads is a case
// rebuilt from its model (refused or not): never a crash (a stack overflow on deep nesting
// included), a hang or undefined behaviour.
#include <cmath>
#include <cstdint>
#include <string>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > nsd::validation::kMaxCaseFileBytes) return 0;  // refused before reading
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const nsd::validation::ValidationCase c =
        nsd::validation::caseFromJsonText(text, "case 0 (0.json)");
    if (!(c.t_end_s > 0.0) || !std::isfinite(c.t_end_s)) {
      if (c.refusal.empty()) __builtin_trap();  // an accepted case has a duration
    }
  } catch (const nsd::InvalidInput& e) {
    // Names the case file.
    if (std::string(e.what()).find("0.json") == std::string::npos) __builtin_trap();
  } catch (const nsd::SolverFailure& e) {
    if (std::string(e.what()).empty()) __builtin_trap();
  }
  return 0;
}
