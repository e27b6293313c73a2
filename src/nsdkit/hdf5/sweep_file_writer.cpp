// The sweep file writer (sweep_file.hpp). Compiled twice: against serial HDF5 (createSweepFile)
// and, with NSDKIT_HDF5_PARALLEL, against parallel HDF5 (createParallelSweepFile: MPI-IO file
// driver, collective transfers: parallel HDF5 writes compressed datasets collectively only).
#include <nsdkit/hdf5/sweep_file.hpp>

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/subprocess.hpp>
#include <nsdkit/hdf5/hdf5_handles.hpp>

#ifndef NSDKIT_VERSION
#define NSDKIT_VERSION "unknown"
#endif

namespace nsd::hdf5 {
namespace {

namespace fs = std::filesystem;
using detail::check;
using detail::checked;
using detail::Handle;

using detail::kSweepFileFormat;
constexpr int kDeflateLevel = 4;

constexpr char kTemporarySuffix[] = ".tmp-nsdkit-hdf5";

/// The temporary name, in the target's folder (so the rename is atomic) and unique to this run:
/// rank 0's process id and clock, which every rank of a parallel run receives. A process left
/// over from a killed run of the same sweep removes its own temporary file when it unwinds, not
/// the file of the run that resumed it.
std::string temporaryPath(const std::string& path, bool parallel) {
  unsigned long long tag[2] = {
      static_cast<unsigned long long>(::getpid()),
      static_cast<unsigned long long>(
          std::chrono::system_clock::now().time_since_epoch().count())};
#ifdef NSDKIT_HDF5_PARALLEL
  if (parallel) MPI_Bcast(tag, 2, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
#else
  (void)parallel;
#endif
  return path + kTemporarySuffix + "-" + std::to_string(tag[0]) + "-" + std::to_string(tag[1]);
}

/// Removes the temporary files that killed runs of the sweep file `path` left (best effort):
/// exactly `<name>.tmp-nsdkit-hdf5-<pid>-<clock>` regular files whose process is gone. A user's
/// file that merely starts like one, and a concurrent run's live temporary, are left alone.
void removeLeftTemporaries(const std::string& path) {
  const fs::path target(path);
  const std::string prefix = target.filename().string() + kTemporarySuffix + "-";
  // <pid>-<clock>: 1-9 digits, '-', 1-20 digits (parsed by hand: GCC 12's <regex> warns under
  // ASan at -O1).
  const auto digits = [](const std::string& t, std::size_t most) {
    return !t.empty() && t.size() <= most &&
           std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  std::error_code ec;
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::vector<fs::path> left;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const std::string tag = name.rfind(prefix, 0) == 0 ? name.substr(prefix.size()) : "";
    const std::size_t dash = tag.find('-');
    if (dash == std::string::npos || !digits(tag.substr(0, dash), 9) ||
        !digits(tag.substr(dash + 1), 20)) {
      continue;
    }
    const auto pid = static_cast<pid_t>(std::stol(tag.substr(0, dash)));
    const bool gone = processHasEnded(pid);
    if (gone && it->symlink_status(ec).type() == fs::file_type::regular) left.push_back(it->path());
  }
  for (const auto& file : left) fs::remove(file, ec);
}

void requireRegularTarget(const std::string& path) {
  if (path.empty() || path == "-") {
    throw InvalidInput("--output '" + path + "': an HDF5 sweep needs a file path");
  }
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(path, ec);
  if (!ec && fs::exists(status) && !fs::is_regular_file(status)) {
    throw InvalidInput("--output '" + path +
                       "' exists and is not a regular file: an HDF5 sweep is written to a "
                       "regular file only");
  }
}

class SweepFileWriter final : public region::SweepSink {
 public:
  SweepFileWriter(const std::string& path, const SweepFileHeader& header, bool parallel, int rank)
      : path_(path),
        temporary_(temporaryPath(path, parallel)),
        header_(header),
        grid_(region::chunkedGrid(header.axes, header.block_points)),
        parallel_(parallel),
        rank_(rank) {
    requireRegularTarget(path);
    detail::silenceHdf5Errors();
    openFile();
    try {
      writeHeader();
      createGridDatasets();
    } catch (...) {
      discard();  // the destructor does not run for a half-constructed writer
      throw;
    }
  }

  ~SweepFileWriter() override {
    if (!finished_) discard();
  }

  void writeGrid(const region::GridBlock& block) override {
    std::vector<hsize_t> start(grid_.dims.size(), 0), count(grid_.dims.size(), 0);
    if (block.size() > 0) blockHyperslab(block, start, count);
    const std::array<const std::vector<std::uint8_t>*, 3> columns{&block.realizable, &block.escapes,
                                                                  &block.uncertain};
    for (std::size_t c = 0; c < columns.size(); ++c) {
      writeSlab(grid_sets_[c].get(), H5T_NATIVE_UINT8, columns[c]->data(), block.size(), start,
                count, "grid block");
    }
  }

  void beginBoundary(std::size_t points) override {
    const Handle group = createGroup("/boundary");
    const hsize_t m = points, k = header_.axes.size();
    boundary_sets_[0] = createDataset(group.get(), "values", H5T_NATIVE_DOUBLE, {m, k});
    boundary_sets_[1] = createDataset(group.get(), "bracket_width", H5T_NATIVE_DOUBLE, {m});
    boundary_sets_[2] = createDataset(group.get(), "axis", H5T_NATIVE_UINT8, {m});
    boundary_sets_[3] = createDataset(group.get(), "outside_escapes", H5T_NATIVE_UINT8, {m});
    boundary_sets_[4] = createDataset(group.get(), "predicate_calls", H5T_NATIVE_UINT64, {m});
  }

  void writeBoundary(const region::BoundaryBlock& block) override {
    const std::size_t n = block.points.size(), k = header_.axes.size();
    std::vector<double> values, width;
    std::vector<std::uint8_t> axis, escapes;
    for (const region::BoundaryPoint& p : block.points) {
      values.insert(values.end(), p.values.begin(), p.values.end());
      width.push_back(p.bracket_width);
      axis.push_back(static_cast<std::uint8_t>(p.axis));
      escapes.push_back(p.outside_escapes.bits());
    }
    const hsize_t begin = block.begin, rows = n;
    writeSlab(boundary_sets_[0].get(), H5T_NATIVE_DOUBLE, values.data(), n * k, {begin, 0},
              {rows, static_cast<hsize_t>(k)}, "boundary block");
    writeSlab(boundary_sets_[1].get(), H5T_NATIVE_DOUBLE, width.data(), n, {begin}, {rows},
              "boundary block");
    writeSlab(boundary_sets_[2].get(), H5T_NATIVE_UINT8, axis.data(), n, {begin}, {rows},
              "boundary block");
    writeSlab(boundary_sets_[3].get(), H5T_NATIVE_UINT8, escapes.data(), n, {begin}, {rows},
              "boundary block");
    writeSlab(boundary_sets_[4].get(), H5T_NATIVE_UINT64, block.predicate_calls.data(), n, {begin},
              {rows}, "boundary block");
  }

  void finish() override {
    if (!closeAll()) throw InvalidInput("HDF5 file '" + temporary_ + "': closing failed");
    if (rank_ == 0) {
      std::error_code ec;
      fs::rename(temporary_, path_, ec);
      if (ec) {
        throw InvalidInput("cannot move the finished HDF5 file to '" + path_ +
                           "': " + ec.message());
      }
      removeLeftTemporaries(path_);
    }
    finished_ = true;
  }

 private:
  void openFile() {
    Handle access{checked(H5Pcreate(H5P_FILE_ACCESS), temporary_, "file access list"), H5Pclose};
#ifdef NSDKIT_HDF5_PARALLEL
    if (parallel_) {
      check(H5Pset_fapl_mpio(access.get(), MPI_COMM_WORLD, MPI_INFO_NULL), temporary_,
            "cannot use MPI-IO");
      check(H5Pset_all_coll_metadata_ops(access.get(), true), temporary_, "collective metadata");
      check(H5Pset_coll_metadata_write(access.get(), true), temporary_, "collective metadata");
    }
    transfer_ = Handle{checked(H5Pcreate(H5P_DATASET_XFER), temporary_, "transfer list"), H5Pclose};
    if (parallel_) {
      check(H5Pset_dxpl_mpio(transfer_.get(), H5FD_MPIO_COLLECTIVE), temporary_,
            "collective transfers");
    }
#else
    if (parallel_) throw InvalidInput("this nsdkit was built with serial HDF5");
    transfer_ = Handle{checked(H5Pcreate(H5P_DATASET_XFER), temporary_, "transfer list"), H5Pclose};
#endif
    file_ =
        Handle{H5Fcreate(temporary_.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, access.get()), H5Fclose};
    if (!file_.valid()) {
      throw InvalidInput("--output '" + path_ + "': cannot create '" + temporary_ +
                         "' (is the folder writable? the name must be new)");
    }
  }

  Handle createGroup(const std::string& name) {
    return {checked(H5Gcreate2(file_.get(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                    temporary_, "cannot create group '" + name + "'"),
            H5Gclose};
  }

  // A dataset of `dims`, chunked and compressed when it has points (chunks: the grid's blocks
  // for k-D grid datasets, block_edges rows for boundary ones).
  Handle createDataset(hid_t group, const std::string& name, hid_t type,
                       const std::vector<hsize_t>& dims, const std::vector<hsize_t>& chunk = {}) {
    Handle space{checked(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr),
                         temporary_, "cannot create a dataspace"),
                 H5Sclose};
    Handle create{checked(H5Pcreate(H5P_DATASET_CREATE), temporary_, "creation list"), H5Pclose};
    const bool empty = std::any_of(dims.begin(), dims.end(), [](hsize_t d) { return d == 0; });
    if (!empty) {
      std::vector<hsize_t> chunk_dims = chunk;
      if (chunk_dims.empty()) {
        chunk_dims = dims;
        chunk_dims[0] = std::min<hsize_t>(dims[0], header_.block_edges);
      }
      check(H5Pset_chunk(create.get(), static_cast<int>(chunk_dims.size()), chunk_dims.data()),
            temporary_, "cannot chunk '" + name + "'");
      check(H5Pset_deflate(create.get(), kDeflateLevel), temporary_, "cannot compress");
      check(H5Pset_fill_time(create.get(), H5D_FILL_TIME_NEVER), temporary_, "fill time");
    }
    return {checked(H5Dcreate2(group, name.c_str(), type, space.get(), H5P_DEFAULT, create.get(),
                               H5P_DEFAULT),
                    temporary_, "cannot create dataset '" + name + "'"),
            H5Dclose};
  }

  void writeHeader() {
    const std::string& f = temporary_;
    const hid_t root = file_.get();
    detail::writeStringAttribute(root, "format", kSweepFileFormat, f);
    detail::writeStringAttribute(root, "nsdkit_version", NSDKIT_VERSION, f);
    detail::writeStringAttribute(root, "grid_order", "row-major: the last axis varies fastest", f);
    detail::writeStringAttribute(root, "model", header_.model_name, f);
    detail::writeDoubleAttribute(root, "refine_tolerance", header_.refine_tolerance, f);
    detail::writeUnsignedAttribute(root, "block_points", header_.block_points, f);
    std::vector<std::string> names;
    for (const auto& a : header_.axes) names.push_back(a.name);
    detail::writeStringListAttribute(root, "axis_names", names, f);
    const Handle axes = createGroup("/axes");
    for (std::size_t i = 0; i < header_.axes.size(); ++i) writeAxis(axes.get(), i);
    const Handle fixed = createGroup("/fixed");
    for (const auto& [name, value] : header_.fixed) {
      detail::writeDoubleAttribute(fixed.get(), name, value, f);
    }
    const Handle model = createGroup("/model");
    for (const auto& [name, value] : header_.model_parameters) {
      detail::writeDoubleAttribute(model.get(), name, value, f);
    }
    if (!header_.body_file_text.empty()) writeBodyFile();
  }

  void writeAxis(hid_t group, std::size_t i) {
    const region::Axis& a = header_.axes[i];
    std::vector<double> values(static_cast<std::size_t>(a.count));
    for (int k = 0; k < a.count; ++k) {
      values[static_cast<std::size_t>(k)] = region::axisNode(a, k);
    }
    const hsize_t n = values.size();
    Handle space{checked(H5Screate_simple(1, &n, nullptr), temporary_, "axis dataspace"), H5Sclose};
    Handle set{checked(H5Dcreate2(group, a.name.c_str(), H5T_NATIVE_DOUBLE, space.get(),
                                  H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                       temporary_, "cannot create axis '" + a.name + "'"),
               H5Dclose};
    writeWhole(set.get(), H5T_NATIVE_DOUBLE, values.data(), "axis '" + a.name + "'");
    detail::writeUnsignedAttribute(set.get(), "index", i, temporary_);
    detail::writeDoubleAttribute(set.get(), "lower", a.lower, temporary_);
    detail::writeDoubleAttribute(set.get(), "upper", a.upper, temporary_);
    detail::writeUnsignedAttribute(set.get(), "count", static_cast<std::uint64_t>(a.count),
                                   temporary_);
  }

  void writeBodyFile() {
    const std::string& text = header_.body_file_text;
    Handle type{checked(H5Tcopy(H5T_C_S1), temporary_, "string type"), H5Tclose};
    check(H5Tset_size(type.get(), text.size()), temporary_, "string size");
    check(H5Tset_cset(type.get(), H5T_CSET_UTF8), temporary_, "string character set");
    Handle space{checked(H5Screate(H5S_SCALAR), temporary_, "dataspace"), H5Sclose};
    Handle set{checked(H5Dcreate2(file_.get(), "body_file", type.get(), space.get(), H5P_DEFAULT,
                                  H5P_DEFAULT, H5P_DEFAULT),
                       temporary_, "cannot create body_file"),
               H5Dclose};
    writeWhole(set.get(), type.get(), text.data(), "body_file");
  }

  // A whole small dataset: by rank 0 (the others select nothing, as collective writes need).
  void writeWhole(hid_t set, hid_t type, const void* data, const std::string& what) {
    Handle file_space{checked(H5Dget_space(set), temporary_, "dataspace"), H5Sclose};
    Handle memory_space{checked(H5Scopy(file_space.get()), temporary_, "dataspace"), H5Sclose};
    if (rank_ != 0) {
      check(H5Sselect_none(file_space.get()), temporary_, "selection");
      check(H5Sselect_none(memory_space.get()), temporary_, "selection");
    }
    check(H5Dwrite(set, type, memory_space.get(), file_space.get(), transfer_.get(), data),
          temporary_, "cannot write " + what);
  }

  void createGridDatasets() {
    const Handle group = createGroup("/grid");
    const std::vector<hsize_t> dims(grid_.dims.begin(), grid_.dims.end());
    const std::vector<hsize_t> chunk(grid_.chunk.begin(), grid_.chunk.end());
    const std::array<const char*, 3> names{"realizable", "escapes", "uncertain"};
    for (std::size_t c = 0; c < names.size(); ++c) {
      grid_sets_[c] = createDataset(group.get(), names[c], H5T_NATIVE_UINT8, dims, chunk);
    }
    const std::string& f = temporary_;
    const hid_t escapes = grid_sets_[1].get();
    for (const contact::Escape e : {contact::Escape::kRS, contact::Escape::kSR, contact::Escape::kSS,
                                    contact::Escape::kSlip, contact::Escape::kContactLoss}) {
      detail::writeUnsignedAttribute(escapes, std::string("bit_") + contact::toString(e),
                                     static_cast<std::uint8_t>(e), f);
    }
  }

  // The hyperslab of a block: one chunk of the grid (region::chunkedGrid).
  void blockHyperslab(const region::GridBlock& block, std::vector<hsize_t>& start,
                      std::vector<hsize_t>& count) const {
    const std::size_t j = grid_.chunk_axis;
    if (block.begin % grid_.tail != 0 || block.size() % grid_.tail != 0) {
      throw SolverFailure("HDF5 sweep: a block is not aligned with the grid's chunks");
    }
    std::size_t index = block.begin / grid_.tail;  // in the grid of axes 0..j
    for (std::size_t d = j + 1; d-- > 0;) {
      start[d] = index % grid_.dims[d];
      index /= grid_.dims[d];
    }
    for (std::size_t d = 0; d < grid_.dims.size(); ++d) count[d] = d < j ? 1 : grid_.dims[d];
    count[j] = block.size() / grid_.tail;
    if (start[j] + count[j] > grid_.dims[j]) {
      throw SolverFailure("HDF5 sweep: a block runs past its chunk row");
    }
  }

  void writeSlab(hid_t set, hid_t type, const void* data, std::size_t elements,
                 const std::vector<hsize_t>& start, const std::vector<hsize_t>& count,
                 const std::string& what) {
    Handle file_space{checked(H5Dget_space(set), temporary_, "dataspace"), H5Sclose};
    const hsize_t n = std::max<std::size_t>(elements, 1);
    Handle memory_space{checked(H5Screate_simple(1, &n, nullptr), temporary_, "dataspace"),
                        H5Sclose};
    if (elements == 0) {
      check(H5Sselect_none(file_space.get()), temporary_, "selection");
      check(H5Sselect_none(memory_space.get()), temporary_, "selection");
    } else {
      check(H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, start.data(), nullptr,
                                count.data(), nullptr),
            temporary_, "cannot select a " + what);
    }
    check(H5Dwrite(set, type, memory_space.get(), file_space.get(), transfer_.get(), data),
          temporary_, "cannot write a " + what);
  }

  // Closes the file and removes this run's temporary (rank 0), and nothing else.
  void discard() {
    closeAll();
    if (rank_ == 0) {
      std::error_code ec;
      fs::remove(temporary_, ec);
    }
  }

  bool closeAll() {
    bool ok = true;
    for (Handle& h : grid_sets_) ok = h.reset() && ok;
    for (Handle& h : boundary_sets_) ok = h.reset() && ok;
    ok = transfer_.reset() && ok;
    ok = file_.reset() && ok;
    return ok;
  }

  std::string path_, temporary_;
  SweepFileHeader header_;
  region::ChunkedGrid grid_;
  bool parallel_ = false;
  int rank_ = 0;
  bool finished_ = false;
  Handle file_, transfer_;
  std::array<Handle, 3> grid_sets_;
  std::array<Handle, 5> boundary_sets_;
};

}  // namespace

#ifdef NSDKIT_HDF5_PARALLEL
std::unique_ptr<region::SweepSink> createParallelSweepFile(const std::string& path,
                                                           const SweepFileHeader& header,
                                                           int rank) {
  return std::make_unique<SweepFileWriter>(path, header, true, rank);
}
#else
std::unique_ptr<region::SweepSink> createSweepFile(const std::string& path,
                                                   const SweepFileHeader& header) {
  return std::make_unique<SweepFileWriter>(path, header, false, 0);
}
#endif

}  // namespace nsd::hdf5
