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

}  // namespace nsd::hdf5::detail
