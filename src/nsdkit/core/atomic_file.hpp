#pragma once
/// @file atomic_file.hpp
/// The one checked writer of nsdkit's outputs: a regular file is either absent (or its previous
/// version) or completely written; a device or FIFO is written in place, never replaced; a
/// symbolic link is refused; temporaries are created exclusively (O_EXCL | O_NOFOLLOW) under an
/// unguessable name, and only the writer's own temporary is ever removed.

#include <functional>
#include <ostream>
#include <string>

namespace nsd {

/// What an output path names.
enum class OutputTarget {
  kStandardOutput,  ///< "-"
  kNewFile,         ///< nothing yet, in an existing writable folder
  kRegularFile,     ///< an existing regular file: replaced atomically
  kStream,          ///< a device, FIFO or socket: written directly, never replaced
};

/// Checks, before any work, that `path` can be written as a file: "-"; a new file in an existing
/// writable folder; a writable regular file in a writable folder; a writable device, FIFO or
/// socket. A symbolic link is refused (give the file it points to), and so are folders.
/// @throws InvalidInput naming `field` and the path (quoted, escaped).
OutputTarget checkOutputFile(const std::string& path, const std::string& field);

/// Checks, before any work, that `path` can hold output files: an existing writable folder, or
/// a new one whose parent folder exists and is writable. @throws InvalidInput naming `field`.
void checkOutputFolder(const std::string& path, const std::string& field);

/// Writes a file atomically: `write` fills a temporary file beside `path`, which is renamed over
/// `path` only if `write` returns without throwing and the stream is good. The temporary is
/// `<path>.tmp-nsdkit-<pid>-<16 random hex digits>`, created with O_EXCL | O_NOFOLLOW (a file or
/// link planted at that name is never opened, let alone followed); on failure that temporary,
/// and nothing else, is removed. Text streams print doubles with 17 significant digits. The path
/// "-" means standard output, and a device, FIFO or socket is written in place, never replaced
/// (in both cases the text is buffered whole and written only if `write` succeeds).
/// @throws InvalidInput as checkOutputFile, or if the file cannot be written or replaced.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);

/// A file of intermediate data beside `beside` (for a helper program to read), created like the
/// temporaries of writeFileAtomically (exclusively, unguessable name with the `.tmp-nsdkit-`
/// marker), filled by `write`, and removed when this object is destroyed. Not copyable.
class ScratchFile {
 public:
  /// @throws InvalidInput if the file cannot be created or written (nothing is left behind).
  ScratchFile(const std::string& beside, const std::function<void(std::ostream&)>& write);
  /// Removes the file.
  ~ScratchFile();
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  /// The file's path.
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace nsd
