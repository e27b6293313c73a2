#pragma once
/// @file parallel.hpp
/// A minimal deterministic parallel loop: f(i) for i in [0, n) on `threads` threads, each index
/// exactly once (results written by index keep their order whatever the thread count). The first
/// exception thrown by f is rethrown on the calling thread after all workers stopped. An optional
/// progress callback is called from the calling thread about every 100 ms with (done, n).

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace nsd {

/// Calls f(i) for every i in [0, n) on min(threads, n) threads (at least one), each index exactly
/// once, and returns when all are done; rethrows f's first exception, with `progress(done, n)`
/// called on this thread about every 100 ms if given.
template <class F>
void parallelFor(std::size_t n, unsigned threads, F&& f,
                 const std::function<void(std::size_t, std::size_t)>& progress = {}) {
  threads =
      std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(std::max<std::size_t>(n, 1))));
  std::atomic<std::size_t> next{0}, done{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto worker = [&] {
    while (true) {
      const std::size_t i = next.fetch_add(1);
      if (i >= n) return;
      try {
        f(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
        failed = true;
        next = n;
        return;
      }
      ++done;
    }
  };
  std::vector<std::thread> pool;
  // A thread the system refuses to create (std::system_error) is simply not used: the workers
  // already running, and the calling thread, share the indices.
  auto spawn = [&](unsigned count) {
    for (unsigned t = 0; t < count; ++t) {
      try {
        pool.emplace_back(worker);
      } catch (const std::system_error&) {
        break;
      }
    }
  };
  if (progress) {
    spawn(threads);
    if (pool.empty()) worker();  // no thread at all: work on the calling thread
    while (!failed.load() && done.load() < n) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      progress(done.load(), n);
    }
  } else {
    spawn(threads - 1);
    worker();
  }
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace nsd
