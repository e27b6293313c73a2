#pragma once
/// @file web_engines.hpp
/// The WebAssembly/JS engines of `engines/web/<engine>` (Rapier, Jolt, Havok, cannon-es,
/// ammo.js, MuJoCo 3 by npm) as solver adapters. Each folder holds `engine.json` (its name,
/// npm package, settings and steps), `run_cases.mjs` (the runner: `node run_cases.mjs CASES OUT
/// --setting S --step H` writes `<case_index>.csv` and `solver.json` as a scored solver's
/// folder) and its `node_modules` (installed by `./nsdkit.sh deps`, `npm ci`). One Node.js
/// process runs every case of a setting and step (prepare()); each row then reads its
/// trajectory like `nsdkit validate --score` does, so the one judge scores them all.

#include <memory>
#include <string>
#include <vector>

#include <nsdkit/validation/solver_registry.hpp>

namespace nsd::validation {

/// One engine folder's description (engine.json).
struct WebEngine {
  std::string name;                   ///< e.g. "rapier": the solver's name in the report
  std::string folder;                 ///< the folder holding run_cases.mjs
  std::string package;                ///< its npm package, e.g. "@dimforge/rapier3d-compat"
  std::vector<std::string> settings;  ///< e.g. {"defaults", "tuned"}: the runner's --setting
  std::vector<double> steps_s;        ///< time steps [s], each in (0, 0.01]
  std::string problem;                ///< why the folder is unusable ("" when it is fine)
};

/// The folder of the web engines: $NSDKIT_WEB_ENGINES_DIR if set, else
/// `<executable>/../share/nsdkit/engines/web` of an installed nsdkit if present, else the source
/// tree's `engines/web`.
std::string webEnginesRoot();

/// The engines under `root` (each sub-folder with an engine.json, in name order); a malformed
/// engine.json gives an engine whose `problem` says what is wrong.
std::vector<WebEngine> discoverWebEngines(const std::string& root);

/// Why `e` cannot run on this machine ("" when it can): its problem, Node.js not on PATH, or
/// its npm package not installed.
std::string webEngineUnavailable(const WebEngine& e);

/// The adapter running `e` through Node.js.
std::unique_ptr<SolverAdapter> makeWebEngineAdapter(WebEngine e);

}  // namespace nsd::validation
