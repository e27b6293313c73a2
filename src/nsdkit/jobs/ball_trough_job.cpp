#include <nsdkit/jobs/ball_trough_job.hpp>

#include <filesystem>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/region/ball_trough_predicate.hpp>

namespace nsd::jobs {
namespace {

// The closed forms of Sect. 6 and their generic (Def 11) counterparts.
SpecialFigures computeSpecialFigures(const models::BallTroughParameters& p) {
  return {models::specialValues(p.mu()), models::numericalMz1(p, 1e-6, 100),
          models::numericalMz2(p, 1e-6, 100), models::numericalMz3(p, 1e-9),
          models::numericalMaxAcceleration(p, 0.0, 1e-10)};
}

// The two-point slip surface (88) on 61 x 61 angles over both parameter squares.
std::vector<SlipSurfaceSample> sampleSlipSurface(const models::BallTroughParameters& p) {
  const double mu = p.mu(), j = p.inertia_ratio;
  std::vector<SlipSurfaceSample> samples;
  for (int a = 0; a <= 60; ++a) {
    for (int b = 0; b <= 60; ++b) {
      for (double base : {0.0, kPi}) {
        const double phi_plus = base + kPi * a / 60, phi_minus = base + kPi * b / 60;
        samples.push_back(
            {phi_plus, phi_minus, models::twoPointSlipSurface(mu, j, phi_plus, phi_minus)});
      }
    }
  }
  return samples;
}

// Cross-sections at the special heights (90), labelled by escape mode, with refined boundary.
std::vector<TroughSection> sweepSections(const BallTroughJobOptions& o,
                                         const models::BallTroughParameters& p,
                                         const models::SpecialValues& sv) {
  const double half = 1.1 * p.mu() * (1 + 2 * p.inertia_ratio) * 2.0;
  const std::vector<region::Axis> axes{{"mx", -half, half, 101}, {"my", -half, half, 101}};
  region::SweepOptions so;
  so.threads = o.threads;
  so.refine_tolerance = 1e-6;
  std::vector<TroughSection> sections{
      {"0", 0.0, {}}, {"mz1", sv.m_z1, {}}, {"mz2", sv.m_z2, {}}, {"0.97mz3", 0.97 * sv.m_z3, {}}};
  for (TroughSection& s : sections) {
    s.sweep = region::sweep(axes, {{"mz", s.mz}}, troughPredicate(o.trough, axes), so);
  }
  return sections;
}

}  // namespace

nlohmann::json ballTroughJobSummary(const BallTroughJobResult& r) {
  const models::BallTroughParameters& p = r.parameters;
  const SpecialFigures& f = r.special;
  const models::SpecialValues& sv = f.closed_form;
  const mesh::StabilityBodyMeshReport& br = r.stability_body.report;
  const models::TorqueGridClassification& g = r.grid_classification;
  return {{"mu", p.mu()},
          {"inertia_ratio", p.inertia_ratio},
          {"special_values_closed_form", {{"m_z1", sv.m_z1}, {"m_z2", sv.m_z2}, {"m_z3", sv.m_z3}}},
          {"special_values_generic",
           {{"m_z1", f.mz1.value},
            {"m_z2", f.mz2.value},
            {"m_z3", f.mz3.value},
            {"bracket_widths", {f.mz1.bracket_width, f.mz2.bracket_width, f.mz3.bracket_width}}}},
          {"max_acceleration_closed_form_m_s2", models::maxRealizableAcceleration(p)},
          {"max_acceleration_generic_m_s2", f.max_acceleration.acceleration},
          {"max_acceleration_edge_mz",
           {r.max_acceleration_edge.lower.last_true, r.max_acceleration_edge.upper.last_true}},
          {"tetrahedron_volume", models::tetrahedronVolume(p)},
          {"grid", {{"size", r.grid}, {"points", g.torques.size()}, {"seconds", g.seconds}}},
          {"grid_counts", g.counts},
          {"mesh",
           {{"vertices", br.vertices},
            {"triangles", br.faces},
            {"volume", br.volume},
            {"exact_volume", br.exactVolume()},
            {"relative_hausdorff", br.hausdorff / br.diameter},
            {"min_angle_deg", br.min_angle_deg}}}};
}

namespace {

void writeGridCsv(const models::TorqueGridClassification& g, std::ostream& out) {
  out << "mx,my,mz,realizable,escapes\n";
  for (std::size_t i = 0; i < g.torques.size(); ++i) {
    const Eigen::Vector3d& m = g.torques[i];
    out << formatValue(m[0]) << ',' << formatValue(m[1]) << ',' << formatValue(m[2]) << ','
        << (g.realizable[i] ? 1 : 0) << ',' << contact::verdictLabel(false, g.failing_modes[i])
        << '\n';
  }
}

void writeSlipSurfaceCsv(const std::vector<SlipSurfaceSample>& samples, std::ostream& out) {
  out << "phi_plus,phi_minus,mx,my,mz\n";
  for (const SlipSurfaceSample& s : samples) {
    out << formatValue(s.phi_plus) << ',' << formatValue(s.phi_minus) << ','
        << formatValue(s.torque[0]) << ',' << formatValue(s.torque[1]) << ','
        << formatValue(s.torque[2]) << '\n';
  }
}

}  // namespace

models::BallTroughParameters checkBallTroughJob(const BallTroughJobOptions& o) {
  const models::BallTroughParameters p = troughParameters(o.trough);
  if (!p.closedFormApplies()) {
    throw InvalidInput(
        "the ball-trough analysis compares with the paper's closed forms: "
        "use a 90 degree trough and mu+ = mu- (classify handles the rest)");
  }
  if (o.grid < 2 || o.grid > 400) throw InvalidInput("--grid must be in [2, 400]");
  if (!(p.mu() < 1.0)) {
    throw InvalidInput(
        "the ball-trough analysis needs mu < 1: only there are the special values (90) ordered "
        "m_z1 < m_z2 < m_z3 and the normal forces (86) positive (classify and region take any mu)");
  }
  if (o.threads < 1) throw InvalidInput("--threads must be at least 1");
  return p;
}

BallTroughJobResult runBallTroughJob(const BallTroughJobOptions& o) {
  BallTroughJobResult r;
  r.parameters = checkBallTroughJob(o);
  const models::BallTroughParameters& p = r.parameters;
  r.metadata = troughMetadata(o.trough);
  r.grid = o.grid;
  r.special = computeSpecialFigures(p);
  r.grid_classification = models::classifyTorqueGrid(p, o.grid, o.threads);
  r.slip_surface = sampleSlipSurface(p);
  r.max_acceleration_edge = models::maxAccelerationEdgeExtent(p);
  r.sections = sweepSections(o, p, r.special.closed_form);
  r.stability_body = meshBallTroughStabilityBody(p);
  return r;
}

std::vector<std::string> writeBallTroughJobFiles(const BallTroughJobResult& r,
                                                 const std::string& dir,
                                                 const HtmlPageWriter& page) {
  std::filesystem::create_directories(dir);
  const std::string folder = dir + "/";
  std::vector<std::string> written;
  const auto write = [&](const std::string& name, const std::function<void(std::ostream&)>& body) {
    writeFileAtomically(folder + name, body);
    written.push_back(name);
  };
  write("grid_classification.csv",
        [&](std::ostream& out) { writeGridCsv(r.grid_classification, out); });
  write("two_point_slip_surface.csv",
        [&](std::ostream& out) { writeSlipSurfaceCsv(r.slip_surface, out); });
  for (const TroughSection& s : r.sections) {
    write("section_" + s.name + ".csv",
          [&](std::ostream& out) { region::writeCsv(out, s.sweep, r.metadata); });
  }
  // The bounding condition (SS: the sheets of (88), RS: planes (82), SR: planes (83)) and the
  // face (0, 1 the sheets, 2..5 the planes) of every triangle.
  write("stability_body_triangles.csv", [&](std::ostream& out) {
    mesh::writeTriangleConditionsCsv(r.stability_body.mesh, out);
  });
  mesh::writeMesh(r.stability_body.mesh, folder + "stability_body.ply", "ply");
  written.push_back("stability_body.ply");
  write("summary.json", [&](std::ostream& out) { out << ballTroughJobSummary(r).dump(2) << '\n'; });
  // Fig. 11 as an interactive 3-D page (triangles by condition, special points, red edge).
  if (page) {
    const std::string summary = std::filesystem::absolute(folder + "summary.json").string();
    const std::vector<std::string> paths{
        std::filesystem::absolute(folder + "stability_body_triangles.csv").string(),
        std::filesystem::absolute(folder + "stability_body.html").string()};
    if (page({"body", paths, {"--summary=" + summary}, ""})) {
      written.push_back("stability_body.html");
    }
  }
  return written;
}

void printBallTroughJob(const BallTroughJobResult& r, std::ostream& out) {
  const models::BallTroughParameters& p = r.parameters;
  const SpecialFigures& f = r.special;
  const models::SpecialValues& sv = f.closed_form;
  const std::streamsize precision = out.precision(10);
  out << "nsdkit ball-in-trough analysis (two-point-contact paper, Sect. 6)\n"
      << "  mu = " << p.mu() << ", j = " << p.inertia_ratio << ", m = " << p.mass_kg
      << " kg, r = " << p.radius_m << " m, g = " << p.gravity_m_s2 << " m/s^2\n"
      << "special values (90): closed form  | generic route (bisection on Def 11)\n"
      << "  m_z1 = " << sv.m_z1 << " | " << f.mz1.value << " +- " << f.mz1.bracket_width << '\n'
      << "  m_z2 = " << sv.m_z2 << " | " << f.mz2.value << " +- " << f.mz2.bracket_width << '\n'
      << "  m_z3 = " << sv.m_z3 << " | " << f.mz3.value << " +- " << f.mz3.bracket_width << '\n'
      << "max realizable acceleration (91): sqrt2 mu g = " << models::maxRealizableAcceleration(p)
      << " m/s^2 | generic " << f.max_acceleration.acceleration << " m/s^2 at m = ("
      << f.max_acceleration.torque.transpose() << ")\n"
      << "tetrahedron volume (16/3) mu^2 (1+2j) = " << models::tetrahedronVolume(p) << '\n';
  const models::TorqueGridClassification& g = r.grid_classification;
  out << "grid of " << g.torques.size() << " torques (" << r.grid << "^3, |m_x|,|m_y| <= "
      << g.half_width_xy << ", |m_z| <= " << g.half_width_z << ") classified in " << g.seconds
      << " s:\n";
  for (const auto& [label, count] : g.counts) out << "  " << label << ": " << count << '\n';
  out << "edge of maximum acceleration realizable for m_z in ["
      << r.max_acceleration_edge.lower.last_true << ", "
      << r.max_acceleration_edge.upper.last_true << "]\n"
      << "cross-sections at m_z = 0, m_z1, m_z2, 0.97 m_z3 written (section_*.csv)\n";
  const mesh::StabilityBodyMeshReport& br = r.stability_body.report;
  out << "stability body mesh: " << br.vertices << " vertices, " << br.faces
      << " triangles, volume " << br.volume << " (exact " << br.exactVolume()
      << "), relative Hausdorff " << br.hausdorff / br.diameter << ", min angle "
      << br.min_angle_deg << " deg\n";
  out.precision(precision);
}

BallTroughJobRun runBallTroughJobInto(const BallTroughJobOptions& options, const std::string& dir,
                                      const HtmlPageWriter& page) {
  checkBallTroughJob(options);
  std::filesystem::create_directories(dir);  // an unusable folder fails before the work
  BallTroughJobRun run;
  run.result = runBallTroughJob(options);
  run.files = writeBallTroughJobFiles(run.result, dir, page);
  return run;
}

mesh::StabilityBodyMesh meshBallTroughStabilityBody(const models::BallTroughParameters& p,
                                                    const mesh::StabilityBodyMeshOptions& options) {
  return mesh::meshTwoContactStabilityBody(region::ballTroughRealizableSet(p).two_contact_dynamics,
                                           options);
}

}  // namespace nsd::jobs
