#pragma once
/// @file body_predicate.hpp
/// A body file's realizability (Def 11 for two contacts, Def 9 for one) as a region predicate:
/// the parameters are the body's load parameters and velocity-state names (body/rigid_body.hpp).

#include <string>
#include <vector>

#include "body/rigid_body.hpp"
#include "region/region.hpp"

namespace nsd::region {

/// Predicate over points naming exactly `names` (the swept and fixed parameters, resolved
/// once). Labels: "realizable", the escapes "RS|SR|SS" or "slip", with "|contact_loss" added
/// when a normal force vanishes. @throws InvalidInput for a name the body does not have.
ParameterPredicate bodyPredicate(const body::BodyDescription& body,
                                 const std::vector<std::string>& names);

/// The body's default values of the load parameters not in `names`, recorded in outputs.
ParameterPoint bodyMetadata(const body::BodyDescription& body,
                            const std::vector<std::string>& names);

/// Text of a verdict for region outputs (as bodyPredicate labels it).
std::string verdictLabel(const body::BodyVerdict& verdict);

}  // namespace nsd::region
