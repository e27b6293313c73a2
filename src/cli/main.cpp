/// nsdkit command-line interface. Every subcommand turns library errors into a one-line message
/// on stderr and a non-zero exit status, and never leaves a partly written output file.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include <unistd.h>
#include "cli/csv.hpp"
#include "cli/region_command.hpp"
#include "core/angles.hpp"
#include "core/bisection.hpp"
#include "core/errors.hpp"
#include "core/parallel.hpp"
#include "eventdriven/mode_switching.hpp"
#include "friction/combined_friction.hpp"
#include "friction/heavy_ball.hpp"
#include "mesh/body_mesh.hpp"
#include "models/ball_trough.hpp"
#include "models/ball_trough_analysis.hpp"
#include "rattleback/kane_levinson.hpp"
#include "rattleback/pade_contact.hpp"
#include "region/ball_trough_predicate.hpp"
#include "region/region.hpp"
#include "rolling/rolling_cases.hpp"
#include "sim/siconos_two_contact.hpp"
#include "validation/validation.hpp"

namespace {

using nsd::cli::parseFixed;
using nsd::cli::progressBar;
using nsd::cli::troughMetadata;
using nsd::cli::TroughOptions;
using nsd::cli::troughParameters;
using nsd::models::BallTroughParameters;

// Output samples t_end / dt, bounded by what a CSV and memory hold (1e7 rows: ~1 GB of text).
void requireSampleCount(double t_end, double dt) {
  nsd::requirePositive(t_end, "--t-end");
  nsd::requirePositive(dt, "--dt");
  if (t_end / dt > 1e7) {
    throw nsd::InvalidInput("--t-end / --dt = " + nsd::formatValue(t_end / dt) +
                            " output samples; at most 1e7 (raise --dt)");
  }
}

// The ball-trough sweep of the main job's cross-sections.
nsd::region::SweepResult runSweep(const TroughOptions& o,
                                  const std::vector<nsd::region::Axis>& axes,
                                  const nsd::region::ParameterPoint& fixed, double refine,
                                  unsigned threads, bool quiet) {
  nsd::region::SweepOptions so;
  so.threads = threads;
  so.refine_tolerance = refine;
  so.progress = progressBar(quiet);
  return nsd::region::sweep(axes, fixed, nsd::cli::troughPredicate(o, axes), so);
}

// Shortest decimal text that reads back to the same double (round-trip exact).
std::string number(double value) { return nsd::formatValue(value); }

using nsd::parallelFor;

struct PointResult {
  bool realizable = false;
  std::string escapes;
  bool incomplete = false;
};

PointResult classifyPoint(const BallTroughParameters& p, const Eigen::Vector3d& m,
                          const std::string& method) {
  nsd::contact::RealizabilityOptions options;
  if (method == "generic-sampled") options.ss_search = nsd::contact::SlipSlipSearch::kSampledField;
  const nsd::models::BallTroughClassification c = method == "closed-form"
                                                      ? nsd::models::classifyClosedForm(p, m)
                                                      : nsd::models::classifyGeneric(p, m, options);
  return {c.realizable, nsd::models::escapeLabel(c.escapes),
          c.ss.report.completeness == nsd::filippov::Completeness::kPossiblyIncomplete};
}

int runClassify(const TroughOptions& o, const std::string& model, const std::string& input,
                const std::string& output, const std::string& method, unsigned threads,
                bool quiet) {
  if (model != "ball-trough") throw nsd::InvalidInput("unknown model '" + model + "'");
  const BallTroughParameters p = troughParameters(o);
  const bool closed_form = method == "closed-form";
  if (closed_form && !p.closedFormApplies()) {
    throw nsd::InvalidInput("--method closed-form needs a 90 degree trough and mu+ = mu-");
  }
  const auto rows = nsd::cli::readNumericCsv(input, {"mx", "my", "mz"});
  std::vector<PointResult> results(rows.size());
  const auto t0 = std::chrono::steady_clock::now();
  parallelFor(rows.size(), threads, [&](std::size_t i) {
    results[i] = classifyPoint(p, Eigen::Vector3d(rows[i][0], rows[i][1], rows[i][2]), method);
  });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  nsd::cli::writeFileAtomically(output, [&](std::ostream& out) {
    out << "mx,my,mz,realizable,escapes\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      out << number(rows[i][0]) << ',' << number(rows[i][1]) << ',' << number(rows[i][2]) << ','
          << (results[i].realizable ? 1 : 0) << ',' << results[i].escapes << '\n';
    }
  });
  std::size_t realizable = 0, incomplete = 0;
  for (const auto& r : results) {
    realizable += r.realizable;
    incomplete += r.incomplete;
  }
  if (!quiet) {
    std::cout << "classified " << rows.size() << " points (" << method << " route) in " << seconds
              << " s: " << realizable << " realizable";
    if (incomplete) std::cout << ", " << incomplete << " with a possibly incomplete SS search";
    std::cout << '\n';
  }
  return 0;
}

int runBallTrough(const TroughOptions& o, const std::string& dir, int grid, unsigned threads) {
  const BallTroughParameters p = troughParameters(o);
  if (!p.closedFormApplies()) {
    throw nsd::InvalidInput(
        "the ball-trough analysis compares with the paper's closed forms: "
        "use a 90 degree trough and mu+ = mu- (classify handles the rest)");
  }
  if (grid < 2 || grid > 400) throw nsd::InvalidInput("--grid must be in [2, 400]");
  if (!(p.mu() < 1.0)) {
    throw nsd::InvalidInput(
        "the ball-trough analysis needs mu < 1: only there are the special values (90) ordered "
        "m_z1 < m_z2 < m_z3 and the normal forces (86) positive (classify and region take any mu)");
  }
  std::filesystem::create_directories(dir);
  const double mu = p.mu(), j = p.inertia_ratio;
  std::cout.precision(10);
  std::cout << "nsdkit ball-in-trough analysis (two-point-contact paper, Sect. 6)\n"
            << "  mu = " << mu << ", j = " << j << ", m = " << p.mass_kg
            << " kg, r = " << p.radius_m << " m, g = " << p.gravity_m_s2 << " m/s^2\n";
  const auto sv = nsd::models::specialValues(mu);
  const auto mz3 = nsd::models::numericalMz3(p, 1e-9);
  const auto mz1 = nsd::models::numericalMz1(p, 1e-6, 100);
  const auto mz2 = nsd::models::numericalMz2(p, 1e-6, 100);
  const auto amax = nsd::models::numericalMaxAcceleration(p, 0.0, 1e-10);
  std::cout << "special values (90): closed form  | generic route (bisection on Def 11)\n"
            << "  m_z1 = " << sv.m_z1 << " | " << mz1.value << " +- " << mz1.bracket_width << '\n'
            << "  m_z2 = " << sv.m_z2 << " | " << mz2.value << " +- " << mz2.bracket_width << '\n'
            << "  m_z3 = " << sv.m_z3 << " | " << mz3.value << " +- " << mz3.bracket_width << '\n'
            << "max realizable acceleration (91): sqrt2 mu g = "
            << nsd::models::maxRealizableAcceleration(p) << " m/s^2 | generic " << amax.acceleration
            << " m/s^2 at m = (" << amax.torque.transpose() << ")\n"
            << "tetrahedron volume (16/3) mu^2 (1+2j) = " << nsd::models::tetrahedronVolume(p)
            << '\n';

  // Classification summary of a grid of torques over the tetrahedron's bounding box.
  const double extent = 1.05 * mu * (1 + 2 * j) * 2.0;
  std::vector<Eigen::Vector3d> points;
  for (int a = 0; a < grid; ++a)
    for (int b = 0; b < grid; ++b)
      for (int c = 0; c < grid; ++c) {
        auto coord = [&](int k, double lo, double hi) { return lo + (hi - lo) * k / (grid - 1); };
        points.emplace_back(coord(a, -extent, extent), coord(b, -extent, extent),
                            coord(c, -1.05 * sv.m_z3, 1.05 * sv.m_z3));
      }
  std::vector<PointResult> results(points.size());
  const auto t0 = std::chrono::steady_clock::now();
  parallelFor(points.size(), threads,
              [&](std::size_t i) { results[i] = classifyPoint(p, points[i], "generic"); });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::map<std::string, std::size_t> counts;
  for (const auto& r : results) ++counts[r.realizable ? "realizable" : r.escapes];
  std::cout << "grid of " << points.size() << " torques (" << grid
            << "^3, |m_x|,|m_y| <= " << extent << ", |m_z| <= " << 1.05 * sv.m_z3
            << ") classified in " << seconds << " s:\n";
  for (const auto& [label, count] : counts) std::cout << "  " << label << ": " << count << '\n';

  const std::string grid_csv = dir + "/grid_classification.csv";
  nsd::cli::writeFileAtomically(grid_csv, [&](std::ostream& out) {
    out << "mx,my,mz,realizable,escapes\n";
    for (std::size_t i = 0; i < points.size(); ++i) {
      out << number(points[i][0]) << ',' << number(points[i][1]) << ',' << number(points[i][2])
          << ',' << (results[i].realizable ? 1 : 0) << ',' << results[i].escapes << '\n';
    }
  });
  const std::string surface_csv = dir + "/two_point_slip_surface.csv";
  nsd::cli::writeFileAtomically(surface_csv, [&](std::ostream& out) {
    out << "phi_plus,phi_minus,mx,my,mz\n";
    for (int a = 0; a <= 60; ++a)
      for (int b = 0; b <= 60; ++b) {
        for (double base : {0.0, nsd::kPi}) {
          const double pp = base + nsd::kPi * a / 60, qq = base + nsd::kPi * b / 60;
          const Eigen::Vector3d s = nsd::models::twoPointSlipSurface(mu, j, pp, qq);
          out << number(pp) << ',' << number(qq) << ',' << number(s[0]) << ',' << number(s[1])
              << ',' << number(s[2]) << '\n';
        }
      }
  });
  // Realizable extent of the red edge of Fig. 11 (m_x - m_y = 2 mu (1+2j), m_x + m_y = -2 mu m_z),
  // probed 1e-7 inside the edge: bisection on both ends of the realizable m_z interval.
  auto on_edge_realizable = [&](double mz) {
    const double d = mu * (1 + 2 * j) - 1e-7;
    const Eigen::Vector3d m(d - mu * mz, -d - mu * mz, mz);
    return nsd::models::classifyGeneric(p, m).realizable;
  };
  // Both ends are checked: the edge point at m_z = 0 is realizable and the ones at +-m_z3 not.
  const double edge_hi =
      nsd::bisect(on_edge_realizable, 0.0, sv.m_z3, 1e-9, true, "upper end of the edge (91)")
          .last_true;
  const double edge_lo =
      nsd::bisect(on_edge_realizable, 0.0, -sv.m_z3, 1e-9, true, "lower end of the edge (91)")
          .last_true;
  std::cout << "edge of maximum acceleration realizable for m_z in [" << edge_lo << ", " << edge_hi
            << "]\n";

  // Cross-sections at the special heights (90), labelled by escape mode, with refined boundary.
  std::vector<std::pair<std::string, double>> sections{
      {"0", 0.0}, {"mz1", sv.m_z1}, {"mz2", sv.m_z2}, {"0.97mz3", 0.97 * sv.m_z3}};
  TroughOptions section_options = o;
  for (const auto& [name, mz] : sections) {
    const double half = 1.1 * mu * (1 + 2 * j) * 2.0;
    const std::vector<nsd::region::Axis> axes{{"mx", -half, half, 101}, {"my", -half, half, 101}};
    const auto result = runSweep(section_options, axes, {{"mz", mz}}, 1e-6, threads, true);
    nsd::cli::writeFileAtomically(dir + "/section_" + name + ".csv", [&](std::ostream& out) {
      nsd::region::writeCsv(out, result, troughMetadata(o));
    });
  }
  std::cout << "cross-sections at m_z = 0, m_z1, m_z2, 0.97 m_z3 written (section_*.csv)\n";

  nlohmann::json summary = {
      {"mu", mu},
      {"inertia_ratio", j},
      {"special_values_closed_form", {{"m_z1", sv.m_z1}, {"m_z2", sv.m_z2}, {"m_z3", sv.m_z3}}},
      {"special_values_generic",
       {{"m_z1", mz1.value},
        {"m_z2", mz2.value},
        {"m_z3", mz3.value},
        {"bracket_widths", {mz1.bracket_width, mz2.bracket_width, mz3.bracket_width}}}},
      {"max_acceleration_closed_form_m_s2", nsd::models::maxRealizableAcceleration(p)},
      {"max_acceleration_generic_m_s2", amax.acceleration},
      {"max_acceleration_edge_mz", {edge_lo, edge_hi}},
      {"tetrahedron_volume", nsd::models::tetrahedronVolume(p)},
      {"grid", {{"size", grid}, {"points", points.size()}, {"seconds", seconds}}},
      {"grid_counts", counts}};
  nsd::cli::writeFileAtomically(dir + "/summary.json",
                                [&](std::ostream& out) { out << summary.dump(2) << '\n'; });
  std::cout << "outputs written to " << dir << "/ (summary.json, grid_classification.csv, "
            << "two_point_slip_surface.csv, section_*.csv)\n";
  return 0;
}

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
  o.parameters.groove_angle_rad = o.groove_angle_deg * 3.14159265358979323846 / 180.0;
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
    summary["frf_phase_deg"] = h.frf_phase_rad * 180.0 / 3.14159265358979323846;
    std::cout << o.parameters.system << " sine response (A = " << o.amplitude
              << ", f = " << o.frequency << "): k_e = " << h.k_e << ", c_e = " << h.c_e
              << ", zeta_r = " << h.zeta_r << ", dissipated per period = " << h.loop_area << '\n';
  } else {
    throw nsd::InvalidInput("unknown input '" + o.input + "' (step|ramp|sine|free)");
  }
  const std::string& dir = o.output_dir;
  std::filesystem::create_directories(dir);
  nsd::cli::writeFileAtomically(dir + "/time_series.csv", [&](std::ostream& out) {
    out << "t,x_plate,x_ball,theta,v_ball,omega_ball,f_upper,f_lower\n";
    for (const auto& r : samples) {
      out << number(r.t) << ',' << number(r.x_t) << ',' << number(r.x) << ',' << number(r.theta)
          << ',' << number(r.v_ball) << ',' << number(r.omega_ball) << ',' << number(r.f_upper)
          << ',' << number(r.f_lower) << '\n';
    }
  });
  nsd::cli::writeFileAtomically(dir + "/summary.json",
                                [&](std::ostream& out) { out << summary.dump(2) << '\n'; });
  std::cout << "wrote " << dir << "/time_series.csv (" << samples.size() << " samples) and " << dir
            << "/summary.json\n";
  return 0;
}

int runMesh(const TroughOptions& o, const std::string& model, const std::string& output,
            std::string format, double tolerance, std::string route, int resolution,
            unsigned threads) {
  if (model != "ball-trough") throw nsd::InvalidInput("unknown model '" + model + "'");
  if (output == "-") {
    throw nsd::InvalidInput(
        "--output - (standard output) is not available for meshes: give a file");
  }
  const BallTroughParameters p = troughParameters(o);
  if (format.empty()) {
    format = std::filesystem::path(output).extension().string();
    if (!format.empty()) format = format.substr(1);
    std::transform(format.begin(), format.end(), format.begin(), ::tolower);
    if (format.empty()) format = "off";
  }
  if (format != "off" && format != "ply" && format != "obj" && format != "stl") {
    throw nsd::InvalidInput("unknown mesh format '" + format + "' (off|ply|obj|stl)");
  }
  if (route == "auto") route = p.closedFormApplies() && p.mu() < 1.0 ? "exact" : "implicit";
  nsd::mesh::BodyMesh body;
  nlohmann::json extra;
  if (route == "exact") {
    nsd::mesh::BodyMeshOptions options;
    options.tolerance = tolerance;
    body = nsd::mesh::meshBallTroughBody(p, options);
    extra["sharp_edges_preserved"] = true;
  } else {
    // Generic route: the Def-11 predicate through the generic two-contact machinery on a grid.
    auto inside = [p](const Eigen::Vector3d& m) {
      return nsd::models::classifyGeneric(p, m).realizable;
    };
    if (!inside(Eigen::Vector3d::Zero())) {
      throw nsd::InvalidInput("zero torque is not realizable for these parameters: no body");
    }
    // Box from ray probes (bisection along the 124 directions of a 5^3 lattice), padded by
    // 25 %, and enlarged by half again whenever the region still touches it.
    Eigen::Vector3d extent = Eigen::Vector3d::Zero();
    for (int a = -2; a <= 2; ++a)
      for (int b = -2; b <= 2; ++b)
        for (int c = -2; c <= 2; ++c) {
          if (!a && !b && !c) continue;
          const Eigen::Vector3d d = Eigen::Vector3d(a, b, c).normalized();
          // 20 halvings of [0, 4]; the outside end is the bound the box needs.
          const double hi = inside(4.0 * d) ? 4.0
                                            : nsd::bisect([&](double t) { return inside(t * d); },
                                                          0.0, 4.0, 4.0 * std::ldexp(1.0, -20))
                                                  .last_false;
          extent = extent.cwiseMax((hi * d).cwiseAbs());
        }
    nsd::mesh::ImplicitMeshOptions io;
    io.resolution = resolution;
    io.bisection_tolerance = 1e-6;
    io.threads = threads;
    double pad = 1.25;
    for (int attempt = 0;; ++attempt) {
      io.box_lower = -pad * extent - Eigen::Vector3d::Constant(1e-3);
      io.box_upper = pad * extent + Eigen::Vector3d::Constant(1e-3);
      try {
        body = nsd::mesh::meshImplicitRegion(inside, io);
        break;
      } catch (const nsd::InvalidInput& e) {
        if (attempt >= 3 || std::string(e.what()).find("touches") == std::string::npos) throw;
        pad *= 1.5;
      }
    }
    extra["sharp_edges_preserved"] = false;
    extra["note"] =
        "implicit route: marching tetrahedra on the predicate; sharp edges are cut by "
        "the grid (best effort); vertices on the boundary to the bisection tolerance";
  }
  nsd::mesh::writeMesh(body.mesh, output, format);
  const auto& r = body.report;
  auto num = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); };
  nlohmann::json out = {{"volume", r.volume},
                        {"area", r.area},
                        {"vertices", r.vertices},
                        {"faces", r.faces},
                        {"closed", r.closed},
                        {"manifold", r.manifold},
                        {"outward_oriented", r.outward},
                        {"max_boundary_distance",
                         num(route == "exact" ? r.max_face_distance : r.max_vertex_distance)},
                        {"max_vertex_distance", num(r.max_vertex_distance)},
                        {"hausdorff_distance", num(r.hausdorff)},
                        {"diameter", r.diameter},
                        {"relative_hausdorff", num(r.hausdorff / r.diameter)},
                        {"min_angle_deg", r.min_angle_deg},
                        {"min_angle_away_from_corners_deg", r.min_angle_away_from_corners_deg},
                        {"corners", r.corners},
                        {"sharp_edges", r.sharp_edges},
                        {"route", route},
                        {"tolerance", tolerance},
                        {"format", format},
                        {"output", output},
                        {"seconds", r.seconds}};
  if (p.closedFormApplies()) out["tetrahedron_volume"] = nsd::models::tetrahedronVolume(p);
  out.update(extra);
  std::cout << out.dump() << '\n';
  return 0;
}

int runRattleback(const std::string& model, const std::string& preset, double pade_mu,
                  double pade_eps1, const nsd::rattleback::KaneLevinsonParameters& p, double omega3,
                  double alpha0_deg, double beta0_deg, double t_end, double dt, double tolerance,
                  const std::string& output) {
  nsd::rattleback::KaneLevinsonInitial init;
  init.alpha = alpha0_deg * nsd::kPi / 180.0;
  init.beta = beta0_deg * nsd::kPi / 180.0;
  init.omega3 = omega3;
  if (!(dt > 0.0 && dt <= 1e-3)) throw nsd::InvalidInput("--dt must be in (0, 0.001] s");
  requireSampleCount(t_end, dt);
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
    nsd::cli::writeFileAtomically(output, [&](std::ostream& out) {
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
    auto params = preset == "kane-levinson" ? nsd::rattleback::fromKaneLevinson(p, 1.0, 1e-3)
                                            : nsd::rattleback::padePreset(preset);
    if (!std::isnan(pade_mu)) params.mu = pade_mu;
    if (!std::isnan(pade_eps1)) params.eps1 = pade_eps1;
    const auto tr = nsd::rattleback::simulatePadeRattleback(
        params, init, t_end, dt, std::isnan(tolerance) ? 1e-8 : tolerance);
    nsd::cli::writeFileAtomically(output, [&](std::ostream& out) {
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

struct ValidateOptions {
  std::string output = "out/validation";
  double t_end = 0.2;
  int map_grid = 41;
  unsigned threads = 1;
  bool quick = false;
  bool quiet = false;
  std::string export_cases;
  bool score = false;
  std::string cases_dir, trajectories_dir, solver_name = "user-solver";
};

int runValidate(const ValidateOptions& v) {
  namespace val = nsd::validation;
  nsd::requirePositive(v.t_end, "--t-end");
  if (v.score) {
    if (v.cases_dir.empty() || v.trajectories_dir.empty()) {
      throw nsd::InvalidInput("--score needs --cases DIR and --trajectories DIR");
    }
    const auto cases = val::importCases(v.cases_dir);
    const auto results = val::scoreTrajectories(cases, v.trajectories_dir, v.solver_name);
    std::filesystem::create_directories(v.output);
    val::writeReport(v.output, cases, results, {}, {{v.solver_name, "-", 0.0}}, {});
    std::size_t passed = 0;
    for (const auto& r : results) passed += r.pass;
    std::cout << passed << " of " << results.size() << " trajectories pass; report in " << v.output
              << "/report.md\n";
    return 0;
  }
  auto cases = val::generateCases();
  for (auto& c : cases) c.t_end_s = v.t_end;
  if (!v.export_cases.empty()) {
    val::exportCases(cases, v.export_cases);
    std::cout << cases.size() << " cases written to " << v.export_cases << "\n";
    return 0;
  }
  if (v.map_grid < 2) throw nsd::InvalidInput("--map-grid must be at least 2");
  std::filesystem::create_directories(v.output);
  val::ValidationOptions options;
  options.threads = v.threads;
  // The series folder holds only files this command writes (same names on every run).
  std::filesystem::create_directories(v.output + "/series");
  options.series_dir = v.output + "/series";
  if (v.quick) {
    // One step size per engine and every fourth case: a smoke run.
    std::vector<val::SolverSpec> solvers;
    for (const auto& s : options.solvers) {
      if (s.step_s != 1e-4) solvers.push_back(s);
    }
    options.solvers = solvers;
    std::vector<val::ValidationCase> subset;
    for (std::size_t i = 0; i < cases.size(); i += 4) subset.push_back(cases[i]);
    cases = subset;
  }
  const bool bar = !v.quiet && isatty(STDERR_FILENO);
  if (bar) {
    options.progress = [](std::size_t done, std::size_t total) {
      std::cerr << "\rvalidate: " << done << "/" << total << " runs" << std::flush;
    };
  }
  if (!v.quiet) {
    std::cout << "validating " << cases.size() << " cases x " << options.solvers.size()
              << " solver settings..." << std::endl;
  }
  const auto results = val::runValidation(cases, options);
  if (bar) std::cerr << '\n';
  std::vector<val::ModeMap> maps;
  const double m_z2 = nsd::models::specialValues(0.3).m_z2;
  for (const char* engine : {"mujoco", "bullet", "ode", "dart"}) {
    for (const char* setting : {"exact"}) {
      const val::SolverSpec s{engine, setting, 1e-3};
      maps.push_back(val::simulateModeMap(s, 0.0, "mz=0", v.map_grid, v.threads));
      maps.push_back(val::simulateModeMap(s, m_z2, "mz=mz2", v.map_grid, v.threads));
      if (!v.quiet) {
        std::cout << "map " << s.label() << ": agreement " << maps[maps.size() - 2].agreement
                  << " (mz=0), " << maps.back().agreement << " (mz=mz2)" << std::endl;
      }
    }
  }
  val::writeReport(v.output, cases, results, maps, options.solvers, options.judge);
  std::size_t passed = 0;
  for (const auto& r : results) passed += r.pass;
  std::cout << passed << " of " << results.size() << " runs pass; report in " << v.output
            << "/report.md, report.json\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"nsdkit: nonsmooth dynamics of rigid bodies with frictional contacts"};
  app.require_subcommand(1);
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());

  TroughOptions classify_trough;
  std::string model, input, output, method = "generic";
  unsigned classify_threads = hw;
  bool quiet = false;
  CLI::App* classify = app.add_subcommand("classify", "Def-11 realizability of torque points");
  classify->add_option("--model", model, "model name (ball-trough)")->required();
  nsd::cli::addTroughOptions(classify, classify_trough);
  classify->add_option("--input", input, "CSV with header mx,my,mz")->required();
  classify->add_option("--output", output, "CSV mx,my,mz,realizable,escapes")->required();
  classify
      ->add_option("--method", method,
                   "generic (default: two-contact machinery, exact rational SS search), "
                   "generic-sampled (SS field sampled as a black box) or closed-form")
      ->check(CLI::IsMember({"generic", "generic-sampled", "closed-form"}));
  classify->add_option("--threads", classify_threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, nsd::cli::kMaxThreads));
  classify->add_flag("--quiet", quiet, "no summary line");

  TroughOptions trough;
  std::string dir = "out/ball_trough";
  int grid = 21;
  unsigned trough_threads = hw;
  CLI::App* analysis =
      app.add_subcommand("ball-trough", "the paper's ball-in-trough analysis end to end");
  nsd::cli::addTroughOptions(analysis, trough);
  analysis->add_option("--output-dir", dir, "folder for the outputs");
  analysis->add_option("--grid", grid, "grid points per axis of the torque grid");
  analysis->add_option("--threads", trough_threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1u, nsd::cli::kMaxThreads));

  std::string friction_model, pressure = "hertz";
  double fv = 1.0, fu = 0.0, fkr = 0.0, fbeta = 0.0, ftol = 1e-8;
  CLI::App* friction = app.add_subcommand("friction", "combined friction: exact (6) or Pade (10)");
  friction->add_option("--model", friction_model, "exact or pade")
      ->required()
      ->check(CLI::IsMember({"exact", "pade"}));
  friction->add_option("--v", fv, "sliding velocity v (>= 0)")->required();
  friction->add_option("--u", fu, "whirling velocity u = omega R")->required();
  friction->add_option("--kr", fkr, "rolling asymmetry coefficient k_r, |k_r| <= 1");
  friction->add_option("--beta", fbeta, "rolling direction angle beta [rad]");
  friction->add_option("--pressure", pressure, "hertz (default) or uniform");
  friction->add_option("--tolerance", ftol, "relative quadrature tolerance (exact model)");

  std::string map_dir = "out/friction";
  int map_grid = 25;
  CLI::App* friction_map =
      app.add_subcommand("friction-map", "error map exact vs Pade over (u, v) and k_r (CSV)");
  friction_map->add_option("--output-dir", map_dir, "folder for friction_error_map.csv");
  friction_map->add_option("--grid", map_grid, "points per axis of u, v in [0, 3]");
  friction_map->add_option("--pressure", pressure, "hertz (default) or uniform");
  friction_map->add_option("--tolerance", ftol, "relative quadrature tolerance");

  nsd::friction::HeavyBallParameters ball;
  double v0 = 1.0, u0 = 3.0, t_end = 10.0, dt = 1e-3;
  std::string ball_output, ball_model = "pade";
  CLI::App* heavy = app.add_subcommand("heavy-ball", "heavy ball on a rough plane, eqs. (11)-(18)");
  heavy->add_option("--v0", v0, "initial sliding velocity");
  heavy->add_option("--u0", u0, "initial whirling velocity u = omega_z R");
  heavy->add_option("--t-end", t_end, "end time")->required();
  heavy->add_option("--dt", dt, "output spacing");
  heavy->add_option("--output", ball_output, "CSV t,x,y,v,u,alpha,omega_x,omega_y,omega_z")
      ->required();
  heavy->add_option("--model", ball_model, "pade (default) or exact")
      ->check(CLI::IsMember({"exact", "pade"}));
  heavy->add_option("--friction", ball.friction, "Coulomb coefficient f");
  heavy->add_option("--contact-radius", ball.contact_radius, "contact radius R");
  heavy->add_option("--kr", ball.k_r0, "rolling asymmetry coefficient k_r while rolling");
  heavy->add_option("--mass", ball.mass, "ball mass");
  heavy->add_option("--radius", ball.ball_radius, "ball radius R_b");
  heavy->add_option("--gravity", ball.gravity, "gravity g");

  nsd::cli::RegionCommand region_command;
  region_command.threads = hw;
  CLI::App* region = app.add_subcommand("region", "sweep parameters through the Def-11 predicate");
  nsd::cli::addRegionOptions(region, region_command);

  TroughOptions mesh_trough;
  std::string mesh_model = "ball-trough", mesh_output, mesh_format;
  double mesh_tolerance = 5e-4;
  CLI::App* mesh = app.add_subcommand("mesh", "surface mesh of the stability body (CGAL)");
  mesh->add_option("--model", mesh_model, "model name (ball-trough)");
  nsd::cli::addTroughOptions(mesh, mesh_trough);
  mesh->add_option("--output", mesh_output, "mesh file")->required();
  mesh->add_option("--format", mesh_format, "off|ply|obj|stl (default: from the extension)");
  mesh->add_option("--tolerance", mesh_tolerance,
                   "target distance to the exact boundary, relative to the body diameter");
  std::string mesh_route = "auto";
  int mesh_resolution = 24;
  unsigned mesh_threads = hw;
  mesh->add_option("--route", mesh_route,
                   "exact (conforming faces, paper case), implicit (any parameters), auto")
      ->check(CLI::IsMember({"auto", "exact", "implicit"}));
  mesh->add_option("--resolution", mesh_resolution, "grid cells per axis (implicit route)");
  mesh->add_option("--threads", mesh_threads, "worker threads (implicit route)")
      ->check(CLI::Range(1u, nsd::cli::kMaxThreads));

  nsd::rattleback::KaneLevinsonParameters rb;
  std::string rb_model = "kane-levinson", rb_output;
  double rb_omega3 = -5.0, rb_alpha = 0.5, rb_beta = 0.5, rb_t_end = 20.0, rb_dt = 1e-3,
         rb_tol = NAN;
  CLI::App* rattle = app.add_subcommand("rattleback", "rattleback simulations (Kane-Levinson)");
  std::string rb_preset = "A";
  rattle->add_option("--model", rb_model, "kane-levinson or pade")
      ->check(CLI::IsMember({"kane-levinson", "pade"}));
  rattle->add_option("--preset", rb_preset,
                     "Pade model preset: A, B, C, C1, D, D1, E, F, or kane-levinson");
  double rb_mu = NAN, rb_eps1 = NAN;
  rattle->add_option("--mu", rb_mu, "Pade model: override the friction coefficient");
  rattle->add_option("--eps1", rb_eps1, "Pade model: override the regularization eps1 [m/s]");
  rattle->add_option("--sigma", rb.sigma, "air-drag coefficient sigma [N m s]");
  rattle->add_option("--omega3", rb_omega3, "initial omega3 [rad/s]");
  rattle->add_option("--alpha0-deg", rb_alpha, "initial alpha [deg]");
  rattle->add_option("--beta0-deg", rb_beta, "initial beta [deg]");
  rattle->add_option("--t-end", rb_t_end, "end time [s]")->required();
  rattle->add_option("--dt", rb_dt, "output spacing [s] (<= 0.001)");
  rattle->add_option(
      "--tolerance", rb_tol,
      "ODE absolute and relative tolerance (default 1e-10 Kane-Levinson, 1e-8 Pade)");
  rattle->add_option("--output", rb_output, "CSV t,alpha,beta,gamma,delta,omega1,omega2,omega3")
      ->required();

  RollingFrictionOptions rolling;
  CLI::App* rolling_cmd = app.add_subcommand(
      "rolling-friction",
      "transient rolling friction: sphere on a plate, between plates, in V-grooves");
  rolling_cmd->add_option("--case", rolling.parameters.system, "plate, two-plates or v-groove")
      ->check(CLI::IsMember({"plate", "two-plates", "v-groove"}));
  rolling_cmd->add_option("--groove-angle-deg", rolling.groove_angle_deg,
                          "V-groove opening angle [deg]");
  rolling_cmd
      ->add_option("--input", rolling.input,
                   "step or ramp (velocity step: natural frequencies), sine (hysteresis) "
                   "or free (plate case, Fig. 5)")
      ->check(CLI::IsMember({"step", "ramp", "sine", "free"}));
  rolling_cmd->add_option("--initial-omega", rolling.initial_omega,
                          "free: initial angular velocity of the sphere (dimensionless)");
  rolling_cmd->add_option("--speed", rolling.speed, "step: plate speed (dimensionless)");
  rolling_cmd->add_option("--duration", rolling.duration, "step: simulated time (dimensionless)");
  rolling_cmd->add_option("--amplitude", rolling.amplitude, "sine: plate amplitude / a");
  rolling_cmd->add_option("--frequency", rolling.frequency, "sine: frequency (dimensionless)");
  rolling_cmd->add_option("--periods", rolling.periods,
                          "sine: steady periods after the fade-in (even)");
  rolling_cmd->add_option("--dt", rolling.dt, "time step (dimensionless)");
  rolling_cmd->add_option("--w-max", rolling.w_max, "step: highest angular frequency searched");
  rolling_cmd->add_option("--mu", rolling.parameters.mu, "friction coefficient");
  rolling_cmd->add_option("--grid", rolling.parameters.grid, "brush cells per patch diameter");
  rolling_cmd->add_option("--load", rolling.parameters.load, "normal load per contact W [N]");
  rolling_cmd->add_option("--radius", rolling.parameters.radius, "sphere radius R [m]");
  rolling_cmd->add_option("--output,--output-dir", rolling.output_dir,
                          "folder for time_series.csv and summary.json");

  ValidateOptions validate_options;
  validate_options.threads = hw;
  CLI::App* validate = app.add_subcommand(
      "validate",
      "validation report: nsdkit, Siconos, MuJoCo, Bullet, ODE and DART vs analytic references");
  validate->add_option("--output", validate_options.output, "report folder");
  validate->add_option("--t-end", validate_options.t_end, "simulated time per run [s]");
  validate->add_option("--map-grid", validate_options.map_grid, "grid points per map axis");
  validate->add_option("--threads", validate_options.threads, "worker threads")
      ->check(CLI::Range(1u, nsd::cli::kMaxThreads));
  validate->add_flag("--quick", validate_options.quick, "every fourth case, h = 1e-3 only");
  validate->add_flag("--quiet", validate_options.quiet, "no progress output");
  validate->add_option("--export-cases", validate_options.export_cases,
                       "write every case as JSON into this folder and stop");
  validate->add_flag("--score", validate_options.score,
                     "score a solver's trajectories (--cases, --trajectories)");
  validate->add_option("--cases", validate_options.cases_dir, "folder written by --export-cases");
  validate->add_option("--trajectories", validate_options.trajectories_dir,
                       "folder with <index>.csv: t,x,y,z,vx,vy,vz,wx,wy,wz");
  validate->add_option("--solver-name", validate_options.solver_name,
                       "name of the scored solver in the report");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line and status 2, like every other error (CLI11's own codes are 100+).
    std::cerr << "nsdkit: error: " << e.what() << " (see nsdkit --help)\n";
    return 2;
  }
  try {
    if (*classify) {
      return runClassify(classify_trough, model, input, output, method, classify_threads, quiet);
    }
    if (*analysis) return runBallTrough(trough, dir, grid, trough_threads);
    if (*region) {
      return nsd::cli::runRegionCommand(region_command);
    }
    if (*validate) return runValidate(validate_options);
    if (*mesh) {
      return runMesh(mesh_trough, mesh_model, mesh_output, mesh_format, mesh_tolerance, mesh_route,
                     mesh_resolution, mesh_threads);
    }
    if (*rattle) {
      return runRattleback(rb_model, rb_preset, rb_mu, rb_eps1, rb, rb_omega3, rb_alpha, rb_beta,
                           rb_t_end, rb_dt, rb_tol, rb_output);
    }
    if (*rolling_cmd) return runRollingFriction(rolling);
    if (*friction) return runFriction(friction_model, fv, fu, fkr, fbeta, pressure, ftol);
    if (*friction_map) return runFrictionMap(map_dir, map_grid, pressure, ftol);
    if (*heavy) {
      ball.exact_model = ball_model == "exact";
      return runHeavyBall(ball, v0, u0, t_end, dt, ball_output);
    }
  } catch (const std::exception& e) {
    std::string message = e.what();
    std::replace(message.begin(), message.end(), '\n', ' ');
    std::cerr << "nsdkit: error: " << message << '\n';
    return 2;
  }
  return 0;
}
