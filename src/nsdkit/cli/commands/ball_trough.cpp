// nsdkit ball_trough
#include <nsdkit/cli/commands/commands.hpp>

#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include <nsdkit/cli/csv.hpp>
#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/mesh/body_mesh.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/models/ball_trough_analysis.hpp>
#include <nsdkit/region/region.hpp>

namespace nsd::cli {
namespace {

using nsd::parallelFor;
using nsd::models::BallTroughParameters;

// The ball-trough sweep of the main job's cross-sections.
nsd::region::SweepResult runSweep(const TroughOptions& o,
                                  const std::vector<nsd::region::Axis>& axes,
                                  const nsd::region::ParameterPoint& fixed, double refine,
                                  unsigned threads, bool quiet) {
  nsd::region::SweepOptions so;
  so.threads = threads;
  so.refine_tolerance = refine;
  so.progress = progressBar(quiet);
  return nsd::region::sweep(axes, fixed, nsd::cli::troughPredicate(o, axes), so);
}

/// The closed forms of Sect. 6 and their generic (Def 11) counterparts.
struct SpecialFigures {
  nsd::models::SpecialValues closed_form;
  nsd::BisectionResult mz1, mz2, mz3;
  nsd::models::MaxAccelerationResult max_acceleration;
};

SpecialFigures computeSpecialFigures(const BallTroughParameters& p) {
  SpecialFigures f{nsd::models::specialValues(p.mu()), nsd::models::numericalMz1(p, 1e-6, 100),
                   nsd::models::numericalMz2(p, 1e-6, 100), nsd::models::numericalMz3(p, 1e-9),
                   nsd::models::numericalMaxAcceleration(p, 0.0, 1e-10)};
  return f;
}

void printSpecialFigures(const BallTroughParameters& p, const SpecialFigures& f) {
  const auto& sv = f.closed_form;
  std::cout << "special values (90): closed form  | generic route (bisection on Def 11)\n"
            << "  m_z1 = " << sv.m_z1 << " | " << f.mz1.value << " +- " << f.mz1.bracket_width
            << '\n'
            << "  m_z2 = " << sv.m_z2 << " | " << f.mz2.value << " +- " << f.mz2.bracket_width
            << '\n'
            << "  m_z3 = " << sv.m_z3 << " | " << f.mz3.value << " +- " << f.mz3.bracket_width
            << '\n'
            << "max realizable acceleration (91): sqrt2 mu g = "
            << nsd::models::maxRealizableAcceleration(p) << " m/s^2 | generic "
            << f.max_acceleration.acceleration << " m/s^2 at m = ("
            << f.max_acceleration.torque.transpose() << ")\n"
            << "tetrahedron volume (16/3) mu^2 (1+2j) = " << nsd::models::tetrahedronVolume(p)
            << '\n';
}

/// Classification of a grid of torques over the tetrahedron's bounding box, printed and written.
nsd::models::TorqueGridClassification writeGridClassification(const BallTroughParameters& p,
                                                              const std::string& dir, int grid,
                                                              unsigned threads) {
  nsd::models::TorqueGridClassification g = nsd::models::classifyTorqueGrid(p, grid, threads);
  const auto& points = g.torques;
  std::cout << "grid of " << points.size() << " torques (" << grid
            << "^3, |m_x|,|m_y| <= " << g.half_width_xy << ", |m_z| <= " << g.half_width_z
            << ") classified in " << g.seconds << " s:\n";
  for (const auto& [label, count] : g.counts) std::cout << "  " << label << ": " << count << '\n';
  writeFileAtomically(dir + "/grid_classification.csv", [&](std::ostream& out) {
    out << "mx,my,mz,realizable,escapes\n";
    for (std::size_t i = 0; i < points.size(); ++i) {
      out << number(points[i][0]) << ',' << number(points[i][1]) << ',' << number(points[i][2])
          << ',' << (g.realizable[i] ? 1 : 0) << ',' << g.escapes[i] << '\n';
    }
  });
  return g;
}

/// The two-point slip surface (88) sampled over both parameter squares.
void writeSlipSurface(const BallTroughParameters& p, const std::string& dir) {
  const double mu = p.mu(), j = p.inertia_ratio;
  writeFileAtomically(dir + "/two_point_slip_surface.csv", [&](std::ostream& out) {
    out << "phi_plus,phi_minus,mx,my,mz\n";
    for (int a = 0; a <= 60; ++a)
      for (int b = 0; b <= 60; ++b) {
        for (double base : {0.0, nsd::kPi}) {
          const double pp = base + nsd::kPi * a / 60, qq = base + nsd::kPi * b / 60;
          const Eigen::Vector3d s = nsd::models::twoPointSlipSurface(mu, j, pp, qq);
          out << number(pp) << ',' << number(qq) << ',' << number(s[0]) << ',' << number(s[1])
              << ',' << number(s[2]) << '\n';
        }
      }
  });
}

/// Cross-sections at the special heights (90), labelled by escape mode, with refined boundary.
void writeSections(const TroughOptions& o, const BallTroughParameters& p,
                   const nsd::models::SpecialValues& sv, const std::string& dir, unsigned threads) {
  const double mu = p.mu(), j = p.inertia_ratio;
  const std::vector<std::pair<std::string, double>> sections{
      {"0", 0.0}, {"mz1", sv.m_z1}, {"mz2", sv.m_z2}, {"0.97mz3", 0.97 * sv.m_z3}};
  for (const auto& [name, mz] : sections) {
    const double half = 1.1 * mu * (1 + 2 * j) * 2.0;
    const std::vector<nsd::region::Axis> axes{{"mx", -half, half, 101}, {"my", -half, half, 101}};
    const auto result = runSweep(o, axes, {{"mz", mz}}, 1e-6, threads, true);
    writeFileAtomically(dir + "/section_" + name + ".csv", [&](std::ostream& out) {
      nsd::region::writeCsv(out, result, troughMetadata(o));
    });
  }
  std::cout << "cross-sections at m_z = 0, m_z1, m_z2, 0.97 m_z3 written (section_*.csv)\n";
}

/// The stability body meshed from its closed forms (exact sharp edges), for Fig. 11: every
/// triangle with the condition that bounds it there.
nsd::mesh::BodyMesh writeStabilityBody(const BallTroughParameters& p, const std::string& dir) {
  nsd::mesh::BodyMesh body = nsd::mesh::meshBallTroughBody(p);
  const nsd::mesh::BodyMeshReport& br = body.report;
  // The bounding condition (SS: the sheets of (88), RS: planes (82), SR: planes (83)) and the
  // face (0, 1 the sheets, 2..5 the planes).
  writeFileAtomically(dir + "/stability_body_triangles.csv",
                      [&](std::ostream& out) { writeTriangleConditionsCsv(body.mesh, out); });
  nsd::mesh::writeMesh(body.mesh, dir + "/stability_body.ply", "ply");
  std::cout << "stability body mesh: " << br.vertices << " vertices, " << br.faces
            << " triangles, volume " << br.volume << " (exact " << br.exact_volume
            << "), relative Hausdorff " << br.hausdorff / br.diameter << ", min angle "
            << br.min_angle_deg << " deg\n";
  return body;
}

void writeSummary(const BallTroughParameters& p, const SpecialFigures& f,
                  const nsd::models::EdgeExtent& edge,
                  const nsd::models::TorqueGridClassification& g, int grid,
                  const nsd::mesh::BodyMeshReport& br, const std::string& dir) {
  const auto& sv = f.closed_form;
  const nlohmann::json summary = {
      {"mu", p.mu()},
      {"inertia_ratio", p.inertia_ratio},
      {"special_values_closed_form", {{"m_z1", sv.m_z1}, {"m_z2", sv.m_z2}, {"m_z3", sv.m_z3}}},
      {"special_values_generic",
       {{"m_z1", f.mz1.value},
        {"m_z2", f.mz2.value},
        {"m_z3", f.mz3.value},
        {"bracket_widths", {f.mz1.bracket_width, f.mz2.bracket_width, f.mz3.bracket_width}}}},
      {"max_acceleration_closed_form_m_s2", nsd::models::maxRealizableAcceleration(p)},
      {"max_acceleration_generic_m_s2", f.max_acceleration.acceleration},
      {"max_acceleration_edge_mz", {edge.lower.last_true, edge.upper.last_true}},
      {"tetrahedron_volume", nsd::models::tetrahedronVolume(p)},
      {"grid", {{"size", grid}, {"points", g.torques.size()}, {"seconds", g.seconds}}},
      {"grid_counts", g.counts},
      {"mesh",
       {{"vertices", br.vertices},
        {"triangles", br.faces},
        {"volume", br.volume},
        {"exact_volume", br.exact_volume},
        {"relative_hausdorff", br.hausdorff / br.diameter},
        {"min_angle_deg", br.min_angle_deg}}}};
  writeFileAtomically(dir + "/summary.json",
                      [&](std::ostream& out) { out << summary.dump(2) << '\n'; });
}

int runBallTrough(const TroughOptions& o, const std::string& dir, int grid, unsigned threads) {
  const BallTroughParameters p = troughParameters(o);
  if (!p.closedFormApplies()) {
    throw nsd::InvalidInput(
        "the ball-trough analysis compares with the paper's closed forms: "
        "use a 90 degree trough and mu+ = mu- (classify handles the rest)");
  }
  if (grid < 2 || grid > 400) throw nsd::InvalidInput("--grid must be in [2, 400]");
  if (!(p.mu() < 1.0)) {
    throw nsd::InvalidInput(
        "the ball-trough analysis needs mu < 1: only there are the special values (90) ordered "
        "m_z1 < m_z2 < m_z3 and the normal forces (86) positive (classify and region take any mu)");
  }
  std::filesystem::create_directories(dir);
  std::cout.precision(10);
  std::cout << "nsdkit ball-in-trough analysis (two-point-contact paper, Sect. 6)\n"
            << "  mu = " << p.mu() << ", j = " << p.inertia_ratio << ", m = " << p.mass_kg
            << " kg, r = " << p.radius_m << " m, g = " << p.gravity_m_s2 << " m/s^2\n";
  const SpecialFigures figures = computeSpecialFigures(p);
  printSpecialFigures(p, figures);
  const nsd::models::TorqueGridClassification g = writeGridClassification(p, dir, grid, threads);
  writeSlipSurface(p, dir);
  // Realizable extent of the red edge of Fig. 11 (the edge of maximum acceleration (91)).
  const nsd::models::EdgeExtent edge = nsd::models::maxAccelerationEdgeExtent(p);
  std::cout << "edge of maximum acceleration realizable for m_z in [" << edge.lower.last_true
            << ", " << edge.upper.last_true << "]\n";
  writeSections(o, p, figures.closed_form, dir, threads);
  const nsd::mesh::BodyMesh body = writeStabilityBody(p, dir);
  writeSummary(p, figures, edge, g, grid, body.report, dir);
  // Fig. 11 as an interactive 3-D page (triangles by condition, special points, red edge).
  const bool page =
      writeHtmlPage("body", {dir + "/stability_body_triangles.csv", dir + "/stability_body.html"},
                    {"--summary=" + std::filesystem::absolute(dir + "/summary.json").string()});
  std::cout << "outputs written to " << dir << "/ (summary.json, grid_classification.csv, "
            << "two_point_slip_surface.csv, section_*.csv, stability_body.ply, "
            << "stability_body_triangles.csv" << (page ? ", stability_body.html" : "") << ")\n";
  return 0;
}

}  // namespace

Command addBallTroughCommand(CLI::App& app, unsigned default_threads) {
  struct Options {
    TroughOptions trough;
    std::string dir = "out/ball_trough";
    int grid = 21;
    unsigned threads = 1;
  };
  auto o = std::make_shared<Options>();
  o->threads = default_threads;
  CLI::App* c = app.add_subcommand("ball-trough", "the paper's ball-in-trough analysis end to end");
  addTroughOptions(c, o->trough);
  c->add_option("--output-dir", o->dir, "folder for the outputs");
  c->add_option("--grid", o->grid, "grid points per axis of the torque grid");
  c->add_option("--threads", o->threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, kMaxThreads));
  return {c, [o] { return runBallTrough(o->trough, o->dir, o->grid, o->threads); }};
}
}  // namespace nsd::cli
