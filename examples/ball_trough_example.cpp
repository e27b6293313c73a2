// Realizable two-point rolling of a ball in a V trough (paper Sect. 6), by the generic
// two-contact machinery, with every failing escape mode and the offending limit directions.
// Checked against the paper's closed forms (82), (83), (88) (classifyClosedForm): same verdict
// and same escape modes. The 60-degree trough with unequal friction (no closed form) is also made
// a generic rigid body (models::ballTroughBody, what a body file holds): body::classify must give
// the model's verdict and escapes.
#include <iostream>

#include <nsdkit/body/rigid_body.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/models/ball_trough_body.hpp>

#include "example_checks.hpp"

int main() {
  nsd_examples::Checks checks;
  auto p = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  for (const Eigen::Vector3d& m : {Eigen::Vector3d(0.1, -0.1, 0.05), Eigen::Vector3d(0.0, 0.0, 0.6),
                                   Eigen::Vector3d(1.0, 0.0, 0.0)}) {
    const auto c = nsd::models::classifyGeneric(p, m);
    std::cout << "m = (" << m.transpose() << "): "
              << (c.realizable ? "realizable" : "escapes " + nsd::models::escapeLabel(c.escapes))
              << ", rolling acceleration " << nsd::models::rollingAcceleration(p, m) << " m/s^2\n";
    const auto closed = nsd::models::classifyClosedForm(p, m);
    checks.that("generic verdict equals the closed form's", c.realizable == closed.realizable);
    checks.that("generic escapes equal the closed form's (" + nsd::models::escapeLabel(c.escapes) +
                    " / " + nsd::models::escapeLabel(closed.escapes) + ")",
                c.escapes == closed.escapes);
    for (const auto& d : c.ss.directions) {
      std::cout << "    SS limit direction (phi+, phi-) = (" << d.phi_plus << ", " << d.phi_minus
                << "), R = " << d.radial << " " << nsd::filippov::toString(d.type) << '\n';
    }
  }
  // A 60-degree trough with unequal friction: only the generic route applies.
  p.opening_angle_rad = nsd::degreesToRadians(60.0);
  p.mu_plus = 0.2;
  p.mu_minus = 0.4;
  const nsd::body::BodyDescription ball = nsd::models::ballTroughBody(p);
  const nsd::body::ParameterBinding binding = nsd::body::bindParameters(ball, {"mx", "my", "mz"});
  for (const Eigen::Vector3d& m : {Eigen::Vector3d(0.05, 0.0, 0.1), Eigen::Vector3d(0.8, -0.5, 0.0),
                                   Eigen::Vector3d(0.0, 0.0, 0.9)}) {
    const auto c = nsd::models::classifyGeneric(p, m);
    const nsd::body::BodyVerdict v = nsd::body::classify(ball, binding, {m[0], m[1], m[2]});
    std::cout << "60 deg trough, mu+ = 0.2, mu- = 0.4, m = (" << m.transpose()
              << "): " << (c.realizable ? "realizable" : nsd::models::escapeLabel(c.escapes))
              << "; as a rigid body: " << (v.realizable ? "realizable" : v.escapeLabel()) << '\n';
    checks.that("the rigid body's verdict equals the model's", v.realizable == c.realizable);
    checks.that("the rigid body's escapes equal the model's",
                v.failingModes() == nsd::contact::EscapeSet::of(c.escapes));
  }
  // The first torque is inside the tetrahedron of (82)-(83) and rolls; the third is outside.
  return checks.exitStatus();
}
