// libFuzzer target: the region command's axis ("name:lower:upper:count") and fixed-parameter
// ("name=value") parsers on arbitrary text. Bad text must end in InvalidInput.
#include <cmath>
#include <cstdint>
#include <string>

#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/region/region.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const nsd::region::Axis a = nsd::region::parseAxis(text);
    if (a.count < 1 || !std::isfinite(a.lower) || !std::isfinite(a.upper)) __builtin_trap();
  } catch (const nsd::InvalidInput&) {
  }
  try {
    const auto fixed = nsd::cli::parseFixed({text});
    for (const auto& [name, value] : fixed) {
      if (name.empty() || !std::isfinite(value)) __builtin_trap();
    }
  } catch (const nsd::InvalidInput&) {
  }
  return 0;
}
