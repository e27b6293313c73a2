// Siconos model of one body on one plane (siconos_one_plane.hpp). Like siconos_two_contact.cpp,
// a translation unit that includes Siconos.
#include <nsdkit/sim/siconos_log.hpp>
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
/// body point p given by `point` at the current pose, the normal n towards the body (NewtonEuler3DR
/// builds the contact frame and the Jacobians from p and n). The contact point moves over the
/// body as it rolls (an ellipsoid's support point), so the velocity Jacobian H, which maps the
/// twist to the velocity of the material point at p, is evaluated at the mid-step pose
/// (x_k + x_{k+1}) / 2, slerp(R_k, R_{k+1}, 1/2) of the step that starts at `start_pose`: the
/// impulse H^T P then acts along the mid-step velocity that moves the body (theta = 1/2), which
/// is what keeps the step free of the O(h) dissipation of an end-of-step Jacobian (see
/// MidStepMoreauJeanOSI).
class PlaneContactR final : public NewtonEuler3DR {
 public:
  PlaneContactR(ContactPointFn point, const Eigen::Vector3d& normal_W, double offset_m,
                SP::SiconosVector start_pose)
      : point_(std::move(point)),
        normal_W_(normal_W),
        offset_m_(offset_m),
        start_pose_(std::move(start_pose)) {}

  void computeh(double /*time*/, const BlockVector& pose, SiconosVector& y) override {
    const SiconosVector& q = *pose.getAllVect()[0];
    const Eigen::Vector3d x(q(0), q(1), q(2));
    const Eigen::Quaterniond orientation(q(3), q(4), q(5), q(6));
    const double gap = setContactPoint(x, orientation.normalized());
    y.zero();
    y(0) = gap;
  }

  void computeJachqT(Interaction& inter, SP::BlockVector pose) override {
    const SiconosVector& b = *pose->getAllVect()[0];
    const SiconosVector& a = *start_pose_;
    const Eigen::Quaterniond qa(a(3), a(4), a(5), a(6)), qb(b(3), b(4), b(5), b(6));
    const Eigen::Quaterniond q_mid = qa.normalized().slerp(0.5, qb.normalized());
    const Eigen::Vector3d x_mid =
        0.5 * (Eigen::Vector3d(a(0), a(1), a(2)) + Eigen::Vector3d(b(0), b(1), b(2)));
    auto mid = std::make_shared<SiconosVector>(7);
    for (unsigned k = 0; k < 3; ++k) (*mid)(k) = x_mid[k];
    (*mid)(3) = q_mid.w();
    (*mid)(4) = q_mid.x();
    (*mid)(5) = q_mid.y();
    (*mid)(6) = q_mid.z();
    auto mid_block = std::make_shared<BlockVector>();
    mid_block->insertPtr(mid);
    const SiconosVector pc1 = *_Pc1, pc2 = *_Pc2;  // the current pose's, kept for the gap
    setContactPoint(x_mid, q_mid);
    NewtonEuler3DR::computeJachqT(inter, mid_block);
    *_Pc1 = pc1;
    *_Pc2 = pc2;
  }

  /// Velocity in W of the body's material point at the contact point of pose q, twist v
  /// (v_G in W, Omega in the body frame).
  Eigen::Vector3d pointVelocity(const SiconosVector& q, const SiconosVector& v) const {
    const Eigen::Quaterniond r = Eigen::Quaterniond(q(3), q(4), q(5), q(6)).normalized();
    const Eigen::Vector3d x(q(0), q(1), q(2));
    const Eigen::Vector3d omega_W = r * Eigen::Vector3d(v(3), v(4), v(5));
    return Eigen::Vector3d(v(0), v(1), v(2)) + omega_W.cross(point_(x, r) - x);
  }

  const Eigen::Vector3d& normal() const { return normal_W_; }
  const SiconosVector& startPose() const { return *start_pose_; }

 private:
  /// Sets _Pc1, _Pc2 (its projection on the plane) and _Nc at pose (x, q); returns the gap.
  double setContactPoint(const Eigen::Vector3d& x, const Eigen::Quaterniond& q) {
    const Eigen::Vector3d p = point_(x, q);
    const double gap = normal_W_.dot(p) - offset_m_;
    const Eigen::Vector3d on_plane = p - gap * normal_W_;
    for (unsigned k = 0; k < 3; ++k) {
      (*_Pc1)(k) = p[k];
      (*_Pc2)(k) = on_plane[k];
      (*_Nc)(k) = normal_W_[k];
    }
    return gap;
  }

  ContactPointFn point_;
  Eigen::Vector3d normal_W_;
  double offset_m_;
  SP::SiconosVector start_pose_;  ///< q_k of the step being computed
};

/// MoreauJeanOSI (theta = 1/2) whose contact law is imposed on a second-order estimate of the
/// end-of-step velocity of the material point at the end-of-step contact point.
///
/// Moreau-Jean imposes Signorini and Coulomb on U = H(q_{k+1}) v_{k+1}. When the contact point
/// moves over the body, H changes within the step and the impulse H^T P that makes U = 0 does
/// work P . H v_mid = P . H (v_k - v_{k+1}) / 2 = P . H v_k / 2 = O(h^2) per step: an inelastic
/// projection of order h at every step (measured on the rattleback: all of its wobble energy by
/// 4 s at h = 1e-4, dissipation shrinking like h from 1e-3 to 1e-5). Here H = H_mid (the
/// relation's mid-step Jacobian) and the law is imposed on
///   U = H_mid v_{k+1} + (H_mid v_k - u_k),   u_k = the velocity of the material point at the
///                                               start-of-step contact point (contact frame),
/// i.e. H_{k+1} v_{k+1} to O(h^2) (the Jacobian's change over the second half step estimated by
/// its change over the first). The impulse's work is then P . H_mid v_mid = P . u_k / 2 + (the
/// friction's own -mu P_n |U_t| when sliding), and u_k, the previous end-of-step U, is O(h^2):
/// energy is kept to O(h^2) over a run, the law stays Moreau-Jean's (e = 0: impacts and sticking
/// at the end of the step, no restitution), and it is the same for every contact and every step.
/// A fixed contact point (a sphere's, a box corner's without rotation) gives H_mid v_k = u_k:
/// the plain scheme. The contact is activated (index set 1) by the predicted gap
/// y + h/2 U_n with U_n from the same material point, not the mid-step H v_{k+1}.
class MidStepMoreauJeanOSI final : public MoreauJeanOSI {
 public:
  MidStepMoreauJeanOSI(double theta, SP::SiconosVector start_twist)
      : MoreauJeanOSI(theta), start_twist_(std::move(start_twist)) {}

  void computeFreeOutput(InteractionsGraph::VDescriptor& vertex, OneStepNSProblem* osnsp) override {
    MoreauJeanOSI::computeFreeOutput(vertex, osnsp);
    InteractionsGraph& index_set = *osnsp->simulation()->indexSet(osnsp->indexSetLevel());
    Interaction& inter = *index_set.bundle(vertex);
    const auto& relation = static_cast<const PlaneContactR&>(*inter.relation());
    const SiconosMatrix& H = *relation.jachqT();  // rows: n, t1, t2; columns: v_G, Omega
    SiconosVector& rhs = *(*index_set.properties(vertex).workVectors)[MoreauJeanOSI::OSNSP_RHS];
    const SiconosVector& v_k = *start_twist_;
    const Eigen::Vector3d u_k_W = relation.pointVelocity(relation.startPose(), v_k);
    for (unsigned r = 0; r < 3; ++r) {
      double correction = 0.0;
      for (unsigned c = 0; c < 6; ++c) correction += H.getValue(r, c) * v_k(c);
      for (unsigned c = 0; c < 3; ++c) correction -= H.getValue(r, c) * u_k_W[c];  // frame rows
      rhs(r) += correction;
    }
  }

  bool addInteractionInIndexSet(SP::Interaction inter, unsigned int /*level 1*/) override {
    VectorOfBlockVectors& link = inter->linkToDSVariables();
    const auto& relation = static_cast<const PlaneContactR&>(*inter->relation());
    const double normal_velocity =
        relation.normal().dot(relation.pointVelocity(*link[NewtonEulerR::q0]->getAllVect()[0],
                                                     *link[NewtonEulerR::velocity]->getAllVect()[0]));
    const double predicted_gap =
        inter->y(0)->getValue(0) + 0.5 * _simulation->timeStep() * normal_velocity;
    return predicted_gap <= _constraintActivationThreshold;
  }

  bool removeInteractionFromIndexSet(SP::Interaction inter, unsigned int i) override {
    return !addInteractionInIndexSet(inter, i);
  }

 private:
  SP::SiconosVector start_twist_;  ///< v_k of the step being computed
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
    // The state at the start of the step being computed (the mid-step Jacobian and law).
    auto start_pose = std::make_shared<SiconosVector>(*ds->q());
    auto start_twist = std::make_shared<SiconosVector>(*ds->twist());
    auto law = std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, scene.mu, 3);
    std::vector<SP::Interaction> contacts;
    for (auto& point : contactPoints(scene, scene.plane_normal_W)) {
      auto relation = std::make_shared<PlaneContactR>(std::move(point), scene.plane_normal_W,
                                                      scene.plane_offset_m, start_pose);
      contacts.push_back(std::make_shared<Interaction>(law, relation));
      nsds->link(contacts.back(), ds);
    }
    out.contact_points = static_cast<int>(contacts.size());
    auto td = std::make_shared<TimeDiscretisation>(0.0, o.step);
    auto osi = std::make_shared<MidStepMoreauJeanOSI>(0.5, start_twist);
    osi->setConstraintActivationThreshold(o.activation_threshold);
    auto problem = std::make_shared<FrictionContact>(3);
    problem->numericsSolverOptions()->dparam[SICONOS_DPARAM_TOL] = o.solver_tolerance;
    problem->numericsSolverOptions()->iparam[SICONOS_IPARAM_MAX_ITER] = o.solver_iterations;
    auto simulation = std::make_shared<TimeStepping>(nsds, td, osi, problem);
    simulation->setNewtonTolerance(1e-10);
    simulation->setNewtonMaxIteration(20);
    while (simulation->hasNextEvent()) {
      *start_pose = *ds->q();
      *start_twist = *ds->twist();
      simulation->computeOneStep();
      double normal_impulse = 0.0;
      for (const auto& c : contacts) normal_impulse += (*c->lambda(1))(0);
      out.samples.push_back(sampleOf(*ds, simulation->nextTime(), normal_impulse / o.step));
      simulation->nextStep();
    }
  } catch (const std::exception& e) {
    throw SolverFailure(std::string("Siconos simulation failed: ") + e.what());
  }
  out.solver_warnings += countNonSmoothSolverWarnings(capture.text());
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
