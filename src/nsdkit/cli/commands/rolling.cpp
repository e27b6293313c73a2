// nsdkit rolling-friction: the transient rolling-friction job (jobs/rolling_job.hpp), printed.
#include <nsdkit/cli/commands/commands.hpp>

#include <iostream>

#include <nsdkit/jobs/rolling_job.hpp>

namespace nsd::cli {

Command addRollingFrictionCommand(CLI::App& app) {
  auto o = std::make_shared<jobs::RollingFrictionJobOptions>();
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
  return {c,
          [o] {
            jobs::printRollingFrictionJob(*o, jobs::runRollingFrictionJob(*o), std::cout);
            return 0;
          },
          {"--output"}};
}

}  // namespace nsd::cli
