#pragma once
/// @file ball_trough_predicate.hpp
/// The ball-in-trough realizability predicate (Def 11, generic route) as a region predicate.
/// Parameters by name: mx, my, mz (dimensionless torques (79), default 0), mu (sets both mu+ and
/// mu-), mu_plus, mu_minus, inertia (j), angle_deg (trough opening angle [deg]).

#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/region/realizable_set3.hpp>
#include <nsdkit/region/region.hpp>

namespace nsd::region {

/// Names the ball-trough model accepts.
const std::vector<std::string>& ballTroughParameterNames();

/// The ball's generic Def-11 predicate over its parameters by name (ModelPredicate: bound once
/// per sweep). An unknown name throws InvalidInput when bound; a non-finite value when called.
ModelPredicate ballTroughPredicate(const models::BallTroughParameters& base);

/// The ball's realizable set over the dimensionless torques (mx, my, mz) of (79), the other
/// parameters those of `p`: the verdict-only generic route (models::isRealizableGeneric) inside,
/// the boundary piece from the full verdict, no load as the point inside, and the dynamics of
/// the two-contact body at each torque (the exact faces). @throws InvalidInput for invalid `p`.
RealizableSet3 ballTroughRealizableSet(const models::BallTroughParameters& p);

}  // namespace nsd::region
