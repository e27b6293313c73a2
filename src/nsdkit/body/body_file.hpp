#pragma once
/// @file body_file.hpp
/// Body files: a rigid body with one or two contacts as JSON (format "nsdkit-body/1"), schema in
/// docs/bodies.md. Every field is checked on read; an error names the file and the
/// field, e.g. "trough.json: contacts[1].normal: must be a unit vector (its norm is 0.98)".
/// The body is also checked at its default parameter values (SPD inertia, unit normals, distinct
/// contacts not degenerate for Def 11, friction >= 0), so that a file that reads is analysable.

#include <cstdint>
#include <string>

#include <nsdkit/body/rigid_body.hpp>

namespace nsd::body {

/// The largest body file read [bytes] (a body is a few kB; larger is a wrong file).
inline constexpr std::uintmax_t kMaxBodyFileBytes = std::uintmax_t{16} << 20;

/// Reads and checks a body file. @throws InvalidInput "PATH: field: problem".
BodyDescription readBodyFile(const std::string& path);

/// A body file's bytes, unparsed (what readBodyFile parses; a checksum of them names the file's
/// version). @throws InvalidInput "body file PATH: ..." for a missing, irregular, unreadable file
/// or one larger than kMaxBodyFileBytes.
std::string readBodyFileText(const std::string& path);

/// Parses and checks a body from JSON text; `source` names it in messages.
/// @throws InvalidInput "SOURCE: field: problem".
BodyDescription parseBody(const std::string& json_text, const std::string& source);

}  // namespace nsd::body
