#include "validation/validation.hpp"

#include <chrono>
#include <cmath>
#include <fstream>

#include "core/errors.hpp"
#include "eventdriven/mode_switching.hpp"
#include "sim/siconos_two_contact.hpp"

namespace nsd::validation {
namespace {

std::vector<std::string> expectedModes(const models::BallTroughClassification& c) {
  if (c.realizable) return {"RR"};
  std::vector<std::string> modes;
  for (auto e : c.escapes) modes.push_back(contact::toString(e));
  return modes;
}

// Boundary along a ray from `origin` in direction `d` (bisection on Def 11, 40 steps).
Eigen::Vector3d boundaryOnRay(const models::BallTroughParameters& p, const Eigen::Vector3d& origin,
                              const Eigen::Vector3d& d) {
  double lo = 0.0, hi = 3.0;
  for (int it = 0; it < 40; ++it) {
    const double mid = 0.5 * (lo + hi);
    (models::classifyGeneric(p, origin + mid * d).realizable ? lo : hi) = mid;
  }
  return origin + 0.5 * (lo + hi) * d;
}

ValidationCase makeCase(const std::string& name, const models::BallTroughParameters& p,
                        const Eigen::Vector3d& m) {
  ValidationCase c;
  c.name = name;
  c.parameters = p;
  c.torque = m;
  const auto k = models::classifyGeneric(p, m);
  c.realizable = k.realizable;
  c.allowed_modes = expectedModes(k);
  if (c.realizable) {
    const contact::TwoContactDynamics dyn(models::makeTwoContactBody(p, m));
    c.expected_acceleration = dyn.rollRoll().accelerations.dv_C_W.z();  // (78) for the paper case
  }
  return c;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : "|") + x;
  return s;
}

}  // namespace

std::vector<ValidationCase> generateCases() {
  std::vector<ValidationCase> cases;
  const double in = 0.98, out = 1.02;
  struct Family {
    std::string tag;
    models::BallTroughParameters p;
  };
  std::vector<Family> families{
      {"mu0.3_j0.4", models::BallTroughParameters::paper(0.3, 0.4)},
      {"mu0.5_j0.667", models::BallTroughParameters::paper(0.5, 2.0 / 3.0)}};
  auto v60 = models::BallTroughParameters::paper(0.3, 0.4);
  v60.opening_angle_rad = 60.0 * 3.14159265358979323846 / 180.0;
  families.push_back({"mu0.3_j0.4_angle60", v60});
  for (const auto& f : families) {
    const auto& p = f.p;
    cases.push_back(makeCase(f.tag + "/inside", p, Eigen::Vector3d(0.05, -0.05, 0.03)));
    // Faces: rays from the axis at a low height (planes) and a high one (surface (88)).
    const double mz_low = 0.05;
    const double mz_high = p.closedFormApplies() ? 0.9 * models::specialValues(p.mu()).m_z3 : 0.3;
    const std::vector<std::pair<std::string, Eigen::Vector3d>> dirs{
        {"+x", Eigen::Vector3d(1, 0, 0)},
        {"-x", Eigen::Vector3d(-1, 0, 0)},
        {"+y", Eigen::Vector3d(0, 1, 0)},
        {"-y", Eigen::Vector3d(0, -1, 0)}};
    for (const auto& [dname, d] : dirs) {
      const Eigen::Vector3d o_low(0, 0, mz_low), o_high(0, 0, mz_high);
      const Eigen::Vector3d b_low = boundaryOnRay(p, o_low, d);
      cases.push_back(
          makeCase(f.tag + "/face_low" + dname + "/inside", p, o_low + in * (b_low - o_low)));
      cases.push_back(
          makeCase(f.tag + "/face_low" + dname + "/outside", p, o_low + out * (b_low - o_low)));
      if (dname == "+x" || dname == "-y") {
        const Eigen::Vector3d b_high = boundaryOnRay(p, o_high, d);
        cases.push_back(
            makeCase(f.tag + "/face_high" + dname + "/inside", p, o_high + in * (b_high - o_high)));
        cases.push_back(makeCase(f.tag + "/face_high" + dname + "/outside", p,
                                 o_high + out * (b_high - o_high)));
      }
    }
    if (p.closedFormApplies()) {
      const double mu = p.mu(), j = p.inertia_ratio;
      const Eigen::Vector3d edge(mu * (1 + 2 * j), -mu * (1 + 2 * j), 0.0);  // (91) at m_z = 0
      cases.push_back(makeCase(f.tag + "/vmax_edge/inside", p, in * edge));
      cases.push_back(makeCase(f.tag + "/vmax_edge/outside", p, out * edge));
      const auto sv = models::specialValues(mu);
      cases.push_back(makeCase(f.tag + "/mz3/inside", p, Eigen::Vector3d(0, 0, in * sv.m_z3)));
      cases.push_back(makeCase(f.tag + "/mz3/outside", p, Eigen::Vector3d(0, 0, out * sv.m_z3)));
      for (const auto& [name, mz] : {std::pair{"mz1", sv.m_z1}, std::pair{"mz2", sv.m_z2}}) {
        const Eigen::Vector3d o(0, 0, mz);
        const Eigen::Vector3d bnd = boundaryOnRay(p, o, Eigen::Vector3d(1, 1, 0).normalized());
        cases.push_back(makeCase(f.tag + "/" + name + "/inside", p, o + in * (bnd - o)));
        cases.push_back(makeCase(f.tag + "/" + name + "/outside", p, o + out * (bnd - o)));
      }
    }
  }
  return cases;
}

namespace {

// Runs one solver on `r`: an exception becomes observed = "error" with its message in the note;
// the wall time and the simulated time are recorded either way.
template <class Run>
void runTimed(ValidationResult& r, double t_end, Run&& run) {
  const auto t0 = std::chrono::steady_clock::now();
  try {
    run();
  } catch (const std::exception& e) {
    r.observed = "error";
    r.note = e.what();
  }
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.simulated_seconds = t_end;
}

}  // namespace

std::vector<ValidationResult> runValidation(const std::vector<ValidationCase>& cases,
                                            const ValidationOptions& o,
                                            const std::string& series_dir) {
  requirePositive(o.t_end, "t_end");
  std::vector<ValidationResult> results;
  for (const auto& c : cases) {
    const auto body = models::makeTwoContactBody(c.parameters, c.torque);
    const std::string expected = join(c.allowed_modes);
    auto judge = [&](ValidationResult& r) {
      bool mode_ok = false;
      for (const auto& m : c.allowed_modes) mode_ok |= (m == r.observed);
      r.tolerance = o.acceleration_tolerance;
      if (c.realizable && std::isfinite(r.acceleration)) {
        r.acceleration_error = std::fabs(r.acceleration - c.expected_acceleration) /
                               std::max(std::fabs(c.expected_acceleration), 1e-3);
        r.pass = mode_ok && r.acceleration_error <= o.acceleration_tolerance;
      } else {
        r.pass = mode_ok;
      }
    };
    const bool representative = c.name.find("face_low+x") != std::string::npos ||
                                c.name.find("/inside") == c.name.size() - 7 ||
                                c.name.find("face_high+x/outside") != std::string::npos;
    // nsdkit event-driven integrator.
    {
      ValidationResult r;
      r.case_name = c.name;
      r.solver = "nsdkit-event-driven";
      r.expected = expected;
      runTimed(r, o.t_end, [&] {
        eventdriven::ModeSwitchingOptions mo;
        mo.sample_spacing = o.t_end / 200;
        const auto tr =
            eventdriven::simulateModeSwitching(body, Eigen::Vector4d::Zero(), o.t_end, mo);
        r.observed = eventdriven::toString(tr.samples.back().mode);
        r.acceleration = tr.samples.back().v_C_W.z() / tr.samples.back().t;
        for (const auto& e : tr.events) {
          if (e.to != eventdriven::Mode::kRR) {
            r.slip_onset = e.t;
            break;
          }
        }
        if (!series_dir.empty() && representative) {
          std::ofstream f(series_dir + "/" + std::to_string(results.size()) + "_ed.csv");
          f << "# case " << c.name << ", solver nsdkit-event-driven\nt,slip_plus,slip_minus\n";
          for (const auto& s : tr.samples) {
            f << s.t << ',' << std::hypot(s.u1_plus, std::sqrt(2.0) * s.u_a) << ','
              << std::hypot(s.u1_minus, std::sqrt(2.0) * s.u_a) << '\n';
          }
        }
      });
      judge(r);
      results.push_back(r);
    }
    for (double h : o.siconos_steps) {
      ValidationResult r;
      r.case_name = c.name;
      r.solver = "siconos-timestepping-h" + std::to_string(h).substr(0, 6);
      r.expected = expected;
      sim::SiconosOptions so;
      so.step = h;
      so.t_end = o.t_end;
      runTimed(r, o.t_end, [&] {
        const auto run =
            sim::simulateSiconos(body, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), so);
        r.observed = run.observed_mode;
        r.acceleration = run.samples.back().v_C_W.z() / run.samples.back().t;
        if (run.slip_onset_time >= 0) r.slip_onset = run.slip_onset_time;
        if (run.solver_warnings > 0) {
          r.note = std::to_string(run.solver_warnings) +
                   " steps where the Siconos friction solver "
                   "did not reach its tolerance";
        }
        if (!series_dir.empty() && representative && h == o.siconos_steps.front()) {
          std::ofstream f(series_dir + "/" + std::to_string(results.size()) + "_siconos.csv");
          f << "# case " << c.name << ", solver " << r.solver
            << "\nt,slip_plus,slip_minus,N_plus,N_minus,T_plus,T_minus\n";
          for (const auto& s : run.samples) {
            f << s.t << ',' << s.slip_plus << ',' << s.slip_minus << ',' << s.force_plus[0] << ','
              << s.force_minus[0] << ',' << s.force_plus.tail<2>().norm() << ','
              << s.force_minus.tail<2>().norm() << '\n';
          }
        }
      });
      judge(r);
      results.push_back(r);
    }
  }
  // Where Siconos EventDriven applies: frictionless contacts; the torque only spins the ball,
  // d Omega/dt = M / (j m r^2), the centre stays at rest.
  {
    const auto p = models::BallTroughParameters::paper(0.3, 0.4);
    const Eigen::Vector3d m(0.2, -0.1, 0.3);
    auto body = models::makeTwoContactBody(p, m);
    ValidationResult r;
    r.case_name = "frictionless/spin (mu = 0)";
    r.solver = "siconos-event-driven";
    r.expected = "spin only: dOmega/dt = M/(j m r^2), v_C = 0";
    r.tolerance = 1e-5;
    runTimed(r, o.t_end, [&] {
      const auto run = sim::simulateSiconosEventDrivenFrictionless(body, o.t_end, o.t_end / 20);
      const double inertia = p.inertia_ratio * p.mass_kg * p.radius_m * p.radius_m;
      const Eigen::Vector3d expected = body.torque_external_W / inertia * run.t.back();
      r.acceleration_error = (run.omega_W.back() - expected).norm() / expected.norm();
      r.observed = run.v_C_W.back().norm() < 1e-8 ? "spin only" : "centre moves";
      r.acceleration = run.v_C_W.back().norm() / run.t.back();
      r.pass = r.observed == "spin only" && r.acceleration_error <= r.tolerance;
      r.note = "acceleration_error: relative error of Omega(t_end)";
    });
    results.push_back(r);
  }
  return results;
}

}  // namespace nsd::validation
