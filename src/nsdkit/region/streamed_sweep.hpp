#pragma once
/// @file streamed_sweep.hpp
/// Sweeps of any size: the grid is computed block by block and each block handed to a SweepSink
/// (an HDF5 file: hdf5/sweep_file.hpp) as soon as it is written, so that no process ever holds
/// the whole grid. With several processes (MPI ranks) every process computes blocks (handed out
/// dynamically, as in checkpoint.hpp) and then writes its share of them itself: there is no
/// rank that assembles the result.
///
/// The blocks are contiguous ranges of grid order (row-major, last axis fastest) that are, at
/// the same time, the chunks of the k-dimensional datasets: a chunk has the shape
/// (1, ..., 1, c, n_{j+1}, ..., n_{k-1}), whole trailing axes and c values of axis j, so every
/// block is one chunk and no two processes ever write into the same chunk.
///
/// Memory per process: the blocks in flight (a few bytes per point of a block), plus, with
/// boundary refinement, two bytes per grid point (the realizable flags and escape codes every
/// process needs to find the boundary edges).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nsdkit/region/checkpoint.hpp>
#include <nsdkit/region/region.hpp>

namespace nsd::region {

// Escape codes: the bits of contact::EscapeSet (contact/escape_set.hpp).

/// The grid cut into chunk-aligned blocks (see the file comment).
struct ChunkedGrid {
  std::vector<std::size_t> dims;   ///< points per axis
  std::vector<std::size_t> chunk;  ///< chunk shape (one block)
  std::size_t chunk_axis = 0;      ///< j: the axis along which a chunk holds c values
  std::size_t tail = 1;            ///< points of one value of axis j (product of later axes)
  std::size_t per_row = 1;         ///< blocks along axis j
  std::size_t outer = 1;           ///< product of the axes before j

  std::size_t points() const;  ///< grid points: the product of dims
  std::size_t blocks() const { return outer * per_row; }  ///< number of blocks
  std::size_t begin(std::size_t k) const;  ///< first grid index of block k
  std::size_t end(std::size_t k) const;    ///< one past its last
};

/// The chunked grid of `axes` whose blocks hold at most `block_points` points (>= 1): as many
/// whole trailing axes as fit, then as many values of the next axis as fit.
ChunkedGrid chunkedGrid(const std::vector<Axis>& axes, std::size_t block_points);

/// The verdicts of one block (empty on a process with no block in this round).
struct GridBlock {
  std::size_t begin = 0;  ///< first grid index
  std::vector<std::uint8_t> realizable;  ///< 1: realizable, per point
  std::vector<std::uint8_t> escapes;     ///< escape code (contact::EscapeSet bits), per point
  std::vector<std::uint8_t> uncertain;   ///< 1: the search was possibly incomplete, per point
  std::size_t size() const { return realizable.size(); }  ///< points in the block
};

/// Refined boundary points [begin, begin + size) in edge order.
struct BoundaryBlock {
  std::size_t begin = 0;              ///< index of the first point among all boundary points
  std::vector<BoundaryPoint> points;  ///< the refined points
  std::vector<std::uint64_t> predicate_calls;  ///< bisection calls of each point
};

/// Receives a streamed sweep. Every process calls each method the same number of times and in
/// the same order (an HDF5 file written with collective I/O): a process with nothing to write in
/// a round passes an empty block.
class SweepSink {
 public:
  virtual ~SweepSink() = default;  ///< destroys the sink
  /// Writes one grid block (empty on a process with no block in this round).
  virtual void writeGrid(const GridBlock& block) = 0;
  /// Called once, after the grid, with the number of boundary points (0 without refinement).
  virtual void beginBoundary(std::size_t points) = 0;
  /// Writes one block of boundary points, after beginBoundary (empty: none in this round).
  virtual void writeBoundary(const BoundaryBlock& block) = 0;
  /// Completes the output (e.g. renames the finished file into place).
  virtual void finish() = 0;
};

/// What a streamed sweep did (on this process).
struct StreamedSweepReport {
  std::size_t grid_points = 0;        ///< points of the whole grid
  std::size_t realizable_points = 0;  ///< among the blocks this process wrote
  std::size_t boundary_points = 0;    ///< refined boundary points (0 without refinement)
  std::size_t blocks_computed = 0;    ///< grid and edge blocks this process computed
  std::size_t blocks_reused = 0;      ///< blocks found finished in the checkpoint folder
  double seconds = 0.0;               ///< wall time [s]
};

/// Runs the sweep of `sweep()` into `sink`. Without a checkpoint folder (checkpoint.directory
/// empty; one process only) each block goes to the sink as soon as it is computed. With one,
/// blocks are first saved in the folder (killed sweeps resume, processes share the work), then
/// every process reads back its share and writes it: the folder is the checkpoint (a file being
/// written when the job is killed is not a safe one), the sink's output is rewritten from it.
/// @throws InvalidInput for the errors of sweep() (without its in-memory cap) and of
///         sweepWithCheckpoints(), and for an escape code outside the five bits.
StreamedSweepReport sweepIntoSink(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                                  const ModelPredicate& predicate, const SweepOptions& options,
                                  const CheckpointOptions& checkpoint,
                                  const ParameterPoint& model_metadata, const WorkSharing& sharing,
                                  SweepSink& sink);

}  // namespace nsd::region
