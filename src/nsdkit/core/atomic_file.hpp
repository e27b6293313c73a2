#pragma once
/// @file atomic_file.hpp
/// Atomic file output: a file is either absent (or its previous version) or completely written.

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

/// Writes a file atomically: `write` fills a temporary file beside `path` (named after `path` and
/// this process, so concurrent writers of different files never collide), which is renamed over
/// `path` only if `write` returns without throwing and the stream is good. On failure nothing is
/// left behind. Text streams print doubles with 17 significant digits. The path "-" means standard
/// output, and a device, FIFO or socket is written directly, never replaced (in both cases the
/// text is buffered whole and written only if `write` succeeds).
/// @throws InvalidInput as checkOutputFile, or if the file cannot be written or replaced.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace nsd
