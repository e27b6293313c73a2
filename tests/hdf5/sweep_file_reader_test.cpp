// The sweep file reader refuses crafted files (issue 45): each test writes a valid sweep file,
// changes one part of it with the HDF5 C API the way an attacker would, and expects
// InvalidInput naming that part; before the checked reader these corrupted memory, allocated
// gigabytes, followed links or returned the bytes of another file.
#include <nsdkit/hdf5/sweep_file.hpp>

#include <gtest/gtest.h>
#include <hdf5.h>

#include "../support/test_scaffolding.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/region/ball_trough_predicate.hpp>

namespace nsd::hdf5 {
namespace {

namespace fs = std::filesystem;

/// The file's root group, or the object `name`, open read-write while the edit lasts.
class Edit {
 public:
  explicit Edit(const std::string& path) {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    file_ = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  }
  ~Edit() { H5Fclose(file_); }
  Edit(const Edit&) = delete;
  Edit& operator=(const Edit&) = delete;
  hid_t file() const { return file_; }

  /// Replaces attribute `name` of object `object` by one of `type` over `dims` (none: scalar).
  void attribute(const std::string& object, const std::string& name, hid_t type,
                 const std::vector<hsize_t>& dims, const void* data) const {
    const hid_t location = H5Oopen(file_, object.c_str(), H5P_DEFAULT);
    H5Adelete(location, name.c_str());
    const hid_t space = dims.empty() ? H5Screate(H5S_SCALAR)
                                     : H5Screate_simple(static_cast<int>(dims.size()),
                                                        dims.data(), nullptr);
    const hid_t attribute =
        H5Acreate2(location, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT);
    EXPECT_GE(H5Awrite(attribute, type, data), 0) << name;
    H5Aclose(attribute);
    H5Sclose(space);
    H5Oclose(location);
  }

  /// Replaces dataset `name` by one of `type` over `dims` made with creation list `create`,
  /// written from `data` unless it is null.
  void dataset(const std::string& name, hid_t type, const std::vector<hsize_t>& dims,
               hid_t create, const void* data) const {
    H5Ldelete(file_, name.c_str(), H5P_DEFAULT);
    const hid_t space = dims.empty() ? H5Screate(H5S_SCALAR)
                                     : H5Screate_simple(static_cast<int>(dims.size()),
                                                        dims.data(), nullptr);
    const hid_t set = H5Dcreate2(file_, name.c_str(), type, space, H5P_DEFAULT, create,
                                 H5P_DEFAULT);
    ASSERT_GE(set, 0) << name;
    if (data) {
      EXPECT_GE(H5Dwrite(set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data), 0) << name;
    }
    H5Dclose(set);
    H5Sclose(space);
  }

 private:
  hid_t file_ = -1;
};

/// A fixed-length string type of `size` bytes (closed by the caller).
hid_t fixedString(std::size_t size) {
  const hid_t type = H5Tcopy(H5T_C_S1);
  H5Tset_size(type, size);
  return type;
}

class SweepFileReader : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = nsd::test::scratchFolder("nsd_h5r_");
    fs::create_directories(dir_);
    path_ = dir_ + "/sweep.h5";
    SweepFileHeader header;
    header.axes = axes_;
    header.fixed = {{"mz", 0.25}};
    header.model_parameters = {{"mu_plus", 0.3}};
    header.model_name = "ball-trough";
    header.refine_tolerance = 1e-3;
    region::SweepOptions options;
    options.refine_tolerance = header.refine_tolerance;
    const region::ModelPredicate predicate =
        region::ballTroughPredicate(models::BallTroughParameters::paper(0.3, 0.4));
    const auto sink = createSweepFile(path_, header);
    region::sweepIntoSink(axes_, header.fixed, predicate, options, {}, {}, {}, *sink);
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// Expects readSweepFile to throw InvalidInput whose message names `part`.
  void expectRefused(const std::string& part) const {
    try {
      readSweepFile(path_);
      ADD_FAILURE() << "a file with a bad " << part << " was read";
    } catch (const InvalidInput& e) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(path_), std::string::npos) << e.what();
    }
  }

  std::vector<region::Axis> axes_{{"mx", -0.8, 0.8, 9}, {"my", -0.8, 0.8, 7}};
  std::string dir_, path_;
};

TEST_F(SweepFileReader, AnUneditedFileIsReadEqual) {
  const SweepFileContents c = readSweepFile(path_);
  ASSERT_EQ(c.axes.size(), 2u);
  EXPECT_EQ(c.axes[0].count, 9);
  EXPECT_EQ(c.axes[1].lower, -0.8);
  EXPECT_EQ(c.realizable.size(), 63u);
  EXPECT_EQ(c.fixed.at("mz"), 0.25);
  EXPECT_EQ(c.refine_tolerance, 1e-3);
  EXPECT_EQ(c.boundary_values.size(), 2 * c.boundary_bracket_width.size());
}

TEST_F(SweepFileReader, RefusesANumberAttributeHoldingAnArray) {
  const std::vector<double> many(4000, 1e-3);
  Edit(path_).attribute("/", "refine_tolerance", H5T_NATIVE_DOUBLE, {many.size()}, many.data());
  expectRefused("refine_tolerance");
}

TEST_F(SweepFileReader, RefusesAnAxisBoundHoldingAnArray) {
  const std::vector<double> many(4000, -1.0);
  Edit(path_).attribute("/axes/mx", "lower", H5T_NATIVE_DOUBLE, {many.size()}, many.data());
  expectRefused("lower");
}

TEST_F(SweepFileReader, RefusesAStringAttributeHoldingAnArray) {
  const std::string text(19 * 300, 'x');
  const hid_t type = fixedString(19);
  Edit(path_).attribute("/", "format", type, {300}, text.data());
  H5Tclose(type);
  expectRefused("format");
}

TEST_F(SweepFileReader, RefusesAVariableLengthStringWhereAFixedOneIsDeclared) {
  const hid_t type = H5Tcopy(H5T_C_S1);
  H5Tset_size(type, H5T_VARIABLE);
  const char* text = "nsdkit-sweep-hdf5/1";
  Edit(path_).attribute("/", "model", type, {}, &text);
  H5Tclose(type);
  expectRefused("model");
}

TEST_F(SweepFileReader, RefusesAnOversizedFixedString) {
  const std::string text(60000, 'x');
  const hid_t type = fixedString(text.size());
  Edit(path_).attribute("/", "nsdkit_version", type, {}, text.data());
  H5Tclose(type);
  expectRefused("nsdkit_version");
}

TEST_F(SweepFileReader, RefusesANumberOfAnotherTypeClass) {
  const hid_t type = fixedString(4);
  Edit(path_).attribute("/fixed", "mz", type, {}, "0.25");
  H5Tclose(type);
  expectRefused("mz");
}

TEST_F(SweepFileReader, RefusesANonFiniteNumber) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Edit(path_).attribute("/axes/my", "upper", H5T_NATIVE_DOUBLE, {}, &nan);
  expectRefused("upper");
}

TEST_F(SweepFileReader, RefusesLowerAboveUpper) {
  const double lower = 2.0;
  Edit(path_).attribute("/axes/mx", "lower", H5T_NATIVE_DOUBLE, {}, &lower);
  expectRefused("lower");
}

TEST_F(SweepFileReader, RefusesACountImplyingTooManyPoints) {
  const std::uint64_t count = 400000000;
  Edit(path_).attribute("/axes/mx", "count", H5T_NATIVE_UINT64, {}, &count);
  expectRefused("count");
}

TEST_F(SweepFileReader, RefusesADatasetOfOtherDimensionsThanTheAxesImply) {
  const std::vector<std::uint8_t> flat(63, 0);
  Edit(path_).dataset("/grid/realizable", H5T_NATIVE_UINT8, {63}, H5P_DEFAULT, flat.data());
  expectRefused("/grid/realizable");
}

TEST_F(SweepFileReader, RefusesMoreBoundaryRowsThanTheLimitBeforeAllocating) {
  const hid_t create = H5Pcreate(H5P_DATASET_CREATE);
  const hsize_t chunk = 65536;
  H5Pset_chunk(create, 1, &chunk);
  H5Pset_deflate(create, 4);
  Edit(path_).dataset("/boundary/bracket_width", H5T_NATIVE_DOUBLE, {200000000}, create, nullptr);
  H5Pclose(create);
  expectRefused("/boundary/bracket_width");
}

TEST_F(SweepFileReader, RefusesAGroupWithTooManyAttributes) {
  {
    const Edit edit(path_);
    const double one = 1.0;
    for (int i = 0; i < 300; ++i) {
      edit.attribute("/fixed", "p" + std::to_string(i), H5T_NATIVE_DOUBLE, {}, &one);
    }
  }
  expectRefused("/fixed");
}

TEST_F(SweepFileReader, RefusesADatasetStoredInAnotherFile) {
  const std::string other = dir_ + "/elsewhere.bin";
  std::ofstream(other, std::ios::binary) << std::string(9 * sizeof(double), '\0');
  const hid_t create = H5Pcreate(H5P_DATASET_CREATE);
  H5Pset_external(create, other.c_str(), 0, 9 * sizeof(double));
  Edit(path_).dataset("/axes/mx", H5T_NATIVE_DOUBLE, {9}, create, nullptr);
  H5Pclose(create);
  expectRefused("/axes/mx");
}

TEST_F(SweepFileReader, RefusesASoftLink) {
  {
    const Edit edit(path_);
    H5Ldelete(edit.file(), "/grid", H5P_DEFAULT);
    H5Lcreate_soft("/boundary", edit.file(), "/grid", H5P_DEFAULT, H5P_DEFAULT);
  }
  expectRefused("/grid");
}

TEST_F(SweepFileReader, RefusesAnExternalLink) {
  const std::string other = dir_ + "/other.h5";
  const hid_t other_file = H5Fcreate(other.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  H5Fclose(other_file);
  {
    const Edit edit(path_);
    H5Ldelete(edit.file(), "/axes/my", H5P_DEFAULT);
    H5Lcreate_external(other.c_str(), "/x", edit.file(), "/axes/my", H5P_DEFAULT, H5P_DEFAULT);
  }
  expectRefused("/axes/my");
}

TEST_F(SweepFileReader, RefusesABodyFileHoldingAnArray) {
  const std::string text(200 * 50, '{');
  const hid_t type = fixedString(50);
  Edit(path_).dataset("/body_file", type, {200}, H5P_DEFAULT, text.data());
  H5Tclose(type);
  expectRefused("body_file");
}

TEST_F(SweepFileReader, RefusesAnEscapeCodePastTheKnownBits) {
  const std::vector<std::uint8_t> codes(63, 200);
  Edit(path_).dataset("/grid/escapes", H5T_NATIVE_UINT8, {9, 7}, H5P_DEFAULT, codes.data());
  expectRefused("/grid/escapes");
}

}  // namespace
}  // namespace nsd::hdf5
