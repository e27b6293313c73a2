#include <nsdkit/core/atomic_file.hpp>

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <random>
#include <sstream>
#include <streambuf>

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

std::string systemError(int error) { return std::strerror(error); }

/// Writes all of `size` bytes to `fd` (retrying after signals and short writes); false on error.
bool writeAll(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t written = ::write(fd, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += written;
    size -= static_cast<std::size_t>(written);
  }
  return true;
}

/// An output stream buffer on a file descriptor it does not own (64 KiB buffer). A failed
/// write(2) makes the stream bad; errno of the failure is kept.
class FdStreamBuffer : public std::streambuf {
 public:
  explicit FdStreamBuffer(int fd) : fd_(fd) {
    setp(buffer_.data(), buffer_.data() + buffer_.size());
  }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type ch) override {
    if (!flushBuffer()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  int sync() override { return flushBuffer() ? 0 : -1; }

 private:
  bool flushBuffer() {
    const std::size_t size = static_cast<std::size_t>(pptr() - pbase());
    if (size > 0 && !writeAll(fd_, pbase(), size)) {
      error_ = errno;
      return false;
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return true;
  }
  int fd_;
  int error_ = 0;
  std::array<char, 1 << 16> buffer_{};
};

/// 16 hexadecimal digits from the kernel's random source (getrandom(2); std::random_device if
/// that fails): the unguessable part of a temporary's name.
std::string randomHex() {
  std::uint64_t bits = 0;
  if (::getrandom(&bits, sizeof bits, 0) != static_cast<ssize_t>(sizeof bits)) {
    std::random_device device;
    bits = (std::uint64_t{device()} << 32) ^ std::uint64_t{device()};
  }
  static const char* const kHex = "0123456789abcdef";
  std::string out(16, '0');
  for (std::size_t i = 0; i < 16; ++i) out[i] = kHex[(bits >> (4 * i)) & 0xf];
  return out;
}

/// A new file `<beside>.tmp-nsdkit-<pid>-<random>` created with O_EXCL | O_NOFOLLOW (never an
/// existing file or link); returns its descriptor and sets `name`.
int createTemporary(const std::string& beside, std::string& name) {
  for (int attempt = 0; attempt < 16; ++attempt) {
    name = beside + ".tmp-nsdkit-" + std::to_string(::getpid()) + "-" + randomHex();
    const int fd =
        ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0666);
    if (fd >= 0) return fd;
    if (errno != EEXIST && errno != EINTR) {
      const int error = errno;
      name.clear();
      throw InvalidInput("cannot write output file " + quoteInput(beside) + ": " +
                         systemError(error));
    }
  }
  name.clear();
  throw InvalidInput("cannot write output file " + quoteInput(beside) +
                     ": no free temporary name beside it");
}

/// Runs `write` on a stream over `fd` (17 significant digits) and closes `fd`.
/// @throws InvalidInput naming `path` if writing or closing fails (fd closed in every case).
void writeAndClose(int fd, const std::string& path,
                   const std::function<void(std::ostream&)>& write) {
  int error = 0;
  try {
    FdStreamBuffer buffer(fd);
    std::ostream out(&buffer);
    out.precision(17);
    write(out);
    out.flush();
    if (!out) error = buffer.error() != 0 ? buffer.error() : EIO;
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) {
    throw InvalidInput("error while writing " + quoteInput(path) + ": " + systemError(error));
  }
}

/// A device, FIFO or socket written in place: opened without creating or following anything, and
/// refused if it has become a regular file or folder since it was checked.
void writeInPlace(const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    throw InvalidInput("cannot write output " + quoteInput(path) + ": " + systemError(errno));
  }
  struct stat status {};
  if (::fstat(fd, &status) != 0 || S_ISREG(status.st_mode) || S_ISDIR(status.st_mode)) {
    ::close(fd);
    throw InvalidInput("output " + quoteInput(path) + " changed while nsdkit was running");
  }
  writeAndClose(fd, path, [&](std::ostream& out) { out << text; });
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
    writeInPlace(path, buffer.str());
    return;
  }
  std::string temporary;
  const int fd = createTemporary(path, temporary);
  try {
    writeAndClose(fd, path, write);
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
      throw InvalidInput("cannot replace " + quoteInput(path) + ": " + systemError(errno));
    }
  } catch (...) {
    ::unlink(temporary.c_str());  // our own temporary, created exclusively above
    throw;
  }
}

ScratchFile::ScratchFile(const std::string& beside,
                         const std::function<void(std::ostream&)>& write) {
  const int fd = createTemporary(beside, path_);
  try {
    writeAndClose(fd, path_, write);
  } catch (...) {
    ::unlink(path_.c_str());
    throw;
  }
}

ScratchFile::~ScratchFile() { ::unlink(path_.c_str()); }

}  // namespace nsd
