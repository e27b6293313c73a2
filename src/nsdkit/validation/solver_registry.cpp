// The solver adapters and their registry (solver_registry.hpp).
#include <nsdkit/validation/solver_registry.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <sstream>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/engines/bullet/bullet_sphere.hpp>
#include <nsdkit/engines/dart/dart_sphere.hpp>
#include <nsdkit/engines/mujoco/mujoco_sphere.hpp>
#include <nsdkit/engines/ode/ode_sphere.hpp>
#include <nsdkit/eventdriven/mode_switching.hpp>
#include <nsdkit/sim/siconos_two_contact.hpp>
#include <nsdkit/validation/one_contact_solvers.hpp>
#include <nsdkit/validation/run_notes.hpp>
#include <nsdkit/validation/web_engines.hpp>

namespace nsd::validation {

std::string SolverSpec::label() const {
  std::string l = name;
  if (setting != "-") l += "/" + setting;
  if (step_s > 0) {
    std::ostringstream s;
    s << step_s;
    l += "/h=" + s.str();
  }
  return l;
}

namespace {

// ODE, DART (through its ODE collision detector) and Siconos (std::cout capture) keep global
// state: one of them at a time.
std::mutex& globalStateMutex() {
  static std::mutex m;
  return m;
}

SolverTrajectory fromEngineRun(engines::EngineRun run) {
  SolverTrajectory t;
  t.not_representable = run.not_representable;
  t.samples = std::move(run.samples);
  t.completed = run.completed;
  t.failure = run.failure;
  t.wall_seconds = run.wall_seconds;
  t.settings = std::move(run.settings);
  const std::string printed = engineMessagesNote(run.engine_messages);
  if (!printed.empty()) t.settings.push_back({engines::kRunNoteSetting, printed});
  t.engine_version = run.engine_version;
  return t;
}

// Omega from the centre's and the two contacts' velocities: v+- = v_C + Omega x r+- holds for
// the one rigid motion, so Omega is the least-squares solution of r+- x Omega = v_C - v+- (exact
// when r+ and r- are not parallel, as for two contacts of a convex body).
Eigen::Vector3d angularVelocityFromSlips(const contact::TwoContactBody& body,
                                         const Eigen::Vector3d& v_C_W,
                                         const Eigen::Vector3d& slip_plus_W,
                                         const Eigen::Vector3d& slip_minus_W) {
  auto cross = [](const Eigen::Vector3d& r) {
    Eigen::Matrix3d m;
    m << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
    return m;
  };
  Eigen::Matrix<double, 6, 3> a;
  a << cross(body.r_CPplus_W), cross(body.r_CPminus_W);
  Eigen::Matrix<double, 6, 1> rhs;
  rhs << v_C_W - slip_plus_W, v_C_W - slip_minus_W;
  return a.colPivHouseholderQr().solve(rhs);
}

SolverTrajectory runNsdkit(const ValidationCase& c) {
  SolverTrajectory t;
  const auto t0 = std::chrono::steady_clock::now();
  const auto body = twoContactBodyOf(c);
  const contact::TwoContactDynamics dyn(body);
  const auto& b = dyn.bases();
  // Quasi-velocities (25) of the initial state: slip velocities v+- = v_C + Omega x r+-.
  const Eigen::Vector3d v_plus = c.v_C0_W + c.omega0_W.cross(body.r_CPplus_W);
  const Eigen::Vector3d v_minus = c.v_C0_W + c.omega0_W.cross(body.r_CPminus_W);
  const Eigen::Vector4d s0(v_plus.dot(b.t1_plus_W), v_minus.dot(b.t1_minus_W),
                           v_plus.dot(b.t2_plus_W) / b.c_plus, c.omega0_W.dot(b.a_W));
  eventdriven::ModeSwitchingOptions mo;
  mo.sample_spacing = 1e-3;
  const auto tr = eventdriven::simulateModeSwitching(body, s0, c.t_end_s, mo);
  for (const auto& s : tr.samples) {
    if (s.t <= 0.0) continue;
    engines::EngineSample e;
    e.t = s.t;
    e.v_C_W = s.v_C_W;
    e.contacts.resize(2);
    // Slip velocities from the quasi-velocities: v+- = u1+- t1+- + c+- u_a t2+- (eqs. (8), (11)).
    e.contacts[0].slip_W = s.u1_plus * b.t1_plus_W + b.c_plus * s.u_a * b.t2_plus_W;
    e.contacts[1].slip_W = s.u1_minus * b.t1_minus_W + b.c_minus * s.u_a * b.t2_minus_W;
    e.contacts[0].gap_m = e.contacts[1].gap_m = 0.0;
    e.omega_W = angularVelocityFromSlips(body, e.v_C_W, e.contacts[0].slip_W,
                                         e.contacts[1].slip_W);
    t.samples.push_back(e);
  }
  t.completed = !t.samples.empty();
  t.positions_recorded = false;  // the quasi-velocities (25) carry no centre position
  t.engine_version = "nsdkit";
  t.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return t;
}

SolverTrajectory runSiconos(const ValidationCase& c, double h) {
  SolverTrajectory t;
  const auto body = twoContactBodyOf(c);
  sim::SiconosOptions so;
  so.step = h;
  so.t_end = c.t_end_s;
  const auto run = sim::simulateSiconos(body, c.v_C0_W, c.omega0_W, so);
  for (const auto& s : run.samples) {
    engines::EngineSample e;
    e.t = s.t;
    e.v_C_W = s.v_C_W;
    e.omega_W = s.omega_W;
    e.contacts.resize(2);
    e.contacts[0].slip_W = s.slip_plus_W;
    e.contacts[1].slip_W = s.slip_minus_W;
    e.contacts[0].gap_m = e.contacts[1].gap_m = 0.0;
    e.contacts[0].normal_force_N = s.force_plus[0];
    e.contacts[1].normal_force_N = s.force_minus[0];
    e.contacts[0].tangential_force_W = s.friction_plus_W;
    e.contacts[1].tangential_force_W = s.friction_minus_W;
    t.samples.push_back(e);
  }
  t.completed = true;
  if (const std::string bad = engines::firstNonFiniteSample(t.samples); !bad.empty()) {
    t.completed = false;
    t.failure = bad;
  }
  if (run.solver_warnings > 0) {
    t.settings.push_back({engines::kRunNoteSetting, unconvergedStepsNote(run.solver_warnings)});
  }
  t.engine_version = "siconos 4.4";
  t.positions_recorded = false;  // its two-contact model records velocities and slips only
  t.wall_seconds = run.seconds;
  return t;
}


std::string notATwoContactBody(const ValidationCase& c, const std::string& name) {
  return c.one_plane ? name + " is nsdkit's two-contact integrator: a body on one plane is not a "
                              "two-contact body (nsdkit-stick-slip runs it)"
                     : "";
}

class NsdkitEventDriven final : public SolverAdapter {
 public:
  std::string name() const override { return "nsdkit-event-driven"; }
  std::vector<SolverSpec> specs() const override { return {{name(), "-", 0.0}}; }
  std::string cannotRun(const ValidationCase& c) const override {
    return notATwoContactBody(c, name());
  }
  bool decidesByDef11() const override { return true; }
  bool sharesGlobalState(const SolverSpec&) const override { return false; }
  SolverTrajectory run(const ValidationCase& c, const SolverSpec&) const override {
    return runNsdkit(c);
  }
};

class Siconos final : public SolverAdapter {
 public:
  std::string name() const override { return "siconos"; }
  std::vector<SolverSpec> specs() const override {
    return {{name(), "-", 1e-3}, {name(), "-", 1e-4}};
  }
  // Two-contact cases: the two-contact model; one-plane cases: the one-plane model.
  std::string cannotRun(const ValidationCase& c) const override {
    return c.one_plane ? siconosOnePlaneCannotRun(c) : "";
  }
  bool sharesGlobalState(const SolverSpec&) const override { return true; }  // std::cout capture
  SolverTrajectory run(const ValidationCase& c, const SolverSpec& spec) const override {
    return c.one_plane ? runSiconosOnePlane(c, spec.step_s) : runSiconos(c, spec.step_s);
  }
};

using EngineRunner = engines::EngineRun (*)(const engines::SphereScene&,
                                            const engines::EngineRunOptions&);

// A rigid-body engine at its two settings and two steps. `global_state`: which settings use a
// library with global state (ODE; DART through ODE's collision detector).
class Engine final : public SolverAdapter {
 public:
  Engine(std::string name, EngineRunner runner, bool defaults_global, bool exact_global)
      : name_(std::move(name)),
        runner_(runner),
        defaults_global_(defaults_global),
        exact_global_(exact_global) {}
  std::string name() const override { return name_; }
  std::vector<SolverSpec> specs() const override {
    std::vector<SolverSpec> out;
    for (const char* setting : {"defaults", "exact"}) {
      for (const double h : {1e-3, 1e-4}) out.push_back({name_, setting, h});
    }
    return out;
  }
  std::string cannotRun(const ValidationCase& c) const override {
    return hasScene(c) ? "" : "the body is not a sphere on planes (r+- != -r n+-)";
  }
  bool sharesGlobalState(const SolverSpec& spec) const override {
    return spec.setting == "exact" ? exact_global_ : defaults_global_;
  }
  SolverTrajectory run(const ValidationCase& c, const SolverSpec& spec) const override {
    const engines::EngineRunOptions o{spec.step_s, c.t_end_s,
                                      spec.setting == "exact" ? engines::EngineSetting::kExact
                                                              : engines::EngineSetting::kDefaults};
    return fromEngineRun(runner_(sceneOf(c), o));
  }

 private:
  std::string name_;
  EngineRunner runner_;
  bool defaults_global_, exact_global_;
};

}  // namespace

const std::vector<std::unique_ptr<SolverAdapter>>& solverRegistry() {
  static const std::vector<std::unique_ptr<SolverAdapter>> registry = [] {
    std::vector<std::unique_ptr<SolverAdapter>> r;
    r.push_back(std::make_unique<NsdkitEventDriven>());
    r.push_back(makeNsdkitStickSlipAdapter());
    r.push_back(std::make_unique<Siconos>());
    r.push_back(std::make_unique<Engine>("mujoco", engines::runMujoco, false, false));
    r.push_back(std::make_unique<Engine>("bullet", engines::runBullet, false, false));
    r.push_back(std::make_unique<Engine>("ode", engines::runOde, true, true));
    // DART's defaults use FCL (no global state); its exact setting ODE's collision detector.
    r.push_back(std::make_unique<Engine>("dart", engines::runDart, false, true));
    for (WebEngine& e : discoverWebEngines(webEnginesRoot())) {
      // A web engine never takes a built-in solver's name.
      const std::string name = e.name;
      const bool taken = std::any_of(r.begin(), r.end(), [&](const auto& a) {
        return a->name() == name;
      });
      if (!taken) r.push_back(makeWebEngineAdapter(std::move(e)));
    }
    return r;
  }();
  return registry;
}

const SolverAdapter* findSolver(const std::string& name) {
  for (const auto& a : solverRegistry()) {
    if (a->name() == name) return a.get();
  }
  return nullptr;
}

std::vector<SolverSpec> allSolvers() {
  std::vector<SolverSpec> out;
  for (const auto& a : solverRegistry()) {
    if (!a->builtIn()) continue;
    for (auto& s : a->specs()) out.push_back(std::move(s));
  }
  return out;
}

std::vector<SolverSpec> selectSolvers(const std::string& selection,
                                      std::vector<SkippedSolver>& skipped) {
  std::vector<std::string> names;
  std::size_t begin = 0;
  for (;;) {  // every comma-separated entry, empty ones included ("all," has two)
    const std::size_t comma = selection.find(',', begin);
    const std::string item =
        selection.substr(begin, comma == std::string::npos ? comma : comma - begin);
    begin = comma + 1;
    if (item.empty()) throw InvalidInput("--engines has an empty entry in " + quoteInput(selection));
    if (item != "all" && item != "builtin" && item != "web" && findSolver(item) == nullptr) {
      std::string known;
      for (const auto& a : solverRegistry()) known += (known.empty() ? "" : ", ") + a->name();
      throw InvalidInput("--engines: unknown solver " + quoteInput(item) +
                         " (all, builtin, web, or among: " + known + ")");
    }
    names.push_back(item);
    if (comma == std::string::npos) break;
  }
  auto chosen = [&](const SolverAdapter& a) {
    for (const std::string& n : names) {
      if (n == "all" || n == a.name() || (n == "builtin" && a.builtIn()) ||
          (n == "web" && !a.builtIn())) {
        return true;
      }
    }
    return false;
  };
  std::vector<SolverSpec> out;
  for (const auto& a : solverRegistry()) {
    if (!chosen(*a)) continue;
    if (const std::string why = a->unavailable(); !why.empty()) {
      skipped.push_back({a->name(), why});
      continue;
    }
    for (auto& s : a->specs()) out.push_back(std::move(s));
  }
  return out;
}

SolverTrajectory runSolver(const ValidationCase& c, const SolverSpec& solver) {
  const SolverAdapter* adapter = findSolver(solver.name);
  if (!adapter) throw InvalidInput("unknown solver '" + solver.name + "'");
  if (const std::string reason = adapter->cannotRun(c); !reason.empty()) {
    SolverTrajectory t;
    t.not_representable = reason;
    return t;
  }
  try {
    if (adapter->sharesGlobalState(solver)) {
      const std::lock_guard<std::mutex> lock(globalStateMutex());
      return adapter->run(c, solver);
    }
    return adapter->run(c, solver);
  } catch (const InvalidInput&) {
    throw;
  } catch (const std::exception& e) {
    SolverTrajectory t;
    t.failure = solver.name + " threw: " + e.what();
    return t;
  }
}

}  // namespace nsd::validation
