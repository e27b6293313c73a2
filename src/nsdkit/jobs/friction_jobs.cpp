#include <nsdkit/jobs/friction_jobs.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>

namespace nsd::jobs {
namespace {

friction::PressureDistribution pressureByName(const std::string& name) {
  if (name == "hertz") return friction::hertzPressure();
  if (name == "uniform") return friction::uniformPressure();
  throw InvalidInput("unknown pressure distribution '" + name + "' (hertz|uniform)");
}

friction::PadeCoefficients padeCoefficientsFor(const std::string& pressure_name) {
  return pressure_name == "hertz" ? friction::hertzPadeCoefficients()
                                  : friction::padeCoefficients(pressureByName(pressure_name));
}

}  // namespace

nlohmann::json runFrictionJob(const FrictionJobOptions& o) {
  const friction::PressureDistribution pressure = pressureByName(o.pressure);
  const friction::CombinedMotion motion{o.v, o.u, o.k_r, o.beta};
  nlohmann::json out;
  out["model"] = o.model;
  out["pressure"] = o.pressure;
  out["v"] = o.v;
  out["u"] = o.u;
  out["kr"] = o.k_r;
  out["beta"] = o.beta;
  if (o.model == "exact") {
    const auto t0 = std::chrono::steady_clock::now();
    const friction::FrictionResultant r = friction::exactFriction(motion, pressure, o.tolerance);
    out["F_par"] = r.f_par;
    out["F_perp"] = r.f_perp;
    out["M_c"] = r.m_c;
    out["error_estimate"] = r.error_estimate;
    out["evaluations"] = r.evaluations;
    out["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  } else if (o.model == "pade") {
    const friction::FrictionResultant r =
        friction::padeFriction(motion, padeCoefficientsFor(o.pressure));
    out["F_par"] = r.f_par;
    out["F_perp"] = r.f_perp;
    out["M_c"] = r.m_c;
  } else {
    throw InvalidInput("unknown friction model '" + o.model + "' (exact|pade)");
  }
  return out;
}

FrictionMapJobResult runFrictionMapJob(const FrictionMapJobOptions& o) {
  if (o.grid < 2 || o.grid > 200) throw InvalidInput("--grid must be in [2, 200]");
  if (o.threads < 1) throw InvalidInput("--threads must be at least 1");
  std::filesystem::create_directories(o.output_dir);
  const friction::PressureDistribution pressure = pressureByName(o.pressure);
  const friction::PadeCoefficients c = padeCoefficientsFor(o.pressure);
  FrictionMapJobResult r;
  for (double k_r : {0.0, 0.5, 1.0}) {
    for (int a = 0; a < o.grid; ++a) {
      for (int b = 0; b < o.grid; ++b) {
        const double u = 3.0 * a / (o.grid - 1), v = 3.0 * b / (o.grid - 1);
        if (u == 0.0 && v == 0.0) continue;
        r.points.push_back({k_r, u, v, {}, {}});
      }
    }
  }
  parallelFor(r.points.size(), o.threads, [&](std::size_t i) {
    FrictionMapPoint& p = r.points[i];
    const friction::CombinedMotion m{p.v, p.u, p.k_r, 0.25 * kPi};
    p.exact = friction::exactFriction(m, pressure, o.tolerance);
    p.pade = friction::padeFriction(m, c);
  });
  writeFileAtomically(o.output_dir + "/friction_error_map.csv", [&](std::ostream& out) {
    out << "# exact (6) vs Pade (10), pressure=" << o.pressure
        << ", beta=pi/4, tolerance=" << o.tolerance << "\n";
    out << "kr,u,v,F_par_exact,F_perp_exact,M_c_exact,F_par_pade,F_perp_pade,M_c_pade,"
           "error_estimate\n";
    for (const FrictionMapPoint& p : r.points) {
      out << formatValue(p.k_r) << ',' << formatValue(p.u) << ',' << formatValue(p.v) << ','
          << formatValue(p.exact.f_par) << ',' << formatValue(p.exact.f_perp) << ','
          << formatValue(p.exact.m_c) << ',' << formatValue(p.pade.f_par) << ','
          << formatValue(p.pade.f_perp) << ',' << formatValue(p.pade.m_c) << ','
          << formatValue(p.exact.error_estimate) << '\n';
    }
  });
  for (const FrictionMapPoint& p : r.points) {
    r.max_difference[0] = std::max(r.max_difference[0], std::fabs(p.exact.f_par - p.pade.f_par));
    r.max_difference[1] =
        std::max(r.max_difference[1], std::fabs(p.exact.f_perp - p.pade.f_perp));
    r.max_difference[2] = std::max(r.max_difference[2], std::fabs(p.exact.m_c - p.pade.m_c));
  }
  return r;
}

void printFrictionMapJob(const FrictionMapJobOptions& o, const FrictionMapJobResult& r,
                         std::ostream& out) {
  out << "wrote " << o.output_dir << "/friction_error_map.csv (" << r.points.size()
      << " points); max |exact - Pade|: F_par " << r.max_difference[0] << ", F_perp "
      << r.max_difference[1] << ", M_c " << r.max_difference[2] << '\n';
}

friction::HeavyBallTrajectory runHeavyBallJob(const HeavyBallJobOptions& o) {
  requirePositive(o.t_end, "--t-end");
  requirePositive(o.dt, "--dt");
  if (o.t_end / o.dt > 1e7) {
    throw InvalidInput("--t-end / --dt = " + formatValue(o.t_end / o.dt) +
                       " output samples; at most 1e7 (raise --dt)");
  }
  if (o.model != "exact" && o.model != "pade") {
    throw InvalidInput("--model " + quoteInput(o.model) + " is not one of exact, pade");
  }
  friction::HeavyBallParameters ball = o.ball;
  ball.exact_model = o.model == "exact";
  const friction::HeavyBallTrajectory tr =
      friction::simulateHeavyBall(ball, {o.v0, o.u0}, o.t_end, o.dt);
  writeFileAtomically(o.output, [&](std::ostream& out) {
    out << "t,x,y,v,u,alpha,omega_x,omega_y,omega_z\n";
    for (const friction::HeavyBallSample& s : tr.samples) {
      out << formatValue(s.t) << ',' << formatValue(s.x) << ',' << formatValue(s.y) << ','
          << formatValue(s.v) << ',' << formatValue(s.u) << ',' << formatValue(s.alpha) << ','
          << formatValue(s.omega_x) << ',' << formatValue(s.omega_y) << ','
          << formatValue(s.omega_z) << '\n';
    }
  });
  return tr;
}

void printHeavyBallJob(const HeavyBallJobOptions& o, const friction::HeavyBallTrajectory& tr,
                       std::ostream& out) {
  out << "heavy ball (" << o.model << " friction): " << tr.samples.size() << " samples, "
      << tr.steps << " steps; slip stops at t = " << tr.slip_stop_time
      << ", whirl stops at t = " << tr.whirl_stop_time << "; final position ("
      << tr.samples.back().x << ", " << tr.samples.back().y << ")\n";
}

}  // namespace nsd::jobs
