#include <nsdkit/contact/single_contact.hpp>

#include <Eigen/Dense>
#include <cmath>

#include <nsdkit/core/errors.hpp>

namespace nsd::contact {
namespace {

struct SpatialOperators {
  Eigen::Matrix3d delassus;  // rows/cols (n, t1, t2)
  Eigen::Vector3d free_acceleration;
};

SpatialOperators spatialOperators(const SingleContactBody& b) {
  requirePositive(b.mass, "mass");
  requireFinite(b.inertia_C_W, "inertia J");
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(b.inertia_C_W);
  if (!b.inertia_C_W.isApprox(b.inertia_C_W.transpose(), 1e-12) ||
      eig.eigenvalues().minCoeff() <= 0.0) {
    throw InvalidInput("inertia J must be symmetric positive definite");
  }
  requireFinite(b.r_CP_W, "r (contact point from C)");
  requireFinite(b.n_W, "n");
  requireFinite(b.t1_W, "t1");
  requireFinite(b.force_external_W, "F_e");
  requireFinite(b.torque_external_W, "M_e");
  requireFinite(b.omega_W, "Omega");
  requireFinite(b.bias_W, "bias acceleration");
  b.friction.validate("mu");
  if (std::fabs(b.n_W.norm() - 1) > 1e-9 || std::fabs(b.t1_W.norm() - 1) > 1e-9 ||
      std::fabs(b.n_W.dot(b.t1_W)) > 1e-9) {
    throw InvalidInput("n and t1 must be orthonormal");
  }
  const Eigen::Vector3d t2 = b.n_W.cross(b.t1_W);
  Eigen::Matrix<double, 3, 6> h;
  const Eigen::Vector3d* dirs[3] = {&b.n_W, &b.t1_W, &t2};
  for (int k = 0; k < 3; ++k)
    h.row(k) << dirs[k]->transpose(), b.r_CP_W.cross(*dirs[k]).transpose();
  Eigen::Matrix<double, 6, 6> minv = Eigen::Matrix<double, 6, 6>::Zero();
  minv.topLeftCorner<3, 3>() = Eigen::Matrix3d::Identity() / b.mass;
  minv.bottomRightCorner<3, 3>() = b.inertia_C_W.inverse();
  Eigen::Matrix<double, 6, 1> free;
  free.head<3>() = b.force_external_W / b.mass;
  free.tail<3>() =
      b.inertia_C_W.inverse() * (b.torque_external_W - b.omega_W.cross(b.inertia_C_W * b.omega_W));
  const Eigen::Vector3d bias(b.n_W.dot(b.bias_W), b.t1_W.dot(b.bias_W), t2.dot(b.bias_W));
  return {h * minv * h.transpose(), h * free + bias};
}

}  // namespace

SingleContactSlip singleContactSlip(const SingleContactBody& body, double phi) {
  const SpatialOperators ops = spatialOperators(body);
  const double mu = body.friction.mu_static;
  const Eigen::Vector3d direction(1.0, -mu * std::cos(phi), -mu * std::sin(phi));
  const Eigen::Vector3d w = ops.delassus * direction;
  if (!(std::fabs(w[0]) > 0.0)) throw SolverFailure("single-contact normal equation is singular");
  SingleContactSlip s;
  s.normal_force = -ops.free_acceleration[0] / w[0];
  const Eigen::Vector3d a = w * s.normal_force + ops.free_acceleration;
  s.tangential_acceleration = a.tail<2>();
  return s;
}

SingleContactRealizability analyzeSingleContact(const SingleContactBody& body,
                                                const filippov::Codim2Options& options) {
  const SpatialOperators ops = spatialOperators(body);
  const double mu = body.friction.mu_static;
  // The slipping normal force N = -a_n / (W_nn - mu <W_nt, lambda>) is finite and unique for
  // every slip direction only if W_nn > mu |W_nt| (no Painleve paradox, paper Sect. 2).
  if (!(ops.delassus(0, 0) > mu * ops.delassus.block<1, 2>(0, 1).norm())) {
    throw SolverFailure(
        "Painleve configuration: W_nn = " + formatValue(ops.delassus(0, 0)) +
        " <= mu |W_nt| = " + formatValue(mu * ops.delassus.block<1, 2>(0, 1).norm()) +
        "; the slipping normal force is not unique");
  }
  SingleContactRealizability out;
  // Extended Filippov system in (u1, u2): normal-plane part of F*(phi) (Def 6). With the slip
  // direction lambda = (cos phi, sin phi), d = (1, -mu cos, -mu sin) and N = -a_n / <W_n, d>:
  // G = a_t + W_t d N, i.e. G = H / D with D = <W_n, d> > 0 (checked above) and
  // H = a_t <W_n, d> - a_n W_t d, both affine in (cos phi, sin phi): a rational field.
  const Eigen::Matrix3d& w = ops.delassus;
  const Eigen::Vector3d& a = ops.free_acceleration;
  auto row = [&](int k) { return Eigen::Vector3d(w(k, 0), -mu * w(k, 1), -mu * w(k, 2)); };
  filippov::TrigRationalPlaneField field;
  field.denominator = row(0);
  for (int i = 0; i < 2; ++i) {
    field.numerator[static_cast<std::size_t>(i)] = a[i + 1] * row(0) - a[0] * row(i + 1);
  }
  out.analysis = filippov::analyzeCodim2(field, options);
  out.realizable = out.analysis.type == filippov::SlidingPointType::kAttractingSliding;
  // Possibility (Coulomb): the sticking force solves W f = -a_free.
  out.sticking_force = ops.delassus.fullPivLu().solve(-ops.free_acceleration);
  out.contact_loss = !(out.sticking_force[0] > 0.0);
  out.possible =
      !out.contact_loss && out.sticking_force.tail<2>().norm() < mu * out.sticking_force[0];
  if (out.contact_loss) out.realizable = false;
  return out;
}

PlanarContactRealizability analyzePlanarContact(const PlanarContactBody& b) {
  requirePositive(b.mass, "mass");
  requirePositive(b.inertia_C, "inertia J");
  requireFinite(b.r_CP_W, "r");
  requireFinite(b.n_W, "n");
  requireFinite(b.force_external_W, "F_e");
  requireFinite(b.torque_external, "M_e");
  b.friction.validate("mu");
  if (std::fabs(b.n_W.norm() - 1.0) > 1e-9) throw InvalidInput("n must be a unit vector");
  // Tangent t = n rotated by +90 degrees about z: t = (-n_y, n_x).
  const Eigen::Vector2d t(-b.n_W[1], b.n_W[0]);
  auto cross2 = [](const Eigen::Vector2d& p, const Eigen::Vector2d& q) {
    return p[0] * q[1] - p[1] * q[0];
  };
  Eigen::Matrix<double, 2, 3> h;
  h.row(0) << b.n_W.transpose(), cross2(b.r_CP_W, b.n_W);
  h.row(1) << t.transpose(), cross2(b.r_CP_W, t);
  const Eigen::Vector3d minv(1.0 / b.mass, 1.0 / b.mass, 1.0 / b.inertia_C);
  const Eigen::Matrix2d w = h * minv.asDiagonal() * h.transpose();
  const Eigen::Vector3d free(b.force_external_W[0] / b.mass, b.force_external_W[1] / b.mass,
                             b.torque_external / b.inertia_C);
  const Eigen::Vector2d a_free = h * free;
  const double mu = b.friction.mu_static;
  auto slip = [&](double sigma) {
    const Eigen::Vector2d direction(1.0, -mu * sigma);
    const Eigen::Vector2d wd = w * direction;
    const double normal = -a_free[0] / wd[0];
    return std::pair<double, double>{(wd * normal + a_free)[1], normal};
  };
  PlanarContactRealizability out;
  const auto [du_pos, n_pos] = slip(+1.0);
  const auto [du_neg, n_neg] = slip(-1.0);
  out.du_slipping_positive = du_pos;
  out.du_slipping_negative = du_neg;
  Eigen::VectorXd f1(1), f2(1);
  f1 << du_pos;
  f2 << du_neg;
  out.classification = filippov::classifyCodim1(
      f1, f2, 0, 1e-12 * std::max({std::fabs(du_pos), std::fabs(du_neg), 1e-300}));
  out.sticking_force = w.fullPivLu().solve(-a_free);
  out.contact_loss = !(out.sticking_force[0] > 0.0) || !(n_pos > 0.0) || !(n_neg > 0.0);
  out.realizable =
      !out.contact_loss && out.classification.type == filippov::Codim1PointType::kAttractingSliding;
  out.possible = !(out.sticking_force[0] <= 0.0) &&
                 std::fabs(out.sticking_force[1]) < mu * out.sticking_force[0];
  return out;
}

}  // namespace nsd::contact
