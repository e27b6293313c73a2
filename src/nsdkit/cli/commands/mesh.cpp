// nsdkit mesh
#include <nsdkit/cli/commands/commands.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/cli/csv.hpp>
#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/mesh/body_mesh.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/region/ball_trough_predicate.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/region/monte_carlo.hpp>

namespace nsd::cli {
namespace {

using nsd::parallelFor;
using nsd::models::BallTroughParameters;

struct MeshOptions {
  TroughOptions trough;
  std::string model = "ball-trough", body, output, format, route = "auto";
  std::vector<std::string> axes, fixed;
  double tolerance = 5e-4;
  double edge_length = NAN;  ///< --edge-length (shaped route; NaN: not given, its default)
  int resolution = 24;
  unsigned threads = 1;
  std::size_t mc_samples = 0;  ///< Monte Carlo samples for an independent volume (0: none)
  std::string html;            ///< interactive 3-D page of the mesh (empty: none)
};

// The mesh as an interactive page: its triangles with their bounding conditions (exact route;
// "realizable" for the implicit one) through a scratch CSV beside the page (created exclusively
// under an unguessable name, removed in every case). The page was asked for: a page that cannot
// be made is an error naming --html.
void writeMeshPage(const nsd::mesh::BodyMesh& body, const std::vector<std::string>& axes,
                   const std::string& html) {
  const nsd::ScratchFile triangles(
      html, [&](std::ostream& out) { writeTriangleConditionsCsv(body.mesh, out); });
  if (!writeHtmlPage("body", {triangles.path(), html},
                     {"--axes=" + axes[0] + "," + axes[1] + "," + axes[2],
                      "--title=Stability body (realizable rolling)"},
                     "--html")) {
    throw nsd::InvalidInput("--html " + nsd::quoteInput(html) +
                            ": the page cannot be made here (python3 with python3-plotly and "
                            "nsdkit's pages.py are needed)");
  }
}

// A realizable set in three parameters: its predicate, a point inside it and, for two-contact
// bodies, the dynamics the exact faces are built from.
struct Region3 {
  std::function<bool(const Eigen::Vector3d&)> inside;
  std::function<int(const Eigen::Vector3d&)> piece;  ///< boundary pieces (shaped route)
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  nsd::mesh::TwoContactFamily family;
};

// A body file's realizable set over three of its parameters, around their default values (the
// state parameters default to 0).
Region3 bodyRegion(const MeshOptions& o, nlohmann::json& extra) {
  if (o.axes.size() != 3) {
    throw nsd::InvalidInput("--body needs --axes with three parameter names, e.g. --axes mx,my,mz");
  }
  const nsd::body::BodyDescription body = nsd::body::readBodyFile(o.body);
  const nsd::region::RealizableSet3 set =
      nsd::region::bodyRealizableSet(body, {o.axes[0], o.axes[1], o.axes[2]}, parseFixed(o.fixed));
  extra["body"] = body.name;
  extra["axes"] = o.axes;
  return {set.inside, set.piece, set.default_point, set.two_contact_dynamics};
}

// --html: a file in an existing folder (checked before any work).
void requireHtmlTarget(const std::string& html) {
  if (html.empty()) return;
  const std::filesystem::path folder =
      std::filesystem::absolute(std::filesystem::path(html)).parent_path();
  if (html == "-" || !std::filesystem::is_directory(folder)) {
    throw nsd::InvalidInput("--html '" + html + "': give a file in an existing folder");
  }
}

// The JSON line `nsdkit mesh` prints: the mesh's measures and how it was made.
nlohmann::json meshSummary(const nsd::mesh::BodyMeshReport& r, const std::string& route,
                           double tolerance, const std::string& format, const std::string& output) {
  auto num = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); };
  return {{"volume", r.volume},
          {"area", r.area},
          {"vertices", r.vertices},
          {"faces", r.faces},
          {"closed", r.closed},
          {"manifold", r.manifold},
          {"outward_oriented", r.outward},
          {"max_boundary_distance", num(std::max(r.max_face_distance, r.max_vertex_distance))},
          {"max_vertex_distance", num(r.max_vertex_distance)},
          {"hausdorff_distance", num(r.hausdorff)},
          {"diameter", r.diameter},
          {"relative_hausdorff", num(r.hausdorff / r.diameter)},
          {"exact_volume", num(r.exact_volume)},
          {"exact_volume_error", num(r.exact_volume_error)},
          {"tolerance_used", num(r.tolerance_used)},
          {"volume_relative_error", num(std::fabs(r.volume - r.exact_volume) / r.exact_volume)},
          {"min_angle_deg", r.min_angle_deg},
          {"min_angle_away_from_corners_deg", r.min_angle_away_from_corners_deg},
          {"corners", r.corners},
          {"def11_checks", r.def11_checks},
          {"sharp_edges", r.sharp_edges},
          {"route", route},
          {"tolerance", tolerance},
          {"format", format},
          {"output", output},
          {"seconds", r.seconds}};
}

// --tolerance: in [1e-5, 0.1] of the diameter (NaN must not fall back to the implicit route;
// below 1e-5 a mesh would have ~10^8 triangles).
void requireTolerance(double tolerance) {
  if (!(tolerance >= 1e-5 && tolerance <= 0.1)) {
    throw nsd::InvalidInput("--tolerance must be in [1e-5, 0.1] (relative to the diameter), got " +
                            nsd::formatValue(tolerance));
  }
}

// The smallest friction coefficient `mesh --model ball-trough` accepts. The stability body's
// size is about mu (loads in units of m g r, where the dynamics' other terms are of order 1), and
// the predicate's rounding (~1e-16 of those terms) must stay far below the mesh tolerance times
// that size: at mu = 1e-6 the mesh meets the default tolerance, at 1e-8 its distance to the body
// is 20 times the tolerance, and below ~1e-13 the routes mesh rounding noise (a mu of 1e-300 took
// minutes to give a 24-triangle mesh a millimetre wide).
constexpr double kMeshMuMin = 1e-6;

// --mu, --mu-plus, --mu-minus of the ball-trough model: at least kMeshMuMin (before any work).
void requireResolvableMu(const TroughOptions& trough) {
  const std::pair<const char*, double> given[] = {
      {trough.mu_plus_given ? "--mu-plus" : "--mu",
       trough.mu_plus_given ? trough.mu_plus : trough.mu},
      {trough.mu_minus_given ? "--mu-minus" : "--mu",
       trough.mu_minus_given ? trough.mu_minus : trough.mu}};
  for (const auto& [name, mu] : given) {
    if (mu > 0.0 && mu < kMeshMuMin) {
      throw nsd::InvalidInput(std::string(name) + " " + nsd::formatValue(mu) +
                              ": below 1e-6 the stability body (about mu across) is too small "
                              "for double precision to mesh it; give mu >= 1e-6");
    }
  }
}

// Every check of `nsdkit mesh` that needs no work; returns the mesh format.
std::string checkMeshOptions(const MeshOptions& o) {
  if (o.body.empty() && o.model != "ball-trough") {
    throw nsd::InvalidInput("unknown model " + nsd::quoteInput(o.model));
  }
  requireHtmlTarget(o.html);
  requireTolerance(o.tolerance);
  if (!std::isnan(o.edge_length) && o.route != "shaped") {
    throw nsd::InvalidInput("--edge-length is for --route shaped");
  }
  if (o.route == "shaped" && (o.resolution < nsd::mesh::kShapedSeedResolutionMin ||
                              o.resolution > nsd::mesh::kShapedSeedResolutionMax)) {
    throw nsd::InvalidInput(
        "--resolution must be in [8, 200] for --route shaped (the seed's "
        "grid), got " +
        std::to_string(o.resolution));
  }
  if (o.output == "-") {
    throw nsd::InvalidInput(
        "--output - (standard output) is not available for meshes: give a file");
  }
  if (o.body.empty() && (!o.axes.empty() || !o.fixed.empty())) {
    throw nsd::InvalidInput("--axes and --fix are for --body FILE");
  }
  if (o.body.empty()) requireResolvableMu(o.trough);
  std::string format = o.format;
  if (format.empty()) {
    format = std::filesystem::path(o.output).extension().string();
    if (!format.empty()) format = format.substr(1);
    std::transform(format.begin(), format.end(), format.begin(), ::tolower);
    if (format.empty()) format = "off";
  }
  if (format != "off" && format != "ply" && format != "obj" && format != "stl") {
    throw nsd::InvalidInput("unknown mesh format '" + format + "' (off|ply|obj|stl)");
  }
  return format;
}

// The paper's ball in the trough as a Region3.
Region3 ballTroughRegion(const BallTroughParameters& p) {
  Region3 region;
  region.inside = [p](const Eigen::Vector3d& m) {
    return nsd::models::classifyGenericVerdict(p, m).realizable;
  };
  region.family = [p](const Eigen::Vector3d& m) {
    return nsd::contact::TwoContactDynamics(nsd::models::makeTwoContactBody(p, m));
  };
  region.piece = [predicate = nsd::region::ballTroughPredicate(p)](const Eigen::Vector3d& m) {
    return nsd::region::boundaryPiece(predicate({{"mx", m[0]}, {"my", m[1]}, {"mz", m[2]}}));
  };
  return region;
}

// What the summary says about the route that made the mesh.
void describeRoute(const std::string& route, const nsd::mesh::BodyMesh& body,
                   nlohmann::json& extra) {
  if (route == "exact") extra["sharp_edges_preserved"] = true;
  if (route == "shaped") {
    extra["sharp_edges_preserved"] = body.report.sharp_edges > 0;
    extra["note"] =
        "shaped route: radial seed (marching tetrahedra where the set is not star-shaped), "
        "refined where it sags from the boundary, split along the sharp edges (where the "
        "failing condition changes; located by bisection), remeshed towards target lengths "
        "from the sag with the edges kept, vertices settled onto the boundary; sharp_edges "
        "counts mesh edges on them, corners where three pieces meet; distances measured with "
        "the predicate (triangle centroids, boundary points on rays and the located edge "
        "points against the mesh)";
    extra["seed"] = body.report.seed;
    const Eigen::Vector3d& scale = body.report.axis_scale;
    extra["axis_scale"] = {scale[0], scale[1], scale[2]};
  }
  if (route == "implicit") {
    extra["sharp_edges_preserved"] = false;
    extra["note"] =
        "implicit route: marching tetrahedra on the predicate; sharp edges are cut by the grid "
        "(best effort); vertices on the boundary to the bisection tolerance; distances measured "
        "with the predicate (triangle centroids along their normals, and boundary points on "
        "rays against the mesh)";
  }
}

// An independent volume: Monte Carlo of the same predicate over the mesh's bounding box, widened
// by 2 % of each extent (a set thin in one axis' units keeps most samples on it) and twice the
// measured distance (the set may reach past the mesh by that much).
void addMonteCarloVolume(const MeshOptions& o, const nsd::mesh::BodyMesh& body,
                         const std::function<bool(const Eigen::Vector3d&)>& inside,
                         nlohmann::json& extra) {
  Eigen::Vector3d lower = Eigen::Vector3d::Constant(INFINITY), upper = -lower;
  for (const auto& v : body.mesh.vertices) {
    lower = lower.cwiseMin(v);
    upper = upper.cwiseMax(v);
  }
  const double distance = std::isfinite(body.report.hausdorff) ? body.report.hausdorff : 0.0;
  const Eigen::Vector3d margin = 0.02 * (upper - lower) + Eigen::Vector3d::Constant(2.0 * distance);
  lower -= margin;
  upper += margin;
  const nsd::region::VolumeEstimate mc =
      nsd::region::monteCarloVolume(inside, lower, upper, o.mc_samples, 1, o.threads);
  extra["monte_carlo_volume"] = mc.volume;
  extra["monte_carlo_standard_error"] = mc.standard_error;
  extra["monte_carlo_samples"] = mc.samples;
}

int runMesh(const MeshOptions& o) {
  const auto start = std::chrono::steady_clock::now();  // `seconds`: the whole run
  const std::string format = checkMeshOptions(o);       // before any work
  const BallTroughParameters p = troughParameters(o.trough);
  nlohmann::json extra;
  const Region3 region = o.body.empty() ? ballTroughRegion(p) : bodyRegion(o, extra);
  // The exact route where the faces of stability_faces.hpp bound the set; with --route auto a
  // body they do not fit is meshed by the shaped route (else the implicit one), and the reasons
  // are reported.
  nsd::mesh::BodyMeshOptions options;
  options.tolerance = o.tolerance;
  nsd::mesh::ShapedMeshOptions shaped;
  if (!std::isnan(o.edge_length)) shaped.edge_length = o.edge_length;
  nsd::mesh::RealizableSetMesh meshed = nsd::mesh::meshRealizableSet(
      region.inside, region.centre, region.family, nsd::mesh::parseMeshRoute(o.route), options,
      o.resolution, o.threads, region.piece, shaped);
  nsd::mesh::BodyMesh body = std::move(meshed.body);
  const std::string route = nsd::mesh::toString(meshed.route);
  if (!meshed.exact_route_refused.empty())
    extra["exact_route_refused"] = meshed.exact_route_refused;
  if (!meshed.shaped_route_refused.empty())
    extra["shaped_route_refused"] = meshed.shaped_route_refused;
  describeRoute(route, body, extra);
  if (o.mc_samples > 0) addMonteCarloVolume(o, body, region.inside, extra);
  nsd::mesh::writeMesh(body.mesh, o.output, format);
  if (!o.html.empty()) {
    const std::vector<std::string> names =
        o.body.empty() ? std::vector<std::string>{"m_x", "m_y", "m_z"} : o.axes;
    writeMeshPage(body, names, o.html);
    extra["html"] = o.html;
  }
  // The wall time of every stage: routes tried and refused, measures, outputs and the page.
  body.report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  nlohmann::json out = meshSummary(body.report, route, o.tolerance, format, o.output);
  if (o.body.empty() && p.closedFormApplies())
    out["tetrahedron_volume"] = nsd::models::tetrahedronVolume(p);
  out.update(extra);
  std::cout << out.dump() << '\n';
  return 0;
}

}  // namespace

Command addMeshCommand(CLI::App& app, unsigned default_threads) {
  auto o = std::make_shared<MeshOptions>();
  o->threads = default_threads;
  CLI::App* c = app.add_subcommand("mesh", "surface mesh of the stability body (CGAL)");
  c->add_option("--model", o->model, "model name (ball-trough)");
  addTroughOptions(c, o->trough);
  addBodyOption(c, o->body);
  c->add_option("--axes", o->axes, "--body: the three parameters spanning the mesh, a,b,c")
      ->delimiter(',');
  c->add_option("--fix", o->fixed, "--body: name=value held constant (repeatable)");
  c->add_option("--output", o->output, "mesh file")->required();
  c->add_option("--format", o->format, "off|ply|obj|stl (default: from the extension)");
  c->add_option("--html", o->html,
                "also write the mesh as an interactive 3-D page (triangles by bounding condition)");
  c->add_option("--tolerance", o->tolerance,
                "target distance to the exact boundary, relative to the body diameter");
  c->add_option("--route", o->route,
                "exact (conforming faces of two-contact bodies with load axes), implicit (any "
                "predicate, marching tetrahedra), shaped (any predicate, shaped triangles, sharp "
                "edges kept), auto (exact where its faces fit, else implicit)")
      ->check(CLI::IsMember({"auto", "exact", "implicit", "shaped"}));
  c->add_option("--edge-length", o->edge_length,
                "--route shaped: target edge length relative to the body's size, 0.001 to 0.1 "
                "(default 0.008)")
      ->check(CLI::Range(1e-3, 0.1));
  c->add_option("--resolution", o->resolution,
                "grid cells per axis (implicit route; the shaped route's seed, 8 to 200), 2 to 400")
      ->check(CLI::Range(2, 400));
  c->add_option("--threads", o->threads, "worker threads (implicit route, Monte Carlo)")
      ->check(CLI::Range(1u, kMaxThreads));
  c->add_option("--mc-samples", o->mc_samples,
                "also estimate the volume by Monte Carlo of the predicate (independent of the "
                "mesh) with this many samples")
      ->check(CLI::Range(std::size_t{0}, std::size_t{100000000}));
  return {c, [o] { return runMesh(*o); }};
}
}  // namespace nsd::cli
