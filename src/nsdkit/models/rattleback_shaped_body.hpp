#pragma once
/// @file rattleback_shaped_body.hpp
/// The Kane–Levinson rattleback (rattleback/kane_levinson.hpp) as a body of the generic
/// one-contact stick–slip integrator (eventdriven/shape_stick_slip.hpp): a factory of the
/// generic description from the model's parameters, and the generic state of one of the
/// model's rolling states. The integrator knows no particular body; the model knows how it is
/// one.
///
/// Frames: W the world (z up, the plane z = 0); B the model's body axes r1, r2, r3 along the
/// ellipsoid's axes (rattleback/kane_levinson.hpp), origin at the mass centre. SI units.

#include <nsdkit/eventdriven/shape_stick_slip.hpp>
#include <nsdkit/rattleback/kane_levinson.hpp>

namespace nsd::models {

/// The Kane–Levinson rattleback as a shaped body with friction coefficient mu: its ellipsoid,
/// inertia about the mass centre and air drag.
/// @throws InvalidInput for invalid parameters or mu.
eventdriven::ShapedBodyOnPlane kaneLevinsonBody(const rattleback::KaneLevinsonParameters& p,
                                                double mu);

/// The state of the Kane–Levinson rolling motion at `initial` (orientation from the vertical,
/// any heading; the velocity of G from the rolling kinematics (26)).
/// @throws InvalidInput for a non-finite initial state.
eventdriven::ShapedBodyState kaneLevinsonState(const rattleback::KaneLevinsonParameters& p,
                                               const rattleback::KaneLevinsonInitial& initial);

}  // namespace nsd::models
