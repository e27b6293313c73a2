#include <nsdkit/engines/scene/sphere_scene.hpp>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include <nsdkit/core/errors.hpp>

namespace nsd::engines {

std::string toString(ShapeKind shape) {
  switch (shape) {
    case ShapeKind::kSphere:
      return "sphere";
    case ShapeKind::kBox:
      return "box";
    case ShapeKind::kEllipsoid:
      return "ellipsoid";
  }
  return "?";
}

void SphereScene::validate() const {
  requirePositive(radius_m, "sphere radius");
  if (shape != ShapeKind::kSphere) {
    for (int i = 0; i < 3; ++i) requirePositive(half_extents_m[i], "half extent");
  }
  requireFinite(shape_offset_S, "shape offset");
  if (shape == ShapeKind::kSphere && shape_offset_S.norm() != 0.0) {
    throw InvalidInput("a sphere's shape offset must be 0 (its centre is its mass centre)");
  }
  if (!q0_WS.coeffs().allFinite() || std::fabs(q0_WS.norm() - 1.0) > 1e-9) {
    throw InvalidInput("initial orientation must be a unit quaternion");
  }
  requirePositive(mass_kg, "sphere mass");
  requireFinite(inertia_C_W, "inertia tensor");
  if ((inertia_C_W - inertia_C_W.transpose()).norm() > 1e-12 * inertia_C_W.norm()) {
    throw InvalidInput("inertia tensor must be symmetric");
  }
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(inertia_C_W);
  if (!(eig.eigenvalues().minCoeff() > 0.0)) {
    throw InvalidInput("inertia tensor must be positive definite, smallest principal moment " +
                       formatValue(eig.eigenvalues().minCoeff()));
  }
  requireFinite(gravity_W, "gravity");
  requireFinite(force_W, "applied force");
  requireFinite(torque_W, "applied torque");
  requireFinite(centre0_W, "initial centre position");
  requireFinite(v_C0_W, "initial centre velocity");
  requireFinite(omega0_W, "initial angular velocity");
  if (planes.empty() || planes.size() > 4) {
    throw InvalidInput("a sphere scene needs 1 to 4 planes, got " + std::to_string(planes.size()));
  }
  for (const auto& p : planes) {
    const std::string name = "plane " + p.name;
    requireFinite(p.normal_W, name + " normal");
    if (std::fabs(p.normal_W.norm() - 1.0) > 1e-12) {
      throw InvalidInput(name + " normal must be a unit vector, its norm is " +
                         formatValue(p.normal_W.norm()));
    }
    requireFinite(p.offset_m, name + " offset");
    requireNonNegative(p.mu, name + " friction coefficient");
    const double gap =
        p.normal_W.dot(centre0_W + supportPointTowards(*this, q0_WS, p.normal_W)) - p.offset_m;
    if (gap < -1e-9 * radius_m) {
      throw InvalidInput("the initial sphere penetrates " + name + " by " + formatValue(-gap) +
                         " m");
    }
  }
}

std::string toString(EngineSetting setting) {
  return setting == EngineSetting::kDefaults ? "defaults" : "exact";
}

Eigen::Vector3d supportPointTowards(const SphereScene& scene, const Eigen::Quaterniond& q_WS,
                                    const Eigen::Vector3d& n_W) {
  if (scene.shape == ShapeKind::kSphere) return -scene.radius_m * n_W;
  const Eigen::Matrix3d R = q_WS.normalized().toRotationMatrix();
  const Eigen::Vector3d n_S = R.transpose() * n_W;
  const Eigen::Vector3d& h = scene.half_extents_m;
  Eigen::Vector3d p_S;
  if (scene.shape == ShapeKind::kBox) {
    for (int i = 0; i < 3; ++i) {
      p_S[i] = std::fabs(n_S[i]) < 1e-6 ? 0.0 : (n_S[i] > 0 ? -h[i] : h[i]);
    }
  } else {
    // Ellipsoid x^T diag(h)^-2 x = 1: the support point along -n is -H^2 n / sqrt(n^T H^2 n).
    const Eigen::Vector3d h2n = h.cwiseProduct(h).cwiseProduct(n_S);
    p_S = -h2n / std::sqrt(n_S.dot(h2n));
  }
  return R * (scene.shape_offset_S + p_S);
}

EngineSample makeSample(const SphereScene& scene, double t, const Eigen::Vector3d& x_C_W,
                        const Eigen::Quaterniond& q_WS, const Eigen::Vector3d& v_C_W,
                        const Eigen::Vector3d& omega_W) {
  EngineSample s;
  s.t = t;
  s.x_C_W = x_C_W;
  s.q_WS = q_WS;
  s.v_C_W = v_C_W;
  s.omega_W = omega_W;
  s.contacts.resize(scene.planes.size());
  for (std::size_t k = 0; k < scene.planes.size(); ++k) {
    const Eigen::Vector3d& n = scene.planes[k].normal_W;
    const Eigen::Vector3d r_CP = supportPointTowards(scene, q_WS, n);
    s.contacts[k].gap_m = n.dot(x_C_W + r_CP) - scene.planes[k].offset_m;
    s.contacts[k].slip_W = contactSlip(v_C_W, omega_W, r_CP, n, s.contacts[k].gap_m);
  }
  return s;
}

Eigen::Vector3d contactSlip(const Eigen::Vector3d& v_C_W, const Eigen::Vector3d& omega_W,
                            const Eigen::Vector3d& r_C_deepest_W, const Eigen::Vector3d& n_W,
                            double gap_m) {
  // The body point p(lambda) = deepest + lambda depth n, lambda in [0, 1], has the tangential
  // velocity u0 + lambda w with u0 the deepest point's and w = depth (Omega x n), which is
  // tangential already (Omega x n is orthogonal to n): |u0 + lambda w| is smallest at
  // lambda = -u0.w / |w|^2, clamped to the segment.
  const Eigen::Vector3d v_deepest = v_C_W + omega_W.cross(r_C_deepest_W);
  const Eigen::Vector3d u0 = v_deepest - n_W.dot(v_deepest) * n_W;
  const double depth = std::max(0.0, -gap_m);
  const Eigen::Vector3d w = depth * omega_W.cross(n_W);
  const double w2 = w.squaredNorm();
  if (!(w2 > 0.0)) return u0;
  const double lambda = std::clamp(-u0.dot(w) / w2, 0.0, 1.0);
  return u0 + lambda * w;
}

EngineSample makeSample(const SphereScene& scene, double t, const Eigen::Vector3d& x_C_W,
                        const Eigen::Vector3d& v_C_W, const Eigen::Vector3d& omega_W) {
  return makeSample(scene, t, x_C_W, Eigen::Quaterniond::Identity(), v_C_W, omega_W);
}

PrincipalInertia principalInertia(const Eigen::Matrix3d& inertia_C_W) {
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(inertia_C_W);
  PrincipalInertia p;
  p.moments = eig.eigenvalues();
  p.rotation_W_body = eig.eigenvectors();
  if (p.rotation_W_body.determinant() < 0) p.rotation_W_body.col(2) *= -1.0;
  return p;
}

std::string firstNonFiniteSample(const std::vector<EngineSample>& samples) {
  for (const auto& s : samples) {
    std::string what;
    if (!sampleIsFinite(s, what)) return "non-finite " + what + " at t = " + std::to_string(s.t) + " s";
  }
  return "";
}

bool sampleIsFinite(const EngineSample& sample, std::string& what) {
  if (!sample.x_C_W.allFinite()) {
    what = "centre position";
  } else if (!sample.v_C_W.allFinite()) {
    what = "centre velocity";
  } else if (!sample.omega_W.allFinite()) {
    what = "angular velocity";
  } else {
    for (const auto& c : sample.contacts) {
      if (!std::isfinite(c.normal_force_N) || !c.tangential_force_W.allFinite()) {
        what = "contact force";
        return false;
      }
    }
    return true;
  }
  return false;
}

}  // namespace nsd::engines

namespace nsd::engines {

void validateRunOptions(const EngineRunOptions& options) {
  requirePositive(options.step_s, "time step");
  requirePositive(options.t_end_s, "t_end");
  if (options.t_end_s < options.step_s) throw InvalidInput("t_end must be at least one time step");
  if (options.t_end_s / options.step_s > 1e8) throw InvalidInput("more than 1e8 time steps");
}

}  // namespace nsd::engines

namespace nsd::engines {

EngineRun startRun(const SphereScene& scene, const EngineRunOptions& options, std::string engine,
                   std::string engine_version) {
  scene.validate();
  validateRunOptions(options);
  EngineRun run;
  run.engine = std::move(engine);
  run.engine_version = std::move(engine_version);
  return run;
}

ContactSummary summarizeContact(const EngineRun& run, std::size_t plane, double from_time_s) {
  ContactSummary c;
  for (const auto& s : run.samples) {
    if (s.t < from_time_s) continue;
    if (plane >= s.contacts.size()) {
      throw InvalidInput("plane index " + std::to_string(plane) + " out of range");
    }
    const auto& r = s.contacts[plane];
    c.mean_slip_speed_m_s += r.slip_W.norm();
    c.mean_normal_force_N += r.normal_force_N;
    c.mean_tangential_force_N += r.tangential_force_W.norm();
    c.mean_gap_m += r.gap_m;
    ++c.samples;
  }
  if (c.samples == 0) throw InvalidInput("no sample after t = " + formatValue(from_time_s));
  const double n = static_cast<double>(c.samples);
  c.mean_slip_speed_m_s /= n;
  c.mean_normal_force_N /= n;
  c.mean_tangential_force_N /= n;
  c.mean_gap_m /= n;
  return c;
}

}  // namespace nsd::engines
