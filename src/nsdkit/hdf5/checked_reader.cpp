// The checked HDF5 reader (checked_reader.hpp).
#include <nsdkit/hdf5/checked_reader.hpp>

#include <cmath>
#include <filesystem>

#include <nsdkit/core/errors.hpp>

namespace nsd::hdf5::detail {
namespace {

/// "attribute 'name'" or "attribute 'name' of '/where'" (names from the file quoted).
std::string attributeLabel(const std::string& where, const std::string& name) {
  std::string label = "attribute " + quoteInput(name);
  if (!where.empty() && where != "/") label += " of " + quoteInput(where);
  return label;
}

}  // namespace

CheckedReader::CheckedReader(const std::string& path) : path_(path) {
  silenceHdf5Errors();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw InvalidInput("sweep file " + quoteInput(path) +
                       " does not exist or is not a regular file");
  }
  if (H5Fis_hdf5(path.c_str()) <= 0) {
    throw InvalidInput("sweep file " + quoteInput(path) + " is not an HDF5 file");
  }
  file_ = Handle{H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose};
  if (!file_.valid()) fail("cannot be opened as HDF5");
}

void CheckedReader::fail(const std::string& what) const {
  throw InvalidInput("sweep file " + quoteInput(path_) + ": " + what);
}

void CheckedReader::requireHardLinks(const std::string& name) const {
  // Each prefix of the path in turn: "/a", "/a/b", ...
  for (std::size_t end = name.find('/', 1);; end = name.find('/', end + 1)) {
    const std::string prefix = name.substr(0, end);
    if (H5Lexists(file_.get(), prefix.c_str(), H5P_DEFAULT) <= 0) return;
    H5L_info_t info;
    if (H5Lget_info(file_.get(), prefix.c_str(), &info, H5P_DEFAULT) < 0) {
      fail("cannot inspect the link " + quoteInput(prefix));
    }
    if (info.type != H5L_TYPE_HARD) {
      fail(quoteInput(prefix) + " is a soft or external link; only objects stored in the file "
                                "are read");
    }
    if (end == std::string::npos) return;
  }
}

bool CheckedReader::exists(const std::string& name) const {
  requireHardLinks(name);
  for (std::size_t end = name.find('/', 1);; end = name.find('/', end + 1)) {
    if (H5Lexists(file_.get(), name.substr(0, end).c_str(), H5P_DEFAULT) <= 0) return false;
    if (end == std::string::npos) return true;
  }
}

Handle CheckedReader::openGroup(const std::string& name) const {
  if (!exists(name)) fail("has no group " + quoteInput(name));
  Handle group{H5Gopen2(file_.get(), name.c_str(), H5P_DEFAULT), H5Gclose};
  if (!group.valid()) fail(quoteInput(name) + " is not a group");
  return group;
}

Handle CheckedReader::openDataset(const std::string& name) const {
  if (!exists(name)) fail("has no dataset " + quoteInput(name));
  Handle set{H5Dopen2(file_.get(), name.c_str(), H5P_DEFAULT), H5Dclose};
  if (!set.valid()) fail(quoteInput(name) + " is not a dataset");
  const Handle create{H5Dget_create_plist(set.get()), H5Pclose};
  if (!create.valid()) fail("cannot inspect dataset " + quoteInput(name));
  if (H5Pget_external_count(create.get()) != 0 || H5Pget_layout(create.get()) == H5D_VIRTUAL) {
    fail("dataset " + quoteInput(name) +
         " is stored outside the file (external or virtual storage is refused)");
  }
  return set;
}

Handle CheckedReader::openAttribute(hid_t location, const std::string& where,
                                    const std::string& name) const {
  if (H5Aexists(location, name.c_str()) <= 0) fail("has no " + attributeLabel(where, name));
  Handle attribute{H5Aopen(location, name.c_str(), H5P_DEFAULT), H5Aclose};
  if (!attribute.valid()) fail("cannot open " + attributeLabel(where, name));
  return attribute;
}

void CheckedReader::requireScalar(hid_t attribute, const std::string& label) const {
  const Handle space{H5Aget_space(attribute), H5Sclose};
  if (!space.valid() || H5Sget_simple_extent_type(space.get()) != H5S_SCALAR) {
    fail(label + " must be a single value (a scalar dataspace)");
  }
}

std::string CheckedReader::stringAttribute(hid_t location, const std::string& where,
                                           const std::string& name, std::size_t max_bytes) const {
  const std::string label = attributeLabel(where, name);
  const Handle attribute = openAttribute(location, where, name);
  const Handle type{H5Aget_type(attribute.get()), H5Tclose};
  if (!type.valid() || H5Tget_class(type.get()) != H5T_STRING ||
      H5Tis_variable_str(type.get()) != 0) {
    fail(label + " must be a fixed-length string");
  }
  requireScalar(attribute.get(), label);
  const std::size_t size = H5Tget_size(type.get());
  if (size == 0 || size > max_bytes) {
    fail(label + " declares " + std::to_string(size) + " bytes, more than the limit " +
         std::to_string(max_bytes));
  }
  std::string value(size, '\0');
  if (H5Aread(attribute.get(), type.get(), value.data()) < 0) fail("cannot read " + label);
  const auto nul = value.find('\0');
  if (nul != std::string::npos) value.resize(nul);
  return value;
}

double CheckedReader::numberAttribute(hid_t location, const std::string& where,
                                      const std::string& name) const {
  const std::string label = attributeLabel(where, name);
  const Handle attribute = openAttribute(location, where, name);
  const Handle type{H5Aget_type(attribute.get()), H5Tclose};
  const H5T_class_t type_class = type.valid() ? H5Tget_class(type.get()) : H5T_NO_CLASS;
  if ((type_class != H5T_FLOAT && type_class != H5T_INTEGER) || H5Tget_size(type.get()) > 8) {
    fail(label + " must be a number (an integer or floating-point value of at most 8 bytes)");
  }
  requireScalar(attribute.get(), label);
  double value = 0.0;
  if (H5Aread(attribute.get(), H5T_NATIVE_DOUBLE, &value) < 0) fail("cannot read " + label);
  if (!std::isfinite(value)) fail(label + " must be finite, got " + formatValue(value));
  return value;
}

std::vector<std::string> CheckedReader::stringListAttribute(hid_t location,
                                                            const std::string& where,
                                                            const std::string& name) const {
  const std::string label = attributeLabel(where, name);
  const Handle attribute = openAttribute(location, where, name);
  const Handle file_type{H5Aget_type(attribute.get()), H5Tclose};
  if (!file_type.valid() || H5Tget_class(file_type.get()) != H5T_STRING ||
      H5Tis_variable_str(file_type.get()) <= 0) {
    fail(label + " must be a list of variable-length strings");
  }
  const Handle space{H5Aget_space(attribute.get()), H5Sclose};
  if (!space.valid() || H5Sget_simple_extent_type(space.get()) != H5S_SIMPLE ||
      H5Sget_simple_extent_ndims(space.get()) != 1) {
    fail(label + " must be a one-dimensional list");
  }
  const hssize_t count = H5Sget_simple_extent_npoints(space.get());
  if (count < 1 || count > static_cast<hssize_t>(kMaxListElements)) {
    fail(label + " must hold 1 to " + std::to_string(kMaxListElements) + " names, it declares " +
         std::to_string(count));
  }
  Handle type{H5Tcopy(H5T_C_S1), H5Tclose};
  if (!type.valid() || H5Tset_size(type.get(), H5T_VARIABLE) < 0 ||
      H5Tset_cset(type.get(), H5Tget_cset(file_type.get())) < 0) {
    fail("cannot make a string type for " + label);
  }
  std::vector<char*> pointers(static_cast<std::size_t>(count), nullptr);
  if (H5Aread(attribute.get(), type.get(), pointers.data()) < 0) fail("cannot read " + label);
  std::vector<std::string> values;
  bool too_long = false;
  for (char* p : pointers) {
    const std::string text = p ? p : "";
    too_long = too_long || text.size() > kMaxAttributeStringBytes;
    values.push_back(text);
    H5free_memory(p);
  }
  if (too_long) fail(label + " holds a string longer than the limit");
  return values;
}

std::vector<std::pair<std::string, double>> CheckedReader::numberAttributes(
    const std::string& group) const {
  const Handle g = openGroup(group);
  H5O_info_t info;
  if (H5Oget_info2(g.get(), &info, H5O_INFO_NUM_ATTRS) < 0) {
    fail("cannot inspect group " + quoteInput(group));
  }
  if (info.num_attrs > kMaxAttributesPerGroup) {
    fail("group " + quoteInput(group) + " holds " + std::to_string(info.num_attrs) +
         " attributes, more than the limit " + std::to_string(kMaxAttributesPerGroup));
  }
  std::vector<std::pair<std::string, double>> values;
  for (hsize_t i = 0; i < info.num_attrs; ++i) {
    const ssize_t length = H5Aget_name_by_idx(g.get(), ".", H5_INDEX_NAME, H5_ITER_INC, i,
                                              nullptr, 0, H5P_DEFAULT);
    if (length <= 0 || static_cast<std::size_t>(length) > kMaxAttributeNameBytes) {
      fail("group " + quoteInput(group) + " holds an attribute with an empty or too long name");
    }
    std::string name(static_cast<std::size_t>(length) + 1, '\0');
    H5Aget_name_by_idx(g.get(), ".", H5_INDEX_NAME, H5_ITER_INC, i, name.data(), name.size(),
                       H5P_DEFAULT);
    name.resize(static_cast<std::size_t>(length));
    values.emplace_back(name, numberAttribute(g.get(), group, name));
  }
  return values;
}

std::string CheckedReader::stringDataset(const std::string& name, std::size_t max_bytes) const {
  const Handle set = openDataset(name);
  const Handle type{H5Dget_type(set.get()), H5Tclose};
  if (!type.valid() || H5Tget_class(type.get()) != H5T_STRING ||
      H5Tis_variable_str(type.get()) != 0) {
    fail("dataset " + quoteInput(name) + " must be a fixed-length string");
  }
  const Handle space{H5Dget_space(set.get()), H5Sclose};
  if (!space.valid() || H5Sget_simple_extent_type(space.get()) != H5S_SCALAR) {
    fail("dataset " + quoteInput(name) + " must be a single string (a scalar dataspace)");
  }
  const std::size_t size = H5Tget_size(type.get());
  if (size == 0 || size > max_bytes) {
    fail("dataset " + quoteInput(name) + " declares " + std::to_string(size) +
         " bytes, more than the limit " + std::to_string(max_bytes));
  }
  std::string text(size, '\0');
  if (H5Dread(set.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, text.data()) < 0) {
    fail("cannot read dataset " + quoteInput(name));
  }
  return text;
}

std::vector<std::uint64_t> CheckedReader::datasetDims(const std::string& name,
                                                      std::size_t max_rank) const {
  const Handle set = openDataset(name);
  const Handle space{H5Dget_space(set.get()), H5Sclose};
  const int rank = space.valid() ? H5Sget_simple_extent_ndims(space.get()) : -1;
  if (rank < 0 || static_cast<std::size_t>(rank) > max_rank ||
      H5Sget_simple_extent_type(space.get()) == H5S_NULL) {
    fail("dataset " + quoteInput(name) + " has a bad dataspace (at most " +
         std::to_string(max_rank) + " dimensions)");
  }
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
  if (rank > 0) H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  return {dims.begin(), dims.end()};
}

void CheckedReader::requireDims(hid_t set, const std::string& name,
                                const std::vector<std::uint64_t>& dims) const {
  const Handle space{H5Dget_space(set), H5Sclose};
  const int rank = space.valid() ? H5Sget_simple_extent_ndims(space.get()) : -1;
  std::vector<hsize_t> actual(rank > 0 ? static_cast<std::size_t>(rank) : 0);
  if (rank > 0) H5Sget_simple_extent_dims(space.get(), actual.data(), nullptr);
  const bool simple = space.valid() && H5Sget_simple_extent_type(space.get()) == H5S_SIMPLE;
  if (!simple || std::vector<std::uint64_t>(actual.begin(), actual.end()) != dims) {
    std::string expected;
    for (std::uint64_t d : dims) expected += (expected.empty() ? "" : " x ") + std::to_string(d);
    fail("dataset " + quoteInput(name) + " must have the dimensions " + expected +
         " that the axes imply");
  }
}

void CheckedReader::requireType(hid_t set, const std::string& name, H5T_class_t type_class,
                                std::size_t max_size) const {
  const Handle type{H5Dget_type(set), H5Tclose};
  if (!type.valid() || H5Tget_class(type.get()) != type_class ||
      H5Tget_size(type.get()) > max_size) {
    fail("dataset " + quoteInput(name) + " has the wrong type (expected " +
         (type_class == H5T_FLOAT ? "floating-point" : "integer") + " values of at most " +
         std::to_string(max_size) + " bytes)");
  }
}

}  // namespace nsd::hdf5::detail
