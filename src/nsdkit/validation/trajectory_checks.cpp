// What the judge computes from a trajectory besides its verdict (trajectory_checks.hpp).
#include <nsdkit/validation/trajectory_checks.hpp>

#include <algorithm>
#include <cmath>

#include <Eigen/SVD>

#include <nsdkit/contact/two_contact_body.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/statistics.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/number_format.hpp>

namespace nsd::validation {
namespace {

using engines::EngineSample;

// An orthonormal tangent basis of the plane: t1 along W's x axis projected on the plane (its y
// axis when x is normal to the plane), t2 = n x t1.
void tangentBasis(const Eigen::Vector3d& n, Eigen::Vector3d& t1, Eigen::Vector3d& t2) {
  Eigen::Vector3d x = Eigen::Vector3d::UnitX() - n.x() * n;
  if (x.norm() < 1e-6) x = Eigen::Vector3d::UnitY() - n.y() * n;
  t1 = x.normalized();
  t2 = n.cross(t1);
}

// How many samples apart the friction windows start: a quarter of a window's samples (at least 1).
std::size_t windowStride(const std::vector<EngineSample>& samples) {
  if (samples.size() < 2) return 1;
  const double spacing = (samples.back().t - samples.front().t) /
                         static_cast<double>(samples.size() - 1);
  return std::max<std::size_t>(1, static_cast<std::size_t>(0.25 * kFrictionWindow_s / spacing));
}

}  // namespace

KinematicConsistency checkPositionsAgainstVelocities(
    const std::vector<EngineSample>& samples, double window_s,
    const std::vector<Eigen::Vector3d>& plane_normals_W) {
  KinematicConsistency out;
  const std::size_t n = samples.size();
  if (n < 2) return out;
  // The projector on the directions along every plane (Gram-Schmidt on the normals).
  Eigen::Matrix3d along = Eigen::Matrix3d::Identity();
  for (const Eigen::Vector3d& normal : plane_normals_W) {
    const Eigen::Vector3d d = along * normal;
    if (d.norm() > 1e-9) along -= d.normalized() * d.normalized().transpose();
  }
  // Cumulative mismatch D_i = x_i - x_0 - trapezoid integral of v, and allowance A_i.
  std::vector<Eigen::Vector3d> mismatch(n, Eigen::Vector3d::Zero());
  std::vector<double> allowance(n, 0.0);
  for (std::size_t i = 1; i < n; ++i) {
    const double h = samples[i].t - samples[i - 1].t;
    const Eigen::Vector3d dv = samples[i].v_C_W - samples[i - 1].v_C_W;
    mismatch[i] = mismatch[i - 1] + along * ((samples[i].x_C_W - samples[i - 1].x_C_W) -
                                             0.5 * h * (samples[i].v_C_W + samples[i - 1].v_C_W));
    allowance[i] = allowance[i - 1] + 0.5 * h * (along * dv).norm();
  }
  double worst_excess = -1.0;
  auto check = [&](std::size_t i, std::size_t k) {
    const double found = (mismatch[k] - mismatch[i]).norm();
    const double allowed = allowance[k] - allowance[i] + kConsistencyFloor_m +
                           1e-5 * (samples[i].x_C_W.norm() + samples[k].x_C_W.norm()) +
                           1e-4 * (samples[k].x_C_W - samples[i].x_C_W).norm();
    if (found - allowed > worst_excess) {
      worst_excess = found - allowed;
      out.mismatch_m = found;
      out.allowance_m = allowed;
      out.from_s = samples[i].t;
      out.to_s = samples[k].t;
    }
  };
  std::size_t k = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    k = std::max(k, i + 1);
    while (k + 1 < n && samples[k].t - samples[i].t < window_s) ++k;
    check(i, k);
  }
  check(0, n - 1);
  out.consistent = !(worst_excess > 0.0);
  return out;
}

std::string describe(const KinematicConsistency& k) {
  if (k.consistent) return "";
  return "positions and velocities disagree: from t = " + formatForReport(k.from_s, 4) + " s to " +
         formatForReport(k.to_s, 4) + " s the centre moved " + formatForReport(k.mismatch_m, 3) +
         " m away from where its reported velocity takes it (allowed " +
         formatForReport(k.allowance_m, 3) +
         " m: half a step times each velocity change, plus rounding); the velocities are not "
         "the positions' (a stale velocity, a sleeping body, another frame)";
}

HeadingMeasure headingDrift(const std::vector<EngineSample>& samples,
                            const Eigen::Vector3d& initial_velocity_W,
                            const Eigen::Vector3d& plane_normal_W, double window_s) {
  HeadingMeasure out;
  if (samples.size() < 2) return out;
  const Eigen::Vector3d& n = plane_normal_W;
  auto onPlane = [&](const Eigen::Vector3d& v) -> Eigen::Vector3d { return v - n.dot(v) * n; };
  const Eigen::Vector3d initial = onPlane(initial_velocity_W);
  if (!(initial.norm() > 0.0)) return out;
  const EngineSample& last = samples.back();
  const auto from = std::lower_bound(samples.begin(), samples.end(), last.t - window_s,
                                     [](const EngineSample& s, double t) { return s.t < t; });
  Eigen::Vector3d moved = onPlane(last.x_C_W - from->x_C_W);
  if (moved.norm() < kHeadingFloor_m) moved = onPlane(last.x_C_W - samples.front().x_C_W);
  out.displacement_m = moved.norm();
  if (moved.norm() < kHeadingFloor_m) return out;
  out.measured = true;
  const double cosine = initial.normalized().dot(moved.normalized());
  out.drift_deg = radiansToDegrees(std::acos(std::clamp(cosine, -1.0, 1.0)));
  return out;
}

FrictionEvidence frictionEvidence(const ValidationCase& c,
                                  const std::vector<EngineSample>& samples) {
  FrictionEvidence out;
  if (!c.one_plane || samples.size() < 3) return out;
  const engines::SphereScene scene = sceneOf(c);
  const Eigen::Vector3d n = scene.planes.front().normal_W;
  const double mu = scene.planes.front().mu;
  const double weight_normal = scene.mass_kg * std::fabs(scene.gravity_W.dot(n));
  Eigen::Vector3d t1, t2;
  tangentBasis(n, t1, t2);
  std::vector<double> cone_dev, pyramid_dev, pyramid_mu;
  std::size_t k = 0;
  // Windows start every quarter window (a window of 10 ms from every 2.5 ms): a violation
  // lasting a window is seen by at least three of them.
  const std::size_t stride = windowStride(samples);
  for (std::size_t i = 0; i + 2 < samples.size(); i += stride) {
    k = std::max(k, i + 2);
    while (k + 1 < samples.size() && samples[k].t - samples[i].t < kFrictionWindow_s) ++k;
    const double dt = samples[k].t - samples[i].t;
    const Eigen::Vector3d a = (samples[k].v_C_W - samples[i].v_C_W) / dt;
    const Eigen::Vector3d force = scene.mass_kg * (a - scene.gravity_W) - scene.force_W;
    const double normal = force.dot(n);
    if (normal > 0.1 * weight_normal) {
      const double ratio = (force - normal * n).norm() / normal;
      out.measured = true;
      if (ratio > out.max_ratio) {
        out.max_ratio = ratio;
        out.max_ratio_at_s = samples[i].t;
      }
      Eigen::Vector3d slip = Eigen::Vector3d::Zero();
      for (std::size_t j = i; j <= k; ++j) slip += samples[j].contacts.front().slip_W;
      slip /= static_cast<double>(k - i + 1);
      if (slip.norm() > 1e-2 && mu > 0.0) {
        const double theta = std::atan2(slip.dot(t2), slip.dot(t1));
        const double pyramid = mu / (std::fabs(std::cos(theta)) + std::fabs(std::sin(theta)));
        cone_dev.push_back(std::fabs(ratio / mu - 1.0));
        pyramid_dev.push_back(std::fabs(ratio / pyramid - 1.0));
        pyramid_mu.push_back(pyramid / mu);
      }
    }
  }
  out.sliding_windows = static_cast<int>(cone_dev.size());
  if (!cone_dev.empty()) {
    out.cone_deviation = upperMedian(cone_dev);
    out.pyramid_deviation = upperMedian(pyramid_dev);
    const auto [lo, hi] = std::minmax_element(pyramid_mu.begin(), pyramid_mu.end());
    out.pyramid_spread = std::max(*hi - *lo, 1.0 - *lo);
  }
  return out;
}

namespace {

// min over s of max((|T+(s)| - eps) / (mu+ N+(s)), (|T-(s)| - eps) / (mu- N-(s))) for
// f(s) = f0 + s k (layout N+, T1+, T2+, N-, T1-, T2-) with both N >= -eps; infinity when no s
// allows that. The slack eps (a force) keeps a contact that carries nothing (a ball rolling on one
// plane, lifted off the other) from reading as an infinite need through the noise of its zero
// force.
double neededFrictionMultiple(const Eigen::Matrix<double, 6, 1>& f0,
                              const Eigen::Matrix<double, 6, 1>& k, double mu_plus,
                              double mu_minus, double eps) {
  double lo = -1e300, hi = 1e300;
  for (int i : {0, 3}) {
    if (std::fabs(k[i]) < 1e-12) {
      if (!(f0[i] > -eps)) return INFINITY;
      continue;
    }
    const double root = (-eps - f0[i]) / k[i];
    if (k[i] > 0) {
      lo = std::max(lo, root);
    } else {
      hi = std::min(hi, root);
    }
  }
  if (!(lo < hi)) return INFINITY;
  const double scale = f0.norm() + 1.0;
  lo = std::max(lo, -1e6 * scale);
  hi = std::min(hi, 1e6 * scale);
  auto one = [&](double tangential, double normal, double mu) {
    return std::max(tangential - eps, 0.0) / (mu * std::max(normal, eps));
  };
  auto need = [&](double s) {
    const Eigen::Matrix<double, 6, 1> f = f0 + s * k;
    return std::max(one(std::hypot(f[1], f[2]), f[0], mu_plus),
                    one(std::hypot(f[4], f[5]), f[3], mu_minus));
  };
  for (int iteration = 0; iteration < 100; ++iteration) {  // (2/3)^100: far below rounding
    const double a = lo + (hi - lo) / 3.0, b = hi - (hi - lo) / 3.0;
    if (need(a) <= need(b)) {
      hi = b;
    } else {
      lo = a;
    }
  }
  return need(0.5 * (lo + hi));
}

}  // namespace

FrictionEvidence twoContactFrictionEvidence(const ValidationCase& c,
                                            const std::vector<EngineSample>& samples) {
  FrictionEvidence out;
  if (c.one_plane || samples.size() < 3) return out;
  const contact::TwoContactBody body = twoContactBodyOf(c);
  const contact::ContactBases b = contact::TwoContactDynamics(body).bases();
  const double mu_plus = body.friction_plus.mu_static, mu_minus = body.friction_minus.mu_static;
  if (!(mu_plus > 0.0 && mu_minus > 0.0)) return out;
  // The wrench about C of f = (N+, T1+, T2+, N-, T1-, T2-).
  Eigen::Matrix<double, 6, 6> A;
  const Eigen::Vector3d directions[6] = {body.n_plus_W,  b.t1_plus_W,  b.t2_plus_W,
                                         body.n_minus_W, b.t1_minus_W, b.t2_minus_W};
  for (int j = 0; j < 6; ++j) {
    const Eigen::Vector3d& r = j < 3 ? body.r_CPplus_W : body.r_CPminus_W;
    A.col(j) << directions[j], r.cross(directions[j]);
  }
  const Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>> svd(A,
                                                          Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Eigen::Matrix<double, 6, 1> k = svd.matrixV().col(5);
  const double weight = body.force_external_W.norm();
  std::size_t j = 0;
  // Windows start every quarter window (a window of 10 ms from every 2.5 ms): a violation
  // lasting a window is seen by at least three of them.
  const std::size_t stride = windowStride(samples);
  for (std::size_t i = 0; i + 2 < samples.size(); i += stride) {
    j = std::max(j, i + 2);
    while (j + 1 < samples.size() && samples[j].t - samples[i].t < kFrictionWindow_s) ++j;
    const double dt = samples[j].t - samples[i].t;
    const Eigen::Vector3d omega = 0.5 * (samples[i].omega_W + samples[j].omega_W);
    Eigen::Matrix<double, 6, 1> wrench;
    wrench << body.mass * (samples[j].v_C_W - samples[i].v_C_W) / dt - body.force_external_W,
        body.inertia_C_W * (samples[j].omega_W - samples[i].omega_W) / dt +
            omega.cross(body.inertia_C_W * omega) - body.torque_external_W;
    if (!(wrench.head<3>().norm() > 0.1 * weight)) continue;  // (nearly) out of contact
    const Eigen::Matrix<double, 6, 1> f0 = svd.solve(wrench);
    // Slack: 2 % of the weight, what a soft contact's chatter leaves in a 10 ms mean.
    const double need = neededFrictionMultiple(f0, k, mu_plus, mu_minus, 0.02 * weight);
    out.measured = true;
    if (!(need <= out.max_ratio)) {
      out.max_ratio = need;
      out.max_ratio_at_s = samples[i].t;
    }
  }
  return out;
}

std::string coulombViolation(const ValidationCase& c, const FrictionEvidence& f) {
  if (!f.measured) return "";
  if (c.one_plane) {
    const double mu = c.one_plane->mu;
    if (!(f.max_ratio > 1.05 * mu + 0.02)) return "";
    // sqrt2 mu is the corner of a pyramid clamping |T1|, |T2| <= mu N separately.
    const bool corner = std::fabs(f.max_ratio / (std::sqrt(2.0) * mu) - 1.0) < 0.03;
    return "friction exceeds mu N: Coulomb's law violated (|F_t|/N = " +
           formatForReport(f.max_ratio) + " from the measured acceleration at t = " +
           formatForReport(f.max_ratio_at_s, 3) + " s, mu = " + formatForReport(mu) + ")" +
           (corner ? ": sqrt2 mu, the corner of a 4-sided friction pyramid |T1|, |T2| <= mu N"
                   : "");
  }
  const contact::TwoContactBody body = twoContactBodyOf(c);
  const double mu = std::min(body.friction_plus.mu_static, body.friction_minus.mu_static);
  if (!(f.max_ratio > 1.05 + 0.02 / mu)) return "";
  return "friction exceeds mu N: Coulomb's law violated (the measured contact wrench at t = " +
         formatForReport(f.max_ratio_at_s, 3) + " s needs " +
         (std::isfinite(f.max_ratio)
              ? formatForReport(f.max_ratio) + " times the friction coefficients"
              : std::string("a pulling normal force")) +
         " with any squeeze)";
}

std::string frictionCause(const ValidationCase& c, const FrictionEvidence& f, double creep_speed) {
  if (const std::string violation = coulombViolation(c, f); !violation.empty()) return violation;
  if (!c.one_plane) return "";
  const double mu = c.one_plane->mu;
  if (f.sliding_windows >= 2 && f.pyramid_spread > 0.05 && f.pyramid_deviation < 0.03 &&
      f.cone_deviation > 0.05) {
    return "the engine's 4-sided friction pyramid: while sliding |F_t|/N follows "
           "mu / (|cos theta| + |sin theta|) (median deviation " +
           formatForReport(f.pyramid_deviation) + ") rather than Coulomb's mu (" +
           formatForReport(f.cone_deviation) + ")";
  }
  if (c.exact_rest && creep_speed > kCreepBound_m_s && creep_speed < 1e-2) {
    return "soft-contact creep: the body creeps at " + formatForReport(creep_speed) +
           " m/s where Coulomb's law holds it at rest (|F_t|/N = " + formatForReport(f.max_ratio) +
           " <= mu = " + formatForReport(mu) + ")";
  }
  return "";
}

}  // namespace nsd::validation
