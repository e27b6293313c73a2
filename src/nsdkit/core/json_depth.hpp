#pragma once
/// @file json_depth.hpp
/// A nesting-depth limit checked on JSON text before any parser (or any later recursion over the
/// parsed document: serialization, digests, destruction) sees it.

#include <cstddef>
#include <string>
#include <string_view>

namespace nsd {

/// The nesting depth nsdkit accepts in the JSON files it reads (case files, index.json,
/// solver.json, body files): far above what any of them needs, far below a stack overflow.
inline constexpr std::size_t kMaxJsonDepth = 64;

/// Scans `text` once, counting the nesting of '[' and '{' outside string literals (escapes such
/// as \" and \\ inside strings are honoured), and throws InvalidInput
/// "<what>: JSON nested deeper than <max_depth> levels (depth <d> at byte <offset>)" as soon as
/// the depth exceeds `max_depth`. Does not validate the JSON otherwise (the parser does that);
/// O(size) time, O(1) memory.
void checkJsonDepth(std::string_view text, std::size_t max_depth, const std::string& what);

}  // namespace nsd
