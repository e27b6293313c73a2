#include <nsdkit/core/atomic_file.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nsdkit/core/errors.hpp>

namespace nsd {

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  namespace fs = std::filesystem;
  if (path == "-") {
    // Standard output: buffered whole, so that a failing writer prints nothing.
    std::ostringstream buffer;
    buffer.precision(17);
    write(buffer);
    std::cout << buffer.str() << std::flush;
    if (!std::cout) throw InvalidInput("error while writing to standard output");
    return;
  }
  const fs::path target(path);
  if (target.has_parent_path() && !fs::exists(target.parent_path())) {
    throw InvalidInput("output directory '" + target.parent_path().string() + "' does not exist");
  }
  const fs::path temporary = target.string() + ".tmp-nsdkit-" + std::to_string(::getpid());
  try {
    {
      std::ofstream out(temporary, std::ios::binary);
      if (!out) throw InvalidInput("cannot write output file '" + path + "'");
      out.precision(17);
      write(out);
      out.flush();
      if (!out) throw InvalidInput("error while writing '" + path + "'");
    }
    fs::rename(temporary, target);
  } catch (...) {
    std::error_code ec;
    fs::remove(temporary, ec);
    throw;
  }
}

}  // namespace nsd
