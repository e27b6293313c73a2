#pragma once
/// @file checkpoint_blocks.hpp
/// The files of a checkpoint folder (checkpoint.hpp describes them): block encoding with its
/// checks, the manifest, the folder's preparation on rank 0, and the loop that hands out blocks.
/// Shared by the in-memory assembly (checkpoint.cpp) and the streamed sweep
/// (streamed_sweep.cpp). Internal: not part of the public API.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nsdkit/region/checkpoint.hpp>
#include <nsdkit/region/region.hpp>

namespace nsd::region::detail {

enum Phase : std::uint8_t { kGrid = 0, kEdges = 1 };

std::string blockPath(const std::string& dir, Phase phase, std::size_t k);
/// The whole regular file `path`, refused (InvalidInput naming it) before reading if it holds
/// more than `max_bytes` bytes: a block is read bounded by the size its header implies.
std::string readFile(const std::string& path, std::uintmax_t max_bytes);
/// Largest manifest.json a checkpoint folder may hold.
inline constexpr std::uintmax_t kMaxManifestBytes = std::uintmax_t{1} << 20;

/// The digest every block of a sweep carries: SHA-256 of its manifest text (hex).
std::string manifestDigest(const std::string& manifest);

void writeGridBlock(const std::string& path, std::size_t k,
                    const std::vector<PointVerdict>& verdicts, const std::string& digest);
/// @throws InvalidInput naming the file for a block that fails any check, a block of another
///         sweep (its manifest digest differs from `digest`) included.
std::vector<PointVerdict> readGridBlock(const std::string& path, std::size_t k, std::size_t count,
                                        const std::string& digest);

/// A refined boundary point and the predicate calls it took.
struct RefinedEdge {
  BoundaryPoint point;
  std::size_t calls = 0;
};
void writeEdgeBlock(const std::string& path, std::size_t k, const std::vector<RefinedEdge>& edges,
                    const std::string& digest);
std::vector<RefinedEdge> readEdgeBlock(const std::string& path, std::size_t k, std::size_t count,
                                       std::size_t dims, const std::string& digest);

/// The manifest of a sweep; `layout` names the block layout ("uniform" for CSV/JSON outputs,
/// "chunks" for the streamed HDF5 output), so that a folder of one is never resumed as the other.
std::string manifestText(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                         const SweepOptions& options, const CheckpointOptions& c,
                         const ParameterPoint& model, std::size_t total, const std::string& layout);

/// Rank 0's preparation of the folder: refuses a missing folder on resume, blocks without a
/// manifest, an existing sweep without resume and a manifest that differs from `manifest`;
/// removes the temporary files of blocks killed in progress; writes the manifest of a new sweep.
void prepareCheckpointFolder(const std::string& dir, const std::string& manifest, bool resume);

/// `items` records cut into blocks of `per_block`; the last block may be shorter.
struct Blocks {
  std::size_t items, per_block;
  std::size_t count() const { return (items + per_block - 1) / per_block; }
  std::size_t begin(std::size_t k) const { return k * per_block; }
  std::size_t end(std::size_t k) const { return std::min(items, (k + 1) * per_block); }
  std::size_t size(std::size_t k) const { return end(k) - begin(k); }
};

// Runs `compute(k)` for every block index handed out to this process, skipping blocks whose file
// already exists (checked by `verify(k)`). Returns (computed, reused).
template <class Compute, class Verify>
inline std::pair<std::size_t, std::size_t> forEachBlock(
    const WorkSharing& sharing, int phase, std::size_t blocks, const std::string& dir,
    Phase file_phase, Compute&& compute, Verify&& verify,
    const std::function<void(std::size_t, std::size_t)>& progress) {
  std::atomic<std::size_t> local{0};
  auto next = [&] { return sharing.next_block ? sharing.next_block(phase) : local.fetch_add(1); };
  std::size_t computed = 0, reused = 0;
  for (std::size_t k = next(); k < blocks; k = next()) {
    if (std::filesystem::exists(blockPath(dir, file_phase, k))) {
      verify(k);
      ++reused;
    } else {
      compute(k);
      ++computed;
    }
    if (progress) progress(k + 1, blocks);
  }
  return {computed, reused};
}

}  // namespace nsd::region::detail
