#include <nsdkit/mesh/mesh_measures.hpp>

#include <CGAL/AABB_face_graph_triangle_primitive.h>
#include <CGAL/AABB_traits.h>
#include <CGAL/AABB_tree.h>
#include <CGAL/Polygon_mesh_processing/measure.h>
#include <CGAL/Polygon_mesh_processing/orientation.h>
#include <CGAL/Polygon_mesh_processing/polygon_soup_to_polygon_mesh.h>

#include <algorithm>
#include <cmath>

#include <nsdkit/core/angles.hpp>

namespace nsd::mesh::detail {

namespace PMP = CGAL::Polygon_mesh_processing;

double angleDeg(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c) {
  const Eigen::Vector3d u = b - a, v = c - a;
  const double lengths = u.norm() * v.norm();
  if (lengths == 0.0) return 0.0;  // a collapsed triangle: its smallest angle is 0
  const double cosine = u.dot(v) / lengths;
  if (std::isnan(cosine)) return cosine;  // non-finite vertices: NaN, never skipped by min
  return radiansToDegrees(std::acos(std::clamp(cosine, -1.0, 1.0)));
}

double smallestAngleDeg(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                        const Eigen::Vector3d& c) {
  const double angles[3] = {angleDeg(a, b, c), angleDeg(b, c, a), angleDeg(c, a, b)};
  for (const double angle : angles) {
    if (std::isnan(angle)) return angle;
  }
  return std::min({angles[0], angles[1], angles[2]});
}

double minAngle(const TriangleMesh& mesh) {
  double worst = 180.0;
  for (const auto& t : mesh.triangles) {
    const double angle = smallestAngleDeg(mesh.vertices[static_cast<std::size_t>(t[0])],
                                          mesh.vertices[static_cast<std::size_t>(t[1])],
                                          mesh.vertices[static_cast<std::size_t>(t[2])]);
    if (std::isnan(angle)) return angle;  // std::min would skip it
    worst = std::min(worst, angle);
  }
  return worst;
}

void measureTopology(const TriangleMesh& mesh, BodyMeshReport& r, SurfaceMesh& sm) {
  r.vertices = mesh.vertices.size();
  r.faces = mesh.triangles.size();
  std::vector<Point3> points;
  for (const auto& v : mesh.vertices) points.emplace_back(v[0], v[1], v[2]);
  std::vector<std::vector<std::size_t>> polygons;
  for (const auto& t : mesh.triangles) {
    polygons.push_back({static_cast<std::size_t>(t[0]), static_cast<std::size_t>(t[1]),
                        static_cast<std::size_t>(t[2])});
  }
  r.manifold = PMP::is_polygon_soup_a_polygon_mesh(polygons);
  if (r.manifold) {
    PMP::polygon_soup_to_polygon_mesh(points, polygons, sm);
    r.closed = CGAL::is_closed(sm);
    if (r.closed) {
      r.outward = PMP::is_outward_oriented(sm);
      r.volume = PMP::volume(sm);
    }
    r.area = PMP::area(sm);
  }
}

double maxDistanceToMesh(const SurfaceMesh& sm, const std::vector<Eigen::Vector3d>& points) {
  using Primitive = CGAL::AABB_face_graph_triangle_primitive<SurfaceMesh>;
  using Tree = CGAL::AABB_tree<CGAL::AABB_traits<Kernel, Primitive>>;
  Tree tree(faces(sm).first, faces(sm).second, sm);
  tree.accelerate_distance_queries();
  double worst = 0.0;
  for (const auto& q : points) {
    worst = std::max(worst,
                     std::sqrt(CGAL::to_double(tree.squared_distance(Point3(q[0], q[1], q[2])))));
  }
  return worst;
}

}  // namespace nsd::mesh::detail
