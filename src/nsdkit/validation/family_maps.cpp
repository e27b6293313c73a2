// Maps of the one-plane families (maps.hpp): the incline's verdicts over (s, mu) and the
// launch's heading drift over theta, per engine.
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/maps.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {

InclineMap simulateInclineMap(const SolverSpec& solver, int grid, unsigned threads) {
  if (grid < 2 || grid > 200) {
    throw InvalidInput("incline map grid must be in [2, 200], got " + std::to_string(grid));
  }
  InclineMap map;
  map.solver = solver.label();
  map.points.resize(static_cast<std::size_t>(grid * grid));
  parallelFor(map.points.size(), threads, [&](std::size_t i) {
    const double u = static_cast<double>(i % grid) / (grid - 1);  // along the threshold
    const double w = static_cast<double>(i / grid) / (grid - 1);  // mu
    OnePlaneModel m;
    m.family = CaseFamily::kIncline;
    m.mu = 0.05 + 0.45 * w;
    const double threshold = m.mu * (1.0 + m.inertia_ratio) / m.inertia_ratio;
    m.slope_rad = std::atan((0.5 + u) * threshold);
    m.heading_rad = degreesToRadians(map.heading_deg);
    const ValidationCase c = buildOnePlaneCase("incline-map", m);
    const ValidationResult r = judge(c, solver, runSolver(c, solver));
    InclineMapPoint& p = map.points[i];
    p.slope_deg = radiansToDegrees(m.slope_rad);
    p.mu = m.mu;
    p.expected = c.allowed_modes.front();
    p.observed = r.observed;
    p.agrees = p.expected == p.observed;
  });
  std::size_t agree = 0;
  for (const auto& p : map.points) agree += p.agrees;
  map.agreement = static_cast<double>(agree) / static_cast<double>(map.points.size());
  return map;
}

LaunchDriftMap simulateLaunchDrift(const SolverSpec& solver, double step_deg, unsigned threads) {
  if (!(step_deg > 0.0 && step_deg <= 90.0)) {
    throw InvalidInput("launch map step must be in (0, 90] degrees, got " + formatValue(step_deg));
  }
  LaunchDriftMap map;
  map.solver = solver.label();
  const auto n = static_cast<std::size_t>(std::floor(90.0 / step_deg + 1e-9)) + 1;
  map.points.resize(n);
  parallelFor(n, threads, [&](std::size_t i) {
    OnePlaneModel m;
    m.family = CaseFamily::kLaunch;
    m.launch_speed_m_s = 1.0;
    m.heading_rad = degreesToRadians(static_cast<double>(i) * step_deg);
    const ValidationCase c = buildOnePlaneCase("launch-map", m);
    const ValidationResult r = judge(c, solver, runSolver(c, solver));
    map.points[i] = {static_cast<double>(i) * step_deg,
                     valueOrNan(r.heading, &HeadingRecord::drift_deg),
                     valueOrNan(r.onset, &OnsetRecord::onset_error)};
  });
  return map;
}

std::string writeFamilyMaps(const std::string& dir, const std::vector<InclineMap>& inclines,
                            const std::vector<LaunchDriftMap>& launches) {
  nlohmann::json entries = nlohmann::json::array();
  auto fileName = [](std::string name) {
    for (char& ch : name) {
      if (ch == '/' || ch == '=') ch = '_';
    }
    return name;
  };
  for (const auto& m : inclines) {
    const std::string file = "maps/incline_" + fileName(m.solver) + ".csv";
    writeFileAtomically(dir + "/" + file, [&](std::ostream& out) {
      out << "# solver " << m.solver << ", sphere at rest, heading " << m.heading_deg
          << " deg, j 0.4; expected by Def 9 (tan s < mu (1 + j) / j)\n"
          << "mu,slope_deg,expected,observed,agrees\n";
      for (const auto& p : m.points) {
        out << p.mu << ',' << p.slope_deg << ',' << p.expected << ',' << p.observed << ','
            << (p.agrees ? 1 : 0) << '\n';
      }
    });
    entries.push_back({{"family", "incline"}, {"solver", m.solver}, {"agreement", m.agreement},
                       {"file", file}});
  }
  for (const auto& m : launches) {
    const std::string file = "maps/launch_drift_" + fileName(m.solver) + ".csv";
    writeFileAtomically(dir + "/" + file, [&](std::ostream& out) {
      out << "# solver " << m.solver << ", sphere launched at 1 m/s without spin, mu 0.3\n"
          << "heading_deg,drift_deg,onset_error\n";
      for (const auto& p : m.points) {
        out << p.heading_deg << ',' << (std::isfinite(p.drift_deg) ? p.drift_deg : NAN) << ','
            << p.onset_error << '\n';
      }
    });
    double worst = 0.0;
    for (const auto& p : m.points) worst = std::max(worst, std::isfinite(p.drift_deg) ? p.drift_deg : 0.0);
    entries.push_back(
        {{"family", "launch"}, {"solver", m.solver}, {"max_drift_deg", worst}, {"file", file}});
  }
  return entries.dump();
}

}  // namespace nsd::validation
