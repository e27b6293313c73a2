// The sweep file reader (sweep_file.hpp; serial HDF5).
#include <nsdkit/hdf5/sweep_file.hpp>

#include <filesystem>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/hdf5/hdf5_handles.hpp>

namespace nsd::hdf5 {
namespace {

using detail::check;
using detail::checked;
using detail::Handle;

constexpr char kFormat[] = "nsdkit-sweep-hdf5/1";

class Reader {
 public:
  explicit Reader(const std::string& path) : path_(path) {
    detail::silenceHdf5Errors();
    if (!std::filesystem::is_regular_file(path)) {
      throw InvalidInput("sweep file '" + path + "' does not exist or is not a regular file");
    }
    if (H5Fis_hdf5(path.c_str()) <= 0) {
      throw InvalidInput("sweep file '" + path + "' is not an HDF5 file");
    }
    file_ = Handle{checked(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), path, "cannot open"),
                   H5Fclose};
  }

  SweepFileContents read() {
    SweepFileContents c;
    const hid_t root = file_.get();
    c.format = detail::readStringAttribute(root, "format", path_);
    if (c.format != kFormat) {
      throw InvalidInput("sweep file '" + path_ + "': format '" + c.format + "', expected '" +
                         kFormat + "'");
    }
    c.nsdkit_version = detail::readStringAttribute(root, "nsdkit_version", path_);
    c.model_name = detail::readStringAttribute(root, "model", path_);
    c.refine_tolerance = detail::readDoubleAttribute(root, "refine_tolerance", path_);
    readAxes(c);
    for (const auto& [name, value] : attributesOf("/fixed")) c.fixed[name] = value;
    for (const auto& [name, value] : attributesOf("/model")) c.model_parameters[name] = value;
    if (H5Lexists(root, "body_file", H5P_DEFAULT) > 0) c.body_file_text = readBodyFile();
    std::size_t points = 1;
    for (const auto& a : c.axes) points *= static_cast<std::size_t>(a.count);
    c.realizable = readAll<std::uint8_t>("/grid/realizable", H5T_NATIVE_UINT8, points);
    c.escapes = readAll<std::uint8_t>("/grid/escapes", H5T_NATIVE_UINT8, points);
    c.uncertain = readAll<std::uint8_t>("/grid/uncertain", H5T_NATIVE_UINT8, points);
    const std::size_t m = extent("/boundary/bracket_width");
    c.boundary_values = readAll<double>("/boundary/values", H5T_NATIVE_DOUBLE, m * c.axes.size());
    c.boundary_bracket_width = readAll<double>("/boundary/bracket_width", H5T_NATIVE_DOUBLE, m);
    c.boundary_axis = readAll<std::uint8_t>("/boundary/axis", H5T_NATIVE_UINT8, m);
    c.boundary_outside_escapes =
        readAll<std::uint8_t>("/boundary/outside_escapes", H5T_NATIVE_UINT8, m);
    c.boundary_predicate_calls =
        readAll<std::uint64_t>("/boundary/predicate_calls", H5T_NATIVE_UINT64, m);
    return c;
  }

 private:
  Handle openDataset(const std::string& name) const {
    return {checked(H5Dopen2(file_.get(), name.c_str(), H5P_DEFAULT), path_,
                    "has no dataset '" + name + "'"),
            H5Dclose};
  }

  std::size_t extent(const std::string& name) const {
    const Handle set = openDataset(name);
    const Handle space{checked(H5Dget_space(set.get()), path_, "dataspace"), H5Sclose};
    const hssize_t n = H5Sget_simple_extent_npoints(space.get());
    if (n < 0) throw InvalidInput("sweep file '" + path_ + "': bad extent of '" + name + "'");
    return static_cast<std::size_t>(n);
  }

  template <class T>
  std::vector<T> readAll(const std::string& name, hid_t type, std::size_t expected) const {
    const std::size_t n = extent(name);
    if (n != expected) {
      throw InvalidInput("sweep file '" + path_ + "': dataset '" + name + "' has " +
                         std::to_string(n) + " values, expected " + std::to_string(expected));
    }
    std::vector<T> values(n);
    if (n == 0) return values;
    const Handle set = openDataset(name);
    check(H5Dread(set.get(), type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), path_,
          "cannot read '" + name + "'");
    return values;
  }

  void readAxes(SweepFileContents& c) const {
    const std::vector<std::string> names =
        detail::readStringListAttribute(file_.get(), "axis_names", path_);
    for (const std::string& name : names) {
      const Handle set = openDataset("/axes/" + name);
      region::Axis a;
      a.name = name;
      a.lower = detail::readDoubleAttribute(set.get(), "lower", path_);
      a.upper = detail::readDoubleAttribute(set.get(), "upper", path_);
      a.count = static_cast<int>(detail::readDoubleAttribute(set.get(), "count", path_));
      c.axis_values.push_back(
          readAll<double>("/axes/" + name, H5T_NATIVE_DOUBLE, static_cast<std::size_t>(a.count)));
      c.axes.push_back(a);
    }
  }

  std::vector<std::pair<std::string, double>> attributesOf(const std::string& group) const {
    const Handle g{checked(H5Gopen2(file_.get(), group.c_str(), H5P_DEFAULT), path_,
                           "has no group '" + group + "'"),
                   H5Gclose};
    return detail::readDoubleAttributes(g.get(), path_);
  }

  std::string readBodyFile() const {
    const Handle set = openDataset("/body_file");
    const Handle type{checked(H5Dget_type(set.get()), path_, "body_file type"), H5Tclose};
    std::string text(H5Tget_size(type.get()), '\0');
    check(H5Dread(set.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, text.data()), path_,
          "cannot read body_file");
    return text;
  }

  std::string path_;
  Handle file_;
};

}  // namespace

SweepFileContents readSweepFile(const std::string& path) { return Reader(path).read(); }

}  // namespace nsd::hdf5
