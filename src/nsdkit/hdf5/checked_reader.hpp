#pragma once
/// @file checked_reader.hpp
/// Internal to src/nsdkit/hdf5: the one checked way nsdkit reads an HDF5 file it did not write
/// in this process. Every attribute and dataset is read by its declared type class, size and
/// dataspace, bounded before anything is allocated; only hard links are followed and datasets
/// stored outside the file (external storage, virtual datasets) are refused. Every refusal is an
/// InvalidInput naming the file and the attribute or dataset.

#include <hdf5.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nsdkit/hdf5/hdf5_handles.hpp>

namespace nsd::hdf5::detail {

/// Longest fixed-length string attribute (format, nsdkit_version, model, ...), in bytes.
inline constexpr std::size_t kMaxAttributeStringBytes = 4096;
/// Most attributes one group (/fixed, /model) may hold.
inline constexpr std::size_t kMaxAttributesPerGroup = 256;
/// Longest attribute name read by iteration, in bytes.
inline constexpr std::size_t kMaxAttributeNameBytes = 256;
/// Most elements of a string-list attribute (axis_names).
inline constexpr std::size_t kMaxListElements = 16;

/// Reads the objects of one open HDF5 file, checked as described above.
class CheckedReader {
 public:
  /// Opens `path` read-only. @throws InvalidInput if it is not a regular HDF5 file.
  explicit CheckedReader(const std::string& path);

  hid_t root() const { return file_.get(); }
  const std::string& path() const { return path_; }

  /// Throws InvalidInput "sweep file '<path>': <what>".
  [[noreturn]] void fail(const std::string& what) const;

  /// Whether the object `name` (an absolute path) exists, reached through hard links only.
  /// @throws InvalidInput if any link on the way is soft or external.
  bool exists(const std::string& name) const;

  /// The group `name`, which must exist (hard links only).
  Handle openGroup(const std::string& name) const;
  /// The dataset `name`, which must exist (hard links only) and be stored in this file.
  Handle openDataset(const std::string& name) const;

  /// A scalar fixed-length string attribute of at most `max_bytes` bytes (up to its first NUL).
  std::string stringAttribute(hid_t location, const std::string& where, const std::string& name,
                              std::size_t max_bytes = kMaxAttributeStringBytes) const;
  /// A scalar integer or floating-point attribute, as a finite double.
  double numberAttribute(hid_t location, const std::string& where, const std::string& name) const;
  /// A one-dimensional attribute of at most kMaxListElements variable-length strings, each of
  /// at most kMaxAttributeStringBytes bytes.
  std::vector<std::string> stringListAttribute(hid_t location, const std::string& where,
                                               const std::string& name) const;
  /// Every attribute of the group `group` (at most kMaxAttributesPerGroup), each a scalar number.
  std::vector<std::pair<std::string, double>> numberAttributes(const std::string& group) const;

  /// The scalar fixed-length string dataset `name`, of at most `max_bytes` bytes.
  std::string stringDataset(const std::string& name, std::size_t max_bytes) const;

  /// The dataspace dimensions of dataset `name`: a simple dataspace of at most `max_rank`
  /// dimensions (a scalar one has none).
  std::vector<std::uint64_t> datasetDims(const std::string& name, std::size_t max_rank) const;

  /// The whole dataset `name`, which must have exactly the dimensions `dims` (checked before
  /// allocation), the type class `type_class` and an element size of at most `max_size` bytes;
  /// read converted to `memory_type` (which matches T).
  template <class T>
  std::vector<T> dataset(const std::string& name, const std::vector<std::uint64_t>& dims,
                         hid_t memory_type, H5T_class_t type_class, std::size_t max_size) const {
    const Handle set = openDataset(name);
    requireDims(set.get(), name, dims);
    requireType(set.get(), name, type_class, max_size);
    std::size_t n = 1;
    for (std::uint64_t d : dims) n *= static_cast<std::size_t>(d);
    std::vector<T> values(n);
    if (n == 0) return values;
    if (H5Dread(set.get(), memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) < 0) {
      fail("cannot read dataset '" + name + "'");
    }
    return values;
  }

 private:
  void requireHardLinks(const std::string& name) const;
  void requireDims(hid_t set, const std::string& name, const std::vector<std::uint64_t>& dims) const;
  void requireType(hid_t set, const std::string& name, H5T_class_t type_class,
                   std::size_t max_size) const;
  Handle openAttribute(hid_t location, const std::string& where, const std::string& name) const;
  void requireScalar(hid_t attribute, const std::string& label) const;

  std::string path_;
  Handle file_;
};

}  // namespace nsd::hdf5::detail
