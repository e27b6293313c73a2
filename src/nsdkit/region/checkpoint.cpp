#include <nsdkit/region/checkpoint.hpp>

#include <chrono>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/region/checkpoint_blocks.hpp>
#include <nsdkit/region/sweep_detail.hpp>

namespace nsd::region {

using detail::blockPath;
using detail::Blocks;
using detail::kEdges;
using detail::kGrid;
using detail::RefinedEdge;

CheckpointedSweep sweepWithCheckpoints(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                                       const ParameterPredicate& predicate,
                                       const SweepOptions& options,
                                       const CheckpointOptions& checkpoint,
                                       const ParameterPoint& model_metadata,
                                       const WorkSharing& sharing) {
  const std::size_t total = detail::validateSweep(axes, fixed, predicate, options.refine_tolerance);
  if (checkpoint.directory.empty()) throw InvalidInput("checkpoint folder not given");
  if (checkpoint.block_points == 0 || checkpoint.block_edges == 0) {
    throw InvalidInput("checkpoint block sizes must be positive");
  }
  const auto t0 = std::chrono::steady_clock::now();
  const std::string& dir = checkpoint.directory;
  const std::string manifest =
      detail::manifestText(axes, fixed, options, checkpoint, model_metadata, total, "uniform");
  auto barrier = [&] {
    if (sharing.barrier) sharing.barrier();
  };
  const std::string digest = detail::manifestDigest(manifest);
  if (sharing.rank == 0) detail::prepareCheckpointFolder(dir, manifest, checkpoint.resume);
  barrier();

  CheckpointedSweep out;
  out.result.axes = axes;
  out.result.fixed = fixed;

  // Grid phase.
  const Blocks grid{total, checkpoint.block_points};
  const auto [grid_computed, grid_reused] = detail::forEachBlock(
      sharing, 0, grid.count(), dir, kGrid,
      [&](std::size_t k) {
        std::vector<PointVerdict> verdicts(grid.size(k));
        parallelFor(verdicts.size(), options.threads, [&](std::size_t i) {
          verdicts[i] = detail::evaluateAt(axes, fixed, predicate,
                                           detail::gridValues(axes, grid.begin(k) + i));
        });
        detail::writeGridBlock(blockPath(dir, kGrid, k), k, verdicts, digest);
      },
      [&](std::size_t k) {
        (void)detail::readGridBlock(blockPath(dir, kGrid, k), k, grid.size(k), digest);
      },
      options.progress);
  out.blocks_computed += grid_computed;
  out.blocks_reused += grid_reused;
  barrier();

  const bool refine = options.refine_tolerance > 0.0;
  if (sharing.rank != 0 && !refine) return out;
  std::vector<SweepPoint> points(total);
  for (std::size_t k = 0; k < grid.count(); ++k) {
    const auto verdicts =
        detail::readGridBlock(blockPath(dir, kGrid, k), k, grid.size(k), digest);
    for (std::size_t i = grid.begin(k); i < grid.end(k); ++i) {
      points[i].values = detail::gridValues(axes, i);
      points[i].verdict = verdicts[i - grid.begin(k)];
    }
  }

  std::vector<BoundaryPoint> boundary;
  std::size_t refine_calls = 0;
  if (refine) {
    const std::vector<detail::GridEdge> edges = detail::boundaryEdges(axes, points);
    const Blocks edge_blocks{edges.size(), checkpoint.block_edges};
    const auto [edge_computed, edge_reused] = detail::forEachBlock(
        sharing, 1, edge_blocks.count(), dir, kEdges,
        [&](std::size_t k) {
          std::vector<RefinedEdge> refined(edge_blocks.size(k));
          parallelFor(refined.size(), options.threads, [&](std::size_t i) {
            refined[i].point =
                detail::refineEdge(axes, fixed, predicate, points, edges[edge_blocks.begin(k) + i],
                                   options.refine_tolerance, refined[i].calls);
          });
          detail::writeEdgeBlock(blockPath(dir, kEdges, k), k, refined, digest);
        },
        [&](std::size_t k) {
          (void)detail::readEdgeBlock(blockPath(dir, kEdges, k), k, edge_blocks.size(k),
                                      axes.size(), digest);
        },
        {});
    out.blocks_computed += edge_computed;
    out.blocks_reused += edge_reused;
    barrier();
    if (sharing.rank != 0) return out;
    boundary.reserve(edges.size());
    for (std::size_t k = 0; k < edge_blocks.count(); ++k) {
      for (auto& r :
           detail::readEdgeBlock(blockPath(dir, kEdges, k), k, edge_blocks.size(k), axes.size(),
                                 digest)) {
        refine_calls += r.calls;
        boundary.push_back(std::move(r.point));
      }
    }
  }
  out.result.points = std::move(points);
  out.result.boundary = std::move(boundary);
  out.result.predicate_calls = total + refine_calls;
  out.result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace nsd::region
