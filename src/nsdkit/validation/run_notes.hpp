#pragma once
/// @file run_notes.hpp
/// What a run said about itself, apart from its trajectory: a direct solver that fell back to
/// an iterative one in some steps (Bullet's exact setting), steps where a friction solver did
/// not reach its tolerance (Siconos), messages an engine printed (ODE, DART). Each is a setting
/// note named engines::kRunNoteSetting on the solver's trajectory and the judged row; the report lists them
/// per row (report.json's `run_notes`, the page's "run notes" column) and per solver setting
/// (report.md), so that a verdict is never read without what its run said.

#include <iosfwd>
#include <string>
#include <vector>

#include <nsdkit/engines/scene/sphere_scene.hpp>
#include <nsdkit/validation/result.hpp>

namespace nsd::validation {

/// The run note of an engine's printed messages ("" when it printed none): how many non-empty
/// lines, and the first of them quoted (at most 160 bytes; core::quoteInput).
std::string engineMessagesNote(const std::string& engine_messages);

/// The run note of a time-stepping run whose friction solver did not reach its tolerance in
/// `steps` > 0 steps (Siconos).
std::string unconvergedStepsNote(long steps);

/// A row's run notes, in the order the run made them.
std::vector<std::string> runNotesOf(const std::vector<engines::SettingNote>& notes);

/// report.md's section "Run notes": per solver setting, how many of its rows carry a run note,
/// and the first such row with its notes. Writes nothing when no row has one.
void writeRunNotesSection(std::ostream& out, const std::vector<ValidationResult>& results);

}  // namespace nsd::validation
