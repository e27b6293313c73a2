#include <nsdkit/jobs/mesh_job.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>

#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/jobs/studied_body.hpp>

namespace nsd::jobs {
namespace {

// --html: a file in an existing folder (checked before any work).
void requireHtmlTarget(const std::string& html) {
  if (html.empty()) return;
  const std::filesystem::path folder =
      std::filesystem::absolute(std::filesystem::path(html)).parent_path();
  if (html == "-" || !std::filesystem::is_directory(folder)) {
    throw InvalidInput("--html '" + html + "': give a file in an existing folder");
  }
}

// --tolerance: in [1e-5, 0.1] of the diameter (NaN must not fall back to the implicit route;
// below 1e-5 a mesh would have ~10^8 triangles).
void requireTolerance(double tolerance) {
  if (!(tolerance >= 1e-5 && tolerance <= 0.1)) {
    throw InvalidInput("--tolerance must be in [1e-5, 0.1] (relative to the diameter), got " +
                       formatValue(tolerance));
  }
}

// The ranges the CLI also states as its options' checks.
void requireCounts(const MeshJobOptions& o) {
  if (o.resolution < 2 || o.resolution > 400) {
    throw InvalidInput("--resolution must be in [2, 400], got " + std::to_string(o.resolution));
  }
  if (o.threads < 1 || o.threads > 1024) {
    throw InvalidInput("--threads must be in [1, 1024], got " + std::to_string(o.threads));
  }
  if (o.mc_samples > 100000000) {
    throw InvalidInput("--mc-samples must be at most 1e8, got " + std::to_string(o.mc_samples));
  }
  if (!std::isnan(o.edge_length) && !(o.edge_length >= 1e-3 && o.edge_length <= 0.1)) {
    throw InvalidInput("--edge-length must be in [0.001, 0.1], got " + formatValue(o.edge_length));
  }
}

std::string meshFormat(const MeshJobOptions& o) {
  std::string format = o.format;
  if (format.empty()) {
    format = std::filesystem::path(o.output).extension().string();
    if (!format.empty()) format = format.substr(1);
    std::transform(format.begin(), format.end(), format.begin(), ::tolower);
    if (format.empty()) format = "off";
  }
  if (format != "off" && format != "ply" && format != "obj" && format != "stl") {
    throw InvalidInput("unknown mesh format '" + format + "' (off|ply|obj|stl)");
  }
  return format;
}

// An independent volume: Monte Carlo of the same predicate over the mesh's bounding box, widened
// by 2 % of each extent (a set thin in one axis' units keeps most samples on it) and twice the
// measured distance (the set may reach past the mesh by that much).
region::VolumeEstimate monteCarloVolume(const MeshJobOptions& o,
                                        const mesh::StabilityBodyMesh& body,
                                        const std::function<bool(const Eigen::Vector3d&)>& inside) {
  Eigen::Vector3d lower = Eigen::Vector3d::Constant(INFINITY), upper = -lower;
  for (const auto& v : body.mesh.vertices) {
    lower = lower.cwiseMin(v);
    upper = upper.cwiseMax(v);
  }
  const double distance = std::isfinite(body.report.hausdorff) ? body.report.hausdorff : 0.0;
  const Eigen::Vector3d margin = 0.02 * (upper - lower) + Eigen::Vector3d::Constant(2.0 * distance);
  lower -= margin;
  upper += margin;
  return region::monteCarloVolume(inside, lower, upper, o.mc_samples, 1, o.threads);
}

// The mesh as an interactive page: its triangles with their bounding conditions (exact route;
// "realizable" for the others) through a scratch CSV beside the page (created exclusively under
// an unguessable name, removed in every case). The page was asked for: a page that cannot be
// made is an error naming --html.
void writeMeshPage(const MeshJobOptions& o, const std::array<std::string, 3>& axes,
                   const mesh::StabilityBodyMesh& body, const HtmlPageWriter& page) {
  const ScratchFile triangles(
      o.html, [&](std::ostream& out) { mesh::writeTriangleConditionsCsv(body.mesh, out); });
  const std::vector<std::string> paths{std::filesystem::absolute(triangles.path()).string(),
                                       std::filesystem::absolute(o.html).string()};
  if (!page || !page({"body", paths,
                      {"--axes=" + axes[0] + "," + axes[1] + "," + axes[2],
                       "--title=Stability body (realizable rolling)"},
                      "--html"})) {
    throw InvalidInput("--html " + quoteInput(o.html) +
                       ": the page cannot be made here (python3 with python3-plotly and "
                       "nsdkit's pages.py are needed)");
  }
}

// The mesh job checked before any work: its file format and the rigid body it meshes.
struct PreparedMesh {
  std::string format;
  std::unique_ptr<StudiedBody> studied;
};

PreparedMesh prepareMesh(const MeshJobOptions& o) {
  checkStudiedModel(o.model, o.body_file);
  (void)mesh::parseMeshRoute(o.route);
  requireHtmlTarget(o.html);
  requireTolerance(o.tolerance);
  requireCounts(o);
  if (!std::isnan(o.edge_length) && o.route != "shaped") {
    throw InvalidInput("--edge-length is for --route shaped");
  }
  if (o.route == "shaped" && (o.resolution < mesh::kShapedSeedResolutionMin ||
                              o.resolution > mesh::kShapedSeedResolutionMax)) {
    throw InvalidInput(
        "--resolution must be in [8, 200] for --route shaped (the seed's grid), got " +
        std::to_string(o.resolution));
  }
  if (o.output == "-") {
    throw InvalidInput("--output - (standard output) is not available for meshes: give a file");
  }
  PreparedMesh prepared;
  prepared.studied = studiedBody(o.model, o.trough, o.body_file);
  prepared.studied->checkMeshParameters(o.axes, o.fixed);
  prepared.format = meshFormat(o);
  return prepared;
}

}  // namespace

std::string checkMeshJob(const MeshJobOptions& o) { return prepareMesh(o).format; }

MeshJobResult runMeshJob(const MeshJobOptions& o, const HtmlPageWriter& page) {
  const auto start = std::chrono::steady_clock::now();  // `seconds`: the whole job
  MeshJobResult r;
  const PreparedMesh prepared = prepareMesh(o);  // before any work
  const StudiedBody& studied = *prepared.studied;
  r.format = prepared.format;
  const region::RealizableSet3 region = studied.realizableSet3(o.axes, o.fixed);
  r.body_name = studied.displayName();
  // The exact route where the faces of stability_faces.hpp bound the set; with the auto route a
  // body they do not fit is meshed by the shaped route (else the implicit one), and the reasons
  // are reported.
  mesh::StabilityBodyMeshOptions options;
  options.tolerance = o.tolerance;
  mesh::ShapedMeshOptions shaped;
  if (!std::isnan(o.edge_length)) shaped.edge_length = o.edge_length;
  mesh::RealizableSetMesh meshed =
      mesh::meshRealizableSet(region.inside, region.default_point, region.two_contact_dynamics,
                              mesh::parseMeshRoute(o.route), options, o.resolution, o.threads,
                              region.piece, shaped);
  r.stability_body = std::move(meshed.stability_body);
  r.route = meshed.route;
  r.exact_route_refused = meshed.exact_route_refused;
  r.shaped_route_refused = meshed.shaped_route_refused;
  if (o.mc_samples > 0) r.monte_carlo = monteCarloVolume(o, r.stability_body, region.inside);
  r.tetrahedron_volume = studied.closedFormVolume();
  mesh::writeMesh(r.stability_body.mesh, o.output, r.format);
  if (!o.html.empty()) {
    writeMeshPage(o, studied.meshAxisLabels(o.axes), r.stability_body, page);
    r.page_written = true;
  }
  // The wall time of every stage: routes tried and refused, measures, outputs and the page.
  r.stability_body.report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

namespace {

// What the summary says about the route that made the mesh.
void describeRoute(const MeshJobResult& r, nlohmann::json& out) {
  const mesh::StabilityBodyMeshReport& report = r.stability_body.report;
  if (r.route == mesh::MeshRoute::kExact) out["sharp_edges_preserved"] = true;
  if (r.route == mesh::MeshRoute::kShaped) {
    out["sharp_edges_preserved"] = report.sharp_edges > 0;
    out["note"] =
        "shaped route: radial seed (marching tetrahedra where the set is not star-shaped), "
        "refined where it sags from the boundary, split along the sharp edges (where the "
        "failing condition changes; located by bisection), remeshed towards target lengths "
        "from the sag with the edges kept, vertices settled onto the boundary; sharp_edges "
        "counts mesh edges on them, corners where three pieces meet; distances measured with "
        "the predicate (triangle centroids, boundary points on rays and the located edge "
        "points against the mesh)";
    const mesh::ShapedRouteReport shaped = report.shaped.value_or(mesh::ShapedRouteReport{});
    out["seed"] = shaped.seed;
    out["axis_scale"] = {shaped.axis_scale[0], shaped.axis_scale[1], shaped.axis_scale[2]};
  }
  if (r.route == mesh::MeshRoute::kImplicit) {
    out["sharp_edges_preserved"] = false;
    out["note"] =
        "implicit route: marching tetrahedra on the predicate; sharp edges are cut by the grid "
        "(best effort); vertices on the boundary to the bisection tolerance; distances measured "
        "with the predicate (triangle centroids along their normals, and boundary points on "
        "rays against the mesh)";
  }
}

}  // namespace

nlohmann::json meshJobSummary(const MeshJobOptions& o, const MeshJobResult& result) {
  const mesh::StabilityBodyMeshReport& r = result.stability_body.report;
  const auto num = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); };
  nlohmann::json out = {
      {"volume", r.volume},
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
      {"exact_volume", num(r.exactVolume())},
      {"exact_volume_error", num(r.exact ? r.exact->volume_error : NAN)},
      {"tolerance_used", num(r.tolerance_used)},
      {"volume_relative_error", num(std::fabs(r.volume - r.exactVolume()) / r.exactVolume())},
      {"min_angle_deg", r.min_angle_deg},
      {"min_angle_away_from_corners_deg", r.min_angle_away_from_corners_deg},
      {"corners", r.corners},
      {"def11_checks", r.exact ? r.exact->def11_checks : 0},
      {"sharp_edges", r.sharp_edges},
      {"route", mesh::toString(result.route)},
      {"tolerance", o.tolerance},
      {"format", result.format},
      {"output", o.output},
      {"seconds", r.seconds}};
  if (result.tetrahedron_volume) out["tetrahedron_volume"] = *result.tetrahedron_volume;
  if (!o.body_file.empty()) {
    out["body"] = result.body_name;
    out["axes"] = o.axes;
  }
  if (!result.exact_route_refused.empty()) out["exact_route_refused"] = result.exact_route_refused;
  if (!result.shaped_route_refused.empty()) {
    out["shaped_route_refused"] = result.shaped_route_refused;
  }
  describeRoute(result, out);
  if (result.monte_carlo) {
    out["monte_carlo_volume"] = result.monte_carlo->volume;
    out["monte_carlo_standard_error"] = result.monte_carlo->standard_error;
    out["monte_carlo_samples"] = result.monte_carlo->samples;
  }
  if (result.page_written) out["html"] = o.html;
  return out;
}

}  // namespace nsd::jobs
