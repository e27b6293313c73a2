// Any rigid body with two contact points: the four kinematic cases, the RR force indeterminacy
// (Table 2) and Def-11 realizability, for a box-like body resting on two inclined surfaces.
#include <iostream>

#include <nsdkit/contact/two_contact_body.hpp>

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
  return 0;
}
