// The radial seed of a star-shaped set (star_seed.hpp).
#include <nsdkit/mesh/star_seed.hpp>

#include <Eigen/Geometry>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>

#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/parallel.hpp>

namespace nsd::mesh::detail {

using Vec = Eigen::Vector3d;

TriangleMesh subdivideOnUnitSphere(TriangleMesh m, int rounds) {
  for (int r = 0; r < rounds; ++r) {
    std::map<std::pair<int, int>, int> middle;
    const auto mid = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      const auto found = middle.find(key);
      if (found != middle.end()) return found->second;
      m.vertices.push_back((m.vertices[static_cast<std::size_t>(a)] +
                            m.vertices[static_cast<std::size_t>(b)])
                               .normalized());
      return middle[key] = static_cast<int>(m.vertices.size()) - 1;
    };
    std::vector<std::array<int, 3>> finer;
    for (const auto& t : m.triangles) {
      const int ab = mid(t[0], t[1]), bc = mid(t[1], t[2]), ca = mid(t[2], t[0]);
      finer.push_back({t[0], ab, ca});
      finer.push_back({t[1], bc, ab});
      finer.push_back({t[2], ca, bc});
      finer.push_back({ab, bc, ca});
    }
    m.triangles = std::move(finer);
  }
  m.face_of_triangle.assign(m.triangles.size(), -1);
  return m;
}

TriangleMesh unitIcosphere(int rounds) {
  const double g = (1.0 + std::sqrt(5.0)) / 2.0;
  TriangleMesh m;
  for (const auto& v : {Vec(-1, g, 0), Vec(1, g, 0), Vec(-1, -g, 0), Vec(1, -g, 0), Vec(0, -1, g),
                        Vec(0, 1, g), Vec(0, -1, -g), Vec(0, 1, -g), Vec(g, 0, -1), Vec(g, 0, 1),
                        Vec(-g, 0, -1), Vec(-g, 0, 1)}) {
    m.vertices.push_back(v.normalized());
  }
  m.triangles = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                 {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                 {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                 {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
  return subdivideOnUnitSphere(std::move(m), rounds);
}

std::optional<Vec> RayFan::exit(const std::function<bool(const Vec&)>& inside, const Vec& p,
                                bool star_check) const {
  const Vec d = p - centre;
  // The ray's exit from the box: the smallest positive t where a coordinate reaches its bound.
  double box_t = INFINITY;
  for (int k = 0; k < 3; ++k) {
    if (d[k] > 0.0) box_t = std::min(box_t, (box_upper[k] - centre[k]) / d[k]);
    if (d[k] < 0.0) box_t = std::min(box_t, (box_lower[k] - centre[k]) / d[k]);
  }
  if (!std::isfinite(box_t) || !(box_t > 0.0)) return std::nullopt;
  const double scale = d.norm();
  const BisectionResult r = bisect([&](double t) { return inside(centre + t * d); }, 0.0, box_t,
                                   tolerance / scale);
  const double t = r.last_true;
  if (star_check) {
    for (const double f : {0.25, 0.5, 0.75}) {
      if (!inside(centre + f * t * d)) return std::nullopt;
    }
    for (const double f : {0.25, 0.5, 0.75}) {
      if (inside(centre + (r.last_false + f * (box_t - r.last_false)) * d)) return std::nullopt;
    }
  }
  return Vec(centre + t * d);
}

std::optional<TriangleMesh> starShapedSeed(const std::function<bool(const Vec&)>& inside,
                                           const RayFan& fan, int subdivisions, unsigned threads) {
  TriangleMesh mesh = unitIcosphere(subdivisions);
  const Vec half = 0.5 * (fan.box_upper - fan.box_lower);
  std::atomic<bool> star{true};
  nsd::parallelFor(mesh.vertices.size(), threads, [&](std::size_t v) {
    const auto q = fan.exit(inside, fan.centre + Vec(mesh.vertices[v].cwiseProduct(half)), true);
    if (q) {
      mesh.vertices[v] = *q;
    } else {
      star = false;
    }
  });
  if (!star) return std::nullopt;
  // Outward: the icosahedron's triangles turn counter-clockwise seen from outside; a box
  // stretched by a negative factor cannot occur, but the signed volume decides.
  double volume6 = 0.0;
  for (const auto& t : mesh.triangles) {
    volume6 += (mesh.vertices[static_cast<std::size_t>(t[0])] - fan.centre)
                   .dot((mesh.vertices[static_cast<std::size_t>(t[1])] - fan.centre)
                            .cross(mesh.vertices[static_cast<std::size_t>(t[2])] - fan.centre));
  }
  if (volume6 < 0.0) {
    for (auto& t : mesh.triangles) std::swap(t[1], t[2]);
  }
  return mesh;
}

}  // namespace nsd::mesh::detail
