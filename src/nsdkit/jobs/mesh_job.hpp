#pragma once
/// @file mesh_job.hpp
/// The mesh job: a surface mesh of a stability body (the realizable set over three parameters)
/// by the exact, shaped or implicit route, with its measures, for the paper's ball or a body
/// file. `nsdkit mesh` and `nsdkit.jobs.mesh` both run `runMeshJob`; its summary is the JSON
/// line the CLI prints.

#include <Eigen/Core>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <nsdkit/jobs/html_page.hpp>
#include <nsdkit/jobs/trough_options.hpp>
#include <nsdkit/mesh/stability_body_mesh.hpp>
#include <nsdkit/region/monte_carlo.hpp>
#include <nsdkit/region/region.hpp>

namespace nsd::jobs {

/// What the mesh job is asked. Lengths are relative to the body's diameter.
struct MeshJobOptions {
  std::string model = "ball-trough";  ///< the model meshed when no body file is given
  TroughOptions trough;               ///< the ball's settings (no body file)
  std::string body_file;              ///< a body file (JSON) instead of the model
  std::vector<std::string> axes;      ///< body file: the three parameters spanning the mesh
  region::ParameterPoint fixed;       ///< body file: parameters held at these values
  std::string output;                 ///< the mesh file
  std::string format;                 ///< off|ply|obj|stl ("": from output's extension, else off)
  std::string html;                   ///< also an interactive 3-D page here ("": none)
  std::string route = "auto";         ///< auto|exact|implicit|shaped (mesh::parseMeshRoute)
  double tolerance = 5e-4;            ///< target distance to the boundary, in [1e-5, 0.1]
  double edge_length = NAN;  ///< shaped route: target edge length in [1e-3, 0.1] (NaN: default)
  int resolution = 24;       ///< grid cells per axis in [2, 400] (shaped seed: [8, 200])
  unsigned threads = 1;      ///< worker threads (implicit route, Monte Carlo), in [1, 1024]
  std::size_t mc_samples = 0;  ///< Monte Carlo samples for an independent volume (0: none)
};

/// What the mesh job made.
struct MeshJobResult {
  mesh::StabilityBodyMesh
      stability_body;  ///< the mesh and its measures (report.seconds: the whole job)
  mesh::MeshRoute route = mesh::MeshRoute::kImplicit;  ///< the route that made it
  std::string format;                                  ///< the file format written
  std::string exact_route_refused;   ///< auto route: why the exact route was not used
  std::string shaped_route_refused;  ///< auto route: why the shaped route was not used
  std::optional<region::VolumeEstimate> monte_carlo;      ///< with mc_samples > 0
  std::optional<double> tetrahedron_volume;  ///< the paper's case: (16/3) mu^2 (1 + 2j)
  std::string body_name;                     ///< body file: its name
  bool page_written = false;                 ///< the HTML page was written
};

/// The checks made before any work; returns the mesh format. @throws InvalidInput naming the
/// option (an unknown model or format, a tolerance, resolution, edge length, thread or sample
/// count outside its range, --axes/--fix without a body file, a mu below 1e-6, an --html
/// outside an existing folder, --output -).
std::string checkMeshJob(const MeshJobOptions& options);

/// Meshes, measures and writes the mesh file, then the page by `page` when options.html is
/// set. @throws as checkMeshJob and the routes (mesh::meshRealizableSet); InvalidInput naming
/// --html when the page was asked for and cannot be made.
MeshJobResult runMeshJob(const MeshJobOptions& options, const HtmlPageWriter& page = {});

/// The mesh's measures and how it was made: the JSON line `nsdkit mesh` prints.
nlohmann::json meshJobSummary(const MeshJobOptions& options, const MeshJobResult& result);

}  // namespace nsd::jobs
