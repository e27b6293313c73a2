// nsdkit mesh
#include "cli/commands/commands.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/csv.hpp"
#include "cli/region_command.hpp"
#include "core/bisection.hpp"
#include "core/errors.hpp"
#include "core/parallel.hpp"
#include "mesh/body_mesh.hpp"
#include "models/ball_trough.hpp"
#include "region/ball_trough_predicate.hpp"

namespace nsd::cli {
namespace {

using nsd::parallelFor;
using nsd::models::BallTroughParameters;

int runMesh(const TroughOptions& o, const std::string& model, const std::string& output,
            std::string format, double tolerance, std::string route, int resolution,
            unsigned threads) {
  if (model != "ball-trough") throw nsd::InvalidInput("unknown model '" + model + "'");
  if (output == "-") {
    throw nsd::InvalidInput(
        "--output - (standard output) is not available for meshes: give a file");
  }
  const BallTroughParameters p = troughParameters(o);
  if (format.empty()) {
    format = std::filesystem::path(output).extension().string();
    if (!format.empty()) format = format.substr(1);
    std::transform(format.begin(), format.end(), format.begin(), ::tolower);
    if (format.empty()) format = "off";
  }
  if (format != "off" && format != "ply" && format != "obj" && format != "stl") {
    throw nsd::InvalidInput("unknown mesh format '" + format + "' (off|ply|obj|stl)");
  }
  if (route == "auto") route = p.closedFormApplies() && p.mu() < 1.0 ? "exact" : "implicit";
  nsd::mesh::BodyMesh body;
  nlohmann::json extra;
  if (route == "exact") {
    nsd::mesh::BodyMeshOptions options;
    options.tolerance = tolerance;
    body = nsd::mesh::meshBallTroughBody(p, options);
    extra["sharp_edges_preserved"] = true;
  } else {
    // Generic route: the Def-11 predicate through the generic two-contact machinery on a grid.
    auto inside = [p](const Eigen::Vector3d& m) {
      return nsd::models::classifyGeneric(p, m).realizable;
    };
    if (!inside(Eigen::Vector3d::Zero())) {
      throw nsd::InvalidInput("zero torque is not realizable for these parameters: no body");
    }
    // Box from ray probes (bisection along the 124 directions of a 5^3 lattice), padded by
    // 25 %, and enlarged by half again whenever the region still touches it.
    Eigen::Vector3d extent = Eigen::Vector3d::Zero();
    for (int a = -2; a <= 2; ++a)
      for (int b = -2; b <= 2; ++b)
        for (int c = -2; c <= 2; ++c) {
          if (!a && !b && !c) continue;
          const Eigen::Vector3d d = Eigen::Vector3d(a, b, c).normalized();
          // 20 halvings of [0, 4]; the outside end is the bound the box needs.
          const double hi = inside(4.0 * d) ? 4.0
                                            : nsd::bisect([&](double t) { return inside(t * d); },
                                                          0.0, 4.0, 4.0 * std::ldexp(1.0, -20))
                                                  .last_false;
          extent = extent.cwiseMax((hi * d).cwiseAbs());
        }
    nsd::mesh::ImplicitMeshOptions io;
    io.resolution = resolution;
    io.bisection_tolerance = 1e-6;
    io.threads = threads;
    double pad = 1.25;
    for (int attempt = 0;; ++attempt) {
      io.box_lower = -pad * extent - Eigen::Vector3d::Constant(1e-3);
      io.box_upper = pad * extent + Eigen::Vector3d::Constant(1e-3);
      try {
        body = nsd::mesh::meshImplicitRegion(inside, io);
        break;
      } catch (const nsd::InvalidInput& e) {
        if (attempt >= 3 || std::string(e.what()).find("touches") == std::string::npos) throw;
        pad *= 1.5;
      }
    }
    extra["sharp_edges_preserved"] = false;
    extra["note"] =
        "implicit route: marching tetrahedra on the predicate; sharp edges are cut by "
        "the grid (best effort); vertices on the boundary to the bisection tolerance";
  }
  nsd::mesh::writeMesh(body.mesh, output, format);
  const auto& r = body.report;
  auto num = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); };
  nlohmann::json out = {{"volume", r.volume},
                        {"area", r.area},
                        {"vertices", r.vertices},
                        {"faces", r.faces},
                        {"closed", r.closed},
                        {"manifold", r.manifold},
                        {"outward_oriented", r.outward},
                        {"max_boundary_distance",
                         num(route == "exact" ? r.max_face_distance : r.max_vertex_distance)},
                        {"max_vertex_distance", num(r.max_vertex_distance)},
                        {"hausdorff_distance", num(r.hausdorff)},
                        {"diameter", r.diameter},
                        {"relative_hausdorff", num(r.hausdorff / r.diameter)},
                        {"min_angle_deg", r.min_angle_deg},
                        {"min_angle_away_from_corners_deg", r.min_angle_away_from_corners_deg},
                        {"corners", r.corners},
                        {"sharp_edges", r.sharp_edges},
                        {"route", route},
                        {"tolerance", tolerance},
                        {"format", format},
                        {"output", output},
                        {"seconds", r.seconds}};
  if (p.closedFormApplies()) out["tetrahedron_volume"] = nsd::models::tetrahedronVolume(p);
  out.update(extra);
  std::cout << out.dump() << '\n';
  return 0;
}

}  // namespace

Command addMeshCommand(CLI::App& app, unsigned default_threads) {
  struct Options {
    TroughOptions trough;
    std::string model = "ball-trough", output, format, route = "auto";
    double tolerance = 5e-4;
    int resolution = 24;
    unsigned threads = 1;
  };
  auto o = std::make_shared<Options>();
  o->threads = default_threads;
  CLI::App* c = app.add_subcommand("mesh", "surface mesh of the stability body (CGAL)");
  c->add_option("--model", o->model, "model name (ball-trough)");
  addTroughOptions(c, o->trough);
  c->add_option("--output", o->output, "mesh file")->required();
  c->add_option("--format", o->format, "off|ply|obj|stl (default: from the extension)");
  c->add_option("--tolerance", o->tolerance,
                "target distance to the exact boundary, relative to the body diameter");
  c->add_option("--route", o->route,
                "exact (conforming faces, paper case), implicit (any parameters), auto")
      ->check(CLI::IsMember({"auto", "exact", "implicit"}));
  c->add_option("--resolution", o->resolution, "grid cells per axis (implicit route)");
  c->add_option("--threads", o->threads, "worker threads (implicit route)")
      ->check(CLI::Range(1u, kMaxThreads));
  return {c, [o] {
            return runMesh(o->trough, o->model, o->output, o->format, o->tolerance, o->route,
                           o->resolution, o->threads);
          }};
}
}  // namespace nsd::cli
