#pragma once
/// @file hdf5_handles.hpp
/// Internal to src/nsdkit/hdf5: owning HDF5 identifiers and the small typed helpers the writer
/// uses (attribute writers; checked_reader.hpp reads). Every failing call throws with the file
/// named.

#include <hdf5.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace nsd::hdf5::detail {

/// The root attribute "format" of a sweep file of this layout (written and required).
inline constexpr char kSweepFileFormat[] = "nsdkit-sweep-hdf5/1";

/// An HDF5 identifier closed by `close` when the handle goes.
class Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  Handle() = default;
  Handle(hid_t id, Closer close) : id_(id), close_(close) {}
  Handle(Handle&& other) noexcept : id_(std::exchange(other.id_, -1)), close_(other.close_) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, -1);
      close_ = other.close_;
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() { reset(); }

  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  /// Closes now; returns false if HDF5 reported an error.
  bool reset() {
    bool ok = true;
    if (id_ >= 0 && close_) ok = close_(id_) >= 0;
    id_ = -1;
    return ok;
  }

 private:
  hid_t id_ = -1;
  Closer close_ = nullptr;
};

/// Throws InvalidInput "HDF5 file '<file>': <what>" if `status` < 0 (HDF5 failure).
void check(herr_t status, const std::string& file, const std::string& what);
/// The identifier, or throws as check() if it is negative.
hid_t checked(hid_t id, const std::string& file, const std::string& what);

/// Silences HDF5's own error printing (errors become exceptions with the file named).
void silenceHdf5Errors();

void writeStringAttribute(hid_t location, const std::string& name, const std::string& value,
                          const std::string& file);
void writeDoubleAttribute(hid_t location, const std::string& name, double value,
                          const std::string& file);
void writeUnsignedAttribute(hid_t location, const std::string& name, std::uint64_t value,
                            const std::string& file);
void writeStringListAttribute(hid_t location, const std::string& name,
                              const std::vector<std::string>& values, const std::string& file);

}  // namespace nsd::hdf5::detail
