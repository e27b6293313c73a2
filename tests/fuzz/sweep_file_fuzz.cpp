// libFuzzer target: the sweep-file reader (src/nsdkit/hdf5, readSweepFile) on HDF5 files whose
// structure the fuzz input chooses. The input drives HDF5's own writer (FuzzedDataProvider):
// for each object a sweep file has (the root's attributes, the axes, /fixed, /model, the grid
// and boundary datasets, body_file) it picks whether it exists, its type class (double, int,
// fixed or variable-length string), its dataspace (scalar, or 1-2 dimensions of 0-70 elements)
// and its values (NaN, infinities and huge counts included). Byte-level mutation of HDF5 files
// would mostly fuzz libhdf5's own parser of corrupt superblocks, which is not nsdkit's code; this
// reaches every check of nsdkit's checked reader instead. The reader must end in an InvalidInput
// naming the file, or in contents consistent with what it checked: never a crash, a hang,
// undefined behaviour or an allocation beyond what the file's dataspaces declare.
#include <fuzzer/FuzzedDataProvider.h>
#include <hdf5.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/hdf5/sweep_file.hpp>

namespace {

const std::string& scratchPath() {
  static const std::string path = "/tmp/nsdkit_sweep_fuzz_" + std::to_string(::getpid()) + ".h5";
  return path;
}

double fuzzNumber(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 6)) {
    case 0: return std::numeric_limits<double>::quiet_NaN();
    case 1: return std::numeric_limits<double>::infinity();
    case 2: return -1e300;
    case 3: return static_cast<double>(in.ConsumeIntegralInRange<int>(-3, 70));
    case 4: return 4e9;
    default: return in.ConsumeFloatingPoint<double>();
  }
}

// A dataspace: scalar, or 1 or 2 dimensions of 0..70 elements.
hid_t fuzzSpace(FuzzedDataProvider& in, std::size_t& elements) {
  const int rank = in.ConsumeIntegralInRange<int>(0, 2);
  if (rank == 0) {
    elements = 1;
    return H5Screate(H5S_SCALAR);
  }
  hsize_t dims[2];
  elements = 1;
  for (int d = 0; d < rank; ++d) {
    dims[d] = in.ConsumeIntegralInRange<hsize_t>(0, 70);
    elements *= dims[d];
  }
  return H5Screate_simple(rank, dims, nullptr);
}

// An attribute or a dataset named `name` at `location`, of a fuzz-chosen type and shape.
void writeObject(FuzzedDataProvider& in, hid_t location, const char* name, bool dataset) {
  std::size_t n = 0;
  const hid_t space = fuzzSpace(in, n);
  const int kind = in.ConsumeIntegralInRange<int>(0, 3);
  hid_t type = -1;
  std::vector<char> bytes;
  std::vector<const char*> strings;
  std::string text;
  const void* data = nullptr;
  std::vector<double> numbers;
  std::vector<std::int32_t> integers;
  if (kind == 0) {
    type = H5Tcopy(H5T_NATIVE_DOUBLE);
    for (std::size_t i = 0; i < n; ++i) numbers.push_back(fuzzNumber(in));
    data = numbers.data();
  } else if (kind == 1) {
    type = H5Tcopy(H5T_NATIVE_INT32);
    for (std::size_t i = 0; i < n; ++i) integers.push_back(in.ConsumeIntegral<std::int32_t>());
    data = integers.data();
  } else if (kind == 2) {
    const std::size_t size = in.ConsumeIntegralInRange<std::size_t>(1, 40);
    type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, size);
    text = in.ConsumeBytesAsString(size);
    bytes.assign(size * n, '\0');
    for (std::size_t i = 0; i < n; ++i) text.copy(bytes.data() + i * size, size);
    data = bytes.data();
  } else {
    type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, H5T_VARIABLE);
    text = in.ConsumeRandomLengthString(40);
    strings.assign(n, text.c_str());
    data = strings.data();
  }
  if (dataset) {
    const hid_t set = H5Dcreate2(location, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    if (set >= 0) {
      if (n > 0) H5Dwrite(set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data);
      H5Dclose(set);
    }
  } else {
    const hid_t attribute = H5Acreate2(location, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
    if (attribute >= 0) {
      if (n > 0) H5Awrite(attribute, type, data);
      H5Aclose(attribute);
    }
  }
  H5Tclose(type);
  H5Sclose(space);
}

void maybeWrite(FuzzedDataProvider& in, hid_t location, const char* name, bool dataset) {
  if (in.ConsumeIntegralInRange<int>(0, 7) != 0) writeObject(in, location, name, dataset);
}

hid_t group(hid_t file, const char* name) {
  return H5Gcreate2(file, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
}

void writeFuzzedSweepFile(FuzzedDataProvider& in) {
  const hid_t file = H5Fcreate(scratchPath().c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  if (file < 0) return;
  for (const char* name : {"format", "nsdkit_version", "model", "refine_tolerance", "axis_names"}) {
    maybeWrite(in, file, name, false);
  }
  const hid_t axes = group(file, "/axes");
  for (const char* name : {"mx", "my", "mz"}) {
    if (in.ConsumeBool()) continue;
    writeObject(in, axes, name, true);
    const hid_t set = H5Dopen2(axes, name, H5P_DEFAULT);
    if (set >= 0) {
      for (const char* a : {"index", "lower", "upper", "count"}) maybeWrite(in, set, a, false);
      H5Dclose(set);
    }
  }
  H5Gclose(axes);
  for (const char* name : {"/fixed", "/model"}) {
    const hid_t g = group(file, name);
    const int count = in.ConsumeIntegralInRange<int>(0, 4);
    for (int i = 0; i < count; ++i) writeObject(in, g, ("p" + std::to_string(i)).c_str(), false);
    H5Gclose(g);
  }
  const hid_t grid = group(file, "/grid");
  for (const char* name : {"realizable", "escapes", "uncertain"}) maybeWrite(in, grid, name, true);
  H5Gclose(grid);
  const hid_t boundary = group(file, "/boundary");
  for (const char* name : {"values", "bracket_width", "axis", "outside_escapes", "predicate_calls"}) {
    maybeWrite(in, boundary, name, true);
  }
  H5Gclose(boundary);
  if (in.ConsumeBool()) writeObject(in, file, "body_file", true);
  H5Fclose(file);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  FuzzedDataProvider in(data, size);
  writeFuzzedSweepFile(in);
  try {
    const nsd::hdf5::SweepFileContents c = nsd::hdf5::readSweepFile(scratchPath());
    // What the reader accepted is consistent with what it checked.
    std::size_t points = 1;
    for (const auto& a : c.axes) points *= static_cast<std::size_t>(a.count);
    if (c.axes.empty() || c.realizable.size() != points || c.escapes.size() != points ||
        c.axis_values.size() != c.axes.size() || !std::isfinite(c.refine_tolerance)) {
      __builtin_trap();
    }
  } catch (const nsd::InvalidInput& e) {
    if (std::string(e.what()).empty()) __builtin_trap();
  }
  ::unlink(scratchPath().c_str());
  return 0;
}
