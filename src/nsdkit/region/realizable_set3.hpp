#pragma once
/// @file realizable_set3.hpp
/// A realizable set over three parameters, as the meshers take it (mesh::meshRealizableSet):
/// the inside-predicate, the boundary piece beyond a point outside, a point inside and, where the
/// three parameters are loads of a two-contact rigid body, its dynamics at each point. Made for
/// a body file (bodyRealizableSet, body_predicate.hpp) and for the paper's ball in the trough
/// (ballTroughRealizableSet, ball_trough_predicate.hpp).

#include <Eigen/Core>
#include <functional>

#include <nsdkit/contact/two_contact_body.hpp>

namespace nsd::region {

/// A realizable set over three parameters (axes[0], axes[1], axes[2]; the others fixed or at
/// their defaults).
struct RealizableSet3 {
  std::function<bool(const Eigen::Vector3d&)> inside;  ///< thread-safe
  /// The boundary piece a point outside lies beyond (boundaryPiece of its verdict;
  /// mesh::BoundaryPieceLabel); thread-safe.
  std::function<int(const Eigen::Vector3d&)> piece;
  /// A realizable point (a body file: the three parameters' default values; the ball: no load):
  /// where meshes start.
  Eigen::Vector3d default_point = Eigen::Vector3d::Zero();
  /// Two-contact rigid bodies over three loads (parameters that only add forces and torques):
  /// the dynamics at x (the body configured there, at its rolling rate), from which the exact
  /// faces are built (mesh::meshTwoContactStabilityBody); empty for one contact or an axis that is
  /// not a load (e.g. mu).
  std::function<contact::TwoContactDynamics(const Eigen::Vector3d&)> two_contact_dynamics;
};

}  // namespace nsd::region
