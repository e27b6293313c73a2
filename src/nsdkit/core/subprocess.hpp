#pragma once
/// @file subprocess.hpp
/// Runs a program found on PATH with its arguments (no shell), its standard output and error
/// written to files, within a time limit.

#include <string>
#include <vector>

namespace nsd {

/// How a child process ended.
struct ProcessOutcome {
  bool started = false;    ///< false: the program could not be started (see `failure`)
  bool timed_out = false;  ///< killed (SIGKILL) after the time limit
  int exit_status = -1;    ///< its exit status when it exited, else -1
  int signal = 0;          ///< the signal that ended it, else 0
  std::string failure;     ///< why it did not start or did not exit 0, in words ("" on success)
  /// True when the program started, was not killed for the time limit and exited with status 0.
  bool succeeded() const { return started && !timed_out && exit_status == 0; }
};

/// Runs `argv` (argv[0] looked up on PATH; no shell, so no quoting issues), with standard input
/// from /dev/null and standard output and error into the files `stdout_path` and
/// `stderr_path` (created or truncated), waiting at most `time_limit_s` seconds (then the child
/// is killed). @throws InvalidInput when argv is empty or the limit is not positive and finite.
ProcessOutcome runProcess(const std::vector<std::string>& argv, const std::string& stdout_path,
                          const std::string& stderr_path, double time_limit_s);

/// The full path of `program` found on PATH as an executable regular file, or "".
std::string findOnPath(const std::string& program);

/// True when the process `pid` of this machine has ended: no such process (kill(pid, 0) fails
/// with ESRCH), or it is a zombie or dead (state Z or X in `/proc/<pid>/stat`: killed, not yet
/// reaped, e.g. an MPI rank whose launcher was killed with SIGKILL). Used to tell a killed run's
/// temporary files from a live run's.
bool processHasEnded(long pid);

/// A private working folder for a child process: created (mode 0700, unguessable name
/// `nsdkit-<purpose>-XXXXXX` in the system's temporary folder) on construction, removed with
/// everything in it on destruction. Not copyable. @throws InvalidInput if it cannot be created.
class TemporaryFolder {
 public:
  /// Creates the folder; `purpose` becomes part of its name.
  explicit TemporaryFolder(const std::string& purpose);
  /// Removes the folder and everything in it (errors ignored).
  ~TemporaryFolder();
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
  /// The folder's path (in the system's temporary folder).
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace nsd
