// The parametrization of the normal sphere of Sigma# by the slip angles (phi+, phi-) (eq. (55),
// the singular set (61)-(62)) and the components (R, V+, V-, V~) of a field there (eqs. (60),
// (63)): shared by every codim-3 route.
#include <Eigen/Dense>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/codim3.hpp>

namespace nsd::filippov {

Eigen::Vector3d sphereNormal(double phi_plus, double phi_minus) {
  requireFinite(phi_plus, "phi_plus");
  requireFinite(phi_minus, "phi_minus");
  const double sp = std::sin(phi_plus), sm = std::sin(phi_minus);
  if (!(sp * sm > 0.0)) {
    throw InvalidInput("(phi+, phi-) = (" + formatValue(phi_plus) + ", " + formatValue(phi_minus) +
                       ") is not in Phi = (0,pi)^2 ∪ (pi,2pi)^2 (eq. (56))");
  }
  // sin(phi+)/|sin(phi+)| of eq. (55) selects the hemisphere.
  return sphereNormalFromCosSin(std::cos(phi_plus), sp, std::cos(phi_minus), sm,
                                sp > 0.0 ? 1.0 : -1.0);
}

Eigen::Vector3d sphereNormalFromCosSin(double cp, double sp, double cq, double sq,
                                       double hemisphere_sign) {
  const double dd = 1.0 - cp * cp * cq * cq;
  if (dd <= 1e-28) {
    // Corner: singular set Phi~, representative n~ of eq. (62).
    return Eigen::Vector3d(cp, cq, 0.0) * (1.0 / std::sqrt(2.0));
  }
  return (hemisphere_sign / std::sqrt(dd)) * Eigen::Vector3d(sq * cp, sp * cq, sp * sq);
}

SphereDirection SphereDirection::make(const Eigen::Vector3d& n, double phi_plus, double phi_minus) {
  SphereDirection d;
  d.n = n;
  d.phi_plus = phi_plus;
  d.phi_minus = phi_minus;
  d.cos_phi_plus = std::cos(phi_plus);
  d.sin_phi_plus = std::sin(phi_plus);
  d.cos_phi_minus = std::cos(phi_minus);
  d.sin_phi_minus = std::sin(phi_minus);
  return d;
}

namespace {

// A direction from the unit normal n and its angles phi± = atan2(n_c, n_a), atan2(n_c, n_b):
// cos/sin of phi± by normalizing (n_a, n_c) and (n_b, n_c) (at the excluded points n = ±e_b or
// ±e_a, where a pair vanishes, the angle is 0 as atan2(0, 0) gives).
SphereDirection fromUnitNormal(const Eigen::Vector3d& n, double phi_plus, double phi_minus) {
  SphereDirection d;
  d.n = n;
  d.phi_plus = phi_plus;
  d.phi_minus = phi_minus;
  const double rp = std::sqrt(n[0] * n[0] + n[2] * n[2]);
  const double rm = std::sqrt(n[1] * n[1] + n[2] * n[2]);
  d.cos_phi_plus = rp > 0.0 ? n[0] / rp : 1.0;
  d.sin_phi_plus = rp > 0.0 ? n[2] / rp : 0.0;
  d.cos_phi_minus = rm > 0.0 ? n[1] / rm : 1.0;
  d.sin_phi_minus = rm > 0.0 ? n[2] / rm : 0.0;
  return d;
}

}  // namespace

SphereDirection sphereDirection(const Eigen::Vector3d& n) {
  requireFinite(n, "n");
  if (std::fabs(n.norm() - 1.0) > 1e-9) {
    throw InvalidInput("normal direction must be a unit vector, |n| = " + formatValue(n.norm()));
  }
  return fromUnitNormal(n, wrapToTwoPi(std::atan2(n[2], n[0])),
                        wrapToTwoPi(std::atan2(n[2], n[1])));
}

SphereDirection Codim3LimitDirection::asSphereDirection() const {
  return fromUnitNormal(n, phi_plus, phi_minus);
}

Codim3Components codim3Components(const Eigen::Vector3d& g, const SphereDirection& d) {
  Codim3Components c;
  c.radial = g.dot(d.n);
  c.v_plus = -g[0] * d.sin_phi_plus + g[2] * d.cos_phi_plus;
  c.v_minus = -g[1] * d.sin_phi_minus + g[2] * d.cos_phi_minus;
  c.v_tilde = g[2];
  return c;
}

}  // namespace nsd::filippov
