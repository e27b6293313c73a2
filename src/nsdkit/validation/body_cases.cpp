#include <nsdkit/validation/body_cases.hpp>
#include <nsdkit/validation/solver_registry.hpp>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/eventdriven/mode_switching.hpp>

namespace nsd::validation {

std::vector<ValidationCase> bodyCases(const body::BodyDescription& body,
                                      const std::vector<std::string>& names,
                                      const std::vector<std::vector<double>>& points,
                                      double t_end_s) {
  requirePositive(t_end_s, "t_end");
  if (body.contacts.size() != 2) {
    throw InvalidInput("validate --body needs a body with two contacts ('" + body.name +
                       "' has one): the event-driven integrator and the Siconos model follow "
                       "two-point contact");
  }
  const body::ParameterBinding binding = body::bindParameters(body, names);
  const bool isotropic = contact::isIsotropic(body.inertia_C_W);
  std::vector<ValidationCase> cases;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const body::ConfiguredBody configured = body::configure(body, binding, points[i]);
    const body::BodyVerdict verdict = body::classify(configured);
    ValidationCase c;
    c.family = body.name;
    std::string probe;
    for (std::size_t k = 0; k < names.size(); ++k) {
      probe += (k ? "," : "") + names[k] + "=" + formatValue(points[i][k]);
    }
    c.name = body.name + "/" + probe;
    c.reference = ReferenceSource::kPredicate;
    c.body = configured.two;
    // Two-point rolling at the rate omega_a: Omega = Omega_a a, and the contact points at rest.
    c.omega0_W = contact::rollingAngularVelocity(configured.two, configured.omega_a_rad_per_s);
    c.v_C0_W = -c.omega0_W.cross(configured.two.r_CPplus_W);
    c.realizable = verdict.realizable;
    c.t_end_s = t_end_s;
    if (!isotropic) {
      // Allowed: what Def 11 allows at the start (RR, or any failing mode: where several fail,
      // the escape is not unique), and the final mode of the event-driven run, which follows
      // the turning J (see ReferenceSource::kEventDriven). A run that loses contact adds none.
      c.reference = ReferenceSource::kEventDriven;
      if (verdict.realizable) {
        c.allowed_modes = {"RR"};
      } else {
        for (const auto e : verdict.escapes) c.allowed_modes.push_back(contact::toString(e));
      }
      try {
        const Eigen::Vector4d s0(0.0, 0.0, 0.0, configured.omega_a_rad_per_s);
        const auto run = eventdriven::simulateModeSwitching(configured.two, s0, t_end_s);
        const std::string final_mode = eventdriven::toString(run.samples.back().mode);
        if (std::find(c.allowed_modes.begin(), c.allowed_modes.end(), final_mode) ==
            c.allowed_modes.end()) {
          c.allowed_modes.push_back(final_mode);
        }
      } catch (const SolverFailure&) {
      }
      const body::RollingMotion motion = body::rollingMotion(configured);
      const double magnitude = motion.dv_C_W.norm();
      c.along_W =
          magnitude > 0 ? Eigen::Vector3d(motion.dv_C_W / magnitude) : Eigen::Vector3d::UnitZ();
    } else if (verdict.realizable) {
      c.allowed_modes = {"RR"};
      const body::RollingMotion motion = body::rollingMotion(configured);
      const double magnitude = motion.dv_C_W.norm();
      // Measured along the RR acceleration itself; at rest-like points (|a| ~ 0) along t1+.
      if (magnitude > 1e-9 * std::max(1.0, configured.two.force_external_W.norm())) {
        c.along_W = motion.dv_C_W / magnitude;
        c.expected_acceleration = magnitude;
      } else {
        const contact::TwoContactDynamics dynamics(configured.two);
        c.along_W = dynamics.bases().t1_plus_W;
        c.expected_acceleration = 0.0;
      }
    } else {
      for (const auto e : verdict.escapes) c.allowed_modes.push_back(contact::toString(e));
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<SolverSpec> solversForCases(const std::vector<ValidationCase>& cases) {
  // Every solver that can run every case (the engines only a sphere on planes).
  std::vector<SolverSpec> solvers;
  for (const auto& adapter : solverRegistry()) {
    bool runs_all = true;
    for (const auto& c : cases) runs_all &= adapter->cannotRun(c).empty();
    if (!runs_all) continue;
    for (auto& s : adapter->specs()) solvers.push_back(std::move(s));
  }
  return solvers;
}

}  // namespace nsd::validation
