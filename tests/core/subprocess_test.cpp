// runProcess against what /bin/sh reports of itself: exit statuses, signals, the time limit,
// output files and arguments passed without a shell; findOnPath against the file system.
#include <nsdkit/core/subprocess.hpp>

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nsdkit/core/errors.hpp>

namespace nsd {
namespace {

namespace fs = std::filesystem;

std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class Subprocess : public ::testing::Test {
 protected:
  void SetUp() override { folder_ = std::make_unique<TemporaryFolder>("subprocess-test"); }
  std::string path(const std::string& name) const { return folder_->path() + "/" + name; }
  ProcessOutcome sh(const std::string& script, double limit_s = 30.0) {
    return runProcess({"sh", "-c", script}, path("out"), path("err"), limit_s);
  }
  std::unique_ptr<TemporaryFolder> folder_;
};

TEST_F(Subprocess, OutputsGoToTheirFilesAndArgumentsAreNotReinterpreted) {
  // An argument with spaces, quotes and a semicolon arrives as one argument ($1), unexpanded.
  const std::string tricky = "a b; 'c' \"d\" $HOME";
  const ProcessOutcome o = runProcess({"sh", "-c", "printf '%s' \"$1\"; echo oops >&2", "sh", tricky},
                                      path("out"), path("err"), 30.0);
  EXPECT_TRUE(o.succeeded()) << o.failure;
  EXPECT_EQ(readText(path("out")), tricky);
  EXPECT_EQ(readText(path("err")), "oops\n");
}

TEST_F(Subprocess, ExitStatusAndSignalAreReportedInWords) {
  ProcessOutcome o = sh("exit 3");
  EXPECT_FALSE(o.succeeded());
  EXPECT_EQ(o.exit_status, 3);
  EXPECT_EQ(o.failure, "exited with status 3");
  o = sh("kill -TERM $$");
  EXPECT_FALSE(o.succeeded());
  EXPECT_EQ(o.signal, 15);
  EXPECT_NE(o.failure.find("ended by signal 15"), std::string::npos) << o.failure;
}

TEST_F(Subprocess, ARunawayIsKilledAtTheTimeLimit) {
  // 0.3 s limit against a 30 s sleep: killed well before the sleep ends (the 10 ms polling and
  // process start-up are far below the 20 s margin).
  const auto t0 = std::chrono::steady_clock::now();
  const ProcessOutcome o = sh("sleep 30", 0.3);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(o.timed_out);
  EXPECT_FALSE(o.succeeded());
  EXPECT_GE(seconds, 0.3);
  EXPECT_LT(seconds, 20.0);
  EXPECT_NE(o.failure.find("killed after the time limit of 0.3 s"), std::string::npos) << o.failure;
}

TEST_F(Subprocess, AMissingProgramDoesNotStart) {
  const ProcessOutcome o = runProcess({"nsdkit-no-such-program-7f3a"}, path("out"), path("err"), 5.0);
  EXPECT_FALSE(o.started);
  EXPECT_NE(o.failure.find("cannot start 'nsdkit-no-such-program-7f3a'"), std::string::npos)
      << o.failure;
  EXPECT_EQ(findOnPath("nsdkit-no-such-program-7f3a"), "");
}

TEST_F(Subprocess, BadArgumentsAreRefused) {
  EXPECT_THROW(runProcess({}, path("out"), path("err"), 1.0), InvalidInput);
  EXPECT_THROW(sh("true", 0.0), InvalidInput);
  EXPECT_THROW(sh("true", std::nan("")), InvalidInput);
  EXPECT_THROW(sh("true", INFINITY), InvalidInput);
}

TEST_F(Subprocess, FindOnPathReturnsAnExecutableFile) {
  const std::string found = findOnPath("sh");
  ASSERT_FALSE(found.empty());
  EXPECT_TRUE(fs::is_regular_file(found));
  EXPECT_EQ(findOnPath(""), "");
}

// A killed run's process may still exist as a zombie (killed, not yet reaped) when the next run
// looks for its temporary files: it has ended all the same. A running process has not.
TEST(ProcessHasEnded, RunningNoZombieYesReapedYes) {
  EXPECT_FALSE(processHasEnded(static_cast<long>(::getpid())));
  EXPECT_FALSE(processHasEnded(0));
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) ::_exit(0);
  // Not reaped: a zombie once it has exited (polled, up to 5 s).
  bool ended = false;
  for (int i = 0; i < 500 && !ended; ++i) {
    ended = processHasEnded(child);
    if (!ended) ::usleep(10000);
  }
  EXPECT_TRUE(ended) << "an exited, unreaped child counts as running";
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(processHasEnded(child));  // reaped: no such process (pids are not reused at once)
}

TEST(TemporaryFolder, IsPrivateAndRemovedWithItsContents) {
  std::string where;
  {
    const TemporaryFolder f("test");
    where = f.path();
    EXPECT_NE(fs::path(where).filename().string().find("nsdkit-test-"), std::string::npos);
    EXPECT_EQ(fs::status(where).permissions() & fs::perms::all, fs::perms::owner_all);
    fs::create_directories(where + "/a/b");
    std::ofstream(where + "/a/b/c") << "x";
  }
  EXPECT_FALSE(fs::exists(where));
}

}  // namespace
}  // namespace nsd
