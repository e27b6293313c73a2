// nsdkit friction
#include <nsdkit/cli/commands/commands.hpp>

#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include <nsdkit/cli/csv.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/friction/combined_friction.hpp>
#include <nsdkit/friction/heavy_ball.hpp>

namespace nsd::cli {
namespace {

using nsd::parallelFor;

nsd::friction::PressureDistribution pressureByName(const std::string& name) {
  if (name == "hertz") return nsd::friction::hertzPressure();
  if (name == "uniform") return nsd::friction::uniformPressure();
  throw nsd::InvalidInput("unknown pressure distribution '" + name + "' (hertz|uniform)");
}

int runFriction(const std::string& model, double v, double u, double k_r, double beta,
                const std::string& pressure_name, double tolerance) {
  const auto pressure = pressureByName(pressure_name);
  const nsd::friction::CombinedMotion motion{v, u, k_r, beta};
  nlohmann::json out;
  out["model"] = model;
  out["pressure"] = pressure_name;
  out["v"] = v;
  out["u"] = u;
  out["kr"] = k_r;
  out["beta"] = beta;
  if (model == "exact") {
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = nsd::friction::exactFriction(motion, pressure, tolerance);
    out["F_par"] = r.f_par;
    out["F_perp"] = r.f_perp;
    out["M_c"] = r.m_c;
    out["error_estimate"] = r.error_estimate;
    out["evaluations"] = r.evaluations;
    out["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  } else if (model == "pade") {
    const auto c = pressure_name == "hertz" ? nsd::friction::hertzPadeCoefficients()
                                            : nsd::friction::padeCoefficients(pressure);
    const auto r = nsd::friction::padeFriction(motion, c);
    out["F_par"] = r.f_par;
    out["F_perp"] = r.f_perp;
    out["M_c"] = r.m_c;
  } else {
    throw nsd::InvalidInput("unknown friction model '" + model + "' (exact|pade)");
  }
  std::cout << out.dump() << '\n';
  return 0;
}

int runFrictionMap(const std::string& dir, int n, const std::string& pressure_name,
                   double tolerance) {
  if (n < 2 || n > 200) throw nsd::InvalidInput("--grid must be in [2, 200]");
  std::filesystem::create_directories(dir);
  const auto pressure = pressureByName(pressure_name);
  const auto c = pressure_name == "hertz" ? nsd::friction::hertzPadeCoefficients()
                                          : nsd::friction::padeCoefficients(pressure);
  struct Row {
    double kr, u, v;
    nsd::friction::FrictionResultant e, p;
  };
  std::vector<Row> rows;
  for (double kr : {0.0, 0.5, 1.0}) {
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        const double u = 3.0 * a / (n - 1), v = 3.0 * b / (n - 1);
        if (u == 0.0 && v == 0.0) continue;
        rows.push_back({kr, u, v, {}, {}});
      }
    }
  }
  parallelFor(rows.size(), std::max(1u, std::thread::hardware_concurrency()), [&](std::size_t i) {
    const nsd::friction::CombinedMotion m{rows[i].v, rows[i].u, rows[i].kr, 0.25 * nsd::kPi};
    rows[i].e = nsd::friction::exactFriction(m, pressure, tolerance);
    rows[i].p = nsd::friction::padeFriction(m, c);
  });
  nsd::cli::writeFileAtomically(dir + "/friction_error_map.csv", [&](std::ostream& out) {
    out << "# exact (6) vs Pade (10), pressure=" << pressure_name
        << ", beta=pi/4, tolerance=" << tolerance << "\n";
    out << "kr,u,v,F_par_exact,F_perp_exact,M_c_exact,F_par_pade,F_perp_pade,M_c_pade,"
           "error_estimate\n";
    for (const auto& r : rows) {
      out << number(r.kr) << ',' << number(r.u) << ',' << number(r.v) << ',' << number(r.e.f_par)
          << ',' << number(r.e.f_perp) << ',' << number(r.e.m_c) << ',' << number(r.p.f_par) << ','
          << number(r.p.f_perp) << ',' << number(r.p.m_c) << ',' << number(r.e.error_estimate)
          << '\n';
    }
  });
  double worst[3] = {0, 0, 0};
  for (const auto& r : rows) {
    worst[0] = std::max(worst[0], std::fabs(r.e.f_par - r.p.f_par));
    worst[1] = std::max(worst[1], std::fabs(r.e.f_perp - r.p.f_perp));
    worst[2] = std::max(worst[2], std::fabs(r.e.m_c - r.p.m_c));
  }
  std::cout << "wrote " << dir << "/friction_error_map.csv (" << rows.size()
            << " points); max |exact - Pade|: F_par " << worst[0] << ", F_perp " << worst[1]
            << ", M_c " << worst[2] << '\n';
  return 0;
}

int runHeavyBall(const nsd::friction::HeavyBallParameters& p, double v0, double u0, double t_end,
                 double dt, const std::string& output) {
  requireSampleCount(t_end, dt);
  const auto tr = nsd::friction::simulateHeavyBall(p, {v0, u0}, t_end, dt);
  nsd::cli::writeFileAtomically(output, [&](std::ostream& out) {
    out << "t,x,y,v,u,alpha,omega_x,omega_y,omega_z\n";
    for (const auto& s : tr.samples) {
      out << number(s.t) << ',' << number(s.x) << ',' << number(s.y) << ',' << number(s.v) << ','
          << number(s.u) << ',' << number(s.alpha) << ',' << number(s.omega_x) << ','
          << number(s.omega_y) << ',' << number(s.omega_z) << '\n';
    }
  });
  std::cout << "heavy ball (" << (p.exact_model ? "exact" : "pade")
            << " friction): " << tr.samples.size() << " samples, " << tr.steps
            << " steps; slip stops at t = " << tr.slip_stop_time
            << ", whirl stops at t = " << tr.whirl_stop_time << "; final position ("
            << tr.samples.back().x << ", " << tr.samples.back().y << ")\n";
  return 0;
}

}  // namespace

std::vector<Command> addFrictionCommands(CLI::App& app) {
  struct Options {
    std::string model, pressure = "hertz";
    double v = 1.0, u = 0.0, k_r = 0.0, beta = 0.0, tolerance = 1e-8;
    std::string map_dir = "out/friction";
    int map_grid = 25;
    friction::HeavyBallParameters ball;
    double v0 = 1.0, u0 = 3.0, t_end = 10.0, dt = 1e-3;
    std::string ball_output, ball_model = "pade";
  };
  auto o = std::make_shared<Options>();
  CLI::App* f = app.add_subcommand("friction", "combined friction: exact (6) or Pade (10)");
  f->add_option("--model", o->model, "exact or pade")
      ->required()
      ->check(CLI::IsMember({"exact", "pade"}));
  f->add_option("--v", o->v, "sliding velocity v (>= 0)")->required();
  f->add_option("--u", o->u, "whirling velocity u = omega R")->required();
  f->add_option("--kr", o->k_r, "rolling asymmetry coefficient k_r, |k_r| <= 1");
  f->add_option("--beta", o->beta, "rolling direction angle beta [rad]");
  f->add_option("--pressure", o->pressure, "hertz (default) or uniform");
  f->add_option("--tolerance", o->tolerance, "relative quadrature tolerance (exact model)");

  CLI::App* map =
      app.add_subcommand("friction-map", "error map exact vs Pade over (u, v) and k_r (CSV)");
  map->add_option("--output-dir", o->map_dir, "folder for friction_error_map.csv");
  map->add_option("--grid", o->map_grid, "points per axis of u, v in [0, 3]");
  map->add_option("--pressure", o->pressure, "hertz (default) or uniform");
  map->add_option("--tolerance", o->tolerance, "relative quadrature tolerance");

  CLI::App* heavy = app.add_subcommand("heavy-ball", "heavy ball on a rough plane, eqs. (11)-(18)");
  heavy->add_option("--v0", o->v0, "initial sliding velocity");
  heavy->add_option("--u0", o->u0, "initial whirling velocity u = omega_z R");
  heavy->add_option("--t-end", o->t_end, "end time")->required();
  heavy->add_option("--dt", o->dt, "output spacing");
  heavy->add_option("--output", o->ball_output, "CSV t,x,y,v,u,alpha,omega_x,omega_y,omega_z")
      ->required();
  heavy->add_option("--model", o->ball_model, "pade (default) or exact")
      ->check(CLI::IsMember({"exact", "pade"}));
  heavy->add_option("--friction", o->ball.friction, "Coulomb coefficient f");
  heavy->add_option("--contact-radius", o->ball.contact_radius, "contact radius R");
  heavy->add_option("--kr", o->ball.k_r0, "rolling asymmetry coefficient k_r while rolling, in [0, 1]")
      ->check(CLI::Range(0.0, 1.0));
  heavy->add_option("--mass", o->ball.mass, "ball mass");
  heavy->add_option("--radius", o->ball.ball_radius, "ball radius R_b");
  heavy->add_option("--gravity", o->ball.gravity, "gravity g");
  return {{f,
           [o] {
             return runFriction(o->model, o->v, o->u, o->k_r, o->beta, o->pressure, o->tolerance);
           }},
          {map, [o] { return runFrictionMap(o->map_dir, o->map_grid, o->pressure, o->tolerance); }},
          {heavy, [o] {
             o->ball.exact_model = o->ball_model == "exact";
             return runHeavyBall(o->ball, o->v0, o->u0, o->t_end, o->dt, o->ball_output);
           }}};
}
}  // namespace nsd::cli
