// nsdkit rolling
#include <nsdkit/core/angles.hpp>
#include <nsdkit/cli/commands/commands.hpp>

#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/numeric_csv.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/rolling/rolling_cases.hpp>

namespace nsd::cli {
namespace {

struct RollingFrictionOptions {
  nsd::rolling::RollingCaseParameters parameters;
  double groove_angle_deg = 60.0;
  std::string input = "step";
  double speed = 0.02, duration = 2.0, amplitude = 0.1, frequency = 10.0, dt = 2e-4;
  double w_max = 1000.0, initial_omega = 0.3;
  int periods = 8;
  std::string output_dir = "out/rolling";
};

int runRollingFriction(RollingFrictionOptions o) {
  if (!(o.groove_angle_deg > 0.0 && o.groove_angle_deg < 180.0)) {
    throw nsd::InvalidInput("groove angle must be in (0, 180) degrees");
  }
  o.parameters.groove_angle_rad = nsd::degreesToRadians(o.groove_angle_deg);
  const auto scales = nsd::rolling::scales(o.parameters);
  nlohmann::json summary = {
      {"case", o.parameters.system},
      {"input", o.input},
      {"groove_angle_deg", o.groove_angle_deg},
      {"mu", o.parameters.mu},
      {"grid", o.parameters.grid},
      {"dt", o.dt},
      {"scales",
       {{"contact_radius_m", scales.a},
        {"max_pressure_Pa", scales.p0},
        {"time_s", scales.time},
        {"force_N", scales.force},
        {"sphere_mass_dimensionless",
         scales.inertia / (0.4 * o.parameters.radius * o.parameters.radius) / scales.mass}}}};
  std::vector<nsd::rolling::RollingSample> samples;
  // A ramp of the plate position is a step of its velocity (Sect. 3.2): both run the same
  // simulation; the step name is the one Sect. 4 uses for the spectrum.
  if (o.input == "step" || o.input == "ramp") {
    samples = nsd::rolling::simulateStep(o.parameters, o.speed, o.duration, o.dt);
    const auto f = nsd::rolling::identifyFrequencies(samples, o.w_max);
    summary["speed"] = o.speed;
    // Steady lag of the sphere surface behind the plate (Fig. 6): x_t - R* theta at the end.
    const double arm =
        o.parameters.system == "v-groove" ? std::sin(0.5 * o.parameters.groove_angle_rad) : 1.0;
    summary["final_surface_lag"] = samples.back().x_t - samples.back().x -
                                   arm * o.parameters.radius / scales.a * samples.back().theta;
    summary["duration"] = o.duration;
    summary["omega1"] = f.omega1;  // translation mode (0: the single plate has none)
    summary["omega2"] = f.omega2;  // rotation mode
    std::cout << o.parameters.system << " step response: omega1 = " << f.omega1
              << ", omega2 = " << f.omega2;
    if (f.omega1 > 0.0) std::cout << ", omega2/omega1 = " << f.omega2 / f.omega1;
    std::cout << " (dimensionless, Sect. 2.4 units)\n";
  } else if (o.input == "free") {
    samples = nsd::rolling::simulateFree(o.parameters, o.initial_omega, o.duration, o.dt);
    summary["initial_omega"] = o.initial_omega;
    summary["duration"] = o.duration;
    summary["final_theta"] = samples.back().theta;
    std::cout << "plate free response from omega0 = " << o.initial_omega << ": theta settles at "
              << samples.back().theta << '\n';
  } else if (o.input == "sine") {
    samples = nsd::rolling::simulateSine(o.parameters, o.amplitude, o.frequency, o.periods, o.dt);
    const auto h = nsd::rolling::hysteresis(samples, o.frequency);
    summary["amplitude"] = o.amplitude;
    summary["frequency"] = o.frequency;
    summary["periods_averaged"] = h.periods;
    summary["k_e"] = h.k_e;
    summary["c_e"] = h.c_e;
    summary["c_e_times_f"] = h.c_e_times_f;
    summary["zeta_r"] = h.zeta_r;
    summary["loop_area"] = h.loop_area;
    summary["frf_magnitude"] = h.frf_magnitude;
    summary["frf_phase_deg"] = nsd::radiansToDegrees(h.frf_phase_rad);
    std::cout << o.parameters.system << " sine response (A = " << o.amplitude
              << ", f = " << o.frequency << "): k_e = " << h.k_e << ", c_e = " << h.c_e
              << ", zeta_r = " << h.zeta_r << ", dissipated per period = " << h.loop_area << '\n';
  } else {
    throw nsd::InvalidInput("unknown input '" + o.input + "' (step|ramp|sine|free)");
  }
  const std::string& dir = o.output_dir;
  std::filesystem::create_directories(dir);
  nsd::writeFileAtomically(dir + "/time_series.csv", [&](std::ostream& out) {
    out << "t,x_plate,x_ball,theta,v_ball,omega_ball,f_upper,f_lower\n";
    for (const auto& r : samples) {
      out << number(r.t) << ',' << number(r.x_t) << ',' << number(r.x) << ',' << number(r.theta)
          << ',' << number(r.v_ball) << ',' << number(r.omega_ball) << ',' << number(r.f_upper)
          << ',' << number(r.f_lower) << '\n';
    }
  });
  nsd::writeFileAtomically(dir + "/summary.json",
                                [&](std::ostream& out) { out << summary.dump(2) << '\n'; });
  std::cout << "wrote " << dir << "/time_series.csv (" << samples.size() << " samples) and " << dir
            << "/summary.json\n";
  return 0;
}

}  // namespace

Command addRollingFrictionCommand(CLI::App& app) {
  auto o = std::make_shared<RollingFrictionOptions>();
  CLI::App* c = app.add_subcommand(
      "rolling-friction",
      "transient rolling friction: sphere on a plate, between plates, in V-grooves");
  c->add_option("--case", o->parameters.system, "plate, two-plates or v-groove")
      ->check(CLI::IsMember({"plate", "two-plates", "v-groove"}));
  c->add_option("--groove-angle-deg", o->groove_angle_deg, "V-groove opening angle [deg]");
  c->add_option("--input", o->input,
                "step or ramp (velocity step: natural frequencies), sine (hysteresis) "
                "or free (plate case, Fig. 5)")
      ->check(CLI::IsMember({"step", "ramp", "sine", "free"}));
  c->add_option("--initial-omega", o->initial_omega,
                "free: initial angular velocity of the sphere (dimensionless)");
  c->add_option("--speed", o->speed, "step: plate speed (dimensionless)");
  c->add_option("--duration", o->duration, "step: simulated time (dimensionless)");
  c->add_option("--amplitude", o->amplitude, "sine: plate amplitude / a");
  c->add_option("--frequency", o->frequency, "sine: frequency (dimensionless)");
  c->add_option("--periods", o->periods, "sine: steady periods after the fade-in (even)")
      ->check(CLI::Range(2, 1000));
  c->add_option("--dt", o->dt, "time step (dimensionless)");
  c->add_option("--w-max", o->w_max, "step: highest angular frequency searched");
  c->add_option("--mu", o->parameters.mu, "friction coefficient");
  c->add_option("--grid", o->parameters.grid, "brush cells per patch diameter");
  c->add_option("--load", o->parameters.load, "normal load per contact W [N]");
  c->add_option("--radius", o->parameters.radius, "sphere radius R [m]");
  c->add_option("--output,--output-dir", o->output_dir,
                "folder for time_series.csv and summary.json");
  return {c, [o] { return runRollingFriction(*o); }, {"--output"}};
}
}  // namespace nsd::cli
