#pragma once
/// @file mesh_measures.hpp
/// Internal: CGAL types and the measures both mesh routes report (topology, volume, area,
/// angles). Not installed.

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Surface_mesh.h>

#include <Eigen/Core>
#include <functional>

#include <nsdkit/mesh/stability_body_mesh.hpp>

namespace nsd::mesh::detail {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Point3 = Kernel::Point_3;
using SurfaceMesh = CGAL::Surface_mesh<Point3>;

/// A CGAL point as an Eigen vector and back.
inline Eigen::Vector3d toVec(const Point3& p) { return {p.x(), p.y(), p.z()}; }
inline Point3 toPoint(const Eigen::Vector3d& v) { return {v[0], v[1], v[2]}; }

/// The smallest angle of triangle (a, b, c) at a [deg].
double angleDeg(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c);

/// The smallest of the three angles of a triangle [deg].
double smallestAngleDeg(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                        const Eigen::Vector3d& c);

/// The smallest angle over all triangles [deg].
double minAngle(const TriangleMesh& mesh);

/// Counts, 2-manifold/closed/outward flags, volume and area with CGAL; fills `sm` when the
/// triangles form a polygon mesh.
void measureTopology(const TriangleMesh& mesh, StabilityBodyMeshReport& r, SurfaceMesh& sm);

/// Largest distance of `points` from the surface `sm` (CGAL AABB tree).
double maxDistanceToMesh(const SurfaceMesh& sm, const std::vector<Eigen::Vector3d>& points);

/// The distance of an implicit mesh from the predicate's boundary, measured with the predicate
/// alone (mesh_measures.cpp): max_face_distance (mesh -> boundary, from each centroid along its
/// normal, or to its nearest vertex; with `side_rays` > 0 that bound is tightened by
/// distanceByRays over that many directions) and hausdorff (the larger of it and boundary
/// samples on rays from o.interior_point against the mesh). `cell` scales the normal search
/// (two cells).
void measureAgainstPredicate(const std::function<bool(const Eigen::Vector3d&)>& inside,
                             const ImplicitMeshOptions& o, double cell, const TriangleMesh& mesh,
                             const SurfaceMesh& sm, StabilityBodyMeshReport& r, int side_rays = 0);

/// `count` unit directions spread evenly over the sphere (Fibonacci lattice).
std::vector<Eigen::Vector3d> sphereDirections(int count);

/// The distance of q from the boundary of {inside}, at most `bound` (a distance known to bound
/// it): the nearest change of the predicate over rays from q in `directions`, each marched in
/// quarter steps of the current bound and bisected to `tolerance`. An upper bound of the true
/// distance, at most 1/cos(delta) times it (delta: the largest angle from a direction to its
/// nearest neighbour, the boundary flat over that distance). Along a triangle's normal alone
/// the distance is overestimated beside thin wedges, where the nearest boundary lies sideways.
double distanceByRays(const std::function<bool(const Eigen::Vector3d&)>& inside,
                      const Eigen::Vector3d& q, double bound,
                      const std::vector<Eigen::Vector3d>& directions, double tolerance);

}  // namespace nsd::mesh::detail
