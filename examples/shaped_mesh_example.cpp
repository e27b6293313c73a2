// The shaped implicit route: the axle's realizable set over (fz, ty, fx), a thin plate that the
// exact route refuses (its two-point-slip sheet folds over), meshed with shaped triangles and its
// sharp edges kept (nsdkit mesh --route shaped). Compared with the marching-tetrahedra route on
// the same body, and its volume checked against a seeded Monte Carlo estimate of the predicate.
// Writes the mesh as OFF (first argument, default axle_shaped.off).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/mesh/stability_body_mesh.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/region/monte_carlo.hpp>

#include "example_checks.hpp"

namespace {

void printReport(const char* name, const nsd::mesh::StabilityBodyMeshReport& r) {
  std::printf(
      "%s: %zu triangles, volume %.6g, relative Hausdorff %.2e, min angle %.2f deg (%.2f away "
      "from %d corners), %d sharp-edge mesh edges, %.2f s\n",
      name, r.faces, r.volume, r.hausdorff / r.diameter, r.min_angle_deg,
      r.min_angle_away_from_corners_deg, r.corners, r.sharp_edges, r.seconds);
}

/// The share of triangles whose smallest angle is below `degrees`.
double shareBelow(const nsd::mesh::TriangleMesh& m, double degrees) {
  std::size_t count = 0;
  for (const auto& t : m.triangles) {
    const auto at = [&](int k) { return m.vertices[static_cast<std::size_t>(t[static_cast<std::size_t>(k)])]; };
    const auto angle = [](const Eigen::Vector3d& p, const Eigen::Vector3d& q, const Eigen::Vector3d& s) {
      return std::acos(std::clamp((q - p).normalized().dot((s - p).normalized()), -1.0, 1.0));
    };
    const double smallest = std::min({angle(at(0), at(1), at(2)), angle(at(1), at(2), at(0)),
                                      angle(at(2), at(0), at(1))});
    if (smallest < nsd::degreesToRadians(degrees)) ++count;
  }
  return static_cast<double>(count) / static_cast<double>(m.triangles.size());
}

}  // namespace

int main(int argc, char** argv) {
  const std::string output = argc > 1 ? argv[1] : "axle_shaped.off";
  const nsd::body::BodyDescription body =
      nsd::body::readBodyFile(NSDKIT_BODIES_DIR "/axle_on_plane.json");
  const nsd::region::RealizableSet3 set = nsd::region::bodyRealizableSet(body, {"fz", "ty", "fx"});
  nsd::mesh::ShapedMeshOptions options;
  options.threads = 2;
  const nsd::mesh::StabilityBodyMesh shaped =
      nsd::mesh::meshRegionShaped(set.inside, set.piece, set.default_point, options);
  printReport("shaped route", shaped.report);
  const nsd::mesh::StabilityBodyMesh grid =
      nsd::mesh::meshRegionAround(set.inside, set.default_point, 24, 2);
  printReport("marching tetrahedra", grid.report);
  nsd::mesh::writeMesh(shaped.mesh, output, "off");

  // An independent volume: Monte Carlo of the predicate over the mesh's box widened by 2 % of
  // its size (seeded; 4e6 samples, standard error about 0.09 %).
  Eigen::Vector3d lower = Eigen::Vector3d::Constant(INFINITY), upper = -lower;
  for (const auto& v : shaped.mesh.vertices) {
    lower = lower.cwiseMin(v);
    upper = upper.cwiseMax(v);
  }
  const Eigen::Vector3d margin = Eigen::Vector3d::Constant(0.02 * shaped.report.diameter);
  const auto mc =
      nsd::region::monteCarloVolume(set.inside, lower - margin, upper + margin, 4'000'000, 1, 2);
  const double shaped_share = shareBelow(shaped.mesh, 20.0), grid_share = shareBelow(grid.mesh, 20.0);
  std::printf("Monte Carlo volume %.6g +- %.2g; triangles under 20 deg: shaped %.3f %%, marching "
              "tetrahedra %.1f %%\n",
              mc.volume, mc.standard_error, 100.0 * shaped_share, 100.0 * grid_share);

  // Checked (issue 33's figures): a closed outward 2-manifold with its sharp edges kept, from a
  // radial seed; within 1e-3 of its size from the boundary both ways (measured 6.7e-4, by the
  // predicate); its volume within 0.5 % of the Monte Carlo estimate (measured -0.09 %); no
  // triangle under 20 degrees but at held vertices (corners, kinks; measured 21.1), where
  // marching tetrahedra leave over a third of their triangles under 20 degrees.
  nsd_examples::Checks checks;
  checks.that("closed outward 2-manifold",
              shaped.report.closed && shaped.report.manifold && shaped.report.outward);
  checks.that("sharp edges kept", shaped.report.sharp_edges > 0 && shaped.report.corners > 0);
  checks.near("volume against Monte Carlo", shaped.report.volume, mc.volume, 5e-3);
  checks.that("radial seed", shaped.report.shaped && shaped.report.shaped->seed == "radial");
  checks.that("within 1e-3 of the size from the boundary",
              shaped.report.hausdorff <= 1e-3 * shaped.report.diameter);
  checks.that("20 degrees or more away from held vertices",
              shaped.report.min_angle_away_from_corners_deg >= 20.0);
  checks.that("under 0.1 % of the triangles below 20 degrees", shaped_share < 1e-3);
  checks.that("marching tetrahedra: over a third below 20 degrees", grid_share > 1.0 / 3.0);
  return checks.exitStatus();
}
