// nsdkit mesh: the mesh job (jobs::runMeshJob), its summary printed as one JSON line.
#include <nsdkit/cli/commands/commands.hpp>

#include <iostream>

#include <nsdkit/cli/region_command.hpp>
#include <nsdkit/jobs/mesh_job.hpp>

namespace nsd::cli {
namespace {

struct MeshOptions {
  jobs::MeshJobOptions job;
  std::vector<std::string> fixed;  ///< --fix name=value
};

void addMeshOptions(CLI::App* c, MeshOptions& o) {
  jobs::MeshJobOptions& job = o.job;
  c->add_option("--model", job.model, "model name (ball-trough)");
  addTroughOptions(c, job.trough);
  addBodyOption(c, job.body_file);
  c->add_option("--axes", job.axes, "--body: the three parameters spanning the mesh, a,b,c")
      ->delimiter(',');
  c->add_option("--fix", o.fixed, "--body: name=value held constant (repeatable)");
  c->add_option("--output", job.output, "mesh file")->required();
  c->add_option("--format", job.format, "off|ply|obj|stl (default: from the extension)");
  c->add_option("--html", job.html,
                "also write the mesh as an interactive 3-D page (triangles by bounding condition)");
  c->add_option("--tolerance", job.tolerance,
                "target distance to the exact boundary, relative to the body diameter");
  c->add_option("--route", job.route,
                "exact (conforming faces of two-contact bodies with load axes), implicit (any "
                "predicate, marching tetrahedra), shaped (any predicate, shaped triangles, sharp "
                "edges kept), auto (exact where its faces fit, else implicit)")
      ->check(CLI::IsMember({"auto", "exact", "implicit", "shaped"}));
  c->add_option("--edge-length", job.edge_length,
                "--route shaped: target edge length relative to the body's size, 0.001 to 0.1 "
                "(default 0.008)")
      ->check(CLI::Range(1e-3, 0.1));
  c->add_option("--resolution", job.resolution,
                "grid cells per axis (implicit route; the shaped route's seed, 8 to 200), 2 to 400")
      ->check(CLI::Range(2, 400));
  c->add_option("--threads", job.threads, "worker threads (implicit route, Monte Carlo)")
      ->check(CLI::Range(1u, kMaxThreads));
  c->add_option("--mc-samples", job.mc_samples,
                "also estimate the volume by Monte Carlo of the predicate (independent of the "
                "mesh) with this many samples")
      ->check(CLI::Range(std::size_t{0}, std::size_t{100000000}));
}

}  // namespace

Command addMeshCommand(CLI::App& app, unsigned default_threads) {
  auto o = std::make_shared<MeshOptions>();
  o->job.threads = default_threads;
  CLI::App* c = app.add_subcommand("mesh", "surface mesh of the stability body (CGAL)");
  addMeshOptions(c, *o);
  return {c, [o] {
            jobs::MeshJobOptions job = o->job;
            job.fixed = parseFixed(o->fixed);
            const jobs::MeshJobResult result = jobs::runMeshJob(job, htmlPageWriter());
            std::cout << jobs::meshJobSummary(job, result).dump() << '\n';
            return 0;
          }};
}

}  // namespace nsd::cli
