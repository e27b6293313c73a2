#pragma once
/// @file atomic_file.hpp
/// Atomic file output: a file is either absent (or its previous version) or completely written.

#include <functional>
#include <ostream>
#include <string>

namespace nsd {

/// Writes a file atomically: `write` fills a temporary file beside `path` (named after `path` and
/// this process, so concurrent writers of different files never collide), which is renamed over
/// `path` only if `write` returns without throwing and the stream is good. On failure nothing is
/// left behind. Text streams print doubles with 17 significant digits. The path "-" means standard
/// output (the text is buffered whole and printed only if `write` succeeds).
/// @throws InvalidInput if the folder does not exist or the file cannot be written.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace nsd
