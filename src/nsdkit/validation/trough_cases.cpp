// The trough's cases (cases.hpp): the generated list around the realizable body, a case rebuilt
// from its model, its two-contact body and scene, whether two-point rolling is possible at its
// state; and the trough's mode map (maps.hpp), which runs such cases on a grid.
#include <nsdkit/validation/cases.hpp>

#include <Eigen/Geometry>
#include <algorithm>
#include <boost/math/tools/minima.hpp>
#include <chrono>
#include <cmath>
#include <sstream>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/maps.hpp>
#include <nsdkit/validation/solver_registry.hpp>

namespace nsd::validation {

std::string toString(ReferenceSource source) {
  switch (source) {
    case ReferenceSource::kClosedForm:
      return "closed form";
    case ReferenceSource::kPredicate:
      return "predicate only";
    case ReferenceSource::kEventDriven:
      return "event-driven";
  }
  return "?";
}

namespace {

// The case's classification: the closed forms where they apply, as BallInTrough's reference.
models::BallTroughClassification classify(const models::BallTroughParameters& p,
                                          const Eigen::Vector3d& m) {
  return p.closedFormApplies() ? models::classifyClosedForm(p, m) : models::classifyGeneric(p, m);
}

// Boundary parameter along the ray origin + s d (bisection on the case's classification, 50
// steps from [0, 4]); the origin must be realizable.
double boundaryOnRay(const models::BallTroughParameters& p, const Eigen::Vector3d& origin,
                     const Eigen::Vector3d& d) {
  if (!classify(p, origin).realizable) {
    throw InvalidInput("ray origin is not realizable");
  }
  if (classify(p, origin + 4.0 * d).realizable) {
    throw InvalidInput("ray does not leave the realizable body within s = 4");
  }
  return bisect([&](double s) { return classify(p, origin + s * d).realizable; }, 0.0, 4.0,
                4.0 * std::ldexp(1.0, -50))
      .value;
}

// The case of a trough system: its name, model and reference.
ValidationCase caseOf(const BallInTrough& system) {
  const TroughCaseModel& m = system.model();
  const TroughReference ref = system.reference();
  ValidationCase c;
  c.family = m.group;
  c.name = m.group + "/" + m.probe;
  c.parameters = m.parameters;
  c.torque = m.torque;
  c.t_end_s = m.duration_s;
  c.reference = ref.source;
  c.realizable = ref.realizable;
  c.allowed_modes = ref.allowed_modes;
  c.expected_acceleration = ref.acceleration_m_s2;
  c.v_C0_W = Eigen::Vector3d(0, 0, m.initial_speed_m_s);
  c.expected_rolling_onset_s = ref.rolling_onset_s;
  c.expected_final_speed = ref.final_speed_m_s;
  return c;
}

// A case of the ball at the torque m: its modes and acceleration from BallInTrough's reference.
ValidationCase makeCase(const std::string& family, const std::string& probe,
                        const models::BallTroughParameters& p, const Eigen::Vector3d& m) {
  TroughCaseModel model;
  model.group = family;
  model.probe = probe;
  model.parameters = p;
  model.torque = m;
  return caseOf(BallInTrough(model));
}

std::string faceOf(const std::vector<std::string>& escapes) {
  for (const auto& e : escapes) {
    if (e == "SS") return "surface (88)";
  }
  return "planes (82)-(83)";
}

// Inside/outside pair 2 % either side of the boundary on the ray origin + s d.
void addRayPair(std::vector<ValidationCase>& cases, const std::string& family,
                const std::string& probe, const models::BallTroughParameters& p,
                const Eigen::Vector3d& origin, const Eigen::Vector3d& d) {
  const double s = boundaryOnRay(p, origin, d);
  auto in = makeCase(family, probe + "/inside", p, origin + 0.98 * s * d);
  auto out = makeCase(family, probe + "/outside", p, origin + 1.02 * s * d);
  in.face_distance = -0.02;
  out.face_distance = 0.02;
  in.probed_face = out.probed_face = faceOf(out.allowed_modes);
  cases.push_back(in);
  cases.push_back(out);
}

}  // namespace

std::vector<ValidationCase> generateCases() {
  std::vector<ValidationCase> cases;
  struct Family {
    std::string tag;
    models::BallTroughParameters p;
  };
  auto angled = [](double angle_deg, double mu_plus, double mu_minus) {
    auto p = models::BallTroughParameters::paper(mu_plus, 0.4);
    p.mu_minus = mu_minus;
    p.opening_angle_rad = degreesToRadians(angle_deg);
    return p;
  };
  const std::vector<Family> families{
      {"mu0.3_j0.4", models::BallTroughParameters::paper(0.3, 0.4)},
      {"mu0.5_j0.667", models::BallTroughParameters::paper(0.5, 2.0 / 3.0)},
      {"angle60_mu0.3", angled(60.0, 0.3, 0.3)},
      {"angle60_mu0.3-0.5", angled(60.0, 0.3, 0.5)},
      {"angle120_mu0.3-0.5", angled(120.0, 0.3, 0.5)}};
  for (const auto& f : families) {
    const auto& p = f.p;
    cases.push_back(makeCase(f.tag, "inside", p, Eigen::Vector3d(0.05, -0.05, 0.03)));
    // Rays from the trough axis at a low height (they leave through the planes) and a high one
    // (for the paper's case between m_z2 and m_z3, where the section is bounded by (88) alone),
    // at both signs of m_z.
    const double mz_low = 0.05;
    double mz_high = 0.3;
    if (p.closedFormApplies()) {
      const auto sv = models::specialValues(p.mu());
      mz_high = 0.5 * (sv.m_z2 + sv.m_z3);
    }
    const std::vector<std::pair<std::string, Eigen::Vector3d>> dirs{
        {"+x", Eigen::Vector3d(1, 0, 0)},
        {"-x", Eigen::Vector3d(-1, 0, 0)},
        {"+y", Eigen::Vector3d(0, 1, 0)},
        {"-y", Eigen::Vector3d(0, -1, 0)}};
    for (const double sign : {1.0, -1.0}) {
      const std::string z = sign > 0 ? "+mz" : "-mz";
      for (const auto& [dname, d] : dirs) {
        addRayPair(cases, f.tag, "low" + z + "/ray" + dname, p,
                   Eigen::Vector3d(0, 0, sign * mz_low), d);
        if (dname == "+x" || dname == "-y") {
          addRayPair(cases, f.tag, "high" + z + "/ray" + dname, p,
                     Eigen::Vector3d(0, 0, sign * mz_high), d);
        }
      }
    }
    if (p.closedFormApplies()) {
      const double mu = p.mu(), j = p.inertia_ratio;
      const Eigen::Vector3d edge(mu * (1 + 2 * j), -mu * (1 + 2 * j), 0.0);  // (91) at m_z = 0
      auto in = makeCase(f.tag, "vmax_edge/inside", p, 0.98 * edge);
      auto out = makeCase(f.tag, "vmax_edge/outside", p, 1.02 * edge);
      in.probed_face = out.probed_face = "edge (91)";
      in.face_distance = -0.02;
      out.face_distance = 0.02;
      cases.push_back(in);
      cases.push_back(out);
      const auto sv = models::specialValues(mu);
      auto top_in = makeCase(f.tag, "mz3/inside", p, Eigen::Vector3d(0, 0, 0.98 * sv.m_z3));
      auto top_out = makeCase(f.tag, "mz3/outside", p, Eigen::Vector3d(0, 0, 1.02 * sv.m_z3));
      top_in.probed_face = top_out.probed_face = "apex m_z3 (90)";
      top_in.face_distance = -0.02;
      top_out.face_distance = 0.02;
      cases.push_back(top_in);
      cases.push_back(top_out);
      for (const auto& [name, mz] : {std::pair{"mz1", sv.m_z1}, std::pair{"mz2", sv.m_z2}}) {
        addRayPair(cases, f.tag, std::string(name) + "/ray+x+y", p, Eigen::Vector3d(0, 0, mz),
                   Eigen::Vector3d(1, 1, 0).normalized());
      }
      // Sliding along the trough without spin, no torque: SS until the slip vanishes at
      // t* = v0 / (sqrt2 mu g (1 + 1/(2j))), then RR at the speed v0 / (1 + 2j). During SS each
      // wall carries N = m g / sqrt2 and friction mu N along -k: dv/dt = -sqrt2 mu g; the
      // friction moment spins the ball up about a at dOmega_a/dt = mu g / (j r), and the slip
      // v - r Omega_a / sqrt2 vanishes at t*.
      for (const double v0 : {0.5, 1.0}) {
        std::ostringstream name;
        name << "sliding_v0=" << v0;
        TroughCaseModel model;
        model.group = f.tag;
        model.probe = name.str();
        model.parameters = p;
        model.initial_speed_m_s = v0;
        cases.push_back(buildTroughCase(model));
      }
    }
  }
  return cases;
}

ValidationCase buildTroughCase(const TroughCaseModel& m) { return caseOf(BallInTrough(m)); }

contact::TwoContactBody twoContactBodyOf(const ValidationCase& c) {
  return c.body ? *c.body : models::makeTwoContactBody(c.parameters, c.torque);
}

double sphereRadiusOf(const contact::TwoContactBody& body) {
  const double rho = body.r_CPplus_W.norm();
  const double tolerance = 1e-12 * rho;
  const bool sphere = rho > 0 && (body.r_CPplus_W + rho * body.n_plus_W).norm() <= tolerance &&
                      (body.r_CPminus_W + rho * body.n_minus_W).norm() <= tolerance;
  return sphere ? rho : NAN;
}

bool hasScene(const ValidationCase& c) {
  return c.one_plane || std::isfinite(sphereRadiusOf(twoContactBodyOf(c)));
}

engines::SphereScene sceneOf(const ValidationCase& c) {
  if (c.one_plane) return sceneOf(*c.one_plane);
  const auto body = twoContactBodyOf(c);
  if (!std::isfinite(sphereRadiusOf(body))) {
    throw InvalidInput("case " + c.name + ": the body is not a sphere on planes (r+- != -r n+-)");
  }
  return sphereBetweenPlanesScene(body, c.v_C0_W, c.omega0_W);
}

Possibility rollingPossibility(const ValidationCase& c, double cone_scale) {
  const auto body = twoContactBodyOf(c);
  const contact::TwoContactDynamics dyn(body);
  const auto rr = dyn.rollRoll();
  const Eigen::Matrix<double, 6, 1> f0 = rr.accelerations.contact_forces;
  const Eigen::Matrix<double, 6, 1> k = rr.free_force_directions.col(0);
  const double mu_p = cone_scale * body.friction_plus.mu_static;
  const double mu_m = cone_scale * body.friction_minus.mu_static;
  // Normal forces N(s) = f0 + s k are affine: the interval of s where both are positive.
  const double scale = f0.norm() + body.force_external_W.norm();
  double lo = -1e6 * scale, hi = 1e6 * scale;
  for (int i : {0, 3}) {
    if (std::fabs(k[i]) < 1e-14) {
      if (!(f0[i] > 0)) return {};
      continue;
    }
    const double root = -f0[i] / k[i];
    if (k[i] > 0) {
      lo = std::max(lo, root);
    } else {
      hi = std::min(hi, root);
    }
  }
  if (!(lo < hi)) return {};
  auto margin = [&](double s) {
    const Eigen::Matrix<double, 6, 1> f = f0 + s * k;
    return std::min(mu_p * f[0] - std::hypot(f[1], f[2]), mu_m * f[3] - std::hypot(f[4], f[5]));
  };
  // The margin is concave in s: Brent's minimization of its negative finds the maximum.
  const auto best =
      boost::math::tools::brent_find_minima([&](double s) { return -margin(s); }, lo, hi, 52);
  Possibility p;
  p.best_margin = -best.second;
  p.possible = p.best_margin > 0.0;
  if (!p.possible) return p;
  auto edge = [&](double inside, double outside) {
    return bisect([&](double s) { return margin(s) > 0; }, inside, outside,
                  1e-12 * (std::fabs(inside) + std::fabs(outside) + 1.0))
        .last_true;
  };
  p.s_low = edge(best.first, lo);
  p.s_high = edge(best.first, hi);
  return p;
}

ModeMap simulateModeMap(const SolverSpec& solver, double m_z, const std::string& section, int grid,
                        unsigned threads) {
  if (grid < 2) throw InvalidInput("map grid must be at least 2, got " + std::to_string(grid));
  const auto p = models::BallTroughParameters::paper(0.3, 0.4);
  ModeMap map;
  map.solver = solver.label();
  map.m_z = m_z;
  map.section = section;
  map.grid = grid;
  // The realizable body's largest |m_x|, |m_y| is mu (1 + 2j) at m_z = 0; 1.6 times that shows
  // every escape region around it.
  map.half_width = 1.6 * p.mu() * (1.0 + 2.0 * p.inertia_ratio);
  map.points.resize(static_cast<std::size_t>(grid * grid));
  const auto t0 = std::chrono::steady_clock::now();
  parallelFor(map.points.size(), threads, [&](std::size_t i) {
    const double u = -1.0 + 2.0 * static_cast<double>(i % grid) / (grid - 1);
    const double v = -1.0 + 2.0 * static_cast<double>(i / grid) / (grid - 1);
    const Eigen::Vector3d m(u * map.half_width, v * map.half_width, m_z);
    auto c = makeCase("map", section, p, m);
    const auto r = judge(c, solver, runSolver(c, solver));
    MapPoint& pt = map.points[i];
    pt.m_x = m.x();
    pt.m_y = m.y();
    pt.expected = r.expected;
    pt.observed = r.observed;
    for (const auto& mode : c.allowed_modes) pt.agrees |= mode == r.observed;
  });
  map.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::size_t agree = 0;
  for (const auto& pt : map.points) agree += pt.agrees;
  map.agreement = static_cast<double>(agree) / static_cast<double>(map.points.size());
  return map;
}

}  // namespace nsd::validation
