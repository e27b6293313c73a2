#pragma once
// Scaffolding shared by the tests: a scratch folder per test, and a barrier for threads that play
// MPI ranks.
#include <gtest/gtest.h>

#include <unistd.h>

#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <string>

namespace nsd::test {

/// A fresh, empty folder in the temporary directory named after the running test (and the
/// process, so parallel ctest runs never share one). The caller removes it.
inline std::string scratchFolder(const std::string& prefix) {
  const std::string dir = (std::filesystem::temp_directory_path() /
                           (prefix + std::to_string(::getpid()) + "_" +
                            ::testing::UnitTest::GetInstance()->current_test_info()->name()))
                              .string();
  std::filesystem::remove_all(dir);
  return dir;
}

/// A reusable barrier for `parties` threads (simulated MPI ranks).
class Barrier {
 public:
  explicit Barrier(int parties) : parties_(parties) {}
  void wait() {
    std::unique_lock<std::mutex> lock(m_);
    const int generation = generation_;
    if (++waiting_ == parties_) {
      waiting_ = 0;
      ++generation_;
      cv_.notify_all();
    } else {
      cv_.wait(lock, [&] { return generation != generation_; });
    }
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  int parties_, waiting_ = 0, generation_ = 0;
};

}  // namespace nsd::test
