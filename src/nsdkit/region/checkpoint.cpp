#include <nsdkit/region/checkpoint.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/region/sweep_detail.hpp>

#ifndef NSDKIT_VERSION
#define NSDKIT_VERSION "unknown"
#endif

namespace nsd::region {
namespace {

namespace fs = std::filesystem;

constexpr char kFormat[] = "nsdkit-sweep-checkpoint/1";
constexpr char kMagic[8] = {'N', 'S', 'D', 'K', 'B', 'L', 'K', '1'};
enum Phase : std::uint8_t { kGrid = 0, kEdges = 1 };

// FNV-1a, 64 bit: detects a damaged block (not an adversary).
std::uint64_t checksum(const char* data, std::size_t size) {
  std::uint64_t h = 1469598103934665603ULL;
  for (std::size_t i = 0; i < size; ++i) {
    h ^= static_cast<unsigned char>(data[i]);
    h *= 1099511628211ULL;
  }
  return h;
}

// Little binary encoder/decoder of block files (host byte order: a checkpoint is read back by
// the same build on the same kind of machine; the manifest records the version).
class Encoder {
 public:
  template <class T>
  void put(T value) {
    const auto* p = reinterpret_cast<const char*>(&value);
    bytes_.append(p, sizeof(T));
  }
  void putString(const std::string& s) {
    put<std::uint32_t>(static_cast<std::uint32_t>(s.size()));
    bytes_ += s;
  }
  std::string finish() {
    put<std::uint64_t>(checksum(bytes_.data(), bytes_.size()));
    return std::move(bytes_);
  }

 private:
  std::string bytes_;
};

class Decoder {
 public:
  Decoder(std::string bytes, std::string file) : bytes_(std::move(bytes)), file_(std::move(file)) {
    if (bytes_.size() < sizeof(kMagic) + sizeof(std::uint64_t)) fail("truncated");
    std::uint64_t stored;
    std::memcpy(&stored, bytes_.data() + bytes_.size() - sizeof(stored), sizeof(stored));
    end_ = bytes_.size() - sizeof(stored);
    if (checksum(bytes_.data(), end_) != stored) fail("checksum mismatch");
    if (std::memcmp(bytes_.data(), kMagic, sizeof(kMagic)) != 0) fail("not a block file");
    pos_ = sizeof(kMagic);
  }
  template <class T>
  T get() {
    if (pos_ + sizeof(T) > end_) fail("truncated record");
    T value;
    std::memcpy(&value, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return value;
  }
  std::string getString() {
    const auto n = get<std::uint32_t>();
    if (pos_ + n > end_) fail("truncated string");
    std::string s = bytes_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  void expectEnd() const {
    if (pos_ != end_) fail("trailing bytes");
  }
  [[noreturn]] void fail(const std::string& why) const {
    throw InvalidInput("corrupt checkpoint block '" + file_ + "': " + why +
                       " (remove the folder to start the sweep again)");
  }

 private:
  std::string bytes_, file_;
  std::size_t pos_ = 0, end_ = 0;
};

std::string blockPath(const std::string& dir, Phase phase, std::size_t k) {
  return dir + (phase == kGrid ? "/grid-" : "/edges-") + std::to_string(k) + ".blk";
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InvalidInput("cannot read checkpoint file '" + path + "'");
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

Encoder blockHeader(Phase phase, std::size_t k, std::size_t count) {
  Encoder e;
  for (char c : kMagic) e.put<char>(c);
  e.put<std::uint8_t>(phase);
  e.put<std::uint64_t>(k);
  e.put<std::uint64_t>(count);
  return e;
}

void checkHeader(Decoder& d, Phase phase, std::size_t k, std::size_t count) {
  if (d.get<std::uint8_t>() != phase) d.fail("wrong phase");
  if (d.get<std::uint64_t>() != k) d.fail("wrong block index");
  if (d.get<std::uint64_t>() != count) d.fail("wrong record count");
}

void writeBlock(const std::string& path, const std::string& bytes) {
  writeFileAtomically(path, [&](std::ostream& out) {
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  });
}

void writeGridBlock(const std::string& path, std::size_t k,
                    const std::vector<PointVerdict>& verdicts) {
  Encoder e = blockHeader(kGrid, k, verdicts.size());
  for (const auto& v : verdicts) {
    e.put<std::uint8_t>(v.realizable ? 1 : 0);
    e.put<std::uint8_t>(v.uncertain ? 1 : 0);
    e.putString(v.label);
  }
  writeBlock(path, e.finish());
}

std::vector<PointVerdict> readGridBlock(const std::string& path, std::size_t k, std::size_t count) {
  Decoder d(readFile(path), path);
  checkHeader(d, kGrid, k, count);
  std::vector<PointVerdict> verdicts(count);
  for (auto& v : verdicts) {
    v.realizable = d.get<std::uint8_t>() != 0;
    v.uncertain = d.get<std::uint8_t>() != 0;
    v.label = d.getString();
  }
  d.expectEnd();
  return verdicts;
}

struct RefinedEdge {
  BoundaryPoint point;
  std::size_t calls = 0;
};

void writeEdgeBlock(const std::string& path, std::size_t k, const std::vector<RefinedEdge>& edges) {
  Encoder e = blockHeader(kEdges, k, edges.size());
  for (const auto& r : edges) {
    e.put<std::uint64_t>(r.calls);
    e.put<std::uint64_t>(r.point.axis);
    e.put<double>(r.point.bracket_width);
    e.putString(r.point.outside_label);
    e.put<std::uint64_t>(r.point.values.size());
    for (double v : r.point.values) e.put<double>(v);
  }
  writeBlock(path, e.finish());
}

std::vector<RefinedEdge> readEdgeBlock(const std::string& path, std::size_t k, std::size_t count,
                                       std::size_t dims) {
  Decoder d(readFile(path), path);
  checkHeader(d, kEdges, k, count);
  std::vector<RefinedEdge> edges(count);
  for (auto& r : edges) {
    r.calls = d.get<std::uint64_t>();
    r.point.axis = d.get<std::uint64_t>();
    r.point.bracket_width = d.get<double>();
    r.point.outside_label = d.getString();
    r.point.inside_label = "realizable";
    if (d.get<std::uint64_t>() != dims) d.fail("wrong number of axes");
    r.point.values.resize(dims);
    for (double& v : r.point.values) v = d.get<double>();
  }
  d.expectEnd();
  return edges;
}

std::string manifestText(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                         const SweepOptions& options, const CheckpointOptions& c,
                         const ParameterPoint& model, std::size_t total) {
  nlohmann::json axes_json = nlohmann::json::array();
  for (const Axis& a : axes) {
    axes_json.push_back(
        {{"name", a.name}, {"lower", a.lower}, {"upper", a.upper}, {"count", a.count}});
  }
  const nlohmann::json j{{"format", kFormat},
                         {"nsdkit_version", NSDKIT_VERSION},
                         {"model", model},
                         {"axes", axes_json},
                         {"fixed", fixed},
                         {"refine_tolerance", options.refine_tolerance},
                         {"block_points", c.block_points},
                         {"block_edges", c.block_edges},
                         {"grid_points", total}};
  return j.dump(2) + "\n";
}

// The first top-level field in which two manifests differ (for the refusal message).
std::string firstDifference(const std::string& recorded, const std::string& wanted) {
  try {
    const auto a = nlohmann::json::parse(recorded);
    const auto b = nlohmann::json::parse(wanted);
    for (const auto& [key, value] : b.items()) {
      if (!a.contains(key) || a[key] != value) return key;
    }
  } catch (const std::exception&) {
    return "the manifest itself (not valid JSON)";
  }
  return "formatting";
}

// `items` records cut into blocks of `per_block`; the last block may be shorter.
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
std::pair<std::size_t, std::size_t> forEachBlock(
    const WorkSharing& sharing, int phase, std::size_t blocks, const std::string& dir,
    Phase file_phase, Compute&& compute, Verify&& verify,
    const std::function<void(std::size_t, std::size_t)>& progress) {
  std::atomic<std::size_t> local{0};
  auto next = [&] { return sharing.next_block ? sharing.next_block(phase) : local.fetch_add(1); };
  std::size_t computed = 0, reused = 0;
  for (std::size_t k = next(); k < blocks; k = next()) {
    if (fs::exists(blockPath(dir, file_phase, k))) {
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

}  // namespace

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
  const std::string manifest_path = dir + "/manifest.json";
  const std::string manifest =
      manifestText(axes, fixed, options, checkpoint, model_metadata, total);
  auto barrier = [&] {
    if (sharing.barrier) sharing.barrier();
  };
  if (sharing.rank == 0) {
    // --resume names a sweep to continue: a missing folder is a mistyped path, not a new sweep
    // (a requeued job creates the folder empty before its first run; see docs/command_line.md).
    if (checkpoint.resume && !fs::is_directory(dir)) {
      throw InvalidInput("--resume: no checkpoint folder '" + dir +
                         "' (create it empty to start a sweep that can be resumed)");
    }
    fs::create_directories(dir);
    if (!fs::exists(manifest_path)) {
      for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() == ".blk") {
          throw InvalidInput("checkpoint folder '" + dir +
                             "' holds blocks but no manifest.json: refusing to take blocks of an "
                             "unknown sweep");
        }
      }
    }
    if (fs::exists(manifest_path)) {
      if (!checkpoint.resume) {
        throw InvalidInput("checkpoint folder '" + dir +
                           "' already holds a sweep: pass --resume to continue it, or remove it");
      }
      // Blocks in progress when the last run was killed left temporary files: remove them.
      for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().filename().string().find(".tmp-nsdkit-") != std::string::npos) {
          std::error_code ec;
          fs::remove(entry.path(), ec);
        }
      }
      const std::string recorded = readFile(manifest_path);
      if (recorded != manifest) {
        throw InvalidInput("checkpoint folder '" + dir + "' was written for another sweep (" +
                           firstDifference(recorded, manifest) +
                           " differs): refusing to mix it in");
      }
    } else {
      writeFileAtomically(manifest_path, [&](std::ostream& out) { out << manifest; });
    }
  }
  barrier();

  CheckpointedSweep out;
  out.result.axes = axes;
  out.result.fixed = fixed;

  // Grid phase.
  const Blocks grid{total, checkpoint.block_points};
  const auto [grid_computed, grid_reused] = forEachBlock(
      sharing, 0, grid.count(), dir, kGrid,
      [&](std::size_t k) {
        std::vector<PointVerdict> verdicts(grid.size(k));
        parallelFor(verdicts.size(), options.threads, [&](std::size_t i) {
          verdicts[i] = detail::evaluateAt(axes, fixed, predicate,
                                           detail::gridValues(axes, grid.begin(k) + i));
        });
        writeGridBlock(blockPath(dir, kGrid, k), k, verdicts);
      },
      [&](std::size_t k) { (void)readGridBlock(blockPath(dir, kGrid, k), k, grid.size(k)); },
      options.progress);
  out.blocks_computed += grid_computed;
  out.blocks_reused += grid_reused;
  barrier();

  const bool refine = options.refine_tolerance > 0.0;
  if (sharing.rank != 0 && !refine) return out;
  std::vector<SweepPoint> points(total);
  for (std::size_t k = 0; k < grid.count(); ++k) {
    const auto verdicts = readGridBlock(blockPath(dir, kGrid, k), k, grid.size(k));
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
    const auto [edge_computed, edge_reused] = forEachBlock(
        sharing, 1, edge_blocks.count(), dir, kEdges,
        [&](std::size_t k) {
          std::vector<RefinedEdge> refined(edge_blocks.size(k));
          parallelFor(refined.size(), options.threads, [&](std::size_t i) {
            refined[i].point =
                detail::refineEdge(axes, fixed, predicate, points, edges[edge_blocks.begin(k) + i],
                                   options.refine_tolerance, refined[i].calls);
          });
          writeEdgeBlock(blockPath(dir, kEdges, k), k, refined);
        },
        [&](std::size_t k) {
          (void)readEdgeBlock(blockPath(dir, kEdges, k), k, edge_blocks.size(k), axes.size());
        },
        {});
    out.blocks_computed += edge_computed;
    out.blocks_reused += edge_reused;
    barrier();
    if (sharing.rank != 0) return out;
    boundary.reserve(edges.size());
    for (std::size_t k = 0; k < edge_blocks.count(); ++k) {
      for (auto& r :
           readEdgeBlock(blockPath(dir, kEdges, k), k, edge_blocks.size(k), axes.size())) {
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
