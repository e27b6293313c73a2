#include <nsdkit/region/checkpoint_blocks.hpp>

#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include <nsdkit/core/checksum.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/subprocess.hpp>
#include <nsdkit/core/sha256.hpp>
#include <nsdkit/region/streamed_sweep.hpp>

#ifndef NSDKIT_VERSION
#define NSDKIT_VERSION "unknown"
#endif

namespace nsd::region::detail {
namespace {

namespace fs = std::filesystem;

// Format 2: a grid point is two bytes (flags, escape code) instead of its label's text.
// Format 3: every block carries the SHA-256 of its sweep's manifest (a block of another sweep
// with the right index and size is refused by name).
constexpr char kFormat[] = "nsdkit-sweep-checkpoint/3";
constexpr char kMagic[8] = {'N', 'S', 'D', 'K', 'B', 'L', 'K', '3'};
enum PointFlag : std::uint8_t { kRealizable = 1, kUncertain = 2 };

// FNV-1a, 64 bit: detects a damaged block (not an adversary).
std::uint64_t checksum(const char* data, std::size_t size) { return fnv1a64(data, size); }

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

Encoder blockHeader(Phase phase, std::size_t k, std::size_t count, const std::string& digest) {
  Encoder e;
  for (char c : kMagic) e.put<char>(c);
  e.putString(digest);
  e.put<std::uint8_t>(phase);
  e.put<std::uint64_t>(k);
  e.put<std::uint64_t>(count);
  return e;
}

void checkHeader(Decoder& d, Phase phase, std::size_t k, std::size_t count,
                 const std::string& digest) {
  if (d.getString() != digest) {
    d.fail("it belongs to another sweep (the digest of its manifest differs)");
  }
  if (d.get<std::uint8_t>() != phase) d.fail("wrong phase");
  if (d.get<std::uint64_t>() != k) d.fail("wrong block index");
  if (d.get<std::uint64_t>() != count) d.fail("wrong record count");
}

constexpr std::uintmax_t kChecksumBytes = sizeof(std::uint64_t);
/// Longest label an edge record carries ("contact_loss" and the like are far shorter).
constexpr std::size_t kMaxLabelBytes = 64;

/// The bytes of a block's header (blockHeader) for a sweep of manifest digest `digest`.
std::uintmax_t blockHeaderBytes(const std::string& digest) {
  return sizeof(kMagic) + sizeof(std::uint32_t) + digest.size() + 1 + 2 * sizeof(std::uint64_t);
}

void writeBlock(const std::string& path, const std::string& bytes) {
  writeFileAtomically(path, [&](std::ostream& out) {
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  });
}

// Blocks in progress when a run was killed left temporary files of writeFileAtomically
// (`<file>.tmp-nsdkit-<pid>-<16 hex digits>`): removes exactly those of the folder's own files
// (manifest.json, grid-N.blk, edges-N.blk) whose process is gone. A user's file that merely
// contains the marker and a live run's temporary are left alone.
// Whether `text` is 1 to `most` characters, each satisfying `allowed`.
template <class Allowed>
bool runOf(const std::string& text, std::size_t most, Allowed allowed) {
  return !text.empty() && text.size() <= most && std::all_of(text.begin(), text.end(), allowed);
}

// The pid of a temporary of one of the folder's own files, `<own>.tmp-nsdkit-<pid>[-<16 hex>]`,
// or -1 when `name` is not one. (Parsed by hand: GCC 12's <regex> warns under ASan at -O1.)
long ownTemporaryPid(const std::string& name) {
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto hex = [&](char c) { return digit(c) || (c >= 'a' && c <= 'f'); };
  const std::string marker = ".tmp-nsdkit-";
  const std::size_t at = name.find(marker);
  if (at == std::string::npos) return -1;
  const std::string own = name.substr(0, at), tag = name.substr(at + marker.size());
  bool own_file = own == "manifest.json";
  for (const std::string kind : {"grid-", "edges-"}) {
    if (own.rfind(kind, 0) == 0 && own.size() > kind.size() + 4 &&
        own.compare(own.size() - 4, 4, ".blk") == 0) {
      const std::string number = own.substr(kind.size(), own.size() - kind.size() - 4);
      own_file = own_file || runOf(number, 20, digit);
    }
  }
  const std::size_t dash = tag.find('-');
  const std::string pid = tag.substr(0, dash);
  if (!own_file || !runOf(pid, 9, digit)) return -1;
  if (dash != std::string::npos) {
    const std::string random = tag.substr(dash + 1);
    if (random.size() != 16 || !runOf(random, 16, hex)) return -1;
  }
  return std::stol(pid);
}

void removeTemporariesOfKilledRuns(const std::string& dir) {
  std::error_code ec;
  std::vector<fs::path> left;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const long pid = ownTemporaryPid(it->path().filename().string());
    if (pid < 0) continue;
    const bool gone = processHasEnded(pid);
    if (gone && it->symlink_status(ec).type() == fs::file_type::regular) left.push_back(it->path());
  }
  for (const fs::path& file : left) fs::remove(file, ec);
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

}  // namespace

std::string blockPath(const std::string& dir, Phase phase, std::size_t k) {
  return dir + (phase == kGrid ? "/grid-" : "/edges-") + std::to_string(k) + ".blk";
}

std::string readFile(const std::string& path, std::uintmax_t max_bytes) {
  // A file is never read past `max_bytes`: its size is checked first, and at most max_bytes + 1
  // bytes are read (a file growing meanwhile is refused, not read whole).
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    throw InvalidInput("checkpoint file " + quoteInput(path) + " is not a regular file");
  }
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec || size > max_bytes) {
    throw InvalidInput("checkpoint file " + quoteInput(path) + " is larger than the " +
                       std::to_string(max_bytes) + " bytes it can hold" +
                       " (remove the folder to start the sweep again)");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InvalidInput("cannot read checkpoint file " + quoteInput(path));
  std::string bytes(static_cast<std::size_t>(size) + 1, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (static_cast<std::uintmax_t>(in.gcount()) != size) {
    throw InvalidInput("checkpoint file " + quoteInput(path) + " changed while it was read");
  }
  bytes.resize(static_cast<std::size_t>(size));
  return bytes;
}

std::string manifestDigest(const std::string& manifest) { return sha256Hex(manifest); }

void writeGridBlock(const std::string& path, std::size_t k,
                    const std::vector<PointVerdict>& verdicts, const std::string& digest) {
  Encoder e = blockHeader(kGrid, k, verdicts.size(), digest);
  for (const auto& v : verdicts) {
    e.put<std::uint8_t>(static_cast<std::uint8_t>((v.realizable ? kRealizable : 0) |
                                                  (v.uncertain ? kUncertain : 0)));
    e.put<std::uint8_t>(v.escapes.bits());
  }
  writeBlock(path, e.finish());
}

std::vector<PointVerdict> readGridBlock(const std::string& path, std::size_t k, std::size_t count,
                                        const std::string& digest) {
  Decoder d(readFile(path, blockHeaderBytes(digest) + 2 * std::uintmax_t{count} + kChecksumBytes),
            path);
  checkHeader(d, kGrid, k, count, digest);
  std::vector<PointVerdict> verdicts(count);
  for (auto& v : verdicts) {
    const auto flags = d.get<std::uint8_t>();
    if (flags & ~(kRealizable | kUncertain)) d.fail("bad point flags");
    v.realizable = (flags & kRealizable) != 0;
    v.uncertain = (flags & kUncertain) != 0;
    const auto code = d.get<std::uint8_t>();
    if (code >= 32) d.fail("bad escape code");
    v.escapes = contact::EscapeSet::fromBits(code);
  }
  d.expectEnd();
  return verdicts;
}

void writeEdgeBlock(const std::string& path, std::size_t k, const std::vector<RefinedEdge>& edges,
                    const std::string& digest) {
  Encoder e = blockHeader(kEdges, k, edges.size(), digest);
  for (const auto& r : edges) {
    e.put<std::uint64_t>(r.calls);
    e.put<std::uint64_t>(r.point.axis);
    e.put<double>(r.point.bracket_width);
    e.putString(r.point.outside_label());
    e.put<std::uint64_t>(r.point.values.size());
    for (double v : r.point.values) e.put<double>(v);
  }
  writeBlock(path, e.finish());
}

std::vector<RefinedEdge> readEdgeBlock(const std::string& path, std::size_t k, std::size_t count,
                                       std::size_t dims, const std::string& digest) {
  // An edge record: calls, axis, width, label (length and text), axis count, the coordinates.
  const std::uintmax_t record = 4 * 8 + 4 + kMaxLabelBytes + 8 * std::uintmax_t{dims};
  Decoder d(readFile(path, blockHeaderBytes(digest) + record * count + kChecksumBytes), path);
  checkHeader(d, kEdges, k, count, digest);
  std::vector<RefinedEdge> edges(count);
  for (auto& r : edges) {
    r.calls = d.get<std::uint64_t>();
    r.point.axis = d.get<std::uint64_t>();
    r.point.bracket_width = d.get<double>();
    const std::string label = d.getString();
    if (label.size() > kMaxLabelBytes) d.fail("a label longer than any label");
    try {
      r.point.outside_escapes = contact::parseVerdictLabel(label);
    } catch (const InvalidInput&) {
      d.fail("an escape label that is not one");
    }
    if (d.get<std::uint64_t>() != dims) d.fail("wrong number of axes");
    r.point.values.resize(dims);
    for (double& v : r.point.values) v = d.get<double>();
  }
  d.expectEnd();
  return edges;
}

std::string manifestText(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                         const SweepOptions& options, const CheckpointOptions& c,
                         const ParameterPoint& model, std::size_t total,
                         const std::string& layout) {
  nlohmann::json axes_json = nlohmann::json::array();
  for (const Axis& a : axes) {
    axes_json.push_back(
        {{"name", a.name}, {"lower", a.lower}, {"upper", a.upper}, {"count", a.count}});
  }
  nlohmann::json j{{"format", kFormat},
                   {"nsdkit_version", NSDKIT_VERSION},
                   {"model", model},
                   {"axes", axes_json},
                   {"fixed", fixed},
                   {"refine_tolerance", options.refine_tolerance},
                   {"block_points", c.block_points},
                   {"block_edges", c.block_edges},
                   {"grid_points", total}};
  // (Uniform blocks, the layout of the first format version, are not named: their folders
  // written before the streamed layout existed still resume.)
  if (layout != "uniform") j["block_layout"] = layout;
  return j.dump(2) + "\n";
}

void prepareCheckpointFolder(const std::string& dir, const std::string& manifest, bool resume) {
  const std::string manifest_path = dir + "/manifest.json";
  // --resume names a sweep to continue: a missing folder is a mistyped path, not a new sweep
  // (a requeued job creates the folder empty before its first run; see docs/command_line.md).
  if (resume && !fs::is_directory(dir)) {
    throw InvalidInput("--resume: no checkpoint folder '" + dir +
                       "' (create it empty to start a sweep that can be resumed)");
  }
  std::error_code ec;
  if (fs::exists(fs::symlink_status(dir, ec)) && !fs::is_directory(dir, ec)) {
    throw InvalidInput("--checkpoint " + quoteInput(dir) + " exists and is not a folder");
  }
  fs::create_directories(dir, ec);
  if (ec) {
    throw InvalidInput("--checkpoint " + quoteInput(dir) + ": cannot create the folder (" +
                       ec.message() + ")");
  }
  if (!fs::exists(manifest_path)) {
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().extension() == ".blk") {
        throw InvalidInput("checkpoint folder '" + dir +
                           "' holds blocks but no manifest.json: refusing to take blocks of an "
                           "unknown sweep");
      }
    }
    writeFileAtomically(manifest_path, [&](std::ostream& out) { out << manifest; });
    return;
  }
  if (!resume) {
    throw InvalidInput("checkpoint folder '" + dir +
                       "' already holds a sweep: pass --resume to continue it, or remove it");
  }
  removeTemporariesOfKilledRuns(dir);
  const std::string recorded = readFile(manifest_path, kMaxManifestBytes);
  if (recorded != manifest) {
    throw InvalidInput("checkpoint folder '" + dir + "' was written for another sweep (" +
                       firstDifference(recorded, manifest) + " differs): refusing to mix it in");
  }
}

}  // namespace nsd::region::detail
