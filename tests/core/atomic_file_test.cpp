// The one checked writer (core/atomic_file.hpp): temporaries created exclusively under an
// unguessable name (a link planted at a temporary name is never followed), devices and FIFOs
// written in place, links refused, nothing left behind by a failed write.
#include <nsdkit/core/atomic_file.hpp>

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <nsdkit/core/errors.hpp>

namespace nsd {
namespace {

namespace fs = std::filesystem;

/// A fresh folder for one test, removed afterwards.
class AtomicFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() /
              ("nsd_atomic_file_test_" + std::to_string(::getpid()) + "_" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }
  std::string path(const std::string& name) const { return (folder_ / name).string(); }
  std::set<std::string> names() const {
    std::set<std::string> out;
    for (const auto& entry : fs::directory_iterator(folder_)) {
      out.insert(entry.path().filename().string());
    }
    return out;
  }
  fs::path folder_;
};

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

TEST_F(AtomicFileTest, LinkPlantedAtTheOldPredictableNameIsNotFollowed) {
  // The temporary used to be <out>.tmp-nsdkit-<pid>: a link there made the writer overwrite
  // the link's target.
  writeText(path("victim"), "victim\n");
  const std::string planted = path("out.csv") + ".tmp-nsdkit-" + std::to_string(::getpid());
  fs::create_symlink(path("victim"), planted);
  writeFileAtomically(path("out.csv"), [](std::ostream& out) { out << "new\n"; });
  EXPECT_EQ(read(path("victim")), "victim\n");
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(planted)));
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(path("out.csv"))));
  EXPECT_EQ(read(path("out.csv")), "new\n");
}

TEST_F(AtomicFileTest, TemporaryIsAFreshFileUnderARandomName) {
  // Seen from inside the writer: one new regular file named <out>.tmp-nsdkit-<pid>-<16 hex>,
  // a different name on each call (not guessable from the pid).
  // (Matched by hand: GCC 12's <regex> warns maybe-uninitialized under ASan at -O1.)
  const std::string prefix = "out.csv.tmp-nsdkit-" + std::to_string(::getpid()) + "-";
  const auto isTemporaryName = [&prefix](const std::string& name) {
    if (name.size() != prefix.size() + 16 || name.compare(0, prefix.size(), prefix) != 0) {
      return false;
    }
    return name.find_first_not_of("0123456789abcdef", prefix.size()) == std::string::npos;
  };
  std::set<std::string> seen;
  for (int call = 0; call < 3; ++call) {
    writeFileAtomically(path("out.csv"), [&](std::ostream& out) {
      std::set<std::string> temporaries;
      for (const std::string& name : names()) {
        if (name != "out.csv") temporaries.insert(name);
      }
      ASSERT_EQ(temporaries.size(), 1u);
      const std::string name = *temporaries.begin();
      EXPECT_TRUE(isTemporaryName(name)) << name;
      EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(path(name))));
      seen.insert(name);
      out << call;
    });
  }
  EXPECT_EQ(seen.size(), 3u);
  EXPECT_EQ(names(), std::set<std::string>{"out.csv"});
}

TEST_F(AtomicFileTest, FailedWriteLeavesNothingAndKeepsThePreviousFile) {
  writeText(path("out.csv"), "previous\n");
  EXPECT_THROW(writeFileAtomically(path("out.csv"),
                                   [](std::ostream& out) {
                                     out << "partial";
                                     throw std::runtime_error("writer failed");
                                   }),
               std::runtime_error);
  EXPECT_EQ(read(path("out.csv")), "previous\n");
  EXPECT_EQ(names(), std::set<std::string>{"out.csv"});
}

TEST_F(AtomicFileTest, SymbolicLinkIsRefusedAndItsTargetKept) {
  writeText(path("target"), "target\n");
  fs::create_symlink(path("target"), path("link.csv"));
  EXPECT_THROW(writeFileAtomically(path("link.csv"), [](std::ostream& out) { out << "x"; }),
               InvalidInput);
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(path("link.csv"))));
  EXPECT_EQ(read(path("target")), "target\n");
}

TEST_F(AtomicFileTest, FifoIsWrittenInPlace) {
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = read(path("fifo")); });
  writeFileAtomically(path("fifo"), [](std::ostream& out) { out << "through the FIFO\n"; });
  reader.join();
  EXPECT_EQ(received, "through the FIFO\n");
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(path("fifo"))));
  EXPECT_EQ(names(), std::set<std::string>{"fifo"});
}

TEST_F(AtomicFileTest, CharacterDeviceIsWrittenInPlace) {
  // A node with /dev/null's numbers in the test's folder (only root may make one).
  if (::mknod(path("null").c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
    GTEST_SKIP() << "mknod not permitted (not root)";
  }
  writeFileAtomically(path("null"), [](std::ostream& out) { out << "discarded\n"; });
  EXPECT_TRUE(fs::is_character_file(fs::symlink_status(path("null"))));
  EXPECT_EQ(names(), std::set<std::string>{"null"});
}

TEST_F(AtomicFileTest, ScratchFileIsExclusiveAndRemoved) {
  std::string scratch_path;
  {
    const ScratchFile scratch(path("page.html"), [](std::ostream& out) { out << "rows\n"; });
    scratch_path = scratch.path();
    EXPECT_NE(scratch_path.find("page.html.tmp-nsdkit-"), std::string::npos);
    EXPECT_EQ(read(scratch_path), "rows\n");
  }
  EXPECT_FALSE(fs::exists(fs::symlink_status(scratch_path)));
  EXPECT_TRUE(names().empty());
}

}  // namespace
}  // namespace nsd
