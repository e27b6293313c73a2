#include <nsdkit/models/rattleback_realizability.hpp>

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>

#include <nsdkit/contact/contact_shapes.hpp>
#include <nsdkit/contact/single_contact.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::models {
namespace {

using rattleback::KaneLevinsonParameters;
using rattleback::KaneLevinsonState;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

KaneLevinsonState stateOf(const rattleback::KaneLevinsonSample& s) {
  KaneLevinsonState x;
  x << s.alpha, s.beta, s.gamma, s.omega1, s.omega2, s.omega3;
  return x;
}

}  // namespace

/// a_G = dv/dt + omega x v (v: body components of the mass centre's velocity).
Eigen::Vector3d rattlebackRollingContactForce(const KaneLevinsonParameters& p,
                                              const KaneLevinsonState& s, double step) {
  const KaneLevinsonState rate = rattleback::kaneLevinsonRate(p, s);
  const Eigen::Vector3d v_plus = rattleback::contactKinematics(p, s + step * rate).velocity;
  const Eigen::Vector3d v_minus = rattleback::contactKinematics(p, s - step * rate).velocity;
  const rattleback::ContactKinematics k = rattleback::contactKinematics(p, s);
  const Eigen::Vector3d omega = s.tail<3>();
  const Eigen::Vector3d a_G = (v_plus - v_minus) / (2.0 * step) + omega.cross(k.velocity);
  return p.mass * (a_G - p.gravity * k.mu);  // gravity is M g n3, n3 = mu in body components
}

namespace {

/// The one-contact body at state s (body frame): the ellipsoid's contact and bias from its shape
/// (contact/contact_shapes.hpp); `consistency` receives the relative difference between its
/// sticking force and `force`, the force of the rolling motion.
contact::SingleContactBody oneContactBody(const KaneLevinsonParameters& p,
                                          const KaneLevinsonState& s, const Eigen::Vector3d& force,
                                          double& consistency) {
  const rattleback::ContactKinematics k = rattleback::contactKinematics(p, s);
  // The ellipsoid (centred at O = (0, 0, -h) from R*, axes r1, r2, r3) on the plane of normal
  // -n3: contact point and tangent basis from the shape, the bias from its curvature.
  contact::ContactShape ellipsoid;
  ellipsoid.kind = contact::ContactShapeKind::kEllipsoid;
  ellipsoid.semi_axes_m = Eigen::Vector3d(p.a, p.b, p.c);
  ellipsoid.centre_B = Eigen::Vector3d(0.0, 0.0, -p.h);
  const contact::ShapeContact c = contact::contactWithPlane(ellipsoid, -k.mu.normalized());
  const Eigen::Vector3d omega = s.tail<3>();
  contact::SingleContactBody body;
  body.mass = p.mass;
  body.inertia_C_W << p.A, p.D, 0.0, p.D, p.B, 0.0, 0.0, 0.0, p.C;
  body.r_CP_W = c.point_B;
  body.n_W = c.normal_B;  // into the body: up, against n3
  body.t1_W = c.t1_B;
  body.force_external_W = p.mass * p.gravity * k.mu;
  body.torque_external_W = -p.sigma * omega;
  body.omega_W = omega;
  body.friction = contact::FrictionLaw::coulomb(1.0);
  body.bias_W = contact::contactAccelerationBias(c, body.r_CP_W, omega);
  // The sticking force of this body against the force of the rolling motion (independent
  // routes: the shape's kinematics and Newton-Euler against Kane-Levinson's equations).
  const Eigen::Vector3d ntt = contact::analyzeSingleContact(body).sticking_force;
  const Eigen::Vector3d sticking = ntt[0] * c.normal_B + ntt[1] * c.t1_B + ntt[2] * c.t2_B;
  consistency = (sticking - force).norm() / std::max(force.norm(), 1e-300);
  return body;
}

bool realizableAt(contact::SingleContactBody body, double mu) {
  body.friction = contact::FrictionLaw::coulomb(mu);
  return contact::analyzeSingleContact(body).realizable;
}

/// The smallest mu for which Def 9 holds (bisection; +inf when none up to 1e3).
double minimalMu(const contact::SingleContactBody& body, double guess, double tolerance) {
  double hi = std::max(2.0 * guess, 1e-6);
  while (!realizableAt(body, hi)) {
    hi *= 2.0;
    if (hi > 1e3) return kInfinity;
  }
  double lo = 0.0;
  while (hi - lo > tolerance) {
    const double mid = 0.5 * (lo + hi);
    (mid > 0.0 && realizableAt(body, mid) ? hi : lo) = mid;
  }
  return hi;
}

void requireValid(const RollingRealizabilityOptions& o, double t_end) {
  requirePositive(o.mu, "mu");
  requirePositive(o.sample_spacing_s, "sample spacing");
  requirePositive(o.mu_tolerance, "mu tolerance");
  requirePositive(o.derivative_step_s, "derivative step");
  requirePositive(t_end, "t_end");
  if (t_end / o.sample_spacing_s > 1e6) {
    throw InvalidInput("t_end / sample spacing exceeds 1e6 instants");
  }
}

RollingInstant analyzeInstant(const KaneLevinsonParameters& p,
                              const rattleback::KaneLevinsonSample& sample,
                              const RollingRealizabilityOptions& o, double& consistency) {
  const KaneLevinsonState s = stateOf(sample);
  const Eigen::Vector3d force = rattlebackRollingContactForce(p, s, o.derivative_step_s);
  const contact::SingleContactBody body = oneContactBody(p, s, force, consistency);
  RollingInstant i;
  i.t = sample.t;
  i.omega3 = sample.omega3;
  i.normal_force_N = force.dot(body.n_W);
  i.friction_force_N = (force - i.normal_force_N * body.n_W).norm();
  const bool contact = i.normal_force_N > 0.0;
  i.needed_mu = contact ? i.friction_force_N / i.normal_force_N : kInfinity;
  i.possible = contact && i.friction_force_N < o.mu * i.normal_force_N;
  i.realizable = contact && realizableAt(body, o.mu);
  i.def9_minimal_mu = contact ? minimalMu(body, i.needed_mu, o.mu_tolerance) : kInfinity;
  return i;
}

/// The sampled maximum of the smallest realizable mu, located between the samples: the motion
/// from the sample before the worst one is integrated again over two sample spacings at 1/100
/// of the spacing and analysed there (the worst instant and minimal_mu are updated; the
/// instants' list keeps the regular samples).
void refineWorstInstant(const KaneLevinsonParameters& p,
                        const rattleback::KaneLevinsonTrajectory& motion,
                        const RollingRealizabilityOptions& o, RollingRealizabilityReport& report) {
  if (!std::isfinite(report.minimal_mu) || motion.samples.size() < 3) return;
  std::size_t worst = 0;
  while (worst < motion.samples.size() && motion.samples[worst].t != report.worst_time_s) ++worst;
  const std::size_t from = worst == 0 ? 0 : worst - 1;
  const auto& start = motion.samples[from];
  const rattleback::KaneLevinsonInitial again{start.alpha,  start.beta,   start.gamma,
                                              start.omega1, start.omega2, start.omega3};
  rattleback::IntegrationOptions fine;
  fine.sample_spacing = o.sample_spacing_s / 100.0;
  const auto local = rattleback::simulateKaneLevinson(p, again, 2.0 * o.sample_spacing_s, fine);
  for (const auto& sample : local.samples) {
    double consistency = 0.0;
    rattleback::KaneLevinsonSample shifted = sample;
    shifted.t += start.t;
    const RollingInstant i = analyzeInstant(p, shifted, o, consistency);
    report.max_force_consistency_error = std::max(report.max_force_consistency_error, consistency);
    if (i.def9_minimal_mu > report.minimal_mu) {
      report.minimal_mu = i.def9_minimal_mu;
      report.worst_time_s = i.t;
    }
    report.max_needed_mu = std::max(report.max_needed_mu, i.needed_mu);
  }
}

}  // namespace

RollingRealizabilityReport rattlebackRollingRealizability(
    const KaneLevinsonParameters& parameters, const rattleback::KaneLevinsonInitial& initial,
    double t_end, const RollingRealizabilityOptions& options) {
  requireValid(options, t_end);
  rattleback::IntegrationOptions integration;
  integration.sample_spacing = options.sample_spacing_s;
  const rattleback::KaneLevinsonTrajectory motion =
      rattleback::simulateKaneLevinson(parameters, initial, t_end, integration);
  RollingRealizabilityReport report;
  report.spin_reversals = motion.spin_reversals;
  for (const auto& sample : motion.samples) {
    double consistency = 0.0;
    const RollingInstant i = analyzeInstant(parameters, sample, options, consistency);
    report.max_force_consistency_error = std::max(report.max_force_consistency_error, consistency);
    if (i.def9_minimal_mu > report.minimal_mu || report.instants.empty()) {
      report.minimal_mu = i.def9_minimal_mu;
      report.worst_time_s = i.t;
    }
    report.max_needed_mu = std::max(report.max_needed_mu, i.needed_mu);
    if (!i.realizable) {
      if (report.instants_not_realizable++ == 0) report.first_not_realizable_s = i.t;
    }
    if (std::isfinite(i.needed_mu)) {
      report.max_def9_cone_difference =
          std::max(report.max_def9_cone_difference, std::fabs(i.def9_minimal_mu - i.needed_mu));
    }
    report.instants.push_back(i);
  }
  refineWorstInstant(parameters, motion, options, report);
  // The two routes agree to the central difference of a_G (~1e-9 relative); a larger gap is a
  // wrong shape, bias or force, never rounding.
  if (!(report.max_force_consistency_error < 1e-6)) {
    throw SolverFailure(
        "rattleback realizability: the one-contact analysis does not reproduce "
        "the rolling motion's contact force (relative error " +
        std::to_string(report.max_force_consistency_error) + ")");
  }
  return report;
}

}  // namespace nsd::models
