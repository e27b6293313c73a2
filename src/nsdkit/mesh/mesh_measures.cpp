#include <nsdkit/mesh/mesh_measures.hpp>

#include <CGAL/AABB_face_graph_triangle_primitive.h>
#include <CGAL/AABB_traits.h>
#include <CGAL/AABB_tree.h>
#include <CGAL/Polygon_mesh_processing/measure.h>
#include <CGAL/Polygon_mesh_processing/orientation.h>
#include <CGAL/Polygon_mesh_processing/polygon_soup_to_polygon_mesh.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/parallel.hpp>

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

void measureTopology(const TriangleMesh& mesh, StabilityBodyMeshReport& r, SurfaceMesh& sm) {
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

std::vector<Eigen::Vector3d> sphereDirections(int count) {
  std::vector<Eigen::Vector3d> out;
  const double golden = kPi * (3.0 - std::sqrt(5.0));
  for (int i = 0; i < count; ++i) {
    const double z = 1.0 - 2.0 * (i + 0.5) / count;
    const double ring = std::sqrt(std::max(0.0, 1.0 - z * z));
    out.emplace_back(ring * std::cos(golden * i), ring * std::sin(golden * i), z);
  }
  return out;
}

double distanceByRays(const std::function<bool(const Eigen::Vector3d&)>& inside,
                      const Eigen::Vector3d& q, double bound,
                      const std::vector<Eigen::Vector3d>& directions, double tolerance) {
  const bool in = inside(q);
  double best = bound;
  for (const Eigen::Vector3d& d : directions) {
    const double step = 0.25 * best;
    for (int k = 1; k <= 4; ++k) {
      if (inside(q + k * step * d) == in) continue;
      best = std::min(best, bisect([&](double s) { return inside(q + s * d) == in; },
                                   (k - 1) * step, k * step, tolerance)
                                .value);
      break;
    }
  }
  return best;
}

namespace {

// Boundary points for the boundary -> mesh side: on rays from the interior point, bisected between
// it and the box (which lies outside), along `boundary_samples` Fibonacci directions stretched
// to the box (even over the box's surface rather than in solid angle: the ends of an elongated
// set, a small solid angle seen from the interior point, get their share) and along as many
// through mesh vertices (every k-th: even over the mesh).
std::vector<Eigen::Vector3d> boundarySamples(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                             const ImplicitMeshOptions& o,
                                             const TriangleMesh& mesh) {
  const std::size_t samples = static_cast<std::size_t>(std::max(0, o.boundary_samples));
  std::vector<Eigen::Vector3d> directions;
  const double golden = kPi * (3.0 - std::sqrt(5.0));
  for (std::size_t i = 0; i < samples; ++i) {
    const double z = 1.0 - 2.0 * (static_cast<double>(i) + 0.5) / static_cast<double>(samples);
    const double ring = std::sqrt(std::max(0.0, 1.0 - z * z)),
                 angle = golden * static_cast<double>(i);
    // Stretched by the box's widths: about as many rays per unit of the box's surface as of the
    // sphere's, so an elongated set's ends are not seen through a few rays only.
    const Eigen::Vector3d on_sphere(ring * std::cos(angle), ring * std::sin(angle), z);
    directions.push_back(on_sphere.cwiseProduct(o.box_upper - o.box_lower).normalized());
  }
  const std::size_t stride =
      samples == 0 ? 0 : std::max<std::size_t>(1, mesh.vertices.size() / samples);
  for (std::size_t v = 0; stride > 0 && v < mesh.vertices.size(); v += stride) {
    const Eigen::Vector3d d = (mesh.vertices[v] - o.interior_point).normalized();
    if (d.allFinite()) directions.push_back(d);
  }
  std::vector<Eigen::Vector3d> boundary(directions.size());
  nsd::parallelFor(directions.size(), o.threads, [&](std::size_t i) {
    const Eigen::Vector3d& d = directions[i];
    // The ray leaves the box at the smallest positive t over the axes.
    double t_box = INFINITY;
    for (int k = 0; k < 3; ++k) {
      if (d[k] > 0) t_box = std::min(t_box, (o.box_upper[k] - o.interior_point[k]) / d[k]);
      if (d[k] < 0) t_box = std::min(t_box, (o.box_lower[k] - o.interior_point[k]) / d[k]);
    }
    const double t = bisect([&](double u) { return inside(o.interior_point + u * d); }, 0.0, t_box,
                            o.bisection_tolerance)
                         .value;
    boundary[i] = o.interior_point + t * d;
  });
  return boundary;
}

}  // namespace

// The distance of an implicit mesh from the predicate's boundary, measured with the predicate
// alone (there is no exact boundary to evaluate):
//  - mesh -> boundary: from each triangle's centroid, along its normal towards the other side
//    of the predicate, to the first change found by marching in steps of a quarter grid cell
//    over two cells and bisecting to the tolerance. Any crossing bounds the distance from
//    above, and so does the nearest vertex (on the boundary to the bisection tolerance).
//  - boundary -> mesh: boundary points on rays from the interior point (boundarySamples), at
//    their distance from the mesh (CGAL AABB tree). These are samples: a lower estimate of this
//    side.
// max_face_distance is the first side (with side rays: each triangle's bound tightened by
// distanceByRays, largest bounds first, until the next bound is below the largest distance
// found), hausdorff the larger of the two.
void measureAgainstPredicate(const std::function<bool(const Eigen::Vector3d&)>& inside,
                             const ImplicitMeshOptions& o, double cell, const TriangleMesh& mesh,
                             const SurfaceMesh& sm, StabilityBodyMeshReport& r, int side_rays) {
  const std::vector<Eigen::Vector3d> directions = sphereDirections(side_rays);
  const std::size_t count = mesh.triangles.size();
  std::vector<double> to_boundary(count, 0.0);
  nsd::parallelFor(count, o.threads, [&](std::size_t t) {
    const auto& tri = mesh.triangles[t];
    const Eigen::Vector3d a = mesh.vertices[static_cast<std::size_t>(tri[0])];
    const Eigen::Vector3d b = mesh.vertices[static_cast<std::size_t>(tri[1])];
    const Eigen::Vector3d c = mesh.vertices[static_cast<std::size_t>(tri[2])];
    const Eigen::Vector3d centroid = (a + b + c) / 3.0;
    const Eigen::Vector3d normal = (b - a).cross(c - a).normalized();  // outward
    const bool in = inside(centroid);
    const Eigen::Vector3d step = (in ? 1.0 : -1.0) * normal;
    double previous = 0.0, found = INFINITY;
    for (int k = 1; k <= 8; ++k) {
      const double s = 0.25 * cell * k;
      if (inside(centroid + s * step) != in) {
        found = bisect([&](double u) { return inside(centroid + u * step) == in; }, previous, s,
                       o.bisection_tolerance)
                    .value;
        break;
      }
      previous = s;
    }
    // The vertices lie on the boundary (to the bisection tolerance): the nearest one bounds the
    // distance too (and is the bound where the normal of a sliver grazes the boundary).
    const double nearest_vertex =
        std::min({(centroid - a).norm(), (centroid - b).norm(), (centroid - c).norm()}) +
        o.bisection_tolerance;
    to_boundary[t] = std::min(found, nearest_vertex);
  });
  r.max_face_distance = 0.0;
  if (side_rays > 0) {
    // The sideways search only tightens bounds: triangles in decreasing order of their bound
    // until the next bound is below the largest tightened distance (which then is the maximum).
    std::vector<std::size_t> order(count);
    for (std::size_t t = 0; t < count; ++t) order[t] = t;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return to_boundary[a] > to_boundary[b]; });
    for (std::size_t k = 0; k < count && to_boundary[order[k]] > r.max_face_distance; ++k) {
      const auto& tri = mesh.triangles[order[k]];
      const Eigen::Vector3d centroid = (mesh.vertices[static_cast<std::size_t>(tri[0])] +
                                        mesh.vertices[static_cast<std::size_t>(tri[1])] +
                                        mesh.vertices[static_cast<std::size_t>(tri[2])]) /
                                       3.0;
      r.max_face_distance =
          std::max(r.max_face_distance, distanceByRays(inside, centroid, to_boundary[order[k]],
                                                       directions, o.bisection_tolerance));
    }
  } else {
    for (double d : to_boundary) r.max_face_distance = std::max(r.max_face_distance, d);
  }
  r.hausdorff = r.max_face_distance;
  if (!o.interior_point.allFinite() || !inside(o.interior_point) || !r.closed) return;
  const std::vector<Eigen::Vector3d> boundary = boundarySamples(inside, o, mesh);
  r.hausdorff = std::max(r.hausdorff, maxDistanceToMesh(sm, boundary));
}

}  // namespace nsd::mesh::detail
