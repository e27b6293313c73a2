#include <nsdkit/validation/run_notes.hpp>

#include <map>
#include <ostream>
#include <sstream>

#include <nsdkit/core/errors.hpp>

namespace nsd::validation {

std::string engineMessagesNote(const std::string& engine_messages) {
  std::istringstream in(engine_messages);
  std::string line, first;
  long lines = 0;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (lines++ == 0) first = line;
  }
  if (lines == 0) return "";
  return "the engine printed " + std::to_string(lines) + (lines == 1 ? " line" : " lines") +
         " of messages, the first: " + quoteInput(first, 160);
}

std::string unconvergedStepsNote(long steps) {
  return std::to_string(steps) + (steps == 1 ? " step" : " steps") +
         " where the friction solver did not reach its tolerance";
}

std::vector<std::string> runNotesOf(const std::vector<engines::SettingNote>& notes) {
  std::vector<std::string> out;
  for (const engines::SettingNote& n : notes) {
    if (n.setting == engines::kRunNoteSetting) out.push_back(n.reason);
  }
  return out;
}

void writeRunNotesSection(std::ostream& out, const std::vector<ValidationResult>& results) {
  struct PerSolver {
    std::size_t rows = 0, noted = 0;
    const ValidationResult* first = nullptr;
  };
  std::map<std::string, PerSolver> solvers;
  for (const ValidationResult& r : results) {
    PerSolver& s = solvers[r.solver];
    ++s.rows;
    if (runNotesOf(r.setting_notes).empty()) continue;
    ++s.noted;
    if (s.first == nullptr) s.first = &r;
  }
  bool any = false;
  for (const auto& [label, s] : solvers) any = any || s.noted > 0;
  if (!any) return;
  out << "\n## Run notes\n\nWhat a run said about itself besides its trajectory (report.json's "
         "`run_notes` has every row's): the verdicts below stand, judged on the trajectories "
         "the runs produced.\n\n| solver | rows with a run note | first such row | its notes |\n"
         "|---|---|---|---|\n";
  for (const auto& [label, s] : solvers) {
    if (s.noted == 0) continue;
    std::string notes;
    for (const std::string& n : runNotesOf(s.first->setting_notes)) {
      notes += (notes.empty() ? "" : "; ") + n;
    }
    // Notes may quote an engine's output: no '|' or newline may break the table.
    for (char& c : notes) {
      if (c == '|' || c == '\n' || c == '\r') c = ' ';
    }
    out << "| " << label << " | " << s.noted << " of " << s.rows << " | " << s.first->case_name
        << " | " << notes << " |\n";
  }
}

}  // namespace nsd::validation
