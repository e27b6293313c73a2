#include <nsdkit/contact/two_contact_body.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <optional>

#include <nsdkit/core/errors.hpp>

namespace nsd::contact {

std::string toString(EscapeMode mode) {
  switch (mode) {
    case EscapeMode::kRS:
      return "RS";
    case EscapeMode::kSR:
      return "SR";
    case EscapeMode::kSS:
      return "SS";
  }
  return "?";
}

namespace {

void requireUnit(const Eigen::Vector3d& n, const char* name) {
  requireFinite(n, name);
  if (std::fabs(n.norm() - 1.0) > 1e-9) {
    throw InvalidInput(std::string(name) + " must be a unit vector, its norm is " +
                       formatValue(n.norm()));
  }
}

}  // namespace

ContactBases contactBases(const Eigen::Vector3d& r_plus, const Eigen::Vector3d& r_minus,
                          const Eigen::Vector3d& n_plus, const Eigen::Vector3d& n_minus) {
  requireFinite(r_plus, "r+ (contact point P+ from C)");
  requireFinite(r_minus, "r- (contact point P- from C)");
  requireUnit(n_plus, "n+ (normal at P+)");
  requireUnit(n_minus, "n- (normal at P-)");
  const Eigen::Vector3d d = r_plus - r_minus;
  const double length_scale = std::max({1.0, r_plus.norm(), r_minus.norm()});
  if (d.norm() <= 1e-12 * length_scale) {
    throw InvalidInput("degenerate geometry: the contact points P+ and P- coincide");
  }
  ContactBases b;
  b.a_W = d / d.norm();  // eq. (1)
  const Eigen::Vector3d an_plus = b.a_W.cross(n_plus);
  const Eigen::Vector3d an_minus = b.a_W.cross(n_minus);
  if (an_plus.norm() <= 1e-9) {
    throw InvalidInput("degenerate geometry: r+ - r- is parallel to the normal n+");
  }
  if (an_minus.norm() <= 1e-9) {
    throw InvalidInput("degenerate geometry: r+ - r- is parallel to the normal n-");
  }
  b.t1_plus_W = an_plus / an_plus.norm();  // eq. (2)
  b.t1_minus_W = an_minus / an_minus.norm();
  b.t2_plus_W = n_plus.cross(b.t1_plus_W);     // eq. (3)
  b.t2_minus_W = n_minus.cross(b.t1_minus_W);  // eq. (3) with ERRATA item 1
  b.c_plus = 1.0 / b.t2_plus_W.dot(b.a_W);     // eq. (7)
  b.c_minus = 1.0 / b.t2_minus_W.dot(b.a_W);
  return b;
}

TwoContactDynamics::TwoContactDynamics(const TwoContactBody& body, const Eigen::Vector3d& omega_W)
    : body_(body) {
  requirePositive(body.mass, "mass");
  requireFinite(body.inertia_C_W, "inertia J");
  const Eigen::Matrix3d& j_c = body.inertia_C_W;
  const double asymmetry =
      std::max({std::fabs(j_c(0, 1) - j_c(1, 0)), std::fabs(j_c(0, 2) - j_c(2, 0)),
                std::fabs(j_c(1, 2) - j_c(2, 1))});
  if (!(asymmetry <= 1e-12 * j_c.cwiseAbs().maxCoeff())) {
    throw InvalidInput("inertia J must be symmetric");
  }
  const Eigen::LLT<Eigen::Matrix3d> llt(body.inertia_C_W);
  if (llt.info() != Eigen::Success ||
      !(llt.matrixLLT().diagonal().minCoeff() >
        1e-12 * std::sqrt(body.inertia_C_W.diagonal().maxCoeff()))) {
    throw InvalidInput("inertia J must be positive definite");
  }
  requireFinite(body.force_external_W, "external force F_e");
  requireFinite(body.torque_external_W, "external torque M_e");
  requireFinite(body.bias_plus_W, "bias acceleration at P+");
  requireFinite(body.bias_minus_W, "bias acceleration at P-");
  body.friction_plus.validate("mu+");
  body.friction_minus.validate("mu-");
  bases_ = contactBases(body.r_CPplus_W, body.r_CPminus_W, body.n_plus_W, body.n_minus_W);

  const Eigen::Vector3d* directions[6] = {&body_.n_plus_W,  &bases_.t1_plus_W,  &bases_.t2_plus_W,
                                          &body_.n_minus_W, &bases_.t1_minus_W, &bases_.t2_minus_W};
  for (int k = 0; k < 6; ++k) {
    const Eigen::Vector3d& e = *directions[k];
    const Eigen::Vector3d& r = k < 3 ? body_.r_CPplus_W : body_.r_CPminus_W;
    jacobian_.row(k) << e.transpose(), r.cross(e).transpose();  // v_P = v_C + Omega x r
  }
  inertia_inverse_ = body.inertia_C_W.inverse();  // 3 x 3 cofactor inverse (SPD checked above)
  // W = H M^-1 H^T with M^-1 = diag(I/m, J^-1), block by block.
  const Eigen::Matrix<double, 6, 3> h_v = jacobian_.leftCols<3>(), h_w = jacobian_.rightCols<3>();
  delassus_.noalias() = h_v * h_v.transpose() / body.mass;
  delassus_.noalias() += h_w * (inertia_inverse_ * h_w.transpose());

  n_plus_dot_a_ = body_.n_plus_W.dot(bases_.a_W);
  t2_plus_dot_a_ = bases_.t2_plus_W.dot(bases_.a_W);
  // Inverses of the diagonal 3 x 3 blocks of W (one contact point each): W_rr = I/m +
  // [r]x J^-1 [r]x^T >= I/m is positive definite by construction, so the cofactor inverse is
  // safe; the determinant test only guards against overflow or rounding.
  for (int block = 0; block < 2; ++block) {
    const Eigen::Matrix3d w_rr = delassus_.block<3, 3>(3 * block, 3 * block);
    if (!(w_rr.determinant() > 0.0) || !std::isfinite(w_rr.determinant())) {
      throw SolverFailure("Delassus block of one contact point is not positive definite");
    }
    (block == 0 ? w_plus_inverse_ : w_minus_inverse_) = w_rr.inverse();
  }
  setFreeAccelerations(omega_W);
}

void TwoContactDynamics::setFreeAccelerations(const Eigen::Vector3d& omega_W) {
  requireFinite(omega_W, "angular velocity Omega");
  omega_W_ = omega_W;
  const Eigen::Vector3d gyroscopic = omega_W.cross(body_.inertia_C_W * omega_W);
  free_twist_rate_.head<3>() = body_.force_external_W / body_.mass;
  free_twist_rate_.tail<3>() = inertia_inverse_ * (body_.torque_external_W - gyroscopic);
  free_acceleration_ = jacobian_ * free_twist_rate_;
  const Eigen::Vector3d* directions[6] = {&body_.n_plus_W,  &bases_.t1_plus_W,  &bases_.t2_plus_W,
                                          &body_.n_minus_W, &bases_.t1_minus_W, &bases_.t2_minus_W};
  for (int k = 0; k < 6; ++k) {
    const Eigen::Vector3d& bias = k < 3 ? body_.bias_plus_W : body_.bias_minus_W;
    free_acceleration_[k] += directions[k]->dot(bias);
  }
}

TwoContactDynamics TwoContactDynamics::atAngularVelocity(const Eigen::Vector3d& omega_W) const {
  TwoContactDynamics moved = *this;
  moved.setFreeAccelerations(omega_W);
  return moved;
}

void TwoContactDynamics::setExternalLoads(const Eigen::Vector3d& force_W,
                                          const Eigen::Vector3d& torque_W) {
  requireFinite(force_W, "external force F_e");
  requireFinite(torque_W, "external torque M_e");
  body_.force_external_W = force_W;
  body_.torque_external_W = torque_W;
  setFreeAccelerations(omega_W_);
}

bool sameExceptLoads(const TwoContactBody& a, const TwoContactBody& b) {
  auto same_law = [](const FrictionLaw& x, const FrictionLaw& y) {
    return x.mu_static == y.mu_static && x.mu_dynamic == y.mu_dynamic &&
           x.stribeck_velocity == y.stribeck_velocity;
  };
  return a.mass == b.mass && a.inertia_C_W == b.inertia_C_W && a.r_CPplus_W == b.r_CPplus_W &&
         a.r_CPminus_W == b.r_CPminus_W && a.n_plus_W == b.n_plus_W &&
         a.n_minus_W == b.n_minus_W && same_law(a.friction_plus, b.friction_plus) &&
         same_law(a.friction_minus, b.friction_minus) && a.bias_plus_W == b.bias_plus_W &&
         a.bias_minus_W == b.bias_minus_W;
}

const TwoContactDynamics& TwoContactDynamicsCache::at(const TwoContactBody& body,
                                                      const Eigen::Vector3d& omega_W) {
  // Exact comparisons: a NaN anywhere compares unequal and goes to the constructor's checks.
  if (dynamics_ && dynamics_->angularVelocity() == omega_W &&
      sameExceptLoads(dynamics_->body(), body)) {
    dynamics_->setExternalLoads(body.force_external_W, body.torque_external_W);
    ++reuses_;
    return *dynamics_;
  }
  dynamics_.reset();  // a failed construction leaves no stale dynamics behind
  dynamics_.emplace(body, omega_W);
  ++builds_;
  return *dynamics_;
}

bool isIsotropic(const Eigen::Matrix3d& j) {
  return (j - j.trace() / 3.0 * Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff() <=
         1e-14 * j.trace();
}

Eigen::Vector3d rollingAngularVelocity(const TwoContactBody& body, double omega_a_rad_per_s) {
  requireFinite(omega_a_rad_per_s, "Omega_a");
  const Eigen::Vector3d d = body.r_CPplus_W - body.r_CPminus_W;
  if (!(d.norm() > 0.0)) {
    throw InvalidInput("degenerate geometry: the contact points P+ and P- coincide");
  }
  return omega_a_rad_per_s * d / d.norm();
}

QuasiAccelerations TwoContactDynamics::fromForces(const Eigen::Matrix<double, 6, 1>& f) const {
  QuasiAccelerations q;
  q.contact_forces = f;
  q.normal_plus = f[0];
  q.normal_minus = f[3];
  const Eigen::Vector3d force_plus =
      f[0] * body_.n_plus_W + f[1] * bases_.t1_plus_W + f[2] * bases_.t2_plus_W;
  const Eigen::Vector3d force_minus =
      f[3] * body_.n_minus_W + f[4] * bases_.t1_minus_W + f[5] * bases_.t2_minus_W;
  q.dv_C_W = free_twist_rate_.head<3>() + (force_plus + force_minus) / body_.mass;
  q.domega_W = free_twist_rate_.tail<3>() +
               inertia_inverse_ *
                   (body_.r_CPplus_W.cross(force_plus) + body_.r_CPminus_W.cross(force_minus));
  const Eigen::Matrix<double, 6, 1> a = delassus_ * f + free_acceleration_;
  q.du1_plus = a[1];
  q.du1_minus = a[4];
  const Eigen::Vector3d accel_plus =
      a[0] * body_.n_plus_W + a[1] * bases_.t1_plus_W + a[2] * bases_.t2_plus_W;
  q.du_a = accel_plus.dot(bases_.a_W);
  q.domega_a = q.domega_W.dot(bases_.a_W);
  return q;
}

QuasiAccelerations TwoContactDynamics::slipSlip(const Eigen::Vector2d& lambda_plus,
                                                const Eigen::Vector2d& lambda_minus) const {
  const double mu_p = body_.friction_plus.mu_static;
  const double mu_m = body_.friction_minus.mu_static;
  Eigen::Matrix<double, 6, 2> b = Eigen::Matrix<double, 6, 2>::Zero();
  b(0, 0) = 1.0;
  b(1, 0) = -mu_p * lambda_plus[0];  // eq. (44)
  b(2, 0) = -mu_p * lambda_plus[1];
  b(3, 1) = 1.0;
  b(4, 1) = -mu_m * lambda_minus[0];
  b(5, 1) = -mu_m * lambda_minus[1];
  const Eigen::Matrix<double, 6, 2> wb = delassus_ * b;
  Eigen::Matrix2d a_n;  // eq. (46): A_N (N+, N-) = b_N
  a_n << wb(0, 0), wb(0, 1), wb(3, 0), wb(3, 1);
  const double det = a_n.determinant();
  if (!(std::fabs(det) > 1e-14 * a_n.cwiseAbs().maxCoeff() * a_n.cwiseAbs().maxCoeff())) {
    throw SolverFailure("SS normal-force system (46) is singular (Painleve-type configuration)");
  }
  const Eigen::Vector2d normal =
      a_n.inverse() * Eigen::Vector2d(-free_acceleration_[0], -free_acceleration_[3]);
  return fromForces(b * normal);
}

QuasiAccelerations TwoContactDynamics::slipSlipLimit(const filippov::SphereDirection& d) const {
  // eq. (51): lambda from phi with the factors c±; on the arcs sin(phi) = 0 gives (±1, 0).
  auto lambda = [](double cos_phi, double sin_phi, double c) {
    const double x = cos_phi, y = c * sin_phi;
    const double norm = std::sqrt(x * x + y * y);
    return Eigen::Vector2d(x / norm, y / norm);
  };
  return slipSlip(lambda(d.cos_phi_plus, d.sin_phi_plus, bases_.c_plus),
                  lambda(d.cos_phi_minus, d.sin_phi_minus, bases_.c_minus));
}

Eigen::Vector3d TwoContactDynamics::slipSlipLimitNormalPart(const filippov::SphereDirection& d,
                                                            Eigen::Vector2d* normal_forces) const {
  // Same equations as slipSlip with lambda from eq. (51), without the body accelerations.
  const double mu_p = body_.friction_plus.mu_static;
  const double mu_m = body_.friction_minus.mu_static;
  const double xp = d.cos_phi_plus, yp = bases_.c_plus * d.sin_phi_plus;
  const double xm = d.cos_phi_minus, ym = bases_.c_minus * d.sin_phi_minus;
  const double np = std::sqrt(xp * xp + yp * yp), nm = std::sqrt(xm * xm + ym * ym);
  // Columns of W B (eq. (46)-(47)): W (1, -mu l1, -mu l2, 0, 0, 0)^T and the mirror.
  const Eigen::Matrix<double, 6, 1> col_p =
      delassus_.col(0) - (mu_p / np) * (xp * delassus_.col(1) + yp * delassus_.col(2));
  const Eigen::Matrix<double, 6, 1> col_m =
      delassus_.col(3) - (mu_m / nm) * (xm * delassus_.col(4) + ym * delassus_.col(5));
  const double a00 = col_p[0], a01 = col_m[0], a10 = col_p[3], a11 = col_m[3];
  const double det = a00 * a11 - a01 * a10;
  const double scale = std::max(std::fabs(a00), std::fabs(a11));
  if (!(std::fabs(det) > 1e-14 * scale * scale)) {
    throw SolverFailure("SS normal-force system (46) is singular (Painleve-type configuration)");
  }
  const double n_plus = (-free_acceleration_[0] * a11 + free_acceleration_[3] * a01) / det;
  const double n_minus = (-free_acceleration_[3] * a00 + free_acceleration_[0] * a10) / det;
  if (normal_forces) *normal_forces = Eigen::Vector2d(n_plus, n_minus);
  const Eigen::Matrix<double, 6, 1> a = col_p * n_plus + col_m * n_minus + free_acceleration_;
  return {a[1], a[4], a[0] * n_plus_dot_a_ + a[2] * t2_plus_dot_a_};
}

TwoContactDynamics::SlipSlipForms TwoContactDynamics::slipSlipForms() const {
  const double mu_p = body_.friction_plus.mu_static;
  const double mu_m = body_.friction_minus.mu_static;
  const Eigen::Matrix<double, 6, 6>& w = delassus_;
  const Eigen::Matrix<double, 6, 1>& f = free_acceleration_;
  SlipSlipForms forms;
  // Coefficients in (1, cos theta, sin theta) of row k of the columns W B of eq. (46)-(47).
  for (int k = 0; k < 6; ++k) {
    forms.plus.row(k) << w(k, 0), -mu_p * w(k, 1), -mu_p * w(k, 2);
    forms.minus.row(k) << w(k, 3), -mu_m * w(k, 4), -mu_m * w(k, 5);
  }
  auto plus = [&](int k) -> Eigen::Vector3d { return forms.plus.row(k).transpose(); };
  auto minus = [&](int k) -> Eigen::Vector3d { return forms.minus.row(k).transpose(); };
  // Bilinear forms as 3 x 3 coefficient matrices (rows: theta+, columns: theta-).
  forms.d = plus(0) * minus(3).transpose() - plus(3) * minus(0).transpose();
  // D N+ = -f0 a11 + f3 a01 (a function of theta-), D N- = -f3 a00 + f0 a10 (of theta+).
  forms.dn_plus = -f[0] * minus(3) + f[3] * minus(0);
  forms.dn_minus = -f[3] * plus(0) + f[0] * plus(3);
  return forms;
}

bool TwoContactDynamics::slipSlipNormalForcesPositiveEverywhere() const {
  const SlipSlipForms forms = slipSlipForms();
  // D has the sign of its constant coefficient wherever that outweighs all the others (every
  // basis function is bounded by 1); otherwise no claim is made.
  const double d_sign = forms.d(0, 0) > 0.0 ? 1.0 : -1.0;
  const double others = forms.d.cwiseAbs().sum() - std::fabs(forms.d(0, 0));
  if (!(std::fabs(forms.d(0, 0)) > (1.0 + 1e-9) * others)) return false;
  auto keeps_sign = [&](const Eigen::Vector3d& c) {  // c0 + c1 cos t + c2 sin t, every t
    return d_sign * c[0] > (1.0 + 1e-9) * std::hypot(c[1], c[2]) + 1e-300;
  };
  return keeps_sign(forms.dn_plus) && keeps_sign(forms.dn_minus);
}

filippov::TrigRationalSphereField TwoContactDynamics::slipSlipRationalField() const {
  const Eigen::Matrix<double, 6, 1>& f = free_acceleration_;
  const SlipSlipForms forms = slipSlipForms();
  auto plus = [&](int k) -> Eigen::Vector3d { return forms.plus.row(k).transpose(); };
  auto minus = [&](int k) -> Eigen::Vector3d { return forms.minus.row(k).transpose(); };
  Eigen::Matrix3d d = forms.d;
  const Eigen::Vector3d& dn_plus = forms.dn_plus;
  const Eigen::Vector3d& dn_minus = forms.dn_minus;
  auto d_accel = [&](int k) -> Eigen::Matrix3d {  // D a_k = col_p,k (D N+) + col_m,k (D N-) + f_k D
    return plus(k) * dn_plus.transpose() + dn_minus * minus(k).transpose() + f[k] * d;
  };
  Eigen::Matrix3d h0 = d_accel(1), h1 = d_accel(4);
  Eigen::Matrix3d h2 = d_accel(0) * n_plus_dot_a_ + d_accel(2) * t2_plus_dot_a_;
  if (d(0, 0) < 0.0) {  // D < 0 throughout: H/D = (-H)/(-D)
    d = -d;
    h0 = -h0;
    h1 = -h1;
    h2 = -h2;
  }
  filippov::TrigRationalSphereField field;
  field.numerator[0] = filippov::TrigPoly2::fromCoefficients(h0);
  field.numerator[1] = filippov::TrigPoly2::fromCoefficients(h1);
  field.numerator[2] = filippov::TrigPoly2::fromCoefficients(h2);
  field.denominator = filippov::TrigPoly2::fromCoefficients(d);
  field.c_plus = bases_.c_plus;
  field.c_minus = bases_.c_minus;
  return field;
}

QuasiAccelerations TwoContactDynamics::rollSlip(int sigma) const {
  if (sigma != 1 && sigma != -1) throw InvalidInput("slip sign must be +1 or -1");
  return rollingAndSlipping(0, body_.friction_minus.mu_static, sigma, "RS");
}

QuasiAccelerations TwoContactDynamics::slipRoll(int sigma) const {
  if (sigma != 1 && sigma != -1) throw InvalidInput("slip sign must be +1 or -1");
  return rollingAndSlipping(3, body_.friction_plus.mu_static, sigma, "SR");
}

QuasiAccelerations TwoContactDynamics::rollingAndSlipping(int rolling, double mu_slipping,
                                                          int sigma, const char* name) const {
  // Unknowns: the full force f_r at the rolling point (its acceleration is zero: 3 equations)
  // and N at the slipping point q, whose friction is T1 = -mu N sigma (eqs. (64), (66)); its
  // normal acceleration is zero (1 equation). With the column c = W (e_N - sigma mu e_T1) of q,
  // the rolling block gives f_r = W_rr^-1 (-a_r - c_r N) and the Schur complement the scalar
  //   (c_q - W_qr W_rr^-1 c_r) N = -a_q + W_qr W_rr^-1 a_r      (q: the normal row).
  const int q = 3 - rolling;
  const Eigen::Matrix3d& w_rr_inverse = rolling == 0 ? w_plus_inverse_ : w_minus_inverse_;
  const Eigen::Matrix<double, 6, 1> c =
      delassus_.col(q) - (sigma * mu_slipping) * delassus_.col(q + 1);
  const Eigen::Vector3d u = w_rr_inverse * c.segment<3>(rolling);
  const Eigen::Vector3d v = w_rr_inverse * (-free_acceleration_.segment<3>(rolling));
  const Eigen::Matrix<double, 1, 3> w_qr = delassus_.block<1, 3>(q, rolling);
  const double coupling = w_qr * u;
  const double schur = c[q] - coupling;
  if (!(std::fabs(schur) > 1e-12 * (std::fabs(c[q]) + std::fabs(coupling)))) {
    throw SolverFailure(std::string(name) + " force system is singular");
  }
  const double normal = (-free_acceleration_[q] - w_qr * v) / schur;
  Eigen::Matrix<double, 6, 1> f = Eigen::Matrix<double, 6, 1>::Zero();
  f.segment<3>(rolling) = v - u * normal;
  f[q] = normal;
  f[q + 1] = -sigma * mu_slipping * normal;
  return fromForces(f);
}

RollingRollingResult TwoContactDynamics::rollRoll() const {
  // W = H M^-1 H^T is singular exactly along the null space of H^T: contact forces with zero
  // resultant and zero moment about C. For two points that is the squeeze +a at P+, -a at P-
  // (f+ + f- = 0 and (r+ - r-) x f+ = 0 force f+ ∥ a). With k that unit direction in contact
  // coordinates, W + k k^T is positive definite and (W + k k^T)^-1 b is the minimum-norm
  // solution of W f = b whenever b lies in the range of W (b ⊥ k).
  Eigen::Matrix<double, 6, 1> k;
  k << body_.n_plus_W.dot(bases_.a_W), bases_.t1_plus_W.dot(bases_.a_W),
      bases_.t2_plus_W.dot(bases_.a_W), -body_.n_minus_W.dot(bases_.a_W),
      -bases_.t1_minus_W.dot(bases_.a_W), -bases_.t2_minus_W.dot(bases_.a_W);
  k /= k.norm();
  const double scale = delassus_.diagonal().maxCoeff();
  const Eigen::Matrix<double, 6, 6> regularized = delassus_ + scale * k * k.transpose();
  const Eigen::LLT<Eigen::Matrix<double, 6, 6>> llt(regularized);
  if (llt.info() != Eigen::Success) {
    throw SolverFailure("RR force system: W + k k^T is not positive definite (degenerate body)");
  }
  const Eigen::Matrix<double, 6, 1> rhs = -free_acceleration_;
  Eigen::Matrix<double, 6, 1> f = llt.solve(rhs);
  f -= k * k.dot(f);  // remove any squeeze component (rounding): the minimum-norm solution
  RollingRollingResult r;
  r.free_force_directions = k;
  r.consistency_residual = (delassus_ * f - rhs).norm();
  const double accel_scale = std::max(1.0, free_acceleration_.norm());
  if (r.consistency_residual > 1e-8 * accel_scale) {
    throw SolverFailure("RR constraints are inconsistent (residual " +
                        formatValue(r.consistency_residual) +
                        " m/s^2): check the bias accelerations");
  }
  r.accelerations = fromForces(f);
  return r;
}

namespace {

// Records a contact loss (a normal force <= 0) of one field of Def 11 in `out`; true if lost.
bool recordContactLoss(TwoPointRealizability& out, double normal_plus, double normal_minus,
                       const char* where) {
  if (!(normal_plus > 0.0) || !(normal_minus > 0.0)) {
    out.contact_loss = true;
    out.contact_loss_detail += std::string(where) + ": N+ = " + formatValue(normal_plus) +
                               " N, N- = " + formatValue(normal_minus) + " N; ";
    return true;
  }
  return false;
}

}  // namespace

TwoPointRealizability TwoContactDynamics::analyzeRealizability(
    const RealizabilityOptions& options, SlipSlipWarmStart* warm_start) const {
  TwoPointRealizability out;
  out.escapes.reserve(3);
  if (options.analyze_roll_roll) out.rr = rollRoll();
  analyzeOnePointSlips(options, out);
  analyzeSlipSlip(options, warm_start, out);
  if (!out.offending_ss_directions.empty()) out.escapes.push_back(EscapeMode::kSS);
  // Every contact loss above also fails its mode, so no escape means realizable.
  out.realizable = out.escapes.empty();
  return out;
}

RealizabilityVerdict TwoContactDynamics::realizabilityVerdict(
    const RealizabilityOptions& options, SlipSlipWarmStart* warm_start) const {
  TwoPointRealizability analysis;
  analysis.escapes.reserve(3);
  RealizabilityVerdict out;
  analyzeOnePointSlips(options, analysis);
  if (analysis.escapes.empty()) {
    analyzeSlipSlip(options, warm_start, analysis);
    if (!analysis.offending_ss_directions.empty()) analysis.escapes.push_back(EscapeMode::kSS);
    out.uncertain =
        analysis.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete;
  }
  out.realizable = analysis.escapes.empty();
  if (!out.realizable) out.first_escape = analysis.escapes.front();
  return out;
}

void TwoContactDynamics::analyzeOnePointSlips(const RealizabilityOptions& options,
                                              TwoPointRealizability& out) const {
  auto as_vector = [](const QuasiAccelerations& q) {
    return Eigen::Vector4d(q.du1_plus, q.du1_minus, q.du_a, q.domega_a);
  };
  auto tolerance = [&](const Eigen::Vector4d& f1, const Eigen::Vector4d& f2) {
    return options.codim1_tolerance_relative *
           std::max({f1.lpNorm<Eigen::Infinity>(), f2.lpNorm<Eigen::Infinity>(), 1e-300});
  };
  auto loss = [&](const QuasiAccelerations& q, const char* where) {
    return recordContactLoss(out, q.normal_plus, q.normal_minus, where);
  };

  // RS: Sigma# is the codim-1 set {u1- = 0} of Sigma+ (Sect. 5.3); index 1 = u1-.
  out.rs_plus = rollSlip(+1);
  out.rs_minus = rollSlip(-1);
  const Eigen::Vector4d rs1 = as_vector(out.rs_plus), rs2 = as_vector(out.rs_minus);
  out.rs = filippov::classifyCodim1(rs1, rs2, 1, tolerance(rs1, rs2));
  // Both sides are checked (each records its own loss), then combined.
  const bool rs_loss_plus = loss(out.rs_plus, "RS (u1- > 0)");
  const bool rs_loss_minus = loss(out.rs_minus, "RS (u1- < 0)");
  const bool rs_loss = rs_loss_plus || rs_loss_minus;
  // SR: {u1+ = 0} of Sigma-; index 0 = u1+.
  out.sr_plus = slipRoll(+1);
  out.sr_minus = slipRoll(-1);
  const Eigen::Vector4d sr1 = as_vector(out.sr_plus), sr2 = as_vector(out.sr_minus);
  out.sr = filippov::classifyCodim1(sr1, sr2, 0, tolerance(sr1, sr2));
  const bool sr_loss_plus = loss(out.sr_plus, "SR (u1+ > 0)");
  const bool sr_loss_minus = loss(out.sr_minus, "SR (u1+ < 0)");
  const bool sr_loss = sr_loss_plus || sr_loss_minus;

  if (out.rs.type != filippov::Codim1PointType::kAttractingSliding || rs_loss) {
    out.escapes.push_back(EscapeMode::kRS);
  }
  if (out.sr.type != filippov::Codim1PointType::kAttractingSliding || sr_loss) {
    out.escapes.push_back(EscapeMode::kSR);
  }
}

void TwoContactDynamics::analyzeSlipSlip(const RealizabilityOptions& options,
                                         SlipSlipWarmStart* warm_start,
                                         TwoPointRealizability& out) const {
  const bool rational = options.ss_search == SlipSlipSearch::kRationalField;
  // The warm start: a seed's non-attracting direction decides SS when no SS direction can lose
  // contact (then the other directions change neither the escapes nor the contact loss).
  std::optional<filippov::TrigRationalSphereField> field;
  if (rational) field = slipSlipRationalField();
  if (warm_start && rational && !options.ss_rational.certify &&
      slipSlipNormalForcesPositiveEverywhere()) {
    const std::optional<filippov::Codim3LimitDirection> escape =
        filippov::findNonAttractingDirection(*field, options.ss_rational, warm_start->seeds);
    if (escape) {
      out.ss.directions = {*escape};
      out.ss.type = filippov::classifyDirections(out.ss.directions);
      out.ss.report.completeness = filippov::Completeness::kEscapeFound;
      out.ss.report.method =
          "Newton's method from a neighbouring point's escape: a non-attracting direction, its "
          "type decided with a margin; the other directions were not searched";
      out.offending_ss_directions = out.ss.directions;
      if (!escape->on_equator_arc) {
        warm_start->seeds.assign(1, filippov::slipAnglesOf(*escape, *field));
      }
      ++warm_start->shortcuts;
      return;
    }
  }
  // SS: codim-3 limit directions of F_SS at Sigma# (Def 10).
  const filippov::SphereField sampled = [this](const filippov::SphereDirection& d) {
    return slipSlipLimitNormalPart(d);
  };
  out.ss = rational ? filippov::analyzeCodim3(*field, options.ss_rational)
                    : filippov::analyzeCodim3(sampled, options.ss_sampled);
  if (!rational && out.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete) {
    // One retry on a finer grid with deeper refinement before reporting incompleteness.
    filippov::SampledCodim3Options finer = options.ss_sampled;
    finer.initial_grid = std::max(16, 2 * options.ss_sampled.initial_grid);
    finer.max_depth = options.ss_sampled.max_depth + 4;
    finer.max_evaluations = 4 * options.ss_sampled.max_evaluations;
    filippov::Codim3Result retry = filippov::analyzeCodim3(sampled, finer);
    retry.report.evaluations += out.ss.report.evaluations;
    out.ss = std::move(retry);
  }
  // An SS limit direction offends if it is not attracting or if the slip along it loses
  // contact (a normal force <= 0: that motion is not two-point slipping at all).
  for (const auto& d : out.ss.directions) {
    Eigen::Vector2d normal_forces;
    slipSlipLimitNormalPart(d.asSphereDirection(), &normal_forces);
    const bool direction_loss =
        recordContactLoss(out, normal_forces[0], normal_forces[1], "SS limit direction");
    if (d.type != filippov::LimitDirectionType::kAttracting || direction_loss) {
      out.offending_ss_directions.push_back(d);
    }
  }
  if (warm_start && rational) {
    // This point's escapes seed the next point (none: the next point's search runs at once).
    warm_start->seeds.clear();
    for (const auto& d : out.offending_ss_directions) {
      if (!d.on_equator_arc) warm_start->seeds.push_back(filippov::slipAnglesOf(d, *field));
    }
    // The verdict is what a sweep wants: a search left incomplete (a double root or a cluster
    // somewhere) that found a non-attracting direction the shortcut would accept has decided SS
    // all the same, as a seed would have; so the verdict does not depend on whether a seed came.
    if (out.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete &&
        slipSlipNormalForcesPositiveEverywhere()) {
      for (const auto& d : out.offending_ss_directions) {
        if (filippov::decidesEscape(d, out.ss.report.value_tolerance,
                                    out.ss.report.field_scale)) {
          out.ss.report.completeness = filippov::Completeness::kEscapeFound;
          break;
        }
      }
    }
  }
}

}  // namespace nsd::contact
