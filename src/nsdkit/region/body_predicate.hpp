#pragma once
/// @file body_predicate.hpp
/// A body file's realizability (Def 11 for two contacts, Def 9 for one) as a region predicate:
/// the parameters are the body's load parameters and velocity-state names (body/rigid_body.hpp).

#include <Eigen/Core>
#include <array>
#include <functional>
#include <string>
#include <vector>

#include <nsdkit/body/rigid_body.hpp>
#include <nsdkit/region/realizable_set3.hpp>
#include <nsdkit/region/region.hpp>

namespace nsd::region {

/// The body's Def 11 / Def 9 predicate over exactly `names` (the swept and fixed parameters, in
/// any order a sweep binds them). Escapes: RS, SR, SS or slip, with contact loss when a normal
/// force vanishes. @throws InvalidInput for a name the body does not have (at once), and when
/// bound to other names.
ModelPredicate bodyPredicate(const body::BodyDescription& body,
                             const std::vector<std::string>& names);

/// The body's default values of the load parameters not in `names`, recorded in outputs.
ParameterPoint bodyMetadata(const body::BodyDescription& body,
                            const std::vector<std::string>& names);

/// The cross-section a body file names (its `section`): the two axes and the fixed values.
struct BodySection {
  std::vector<Axis> axes;  ///< the section's two swept parameters
  ParameterPoint fixed;    ///< parameters held at these values
  /// The axes' names, then the fixed ones (every parameter a sweep of the section sets).
  std::vector<std::string> names() const;
};
/// @throws InvalidInput "SOURCE: section: missing ..." when the file names no section, or for
/// an axis that does not parse.
BodySection bodySection(const body::BodyDescription& body, const std::string& source);

/// @throws InvalidInput for a name the body does not have, an axis also fixed, or a default
///         point that is not realizable (no body to mesh around it).
/// A body's realizable set over three of its parameters (the others fixed or at their defaults);
/// the default point is the three parameters' default values (velocity-state parameters
/// default to 0).
RealizableSet3 bodyRealizableSet(const body::BodyDescription& body,
                                 const std::array<std::string, 3>& axes,
                                 const ParameterPoint& fixed = {});

/// A points_per_axis x points_per_axis subsample of a section (its two axes' ranges, ends
/// included; the midpoint for 1), each point followed by the section's fixed values, in the
/// order of BodySection::names(). @throws InvalidInput for points_per_axis < 1.
std::vector<std::vector<double>> sectionSubsample(const BodySection& section, int points_per_axis);

}  // namespace nsd::region
