// The C++ quick start (docs/getting_started.md): a body from a file, loads classified, a section
// swept, a mesh written. Usage: quickstart [BODY_FILE] (default: the paper's ball in its trough,
// from the checkout's root); writes ball_mz.csv and ball.off into the current folder.
//
// Checked against the paper's closed form (exit status 1 when a check fails): along the torque
// axis m_z (m_x = m_y = 0), rolling is realizable up to m_z3 = 2 mu / (1 + mu^2), eq. (90), which
// is also the top of the stability body.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/mesh/stability_body_mesh.hpp>
#include <nsdkit/region/body_predicate.hpp>

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "examples/bodies/ball_trough.json";
  const nsd::body::BodyDescription ball = nsd::body::readBodyFile(path);
  const double mu = 0.3;                              // ball_trough.json, both walls
  const double m_z3 = 2.0 * mu / (1.0 + mu * mu);     // eq. (90)

  // 1. Two loads classified (Def 11): the dimensionless torques (0, 0, m_z), eq. (79).
  const nsd::body::ParameterBinding binding = nsd::body::bindParameters(ball, {"mx", "my", "mz"});
  const nsd::body::BodyVerdict below = nsd::body::classify(ball, binding, {0.0, 0.0, 0.5});
  const nsd::body::BodyVerdict above = nsd::body::classify(ball, binding, {0.0, 0.0, 0.6});
  std::printf("m_z = 0.5: realizable %d; m_z = 0.6: realizable %d, escapes %s\n",
              below.realizable, above.realizable, above.escapeLabel().c_str());

  // 2. A section: m_z from 0 to 1 (m_x = m_y = 0), its boundary bisected to 1e-9, as CSV.
  const std::vector<std::string> names = {"mz", "mx", "my"};
  nsd::region::SweepOptions options;
  options.refine_tolerance = 1e-9;
  const nsd::region::SweepResult section = nsd::region::sweep(
      {{"mz", 0.0, 1.0, 11}}, {{"mx", 0.0}, {"my", 0.0}}, nsd::region::bodyPredicate(ball, names),
      options);
  std::ofstream csv("ball_mz.csv");
  nsd::region::writeCsv(csv, section, nsd::region::bodyMetadata(ball, names));
  const double limit = section.boundary.size() == 1 ? section.boundary[0].values[0] : NAN;
  std::printf("realizable up to m_z = %.9f (eq. (90): %.9f)\n", limit, m_z3);

  // 3. A mesh of the realizable set over (m_x, m_y, m_z), by marching tetrahedra on 16 cells per
  // axis around the unloaded ball, written as OFF.
  const nsd::region::RealizableSet3 set = nsd::region::bodyRealizableSet(ball, {"mx", "my", "mz"});
  const nsd::mesh::StabilityBodyMesh mesh =
      nsd::mesh::meshRegionAround(set.inside, set.default_point, 16, 2);
  nsd::mesh::writeMesh(mesh.mesh, "ball.off", "off");
  double top = -INFINITY;
  for (const Eigen::Vector3d& vertex : mesh.mesh.vertices) top = std::max(top, vertex.z());
  std::printf("ball.off: %zu triangles, volume %.4f, highest m_z %.6f\n", mesh.report.faces,
              mesh.report.volume, top);

  // The mesh's vertices are bisected onto the boundary (1e-6) along grid edges, so its top lies
  // within a grid cell (2 % of the height here) below m_z3 and never above it.
  const bool ok = below.realizable && !above.realizable && std::fabs(limit - m_z3) < 1e-8 &&
                  mesh.report.closed && mesh.report.manifold && mesh.report.outward &&
                  top <= m_z3 + 1e-6 && top >= 0.98 * m_z3;
  if (!ok) std::fprintf(stderr, "quickstart: a result differs from eq. (90)\n");
  return ok ? 0 : 1;
}
