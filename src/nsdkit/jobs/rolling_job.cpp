#include <nsdkit/jobs/rolling_job.hpp>

#include <cmath>
#include <filesystem>
#include <sstream>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::jobs {
namespace {

nlohmann::json caseSummary(const RollingFrictionJobOptions& o) {
  const rolling::Scales scales = rolling::scales(o.parameters);
  return {{"case", o.parameters.system},
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
}

// A ramp of the plate position is a step of its velocity (Sect. 3.2): both run the same
// simulation; the step name is the one Sect. 4 uses for the spectrum.
void stepResponse(const RollingFrictionJobOptions& o, RollingFrictionJobResult& r) {
  r.samples = rolling::simulateStep(o.parameters, o.speed, o.duration, o.dt);
  const auto f = rolling::identifyFrequencies(r.samples, o.w_max);
  const rolling::Scales scales = rolling::scales(o.parameters);
  r.summary["speed"] = o.speed;
  // Steady lag of the sphere surface behind the plate (Fig. 6): x_t - R* theta at the end.
  const double arm =
      o.parameters.system == "v-groove" ? std::sin(0.5 * o.parameters.groove_angle_rad) : 1.0;
  const rolling::RollingSample& last = r.samples.back();
  r.summary["final_surface_lag"] =
      last.x_t - last.x - arm * o.parameters.radius / scales.a * last.theta;
  r.summary["duration"] = o.duration;
  r.summary["omega1"] = f.omega1;  // translation mode (0: the single plate has none)
  r.summary["omega2"] = f.omega2;  // rotation mode
  std::ostringstream line;
  line << o.parameters.system << " step response: omega1 = " << f.omega1
       << ", omega2 = " << f.omega2;
  if (f.omega1 > 0.0) line << ", omega2/omega1 = " << f.omega2 / f.omega1;
  line << " (dimensionless, Sect. 2.4 units)";
  r.description = line.str();
}

void freeResponse(const RollingFrictionJobOptions& o, RollingFrictionJobResult& r) {
  r.samples = rolling::simulateFree(o.parameters, o.initial_omega, o.duration, o.dt);
  r.summary["initial_omega"] = o.initial_omega;
  r.summary["duration"] = o.duration;
  r.summary["final_theta"] = r.samples.back().theta;
  std::ostringstream line;
  line << "plate free response from omega0 = " << o.initial_omega << ": theta settles at "
       << r.samples.back().theta;
  r.description = line.str();
}

void sineResponse(const RollingFrictionJobOptions& o, RollingFrictionJobResult& r) {
  r.samples = rolling::simulateSine(o.parameters, o.amplitude, o.frequency, o.periods, o.dt);
  const auto h = rolling::hysteresis(r.samples, o.frequency);
  r.summary["amplitude"] = o.amplitude;
  r.summary["frequency"] = o.frequency;
  r.summary["periods_averaged"] = h.periods;
  r.summary["k_e"] = h.k_e;
  r.summary["c_e"] = h.c_e;
  r.summary["c_e_times_f"] = h.c_e_times_f;
  r.summary["zeta_r"] = h.zeta_r;
  r.summary["loop_area"] = h.loop_area;
  r.summary["frf_magnitude"] = h.frf_magnitude;
  r.summary["frf_phase_deg"] = radiansToDegrees(h.frf_phase_rad);
  std::ostringstream line;
  line << o.parameters.system << " sine response (A = " << o.amplitude << ", f = " << o.frequency
       << "): k_e = " << h.k_e << ", c_e = " << h.c_e << ", zeta_r = " << h.zeta_r
       << ", dissipated per period = " << h.loop_area;
  r.description = line.str();
}

}  // namespace

RollingFrictionJobResult runRollingFrictionJob(const RollingFrictionJobOptions& options) {
  RollingFrictionJobOptions o = options;
  if (!(o.groove_angle_deg > 0.0 && o.groove_angle_deg < 180.0)) {
    throw InvalidInput("groove angle must be in (0, 180) degrees");
  }
  if (o.periods < 2 || o.periods > 1000) {
    throw InvalidInput("--periods must be in [2, 1000], got " + std::to_string(o.periods));
  }
  o.parameters.groove_angle_rad = degreesToRadians(o.groove_angle_deg);
  RollingFrictionJobResult r;
  r.summary = caseSummary(o);
  if (o.input == "step" || o.input == "ramp") {
    stepResponse(o, r);
  } else if (o.input == "free") {
    freeResponse(o, r);
  } else if (o.input == "sine") {
    sineResponse(o, r);
  } else {
    throw InvalidInput("unknown input '" + o.input + "' (step|ramp|sine|free)");
  }
  const std::string& dir = o.output_dir;
  std::filesystem::create_directories(dir);
  writeFileAtomically(dir + "/time_series.csv", [&](std::ostream& out) {
    out << "t,x_plate,x_ball,theta,v_ball,omega_ball,f_upper,f_lower\n";
    for (const auto& s : r.samples) {
      out << formatValue(s.t) << ',' << formatValue(s.x_t) << ',' << formatValue(s.x) << ','
          << formatValue(s.theta) << ',' << formatValue(s.v_ball) << ','
          << formatValue(s.omega_ball) << ',' << formatValue(s.f_upper) << ','
          << formatValue(s.f_lower) << '\n';
    }
  });
  writeFileAtomically(dir + "/summary.json",
                      [&](std::ostream& out) { out << r.summary.dump(2) << '\n'; });
  return r;
}

void printRollingFrictionJob(const RollingFrictionJobOptions& o,
                             const RollingFrictionJobResult& r, std::ostream& out) {
  out << r.description << '\n'
      << "wrote " << o.output_dir << "/time_series.csv (" << r.samples.size() << " samples) and "
      << o.output_dir << "/summary.json\n";
}

}  // namespace nsd::jobs
