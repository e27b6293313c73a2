#include <nsdkit/rattleback/pade_contact.hpp>

#include <Eigen/Dense>
#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <map>

#include <nsdkit/core/errors.hpp>

namespace nsd::rattleback {

void PadeRattlebackParameters::validate() const {
  requirePositive(a1, "a1");
  requirePositive(a2, "a2");
  requirePositive(a3, "a3");
  requirePositive(mass, "mass");
  requireFinite(k, "k");
  requireNonNegative(mu, "mu");
  requireNonNegative(f, "rolling resistance f");
  for (double b : {b1, b2, b3, b4, b5}) requireNonNegative(b, "b_i");
  requirePositive(eps1, "eps1");
  requirePositive(eps2, "eps2");
  requirePositive(gravity, "gravity");
  Eigen::Matrix3d inertia;
  inertia << B1, -B12, -B13, -B12, B2, -B23, -B13, -B23, B3;
  requireFinite(inertia, "inertia");
  if (inertia.selfadjointView<Eigen::Lower>().eigenvalues().minCoeff() <= 0.0) {
    throw InvalidInput("rattleback inertia B must be positive definite");
  }
}

PadeRattlebackParameters padePreset(const std::string& name) {
  // Table 1: mu, f [mm], b1 [mm], b2 [mm], b3 [1/mm], b4, b5, eps2 [m/s].
  struct Row {
    double mu, f_mm, b1_mm, b2_mm, b3_per_mm, b4, b5, eps2;
  };
  static const std::map<std::string, Row> table{
      {"A", {0.231, 0.482, 4.29, 2.46, 0.667, 2.27, 9.46, 0.0530}},
      {"B", {0.231, 0.481, 4.30, 2.45, 0.657, 2.20, 9.71, 1e-5}},
      {"C", {0.233, 0.485, 4.28, 2.45, 0.700, 1.0, 4.23, 0.0209}},
      {"C1", {0.238, 0.738, 3.01, 2.45, 1.62, 1.0, 6.76, 0.0310}},
      {"D", {0.234, 0.494, 4.50, 2.46, 0.771, 0.234, 1.0, 0.00490}},
      {"D1", {0.241, 0.725, 3.06, 2.43, 1.58, 0.148, 1.0, 0.00333}},
      {"E", {0.235, 0.407, 4.02, 2.43, 0.520, 1.0, 1.0, 0.0756}},
      {"F", {0.189, 0.476, 0.0, 2.56, 0.0, 2.42, 10.2, 0.0478}},
  };
  const auto it = table.find(name);
  if (it == table.end()) {
    throw InvalidInput("unknown rattleback preset " + quoteInput(name) +
                       " (A, B, C, C1, D, D1, E, F)");
  }
  const Row& r = it->second;
  PadeRattlebackParameters p;  // the experimental stone of Section 3 (defaults)
  p.mu = r.mu;
  p.f = r.f_mm * 1e-3;
  p.b1 = r.b1_mm * 1e-3;
  p.b2 = r.b2_mm * 1e-3;
  p.b3 = r.b3_per_mm * 1e3;
  p.b4 = r.b4;
  p.b5 = r.b5;
  p.eps2 = r.eps2;
  p.eps1 = 1e-5;
  return p;
}

PadeRattlebackParameters fromKaneLevinson(const KaneLevinsonParameters& kl, double mu,
                                          double eps1) {
  kl.validate();
  PadeRattlebackParameters p;
  // KL body axes (X3 down) map to these (x3 up) by a half-turn about X1: Q = diag(1, -1, -1).
  p.a1 = kl.a;
  p.a2 = kl.b;
  p.a3 = kl.c;
  p.mass = kl.mass;
  p.B1 = kl.A;
  p.B2 = kl.B;
  p.B3 = kl.C;
  p.B12 = kl.D;  // B(1,2) = -B12 = (Q I Q)(1,2) = -D
  p.B13 = p.B23 = 0.0;
  p.k = Eigen::Vector3d(0, 0, kl.h);  // R* lies h from O towards the contact: O is above C
  p.mu = mu;
  p.f = 0.0;
  p.b1 = p.b2 = p.b3 = 0.0;
  p.b4 = p.b5 = 1.0;
  p.eps1 = eps1;
  p.eps2 = 1.0;
  p.gravity = kl.gravity;
  return p;
}

namespace {

using Vector12 = Eigen::Matrix<double, 12, 1>;  // rC(3), v(3) global; psi, theta, phi; w(3) body

Eigen::Matrix3d rotation(double psi, double theta, double phi) {
  // Body -> global: successive rotations about x3 (psi), x1 (theta), x2 (phi).
  return (Eigen::AngleAxisd(psi, Eigen::Vector3d::UnitZ()) *
          Eigen::AngleAxisd(theta, Eigen::Vector3d::UnitX()) *
          Eigen::AngleAxisd(phi, Eigen::Vector3d::UnitY()))
      .toRotationMatrix();
}

struct Evaluation {
  Vector12 rate;
  double normal_force = 0.0;
  double slip_speed = 0.0;
  Eigen::Vector3d rho_global = Eigen::Vector3d::Zero();
};

Evaluation evaluate(const PadeRattlebackParameters& p, const Vector12& x) {
  const double psi = x[6], theta = x[7], phi = x[8];
  const Eigen::Vector3d w = x.segment<3>(9);
  const Eigen::Matrix3d rot = rotation(psi, theta, phi);
  const Eigen::Vector3d n(-std::sin(phi) * std::cos(theta), std::sin(theta),
                          std::cos(phi) * std::cos(theta));         // (8), corrected first entry
  const Eigen::Vector3d rm(p.a1 * p.a1, p.a2 * p.a2, p.a3 * p.a3);  // (10)
  const double s2 = n.dot(rm.cwiseProduct(n));
  const double s = std::sqrt(s2);
  const Eigen::Vector3d r = -rm.cwiseProduct(n) / s;  // (9)
  const Eigen::Vector3d rho = r + p.k;                // from C to the contact point A
  const Eigen::Vector3d n_dot = n.cross(w);           // local derivative of n (n fixed in G)
  const Eigen::Vector3d r_dot =
      -rm.cwiseProduct(s2 * n_dot - n.dot(rm.cwiseProduct(n_dot)) * n) / (s2 * s);  // (11)
  const Eigen::Vector3d v_body = rot.transpose() * x.segment<3>(3);
  const Eigen::Vector3d v_ac = v_body + w.cross(rho);
  const double omega_s = w.dot(n);  // (17)
  const Eigen::Vector3d v_a = v_ac + r_dot;
  Eigen::Vector3d e1pi = Eigen::Vector3d::UnitX() - n[0] * n;      // (16)
  const Eigen::Vector3d ex = e1pi.normalized(), ey = n.cross(ex);  // (15)
  const double vax = v_a.dot(ex), vay = v_a.dot(ey);               // (18)
  const double vac2 = v_ac.squaredNorm();
  // Contact actions per unit normal force, (12)-(14).
  const Eigen::Vector3d t_s =
      -p.mu * v_ac / std::sqrt(vac2 + p.b1 * p.b1 * omega_s * omega_s + p.eps1 * p.eps1);
  const Eigen::Vector3d m_s = -p.mu * p.b2 * omega_s /
                              std::sqrt(omega_s * omega_s + p.b3 * p.b3 * vac2 + p.eps1 * p.eps1) *
                              n;
  const Eigen::Vector3d m_r = p.f * (p.b4 * vay * ex - vax * ey) /
                              std::sqrt(vax * vax + p.b5 * p.b5 * vay * vay + p.eps2 * p.eps2);
  Eigen::Matrix3d inertia;
  inertia << p.B1, -p.B12, -p.B13, -p.B12, p.B2, -p.B23, -p.B13, -p.B23, p.B3;
  const Eigen::Matrix3d inv = inertia.inverse();
  const Eigen::Vector3d q1 = rho.cross(n + t_s) + m_s + m_r;
  const Eigen::Vector3d q0 = -w.cross(inertia * w);
  const Eigen::Vector3d rxn = rho.cross(n);
  // Constraint (7): N c1 + c0 = 0 with a_C = ((N - m g) n + N t_s)/m, w' = B^-1 (N q1 + q0).
  const double c1 = (1.0 + n.dot(t_s)) / p.mass + (inv * q1).dot(rxn);
  const double c0 =
      -p.gravity + (inv * q0).dot(rxn) + n.dot(w.cross(r_dot) + w.cross(w.cross(rho)));
  if (!(std::fabs(c1) > 0.0)) throw SolverFailure("normal-force equation is singular");
  const double normal = -c0 / c1;
  Evaluation e;
  e.normal_force = normal;
  e.slip_speed = std::sqrt(vac2);
  e.rho_global = rot * rho;
  const Eigen::Vector3d a_body = ((normal - p.mass * p.gravity) * n + normal * t_s) / p.mass;
  const Eigen::Vector3d w_dot = inv * (normal * q1 + q0);
  e.rate.segment<3>(0) = x.segment<3>(3);
  e.rate.segment<3>(3) = rot * a_body;
  e.rate[6] = (w[2] * std::cos(phi) - w[0] * std::sin(phi)) / std::cos(theta);         // (4)
  e.rate[7] = w[0] * std::cos(phi) + w[2] * std::sin(phi);                             // (5)
  e.rate[8] = w[1] + std::tan(theta) * (w[0] * std::sin(phi) - w[2] * std::cos(phi));  // (6)
  e.rate.segment<3>(9) = w_dot;
  return e;
}

}  // namespace

PadeRattlebackTrajectory simulatePadeRattleback(const PadeRattlebackParameters& p,
                                                const KaneLevinsonInitial& init, double t_end,
                                                double spacing, double tolerance) {
  p.validate();
  requirePositive(t_end, "t_end");
  requirePositive(spacing, "sample spacing");
  if (t_end / spacing > 1e7) {
    throw InvalidInput("t_end / sample spacing exceeds 1e7 samples (t_end " + formatValue(t_end) +
                       " s)");
  }
  requirePositive(tolerance, "tolerance");
  for (double v : {init.alpha, init.beta, init.gamma, init.omega1, init.omega2, init.omega3}) {
    requireFinite(v, "initial condition");
  }
  for (double w : {init.omega1, init.omega2, init.omega3}) {
    if (!(std::fabs(w) <= kMaxInitialRate)) {
      throw InvalidInput("initial angular velocity " + formatValue(w) + " rad/s is beyond " +
                         formatValue(kMaxInitialRate) + " rad/s");
    }
  }
  // Kane-Levinson conventions -> this model.
  Vector12 x0 = Vector12::Zero();
  x0[6] = -init.gamma;
  x0[7] = init.alpha;
  x0[8] = -init.beta;
  x0.segment<3>(9) = Eigen::Vector3d(init.omega1, -init.omega2, -init.omega3);
  {
    const Eigen::Matrix3d rot = rotation(x0[6], x0[7], x0[8]);
    const Evaluation e = evaluate(p, x0);
    x0[2] = -e.rho_global[2];  // contact point on the plane
    // No slip initially: v = -w x rho (body), to global.
    const Eigen::Vector3d rho_body = rot.transpose() * e.rho_global;
    x0.segment<3>(3) = rot * (-x0.segment<3>(9).cross(rho_body));
  }
  namespace ode = boost::numeric::odeint;
  using UVector = boost::numeric::ublas::vector<double>;
  using UMatrix = boost::numeric::ublas::matrix<double>;
  auto to_eigen = [](const UVector& u) {
    Vector12 v;
    for (int k = 0; k < 12; ++k) v[k] = u[static_cast<std::size_t>(k)];
    return v;
  };
  auto system = [&](const UVector& u, UVector& du, double) {
    const Evaluation e = evaluate(p, to_eigen(u));
    for (int k = 0; k < 12; ++k) du[static_cast<std::size_t>(k)] = e.rate[k];
  };
  auto jacobian = [&](const UVector& u, UMatrix& j, double, UVector& dfdt) {
    const Vector12 x = to_eigen(u);
    const Vector12 f0 = evaluate(p, x).rate;
    for (int c = 0; c < 12; ++c) {
      Vector12 xp = x;
      const double h = 1e-7 * std::max(1.0, std::fabs(x[c]));
      xp[c] += h;
      const Vector12 f1 = evaluate(p, xp).rate;
      for (int r = 0; r < 12; ++r) {
        j(static_cast<std::size_t>(r), static_cast<std::size_t>(c)) = (f1[r] - f0[r]) / h;
      }
    }
    for (std::size_t r = 0; r < 12; ++r) dfdt[r] = 0.0;  // autonomous
  };
  UVector u(12);
  for (int k = 0; k < 12; ++k) u[static_cast<std::size_t>(k)] = x0[k];
  auto stepper = ode::make_dense_output(tolerance, tolerance, ode::rosenbrock4<double>());
  auto implicit = std::make_pair(system, jacobian);
  stepper.initialize(u, 0.0, 1e-5);
  PadeRattlebackTrajectory out;
  Eigen::Matrix3d inertia;
  inertia << p.B1, -p.B12, -p.B13, -p.B12, p.B2, -p.B23, -p.B13, -p.B23, p.B3;
  auto record = [&](double t, const Vector12& x) {
    const Evaluation e = evaluate(p, x);
    if (!(e.normal_force > 0.0)) {
      throw SolverFailure("contact lost at t = " + formatValue(t) +
                          " s (N = " + formatValue(e.normal_force) + " N)");
    }
    const Eigen::Vector3d w = x.segment<3>(9);
    const double energy = 0.5 * p.mass * x.segment<3>(3).squaredNorm() + 0.5 * w.dot(inertia * w) +
                          p.mass * p.gravity * x[2];
    const double theta = x[7], phi = x[8];
    out.samples.push_back(
        {t, theta, -phi, -x[6], std::acos(std::clamp(std::cos(theta) * std::cos(phi), -1.0, 1.0)),
         w[0], -w[1], -w[2], e.normal_force, e.slip_speed, x[2] + e.rho_global[2], energy});
  };
  record(0.0, x0);
  long index = 1;
  double next = spacing;
  UVector at(12);
  while (stepper.current_time() < t_end) {
    stepper.do_step(implicit);
    ++out.steps;
    const double t1 = std::min(stepper.current_time(), t_end);
    while (next <= t1 + 1e-9 * spacing) {
      stepper.calc_state(std::min(next, t1), at);
      record(next, to_eigen(at));
      next = static_cast<double>(++index) * spacing;
    }
    if (out.steps > 5000000) throw SolverFailure("Pade rattleback integration exceeded 5e6 steps");
  }
  std::vector<KaneLevinsonSample> gamma_samples;
  for (const auto& s : out.samples) {
    gamma_samples.push_back(
        {s.t, s.alpha, s.beta, s.gamma, s.delta, s.omega1, s.omega2, s.omega3, s.energy});
  }
  out.spin_reversals = turningPoints(gamma_samples, reversal_hysteresis_rad);
  return out;
}

}  // namespace nsd::rattleback
