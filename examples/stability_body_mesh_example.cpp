// Stability-body meshes by the exact route: the ball in a 60 degree trough with unequal friction
// (mu+ 0.3, mu- 0.5), whose faces are found from the dynamics (two-point-slip sheets over
// rectangles of slip angles and four RS/SR planes), and a body file's realizable set over three
// of its torques. Writes the trough's mesh as PLY (first argument, default trough60.ply).
#include <cstdio>
#include <string>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/jobs/ball_trough_job.hpp>
#include <nsdkit/mesh/stability_body_mesh.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/stability_body/stability_faces.hpp>

#include "example_checks.hpp"

namespace {

void printReport(const char* name, const nsd::mesh::StabilityBodyMeshReport& r) {
  std::printf(
      "%s: %zu triangles, volume %.6f (exact %.6f), relative Hausdorff %.2e, min angle %.1f deg "
      "away from the %d corners, %d sharp edges, %d Def-11 checks, %.2f s\n",
      name, r.faces, r.volume, r.exactVolume(), r.hausdorff / r.diameter,
      r.min_angle_away_from_corners_deg, r.corners, r.sharp_edges,
      r.exact ? r.exact->def11_checks : 0, r.seconds);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string output = argc > 1 ? argv[1] : "trough60.ply";
  nsd::models::BallTroughParameters p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  p.mu_minus = 0.5;
  p.opening_angle_rad = nsd::degreesToRadians(60.0);

  // The faces themselves: the planes and the rectangles of slip angles of the two sheets.
  const nsd::mesh::TwoContactFamily family = [p](const Eigen::Vector3d& m) {
    return nsd::contact::TwoContactDynamics(nsd::models::makeTwoContactBody(p, m));
  };
  const nsd::mesh::StabilityBodyFaces faces = nsd::mesh::stabilityBodyFaces(family);
  for (const auto& plane : faces.planes) {
    std::printf("plane %-24s n = (%+.4f, %+.4f, %+.4f), offset %.4f\n", plane.condition.c_str(),
                plane.outward_normal[0], plane.outward_normal[1], plane.outward_normal[2],
                plane.offset);
  }
  for (const auto& face : faces.curved) {
    const auto& r = face.angles;
    std::printf("two-point-slip sheet %d over theta+ in [%.4f, %.4f], theta- in [%.4f, %.4f] rad\n",
                face.sheet, r.plus_lower, r.plus_upper, r.minus_lower, r.minus_upper);
  }

  const nsd::mesh::StabilityBodyMesh trough = nsd::jobs::meshBallTroughStabilityBody(p);
  printReport("60 degree trough", trough.report);
  nsd::mesh::writeMesh(trough.mesh, output, "ply");

  // A body file over its torques: --route auto's choice, with the reason if not exact.
  const nsd::body::BodyDescription body =
      nsd::body::readBodyFile(NSDKIT_BODIES_DIR "/ball_inclined_trough.json");
  const nsd::region::RealizableSet3 set = nsd::region::bodyRealizableSet(body, {"mx", "my", "mz"});
  const nsd::mesh::RealizableSetMesh inclined = nsd::mesh::meshRealizableSet(
      set.inside, set.default_point, set.two_contact_dynamics, nsd::mesh::MeshRoute::kAuto);
  printReport(("ball_inclined_trough.json (" + nsd::mesh::toString(inclined.route) + ")").c_str(),
              inclined.stability_body.report);
  // Checked: both meshes closed, the body file on the exact route, and each mesh's volume (its
  // divergence-theorem sum) within 0.2 % of the exact volume of its faces (the meshing tolerance
  // 5e-4 of the diameter moves the surface by far less).
  nsd_examples::Checks checks;
  checks.that("trough mesh closed", trough.report.closed && trough.report.manifold);
  checks.near("trough mesh volume", trough.report.volume, trough.report.exactVolume(), 2e-3);
  checks.that("body file meshed on the exact route",
              inclined.route == nsd::mesh::MeshRoute::kExact);
  checks.near("body file mesh volume", inclined.stability_body.report.volume,
              inclined.stability_body.report.exactVolume(), 2e-3);
  checks.that("six faces: two sheets and four planes", faces.planes.size() == 4);
  return checks.exitStatus();
}
