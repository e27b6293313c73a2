#include <nsdkit/region/checkpoint.hpp>

#include <chrono>
#include <exception>
#include <utility>

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

void runAgreed(const WorkSharing& sharing, const std::function<void()>& step) {
  std::exception_ptr error;
  try {
    step();
  } catch (...) {
    error = std::current_exception();
  }
  bool any = error != nullptr;
  if (sharing.any_failed) {
    any = sharing.any_failed(any);
  } else if (!error && sharing.barrier) {
    sharing.barrier();
  }
  if (error) std::rethrow_exception(error);
  if (any) throw OtherProcessFailed("another process of the sweep failed");
}

CheckpointedSweep sweepWithCheckpoints(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                                       const ModelPredicate& model,
                                       const SweepOptions& options,
                                       const CheckpointOptions& checkpoint,
                                       const ParameterPoint& model_metadata,
                                       const WorkSharing& sharing) {
  const std::size_t total = detail::validateSweep(axes, fixed, model, options.refine_tolerance);
  const BoundPredicate predicate = detail::bindToSweep(axes, fixed, model);
  if (checkpoint.directory.empty()) throw InvalidInput("checkpoint folder not given");
  if (checkpoint.block_points == 0 || checkpoint.block_edges == 0) {
    throw InvalidInput("checkpoint block sizes must be positive");
  }
  const auto t0 = std::chrono::steady_clock::now();
  const std::string& dir = checkpoint.directory;
  const std::string manifest =
      detail::manifestText(axes, fixed, options, checkpoint, model_metadata, total, "uniform");
  const std::string digest = detail::manifestDigest(manifest);
  runAgreed(sharing, [&] {
    if (sharing.rank == 0) detail::prepareCheckpointFolder(dir, manifest, checkpoint.resume);
  });

  CheckpointedSweep out;
  out.result.axes = axes;
  out.result.fixed = fixed;

  // Grid phase.
  const Blocks grid{total, checkpoint.block_points};
  std::pair<std::size_t, std::size_t> grid_counts;
  runAgreed(sharing, [&] {
    grid_counts = detail::forEachBlock(
        sharing, 0, grid.count(), dir, kGrid,
        [&](std::size_t k) {
          std::vector<PointVerdict> verdicts(grid.size(k));
          parallelFor(verdicts.size(), options.threads, [&](std::size_t i) {
            verdicts[i] = predicate(detail::gridValues(axes, grid.begin(k) + i));
          });
          detail::writeGridBlock(blockPath(dir, kGrid, k), k, verdicts, digest);
        },
        [&](std::size_t k) {
          (void)detail::readGridBlock(blockPath(dir, kGrid, k), k, grid.size(k), digest);
        },
        options.progress);
  });
  out.blocks_computed += grid_counts.first;
  out.blocks_reused += grid_counts.second;

  const bool refine = options.refine_tolerance > 0.0;
  if (sharing.rank != 0 && !refine) return out;
  std::vector<SweepPoint> points(total);
  const auto read_grid = [&] {
    for (std::size_t k = 0; k < grid.count(); ++k) {
      const auto verdicts =
          detail::readGridBlock(blockPath(dir, kGrid, k), k, grid.size(k), digest);
      for (std::size_t i = grid.begin(k); i < grid.end(k); ++i) {
        points[i].values = detail::gridValues(axes, i);
        points[i].verdict = verdicts[i - grid.begin(k)];
      }
    }
  };
  // With refinement every process reads the grid (and then meets the others); without, rank 0
  // alone does (the others have returned).
  if (refine) {
    runAgreed(sharing, read_grid);
  } else {
    read_grid();
  }

  std::vector<BoundaryPoint> boundary;
  std::size_t refine_calls = 0;
  if (refine) {
    const std::vector<detail::GridEdge> edges = detail::boundaryEdges(axes, points);
    const Blocks edge_blocks{edges.size(), checkpoint.block_edges};
    std::pair<std::size_t, std::size_t> edge_counts;
    runAgreed(sharing, [&] {
      edge_counts = detail::forEachBlock(
          sharing, 1, edge_blocks.count(), dir, kEdges,
          [&](std::size_t k) {
            std::vector<RefinedEdge> refined(edge_blocks.size(k));
            parallelFor(refined.size(), options.threads, [&](std::size_t i) {
              refined[i].point = detail::refineEdge(predicate, points,
                                                    edges[edge_blocks.begin(k) + i],
                                                    options.refine_tolerance, refined[i].calls);
            });
            detail::writeEdgeBlock(blockPath(dir, kEdges, k), k, refined, digest);
          },
          [&](std::size_t k) {
            (void)detail::readEdgeBlock(blockPath(dir, kEdges, k), k, edge_blocks.size(k),
                                        axes.size(), digest);
          },
          {});
    });
    out.blocks_computed += edge_counts.first;
    out.blocks_reused += edge_counts.second;
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
