// Nesting-depth pre-scan of JSON text (json_depth.hpp).
#include <nsdkit/core/json_depth.hpp>

#include <nsdkit/core/errors.hpp>

namespace nsd {

void checkJsonDepth(std::string_view text, std::size_t max_depth, const std::string& what) {
  std::size_t depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (std::size_t offset = 0; offset < text.size(); ++offset) {
    const char c = text[offset];
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) {
        throw InvalidInput(what + ": JSON nested deeper than " + std::to_string(max_depth) +
                           " levels (depth " + std::to_string(depth) + " at byte " +
                           std::to_string(offset) + ")");
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
}

}  // namespace nsd
