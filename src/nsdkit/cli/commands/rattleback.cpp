// nsdkit rattleback
#include <nsdkit/cli/commands/commands.hpp>

#include <chrono>
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/numeric_csv.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/eventdriven/shape_stick_slip.hpp>
#include <nsdkit/models/rattleback_realizability.hpp>
#include <nsdkit/rattleback/kane_levinson.hpp>
#include <nsdkit/rattleback/pade_contact.hpp>

namespace nsd::cli {
namespace {

// The options of `nsdkit rattleback` (one struct instead of twelve positional arguments).
struct RattlebackCommandOptions {
  rattleback::KaneLevinsonParameters rb;     ///< the body (Kane-Levinson model; --sigma)
  std::string model = "kane-levinson";       ///< kane-levinson or pade
  std::string preset = "A";                  ///< Pade model preset
  std::string output;                        ///< CSV path
  double omega3 = -5.0;                      ///< initial omega3 [rad/s]
  double alpha0_deg = 0.5, beta0_deg = 0.5;  ///< initial tilt [deg]
  double t_end = 20.0, dt = 1e-3;            ///< end time and output spacing [s]
  double tolerance = NAN;                    ///< ODE tolerance (NaN: the model's default)
  double pade_mu = NAN, pade_eps1 = NAN;     ///< Pade overrides (NaN: the preset's)
  bool realizability = false;  ///< Def 9 along the Kane-Levinson rolling motion (--mu: its mu)
  /// --realizability: also simulate Coulomb stick-slip just below and just above the minimal mu
  /// (relative margin; 0: no check)
  double stick_slip_margin = 0.0;
  const CLI::App* app = nullptr;  ///< the parsed subcommand: which options were given
};

// An option given where the chosen mode does not use it is refused, never silently ignored.
void refuseUnusedOptions(const RattlebackCommandOptions& cmd) {
  const auto given = [&](const char* option) { return cmd.app && cmd.app->count(option) > 0; };
  const auto refuse = [](const std::string& option, const std::string& why) {
    throw InvalidInput(option + " is not used " + why);
  };
  const bool pade = cmd.model == "pade";
  if (cmd.realizability) {
    for (const char* option : {"--preset", "--eps1", "--tolerance"}) {
      if (given(option)) {
        refuse(option, "by --realizability (the Kane-Levinson rolling motion; Def 9 at --mu)");
      }
    }
    return;
  }
  if (given("--stick-slip-check")) {
    refuse("--stick-slip-check", "without --realizability (it checks its minimal mu)");
  }
  if (!pade) {
    for (const char* option : {"--preset", "--eps1", "--mu"}) {
      if (given(option)) {
        refuse(option, "by --model kane-levinson (rolling without slip); it is a Pade-model "
                       "option, or --mu of --realizability");
      }
    }
  } else if (given("--sigma") && cmd.preset != "kane-levinson") {
    refuse("--sigma", "by --model pade --preset " + quoteInput(cmd.preset) +
                          " (the preset has its own body; only --preset kane-levinson uses it)");
  }
}

// The stick-slip cross-check of the minimal mu: nsdkit's one-contact event-driven integrator
// (eventdriven/shape_stick_slip.hpp) at mu (1 - margin) must slip near the worst instant, at
// mu (1 + margin) it must roll throughout.
nlohmann::json stickSlipCheck(const RattlebackCommandOptions& cmd,
                              const rattleback::KaneLevinsonInitial& init,
                              const models::RollingRealizabilityReport& r) {
  if (!std::isfinite(r.minimal_mu)) return nlohmann::json();
  const eventdriven::ShapedBodyState start = eventdriven::kaneLevinsonState(cmd.rb, init);
  nlohmann::json check{{"margin", cmd.stick_slip_margin}, {"predicted_first_slip_s", r.worst_time_s}};
  for (const double sign : {-1.0, 1.0}) {
    const double mu = r.minimal_mu * (1.0 + sign * cmd.stick_slip_margin);
    eventdriven::StickSlipOptions o;
    o.sample_spacing_s = cmd.dt;
    const eventdriven::StickSlipTrajectory t = eventdriven::simulateStickSlip(
        eventdriven::kaneLevinsonBody(cmd.rb, mu), start, cmd.t_end, o);
    const std::string side = sign < 0 ? "below" : "above";
    check["mu_" + side] = mu;
    check["first_slip_" + side + "_s"] =
        t.first_slip_s < 0 ? nlohmann::json() : nlohmann::json(t.first_slip_s);
    check["events_" + side] = t.events.size() - 1;
  }
  return check;
}

// --realizability: Def 9 at every instant of the Kane-Levinson rolling motion.
int runRattlebackRealizability(const RattlebackCommandOptions& cmd,
                               const rattleback::KaneLevinsonInitial& init) {
  if (cmd.model != "kane-levinson") {
    throw InvalidInput(
        "--realizability follows the Kane-Levinson rolling motion: --model "
        "kane-levinson");
  }
  if (cmd.app && cmd.app->count("--stick-slip-check") > 0 &&
      !(cmd.stick_slip_margin >= 1e-6 && cmd.stick_slip_margin <= 0.5)) {
    throw InvalidInput("--stick-slip-check: the margin must be in [1e-6, 0.5], got " +
                       formatValue(cmd.stick_slip_margin));
  }
  models::RollingRealizabilityOptions o;
  o.mu = std::isnan(cmd.pade_mu) ? 0.3 : cmd.pade_mu;
  o.sample_spacing_s = cmd.dt;
  const models::RollingRealizabilityReport r =
      models::rattlebackRollingRealizability(cmd.rb, init, cmd.t_end, o);
  writeFileAtomically(cmd.output, [&](std::ostream& out) {
    out << "t,omega3,normal_force,friction_force,needed_mu,def9_minimal_mu,realizable,possible\n";
    for (const auto& i : r.instants) {
      out << number(i.t) << ',' << number(i.omega3) << ',' << number(i.normal_force_N) << ','
          << number(i.friction_force_N) << ',' << number(i.needed_mu) << ','
          << number(i.def9_minimal_mu) << ',' << (i.realizable ? 1 : 0) << ','
          << (i.possible ? 1 : 0) << '\n';
    }
  });
  const auto finite = [](double v) {
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json();
  };
  nlohmann::json summary{
      {"mu", o.mu},
      {"minimal_mu", finite(r.minimal_mu)},
      {"worst_time_s", r.worst_time_s},
      {"max_needed_mu", finite(r.max_needed_mu)},
      {"instants", r.instants.size()},
      {"instants_not_realizable", r.instants_not_realizable},
      {"first_not_realizable_s",
       r.first_not_realizable_s < 0 ? nlohmann::json() : nlohmann::json(r.first_not_realizable_s)},
      {"max_def9_cone_difference", r.max_def9_cone_difference},
      {"spin_reversals_s", r.spin_reversals},
      {"output", cmd.output}};
  if (cmd.stick_slip_margin > 0.0) summary["stick_slip_check"] = stickSlipCheck(cmd, init, r);
  std::cout << summary.dump() << '\n';
  return 0;
}

int runRattleback(const RattlebackCommandOptions& cmd) {
  const std::string &model = cmd.model, &preset = cmd.preset, &output = cmd.output;
  const nsd::rattleback::KaneLevinsonParameters& p = cmd.rb;
  const double pade_mu = cmd.pade_mu, pade_eps1 = cmd.pade_eps1, omega3 = cmd.omega3;
  const double alpha0_deg = cmd.alpha0_deg, beta0_deg = cmd.beta0_deg;
  const double t_end = cmd.t_end, dt = cmd.dt, tolerance = cmd.tolerance;
  nsd::rattleback::KaneLevinsonInitial init;
  init.alpha = nsd::degreesToRadians(alpha0_deg);
  init.beta = nsd::degreesToRadians(beta0_deg);
  init.omega3 = omega3;
  if (!(dt > 0.0 && dt <= 1e-3)) throw nsd::InvalidInput("--dt must be in (0, 0.001] s");
  requireSampleCount(t_end, dt);
  refuseUnusedOptions(cmd);
  if (cmd.realizability) return runRattlebackRealizability(cmd, init);
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<double> reversals;
  double final_gamma = 0.0;
  std::size_t samples = 0;
  int steps = 0;
  if (model == "kane-levinson") {
    nsd::rattleback::IntegrationOptions o;
    o.sample_spacing = dt;
    o.absolute_tolerance = o.relative_tolerance = std::isnan(tolerance) ? 1e-10 : tolerance;
    const auto tr = nsd::rattleback::simulateKaneLevinson(p, init, t_end, o);
    nsd::writeFileAtomically(output, [&](std::ostream& out) {
      out << "t,alpha,beta,gamma,delta,omega1,omega2,omega3,energy\n";
      for (const auto& s : tr.samples) {
        out << number(s.t) << ',' << number(s.alpha) << ',' << number(s.beta) << ','
            << number(s.gamma) << ',' << number(s.delta) << ',' << number(s.omega1) << ','
            << number(s.omega2) << ',' << number(s.omega3) << ',' << number(s.energy) << '\n';
      }
    });
    reversals = tr.spin_reversals;
    final_gamma = tr.samples.back().gamma;
    samples = tr.samples.size();
    steps = tr.steps;
  } else if (model == "pade") {
    // Preset "kane-levinson": the Kane-Levinson body in this model (rolling resistance and
    // drilling friction off), for the cross-check of the two models.
    nsd::rattleback::PadeRattlebackParameters params;
    try {
      params = preset == "kane-levinson" ? nsd::rattleback::fromKaneLevinson(p, 1.0, 1e-3)
                                         : nsd::rattleback::padePreset(preset);
    } catch (const InvalidInput& e) {
      throw InvalidInput(std::string("--preset: ") + e.what());
    }
    if (!std::isnan(pade_mu)) params.mu = pade_mu;
    if (!std::isnan(pade_eps1)) params.eps1 = pade_eps1;
    const auto tr = nsd::rattleback::simulatePadeRattleback(
        params, init, t_end, dt, std::isnan(tolerance) ? 1e-8 : tolerance);
    nsd::writeFileAtomically(output, [&](std::ostream& out) {
      out << "t,alpha,beta,gamma,delta,omega1,omega2,omega3,energy,normal_force,slip_speed\n";
      for (const auto& s : tr.samples) {
        out << number(s.t) << ',' << number(s.alpha) << ',' << number(s.beta) << ','
            << number(s.gamma) << ',' << number(s.delta) << ',' << number(s.omega1) << ','
            << number(s.omega2) << ',' << number(s.omega3) << ',' << number(s.energy) << ','
            << number(s.normal_force) << ',' << number(s.slip_speed) << '\n';
      }
    });
    reversals = tr.spin_reversals;
    final_gamma = tr.samples.back().gamma;
    samples = tr.samples.size();
    steps = tr.steps;
  } else {
    throw nsd::InvalidInput("unknown rattleback model '" + model + "' (kane-levinson|pade)");
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << "rattleback (" << model << (model == "pade" ? " preset " + preset : "")
            << "): " << samples << " samples, " << steps << " steps in " << seconds
            << " s; spin reversals at t =";
  for (double t : reversals) std::cout << ' ' << t;
  if (reversals.empty()) std::cout << " (none)";
  std::cout << "; final gamma " << final_gamma << " rad\n";
  return 0;
}

}  // namespace

Command addRattlebackCommand(CLI::App& app) {
  auto o = std::make_shared<RattlebackCommandOptions>();
  CLI::App* c = app.add_subcommand("rattleback", "rattleback simulations (Kane-Levinson)");
  c->add_option("--model", o->model, "kane-levinson or pade")
      ->check(CLI::IsMember({"kane-levinson", "pade"}));
  c->add_option("--preset", o->preset,
                "Pade model preset: A, B, C, C1, D, D1, E, F, or kane-levinson");
  c->add_option("--mu", o->pade_mu,
                "Pade model: override the friction coefficient; --realizability: the friction "
                "coefficient of the verdicts (default 0.3)");
  c->add_flag("--realizability", o->realizability,
              "Def 9 at every instant of the Kane-Levinson rolling motion: the friction it needs "
              "(|F_t|/N), the smallest mu for which it stays rolling, the verdict at --mu; CSV "
              "t,omega3,normal_force,friction_force,needed_mu,def9_minimal_mu,realizable,possible");
  c->add_option("--stick-slip-check", o->stick_slip_margin,
                "--realizability: simulate Coulomb stick-slip (one contact, transitions by Def 9) "
                "at the minimal mu times (1 - MARGIN) and (1 + MARGIN) and report the first slip "
                "of each (MARGIN in [1e-6, 0.5], e.g. 0.001)");
  c->add_option("--eps1", o->pade_eps1, "Pade model: override the regularization eps1 [m/s]");
  c->add_option("--sigma", o->rb.sigma, "air-drag coefficient sigma [N m s]");
  c->add_option("--omega3", o->omega3, "initial omega3 [rad/s]");
  c->add_option("--alpha0-deg", o->alpha0_deg, "initial alpha [deg]");
  c->add_option("--beta0-deg", o->beta0_deg, "initial beta [deg]");
  c->add_option("--t-end", o->t_end, "end time [s]")->required();
  c->add_option("--dt", o->dt, "output spacing [s] (<= 0.001)");
  c->add_option("--tolerance", o->tolerance,
                "ODE absolute and relative tolerance (default 1e-10 Kane-Levinson, 1e-8 Pade)")
      ->check(CLI::Range(1e-14, 1e-3));
  c->add_option("--output", o->output, "CSV t,alpha,beta,gamma,delta,omega1,omega2,omega3")
      ->required();
  o->app = c;
  return {c, [o] { return runRattleback(*o); }};
}
}  // namespace nsd::cli
