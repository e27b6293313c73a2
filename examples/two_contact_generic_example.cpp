// Any rigid body with two contact points: the four kinematic cases, the RR force indeterminacy
// (Table 2) and Def-11 realizability, for a box-like body resting on two inclined surfaces.
// Checked from first principles: at rest, two-point rolling holds both contact points still
// (dv_C + domega x r_CP = 0 at P+ and P-), the forces satisfy Newton-Euler with the computed
// accelerations, and the undetermined force direction adds neither force nor torque.
#include <Eigen/Geometry>
#include <iostream>

#include <nsdkit/contact/two_contact_body.hpp>

#include "example_checks.hpp"

int main() {
  nsd::contact::TwoContactBody body;
  body.mass = 3.0;
  body.inertia_C_W = Eigen::Vector3d(0.05, 0.08, 0.06).asDiagonal();
  body.n_plus_W = Eigen::Vector3d(0.2, 1.0, 0.1).normalized();
  body.n_minus_W = Eigen::Vector3d(1.0, 0.3, 0.0).normalized();
  body.r_CPplus_W = Eigen::Vector3d(0.05, -0.2, 0.1);
  body.r_CPminus_W = Eigen::Vector3d(-0.25, 0.02, -0.05);
  body.force_external_W = -3.0 * 9.81 * Eigen::Vector3d(1, 1, 0).normalized();
  body.torque_external_W = Eigen::Vector3d(0.2, -0.1, 0.3);
  body.friction_plus = nsd::contact::FrictionLaw::coulomb(0.4);
  body.friction_minus = nsd::contact::FrictionLaw::coulomb(0.6);
  const nsd::contact::TwoContactDynamics dynamics(body);
  const auto rr = dynamics.rollRoll();
  std::cout << "RR: centre acceleration (" << rr.accelerations.dv_C_W.transpose()
            << ") m/s^2; undetermined force direction (N+,T1+,T2+,N-,T1-,T2-) = ("
            << rr.free_force_directions.col(0).transpose() << ")\n";
  const auto r = dynamics.analyzeRealizability();
  std::cout << "two-point rolling " << (r.realizable ? "is" : "is not") << " realizable";
  for (const auto e : r.escapes) std::cout << " [" << nsd::contact::toString(e) << "]";
  std::cout << "\nRS point: " << nsd::filippov::toString(r.rs.type)
            << ", SR point: " << nsd::filippov::toString(r.sr.type)
            << ", SS: " << r.ss.directions.size() << " limit directions ("
            << nsd::filippov::toString(r.ss.report.completeness) << ")\n";

  nsd_examples::Checks checks;
  const nsd::contact::ContactBases bases =
      nsd::contact::contactBases(body.r_CPplus_W, body.r_CPminus_W, body.n_plus_W, body.n_minus_W);
  // A force (N, T1, T2) in contact coordinates -> frame W.
  const auto force_W = [](const Eigen::VectorXd& f, int offset, const Eigen::Vector3d& n,
                          const Eigen::Vector3d& t1, const Eigen::Vector3d& t2) {
    return Eigen::Vector3d(f[offset] * n + f[offset + 1] * t1 + f[offset + 2] * t2);
  };
  const auto wrench = [&](const Eigen::VectorXd& f) {
    const Eigen::Vector3d fp = force_W(f, 0, body.n_plus_W, bases.t1_plus_W, bases.t2_plus_W);
    const Eigen::Vector3d fm = force_W(f, 3, body.n_minus_W, bases.t1_minus_W, bases.t2_minus_W);
    return std::make_pair(Eigen::Vector3d(fp + fm),
                          Eigen::Vector3d(body.r_CPplus_W.cross(fp) + body.r_CPminus_W.cross(fm)));
  };
  const auto& acc = rr.accelerations;
  const double scale = body.force_external_W.norm() / body.mass;  // 9.81 m/s^2
  checks.nearAbsolute("P+ stays still", (acc.dv_C_W + acc.domega_W.cross(body.r_CPplus_W)).norm(),
                      0.0, 1e-12 * scale);
  checks.nearAbsolute("P- stays still", (acc.dv_C_W + acc.domega_W.cross(body.r_CPminus_W)).norm(),
                      0.0, 1e-12 * scale);
  const auto [force, torque] = wrench(acc.contact_forces);
  checks.nearAbsolute("Newton: m dv_C = F_e + F_contact",
                      (body.mass * acc.dv_C_W - body.force_external_W - force).norm(), 0.0,
                      1e-12 * body.mass * scale);
  checks.nearAbsolute("Euler: J domega = M_e + M_contact (at rest)",
                      (body.inertia_C_W * acc.domega_W - body.torque_external_W - torque).norm(),
                      0.0, 1e-12 * body.mass * scale);
  checks.that("one undetermined force direction", rr.free_force_directions.cols() == 1);
  if (rr.free_force_directions.cols() == 1) {
    const auto [free_force, free_torque] = wrench(rr.free_force_directions.col(0));
    checks.nearAbsolute("the free direction adds no force", free_force.norm(), 0.0, 1e-12);
    checks.nearAbsolute("the free direction adds no torque", free_torque.norm(), 0.0, 1e-12);
  }
  return checks.exitStatus();
}
