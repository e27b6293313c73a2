// Bullet's ellipsoid (bullet_ellipsoid.hpp) against closed forms: its support point is where the
// surface normal is the direction, a tilted ellipsoid touches a plane where its normal is
// vertical, and runBullet rocks it about that point with the Lagrangian's initial acceleration.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/engines/bullet/bullet_ellipsoid.hpp>
#include <nsdkit/engines/bullet/bullet_sphere.hpp>

namespace nsd::engines {
namespace {

// Kane and Levinson's rattleback ellipsoid (rattleback/kane_levinson.hpp) [m].
const Eigen::Vector3d kSemiAxes(0.20, 0.03, 0.02);
const double kTilt = 2.0 * M_PI / 180.0;  // [rad]

// Contact point, from the centre, of the ellipsoid at orientation R on a plane of upward normal
// n (the point whose normal is -n): R x_c with x_c = -S^2 R^T n / |S R^T n| in shape axes, and
// the centre's height above the plane when it rests there, |S R^T n|.
Eigen::Vector3d contactFromCentreW(const Eigen::Matrix3d& R, const Eigen::Vector3d& n_W) {
  const Eigen::Vector3d d_S = R.transpose() * n_W;
  return -R *
         (kSemiAxes.cwiseProduct(kSemiAxes).cwiseProduct(d_S) / kSemiAxes.cwiseProduct(d_S).norm());
}
double restingHeight(const Eigen::Matrix3d& R, const Eigen::Vector3d& n_W) {
  return kSemiAxes.cwiseProduct(R.transpose() * n_W).norm();
}

// The support point along d is characterised without (1): it lies on the surface
// (x^T S^-2 x = 1) and the outward normal there, S^-2 x, points along d. Seeded directions.
// Tolerance 1e-12: a dozen roundings of O(1) quantities (~1e-15 each), times the factor
// (a/c)^2 = 100 by which S^-2 can amplify a relative error of x.
TEST(BulletEllipsoid, SupportPointIsWhereTheNormalIsTheDirection) {
  std::mt19937 rng(20261125);
  std::normal_distribution<double> normal(0.0, 1.0);
  const Eigen::Vector3d inverse_square = kSemiAxes.cwiseProduct(kSemiAxes).cwiseInverse();
  for (int k = 0; k < 200; ++k) {
    const Eigen::Vector3d d(normal(rng), normal(rng), normal(rng));
    const Eigen::Vector3d x = bulletEllipsoidSupport(kSemiAxes, d);
    EXPECT_NEAR(x.dot(inverse_square.cwiseProduct(x)), 1.0, 1e-12) << d.transpose();
    const Eigen::Vector3d normal_S = inverse_square.cwiseProduct(x).normalized();
    EXPECT_LT((normal_S - d.normalized()).norm(), 1e-12) << d.transpose();
  }
  EXPECT_THROW(bulletEllipsoidSupport(kSemiAxes, Eigen::Vector3d::Zero()), InvalidInput);
  EXPECT_THROW(bulletEllipsoidSupport(Eigen::Vector3d(0.2, 0.0, 0.02), Eigen::Vector3d::UnitX()),
               InvalidInput);
}

// Tilted by 2 degrees about a horizontal axis (y: the long axis tips; and an axis 30 degrees
// from x) and resting on z = 0: the manifold point of Bullet's convex-plane algorithm is the
// closed-form contact point, 65.2 mm from the centre horizontally about y (a scaled multisphere
// gives 6.3 mm). Tolerance 1e-12 m: the point is (1) through two rotations, rounding of
// ~1e-17 m per operation on 0.2 m; the distance is a difference of heights of 0.02 m.
TEST(BulletEllipsoid, TiltedOnAPlaneTouchesWhereItsNormalIsVertical) {
  const Eigen::Vector3d n_W = Eigen::Vector3d::UnitZ();
  for (const double axis_angle : {M_PI / 2, M_PI / 6}) {
    const Eigen::Vector3d axis_W(std::cos(axis_angle), std::sin(axis_angle), 0.0);
    const Eigen::Quaterniond q_WS(Eigen::AngleAxisd(kTilt, axis_W));
    const Eigen::Matrix3d R = q_WS.toRotationMatrix();
    const Eigen::Vector3d centre_W(0.1, -0.2, restingHeight(R, n_W));
    const auto contact = bulletEllipsoidPlaneContact(kSemiAxes, centre_W, q_WS, n_W, 0.0);
    ASSERT_EQ(contact.num_points, 1) << axis_angle;
    const Eigen::Vector3d expected_W = centre_W + contactFromCentreW(R, n_W);
    EXPECT_NEAR(expected_W.z(), 0.0, 1e-15);
    EXPECT_LT((contact.point_on_body_W - expected_W).norm(), 1e-12)
        << "Bullet " << contact.point_on_body_W.transpose() << ", closed form "
        << expected_W.transpose();
    EXPECT_LT((contact.point_on_plane_W - expected_W).norm(), 1e-12);
    EXPECT_NEAR(contact.distance_m, 0.0, 1e-12);
    if (axis_angle == M_PI / 2) {
      const double from_axis_m = (contact.point_on_body_W - centre_W).head<2>().norm();
      EXPECT_NEAR(from_axis_m, 0.0652, 1e-4);  // (a^2 - c^2) sin cos / h, see below
    }
  }
  // Lifted 1 mm it reports the gap; pressed 1 mm in, the penetration.
  const Eigen::Quaterniond q_WS(Eigen::AngleAxisd(kTilt, Eigen::Vector3d::UnitY()));
  const double h = restingHeight(q_WS.toRotationMatrix(), n_W);
  for (const double lift : {1e-3, -1e-3}) {
    const auto contact =
        bulletEllipsoidPlaneContact(kSemiAxes, Eigen::Vector3d(0, 0, h + lift), q_WS, n_W, 0.0);
    ASSERT_EQ(contact.num_points, 1) << lift;
    EXPECT_NEAR(contact.distance_m, lift, 1e-12);
  }
}

// runBullet, frictionless plane (no horizontal force: the centre moves only vertically), the
// ellipsoid (uniform, 1 kg) at rest tilted by theta = 2 degrees about y on z = 0. With the
// centre at height h(theta) = sqrt(a^2 sin^2 + c^2 cos^2), the Lagrangian
// L = (I_y + m h'^2) theta'^2 / 2 - m g h gives, at rest,
//   theta'' = -m g h' / (I_y + m h'^2),   N = m g I_y / (I_y + m h'^2),
// where h' = (a^2 - c^2) sin cos / h = 65.2 mm is the contact point's horizontal lever arm:
// theta'' = -51.9 rad/s^2, N = 6.43 N. A wrong contact point (6.3 mm, the scaled multisphere)
// gives a quarter of that acceleration, and leaves the body hanging 0.95 mm above Bullet's
// plane at the exact height. Read over the first 2 ms at h = 1e-4, both settings: the gap stays
// within 1e-8 m (measured 3e-10 m; the wrong shape falls 20 um in that time), omega_y / t and the
// mean normal force within 1 % (theta changes by 1e-4 rad over the window, moving the closed form
// by 0.3 %; measured 0.03 % and 0.12 %).
TEST(BulletEllipsoid, RunBulletRocksAboutTheTrueContactPoint) {
  const double a = kSemiAxes.x(), c = kSemiAxes.z(), g = 9.81, m = 1.0;
  SphereScene s;
  s.shape = ShapeKind::kEllipsoid;
  s.half_extents_m = kSemiAxes;
  s.radius_m = a;
  s.mass_kg = m;
  s.q0_WS = Eigen::Quaterniond(Eigen::AngleAxisd(kTilt, Eigen::Vector3d::UnitY()));
  const Eigen::Matrix3d R = s.q0_WS.toRotationMatrix();
  const Eigen::Vector3d h2 = kSemiAxes.cwiseProduct(kSemiAxes);
  const Eigen::Vector3d moments =
      m / 5.0 * Eigen::Vector3d(h2.y() + h2.z(), h2.x() + h2.z(), h2.x() + h2.y());
  s.inertia_C_W = R * moments.asDiagonal() * R.transpose();
  StaticPlane p;
  p.name = "floor";
  p.mu = 0.0;
  s.planes = {p};
  const double height =
      std::sqrt(a * a * std::pow(std::sin(kTilt), 2) + c * c * std::pow(std::cos(kTilt), 2));
  s.centre0_W = Eigen::Vector3d(0, 0, height);
  const double lever = (a * a - c * c) * std::sin(kTilt) * std::cos(kTilt) / height;
  const double I_y = moments.y();
  const double theta_dd = -m * g * lever / (I_y + m * lever * lever);
  const double normal_force = m * g * I_y / (I_y + m * lever * lever);
  EXPECT_NEAR(lever, 0.0652, 1e-4);
  for (const auto setting : {EngineSetting::kDefaults, EngineSetting::kExact}) {
    const EngineRun run = runBullet(s, {1e-4, 2e-3, setting});
    const std::string what = toString(setting);
    ASSERT_TRUE(run.completed) << what << ": " << run.failure;
    double mean_force = 0.0;
    for (const auto& sample : run.samples) {
      EXPECT_NEAR(sample.contacts[0].gap_m, 0.0, 1e-8) << what << " t = " << sample.t;
      mean_force += sample.contacts[0].normal_force_N / static_cast<double>(run.samples.size());
    }
    const EngineSample& last = run.samples.back();
    EXPECT_NEAR(last.omega_W.y() / last.t, theta_dd, 0.01 * std::fabs(theta_dd)) << what;
    EXPECT_NEAR(mean_force, normal_force, 0.01 * normal_force) << what;
    EXPECT_LT(last.v_C_W.head<2>().norm(), 1e-9) << what;  // frictionless: no horizontal force
  }
}

}  // namespace
}  // namespace nsd::engines
