#pragma once
/// @file star_seed.hpp
/// Internal: the seed of the shaped route for a set that is star-shaped about its interior
/// point c (every ray from c leaves the set once): a subdivided icosahedron of ray directions,
/// stretched to the set's box, each vertex moved to where its ray leaves the set.
///
/// A marching-tetrahedra seed loses every part of the set thinner than its grid cell (the
/// axle's plate thins to a blade at its ends, 4 to 0 thick over the last 25 of its 329, inside
/// one layer of cells 28 long) and leaves a cap across it that no projection can grow back. A
/// radial mesh cannot lose a part that its rays reach and cannot fold: each of its triangles
/// covers its own cone of directions. Its refinement (sag_refinement.hpp, along rays) keeps it
/// radial.
/// Not installed.

#include <Eigen/Core>
#include <functional>
#include <optional>

#include <nsdkit/mesh/stability_body_mesh.hpp>

namespace nsd::mesh::detail {

/// Rays from `centre` in a box that contains the set (the box lies outside it).
struct RayFan {
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  Eigen::Vector3d box_lower = Eigen::Vector3d::Zero();
  Eigen::Vector3d box_upper = Eigen::Vector3d::Zero();
  double tolerance = 1e-6;  ///< bisection tolerance along a ray (in the set's coordinates)

  /// Where the ray from the centre through p leaves the set, bisected between the centre and
  /// the box; with `star_check` also checked to be inside at 1/4, 1/2 and 3/4 of the way and
  /// outside at 1/4, 1/2 and 3/4 of the way on to the box, std::nullopt if not (the set is not
  /// star-shaped there; a bisection may also find the exit of a part further out).
  std::optional<Eigen::Vector3d> exit(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                      const Eigen::Vector3d& p, bool star_check = false) const;
};

/// `mesh` (unit vertices) subdivided `rounds` times: each triangle into four, each edge halved
/// and its midpoint pushed back onto the unit sphere.
TriangleMesh subdivideOnUnitSphere(TriangleMesh mesh, int rounds);

/// The icosahedron's unit vertices and outward triangles subdivided `rounds` times:
/// 10 4^k + 2 vertices.
TriangleMesh unitIcosphere(int rounds);

/// The radial seed with `subdivisions` rounds of 1-to-4 subdivision of the icosahedron (20 4^k
/// triangles), closed and outward; std::nullopt if a ray fails the star check.
std::optional<TriangleMesh> starShapedSeed(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                           const RayFan& fan, int subdivisions, unsigned threads);

}  // namespace nsd::mesh::detail
