#include <nsdkit/region/streamed_sweep.hpp>

#include <algorithm>
#include <chrono>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/region/checkpoint_blocks.hpp>
#include <nsdkit/region/sweep_detail.hpp>

namespace nsd::region {

std::size_t ChunkedGrid::points() const {
  std::size_t n = 1;
  for (std::size_t d : dims) n *= d;
  return n;
}

std::size_t ChunkedGrid::begin(std::size_t k) const {
  const std::size_t c = chunk[chunk_axis], n = dims[chunk_axis];
  return ((k / per_row) * n + (k % per_row) * c) * tail;
}

std::size_t ChunkedGrid::end(std::size_t k) const {
  const std::size_t c = chunk[chunk_axis], n = dims[chunk_axis];
  return ((k / per_row) * n + std::min(n, (k % per_row + 1) * c)) * tail;
}

ChunkedGrid chunkedGrid(const std::vector<Axis>& axes, std::size_t block_points) {
  if (axes.empty()) throw InvalidInput("a sweep needs at least one axis");
  if (block_points == 0) throw InvalidInput("block points must be positive");
  ChunkedGrid g;
  for (const Axis& a : axes) g.dims.push_back(static_cast<std::size_t>(std::max(a.count, 1)));
  std::size_t j = g.dims.size() - 1, tail = 1;
  while (j > 0 && tail * g.dims[j] <= block_points) tail *= g.dims[j--];
  const std::size_t c = std::clamp<std::size_t>(block_points / tail, 1, g.dims[j]);
  g.chunk.assign(g.dims.size(), 1);
  g.chunk[j] = c;
  for (std::size_t d = j + 1; d < g.dims.size(); ++d) g.chunk[d] = g.dims[d];
  g.chunk_axis = j;
  g.tail = tail;
  g.per_row = (g.dims[j] + c - 1) / c;
  for (std::size_t d = 0; d < j; ++d) g.outer *= g.dims[d];
  return g;
}

namespace {

GridBlock codedBlock(std::size_t begin, const std::vector<PointVerdict>& verdicts) {
  GridBlock b;
  b.begin = begin;
  b.realizable.resize(verdicts.size());
  b.escapes.resize(verdicts.size());
  b.uncertain.resize(verdicts.size());
  for (std::size_t i = 0; i < verdicts.size(); ++i) {
    b.realizable[i] = verdicts[i].realizable ? 1 : 0;
    b.escapes[i] = verdicts[i].escapes.bits();
    b.uncertain[i] = verdicts[i].uncertain ? 1 : 0;
  }
  return b;
}

// The state one sweep shares between its stages.
struct StreamedSweep {
  const std::vector<Axis>& axes;
  const ParameterPoint& fixed;
  BoundPredicate predicate;  ///< bound to the axes (fixed values appended)
  const SweepOptions& options;
  const CheckpointOptions& checkpoint;
  const WorkSharing& sharing;
  SweepSink& sink;
  ChunkedGrid grid;
  StreamedSweepReport report;
  // With refinement: every grid point's realizable flag and escape code (grid order).
  std::vector<std::uint8_t> realizable, escapes;
  std::string manifest_digest;  // with a checkpoint folder: carried by every block

  bool refine() const { return options.refine_tolerance > 0.0; }
  bool checkpointed() const { return !checkpoint.directory.empty(); }
  std::string gridPath(std::size_t k) const {
    return detail::blockPath(checkpoint.directory, detail::kGrid, k);
  }

  std::vector<PointVerdict> computeGridBlock(std::size_t k) const {
    std::vector<PointVerdict> verdicts(grid.end(k) - grid.begin(k));
    parallelFor(verdicts.size(), options.threads, [&](std::size_t i) {
      verdicts[i] = predicate(detail::gridValues(axes, grid.begin(k) + i));
    });
    return verdicts;
  }

  void remember(const GridBlock& b) {
    if (!refine()) return;
    std::copy(b.realizable.begin(), b.realizable.end(), realizable.begin() + b.begin);
    std::copy(b.escapes.begin(), b.escapes.end(), escapes.begin() + b.begin);
  }

  void write(const GridBlock& b) {
    for (std::uint8_t r : b.realizable) report.realizable_points += r;
    sink.writeGrid(b);
  }

  // One process, no folder: each block to the sink as soon as it is computed.
  void gridDirect() {
    for (std::size_t k = 0; k < grid.blocks(); ++k) {
      const GridBlock b = codedBlock(grid.begin(k), computeGridBlock(k));
      remember(b);
      write(b);
      ++report.blocks_computed;
      if (options.progress) options.progress(k + 1, grid.blocks());
    }
  }

  // Blocks into the folder (shared, resumable), then each process writes its share in rounds:
  // block round * ranks + rank, an empty block once there is none left.
  void gridCheckpointed() {
    std::pair<std::size_t, std::size_t> counts;
    runAgreed(sharing, [&] {
      counts = detail::forEachBlock(
          sharing, 0, grid.blocks(), checkpoint.directory, detail::kGrid,
          [&](std::size_t k) {
            detail::writeGridBlock(gridPath(k), k, computeGridBlock(k), manifest_digest);
          },
          [&](std::size_t k) {
            (void)detail::readGridBlock(gridPath(k), k, grid.end(k) - grid.begin(k),
                                        manifest_digest);
          },
          options.progress);
    });
    report.blocks_computed += counts.first;
    report.blocks_reused += counts.second;
    forEachRound(grid.blocks(), [&](std::size_t k, bool any) {
      GridBlock b;
      runAgreed(sharing, [&] {
        if (any) b = readCoded(k);
      });
      write(b);
    });
    if (!refine()) return;
    runAgreed(sharing, [&] {
      for (std::size_t k = 0; k < grid.blocks(); ++k) remember(readCoded(k));
    });
  }

  // The collective rounds of the output phase: in round r this process writes block
  // r * ranks + rank, or nothing (`any` false) once none is left, so that every process makes
  // the same number of calls.
  template <class Write>
  void forEachRound(std::size_t blocks, Write&& write_block) const {
    const auto ranks = static_cast<std::size_t>(std::max(sharing.ranks, 1));
    const std::size_t rounds = (blocks + ranks - 1) / ranks;
    for (std::size_t round = 0; round < rounds; ++round) {
      const std::size_t k = round * ranks + static_cast<std::size_t>(sharing.rank);
      write_block(k, k < blocks);
    }
  }

  GridBlock readCoded(std::size_t k) const {
    return codedBlock(grid.begin(k),
                      detail::readGridBlock(gridPath(k), k, grid.end(k) - grid.begin(k),
                                            manifest_digest));
  }

  std::vector<detail::RefinedEdge> refineBlock(const std::vector<detail::GridEdge>& edges,
                                               const detail::Blocks& blocks, std::size_t k) const {
    std::vector<detail::RefinedEdge> refined(blocks.size(k));
    parallelFor(refined.size(), options.threads, [&](std::size_t i) {
      const detail::GridEdge& e = edges[blocks.begin(k) + i];
      const bool a_inside = realizable[e.a] != 0;
      const std::size_t in = a_inside ? e.a : e.b, out = a_inside ? e.b : e.a;
      refined[i].point = detail::refineEdge(predicate, detail::gridValues(axes, in),
                                            detail::gridValues(axes, out),
                                            contact::EscapeSet::fromBits(escapes[out]), e.axis,
                                            options.refine_tolerance, refined[i].calls);
    });
    return refined;
  }

  static BoundaryBlock boundaryBlock(std::size_t begin,
                                     const std::vector<detail::RefinedEdge>& refined) {
    BoundaryBlock b;
    b.begin = begin;
    for (const auto& r : refined) {
      b.points.push_back(r.point);
      b.predicate_calls.push_back(r.calls);
    }
    return b;
  }

  void boundary() {
    if (!refine()) {
      sink.beginBoundary(0);
      return;
    }
    const std::vector<detail::GridEdge> edges = detail::boundaryEdges(axes, realizable);
    const detail::Blocks blocks{edges.size(), checkpoint.block_edges};
    report.boundary_points = edges.size();
    sink.beginBoundary(edges.size());
    const std::string& dir = checkpoint.directory;
    const std::size_t dims = axes.size();
    if (!checkpointed()) {
      for (std::size_t k = 0; k < blocks.count(); ++k) {
        sink.writeBoundary(boundaryBlock(blocks.begin(k), refineBlock(edges, blocks, k)));
      }
      return;
    }
    std::pair<std::size_t, std::size_t> counts;
    runAgreed(sharing, [&] {
      counts = detail::forEachBlock(
          sharing, 1, blocks.count(), dir, detail::kEdges,
          [&](std::size_t k) {
            detail::writeEdgeBlock(detail::blockPath(dir, detail::kEdges, k), k,
                                   refineBlock(edges, blocks, k), manifest_digest);
          },
          [&](std::size_t k) {
            (void)detail::readEdgeBlock(detail::blockPath(dir, detail::kEdges, k), k,
                                        blocks.size(k), dims, manifest_digest);
          },
          {});
    });
    report.blocks_computed += counts.first;
    report.blocks_reused += counts.second;
    forEachRound(blocks.count(), [&](std::size_t k, bool any) {
      BoundaryBlock b;
      runAgreed(sharing, [&] {
        if (any) {
          b = boundaryBlock(blocks.begin(k),
                            detail::readEdgeBlock(detail::blockPath(dir, detail::kEdges, k), k,
                                                  blocks.size(k), dims, manifest_digest));
        }
      });
      sink.writeBoundary(b);
    });
  }
};

}  // namespace

StreamedSweepReport sweepIntoSink(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                                  const ModelPredicate& model, const SweepOptions& options,
                                  const CheckpointOptions& checkpoint,
                                  const ParameterPoint& model_metadata, const WorkSharing& sharing,
                                  SweepSink& sink) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::size_t total = detail::validateSweep(axes, fixed, model, options.refine_tolerance,
                                                  detail::kMaxStreamedPoints);
  const BoundPredicate predicate = detail::bindToSweep(axes, fixed, model);
  if (checkpoint.block_points == 0 || checkpoint.block_edges == 0) {
    throw InvalidInput("checkpoint block sizes must be positive");
  }
  if (checkpoint.directory.empty() && sharing.ranks > 1) {
    throw InvalidInput("several processes need a checkpoint folder");
  }
  StreamedSweep s{axes,       fixed,   predicate, options,
                  checkpoint, sharing, sink,      chunkedGrid(axes, checkpoint.block_points),
                  {},         {},      {},        {}};
  s.report.grid_points = total;
  if (s.refine()) {
    s.realizable.resize(total);
    s.escapes.resize(total);
  }
  if (s.checkpointed()) {
    const std::string manifest =
        detail::manifestText(axes, fixed, options, checkpoint, model_metadata, total, "chunks");
    s.manifest_digest = detail::manifestDigest(manifest);
    runAgreed(sharing, [&] {
      if (sharing.rank == 0) {
        detail::prepareCheckpointFolder(checkpoint.directory, manifest, checkpoint.resume);
      }
    });
    s.gridCheckpointed();
  } else {
    s.gridDirect();
  }
  s.boundary();
  sink.finish();
  s.report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s.report;
}

}  // namespace nsd::region
