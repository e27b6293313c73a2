#pragma once
/// @file sha256.hpp
/// SHA-256 (FIPS 180-4) of a byte string, as 64 lower-case hex digits. Used to seal exported
/// validation cases: a case file carries the digest of its canonical content, so that an edit is
/// named as such when the file is read back. (A digest detects edits; it does not authenticate:
/// the scorer's defence against forged cases is to rebuild every case from its model.)

#include <string>
#include <string_view>

namespace nsd {

/// SHA-256 of `bytes` as 64 lower-case hexadecimal digits (FIPS 180-4, sect. 6.2).
std::string sha256Hex(std::string_view bytes);

}  // namespace nsd
