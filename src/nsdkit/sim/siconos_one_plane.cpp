// Siconos model of one body on one plane (siconos_one_plane.hpp). Like siconos_two_contact.cpp,
// a translation unit that includes Siconos.
#include <nsdkit/sim/siconos_one_plane.hpp>

#include <SolverOptions.h>
#include <SiconosKernel.hpp>

#include <chrono>
#include <cmath>
#include <functional>
#include <iostream>
#include <string>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/stream_capture.hpp>

namespace nsd::sim {

namespace {

/// Contact point of the body (W) from the position of G and the orientation.
using ContactPointFn =
    std::function<Eigen::Vector3d(const Eigen::Vector3d& x_G_W, const Eigen::Quaterniond& q_WS)>;

/// A contact of the body with the plane {p : <n, p> = offset}: gap y = <n, p> - offset at the
/// body point p given by `point` at the current pose, the normal n towards the body; the
/// Jacobians (normal and two tangents) follow from p and n (NewtonEuler3DR).
class PlaneContactR final : public NewtonEuler3DR {
 public:
  PlaneContactR(ContactPointFn point, const Eigen::Vector3d& normal_W, double offset_m)
      : point_(std::move(point)), normal_W_(normal_W), offset_m_(offset_m) {}

  void computeh(double /*time*/, const BlockVector& pose, SiconosVector& y) override {
    const SiconosVector& q = *pose.getAllVect()[0];
    const Eigen::Vector3d x(q(0), q(1), q(2));
    const Eigen::Quaterniond orientation(q(3), q(4), q(5), q(6));
    const Eigen::Vector3d p = point_(x, orientation.normalized());
    const double gap = normal_W_.dot(p) - offset_m_;
    const Eigen::Vector3d on_plane = p - gap * normal_W_;
    for (unsigned k = 0; k < 3; ++k) {
      (*_Pc1)(k) = p[k];
      (*_Pc2)(k) = on_plane[k];
      (*_Nc)(k) = normal_W_[k];
    }
    y.zero();
    y(0) = gap;
  }

 private:
  ContactPointFn point_;
  Eigen::Vector3d normal_W_;
  double offset_m_;
};

/// The contact points of the scene's body towards the plane of normal n (see the header).
std::vector<ContactPointFn> contactPoints(const OnePlaneScene& s,
                                          const Eigen::Vector3d& n_W) {
  const Eigen::Vector3d h = s.half_extents_m, offset_S = s.shape_offset_S;
  switch (s.shape) {
    case OnePlaneShape::kSphere: {
      const double r = s.radius_m;
      return {[r, n_W](const Eigen::Vector3d& x, const Eigen::Quaterniond&) -> Eigen::Vector3d {
        return x - r * n_W;
      }};
    }
    case OnePlaneShape::kEllipsoid:
      return {[h, offset_S, n_W](const Eigen::Vector3d& x,
                                 const Eigen::Quaterniond& q) -> Eigen::Vector3d {
        // Support point of x^T diag(h)^-2 x = 1 along -n: -H^2 n / sqrt(n^T H^2 n).
        const Eigen::Vector3d n_S = q.conjugate() * n_W;
        const Eigen::Vector3d h2n = h.cwiseProduct(h).cwiseProduct(n_S);
        return x + q * (offset_S - h2n / std::sqrt(n_S.dot(h2n)));
      }};
    case OnePlaneShape::kBox: {
      // The face towards the plane at t = 0: the body axis most nearly along n.
      const Eigen::Vector3d n_S = s.q0_WS.normalized().conjugate() * n_W;
      Eigen::Index axis = 0;
      n_S.cwiseAbs().maxCoeff(&axis);
      const auto other1 = (axis + 1) % 3, other2 = (axis + 2) % 3;
      std::vector<ContactPointFn> corners;
      for (const double s1 : {-1.0, 1.0}) {
        for (const double s2 : {-1.0, 1.0}) {
          Eigen::Vector3d c_S = offset_S;
          c_S[axis] += n_S[axis] > 0.0 ? -h[axis] : h[axis];
          c_S[other1] += s1 * h[other1];
          c_S[other2] += s2 * h[other2];
          corners.push_back([c_S](const Eigen::Vector3d& x, const Eigen::Quaterniond& q)
                                -> Eigen::Vector3d { return x + q * c_S; });
        }
      }
      return corners;
    }
  }
  return {};
}

SP::NewtonEulerDS makeBody(const OnePlaneScene& s) {
  const Eigen::Quaterniond q0 = s.q0_WS.normalized();
  const Eigen::Matrix3d R = q0.toRotationMatrix();
  const Eigen::Matrix3d inertia_S = R.transpose() * s.inertia_C_W * R;
  const Eigen::Vector3d omega_S = R.transpose() * s.omega0_W;
  auto position = std::make_shared<SiconosVector>(7);
  auto twist = std::make_shared<SiconosVector>(6);
  auto inertia = std::make_shared<SimpleMatrix>(3, 3);
  auto force = std::make_shared<SiconosVector>(3);
  auto torque = std::make_shared<SiconosVector>(3);
  const double quaternion[4] = {q0.w(), q0.x(), q0.y(), q0.z()};
  for (unsigned k = 0; k < 3; ++k) {
    (*position)(k) = s.centre0_W[k];
    (*twist)(k) = s.v_C0_W[k];
    (*twist)(k + 3) = omega_S[k];
    (*force)(k) = s.mass_kg * s.gravity_W[k] + s.force_W[k];
    (*torque)(k) = s.torque_W[k];
    for (unsigned l = 0; l < 3; ++l) (*inertia)(k, l) = inertia_S(k, l);
  }
  for (unsigned k = 0; k < 4; ++k) (*position)(3 + k) = quaternion[k];
  auto ds = std::make_shared<NewtonEulerDS>(position, twist, s.mass_kg, inertia);
  ds->setFExtPtr(force);
  ds->setMExtPtr(torque);
  ds->setIsMextExpressedInInertialFrame(true);
  return ds;
}

/// The scene seen in the plane's frame P (z_P = n, origin on the plane): Siconos 4.4's
/// orthoBaseFromVector (numerics/op3x3.h), which builds the contact frame of every
/// NewtonEuler3DR, returns a first tangent that is not orthogonal to the normal when |n_z| is the
/// largest component and n_x != n_y (it takes (0, -n_z, n_x)): on a plane tilted about y the
/// "normal" impulse then has a tangential part and the friction cone is skewed (measured: a
/// sphere on a 43-degree slope slid where Coulomb rolls it, normal impulse 8 % low). With
/// n = z the frame is exact, so the model runs in P and its samples are turned back.
struct PlaneFrame {
  Eigen::Matrix3d R_WP = Eigen::Matrix3d::Identity();
  Eigen::Vector3d origin_W = Eigen::Vector3d::Zero();
};

PlaneFrame planeFrameOf(const OnePlaneScene& s) {
  const Eigen::Vector3d n = s.plane_normal_W.normalized();
  Eigen::Vector3d e = Eigen::Vector3d::UnitX() - n.x() * n;
  if (!(e.norm() > 1e-6)) e = Eigen::Vector3d::UnitY() - n.y() * n;
  e.normalize();
  PlaneFrame f;
  f.R_WP.col(0) = e;
  f.R_WP.col(1) = n.cross(e);
  f.R_WP.col(2) = n;
  f.origin_W = s.plane_offset_m * n;
  return f;
}

OnePlaneScene inPlaneFrame(OnePlaneScene s, const PlaneFrame& f) {
  const Eigen::Matrix3d R_PW = f.R_WP.transpose();
  const Eigen::Quaterniond q_PW(R_PW);
  s.inertia_C_W = R_PW * s.inertia_C_W * f.R_WP;
  s.gravity_W = R_PW * s.gravity_W;
  s.force_W = R_PW * s.force_W;
  s.torque_W = R_PW * s.torque_W;
  s.q0_WS = (q_PW * s.q0_WS.normalized()).normalized();
  s.centre0_W = R_PW * (s.centre0_W - f.origin_W);
  s.v_C0_W = R_PW * s.v_C0_W;
  s.omega0_W = R_PW * s.omega0_W;
  s.plane_normal_W = Eigen::Vector3d::UnitZ();
  s.plane_offset_m = 0.0;
  return s;
}

SiconosOnePlaneSample sampleOf(const NewtonEulerDS& ds, double t, double normal_force) {
  const SiconosVector& q = *ds.q();
  const SiconosVector& v = *ds.twist();
  SiconosOnePlaneSample s;
  s.t = t;
  s.x_C_W = Eigen::Vector3d(q(0), q(1), q(2));
  s.q_WS = Eigen::Quaterniond(q(3), q(4), q(5), q(6)).normalized();
  s.v_C_W = Eigen::Vector3d(v(0), v(1), v(2));
  s.omega_W = s.q_WS * Eigen::Vector3d(v(3), v(4), v(5));  // twist: Omega in the body frame
  s.normal_force_N = normal_force;
  return s;
}

}  // namespace

SiconosOnePlaneRun simulateSiconosOnePlane(const OnePlaneScene& scene_W,
                                           const SiconosOptions& o) {
  requirePositive(o.step, "time step");
  requirePositive(o.t_end, "t_end");
  if (o.t_end < 2.0 * o.step) throw InvalidInput("t_end must be at least two time steps");
  requirePositive(scene_W.mass_kg, "mass");
  requirePositive(scene_W.radius_m, "radius");
  requireFinite(scene_W.half_extents_m, "half extents");
  requireNonNegative(scene_W.mu, "mu");
  if (!(std::fabs(scene_W.plane_normal_W.norm() - 1.0) < 1e-9)) {
    throw InvalidInput("plane normal must be a unit vector");
  }
  const PlaneFrame frame = planeFrameOf(scene_W);
  const OnePlaneScene scene = inPlaneFrame(scene_W, frame);
  const auto t0 = std::chrono::steady_clock::now();
  SiconosOnePlaneRun out;
  StreamCapture capture(std::cout);  // Siconos reports solver trouble on std::cout
  try {
    auto ds = makeBody(scene);
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, o.t_end);
    nsds->insertDynamicalSystem(ds);
    auto law = std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, scene.mu, 3);
    std::vector<SP::Interaction> contacts;
    for (auto& point : contactPoints(scene, scene.plane_normal_W)) {
      auto relation = std::make_shared<PlaneContactR>(std::move(point), scene.plane_normal_W,
                                                      scene.plane_offset_m);
      contacts.push_back(std::make_shared<Interaction>(law, relation));
      nsds->link(contacts.back(), ds);
    }
    out.contact_points = static_cast<int>(contacts.size());
    auto td = std::make_shared<TimeDiscretisation>(0.0, o.step);
    auto osi = std::make_shared<MoreauJeanOSI>(0.5);
    osi->setConstraintActivationThreshold(o.activation_threshold);
    auto problem = std::make_shared<FrictionContact>(3);
    problem->numericsSolverOptions()->dparam[SICONOS_DPARAM_TOL] = o.solver_tolerance;
    problem->numericsSolverOptions()->iparam[SICONOS_IPARAM_MAX_ITER] = o.solver_iterations;
    auto simulation = std::make_shared<TimeStepping>(nsds, td, osi, problem);
    simulation->setNewtonTolerance(1e-10);
    simulation->setNewtonMaxIteration(20);
    while (simulation->hasNextEvent()) {
      simulation->computeOneStep();
      double normal_impulse = 0.0;
      for (const auto& c : contacts) normal_impulse += (*c->lambda(1))(0);
      out.samples.push_back(sampleOf(*ds, simulation->nextTime(), normal_impulse / o.step));
      simulation->nextStep();
    }
  } catch (const std::exception& e) {
    throw SolverFailure(std::string("Siconos simulation failed: ") + e.what());
  }
  const std::string log = capture.text();
  for (std::size_t pos = log.find("Non smooth solver warning"); pos != std::string::npos;
       pos = log.find("Non smooth solver warning", pos + 1)) {
    ++out.solver_warnings;
  }
  if (out.samples.empty()) throw SolverFailure("Siconos produced no time step");
  const Eigen::Quaterniond q_WP(frame.R_WP);
  for (auto& s : out.samples) {  // back into W
    s.x_C_W = frame.origin_W + frame.R_WP * s.x_C_W;
    s.q_WS = (q_WP * s.q_WS).normalized();
    s.v_C_W = frame.R_WP * s.v_C_W;
    s.omega_W = frame.R_WP * s.omega_W;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace nsd::sim
