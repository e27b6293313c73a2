#pragma once
/// @file mesh_measures.hpp
/// Internal: CGAL types and the measures both mesh routes report (topology, volume, area,
/// angles). Not installed.

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Surface_mesh.h>

#include <Eigen/Core>

#include <nsdkit/mesh/body_mesh.hpp>

namespace nsd::mesh::detail {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Point3 = Kernel::Point_3;
using SurfaceMesh = CGAL::Surface_mesh<Point3>;

/// The smallest angle of triangle (a, b, c) at a [deg].
double angleDeg(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c);

/// The smallest of the three angles of a triangle [deg].
double smallestAngleDeg(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                        const Eigen::Vector3d& c);

/// The smallest angle over all triangles [deg].
double minAngle(const TriangleMesh& mesh);

/// Counts, 2-manifold/closed/outward flags, volume and area with CGAL; fills `sm` when the
/// triangles form a polygon mesh.
void measureTopology(const TriangleMesh& mesh, BodyMeshReport& r, SurfaceMesh& sm);

/// Largest distance of `points` from the surface `sm` (CGAL AABB tree).
double maxDistanceToMesh(const SurfaceMesh& sm, const std::vector<Eigen::Vector3d>& points);

}  // namespace nsd::mesh::detail
