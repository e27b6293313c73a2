#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/numeric_csv.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nsdkit/core/errors.hpp>

namespace nsd {
namespace {

std::string writeTemp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(Csv, ReadsWellFormedFile) {
  const auto p = writeTemp("nsd_ok.csv", "mx,my,mz\n0.1, -0.2,0.3\r\n\n1e-3,0,0\n");
  const auto rows = readNumericCsv(p, {"mx", "my", "mz"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0][1], -0.2);
  EXPECT_EQ(rows[1][0], 1e-3);
}

TEST(Csv, RejectsBadHeaderFieldsAndNaN) {
  EXPECT_THROW(readNumericCsv(writeTemp("nsd_h.csv", "a,b,c\n1,2,3\n"), {"mx", "my", "mz"}),
               InvalidInput);
  EXPECT_THROW(readNumericCsv(writeTemp("nsd_f.csv", "mx,my,mz\n1,2\n"), {"mx", "my", "mz"}),
               InvalidInput);
  EXPECT_THROW(readNumericCsv(writeTemp("nsd_n.csv", "mx,my,mz\n1,nan,2\n"), {"mx", "my", "mz"}),
               InvalidInput);
  EXPECT_THROW(readNumericCsv(writeTemp("nsd_x.csv", "mx,my,mz\n1,2x,2\n"), {"mx", "my", "mz"}),
               InvalidInput);
  EXPECT_THROW(readNumericCsv(writeTemp("nsd_e.csv", ""), {"mx", "my", "mz"}), InvalidInput);
  EXPECT_THROW(readNumericCsv("/nonexistent/nsd.csv", {"mx"}), InvalidInput);
}

TEST(Csv, AtomicWriteLeavesNothingOnFailure) {
  const auto path = (std::filesystem::temp_directory_path() / "nsd_atomic.csv").string();
  std::filesystem::remove(path);
  EXPECT_THROW(writeFileAtomically(path,
                                   [](std::ostream& out) {
                                     out << "partial\n";
                                     throw InvalidInput("failure in the middle");
                                   }),
               InvalidInput);
  EXPECT_FALSE(std::filesystem::exists(path));
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::temp_directory_path())) {
    EXPECT_EQ(entry.path().string().find("nsd_atomic.csv.tmp-nsdkit"), std::string::npos)
        << entry.path();
  }
  writeFileAtomically(path, [](std::ostream& out) { out << "ok\n"; });
  EXPECT_TRUE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace nsd
