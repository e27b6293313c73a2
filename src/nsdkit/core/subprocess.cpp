// Child processes without a shell (subprocess.hpp).
#include <nsdkit/core/subprocess.hpp>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <thread>

#include <nsdkit/core/errors.hpp>

extern char** environ;

namespace nsd {
namespace {

// posix_spawn file actions: stdin from /dev/null, stdout and stderr into the files.
class FileActions {
 public:
  FileActions(const std::string& out, const std::string& err) {
    posix_spawn_file_actions_init(&actions_);
    posix_spawn_file_actions_addopen(&actions_, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions_, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions_, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  }
  ~FileActions() { posix_spawn_file_actions_destroy(&actions_); }
  FileActions(const FileActions&) = delete;
  FileActions& operator=(const FileActions&) = delete;
  const posix_spawn_file_actions_t* get() const { return &actions_; }

 private:
  posix_spawn_file_actions_t actions_{};
};

// Waits for `pid` up to the deadline (polling every 10 ms), killing it after; fills `outcome`.
void waitFor(pid_t pid, double time_limit_s, ProcessOutcome& outcome) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(time_limit_s);
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) {
      outcome.failure = std::string("waitpid failed: ") + std::strerror(errno);
      return;
    }
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      outcome.timed_out = true;
      std::ostringstream s;
      s << "killed after the time limit of " << time_limit_s << " s";
      outcome.failure = s.str();
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (WIFEXITED(status)) {
    outcome.exit_status = WEXITSTATUS(status);
    if (outcome.exit_status != 0) {
      outcome.failure = "exited with status " + std::to_string(outcome.exit_status);
    }
  } else if (WIFSIGNALED(status)) {
    outcome.signal = WTERMSIG(status);
    outcome.failure = std::string("ended by signal ") + std::to_string(outcome.signal) + " (" +
                      ::strsignal(outcome.signal) + ")";
  }
}

}  // namespace

ProcessOutcome runProcess(const std::vector<std::string>& argv, const std::string& stdout_path,
                          const std::string& stderr_path, double time_limit_s) {
  if (argv.empty()) throw InvalidInput("runProcess: no program given");
  if (!(time_limit_s > 0.0) || !std::isfinite(time_limit_s)) {
    throw InvalidInput("runProcess: the time limit must be positive and finite, got " +
                       formatValue(time_limit_s));
  }
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const FileActions actions(stdout_path, stderr_path);
  ProcessOutcome outcome;
  pid_t pid = 0;
  const int rc = ::posix_spawnp(&pid, args[0], actions.get(), nullptr, args.data(), environ);
  if (rc != 0) {
    outcome.failure = "cannot start " + quoteInput(argv[0]) + ": " + std::strerror(rc);
    return outcome;
  }
  outcome.started = true;
  waitFor(pid, time_limit_s, outcome);
  return outcome;
}

std::string findOnPath(const std::string& program) {
  if (program.empty()) return "";
  const char* path = std::getenv("PATH");
  if (program.find('/') != std::string::npos || path == nullptr) {
    return ::access(program.c_str(), X_OK) == 0 ? program : "";
  }
  std::istringstream folders(path);
  std::string folder;
  while (std::getline(folders, folder, ':')) {
    const std::string candidate = (folder.empty() ? std::string(".") : folder) + "/" + program;
    struct stat st {};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
        ::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return "";
}

TemporaryFolder::TemporaryFolder(const std::string& purpose) {
  std::error_code ec;
  std::string pattern =
      (std::filesystem::temp_directory_path(ec) / ("nsdkit-" + purpose + "-XXXXXX")).string();
  if (ec || ::mkdtemp(pattern.data()) == nullptr) {
    throw InvalidInput("cannot create a temporary folder " + quoteInput(pattern) + ": " +
                       std::strerror(errno));
  }
  path_ = pattern;
}

TemporaryFolder::~TemporaryFolder() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

bool processHasEnded(long pid) {
  if (pid <= 0) return false;
  if (::kill(static_cast<pid_t>(pid), 0) != 0) return errno == ESRCH;
  // It exists: a zombie (or a dead task) has ended all the same. /proc/<pid>/stat is
  // "<pid> (<comm>) <state> ...", and <comm> may hold spaces or parentheses: the state follows
  // the last ')'.
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return false;
  const std::size_t close = line.rfind(')');
  if (close == std::string::npos || close + 2 >= line.size()) return false;
  const char state = line[close + 2];
  return state == 'Z' || state == 'X';
}

}  // namespace nsd
