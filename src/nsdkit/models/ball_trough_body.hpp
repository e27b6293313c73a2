#pragma once
/// @file ball_trough_body.hpp
/// The paper's ball in the V trough (two-point-contact paper, Sect. 6) as a generic rigid body
/// (body::BodyDescription): what examples/bodies/ball_trough.json holds for the paper's
/// parameters, made for any trough angle, mu+, mu-, j, m, r and g. Its loads are the
/// dimensionless torques mx, my, mz of eq. (79) and the friction coefficient(s); every
/// body-file tool (sweeps, meshes, classify, validation on a body) then takes the ball.

#include <nsdkit/body/rigid_body.hpp>
#include <nsdkit/models/ball_trough.hpp>

namespace nsd::models {

/// The ball as a rigid body at no load, in the frame W of ball_trough.hpp (C at the origin,
/// k along the trough): the contacts P+ and P- of makeTwoContactBody (Coulomb, mu+ and mu-),
/// gravity -g e_up, J = j m r^2 I. Load parameters: mx, my, mz (torque (79): scale m g r / sqrt2
/// [N m] about i, j, k; default 0), then "mu" (both contacts) when mu+ = mu-, else "mu_plus" and
/// "mu_minus". Section: mx and my over +-2.1 mu (1 + 2j) (the main job's grid), mz = 0.
/// @throws InvalidInput for invalid parameters (BallTroughParameters::validate).
body::BodyDescription ballTroughBody(const BallTroughParameters& p);

}  // namespace nsd::models
