// The only translation unit that includes Siconos. MechanicsFwd.hpp is not needed (kernel
// classes only); SolverOptions.h is included explicitly for the solver parameters.
#include <nsdkit/sim/siconos_log.hpp>
#include <nsdkit/sim/siconos_two_contact.hpp>

#include <SolverOptions.h>
#include <SiconosKernel.hpp>

#include <Eigen/Geometry>
#include <chrono>
#include <cmath>
#include <iostream>
#include <sstream>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/stream_capture.hpp>

namespace nsd::sim {

namespace {

// The body: q = (x_C, theta) with d theta/dt = Omega (W), M = diag(m I, J_W), F_ext = (F_e, M_e).
// An isotropic body is a LagrangianLinearTIDS (J_W constant, no gyroscopic term). Any other
// body is a LagrangianDS whose mass block J_W = R J_0 R^T and gyroscopic moment are updated
// before every step (updateRotatingInertia): MoreauJeanOSI rebuilds W from the mass of a
// LagrangianDS at each Newton iteration.
SP::LagrangianDS makeBody(const contact::TwoContactBody& body, const Eigen::Vector3d& v_C0,
                          const Eigen::Vector3d& omega0, bool isotropic) {
  auto q0 = std::make_shared<SiconosVector>(6, 0.0);
  auto v0 = std::make_shared<SiconosVector>(6, 0.0);
  auto mass = std::make_shared<SimpleMatrix>(6, 6, 0.0);
  auto fext = std::make_shared<SiconosVector>(6, 0.0);
  for (unsigned k = 0; k < 3; ++k) {
    (*v0)(k) = v_C0[k];
    (*v0)(k + 3) = omega0[k];
    (*mass)(k, k) = body.mass;
    for (unsigned l = 0; l < 3; ++l) (*mass)(k + 3, l + 3) = body.inertia_C_W(k, l);
    (*fext)(k) = body.force_external_W[k];
    (*fext)(k + 3) = body.torque_external_W[k];
  }
  SP::LagrangianDS ds;
  if (isotropic) {
    ds = std::make_shared<LagrangianLinearTIDS>(q0, v0, mass);
  } else {
    ds = std::make_shared<LagrangianDS>(q0, v0, mass);
  }
  ds->setFExtPtr(fext);
  return ds;
}

// Orientation R (from the initial one) and the state-dependent parts of an anisotropic body.
struct RotatingInertia {
  Eigen::Matrix3d inertia_0;  // J at t = 0, in W
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  Eigen::Vector3d torque_external;
};

// Before a step: J_W = R J_0 R^T into the mass block, and the gyroscopic moment -Omega x J_W Omega
// into F_ext, both at the state at the start of the step (first order, like the scheme).
void updateRotatingInertia(LagrangianDS& ds, const RotatingInertia& r) {
  const SiconosVector& v = *ds.velocity();
  const Eigen::Vector3d omega(v(3), v(4), v(5));
  const Eigen::Matrix3d rot = r.orientation.toRotationMatrix();
  const Eigen::Matrix3d j = rot * r.inertia_0 * rot.transpose();
  const Eigen::Vector3d moment = r.torque_external - omega.cross(j * omega);
  SiconosMatrix& mass = *ds.mass();
  SiconosVector& fext = *ds.fExt();
  for (unsigned k = 0; k < 3; ++k) {
    for (unsigned l = 0; l < 3; ++l) mass(k + 3, l + 3) = j(k, l);
    fext(k + 3) = moment[k];
  }
}

// After a step: R advanced by the rotation of the step's angular velocity over h.
void advanceOrientation(const LagrangianDS& ds, double h, RotatingInertia& r) {
  const SiconosVector& v = *ds.velocity();
  const Eigen::Vector3d omega(v(3), v(4), v(5));
  const double angle = omega.norm() * h;
  if (angle > 0.0) {
    r.orientation =
        Eigen::Quaterniond(Eigen::AngleAxisd(angle, omega.normalized())) * r.orientation;
    r.orientation.normalize();
  }
}

}  // namespace

SiconosRun simulateSiconos(const contact::TwoContactBody& body, const Eigen::Vector3d& v_C0_W,
                           const Eigen::Vector3d& omega0_W, const SiconosOptions& o) {
  requirePositive(o.step, "time step");
  requirePositive(o.t_end, "t_end");
  if (o.t_end < 2.0 * o.step) throw InvalidInput("t_end must be at least two time steps");
  requireFinite(v_C0_W, "initial centre velocity");
  requireFinite(omega0_W, "initial angular velocity");
  const contact::TwoContactDynamics dynamics(body);  // validates the body
  const contact::ContactBases& b = dynamics.bases();
  const auto t0 = std::chrono::steady_clock::now();
  SiconosRun out;
  StreamCapture capture(std::cout);  // Siconos reports solver trouble on std::cout
  try {
    const Eigen::Matrix3d& j0 = body.inertia_C_W;
    const bool isotropic = contact::isIsotropic(j0);
    auto ds = makeBody(body, v_C0_W, omega0_W, isotropic);
    RotatingInertia rotating{j0, Eigen::Quaterniond::Identity(), body.torque_external_W};

    auto relation = [&](const Eigen::Vector3d& r, const Eigen::Vector3d& n,
                        const Eigen::Vector3d& t1, const Eigen::Vector3d& t2) {
      auto c = std::make_shared<SimpleMatrix>(3, 6, 0.0);
      const Eigen::Vector3d* rows[3] = {&n, &t1, &t2};
      for (unsigned i = 0; i < 3; ++i) {
        const Eigen::Vector3d rc = r.cross(*rows[i]);  // e . (Omega x r) = (r x e) . Omega
        for (unsigned k = 0; k < 3; ++k) {
          (*c)(i, k) = (*rows[i])[k];
          (*c)(i, k + 3) = rc[k];
        }
      }
      return std::make_shared<LagrangianLinearTIR>(c);
    };
    auto nsl_plus =
        std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, body.friction_plus.mu_static, 3);
    auto nsl_minus =
        std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, body.friction_minus.mu_static, 3);
    auto inter_plus = std::make_shared<Interaction>(
        nsl_plus, relation(body.r_CPplus_W, body.n_plus_W, b.t1_plus_W, b.t2_plus_W));
    auto inter_minus = std::make_shared<Interaction>(
        nsl_minus, relation(body.r_CPminus_W, body.n_minus_W, b.t1_minus_W, b.t2_minus_W));

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, o.t_end);
    nsds->insertDynamicalSystem(ds);
    nsds->link(inter_plus, ds);
    nsds->link(inter_minus, ds);
    auto td = std::make_shared<TimeDiscretisation>(0.0, o.step);
    auto osi = std::make_shared<MoreauJeanOSI>(0.5);
    osi->setConstraintActivationThreshold(o.activation_threshold);
    auto problem = std::make_shared<FrictionContact>(3);
    problem->numericsSolverOptions()->dparam[SICONOS_DPARAM_TOL] = o.solver_tolerance;
    problem->numericsSolverOptions()->iparam[SICONOS_IPARAM_MAX_ITER] = o.solver_iterations;
    auto simulation = std::make_shared<TimeStepping>(nsds, td, osi, problem);

    while (simulation->hasNextEvent()) {
      if (!isotropic) updateRotatingInertia(*ds, rotating);
      simulation->computeOneStep();
      if (!isotropic) advanceOrientation(*ds, o.step, rotating);
      SiconosSample s;
      s.t = simulation->nextTime();
      const auto& yp = *inter_plus->y(1);
      const auto& ym = *inter_minus->y(1);
      const auto& lp = *inter_plus->lambda(1);
      const auto& lm = *inter_minus->lambda(1);
      s.slip_plus = std::hypot(yp(1), yp(2));
      s.slip_minus = std::hypot(ym(1), ym(2));
      s.force_plus = Eigen::Vector3d(lp(0), lp(1), lp(2)) / o.step;
      s.force_minus = Eigen::Vector3d(lm(0), lm(1), lm(2)) / o.step;
      const auto& v = *ds->velocity();
      s.v_C_W = Eigen::Vector3d(v(0), v(1), v(2));
      s.omega_W = Eigen::Vector3d(v(3), v(4), v(5));
      s.slip_plus_W = yp(1) * b.t1_plus_W + yp(2) * b.t2_plus_W;
      s.slip_minus_W = ym(1) * b.t1_minus_W + ym(2) * b.t2_minus_W;
      s.friction_plus_W = (lp(1) * b.t1_plus_W + lp(2) * b.t2_plus_W) / o.step;
      s.friction_minus_W = (lm(1) * b.t1_minus_W + lm(2) * b.t2_minus_W) / o.step;
      out.samples.push_back(s);
      if (out.slip_onset_time < 0 &&
          (s.slip_plus > o.slip_threshold || s.slip_minus > o.slip_threshold)) {
        out.slip_onset_time = s.t;
      }
      simulation->nextStep();
    }
  } catch (const std::exception& e) {
    throw SolverFailure(std::string("Siconos simulation failed: ") + e.what());
  }
  out.solver_warnings += countNonSmoothSolverWarnings(capture.text());
  if (out.samples.empty()) throw SolverFailure("Siconos produced no time step");
  const auto& last = out.samples.back();
  out.observed_mode = std::string(last.slip_plus > o.slip_threshold ? "S" : "R") +
                      (last.slip_minus > o.slip_threshold ? "S" : "R");
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

SiconosEventDrivenRun simulateSiconosEventDrivenFrictionless(const contact::TwoContactBody& body,
                                                             double t_end, double step) {
  requirePositive(t_end, "t_end");
  requirePositive(step, "step");
  if (t_end < 2.0 * step) throw InvalidInput("t_end must be at least two output steps");
  const contact::TwoContactDynamics dynamics(body);  // validates the body
  const auto t0 = std::chrono::steady_clock::now();
  SiconosEventDrivenRun out;
  const StreamCapture capture(std::cout);  // Siconos reports solver trouble on std::cout
  try {
    // J held fixed in W (a LagrangianLinearTIDS): the frictionless reference is for isotropic
    // bodies (from rest the torque only spins the body about one axis then).
    auto ds = makeBody(body, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), true);
    auto normal_relation = [&](const Eigen::Vector3d& r, const Eigen::Vector3d& n) {
      auto c = std::make_shared<SimpleMatrix>(1, 6, 0.0);
      const Eigen::Vector3d rc = r.cross(n);
      for (unsigned k = 0; k < 3; ++k) {
        (*c)(0, k) = n[k];
        (*c)(0, k + 3) = rc[k];
      }
      return std::make_shared<LagrangianLinearTIR>(c);
    };
    auto nsl = std::make_shared<NewtonImpactNSL>(0.0);
    auto inter_plus =
        std::make_shared<Interaction>(nsl, normal_relation(body.r_CPplus_W, body.n_plus_W));
    auto inter_minus =
        std::make_shared<Interaction>(nsl, normal_relation(body.r_CPminus_W, body.n_minus_W));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, t_end);
    nsds->insertDynamicalSystem(ds);
    nsds->link(inter_plus, ds);
    nsds->link(inter_minus, ds);
    auto td = std::make_shared<TimeDiscretisation>(0.0, step);
    auto simulation = std::make_shared<EventDriven>(nsds, td);
    auto osi = std::make_shared<LsodarOSI>();
    simulation->associate(osi, ds);
    simulation->insertNonSmoothProblem(std::make_shared<LCP>(), SICONOS_OSNSP_ED_IMPACT);
    simulation->insertNonSmoothProblem(std::make_shared<LCP>(), SICONOS_OSNSP_ED_SMOOTH_ACC);
    while (simulation->hasNextEvent()) {
      simulation->advanceToEvent();
      simulation->processEvents();
      const auto& v = *ds->velocity();
      out.t.push_back(simulation->startingTime());
      out.v_C_W.emplace_back(v(0), v(1), v(2));
      out.omega_W.emplace_back(v(3), v(4), v(5));
    }
  } catch (const std::exception& e) {
    throw SolverFailure(std::string("Siconos EventDriven failed: ") + e.what());
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace nsd::sim
