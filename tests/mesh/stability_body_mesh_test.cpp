#include <nsdkit/mesh/stability_body_mesh.hpp>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/jobs/ball_trough_job.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/region/monte_carlo.hpp>

#include <gtest/gtest.h>

#include "../support/point_triangle_distance.hpp"

#include "../support/nan_propagating.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <boost/math/quadrature/gauss.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <vector>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::mesh {
namespace {

// The paper's ball as a two-contact family (its wrapper lives with the jobs, above mesh).
using nsd::jobs::meshBallTroughStabilityBody;

TEST(StabilityBodyMesh, StructureHoldsForSeveralMuAndJ) {
  // The top face (88) over [p0, pi - p0] x [0, pi] has its four sides on the four planes, its
  // mirror closes the body with four planar faces: the mesher checks each of these facts and
  // throws otherwise. Closed, 2-manifold, outward, 8 corners and 12 sharp edges every time.
  for (double mu : {0.15, 0.3, 0.6}) {
    for (double j : {0.2, 0.4, 2.0 / 3.0, 1.0}) {
      StabilityBodyMeshOptions o;
      o.tolerance = 2e-3;
      const StabilityBodyMesh b =
          meshBallTroughStabilityBody(models::BallTroughParameters::paper(mu, j), o);
      EXPECT_TRUE(b.report.closed) << mu << " " << j;
      EXPECT_TRUE(b.report.manifold);
      EXPECT_TRUE(b.report.outward);
      EXPECT_EQ(b.report.corners, 8);
      EXPECT_EQ(b.report.sharp_edges, 12);
      EXPECT_GT(b.report.volume, 0.0);
      // The body lies inside the tetrahedron of the planes.
      EXPECT_LT(b.report.volume,
                models::tetrahedronVolume(models::BallTroughParameters::paper(mu, j)));
    }
  }
}

TEST(StabilityBodyMesh, RestOfTheParametricSurfaceLiesOutsideTheTetrahedron) {
  // (88) over the upper square outside [p0, pi - p0] x [0, pi] is not part of the body: no such
  // point is strictly inside the tetrahedron (sampled on a 200^2 grid; points within 1e-12 of a
  // plane count as on its boundary: the edges p = 0, pi of the square map onto planes (83)).
  for (double j : {0.4, 2.0 / 3.0, 1.0}) {
    const auto p = models::BallTroughParameters::paper(0.3, j);
    const double p0 = std::asin(2 * 0.3 / (1 + 0.09));
    int outside = 0, total = 0;
    for (int a = 0; a <= 200; ++a) {
      const double pp = kPi * a / 200;
      if (pp >= p0 && pp <= kPi - p0) continue;
      for (int c = 1; c < 200; ++c) {
        const Eigen::Vector3d m = models::twoPointSlipSurface(0.3, j, pp, kPi * c / 200);
        const Eigen::Vector4d v = models::planeValues(p, m);
        const bool strictly_inside = v[0] < -1e-12 && v[1] > 1e-12 && v[2] > 1e-12 && v[3] < -1e-12;
        outside += !strictly_inside;
        ++total;
      }
    }
    EXPECT_EQ(outside, total) << "j = " << j;
    EXPECT_GT(total, 1000);
  }
}

// The surface (88) of (mu, j) at the 81 x 81 parameter points p, q = pi k / 80: the starting
// points of distanceToSurface88's Gauss-Newton, evaluated once per body (not once per point).
struct Surface88Grid {
  static constexpr int kSteps = 80;
  double mu = 0.0, j = 0.0;
  std::vector<Eigen::Vector3d> points;  ///< s(pi a / 80, pi b / 80) at index a * 81 + b
};
Surface88Grid sampleSurface88(double mu, double j) {
  Surface88Grid grid{mu, j, {}};
  for (int a = 0; a <= Surface88Grid::kSteps; ++a) {
    for (int b = 0; b <= Surface88Grid::kSteps; ++b) {
      grid.points.push_back(models::twoPointSlipSurface(mu, j, kPi * a / Surface88Grid::kSteps,
                                                        kPi * b / Surface88Grid::kSteps));
    }
  }
  return grid;
}

// Distance from x to the surface (88) of the grid's (mu, j) (or its mirror image, the bottom
// face): nearest of the grid's points, then Gauss-Newton on |s(p, q) - x|^2 with numerical
// derivatives (the surface is smooth; 1e-7 steps give ~1e-9 accurate Jacobians).
double distanceToSurface88(const Surface88Grid& grid, Eigen::Vector3d x, bool bottom) {
  if (bottom) x = Eigen::Vector3d(x.y(), x.x(), -x.z());  // the mirror of (88)
  auto s = [&](double p, double q) { return models::twoPointSlipSurface(grid.mu, grid.j, p, q); };
  constexpr int n = Surface88Grid::kSteps;
  double best = INFINITY, bp = 0.0, bq = 0.0;
  for (int a = 0; a <= n; ++a) {
    for (int b = 0; b <= n; ++b) {
      const double d = (grid.points[static_cast<std::size_t>(a * (n + 1) + b)] - x).squaredNorm();
      if (d < best) {
        best = d;
        bp = kPi * a / n;
        bq = kPi * b / n;
      }
    }
  }
  for (int it = 0; it < 20; ++it) {
    const double h = 1e-7;
    Eigen::Matrix<double, 3, 2> jac;
    jac.col(0) = (s(bp + h, bq) - s(bp - h, bq)) / (2 * h);
    jac.col(1) = (s(bp, bq + h) - s(bp, bq - h)) / (2 * h);
    const Eigen::Vector3d r = s(bp, bq) - x;
    const Eigen::Vector2d step = (jac.transpose() * jac).ldlt().solve(-jac.transpose() * r);
    bp += step[0];
    bq += step[1];
    if (step.norm() < 1e-13) break;
  }
  return nsd::test_support::minPropagatingNaN({std::sqrt(best), (s(bp, bq) - x).norm()});
}

using test_support::pointTriangleDistance;

// The two-sided distance between a mesh of the paper's body (mu, j) and its exact curved faces,
// measured independently of the mesher. Mesh -> exact: points of every `stride`-th curved-face
// triangle (vertices' midpoints, centroid) against (88) by Gauss-Newton. Exact -> mesh: points of
// (88) on a `grid` x `grid` parameter grid inside the tetrahedron (the top face) against every
// triangle.
struct MeasuredDistances {
  double mesh_to_exact = 0.0, exact_to_mesh = 0.0;
  int curved = 0, samples = 0;
};
MeasuredDistances measureAgainstSurface88(double mu, double j, const StabilityBodyMesh& b,
                                          std::size_t stride, int grid) {
  MeasuredDistances out;
  const auto& m = b.mesh;
  const Surface88Grid surface = sampleSurface88(mu, j);
  for (std::size_t t = 0; t < m.triangles.size(); t += stride) {
    const int face = m.face_of_triangle[t];
    if (face > 1) continue;
    const auto& tri = m.triangles[t];
    const Eigen::Vector3d a = m.vertices[static_cast<std::size_t>(tri[0])],
                          c1 = m.vertices[static_cast<std::size_t>(tri[1])],
                          c2 = m.vertices[static_cast<std::size_t>(tri[2])];
    for (const Eigen::Vector3d& x :
         {Eigen::Vector3d((a + c1 + c2) / 3), Eigen::Vector3d((a + c1) / 2),
          Eigen::Vector3d((c1 + c2) / 2), Eigen::Vector3d((c2 + a) / 2)}) {
      out.mesh_to_exact = nsd::test_support::maxPropagatingNaN(
          {out.mesh_to_exact, distanceToSurface88(surface, x, face == 1)});
    }
    ++out.curved;
  }
  const auto p = models::BallTroughParameters::paper(mu, j);
  for (int a = 1; a < grid; ++a) {
    for (int c = 1; c < grid; ++c) {
      const Eigen::Vector3d x = models::twoPointSlipSurface(mu, j, kPi * a / grid, kPi * c / grid);
      if (!models::insideTetrahedron(p, x)) continue;
      double nearest = INFINITY;
      for (const auto& tri : m.triangles) {
        nearest = nsd::test_support::minPropagatingNaN(
            {nearest, pointTriangleDistance(x, m.vertices[static_cast<std::size_t>(tri[0])],
                                            m.vertices[static_cast<std::size_t>(tri[1])],
                                            m.vertices[static_cast<std::size_t>(tri[2])])});
      }
      out.exact_to_mesh = nsd::test_support::maxPropagatingNaN({out.exact_to_mesh, nearest});
      ++out.samples;
    }
  }
  return out;
}

// The volume enclosed by a closed, outward mesh (divergence theorem: the sum of the signed
// tetrahedra from the origin), from the triangles alone.
double meshVolume(const StabilityBodyMesh& b) {
  double volume = 0.0;
  for (const auto& t : b.mesh.triangles) {
    volume += b.mesh.vertices[static_cast<std::size_t>(t[0])].dot(
                  b.mesh.vertices[static_cast<std::size_t>(t[1])].cross(
                      b.mesh.vertices[static_cast<std::size_t>(t[2])])) /
              6.0;
  }
  return volume;
}

TEST(StabilityBodyMesh, AccuracyAndQualityAtThePaperParameters) {
  const double mu = 0.3, j = 0.4;
  const StabilityBodyMesh b =
      meshBallTroughStabilityBody(models::BallTroughParameters::paper(mu, j));
  const double target = 5e-4 * b.report.diameter;
  // The mesher's own report.
  EXPECT_LE(b.report.hausdorff, target);
  EXPECT_LT(b.report.max_vertex_distance, 1e-13);
  EXPECT_GE(b.report.min_angle_away_from_corners_deg, 20.0);
  // Every triangle carries its bounding condition: SS on the sheets, RS on the planes (82), SR
  // on the planes (83).
  ASSERT_EQ(b.mesh.condition_of_triangle.size(), b.mesh.triangles.size());
  for (std::size_t t = 0; t < b.mesh.triangles.size(); ++t) {
    const int face = b.mesh.face_of_triangle[t];
    const BoundingCondition expected = face < 2   ? BoundingCondition::kSlipSlip
                                       : face < 4 ? BoundingCondition::kRollSlip
                                                  : BoundingCondition::kSlipRoll;
    ASSERT_EQ(b.mesh.condition_of_triangle[t], expected) << t;
  }
  // Measured here, independently of the mesher.
  const MeasuredDistances d = measureAgainstSurface88(mu, j, b, 3, 40);
  const double mesh_to_exact = d.mesh_to_exact, exact_to_mesh = d.exact_to_mesh;
  ASSERT_GT(d.curved, 100);
  EXPECT_LE(mesh_to_exact, target);
  ASSERT_GT(d.samples, 200);
  EXPECT_LE(exact_to_mesh, target);
  // Both measured distances are the same kind of number as the mesher's report, and neither is
  // trivially zero (a test that could not fail): the chords of a curved face are off it.
  EXPECT_GT(mesh_to_exact, 1e-3 * target);
  // The report against these independent figures from below too (measured 3.57e-4 reported,
  // 3.52e-4 and 3.35e-4 here): a report shrunk to one side, to zero or to NaN fails half of the
  // larger measured distance.
  EXPECT_GT(b.report.hausdorff,
            0.5 * test_support::maxPropagatingNaN({mesh_to_exact, exact_to_mesh}));
  std::printf("measured: mesh->exact %.3g, exact->mesh %.3g, target %.3g, reported %.3g\n",
              mesh_to_exact, exact_to_mesh, target, b.report.hausdorff);
}

// Independent volume: integrate cross-section areas of a predicate. Each section is star-shaped
// about (0, 0, m_z); its area is the polygon through the boundary points found by bisection on
// `rays` rays. Gauss-Legendre in m_z on sub-intervals split where the section's shape changes.
double crossSectionVolume(const std::function<bool(const Eigen::Vector3d&)>& inside,
                          std::vector<double> breaks, int rays) {
  double volume = 0.0;
  for (std::size_t s = 0; s + 1 < breaks.size(); ++s) {
    auto area = [&](double mz) {
      std::vector<double> radius(static_cast<std::size_t>(rays));
      for (int k = 0; k < rays; ++k) {
        const double t = kTwoPi * k / rays;
        double lo = 0.0, hi = 3.0;
        for (int it = 0; it < 30; ++it) {
          const double mid = 0.5 * (lo + hi);
          (inside(Eigen::Vector3d(mid * std::cos(t), mid * std::sin(t), mz)) ? lo : hi) = mid;
        }
        radius[static_cast<std::size_t>(k)] = 0.5 * (lo + hi);
      }
      double a = 0.0;
      for (int k = 0; k < rays; ++k) {
        a += 0.5 * radius[static_cast<std::size_t>(k)] *
             radius[static_cast<std::size_t>((k + 1) % rays)] * std::sin(kTwoPi / rays);
      }
      return a;
    };
    volume += boost::math::quadrature::gauss<double, 7>::integrate(area, breaks[s], breaks[s + 1]);
  }
  return volume;
}

TEST(StabilityBodyMesh, VolumeAgreesWithCrossSectionIntegrationOfThePredicate) {
  const auto p = models::BallTroughParameters::paper(0.3, 0.4);
  const auto sv = models::specialValues(0.3);
  // First check the integrator on the tetrahedron of the planes: (16/3) mu^2 (1 + 2j).
  const double tet =
      crossSectionVolume([&](const Eigen::Vector3d& m) { return models::insideTetrahedron(p, m); },
                         {-1.0, 0.0, 1.0}, 720);
  EXPECT_NEAR(tet, models::tetrahedronVolume(p), 1e-3 * models::tetrahedronVolume(p));
  // The body: Def 11 through the generic route.
  const double body = crossSectionVolume(
      [&](const Eigen::Vector3d& m) { return models::classifyGeneric(p, m).realizable; },
      {-sv.m_z3, -sv.m_z2, -sv.m_z1, 0.0, sv.m_z1, sv.m_z2, sv.m_z3}, 180);
  StabilityBodyMeshOptions o;
  o.tolerance = 1e-4;
  const StabilityBodyMesh b = meshBallTroughStabilityBody(p, o);
  // Mesh volume error ~ area x chord error (1e-4 x diameter) ~ 1e-3 relative at most; the
  // cross-section quadrature with 180 rays is accurate to ~1e-4 relative (tetrahedron check).
  EXPECT_NEAR(b.report.volume, body, 2e-3 * body);
  // The exact volume (boundary quadrature of the exact faces) against the same independent
  // integration of the predicate. Its sections are polygons inscribed in the curved section
  // boundary (180 rays), so it runs low by the sagitta of the rays' arcs, (2 pi / 180)^2 / 6 ~
  // 2e-4 for a round section and more at the sections' corners (6.7e-4 measured): 1e-3. The
  // quadrature's own error estimate is far smaller.
  EXPECT_NEAR(b.report.exactVolume(), body, 1e-3 * body);
  EXPECT_GT(b.report.exactVolume(), body);  // inscribed sections: the integration runs low
  EXPECT_LT(b.report.exact->volume_error, 1e-9 * b.report.exactVolume());
  // And the mesh's volume converges to it: the chord error of 1e-4 of the diameter moves the
  // volume by about area x 1e-4 x diameter / 2 ~ 2e-4 relative here.
  EXPECT_NEAR(b.report.volume, b.report.exactVolume(), 3e-4 * b.report.exactVolume());
}

// The smallest triangle angle [deg] away from the body's corners, found from the mesh alone: a
// corner is a vertex whose triangles carry three or more face labels; triangles with a vertex
// within 2 % of the diameter of one are left out (issue 20's "away from corners where three or
// more sharp edges meet").
double minAngleAwayFromCorners(const StabilityBodyMesh& b) {
  const auto& m = b.mesh;
  std::vector<std::vector<int>> labels(m.vertices.size());
  for (std::size_t t = 0; t < m.triangles.size(); ++t) {
    for (int v : m.triangles[t])
      labels[static_cast<std::size_t>(v)].push_back(m.face_of_triangle[t]);
  }
  std::vector<Eigen::Vector3d> corners;
  for (std::size_t v = 0; v < labels.size(); ++v) {
    auto& l = labels[v];
    std::sort(l.begin(), l.end());
    if (std::unique(l.begin(), l.end()) - l.begin() >= 3) corners.push_back(m.vertices[v]);
  }
  EXPECT_EQ(corners.size(), 8u);
  double worst = 180.0;
  for (const auto& t : m.triangles) {
    std::array<Eigen::Vector3d, 3> x;
    bool near = false;
    for (std::size_t k = 0; k < 3; ++k) {
      x[k] = m.vertices[static_cast<std::size_t>(t[k])];
      for (const auto& c : corners) near |= (x[k] - c).norm() < 0.02 * b.report.diameter;
    }
    if (near) continue;
    for (std::size_t k = 0; k < 3; ++k) {
      const Eigen::Vector3d u = x[(k + 1) % 3] - x[k], w = x[(k + 2) % 3] - x[k];
      worst = nsd::test_support::minPropagatingNaN(
          {worst, std::acos(u.dot(w) / (u.norm() * w.norm())) * 180.0 / kPi});
    }
  }
  return worst;
}

TEST(StabilityBodyMesh, AcceptanceSetIsClosedAccurateAndHasTheExactVolume) {
  // Issue 20's set for the exact route: mu in {0.1, 0.3, 0.6, 0.95}, j in {0.4, 2/3}. Each mesh
  // is closed, 2-manifold and outward, within 5e-4 of the diameter of the exact boundary (the
  // default tolerance; measured both ways), its volume within 5e-4 of the exact volume (small
  // bodies, with much area per volume, are meshed again finer until it is) and its triangles'
  // angles at least 20 degrees away from the corners.
  for (const double mu : {0.1, 0.3, 0.6, 0.95}) {
    for (const double j : {0.4, 2.0 / 3.0}) {
      SCOPED_TRACE(testing::Message() << "mu " << mu << ", j " << j);
      const StabilityBodyMesh b =
          meshBallTroughStabilityBody(models::BallTroughParameters::paper(mu, j));
      const StabilityBodyMeshReport& r = b.report;
      EXPECT_TRUE(r.closed && r.manifold && r.outward);
      EXPECT_LE(r.hausdorff, 5e-4 * r.diameter);
      EXPECT_LE(std::fabs(r.volume - r.exactVolume()), 5e-4 * r.exactVolume());
      // Recomputed from the mesh, not read from the report: the two-sided distance to the exact
      // curved faces and the enclosed volume (NaN fails every comparison).
      const MeasuredDistances d = measureAgainstSurface88(mu, j, b, 5, 24);
      EXPECT_GT(d.curved, 20);
      EXPECT_GT(d.samples, 20);
      EXPECT_LE(d.mesh_to_exact, 5e-4 * r.diameter);
      EXPECT_LE(d.exact_to_mesh, 5e-4 * r.diameter);
      const double volume = meshVolume(b);
      EXPECT_LE(std::fabs(volume - r.exactVolume()), 5e-4 * r.exactVolume());
      EXPECT_NEAR(volume, r.volume, 1e-9 * r.volume);
      EXPECT_EQ(r.corners, 8);
      EXPECT_EQ(r.sharp_edges, 12);
      // Shape: at least 20 degrees away from the corners (recomputed here from the mesh).
      EXPECT_GE(minAngleAwayFromCorners(b), 20.0);
      EXPECT_NEAR(minAngleAwayFromCorners(b), r.min_angle_away_from_corners_deg, 1e-9);
    }
  }
}

TEST(StabilityBodyMesh, ExactVolumeAgreesWithMonteCarloAtLargerMu) {
  // mu 0.6 and 0.95, where the planar faces' boundary loops change their order: the exact
  // volume against 2e5 seeded Monte Carlo samples of Def 11 (4 standard errors, ~1e-2 relative),
  // and the mesh volume against it (within its chord error, 1e-3 relative).
  for (const double mu : {0.6, 0.95}) {
    const auto p = models::BallTroughParameters::paper(mu, 0.4);
    const StabilityBodyMesh b = meshBallTroughStabilityBody(p);
    Eigen::Vector3d lower = Eigen::Vector3d::Constant(INFINITY), upper = -lower;
    for (const auto& v : b.mesh.vertices) {
      lower = lower.cwiseMin(v);
      upper = upper.cwiseMax(v);
    }
    lower.array() -= 0.01 * b.report.diameter;
    upper.array() += 0.01 * b.report.diameter;
    const region::VolumeEstimate mc = region::monteCarloVolume(
        [&](const Eigen::Vector3d& m) { return models::classifyGeneric(p, m).realizable; }, lower,
        upper, 200000, 5, 2);
    EXPECT_NEAR(b.report.exactVolume(), mc.volume, 4.0 * mc.standard_error) << mu;
    EXPECT_NEAR(b.report.volume, b.report.exactVolume(), 1e-3 * b.report.exactVolume()) << mu;
  }
}

TEST(ImplicitMesh, GenericRouteAgreesWithTheConformingMesh) {
  // The ball body through the generic Def-11 predicate: the implicit mesh (sharp edges cut by a
  // 20^3 grid) must enclose nearly the same volume as the conforming mesh: within 2 %.
  const auto p = models::BallTroughParameters::paper(0.3, 0.4);
  ImplicitMeshOptions o;
  o.box_lower = Eigen::Vector3d(-0.8, -0.8, -0.7);
  o.box_upper = Eigen::Vector3d(0.8, 0.8, 0.7);
  o.resolution = 20;
  o.bisection_tolerance = 1e-6;
  o.threads = 2;
  const StabilityBodyMesh implicit = meshImplicitRegion(
      [&](const Eigen::Vector3d& m) { return models::classifyGeneric(p, m).realizable; }, o);
  const StabilityBodyMesh exact = meshBallTroughStabilityBody(p);
  EXPECT_TRUE(implicit.report.closed);
  EXPECT_TRUE(implicit.report.manifold);
  EXPECT_EQ(implicit.report.sharp_edges, -1);  // reported as not preserved
  EXPECT_NEAR(implicit.report.volume, exact.report.volume, 0.02 * exact.report.volume);
}

// Mesh volumes against Monte Carlo of the same predicate (no mesh, no boundary: an independent
// estimate) for three bodies: the paper's ball (exact faces), the 60 degree trough with
// mu+ 0.3 / mu- 0.5 (implicit) and the two-wheeled axle of examples/bodies (implicit, body file).
// Allowed: four standard errors, plus for the implicit meshes area x measured Hausdorff distance
// (the volume between two surfaces at most that far apart).
TEST(StabilityBodyMesh, VolumesAgreeWithMonteCarloOfThePredicate) {
  struct Case {
    const char* name;
    StabilityBodyMesh mesh;
    std::function<bool(const Eigen::Vector3d&)> inside;
    double allowance;
  };
  std::vector<Case> cases;
  const auto paper = models::BallTroughParameters::paper(0.3, 0.4);
  const auto ball = [paper](const Eigen::Vector3d& m) {
    return models::classifyGeneric(paper, m).realizable;
  };
  cases.push_back({"paper's ball, exact", meshBallTroughStabilityBody(paper), ball, 0.0});
  models::BallTroughParameters angled = paper;
  angled.opening_angle_rad = kPi / 3;
  angled.mu_minus = 0.5;
  const auto trough60 = [angled](const Eigen::Vector3d& m) {
    return models::classifyGeneric(angled, m).realizable;
  };
  ImplicitMeshOptions o;
  o.box_lower = Eigen::Vector3d(-1.6, -1.6, -1.4);
  o.box_upper = Eigen::Vector3d(1.6, 1.6, 1.4);
  o.resolution = 20;
  o.threads = 2;
  o.interior_point = Eigen::Vector3d::Zero();
  cases.push_back({"60 degree trough, implicit", meshImplicitRegion(trough60, o), trough60, 1.0});
  const auto axle = body::readBodyFile(std::string(NSDKIT_BODIES_DIR) + "/axle_on_plane.json");
  const auto binding = body::bindParameters(axle, {"fz", "ty", "fx"});
  const auto axle_inside = [axle, binding](const Eigen::Vector3d& x) {
    return body::classify(axle, binding, {x[0], x[1], x[2]}).realizable;
  };
  o.box_lower = Eigen::Vector3d(-500, -60, -500);
  o.box_upper = Eigen::Vector3d(500, 60, 500);
  cases.push_back(
      {"axle on a plane, implicit", meshImplicitRegion(axle_inside, o), axle_inside, 1.0});
  for (const Case& c : cases) {
    ASSERT_TRUE(c.mesh.report.closed) << c.name;
    Eigen::Vector3d lower = Eigen::Vector3d::Constant(INFINITY), upper = -lower;
    for (const auto& v : c.mesh.mesh.vertices) {
      lower = lower.cwiseMin(v);
      upper = upper.cwiseMax(v);
    }
    const double margin = 0.02 * c.mesh.report.diameter + 2.0 * c.mesh.report.hausdorff;
    lower.array() -= margin;
    upper.array() += margin;
    const region::VolumeEstimate mc =
        region::monteCarloVolume(c.inside, lower, upper, 100000, 11, 2);
    const double allowed =
        4.0 * mc.standard_error + c.allowance * c.mesh.report.area * c.mesh.report.hausdorff;
    EXPECT_NEAR(c.mesh.report.volume, mc.volume, allowed)
        << c.name << ": Monte Carlo " << mc.volume << " +- " << mc.standard_error;
  }
}

TEST(StabilityBodyMesh, WritesAllFormatsAndRejectsBadInput) {
  const StabilityBodyMesh b = meshBallTroughStabilityBody(
      models::BallTroughParameters::paper(0.3, 0.4), StabilityBodyMeshOptions{5e-3});
  const auto dir = std::filesystem::temp_directory_path();
  for (const std::string f : {"off", "ply", "obj", "stl"}) {
    const auto path = (dir / ("nsd_body." + f)).string();
    writeMesh(b.mesh, path, f);
    EXPECT_GT(std::filesystem::file_size(path), 1000u) << f;
  }
  std::ifstream off(dir / "nsd_body.off");
  std::string magic;
  std::size_t nv = 0, nf = 0;
  off >> magic >> nv >> nf;
  EXPECT_EQ(magic, "OFF");
  EXPECT_EQ(nv, b.mesh.vertices.size());
  EXPECT_EQ(nf, b.mesh.triangles.size());
  EXPECT_THROW(writeMesh(b.mesh, (dir / "x.vtk").string(), "vtk"), InvalidInput);
  // mu = 1.2: zero torque is not realizable (SS), and the candidate faces do not bound what is
  // (Def 11 disagrees with them): refused with the reason, not an empty or wrong mesh.
  EXPECT_THROW(meshBallTroughStabilityBody(models::BallTroughParameters::paper(1.2, 0.4)),
               SolverFailure);
  EXPECT_FALSE(models::classifyGeneric(models::BallTroughParameters::paper(1.2, 0.4),
                                       Eigen::Vector3d::Zero())
                   .realizable);
  EXPECT_THROW(meshBallTroughStabilityBody(models::BallTroughParameters::paper(0.3, 0.4),
                                           StabilityBodyMeshOptions{0}),
               InvalidInput);
  auto bad = models::BallTroughParameters::paper(0.3, 0.4);
  bad.mu_minus = NAN;
  EXPECT_THROW(meshBallTroughStabilityBody(bad), InvalidInput);
  // Axes that are not loads (here the friction coefficient enters the first axis) are refused.
  const auto paper = models::BallTroughParameters::paper(0.3, 0.4);
  const TwoContactFamily not_affine = [paper](const Eigen::Vector3d& x) {
    auto q = paper;
    q.mu_plus = 0.3 + 0.1 * x[0] * x[0];
    return contact::TwoContactDynamics(models::makeTwoContactBody(q, x));
  };
  EXPECT_THROW(meshTwoContactStabilityBody(not_affine), InvalidInput);
}

// The exact volume of a ball's mesh against a seeded Monte Carlo of Def 11 (the generic route)
// over the mesh's bounding box widened by 1 % of the diameter: within 4 standard errors.
void expectExactVolumeMatchesMonteCarlo(const StabilityBodyMesh& b,
                                        const models::BallTroughParameters& p, std::size_t samples,
                                        std::uint64_t seed) {
  const StabilityBodyMeshReport& r = b.report;
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(INFINITY), hi = -lo;
  for (const auto& v : b.mesh.vertices) {
    lo = lo.cwiseMin(v);
    hi = hi.cwiseMax(v);
  }
  lo.array() -= 0.01 * r.diameter;
  hi.array() += 0.01 * r.diameter;
  const region::VolumeEstimate mc = region::monteCarloVolume(
      [&p](const Eigen::Vector3d& m) { return models::classifyGeneric(p, m).realizable; }, lo, hi,
      samples, seed, 2);
  EXPECT_LE(std::fabs(mc.volume - r.exactVolume()), 4.0 * mc.standard_error)
      << "Monte Carlo " << mc.volume << " +- " << mc.standard_error << ", exact "
      << r.exactVolume();
}

// Troughs of other angles with unequal friction (issue 20's acceptance bodies). The exact
// volume is checked against 1e8-sample Monte Carlo estimates of `nsdkit classify` recorded in
// the issue (3.8811 +- 0.0007 at 60 degrees, 0.41116 +- 0.00084 at 120 degrees; within 3
// standard errors) and against a seeded Monte Carlo of Def 11 here (1e5 samples over the
// mesh's bounding box; within 4 standard errors). The mesh meets the default targets.
TEST(StabilityBodyMesh, TroughsOfOtherAnglesMatchMonteCarloOfDef11) {
  struct Case {
    double angle_deg, reference, reference_error;
  };
  for (const Case c : {Case{60.0, 3.8811, 0.0007}, Case{120.0, 0.41116, 0.00084}}) {
    models::BallTroughParameters p = models::BallTroughParameters::paper(0.3, 0.4);
    p.mu_plus = 0.3;
    p.mu_minus = 0.5;
    p.opening_angle_rad = c.angle_deg * kPi / 180.0;
    const StabilityBodyMesh b = meshBallTroughStabilityBody(p);
    const StabilityBodyMeshReport& r = b.report;
    EXPECT_TRUE(r.closed && r.manifold && r.outward) << c.angle_deg;
    EXPECT_EQ(r.sharp_edges, 12);
    EXPECT_EQ(r.corners, 8);
    EXPECT_GT(r.exact->def11_checks, 20);
    EXPECT_LE(r.hausdorff, 5e-4 * r.diameter);
    EXPECT_LT(r.exact->volume_error, 1e-9 * r.exactVolume());
    EXPECT_LE(std::fabs(r.volume - r.exactVolume()), 5e-4 * r.exactVolume());
    EXPECT_LE(std::fabs(r.exactVolume() - c.reference), 3.0 * c.reference_error) << c.angle_deg;
    EXPECT_GE(minAngleAwayFromCorners(b), 20.0);
    expectExactVolumeMatchesMonteCarlo(b, p, 100000, 7);
  }
}

// Narrow troughs with other face structures: at 61 degrees and mu+- 0.83/0.80 no sheet bounds
// the body (it is the whole tetrahedron of the RS/SR planes, 4 corners); at 41 degrees and
// mu+- 0.42/0.23 one sheet cuts it (6 corners). Each against a seeded Monte Carlo of Def 11
// (1e5 samples in the mesh's box; within 4 standard errors), with the default targets met.
TEST(StabilityBodyMesh, NarrowTroughsWithOtherFaceStructuresMatchMonteCarlo) {
  struct Case {
    double mu_plus, mu_minus, j, angle_deg;
    int corners;
  };
  for (const Case c : {Case{0.829, 0.796, 0.85, 61.0, 4}, Case{0.421, 0.228, 0.36, 41.3, 6}}) {
    SCOPED_TRACE(testing::Message() << "angle " << c.angle_deg);
    models::BallTroughParameters p = models::BallTroughParameters::paper(0.3, c.j);
    p.mu_plus = c.mu_plus;
    p.mu_minus = c.mu_minus;
    p.opening_angle_rad = c.angle_deg * kPi / 180.0;
    const StabilityBodyMesh b = meshBallTroughStabilityBody(p);
    const StabilityBodyMeshReport& r = b.report;
    EXPECT_TRUE(r.closed && r.manifold && r.outward);
    EXPECT_EQ(r.corners, c.corners);
    EXPECT_GT(r.exact->def11_checks, 20);
    EXPECT_LE(r.hausdorff, 5e-4 * r.diameter);
    EXPECT_LE(std::fabs(r.volume - r.exactVolume()), 5e-4 * r.exactVolume());
    EXPECT_GE(r.min_angle_away_from_corners_deg, 20.0);
    expectExactVolumeMatchesMonteCarlo(b, p, 100000, 11);
  }
}

// Seeded random troughs (opening 20-170 degrees, mu+- 0.05-0.95, j 0.1-1): the exact route
// either refuses with a SolverFailure naming one of the structures it does not model (the CLI
// then meshes implicitly), or its mesh meets every default target and its exact volume agrees with
// a seeded Monte Carlo of Def 11 (3e4 samples in the mesh's box; within 4 standard errors).
TEST(StabilityBodyMesh, RandomTroughsAreMeshedToTargetOrRefusedByName) {
  std::mt19937 rng(20);
  std::uniform_real_distribution<double> mu(0.05, 0.95), angle(20.0, 170.0), j(0.1, 1.0);
  int meshed = 0, refused = 0;
  for (int i = 0; i < 12; ++i) {
    models::BallTroughParameters p = models::BallTroughParameters::paper(0.3, 0.4);
    p.mu_plus = mu(rng);
    p.mu_minus = mu(rng);
    p.inertia_ratio = j(rng);
    p.opening_angle_rad = angle(rng) * kPi / 180.0;
    SCOPED_TRACE(testing::Message() << "mu+ " << p.mu_plus << " mu- " << p.mu_minus << " j "
                                    << p.inertia_ratio << " angle " << p.opening_angle_rad);
    StabilityBodyMesh b;
    try {
      b = meshBallTroughStabilityBody(p);
    } catch (const SolverFailure& e) {
      // The two structures the exact route does not model on these troughs: a two-point-slip
      // sheet folding over, and a Painleve-type configuration (D within rounding of 0).
      const std::string why = e.what();
      EXPECT_TRUE(why.find("folds over") != std::string::npos ||
                  why.find("Painleve-type configuration") != std::string::npos)
          << why;
      ++refused;
      continue;
    }
    ++meshed;
    const StabilityBodyMeshReport& r = b.report;
    EXPECT_TRUE(r.closed && r.manifold && r.outward);
    EXPECT_GE(r.min_angle_away_from_corners_deg, 20.0);
    EXPECT_LE(r.hausdorff, 5e-4 * r.diameter);
    EXPECT_LE(std::fabs(r.volume - r.exactVolume()), 5e-4 * r.exactVolume());
    expectExactVolumeMatchesMonteCarlo(b, p, 30000, static_cast<std::uint64_t>(100 + i));
  }
  // Seeded: 7 troughs meshed, 5 refused (3 folded sheets, 2 Painleve-type), as measured.
  EXPECT_EQ(meshed, 7);
  EXPECT_EQ(refused, 5);
}

// The ball bodies of examples/bodies mesh by the exact route over their torques; the paper's
// ball as a body file gives the closed-form body's volume.
TEST(StabilityBodyMesh, BodyFilesOfBallsMeshExactly) {
  const std::string dir = NSDKIT_BODIES_DIR "/";
  const StabilityBodyMesh paper =
      meshBallTroughStabilityBody(models::BallTroughParameters::paper(0.3, 0.4));
  for (const std::string name :
       {"ball_trough.json", "anisotropic_ball_trough.json", "ball_inclined_trough.json"}) {
    const body::BodyDescription body = body::readBodyFile(dir + name);
    const region::RealizableSet3 set = region::bodyRealizableSet(body, {"mx", "my", "mz"});
    ASSERT_TRUE(set.two_contact_dynamics) << name;
    const StabilityBodyMesh b = meshTwoContactStabilityBody(set.two_contact_dynamics);
    EXPECT_TRUE(b.report.closed && b.report.outward) << name;
    EXPECT_GT(b.report.exact->def11_checks, 20) << name;
    EXPECT_LE(std::fabs(b.report.volume - b.report.exactVolume()), 5e-4 * b.report.exactVolume());
    if (name == "ball_trough.json") {
      EXPECT_NEAR(b.report.exactVolume(), paper.report.exactVolume(), 1e-9);
    }
  }
}

// The wheelset's traction fz and braking torque tx (examples/bodies/wheelset.json) cancel in
// every contact acceleration when F_z r0 J_x^-1 = T_x m^-1, i.e. along d ~ (1, 0, J_x/(m r0^2))
// in the file's units (fz in m g, tx in m g r0): its realizable set over (fz, fx, tx) is a prism.
// Both mesh routes refuse it; independently, Def 11 stays realizable far along d.
TEST(StabilityBodyMesh, WheelsetTractionAndBrakingTorqueSpanAnUnboundedSet) {
  const body::BodyDescription wheelset = body::readBodyFile(NSDKIT_BODIES_DIR "/wheelset.json");
  const region::RealizableSet3 set = region::bodyRealizableSet(wheelset, {"fz", "fx", "tx"});
  const auto d = invariantLoadDirection(set.two_contact_dynamics);
  ASSERT_TRUE(d.has_value());
  const double ratio = 160.0 / (1500.0 * 0.46 * 0.46);  // J_x / (m r0^2)
  const Eigen::Vector3d expected = Eigen::Vector3d(1.0, 0.0, ratio).normalized();
  EXPECT_NEAR(std::fabs(d->dot(expected)), 1.0, 1e-9);
  for (const double t : {10.0, 100.0}) {
    EXPECT_TRUE(set.inside(set.default_point + t * expected));
    EXPECT_TRUE(set.inside(set.default_point - t * expected));
  }
  for (const auto route : {MeshRoute::kAuto, MeshRoute::kImplicit}) {
    try {
      meshRealizableSet(set.inside, set.default_point, set.two_contact_dynamics, route);
      ADD_FAILURE() << "an unbounded set was meshed by " << toString(route);
    } catch (const InvalidInput& e) {
      EXPECT_NE(std::string(e.what()).find("unbounded"), std::string::npos) << e.what();
    }
  }
  // The ball's torques act independently: no such direction.
  const auto paper = models::BallTroughParameters::paper(0.3, 0.4);
  EXPECT_FALSE(invariantLoadDirection([paper](const Eigen::Vector3d& m) {
                 return contact::TwoContactDynamics(models::makeTwoContactBody(paper, m));
               }).has_value());
}

// The axle's sheet over (fz, ty, fx) folds over (both contacts on one plane): the exact route
// refuses it by name and --route auto meshes it by the shaped route; at a resolution outside the
// shaped seed's [8, 200], by the implicit route, saying why.
TEST(StabilityBodyMesh, FoldedSheetIsRefusedAndMeshedImplicitly) {
  const body::BodyDescription axle = body::readBodyFile(NSDKIT_BODIES_DIR "/axle_on_plane.json");
  const region::RealizableSet3 set = region::bodyRealizableSet(axle, {"fz", "ty", "fx"});
  try {
    meshTwoContactStabilityBody(set.two_contact_dynamics);
    ADD_FAILURE() << "the folded sheet was meshed by the exact route";
  } catch (const SolverFailure& e) {
    EXPECT_NE(std::string(e.what()).find("folds over"), std::string::npos) << e.what();
  }
  const RealizableSetMesh m = meshRealizableSet(
      set.inside, set.default_point, set.two_contact_dynamics, MeshRoute::kAuto, {}, 12, 2);
  EXPECT_EQ(m.route, MeshRoute::kShaped);
  EXPECT_NE(m.exact_route_refused.find("folds over"), std::string::npos);
  EXPECT_TRUE(m.shaped_route_refused.empty());
  EXPECT_TRUE(m.stability_body.report.closed && m.stability_body.report.manifold);
  const RealizableSetMesh coarse = meshRealizableSet(
      set.inside, set.default_point, set.two_contact_dynamics, MeshRoute::kAuto, {}, 6, 2);
  EXPECT_EQ(coarse.route, MeshRoute::kImplicit);
  EXPECT_NE(coarse.shaped_route_refused.find("outside [8, 200]"), std::string::npos);
  EXPECT_TRUE(coarse.stability_body.report.closed);
}

// Over an axis that sets friction the exact route has no family (mu is no load): refused by
// name, and the auto route says why it meshed by the predicate.
TEST(StabilityBodyMesh, FrictionAxisIsRefusedByTheExactRoute) {
  const body::BodyDescription axle = body::readBodyFile(NSDKIT_BODIES_DIR "/axle_on_plane.json");
  const region::RealizableSet3 set = region::bodyRealizableSet(axle, {"fz", "ty", "mu"});
  try {
    meshRealizableSet(set.inside, set.default_point, set.two_contact_dynamics, MeshRoute::kExact);
    ADD_FAILURE() << "the exact route meshed a set over mu";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("three loads"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace nsd::mesh
