#pragma once
/// @file solver_registry.hpp
/// The solvers of the validation as adapters behind one interface (a case in, a trajectory out),
/// looked up by name from one registry: nsdkit's event-driven integrator, Siconos, MuJoCo,
/// Bullet, ODE and DART built in, then the WebAssembly/JS engines found in engines/web
/// (web_engines.hpp). Validation iterates over the registry; nothing else names a solver.

#include <memory>
#include <string>
#include <vector>

#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {

/// One solver: its settings and steps in the report, what it can run, and the run itself.
class SolverAdapter {
 public:
  /// Destroys the adapter.
  virtual ~SolverAdapter() = default;
  /// The name in SolverSpec::name ("mujoco", ...).
  virtual std::string name() const = 0;
  /// Every setting and step of the report.
  virtual std::vector<SolverSpec> specs() const = 0;
  /// Why the solver cannot run the case at all (a one-plane case for the two-contact
  /// integrators, a body that is not a sphere on planes for the engines); "" when it can.
  virtual std::string cannotRun(const ValidationCase& c) const = 0;
  /// True when the solver decides its transitions with the Def-11 predicate itself: its rows on
  /// predicate-only cases do not validate it.
  virtual bool decidesByDef11() const { return false; }
  /// True when runs of this spec must not overlap (a library with global state).
  virtual bool sharesGlobalState(const SolverSpec& spec) const = 0;
  /// Runs the case; may throw for what the solver does (runSolver turns that into a failure).
  virtual SolverTrajectory run(const ValidationCase& c, const SolverSpec& spec) const = 0;
  /// True for nsdkit's own solvers and the engines linked in; false for those found at run time
  /// (the web engines), which allSolvers() leaves out.
  virtual bool builtIn() const { return true; }
  /// Why the solver cannot run on this machine at all ("" when it can): e.g. Node.js missing.
  virtual std::string unavailable() const { return ""; }
  /// A solver that runs many cases in one go (one Node.js process) runs `cases` here before
  /// run() is called for each of them; run() then reads its result. Default: nothing.
  virtual void prepare(const std::vector<ValidationCase>& /*cases*/,
                       const SolverSpec& /*spec*/) const {}
  /// Frees what prepare() kept for `spec`.
  virtual void release(const SolverSpec& /*spec*/) const {}
};

/// Every solver, in report order: the built-in ones, then the web engines of webEnginesRoot().
const std::vector<std::unique_ptr<SolverAdapter>>& solverRegistry();

/// The specs of the registry's solvers chosen by `selection` (comma-separated solver names, or
/// "all", "builtin", "web"), available ones only; the unavailable chosen ones go to `skipped`.
/// @throws InvalidInput naming the unknown entry.
std::vector<SolverSpec> selectSolvers(const std::string& selection,
                                      std::vector<SkippedSolver>& skipped);

/// The adapter of `name`, or nullptr (a user's solver scored from its trajectories).
const SolverAdapter* findSolver(const std::string& name);

/// Every solver of the report: nsdkit, Siconos at h = 1e-3 and 1e-4, and each engine at both
/// settings and both steps.
std::vector<SolverSpec> allSolvers();

/// Runs one case through one solver; never throws for what the solver does.
SolverTrajectory runSolver(const ValidationCase& c, const SolverSpec& solver);

}  // namespace nsd::validation
