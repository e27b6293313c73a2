#include <nsdkit/models/rattleback_shaped_body.hpp>

#include <Eigen/Geometry>

#include <nsdkit/core/errors.hpp>

namespace nsd::models {

namespace {
const Eigen::Vector3d kUp_W = Eigen::Vector3d::UnitZ();
}  // namespace

eventdriven::ShapedBodyOnPlane kaneLevinsonBody(const rattleback::KaneLevinsonParameters& p,
                                                double mu) {
  p.validate();
  eventdriven::ShapedBodyOnPlane body;
  body.mass_kg = p.mass;
  body.inertia_G_B << p.A, p.D, 0.0, p.D, p.B, 0.0, 0.0, 0.0, p.C;
  body.surface.kind = contact::ContactShapeKind::kEllipsoid;
  body.surface.semi_axes_m = Eigen::Vector3d(p.a, p.b, p.c);
  body.surface.centre_B = Eigen::Vector3d(0.0, 0.0, -p.h);
  body.mu = mu;
  body.gravity_m_s2 = p.gravity;
  body.drag_N_m_s = p.sigma;
  body.validate();
  return body;
}

eventdriven::ShapedBodyState kaneLevinsonState(const rattleback::KaneLevinsonParameters& p,
                                               const rattleback::KaneLevinsonInitial& initial) {
  rattleback::KaneLevinsonState s;
  s << initial.alpha, initial.beta, initial.gamma, initial.omega1, initial.omega2, initial.omega3;
  requireFinite(s, "initial state");
  const rattleback::ContactKinematics k = rattleback::contactKinematics(p, s);
  eventdriven::ShapedBodyState state;
  // n3 (down) has body components mu: B's -mu is W's up.
  state.orientation_WB = Eigen::Quaterniond::FromTwoVectors(-k.mu, kUp_W);
  state.omega_B = s.tail<3>();
  state.velocity_G_W = state.orientation_WB * k.velocity;
  return state;
}

}  // namespace nsd::models
