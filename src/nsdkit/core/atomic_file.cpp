#include <nsdkit/core/atomic_file.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nsdkit/core/errors.hpp>

namespace nsd {
namespace {

namespace fs = std::filesystem;

bool writable(const fs::path& path) { return ::access(path.c_str(), W_OK) == 0; }

fs::path folderOf(const fs::path& path) {
  return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

[[noreturn]] void refuse(const std::string& field, const std::string& path,
                         const std::string& why) {
  throw InvalidInput(field + " " + quoteInput(path) + ": " + why);
}

}  // namespace

OutputTarget checkOutputFile(const std::string& path, const std::string& field) {
  if (path == "-") return OutputTarget::kStandardOutput;
  if (path.empty()) refuse(field, path, "an empty path");
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(path, ec);
  if (fs::is_symlink(status)) {
    refuse(field, path, "is a symbolic link; give the file it points to");
  }
  if (fs::exists(status)) {
    if (fs::is_directory(status)) refuse(field, path, "is a folder, not a file");
    if (!writable(path)) refuse(field, path, "is not writable");
    if (!fs::is_regular_file(status)) return OutputTarget::kStream;  // device, FIFO, socket
    if (!writable(folderOf(path))) {
      refuse(field, path, "its folder is not writable (the file is replaced atomically)");
    }
    return OutputTarget::kRegularFile;
  }
  const fs::path folder = folderOf(path);
  if (!fs::is_directory(folder, ec)) refuse(field, path, "its folder does not exist");
  if (!writable(folder)) refuse(field, path, "its folder is not writable");
  return OutputTarget::kNewFile;
}

void checkOutputFolder(const std::string& path, const std::string& field) {
  if (path.empty() || path == "-") refuse(field, path, "give a folder");
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (fs::exists(status)) {
    if (!fs::is_directory(status)) refuse(field, path, "exists and is not a folder");
    if (!writable(path)) refuse(field, path, "is not writable");
    return;
  }
  // A new folder (its parents are created as needed): the first existing ancestor must be a
  // writable folder.
  fs::path ancestor = fs::absolute(fs::path(path), ec).parent_path();
  while (!ancestor.empty() && !fs::exists(ancestor, ec) && ancestor != ancestor.root_path()) {
    ancestor = ancestor.parent_path();
  }
  if (!fs::is_directory(ancestor, ec)) refuse(field, path, "cannot be created here");
  if (!writable(ancestor)) refuse(field, path, "cannot be created: its parent is not writable");
}

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  const OutputTarget target = checkOutputFile(path, "output");
  if (target == OutputTarget::kStandardOutput || target == OutputTarget::kStream) {
    // Buffered whole, so that a failing writer writes nothing; a device or FIFO stays what it is.
    std::ostringstream buffer;
    buffer.precision(17);
    write(buffer);
    if (target == OutputTarget::kStandardOutput) {
      std::cout << buffer.str() << std::flush;
      if (!std::cout) throw InvalidInput("error while writing to standard output");
      return;
    }
    std::ofstream out(path, std::ios::binary | std::ios::app);
    out << buffer.str() << std::flush;
    if (!out) throw InvalidInput("error while writing " + quoteInput(path));
    return;
  }
  const fs::path temporary = path + ".tmp-nsdkit-" + std::to_string(::getpid());
  try {
    {
      std::ofstream out(temporary, std::ios::binary);
      if (!out) throw InvalidInput("cannot write output file " + quoteInput(path));
      out.precision(17);
      write(out);
      out.flush();
      if (!out) throw InvalidInput("error while writing " + quoteInput(path));
    }
    std::error_code ec;
    fs::rename(temporary, path, ec);
    if (ec) throw InvalidInput("cannot replace " + quoteInput(path) + ": " + ec.message());
  } catch (...) {
    std::error_code ec;
    fs::remove(temporary, ec);
    throw;
  }
}

}  // namespace nsd
