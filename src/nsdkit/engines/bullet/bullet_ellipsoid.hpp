#pragma once
/// @file bullet_ellipsoid.hpp
/// An exact ellipsoid for Bullet 3.24: E = {x_S : x_S^T S^-2 x_S <= 1}, S = diag(a, b, c) the
/// semi-axes [m] along the shape frame's axes, with collision margin 0.
///
/// Bullet has no ellipsoid primitive. A unit btMultiSphereShape with local scaling S, the usual
/// substitute, returns the support point S d / |d| along a direction d (shape axes): a point of
/// the surface, but not the one whose normal is d. Tilted by 2 degrees on a plane, a 0.2 x 0.03 x
/// 0.02 m body then touches 7 mm from its centre instead of 66 mm. The shape here returns the
/// exact support point (the maximiser of <d, x> over E):
///
///     x*(d) = S^2 d / |S d|,                                           (1)
///
/// so Bullet's convex-plane algorithm (the support point against the plane normal) and GJK/EPA
/// see the true ellipsoid. Only this folder's .cpp files see the Bullet type; the declarations
/// below forward-declare it so that the probes are usable without Bullet's headers.

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <memory>

class btConvexShape;  // Bullet's base of convex shapes (BulletCollision/CollisionShapes).

namespace nsd::engines {

/// The ellipsoid of semi-axes `semi_axes_m` (a, b, c) [m] along its own axes, margin 0, as a
/// Bullet convex shape (type CUSTOM_CONVEX_SHAPE_TYPE, name "nsdkitEllipsoid"). Its support
/// point is (1) (plus margin d/|d| if a margin is set), its world AABB the exact box
/// |o_i - x_i| <= |S B^T e_i| of the ellipsoid at basis B and origin o, its inertia that of a
/// uniform solid, m/5 (b^2 + c^2, a^2 + c^2, a^2 + b^2). Local scaling multiplies the semi-axes.
/// @throws InvalidInput if a semi-axis is not positive and finite.
std::unique_ptr<btConvexShape> makeBulletEllipsoid(const Eigen::Vector3d& semi_axes_m);

/// The shape's support point along `direction_S` (any non-zero vector, shape axes), in shape
/// axes [m], as Bullet's collision code asks for it (localGetSupportingVertex).
/// @throws InvalidInput for a bad semi-axis or a zero or non-finite direction.
Eigen::Vector3d bulletEllipsoidSupport(const Eigen::Vector3d& semi_axes_m,
                                       const Eigen::Vector3d& direction_S);

/// What Bullet's collision pipeline (btDefaultCollisionConfiguration, the convex-plane
/// algorithm) reports for the ellipsoid against one static plane.
struct BulletPlaneContact {
  int num_points = 0;  ///< manifold points (0: no contact within the breaking threshold).
  Eigen::Vector3d point_on_body_W = Eigen::Vector3d::Zero();   ///< first point, on E [m].
  Eigen::Vector3d point_on_plane_W = Eigen::Vector3d::Zero();  ///< its projection [m].
  double distance_m = 0.0;  ///< signed distance (negative: penetration) [m].
};

/// Places the ellipsoid with its centre at `centre_W` [m] and orientation `q_WS`, runs Bullet's
/// discrete collision detection once against the plane {x : <normal_W, x> = offset_m} (unit
/// normal towards the body), and returns the manifold's first point.
/// @throws InvalidInput for a bad semi-axis or a normal that is not a finite unit vector.
BulletPlaneContact bulletEllipsoidPlaneContact(const Eigen::Vector3d& semi_axes_m,
                                               const Eigen::Vector3d& centre_W,
                                               const Eigen::Quaterniond& q_WS,
                                               const Eigen::Vector3d& normal_W, double offset_m);

}  // namespace nsd::engines
