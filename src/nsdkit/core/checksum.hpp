#pragma once
/// @file checksum.hpp
/// FNV-1a: the one fast, non-cryptographic checksum of nsdkit (a damaged checkpoint block, an
/// edited body file, a stable number for a label). It detects accidents, not adversaries:
/// content that must not be forged is hashed with SHA-256 (sha256.hpp).

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace nsd {

/// 64-bit FNV-1a, fed in pieces: `Fnv1a64 h; h.add(a); h.add(b); h.value()` equals the hash of
/// the concatenation.
class Fnv1a64 {
 public:
  /// Feeds `size` bytes from `data`.
  void add(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) value_ = (value_ ^ bytes[i]) * kPrime;
  }
  /// Feeds the bytes of `text`.
  void add(std::string_view text) { add(text.data(), text.size()); }
  /// The hash of every byte fed so far (the FNV offset basis when nothing was fed).
  std::uint64_t value() const { return value_; }

 private:
  static constexpr std::uint64_t kOffset = 1469598103934665603ULL;
  static constexpr std::uint64_t kPrime = 1099511628211ULL;
  std::uint64_t value_ = kOffset;
};

/// 64-bit FNV-1a of a byte range.
inline std::uint64_t fnv1a64(const void* data, std::size_t size) {
  Fnv1a64 h;
  h.add(data, size);
  return h.value();
}

/// 32-bit FNV-1a of a text.
inline std::uint32_t fnv1a32(std::string_view text) {
  std::uint32_t h = 2166136261u;
  for (const unsigned char c : text) h = (h ^ c) * 16777619u;
  return h;
}

}  // namespace nsd
