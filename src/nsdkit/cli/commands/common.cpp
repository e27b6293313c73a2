#include <nsdkit/cli/commands/commands.hpp>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <iostream>

#include <nsdkit/core/errors.hpp>

extern char** environ;

namespace nsd::cli {

namespace {

/// pages.py's exit status when plotly (python3-plotly) is not installed: the page is skipped
/// with a note; every other failure is an error.
constexpr int kPagesUnavailable = 3;

/// Runs `argv` (no shell) with stdout on /dev/null; returns its wait status and sets `errors` to
/// what it wrote on stderr (the first 64 KiB). False if it could not be started.
bool runCapturingErrors(std::vector<std::string> words, int& status, std::string& errors) {
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) return false;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDERR_FILENO);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  if (spawned == 0) {
    char chunk[4096];
    for (;;) {
      const ssize_t got = ::read(pipe_fds[0], chunk, sizeof chunk);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) break;
      if (errors.size() < (64u << 10)) errors.append(chunk, static_cast<std::size_t>(got));
    }
  }
  ::close(pipe_fds[0]);
  if (spawned != 0) return false;
  while (waitpid(pid, &status, 0) != pid) {
    if (errno != EINTR) return false;
  }
  return true;
}

/// The reason pages.py gave: its last non-empty stderr line without its own prefix.
std::string lastErrorLine(const std::string& errors) {
  std::string line;
  std::size_t end = errors.size();
  while (line.empty() && end > 0) {
    const std::size_t begin = errors.rfind('\n', end - 1);
    const std::size_t from = begin == std::string::npos ? 0 : begin + 1;
    line = errors.substr(from, end - from);
    end = begin == std::string::npos ? 0 : begin;
  }
  for (const char* prefix : {"nsdkit pages: error: ", "pages.py: error: "}) {
    if (line.rfind(prefix, 0) == 0) line = line.substr(std::string(prefix).size());
  }
  // Control bytes escaped (the line may quote the user's text), at most 400 bytes.
  static const char* const kHex = "0123456789abcdef";
  std::string shown;
  for (const char c : line.substr(0, 400)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      shown += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 0xf];
    } else {
      shown += c;
    }
  }
  return shown.empty() ? std::string("no message") : shown;
}

// pages.py: the installed one beside this executable (<prefix>/bin/../lib/nsdkit/python/nsdkit),
// else the source tree's (an uninstalled build).
std::string pagesScript() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const std::filesystem::path installed =
        (exe.parent_path() / NSDKIT_INSTALLED_PAGES_RELATIVE).lexically_normal();
    if (std::filesystem::is_regular_file(installed, ec)) return installed.string();
  }
  return NSDKIT_PAGES_SCRIPT;
}

}  // namespace

bool writeHtmlPage(const std::string& page, const std::vector<std::string>& paths,
                   const std::vector<std::string>& options, const std::string& field) {
  const std::string script = pagesScript();
  const std::string python = "/usr/bin/python3";
  const std::string target = paths.empty() ? std::string() : paths.back();
  if (!std::filesystem::exists(script) || !std::filesystem::exists(python)) {
    std::cerr << "nsdkit: note: HTML page not written (" << script << " or " << python
              << " missing)\n";
    return false;
  }
  // An argument vector (no shell, no quoting); options as --name=value and the paths absolute,
  // so that no value of the user's is read as an option.
  std::vector<std::string> words{python, script, page};
  words.insert(words.end(), options.begin(), options.end());
  for (const std::string& path : paths) {
    words.push_back(std::filesystem::absolute(std::filesystem::path(path)).string());
  }
  int status = 0;
  std::string errors;
  const std::string what =
      (field.empty() ? std::string("HTML page") : field) + " " + quoteInput(target);
  if (!runCapturingErrors(words, status, errors)) {
    throw InvalidInput(what + ": the page was not written (" + python + " could not be run)");
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == kPagesUnavailable) {
    std::cerr << "nsdkit: note: HTML page not written (" << lastErrorLine(errors) << ")\n";
    return false;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw InvalidInput(what + ": the page was not written: " + lastErrorLine(errors));
  }
  return true;
}

std::string number(double value) { return formatValue(value); }

jobs::HtmlPageWriter htmlPageWriter() {
  return [](const jobs::HtmlPageRequest& r) {
    return writeHtmlPage(r.page, r.paths, r.options, r.field);
  };
}

void requireSampleCount(double t_end, double dt) {
  requirePositive(t_end, "--t-end");
  requirePositive(dt, "--dt");
  if (t_end / dt > 1e7) {
    throw InvalidInput("--t-end / --dt = " + formatValue(t_end / dt) +
                       " output samples; at most 1e7 (raise --dt)");
  }
}

}  // namespace nsd::cli
