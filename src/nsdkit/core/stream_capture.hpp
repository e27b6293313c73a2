#pragma once
/// @file stream_capture.hpp
/// Redirects a std::ostream (std::cout, std::cerr) into a string while alive, for libraries that
/// print warnings on the standard streams (Siconos, DART): their messages go into the run's
/// record instead of the user's terminal. The stream is process-wide: callers must not have two
/// captures of the same stream alive in different threads.

#include <ostream>
#include <sstream>
#include <string>

namespace nsd {

/// Captures what is written to one std::ostream while this object lives (see the file comment).
/// Not copyable.
class StreamCapture {
 public:
  /// Starts capturing `stream`: its buffer is replaced by the capture's until destruction.
  explicit StreamCapture(std::ostream& stream)
      : stream_(stream), old_(stream.rdbuf(captured_.rdbuf())) {}
  /// Gives `stream` its own buffer back.
  ~StreamCapture() { stream_.rdbuf(old_); }
  StreamCapture(const StreamCapture&) = delete;
  StreamCapture& operator=(const StreamCapture&) = delete;
  /// Everything written to the stream since the capture began.
  std::string text() const { return captured_.str(); }

 private:
  std::ostream& stream_;
  std::ostringstream captured_;
  std::streambuf* old_;
};

}  // namespace nsd
