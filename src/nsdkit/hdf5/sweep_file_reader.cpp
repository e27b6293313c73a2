// The sweep file reader (sweep_file.hpp; serial HDF5): every part read through the checked
// reader (checked_reader.hpp), sized by what the axes imply and bounded before allocation.
#include <nsdkit/hdf5/sweep_file.hpp>

#include <cmath>
#include <set>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/hdf5/checked_reader.hpp>

namespace nsd::hdf5 {
namespace {

using detail::CheckedReader;
using detail::Handle;

using detail::kSweepFileFormat;
/// Most axes a sweep file may have.
constexpr std::size_t kMaxAxes = 16;
/// Most grid points read_sweep reads whole (the in-memory sweep's limit).
constexpr std::uint64_t kMaxGridPoints = 50000000;
/// Most refined boundary points read whole.
constexpr std::uint64_t kMaxBoundaryPoints = 10000000;
/// Largest body_file text (the body-file reader's own limit, kMaxBodyFileBytes).
constexpr std::size_t kMaxBodyFileBytes = std::size_t{16} << 20;
/// Longest axis name.
constexpr std::size_t kMaxAxisNameBytes = 128;
/// Largest escape code (all five bits of contact::Escape).
constexpr std::uint8_t kMaxEscapeCode = 31;

class Reader {
 public:
  explicit Reader(const std::string& path) : in_(path) {}

  SweepFileContents read() {
    SweepFileContents c;
    const hid_t root = in_.root();
    c.format = in_.stringAttribute(root, "/", "format");
    if (c.format != kSweepFileFormat) {
      in_.fail("attribute 'format' is " + quoteInput(c.format) + ", expected '" +
               kSweepFileFormat + "'");
    }
    c.nsdkit_version = in_.stringAttribute(root, "/", "nsdkit_version");
    c.model_name = in_.stringAttribute(root, "/", "model");
    c.refine_tolerance = in_.numberAttribute(root, "/", "refine_tolerance");
    if (c.refine_tolerance < 0) in_.fail("attribute 'refine_tolerance' must be >= 0");
    readAxes(c);
    for (const auto& [name, value] : in_.numberAttributes("/fixed")) c.fixed[name] = value;
    for (const auto& [name, value] : in_.numberAttributes("/model")) {
      c.model_parameters[name] = value;
    }
    if (in_.exists("/body_file")) {
      c.body_file_text = in_.stringDataset("/body_file", kMaxBodyFileBytes);
    }
    readGrid(c);
    readBoundary(c);
    return c;
  }

 private:
  void readAxes(SweepFileContents& c) const {
    const std::vector<std::string> names = in_.stringListAttribute(in_.root(), "/", "axis_names");
    if (names.size() > kMaxAxes) in_.fail("attribute 'axis_names' lists too many axes");
    std::set<std::string> seen;
    std::uint64_t points = 1;
    for (const std::string& name : names) {
      if (name.empty() || name.size() > kMaxAxisNameBytes ||
          name.find_first_of("/.") == 0 || name.find('/') != std::string::npos ||
          !seen.insert(name).second) {
        in_.fail("attribute 'axis_names' holds a bad or repeated axis name " + quoteInput(name));
      }
      const std::string where = "/axes/" + name;
      const Handle set = in_.openDataset(where);
      region::Axis a;
      a.name = name;
      // The axis's place in the grid (last axis fastest) is its place in axis_names; the
      // dataset says so too, and the two must agree (axes swapped in a file are refused).
      const double index = in_.numberAttribute(set.get(), where, "index");
      if (index != static_cast<double>(c.axes.size())) {
        in_.fail("attribute 'index' of " + quoteInput(where) + " is " + formatValue(index) +
                 ", but the axis is number " + std::to_string(c.axes.size()) +
                 " of 'axis_names'");
      }
      a.lower = in_.numberAttribute(set.get(), where, "lower");
      a.upper = in_.numberAttribute(set.get(), where, "upper");
      const double count = in_.numberAttribute(set.get(), where, "count");
      if (count < 1 || count != std::floor(count) || count > static_cast<double>(kMaxGridPoints)) {
        in_.fail("attribute 'count' of " + quoteInput(where) + " must be a whole number from 1 to " +
                 std::to_string(kMaxGridPoints));
      }
      a.count = static_cast<int>(count);
      if (a.count > 1 && !(a.lower < a.upper)) {
        in_.fail("attributes 'lower' and 'upper' of " + quoteInput(where) +
                 " must have lower < upper");
      }
      points *= static_cast<std::uint64_t>(a.count);
      if (points > kMaxGridPoints) {
        in_.fail("the axes declare more than " + std::to_string(kMaxGridPoints) +
                 " grid points (attribute 'count' of " + quoteInput(where) + ")");
      }
      std::vector<double> values = in_.dataset<double>(
          where, {static_cast<std::uint64_t>(a.count)}, H5T_NATIVE_DOUBLE, H5T_FLOAT, 8);
      for (double v : values) {
        if (!std::isfinite(v)) in_.fail("dataset " + quoteInput(where) + " holds a non-finite value");
      }
      c.axis_values.push_back(std::move(values));
      c.axes.push_back(a);
    }
  }

  /// A uint8 dataset of the grid's shape whose values are at most `max_value`.
  std::vector<std::uint8_t> gridColumn(const std::string& name, const SweepFileContents& c,
                                       std::uint8_t max_value) const {
    std::vector<std::uint64_t> dims;
    for (const region::Axis& a : c.axes) dims.push_back(static_cast<std::uint64_t>(a.count));
    std::vector<std::uint8_t> values =
        in_.dataset<std::uint8_t>(name, dims, H5T_NATIVE_UINT8, H5T_INTEGER, 1);
    for (std::uint8_t v : values) {
      if (v > max_value) {
        in_.fail("dataset " + quoteInput(name) + " holds " + std::to_string(v) +
                 ", more than " + std::to_string(max_value));
      }
    }
    return values;
  }

  void readGrid(SweepFileContents& c) const {
    c.realizable = gridColumn("/grid/realizable", c, 1);
    c.escapes = gridColumn("/grid/escapes", c, kMaxEscapeCode);
    c.uncertain = gridColumn("/grid/uncertain", c, 1);
  }

  void readBoundary(SweepFileContents& c) const {
    const std::uint64_t k = c.axes.size();
    const std::vector<std::uint64_t> widths = in_.datasetDims("/boundary/bracket_width", 1);
    if (widths.size() != 1 || widths[0] > kMaxBoundaryPoints) {
      in_.fail("dataset '/boundary/bracket_width' must be a list of at most " +
               std::to_string(kMaxBoundaryPoints) + " values");
    }
    const std::uint64_t m = widths[0];
    c.boundary_values = in_.dataset<double>("/boundary/values", {m, k}, H5T_NATIVE_DOUBLE,
                                            H5T_FLOAT, 8);
    c.boundary_bracket_width = in_.dataset<double>("/boundary/bracket_width", {m},
                                                   H5T_NATIVE_DOUBLE, H5T_FLOAT, 8);
    c.boundary_axis =
        in_.dataset<std::uint8_t>("/boundary/axis", {m}, H5T_NATIVE_UINT8, H5T_INTEGER, 1);
    c.boundary_outside_escapes = in_.dataset<std::uint8_t>(
        "/boundary/outside_escapes", {m}, H5T_NATIVE_UINT8, H5T_INTEGER, 1);
    c.boundary_predicate_calls = in_.dataset<std::uint64_t>(
        "/boundary/predicate_calls", {m}, H5T_NATIVE_UINT64, H5T_INTEGER, 8);
    for (double v : c.boundary_values) {
      if (!std::isfinite(v)) in_.fail("dataset '/boundary/values' holds a non-finite value");
    }
    for (double w : c.boundary_bracket_width) {
      if (!std::isfinite(w) || w < 0) {
        in_.fail("dataset '/boundary/bracket_width' holds a negative or non-finite value");
      }
    }
    for (std::size_t i = 0; i < m; ++i) {
      if (c.boundary_axis[i] >= k) in_.fail("dataset '/boundary/axis' names an axis past the last");
      if (c.boundary_outside_escapes[i] > kMaxEscapeCode) {
        in_.fail("dataset '/boundary/outside_escapes' holds an unknown escape code");
      }
    }
  }

  CheckedReader in_;
};

}  // namespace

SweepFileContents readSweepFile(const std::string& path) { return Reader(path).read(); }

}  // namespace nsd::hdf5
