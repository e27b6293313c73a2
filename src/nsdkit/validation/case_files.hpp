#pragma once
/// @file case_files.hpp
/// Bring your own solver: the case files (schema nsdkit-validation-case/2), a solver's trajectory
/// files and solver.json, and their scoring by the one judge (docs/validation.md).

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {

// ---- Bring your own solver --------------------------------------------------------------------

/// Schema of the case files: "nsdkit-validation-case/2" (every family; version 1, trough only,
/// is still read and rebuilt).
inline constexpr const char* kCaseSchema = "nsdkit-validation-case/2";
/// Largest case file and index read [bytes]; larger files are refused before parsing.
inline constexpr std::size_t kMaxCaseFileBytes = 1u << 20;

/// One case as the JSON text of schema 2: scene (shape, mass, inertia, planes with mu, gravity,
/// force, torque, initial position, orientation, velocity, angular velocity), duration, the
/// expectation and metric, the model it is rebuilt from, units and frame, and the SHA-256 digest
/// of the rest of the content.
std::string caseJsonText(const ValidationCase& c, std::size_t index);

/// The `scene` object of a case file: shape and its sizes, mass, inertia, planes with mu,
/// gravity, loads and the initial state (W; SI units named in the keys). The report's 3-D replay
/// draws the body and planes from it.
nlohmann::json sceneJson(const engines::SphereScene& scene);

/// Reads one case from its JSON text (schema 1 or 2) by rebuilding it from its `model`: the
/// returned case is the rebuilt one. When the stored scene or expectation differs from the
/// rebuilt one beyond rounding (relative 1e-9), or the digest does not match the content, the
/// case's `refusal` names the first difference ("case 17: expected modes differ from the
/// model's (RS)"). `label` names the case in messages ("case 17").
/// @throws InvalidInput when the text is not a case at all (bad JSON, wrong schema, a model
/// field missing or of the wrong type), naming the label and the field.
ValidationCase caseFromJsonText(const std::string& text, const std::string& label);

/// Writes every case as `<dir>/<index>.json` and `<dir>/index.json`. Everything is checked
/// before the first file is written (the folder writable, no folder, link or device where a file
/// goes), so that a refusal leaves no case file. @throws InvalidInput naming `field`.
void exportCases(const std::vector<ValidationCase>& cases, const std::string& dir,
                 const std::string& field = "export folder");

/// Reads the cases written by exportCases, each rebuilt from its model (see caseFromJsonText;
/// refused cases carry their reason). Files must be regular files inside `dir` (no symlink out
/// of it), at most kMaxCaseFileBytes, named `<index>.json` by index.json.
/// @throws InvalidInput naming the file and field when the folder is not a case folder.
std::vector<ValidationCase> importCases(const std::string& dir);

/// Largest trajectory CSV [bytes] and line [characters] read.
inline constexpr std::uintmax_t kMaxTrajectoryBytes = 256u << 20;
/// Longest line of a trajectory CSV [characters].
inline constexpr std::size_t kMaxTrajectoryLineChars = 4096;
/// Largest spacing of trajectory samples accepted [s].
inline constexpr double kMaxSampleSpacing_s = 0.01;

/// A solver's trajectory as a table: columns t,x,y,z,vx,vy,vz,wx,wy,wz (10) or
/// t,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz (14, with the orientation quaternion) in the case's
/// frame, SI. Checks (each failure is the returned trajectory's `failure`, not an exception):
/// finite values, a unit quaternion, times strictly increasing from t = 0 with spacing at most
/// kMaxSampleSpacing_s, and a first row equal to the case's initial state within rounding
/// (1e-6 (1 + |value|) in SI units). The judge then checks that it covers the duration.
SolverTrajectory trajectoryFromTable(const ValidationCase& c,
                                     const std::vector<std::vector<double>>& rows,
                                     bool with_orientation);

/// Reads a solver's trajectory CSV (header as in trajectoryFromTable) with the same checks, as
/// a stream (the samples are all it keeps: see trajectory_csv.cpp for the memory bound); a file
/// that cannot be parsed, or is larger than kMaxTrajectoryBytes, gives a trajectory whose
/// `failure` names the line and field (text from the file quoted, escaped and truncated).
/// @throws InvalidInput naming the file when it is no regular file of its own inside its folder
/// (a FIFO, a device, a folder, a symlink out of the folder, a file with more than one link).
SolverTrajectory readTrajectoryCsv(const ValidationCase& c, const std::string& path);

/// Longest solver name (and solver.json version) accepted.
inline constexpr std::size_t kMaxSolverNameChars = 64;

/// A user's solver name goes into report.md, report.json and the HTML of a report: 1 to
/// kMaxSolverNameChars characters among ASCII letters, digits, space and `-_.+()/=` (the names
/// of nsdkit's own settings, "mujoco/exact/h=0.001", included). @throws InvalidInput naming
/// `field`.
void requireReportableSolverName(const std::string& name, const std::string& field);

/// What a scored solver says of itself: `<trajectory_dir>/solver.json` (optional), an object
/// {"name": "...", "version": "...", "step_s": h, "settings": [{"setting": ..., "reason": ...}],
/// "not_representable": [{"case": "<case name>", "reason": "..."}]}. Shown in the report; the
/// step sets the 3 h part of the onset tolerances; a case declared not representable is a row
/// counted apart (neither pass nor fail), with the solver's reason.
struct SolverManifest {
  /// True when the folder has a solver.json.
  bool present = false;
  std::string name;     ///< "" when not given
  std::string version;  ///< "" when not given
  double step_s = 0.0;  ///< 0: adaptive or not given
  /// Its declared settings, each with its reason.
  std::vector<engines::SettingNote> settings;
  std::vector<std::pair<std::string, std::string>> not_representable;  ///< (case name, reason)
};
/// Reads `<trajectory_dir>/solver.json` (absent: present = false).
/// @throws InvalidInput naming the field of a file that is there but malformed.
SolverManifest readSolverManifest(const std::string& trajectory_dir);

/// The trajectory of case `c` in a solver's folder: `<case_index>.csv` read by readTrajectoryCsv,
/// or the case declared not representable by the folder's manifest; the manifest's settings and
/// version attached. @throws InvalidInput as readTrajectoryCsv.
SolverTrajectory trajectoryFromFolder(const ValidationCase& c, const std::string& trajectory_dir,
                                      const SolverManifest& manifest);

/// Scores trajectories `<trajectory_dir>/<case_index>.csv` of every case (the solver name checked
/// by requireReportableSolverName) with the folder's solver.json (readSolverManifest); a missing
/// or unreadable file (or a symlink out of the folder) is a failed row with the reason, a refused
/// case a refused row, a custom case a row of the solver "<name> [custom]". Every case of
/// nsdkit's set in `families` (empty: the families of `cases`) that the folder lacks is a failed
/// row "missing from the case folder": a benchmark score covers whole families.
/// @throws InvalidInput when solver.json is malformed or declares an unknown case.
std::vector<ValidationResult> scoreTrajectories(const std::vector<ValidationCase>& cases,
                                                const std::string& trajectory_dir,
                                                const std::string& solver_name,
                                                const JudgeOptions& options = {},
                                                const std::vector<CaseFamily>& families = {});

/// The analytic trajectory of a case where one exists, sampled every `spacing_s`, from the
/// initial state at t = 0: the trough's BallInTrough::stateAt (RR: constant acceleration (78)
/// with rolling kinematics; sliding family: the sliding phase then rolling); the one-plane
/// families' exact motion (exactStateAt; the rattleback's rollingMotion).
/// @throws InvalidInput for a trough case without one (not realizable), a body file's case (no
/// closed form), a spacing <= 0 or one giving more than kMaxAnalyticSamples intervals.
std::vector<engines::EngineSample> analyticTrajectory(const ValidationCase& c, double spacing_s);

/// Writes samples as a trajectory CSV of the documented format (14 columns, with the orientation;
/// the first sample should be the initial state at t = 0).
void writeTrajectoryCsv(const std::vector<engines::EngineSample>& samples, const std::string& path);

}  // namespace nsd::validation
