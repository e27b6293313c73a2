#include <nsdkit/hdf5/hdf5_handles.hpp>

#include <nsdkit/core/errors.hpp>

namespace nsd::hdf5::detail {

void check(herr_t status, const std::string& file, const std::string& what) {
  if (status < 0) throw InvalidInput("HDF5 file '" + file + "': " + what);
}

hid_t checked(hid_t id, const std::string& file, const std::string& what) {
  if (id < 0) throw InvalidInput("HDF5 file '" + file + "': " + what);
  return id;
}

void silenceHdf5Errors() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }

namespace {

Handle scalarSpace(const std::string& file) {
  return {checked(H5Screate(H5S_SCALAR), file, "cannot create a dataspace"), H5Sclose};
}

Handle stringType(std::size_t size, const std::string& file) {
  Handle type{checked(H5Tcopy(H5T_C_S1), file, "cannot create a string type"), H5Tclose};
  check(H5Tset_size(type.get(), size == 0 ? 1 : size), file, "cannot size a string type");
  check(H5Tset_cset(type.get(), H5T_CSET_UTF8), file, "cannot set a string's character set");
  return type;
}

void writeAttribute(hid_t location, const std::string& name, hid_t type, hid_t space,
                    const void* data, const std::string& file) {
  Handle attribute{
      checked(H5Acreate2(location, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT), file,
              "cannot create attribute '" + name + "'"),
      H5Aclose};
  check(H5Awrite(attribute.get(), type, data), file, "cannot write attribute '" + name + "'");
}

Handle openAttribute(hid_t location, const std::string& name, const std::string& file) {
  return {checked(H5Aopen(location, name.c_str(), H5P_DEFAULT), file,
                  "has no attribute '" + name + "'"),
          H5Aclose};
}

}  // namespace

void writeStringAttribute(hid_t location, const std::string& name, const std::string& value,
                          const std::string& file) {
  const Handle type = stringType(value.size(), file);
  const Handle space = scalarSpace(file);
  const std::string padded = value.empty() ? std::string(1, '\0') : value;
  writeAttribute(location, name, type.get(), space.get(), padded.data(), file);
}

void writeDoubleAttribute(hid_t location, const std::string& name, double value,
                          const std::string& file) {
  const Handle space = scalarSpace(file);
  writeAttribute(location, name, H5T_NATIVE_DOUBLE, space.get(), &value, file);
}

void writeUnsignedAttribute(hid_t location, const std::string& name, std::uint64_t value,
                            const std::string& file) {
  const Handle space = scalarSpace(file);
  writeAttribute(location, name, H5T_NATIVE_UINT64, space.get(), &value, file);
}

void writeStringListAttribute(hid_t location, const std::string& name,
                              const std::vector<std::string>& values, const std::string& file) {
  Handle type{checked(H5Tcopy(H5T_C_S1), file, "cannot create a string type"), H5Tclose};
  check(H5Tset_size(type.get(), H5T_VARIABLE), file, "cannot make a variable-length string");
  check(H5Tset_cset(type.get(), H5T_CSET_UTF8), file, "cannot set a string's character set");
  const hsize_t count = values.size();
  Handle space{checked(H5Screate_simple(1, &count, nullptr), file, "cannot create a dataspace"),
               H5Sclose};
  std::vector<const char*> pointers;
  for (const auto& v : values) pointers.push_back(v.c_str());
  writeAttribute(location, name, type.get(), space.get(), pointers.data(), file);
}

std::string readStringAttribute(hid_t location, const std::string& name, const std::string& file) {
  const Handle attribute = openAttribute(location, name, file);
  const Handle type{checked(H5Aget_type(attribute.get()), file, "attribute '" + name + "' type"),
                    H5Tclose};
  if (H5Tget_class(type.get()) != H5T_STRING || H5Tis_variable_str(type.get()) > 0) {
    throw InvalidInput("HDF5 file '" + file + "': attribute '" + name +
                       "' is not a fixed-length string");
  }
  std::string value(H5Tget_size(type.get()), '\0');
  check(H5Aread(attribute.get(), type.get(), value.data()), file,
        "cannot read attribute '" + name + "'");
  const auto nul = value.find('\0');
  if (nul != std::string::npos) value.resize(nul);
  return value;
}

double readDoubleAttribute(hid_t location, const std::string& name, const std::string& file) {
  const Handle attribute = openAttribute(location, name, file);
  double value = 0.0;
  check(H5Aread(attribute.get(), H5T_NATIVE_DOUBLE, &value), file,
        "cannot read attribute '" + name + "' as a number");
  return value;
}

std::vector<std::string> readStringListAttribute(hid_t location, const std::string& name,
                                                 const std::string& file) {
  const Handle attribute = openAttribute(location, name, file);
  const Handle space{checked(H5Aget_space(attribute.get()), file, "attribute space"), H5Sclose};
  const hssize_t count = H5Sget_simple_extent_npoints(space.get());
  if (count < 0 || count > 1000) {
    throw InvalidInput("HDF5 file '" + file + "': attribute '" + name + "' has a bad size");
  }
  Handle type{checked(H5Tcopy(H5T_C_S1), file, "cannot create a string type"), H5Tclose};
  check(H5Tset_size(type.get(), H5T_VARIABLE), file, "cannot make a variable-length string");
  check(H5Tset_cset(type.get(), H5T_CSET_UTF8), file, "cannot set a string's character set");
  std::vector<char*> pointers(static_cast<std::size_t>(count), nullptr);
  check(H5Aread(attribute.get(), type.get(), pointers.data()), file,
        "cannot read attribute '" + name + "' as strings");
  std::vector<std::string> values;
  for (char* p : pointers) {
    values.emplace_back(p ? p : "");
    H5free_memory(p);
  }
  return values;
}

std::vector<std::pair<std::string, double>> readDoubleAttributes(hid_t location,
                                                                 const std::string& file) {
  H5O_info_t info;
  check(H5Oget_info2(location, &info, H5O_INFO_NUM_ATTRS), file, "cannot inspect a group");
  std::vector<std::pair<std::string, double>> values;
  for (hsize_t i = 0; i < info.num_attrs; ++i) {
    Handle attribute{checked(H5Aopen_by_idx(location, ".", H5_INDEX_NAME, H5_ITER_INC, i,
                                            H5P_DEFAULT, H5P_DEFAULT),
                             file, "cannot open an attribute"),
                     H5Aclose};
    const ssize_t length = H5Aget_name(attribute.get(), 0, nullptr);
    std::string name(static_cast<std::size_t>(std::max<ssize_t>(length, 0)), '\0');
    H5Aget_name(attribute.get(), name.size() + 1, name.data());
    double value = 0.0;
    check(H5Aread(attribute.get(), H5T_NATIVE_DOUBLE, &value), file,
          "attribute '" + name + "' is not a number");
    values.emplace_back(name, value);
  }
  return values;
}

}  // namespace nsd::hdf5::detail
