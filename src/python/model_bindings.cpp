// The paper's ball in a trough (classification, exact mesh), the rattleback models and the
// combined friction models, with NumPy arrays in and out.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <string>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/eventdriven/shape_stick_slip.hpp>
#include <nsdkit/friction/combined_friction.hpp>
#include <nsdkit/friction/heavy_ball.hpp>
#include <nsdkit/jobs/ball_trough_job.hpp>
#include <nsdkit/mesh/stability_body_mesh.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/models/rattleback_realizability.hpp>
#include <nsdkit/models/rattleback_shaped_body.hpp>
#include <nsdkit/rattleback/kane_levinson.hpp>
#include <nsdkit/rattleback/pade_contact.hpp>

#include "binding_common.hpp"

namespace nsd::python {
namespace {

// Every entry of an array of points finite, or an error naming the argument and the entry.
void requireFiniteEntries(const Points& p, const char* argument) {
  for (std::size_t i = 0; i < p.rows * p.cols; ++i) {
    if (!std::isfinite(p.data[i])) {
      throw nsd::InvalidInput(std::string(argument) + "[" + std::to_string(i / p.cols) + ", " +
                              std::to_string(i % p.cols) + "] must be finite, got " +
                              nsd::formatValue(p.data[i]));
    }
  }
}

py::dict classifyBall(const Matrix& torques, double mu, double inertia, double angle_deg,
                      py::object mu_plus, py::object mu_minus, const std::string& method,
                      int threads) {
  const nsd::models::BallTroughParameters params =
      ballTroughParameters(mu, inertia, angle_deg, mu_plus, mu_minus);
  const nsd::models::ClassificationMethod how = nsd::models::parseClassificationMethod(method);
  if (how == nsd::models::ClassificationMethod::kClosedForm && !params.closedFormApplies()) {
    throw nsd::InvalidInput("method 'closed-form' needs a 90 degree trough and mu+ = mu-");
  }
  const Points p = pointsOf(torques, 3, "torques");
  requireFiniteEntries(p, "torques");
  std::vector<char> realizable(p.rows), loss(p.rows);
  std::vector<std::string> escapes(p.rows);
  {
    py::gil_scoped_release release;
    nsd::parallelFor(p.rows, threadCount(threads), [&](std::size_t i) {
      const Eigen::Vector3d m(p.data[3 * i], p.data[3 * i + 1], p.data[3 * i + 2]);
      const nsd::models::BallTroughClassification c =
          nsd::models::classifyBallTrough(params, m, how);
      realizable[i] = c.realizable;
      loss[i] = c.contact_loss;
      escapes[i] = nsd::models::escapeLabel(c.escapes);
    });
  }
  return verdictArrays(p.rows, realizable, loss, escapes);
}

py::dict meshBall(double mu, double inertia, double tolerance, double mu_minus, double angle_deg) {
  nsd::requirePositive(mu, "mu");
  // As `nsdkit mesh`: below mu = 1e-6 the body (about mu across) is too small for doubles.
  if (mu < 1e-6 || (!std::isnan(mu_minus) && mu_minus < 1e-6)) {
    throw nsd::InvalidInput(std::string(mu < 1e-6 ? "mu" : "mu_minus") + " must be >= 1e-6 to mesh "
                            "the stability body (about mu across; smaller is below what double "
                            "precision resolves), got " +
                            nsd::formatValue(mu < 1e-6 ? mu : mu_minus));
  }
  nsd::requirePositive(inertia, "inertia");
  nsd::requireFinite(tolerance, "tolerance");
  nsd::requireFinite(angle_deg, "angle_deg");
  if (!std::isnan(mu_minus)) nsd::requirePositive(mu_minus, "mu_minus");
  auto params = nsd::models::BallTroughParameters::paper(mu, inertia);
  if (!std::isnan(mu_minus)) params.mu_minus = mu_minus;
  params.opening_angle_rad = nsd::degreesToRadians(angle_deg);
  nsd::mesh::StabilityBodyMeshOptions options;
  options.tolerance = tolerance;
  nsd::mesh::StabilityBodyMesh mesh;
  {
    py::gil_scoped_release release;
    mesh = nsd::jobs::meshBallTroughStabilityBody(params, options);
  }
  return meshArrays(mesh);
}

// Columns of a vector of samples as 1-D arrays, by member.
template <class Sample>
py::array_t<double> column(const std::vector<Sample>& samples, double Sample::*member) {
  py::array_t<double> a(static_cast<py::ssize_t>(samples.size()));
  auto v = a.mutable_unchecked<1>();
  for (std::size_t i = 0; i < samples.size(); ++i)
    v(static_cast<py::ssize_t>(i)) = samples[i].*member;
  return a;
}

// The columns both rattleback models sample: t [s], the angles [rad], omega3 [rad/s], energy [J].
template <class Sample>
py::dict rattlebackColumns(const std::vector<Sample>& s) {
  py::dict out;
  out["t"] = column(s, &Sample::t);
  out["alpha"] = column(s, &Sample::alpha);
  out["beta"] = column(s, &Sample::beta);
  out["gamma"] = column(s, &Sample::gamma);
  out["delta"] = column(s, &Sample::delta);
  out["omega3"] = column(s, &Sample::omega3);
  out["energy"] = column(s, &Sample::energy);
  return out;
}

py::dict kaneLevinson(double t_end, double alpha, double beta, double omega1, double omega2,
                      double omega3, double sigma, double sample_spacing) {
  nsd::rattleback::KaneLevinsonParameters p;
  p.sigma = sigma;
  nsd::rattleback::KaneLevinsonInitial init;
  init.alpha = alpha;
  init.beta = beta;
  init.omega1 = omega1;
  init.omega2 = omega2;
  init.omega3 = omega3;
  nsd::rattleback::IntegrationOptions options;
  options.sample_spacing = sample_spacing;
  nsd::rattleback::KaneLevinsonTrajectory trajectory;
  {
    py::gil_scoped_release release;
    trajectory = nsd::rattleback::simulateKaneLevinson(p, init, t_end, options);
  }
  using S = nsd::rattleback::KaneLevinsonSample;
  const auto& s = trajectory.samples;
  py::dict out = rattlebackColumns(s);
  out["omega1"] = column(s, &S::omega1);
  out["omega2"] = column(s, &S::omega2);
  out["spin_reversals"] = trajectory.spin_reversals;
  return out;
}

py::dict rattlebackRealizability(double t_end, double mu, double alpha, double beta, double omega1,
                                 double omega2, double omega3, double sigma,
                                 double sample_spacing) {
  nsd::rattleback::KaneLevinsonParameters p;
  p.sigma = sigma;
  const nsd::rattleback::KaneLevinsonInitial init{alpha, beta, 0.0, omega1, omega2, omega3};
  nsd::models::RollingRealizabilityOptions options;
  options.mu = mu;
  options.sample_spacing_s = sample_spacing;
  nsd::models::RollingRealizabilityReport r;
  {
    py::gil_scoped_release release;
    r = nsd::models::rattlebackRollingRealizability(p, init, t_end, options);
  }
  using I = nsd::models::RollingInstant;
  const auto& i = r.instants;
  py::dict out;
  out["t"] = column(i, &I::t);
  out["omega3"] = column(i, &I::omega3);
  out["normal_force"] = column(i, &I::normal_force_N);
  out["friction_force"] = column(i, &I::friction_force_N);
  out["needed_mu"] = column(i, &I::needed_mu);
  out["def9_minimal_mu"] = column(i, &I::def9_minimal_mu);
  out["realizable"] = boolArray(i, [](const I& instant) { return instant.realizable; });
  out["minimal_mu"] = r.minimal_mu;
  out["worst_time"] = r.worst_time_s;
  out["first_not_realizable"] = r.first_not_realizable_s;
  out["spin_reversals"] = r.spin_reversals;
  out["max_def9_cone_difference"] = r.max_def9_cone_difference;
  return out;
}

// Coulomb stick-slip of the Kane-Levinson rattleback (eventdriven/shape_stick_slip.hpp).
py::dict rattlebackStickSlip(double t_end, double mu, double alpha, double beta, double omega1,
                             double omega2, double omega3, double sigma, double sample_spacing) {
  nsd::rattleback::KaneLevinsonParameters p;
  p.sigma = sigma;
  const nsd::rattleback::KaneLevinsonInitial init{alpha, beta, 0.0, omega1, omega2, omega3};
  nsd::eventdriven::StickSlipOptions options;
  options.sample_spacing_s = sample_spacing;
  nsd::eventdriven::StickSlipTrajectory r;
  {
    py::gil_scoped_release release;
    r = nsd::eventdriven::simulateStickSlip(nsd::models::kaneLevinsonBody(p, mu),
                                            nsd::models::kaneLevinsonState(p, init), t_end,
                                            options);
  }
  using S = nsd::eventdriven::StickSlipSample;
  const auto& s = r.samples;
  py::dict out;
  out["t"] = column(s, &S::t_s);
  out["slipping"] = boolArray(
      s, [](const S& x) { return x.mode == nsd::eventdriven::ContactMode::kSlipping; });
  py::array_t<double> omega({static_cast<py::ssize_t>(s.size()), py::ssize_t{3}});
  auto w = omega.mutable_unchecked<2>();
  for (std::size_t i = 0; i < s.size(); ++i)
    for (int k = 0; k < 3; ++k) w(static_cast<py::ssize_t>(i), k) = s[i].omega_B[k];
  out["omega"] = omega;
  out["slip_speed"] = column(s, &S::slip_speed_m_s);
  out["normal_force"] = column(s, &S::normal_force_N);
  out["friction_ratio"] = column(s, &S::friction_ratio);
  out["energy"] = column(s, &S::energy_J);
  out["first_slip"] = r.first_slip_s;
  py::list events;
  for (const auto& e : r.events) {
    events.append(py::make_tuple(e.t_s, nsd::eventdriven::toString(e.to), e.reason));
  }
  out["events"] = events;
  return out;
}

py::dict padeRattleback(const std::string& preset, double t_end, double alpha, double beta,
                        double omega3, double sample_spacing) {
  const nsd::rattleback::PadeRattlebackParameters p = nsd::rattleback::padePreset(preset);
  nsd::rattleback::KaneLevinsonInitial init;
  init.alpha = alpha;
  init.beta = beta;
  init.omega3 = omega3;
  nsd::rattleback::PadeRattlebackTrajectory trajectory;
  {
    py::gil_scoped_release release;
    trajectory = nsd::rattleback::simulatePadeRattleback(p, init, t_end, sample_spacing);
  }
  using S = nsd::rattleback::PadeRattlebackSample;
  const auto& s = trajectory.samples;
  py::dict out = rattlebackColumns(s);
  out["normal_force"] = column(s, &S::normal_force);
  out["slip_speed"] = column(s, &S::slip_speed);
  return out;
}

py::dict heavyBall(double v0, double u0, double t_end, double sample_spacing, double k_r0,
                   bool exact) {
  nsd::friction::HeavyBallParameters p;
  p.k_r0 = k_r0;
  p.exact_model = exact;
  nsd::friction::HeavyBallTrajectory trajectory;
  {
    py::gil_scoped_release release;
    trajectory = nsd::friction::simulateHeavyBall(p, {v0, u0}, t_end, sample_spacing);
  }
  using S = nsd::friction::HeavyBallSample;
  const auto& s = trajectory.samples;
  py::dict out;
  out["t"] = column(s, &S::t);
  out["x"] = column(s, &S::x);
  out["y"] = column(s, &S::y);
  out["v"] = column(s, &S::v);
  out["u"] = column(s, &S::u);
  out["slip_stop_time"] = trajectory.slip_stop_time;
  out["whirl_stop_time"] = trajectory.whirl_stop_time;
  return out;
}

// The friction resultants of (6) or (10) at arrays of (v, u) (same length), k_r and beta fixed.
py::dict frictionArrays(const Matrix& v, const Matrix& u, double k_r, double beta,
                        const std::string& model, double tolerance, int threads) {
  if (v.ndim() != 1 || u.ndim() != 1 || v.shape(0) != u.shape(0)) {
    throw nsd::InvalidInput("v and u must be 1-D arrays of one length");
  }
  if (model != "exact" && model != "pade") {
    throw nsd::InvalidInput("model must be 'exact' or 'pade', got '" + model + "'");
  }
  const auto n = static_cast<std::size_t>(v.shape(0));
  std::vector<nsd::friction::FrictionResultant> results(n);
  const nsd::friction::PressureDistribution hertz = nsd::friction::hertzPressure();
  const nsd::friction::PadeCoefficients pade = nsd::friction::hertzPadeCoefficients();
  const double *vd = v.data(), *ud = u.data();
  {
    py::gil_scoped_release release;
    nsd::parallelFor(n, threadCount(threads), [&](std::size_t i) {
      const nsd::friction::CombinedMotion motion{vd[i], ud[i], k_r, beta};
      results[i] = model == "exact" ? nsd::friction::exactFriction(motion, hertz, tolerance)
                                    : nsd::friction::padeFriction(motion, pade);
    });
  }
  using R = nsd::friction::FrictionResultant;
  py::dict out;
  out["f_par"] = column(results, &R::f_par);
  out["f_perp"] = column(results, &R::f_perp);
  out["m_c"] = column(results, &R::m_c);
  return out;
}

}  // namespace

void bindModels(py::module_& m) {
  m.def("mesh_ball", &meshBall, py::arg("mu") = 0.3, py::arg("inertia") = 0.4,
        py::arg("tolerance") = 5e-4, py::arg("mu_minus") = NAN, py::arg("angle_deg") = 90.0,
        "The stability body of the ball in a trough (mu+ = mu, mu- = mu_minus or mu, opening "
        "angle [deg]) meshed from its exact faces (exact sharp edges): the dict of Body.mesh "
        "in dimensionless torques (79), plus 'face_of_triangle' (0, 1 the two-point-slip "
        "sheets (SS), 2-5 the planes RS (u1- > 0), RS (u1- < 0), SR (u1+ > 0), SR (u1+ < 0)).");
  m.def("kane_levinson", &kaneLevinson, py::arg("t_end"), py::arg("alpha") = 0.0,
        py::arg("beta") = 0.0, py::arg("omega1") = 0.0, py::arg("omega2") = 0.0,
        py::arg("omega3") = 0.0, py::arg("sigma") = 0.0, py::arg("sample_spacing") = 1e-3,
        "The Kane-Levinson rattleback (Sect. 3 parameters, air drag sigma [N m s]) from the "
        "initial angles [rad] and body rates [rad/s] until t_end [s]: arrays 't', 'alpha', "
        "'beta', 'gamma', 'delta' [rad], 'omega1..3' [rad/s], 'energy' [J], and the "
        "'spin_reversals' times [s].");
  m.def("rattleback_realizability", &rattlebackRealizability, py::arg("t_end"), py::arg("mu") = 0.3,
        py::arg("alpha") = nsd::degreesToRadians(0.5), py::arg("beta") = nsd::degreesToRadians(0.5),
        py::arg("omega1") = 0.0, py::arg("omega2") = 0.0, py::arg("omega3") = -5.0,
        py::arg("sigma") = 0.0, py::arg("sample_spacing") = 1e-3,
        "Def 9 at every instant of the Kane-Levinson rattleback's rolling motion (initial "
        "angles [rad] and body rates [rad/s]; the paper's Fig. 3 start by default): arrays 't' "
        "[s], 'omega3' [rad/s], 'normal_force' and 'friction_force' [N] of the contact force the "
        "rolling needs, 'needed_mu' (F_t / N, tangential over normal), 'def9_minimal_mu' (smallest "
        "mu for which Def 9 "
        "holds), 'realizable' (Def 9 at mu); 'minimal_mu' for the whole motion and its "
        "'worst_time', 'first_not_realizable' (-1: none), 'spin_reversals'.");
  m.def("rattleback_stick_slip", &rattlebackStickSlip, py::arg("t_end"), py::arg("mu"),
        py::arg("alpha") = nsd::degreesToRadians(0.5), py::arg("beta") = nsd::degreesToRadians(0.5),
        py::arg("omega1") = 0.0, py::arg("omega2") = 0.0, py::arg("omega3") = -5.0,
        py::arg("sigma") = 0.0, py::arg("sample_spacing") = 1e-3,
        "Coulomb stick-slip of the Kane-Levinson rattleback (its ellipsoid on the plane, one "
        "contact, transitions by Def 9; nsdkit's event-driven integrator) from the rolling state "
        "at the initial angles [rad] and body rates [rad/s]: arrays 't' [s], 'slipping', 'omega' "
        "(n x 3, body axes) [rad/s], 'slip_speed' [m/s], 'normal_force' [N], 'friction_ratio' "
        "(tangential over normal force), 'energy' [J]; 'first_slip' [s] (-1: never), 'events' "
        "(t, mode, reason).");
  m.def("pade_rattleback", &padeRattleback, py::arg("preset") = "A", py::arg("t_end") = 5.0,
        py::arg("alpha") = 0.0, py::arg("beta") = 0.0, py::arg("omega3") = 0.0,
        py::arg("sample_spacing") = 1e-3,
        "The rattleback with Pade-approximated Coulomb-Contensou friction and rolling "
        "resistance (the stone of Sect. 3, contact model `preset` of Table 1: A, B, C, C1, D, "
        "D1, E, F) from the initial angles [rad] and spin omega3 [rad/s]: arrays 't', 'alpha', "
        "'beta', 'gamma', 'delta' [rad], 'omega3' [rad/s], 'normal_force' [N], 'slip_speed' [m/s], "
        "'energy' [J].");
  m.def("heavy_ball", &heavyBall, py::arg("v0") = 1.0, py::arg("u0") = 3.0, py::arg("t_end") = 10.0,
        py::arg("sample_spacing") = 1e-3, py::arg("k_r0") = 0.5, py::arg("exact") = false,
        "Kireenkov's heavy ball (dimensionless m = g = R = f = 1) with combined sliding, "
        "whirling and rolling friction, Pade model (10) or the exact integrals (6): arrays "
        "'t', 'x', 'y', 'v' (slip speed), 'u' (whirl omega R), and the stop times.");
  m.def("combined_friction", &frictionArrays, py::arg("v"), py::arg("u"), py::arg("k_r") = 0.0,
        py::arg("beta") = 0.0, py::arg("model") = "exact", py::arg("tolerance") = 1e-8,
        py::arg("threads") = 0,
        "Friction force and torque of a Hertz contact sliding at v and whirling at u = omega R "
        "(1-D arrays), rolling asymmetry k_r at angle beta [rad]: 'f_par', 'f_perp' (per f N) "
        "and 'm_c' (per f R N), by the exact integrals (6) or the Pade model (10).");
  m.def("classify_ball", &classifyBall, py::arg("torques"), py::arg("mu") = 0.3,
        py::arg("inertia") = 0.4, py::arg("angle_deg") = 90.0, py::arg("mu_plus") = py::none(),
        py::arg("mu_minus") = py::none(), py::arg("method") = "generic", py::arg("threads") = 0,
        "Def 11 for the paper's ball in a V trough (Sect. 6) at an (N, 3) array of dimensionless "
        "torques (79); method: generic (default), generic-sampled (the SS field sampled as a "
        "black box) or closed-form (90 degrees, mu+ = mu-), as nsdkit classify --method; returns "
        "the dict of Body.classify.");
}

}  // namespace nsd::python
