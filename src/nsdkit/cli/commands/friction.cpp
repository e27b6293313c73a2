// nsdkit friction, friction-map and heavy-ball: the friction jobs (jobs/friction_jobs.hpp).
#include <nsdkit/cli/commands/commands.hpp>

#include <iostream>
#include <thread>

#include <nsdkit/jobs/friction_jobs.hpp>

namespace nsd::cli {

std::vector<Command> addFrictionCommands(CLI::App& app) {
  struct Options {
    jobs::FrictionJobOptions point;
    jobs::FrictionMapJobOptions map;
    jobs::HeavyBallJobOptions ball;
  };
  auto o = std::make_shared<Options>();
  CLI::App* f = app.add_subcommand("friction", "combined friction: exact (6) or Pade (10)");
  f->add_option("--model", o->point.model, "exact or pade")
      ->required()
      ->check(CLI::IsMember({"exact", "pade"}));
  f->add_option("--v", o->point.v, "sliding velocity v (>= 0)")->required();
  f->add_option("--u", o->point.u, "whirling velocity u = omega R")->required();
  f->add_option("--kr", o->point.k_r, "rolling asymmetry coefficient k_r, |k_r| <= 1");
  f->add_option("--beta", o->point.beta, "rolling direction angle beta [rad]");
  f->add_option("--pressure", o->point.pressure, "hertz (default) or uniform");
  f->add_option("--tolerance", o->point.tolerance, "relative quadrature tolerance (exact model)");

  CLI::App* map =
      app.add_subcommand("friction-map", "error map exact vs Pade over (u, v) and k_r (CSV)");
  map->add_option("--output-dir", o->map.output_dir, "folder for friction_error_map.csv");
  map->add_option("--grid", o->map.grid, "points per axis of u, v in [0, 3]");
  map->add_option("--pressure", o->map.pressure, "hertz (default) or uniform");
  map->add_option("--tolerance", o->map.tolerance, "relative quadrature tolerance");

  CLI::App* heavy = app.add_subcommand("heavy-ball", "heavy ball on a rough plane, eqs. (11)-(18)");
  heavy->add_option("--v0", o->ball.v0, "initial sliding velocity");
  heavy->add_option("--u0", o->ball.u0, "initial whirling velocity u = omega_z R");
  heavy->add_option("--t-end", o->ball.t_end, "end time")->required();
  heavy->add_option("--dt", o->ball.dt, "output spacing");
  heavy->add_option("--output", o->ball.output, "CSV t,x,y,v,u,alpha,omega_x,omega_y,omega_z")
      ->required();
  heavy->add_option("--model", o->ball.model, "pade (default) or exact")
      ->check(CLI::IsMember({"exact", "pade"}));
  heavy->add_option("--friction", o->ball.ball.friction, "Coulomb coefficient f");
  heavy->add_option("--contact-radius", o->ball.ball.contact_radius, "contact radius R");
  heavy
      ->add_option("--kr", o->ball.ball.k_r0,
                   "rolling asymmetry coefficient k_r while rolling, in [0, 1]")
      ->check(CLI::Range(0.0, 1.0));
  heavy->add_option("--mass", o->ball.ball.mass, "ball mass");
  heavy->add_option("--radius", o->ball.ball.ball_radius, "ball radius R_b");
  heavy->add_option("--gravity", o->ball.ball.gravity, "gravity g");
  o->map.threads = std::max(1u, std::thread::hardware_concurrency());
  return {{f,
           [o] {
             std::cout << jobs::runFrictionJob(o->point).dump() << '\n';
             return 0;
           }},
          {map,
           [o] {
             jobs::printFrictionMapJob(o->map, jobs::runFrictionMapJob(o->map), std::cout);
             return 0;
           }},
          {heavy, [o] {
             jobs::printHeavyBallJob(o->ball, jobs::runHeavyBallJob(o->ball), std::cout);
             return 0;
           }}};
}
}  // namespace nsd::cli
