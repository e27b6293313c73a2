// nsdkit rattleback: the rattleback job (jobs/rattleback_job.hpp), printed.
#include <nsdkit/cli/commands/commands.hpp>

#include <iostream>

#include <nsdkit/jobs/rattleback_job.hpp>

namespace nsd::cli {

Command addRattlebackCommand(CLI::App& app) {
  auto o = std::make_shared<jobs::RattlebackJobOptions>();
  CLI::App* c = app.add_subcommand("rattleback", "rattleback simulations (Kane-Levinson)");
  c->add_option("--model", o->model, "kane-levinson or pade")
      ->check(CLI::IsMember({"kane-levinson", "pade"}));
  addGivenOption(c, "--preset", o->preset,
                 "Pade model preset: A, B, C, C1, D, D1, E, F, or kane-levinson");
  addGivenOption(c, "--mu", o->mu,
                 "Pade model: override the friction coefficient; --realizability: the friction "
                 "coefficient of the verdicts (default 0.3)");
  c->add_flag("--realizability", o->realizability,
              "Def 9 at every instant of the Kane-Levinson rolling motion: the friction it needs "
              "(|F_t|/N), the smallest mu for which it stays rolling, the verdict at --mu; CSV "
              "t,omega3,normal_force,friction_force,needed_mu,def9_minimal_mu,realizable,possible");
  addGivenOption(c, "--stick-slip-check", o->stick_slip_margin,
                 "--realizability: simulate Coulomb stick-slip (one contact, transitions by Def 9) "
                 "at the minimal mu times (1 - MARGIN) and (1 + MARGIN) and report the first slip "
                 "of each (MARGIN in [1e-6, 0.5], e.g. 0.001)");
  addGivenOption(c, "--eps1", o->eps1, "Pade model: override the regularization eps1 [m/s]");
  addGivenOption(c, "--sigma", o->sigma, "air-drag coefficient sigma [N m s]");
  c->add_option("--omega3", o->omega3, "initial omega3 [rad/s]");
  c->add_option("--alpha0-deg", o->alpha0_deg, "initial alpha [deg]");
  c->add_option("--beta0-deg", o->beta0_deg, "initial beta [deg]");
  c->add_option("--t-end", o->t_end, "end time [s]")->required();
  c->add_option("--dt", o->dt, "output spacing [s] (<= 0.001)");
  addGivenOption(c, "--tolerance", o->tolerance,
                 "ODE absolute and relative tolerance (default 1e-10 Kane-Levinson, 1e-8 Pade)")
      ->check(CLI::Range(1e-14, 1e-3));
  c->add_option("--output", o->output, "CSV t,alpha,beta,gamma,delta,omega1,omega2,omega3")
      ->required();
  return {c, [o] {
            jobs::printRattlebackJob(*o, jobs::runRattlebackJob(*o), std::cout);
            return 0;
          }};
}

}  // namespace nsd::cli
