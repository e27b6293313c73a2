#include <nsdkit/jobs/rattleback_job.hpp>

#include <chrono>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/eventdriven/shape_stick_slip.hpp>
#include <nsdkit/models/rattleback_realizability.hpp>
#include <nsdkit/models/rattleback_shaped_body.hpp>
#include <nsdkit/rattleback/pade_contact.hpp>

namespace nsd::jobs {
namespace {

rattleback::KaneLevinsonParameters bodyOf(const RattlebackJobOptions& o) {
  rattleback::KaneLevinsonParameters body;
  if (o.sigma) body.sigma = *o.sigma;
  return body;
}

// An option given where the chosen mode does not use it is refused, never silently ignored.
void refuseUnusedOptions(const RattlebackJobOptions& o) {
  const auto refuse = [](const std::string& option, const std::string& why) {
    throw InvalidInput(option + " is not used " + why);
  };
  if (o.realizability) {
    const std::pair<const char*, bool> unused[] = {
        {"--preset", o.preset.has_value()}, {"--eps1", o.eps1.has_value()},
        {"--tolerance", o.tolerance.has_value()}};
    for (const auto& [option, given] : unused) {
      if (given) {
        refuse(option, "by --realizability (the Kane-Levinson rolling motion; Def 9 at --mu)");
      }
    }
    return;
  }
  if (o.stick_slip_margin) {
    refuse("--stick-slip-check", "without --realizability (it checks its minimal mu)");
  }
  if (o.model != "pade") {
    const std::pair<const char*, bool> unused[] = {
        {"--preset", o.preset.has_value()}, {"--eps1", o.eps1.has_value()},
        {"--mu", o.mu.has_value()}};
    for (const auto& [option, given] : unused) {
      if (given) {
        refuse(option, "by --model kane-levinson (rolling without slip); it is a Pade-model "
                       "option, or --mu of --realizability");
      }
    }
  } else if (o.sigma && o.preset.value_or("A") != "kane-levinson") {
    refuse("--sigma", "by --model pade --preset " + quoteInput(o.preset.value_or("A")) +
                          " (the preset has its own body; only --preset kane-levinson uses it)");
  }
}

// The stick-slip cross-check of the minimal mu: nsdkit's one-contact event-driven integrator
// (eventdriven/shape_stick_slip.hpp) at mu (1 - margin) must slip near the worst instant, at
// mu (1 + margin) it must roll throughout.
nlohmann::json stickSlipCheck(const RattlebackJobOptions& o,
                              const rattleback::KaneLevinsonInitial& init,
                              const models::RollingRealizabilityReport& r) {
  if (!std::isfinite(r.minimal_mu)) return nlohmann::json();
  const double margin = *o.stick_slip_margin;
  const rattleback::KaneLevinsonParameters body = bodyOf(o);
  const eventdriven::ShapedBodyState start = models::kaneLevinsonState(body, init);
  nlohmann::json check{{"margin", margin}, {"predicted_first_slip_s", r.worst_time_s}};
  for (const double sign : {-1.0, 1.0}) {
    const double mu = r.minimal_mu * (1.0 + sign * margin);
    eventdriven::StickSlipOptions options;
    options.sample_spacing_s = o.dt;
    const eventdriven::StickSlipTrajectory t = eventdriven::simulateStickSlip(
        models::kaneLevinsonBody(body, mu), start, o.t_end, options);
    const std::string side = sign < 0 ? "below" : "above";
    check["mu_" + side] = mu;
    check["first_slip_" + side + "_s"] =
        t.first_slip_s < 0 ? nlohmann::json() : nlohmann::json(t.first_slip_s);
    check["events_" + side] = t.events.size() - 1;
  }
  return check;
}

// realizability: Def 9 at every instant of the Kane-Levinson rolling motion.
nlohmann::json runRealizability(const RattlebackJobOptions& o,
                                const rattleback::KaneLevinsonInitial& init) {
  if (o.model != "kane-levinson") {
    throw InvalidInput(
        "--realizability follows the Kane-Levinson rolling motion: --model kane-levinson");
  }
  if (o.stick_slip_margin && !(*o.stick_slip_margin >= 1e-6 && *o.stick_slip_margin <= 0.5)) {
    throw InvalidInput("--stick-slip-check: the margin must be in [1e-6, 0.5], got " +
                       formatValue(*o.stick_slip_margin));
  }
  models::RollingRealizabilityOptions options;
  options.mu = o.mu.value_or(0.3);
  options.sample_spacing_s = o.dt;
  const models::RollingRealizabilityReport r =
      models::rattlebackRollingRealizability(bodyOf(o), init, o.t_end, options);
  writeFileAtomically(o.output, [&](std::ostream& out) {
    out << "t,omega3,normal_force,friction_force,needed_mu,def9_minimal_mu,realizable,possible\n";
    for (const auto& i : r.instants) {
      out << formatValue(i.t) << ',' << formatValue(i.omega3) << ','
          << formatValue(i.normal_force_N) << ',' << formatValue(i.friction_force_N) << ','
          << formatValue(i.needed_mu) << ',' << formatValue(i.def9_minimal_mu) << ','
          << (i.realizable ? 1 : 0) << ',' << (i.possible ? 1 : 0) << '\n';
    }
  });
  const auto finite = [](double v) {
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json();
  };
  nlohmann::json summary{
      {"mu", options.mu},
      {"minimal_mu", finite(r.minimal_mu)},
      {"worst_time_s", r.worst_time_s},
      {"max_needed_mu", finite(r.max_needed_mu)},
      {"instants", r.instants.size()},
      {"instants_not_realizable", r.instants_not_realizable},
      {"first_not_realizable_s",
       r.first_not_realizable_s < 0 ? nlohmann::json() : nlohmann::json(r.first_not_realizable_s)},
      {"max_def9_cone_difference", r.max_def9_cone_difference},
      {"spin_reversals_s", r.spin_reversals},
      {"output", o.output}};
  if (o.stick_slip_margin.value_or(0.0) > 0.0) {
    summary["stick_slip_check"] = stickSlipCheck(o, init, r);
  }
  return summary;
}

template <class Sample>
void writeAngles(std::ostream& out, const Sample& s) {
  out << formatValue(s.t) << ',' << formatValue(s.alpha) << ',' << formatValue(s.beta) << ','
      << formatValue(s.gamma) << ',' << formatValue(s.delta) << ',' << formatValue(s.omega1)
      << ',' << formatValue(s.omega2) << ',' << formatValue(s.omega3) << ','
      << formatValue(s.energy);
}

// What both models' trajectories report.
template <class Trajectory>
RattlebackJobResult resultOf(const Trajectory& tr) {
  RattlebackJobResult r;
  r.spin_reversals_s = tr.spin_reversals;
  r.final_gamma_rad = tr.samples.back().gamma;
  r.samples = tr.samples.size();
  r.steps = tr.steps;
  return r;
}

RattlebackJobResult simulateKaneLevinson(const RattlebackJobOptions& o,
                                         const rattleback::KaneLevinsonInitial& init) {
  rattleback::IntegrationOptions options;
  options.sample_spacing = o.dt;
  options.absolute_tolerance = options.relative_tolerance = o.tolerance.value_or(1e-10);
  const auto tr = rattleback::simulateKaneLevinson(bodyOf(o), init, o.t_end, options);
  writeFileAtomically(o.output, [&](std::ostream& out) {
    out << "t,alpha,beta,gamma,delta,omega1,omega2,omega3,energy\n";
    for (const auto& s : tr.samples) {
      writeAngles(out, s);
      out << '\n';
    }
  });
  return resultOf(tr);
}

// Preset "kane-levinson": the Kane-Levinson body in the Pade model (rolling resistance and
// drilling friction off), for the cross-check of the two models.
RattlebackJobResult simulatePade(const RattlebackJobOptions& o,
                                 const rattleback::KaneLevinsonInitial& init) {
  const std::string preset = o.preset.value_or("A");
  rattleback::PadeRattlebackParameters params;
  try {
    params = preset == "kane-levinson" ? rattleback::fromKaneLevinson(bodyOf(o), 1.0, 1e-3)
                                       : rattleback::padePreset(preset);
  } catch (const InvalidInput& e) {
    throw InvalidInput(std::string("--preset: ") + e.what());
  }
  if (o.mu) params.mu = *o.mu;
  if (o.eps1) params.eps1 = *o.eps1;
  const auto tr = rattleback::simulatePadeRattleback(params, init, o.t_end, o.dt,
                                                     o.tolerance.value_or(1e-8));
  writeFileAtomically(o.output, [&](std::ostream& out) {
    out << "t,alpha,beta,gamma,delta,omega1,omega2,omega3,energy,normal_force,slip_speed\n";
    for (const auto& s : tr.samples) {
      writeAngles(out, s);
      out << ',' << formatValue(s.normal_force) << ',' << formatValue(s.slip_speed) << '\n';
    }
  });
  return resultOf(tr);
}

}  // namespace

RattlebackJobResult runRattlebackJob(const RattlebackJobOptions& o) {
  rattleback::KaneLevinsonInitial init;
  init.alpha = degreesToRadians(o.alpha0_deg);
  init.beta = degreesToRadians(o.beta0_deg);
  init.omega3 = o.omega3;
  if (!(o.dt > 0.0 && o.dt <= 1e-3)) throw InvalidInput("--dt must be in (0, 0.001] s");
  requirePositive(o.t_end, "--t-end");
  if (o.t_end / o.dt > 1e7) {
    throw InvalidInput("--t-end / --dt = " + formatValue(o.t_end / o.dt) +
                       " output samples; at most 1e7 (raise --dt)");
  }
  if (o.tolerance && !(*o.tolerance >= 1e-14 && *o.tolerance <= 1e-3)) {
    throw InvalidInput("--tolerance must be in [1e-14, 0.001], got " + formatValue(*o.tolerance));
  }
  refuseUnusedOptions(o);
  if (o.realizability) {
    RattlebackJobResult r;
    r.realizability_summary = runRealizability(o, init);
    return r;
  }
  const auto t0 = std::chrono::steady_clock::now();
  RattlebackJobResult r;
  if (o.model == "kane-levinson") {
    r = simulateKaneLevinson(o, init);
  } else if (o.model == "pade") {
    r = simulatePade(o, init);
  } else {
    throw InvalidInput("unknown rattleback model '" + o.model + "' (kane-levinson|pade)");
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

void printRattlebackJob(const RattlebackJobOptions& o, const RattlebackJobResult& r,
                        std::ostream& out) {
  if (o.realizability) {
    out << r.realizability_summary.dump() << '\n';
    return;
  }
  out << "rattleback (" << o.model << (o.model == "pade" ? " preset " + o.preset.value_or("A") : "")
      << "): " << r.samples << " samples, " << r.steps << " steps in " << r.seconds
      << " s; spin reversals at t =";
  for (double t : r.spin_reversals_s) out << ' ' << t;
  if (r.spin_reversals_s.empty()) out << " (none)";
  out << "; final gamma " << r.final_gamma_rad << " rad\n";
}

}  // namespace nsd::jobs
