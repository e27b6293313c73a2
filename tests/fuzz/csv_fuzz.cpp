// libFuzzer target: the strict numeric CSV reader (classify's input) on arbitrary bytes. Bad
// input must end in InvalidInput with a message, never a crash, a hang or undefined behaviour.
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

#include <nsdkit/core/numeric_csv.hpp>
#include <nsdkit/core/errors.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/nsdkit_csv_fuzz_" + std::to_string(::getpid()) + ".csv";
  {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  try {
    const auto rows = nsd::readNumericCsv(path, {"mx", "my", "mz"});
    for (const auto& row : rows) {
      if (row.size() != 3) __builtin_trap();  // the reader promised three numbers per row
      for (const double v : row) {
        if (!std::isfinite(v)) __builtin_trap();  // ... and finite ones ("nan", "inf", 1e999)
      }
    }
  } catch (const nsd::InvalidInput& e) {
    if (std::string(e.what()).empty()) __builtin_trap();  // errors name the problem
  }
  return 0;
}
