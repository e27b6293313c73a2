// A run's notes about itself reach the report: the engine-message note, the filter of a row's
// notes and report.md's per-solver section, each against the text it must write.
#include <nsdkit/validation/run_notes.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace nsd::validation {
namespace {

TEST(RunNotes, EngineMessagesAreCountedAndTheFirstIsQuoted) {
  EXPECT_EQ(engineMessagesNote(""), "");
  EXPECT_EQ(engineMessagesNote("\n  \n\t\n"), "");  // blank lines are no message
  EXPECT_EQ(engineMessagesNote("ODE Message 2: LCP internal error\n\nsecond one\n"),
            "the engine printed 2 lines of messages, the first: "
            "'ODE Message 2: LCP internal error'");
  EXPECT_EQ(engineMessagesNote("one\n"), "the engine printed 1 line of messages, the first: 'one'");
  // Whatever an engine prints is quoted: an escape sequence cannot reach a terminal or a page.
  EXPECT_EQ(engineMessagesNote("\x1b[31mred|x\n"),
            "the engine printed 1 line of messages, the first: '\\x1b[31mred|x'");
}

TEST(RunNotes, UnconvergedStepsAreCountedInWords) {
  EXPECT_EQ(unconvergedStepsNote(1),
            "1 step where the friction solver did not reach its tolerance");
  EXPECT_EQ(unconvergedStepsNote(24),
            "24 steps where the friction solver did not reach its tolerance");
}

TEST(RunNotes, OnlyRunNotesAreARowsNotes) {
  const std::vector<engines::SettingNote> notes = {
      {"cone=\"elliptic\"", "a setting"},
      {engines::kRunNoteSetting, "first"},
      {"(one-plane model)", "a model note"},
      {engines::kRunNoteSetting, "second"}};
  EXPECT_EQ(runNotesOf(notes), (std::vector<std::string>{"first", "second"}));
  EXPECT_TRUE(runNotesOf({}).empty());
}

ValidationResult row(const std::string& solver, const std::string& case_name,
                     std::vector<engines::SettingNote> notes) {
  ValidationResult r;
  r.solver = solver;
  r.case_name = case_name;
  r.setting_notes = std::move(notes);
  return r;
}

TEST(RunNotes, TheReportCountsNotedRowsPerSolverAndShowsTheFirst) {
  std::ostringstream none;
  writeRunNotesSection(none, {row("bullet/exact/h=0.001", "a", {{"x", "a setting"}})});
  EXPECT_EQ(none.str(), "");  // no run note, no section

  std::ostringstream out;
  writeRunNotesSection(out,
                       {row("bullet/exact/h=0.001", "a", {}),
                        row("bullet/exact/h=0.001", "b", {{engines::kRunNoteSetting, "fell|back"}}),
                        row("bullet/exact/h=0.001", "c", {{engines::kRunNoteSetting, "again"}}),
                        row("mujoco/defaults/h=0.001", "a", {})});
  const std::string text = out.str();
  EXPECT_NE(text.find("## Run notes"), std::string::npos);
  // 2 of the setting's 3 rows; the first noted row, its '|' kept out of the table's cells.
  EXPECT_NE(text.find("| bullet/exact/h=0.001 | 2 of 3 | b | fell back |\n"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("mujoco"), std::string::npos) << text;  // a setting without notes: no row
}

}  // namespace
}  // namespace nsd::validation
