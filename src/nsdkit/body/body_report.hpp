#pragma once
/// @file body_report.hpp
/// The summary of a body file written by `nsdkit body` (and `./nsdkit.sh bodies`): the body as
/// read (mass, inertia, parameters with units and defaults), its contacts, realizability and
/// rolling motion at the default parameter values.

#include <ostream>

#include <nsdkit/body/rigid_body.hpp>

namespace nsd::body {

/// Writes the summary as one JSON object. `section` adds the counts of a section sweep
/// (realizable points out of all) when `section_points` > 0.
void writeBodySummary(std::ostream& out, const BodyDescription& body, std::size_t section_points,
                      std::size_t section_realizable);

}  // namespace nsd::body
