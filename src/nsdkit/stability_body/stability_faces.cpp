#include <nsdkit/stability_body/stability_faces.hpp>

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::stability_body {
namespace {

// The switching components of the four one-point-slip fields: du1- of RS for u1- -> 0+ and
// 0-, du1+ of SR for u1+ -> 0+ and 0- [m/s^2].
Eigen::Vector4d switchingComponents(const contact::TwoContactDynamics& d) {
  return {d.rollSlip(+1).du1_minus, d.rollSlip(-1).du1_minus, d.slipRoll(+1).du1_plus,
          d.slipRoll(-1).du1_plus};
}

// The normal forces of the four one-point-slip fields (N+, N- of each) [N].
Eigen::Matrix<double, 8, 1> oneSlipNormalForces(const contact::TwoContactDynamics& d) {
  Eigen::Matrix<double, 8, 1> out;
  const contact::QuasiAccelerations q[4] = {d.rollSlip(+1), d.rollSlip(-1), d.slipRoll(+1),
                                            d.slipRoll(-1)};
  for (int k = 0; k < 4; ++k) {
    out[2 * k] = q[k].normal_plus;
    out[2 * k + 1] = q[k].normal_minus;
  }
  return out;
}

Eigen::Vector3d numerator(const filippov::TrigRationalSphereField& f,
                          const filippov::AnglePair& angles) {
  return {f.numerator[0].value(angles), f.numerator[1].value(angles), f.numerator[2].value(angles)};
}

// A(theta)^-1 by cofactors; singular (the loads on the axes cannot cancel the SS field there)
// when |det A| is below 1e-13 of the product of its column norms.
Eigen::Matrix3d invertLoadMatrix(const Eigen::Matrix3d& a, double theta_plus, double theta_minus) {
  const double det = a.determinant();
  const double scale = a.col(0).norm() * a.col(1).norm() * a.col(2).norm();
  if (!(std::fabs(det) > 1e-13 * scale)) {
    throw SolverFailure("the two-point-slip boundary is singular at slip angles (" +
                        formatValue(theta_plus) + ", " + formatValue(theta_minus) +
                        ") rad: the loads on the axes cannot cancel the SS field there");
  }
  return a.inverse();
}

Eigen::Vector3d unitLoad(int k) {
  if (k == 0) return Eigen::Vector3d::Zero();
  return Eigen::Vector3d::Unit(k - 1);
}

// The largest signed distance from the four planes (< 0 inside all of them).
double outsideness(const StabilityBodyFaces& f, const Eigen::Vector3d& x) {
  double worst = -INFINITY;
  for (const auto& plane : f.planes) worst = std::max(worst, plane.signedDistance(x));
  return worst;
}

}  // namespace

Eigen::Vector3d slipSlipBoundaryPoint(const StabilityBodyFaces& f, double theta_plus,
                                      double theta_minus) {
  const auto angles = filippov::AnglePair::fromAngles(theta_plus, theta_minus);
  const Eigen::Vector3d h0 = numerator(f.ss_fields[0], angles);
  Eigen::Matrix3d a;
  for (int k = 0; k < 3; ++k)
    a.col(k) = numerator(f.ss_fields[static_cast<std::size_t>(k + 1)], angles) - h0;
  return invertLoadMatrix(a, theta_plus, theta_minus) * (-h0);
}

SurfacePoint slipSlipBoundaryPointWithPartials(const StabilityBodyFaces& f, double theta_plus,
                                               double theta_minus) {
  const auto angles = filippov::AnglePair::fromAngles(theta_plus, theta_minus);
  // Values and gradients of the numerators at the four loads: columns (value, d/dtheta+,
  // d/dtheta-) per component.
  std::array<Eigen::Matrix3d, 4> h;
  for (std::size_t k = 0; k < 4; ++k) {
    for (int i = 0; i < 3; ++i) {
      const filippov::TrigValueGradient v =
          f.ss_fields[k].numerator[static_cast<std::size_t>(i)].valueGradient(angles);
      h[k].row(i) << v.value, v.d1, v.d2;
    }
  }
  Eigen::Matrix3d a, a_p, a_q;
  for (int k = 0; k < 3; ++k) {
    a.col(k) = h[static_cast<std::size_t>(k + 1)].col(0) - h[0].col(0);
    a_p.col(k) = h[static_cast<std::size_t>(k + 1)].col(1) - h[0].col(1);
    a_q.col(k) = h[static_cast<std::size_t>(k + 1)].col(2) - h[0].col(2);
  }
  const Eigen::Matrix3d inverse = invertLoadMatrix(a, theta_plus, theta_minus);
  SurfacePoint out;
  out.x = inverse * (-h[0].col(0));
  out.dx_dtheta_plus = inverse * (-(a_p * out.x + h[0].col(1)));
  out.dx_dtheta_minus = inverse * (-(a_q * out.x + h[0].col(2)));
  return out;
}

Eigen::Vector2d slipSlipNormalForces(const StabilityBodyFaces& f, double theta_plus,
                                     double theta_minus, const Eigen::Vector3d& x) {
  const Eigen::Vector2d lp(std::cos(theta_plus), std::sin(theta_plus));
  const Eigen::Vector2d lm(std::cos(theta_minus), std::sin(theta_minus));
  auto normals = [&](std::size_t k) {
    const contact::QuasiAccelerations q = f.dynamics[k].slipSlip(lp, lm);
    return Eigen::Vector2d(q.normal_plus, q.normal_minus);
  };
  const Eigen::Vector2d n0 = normals(0);
  Eigen::Vector2d n = n0;
  for (std::size_t k = 1; k < 4; ++k) n += x[static_cast<Eigen::Index>(k - 1)] * (normals(k) - n0);
  return n;
}

std::optional<Eigen::Vector3d> invariantLoadDirection(const TwoContactFamily& family) {
  const Eigen::Matrix<double, 6, 1> a0 = family(Eigen::Vector3d::Zero()).freeAcceleration();
  Eigen::Matrix<double, 6, 3> gradient;
  for (int k = 0; k < 3; ++k) {
    gradient.col(k) = family(Eigen::Vector3d::Unit(k)).freeAcceleration() - a0;
  }
  const Eigen::JacobiSVD<Eigen::Matrix<double, 6, 3>> svd(gradient, Eigen::ComputeFullV);
  const Eigen::Vector3d sigma = svd.singularValues();
  if (sigma[2] <= 1e-10 * sigma[0]) return Eigen::Vector3d(svd.matrixV().col(2));
  return std::nullopt;
}

bool realizableAt(const TwoContactFamily& family, const Eigen::Vector3d& x) {
  contact::RealizabilityOptions options;
  options.analyze_roll_roll = false;
  return family(x).analyzeRealizability(options).realizable;
}

std::string toString(BoundingCondition condition) {
  switch (condition) {
    case BoundingCondition::kSlipSlip:
      return "SS";
    case BoundingCondition::kRollSlip:
      return "RS";
    case BoundingCondition::kSlipRoll:
      return "SR";
  }
  return "?";
}

namespace {

// The state of the pipeline below: the faces found so far and what later stages reuse.
struct FaceAssembly {
  StabilityBodyFaces f;
  Eigen::Vector4d s0 = Eigen::Vector4d::Zero();         // switching components at x = 0
  Eigen::Matrix<double, 4, 3> gradient;                 // ... and their gradient in x
  Eigen::Matrix<double, 8, 1> n0;                       // RS/SR normal forces at x = 0
  Eigen::Matrix<double, 8, 3> n_gradient;               // ... and their gradient in x
  double scale = 0.0;                                   // extent of the sheets' samples
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(INFINITY), hi = -lo;  // bounding box
};

// Stage 1: the dynamics and SS numerators at the loads x = 0, e0, e1, e2.
void sampleAtFourLoads(const TwoContactFamily& family, FaceAssembly& fa) {
  for (int k = 0; k < 4; ++k) {
    fa.f.dynamics.push_back(family(unitLoad(k)));
    fa.f.ss_fields[static_cast<std::size_t>(k)] = fa.f.dynamics.back().slipSlipRationalField();
  }
  fa.n0 = oneSlipNormalForces(fa.f.dynamics[0]);
  for (int k = 0; k < 3; ++k) {
    fa.n_gradient.col(k) =
        oneSlipNormalForces(fa.f.dynamics[static_cast<std::size_t>(k + 1)]) - fa.n0;
  }
}

// Stage 2: the four planes from the switching components at the four loads.
void fitPlanes(FaceAssembly& fa) {
  fa.s0 = switchingComponents(fa.f.dynamics[0]);
  for (int k = 0; k < 3; ++k) {
    fa.gradient.col(k) =
        switchingComponents(fa.f.dynamics[static_cast<std::size_t>(k + 1)]) - fa.s0;
  }
  const double inside_sign[4] = {1.0, -1.0, 1.0, -1.0};  // attracting: F1*_k < 0 < F2*_k
  const char* names[4] = {"RS (u1- > 0): du1- = 0", "RS (u1- < 0): du1- = 0",
                          "SR (u1+ > 0): du1+ = 0", "SR (u1+ < 0): du1+ = 0"};
  for (int k = 0; k < 4; ++k) {
    const Eigen::Vector3d g = inside_sign[k] * fa.gradient.row(k).transpose();
    const double norm = g.norm();
    if (!(norm > 1e-12 * (std::fabs(fa.s0[k]) + 1e-300))) {
      throw SolverFailure(std::string("the condition ") + names[k] +
                          " does not depend on the three load parameters");
    }
    fa.f.planes[static_cast<std::size_t>(k)] = {
        g / norm, -inside_sign[k] * fa.s0[k] / norm, names[k],
        k < 2 ? BoundingCondition::kRollSlip : BoundingCondition::kSlipRoll};
  }
}

// Stage 3: affinity, checked at a fifth load: the switching components, the SS numerators at
// two angle pairs and the one-point-slip normal forces must be the affine interpolation.
void checkAffinity(const TwoContactFamily& family, const FaceAssembly& fa) {
  const Eigen::Vector3d x5(0.3125, -0.4375, 0.2265625);
  const contact::TwoContactDynamics d5 = family(x5);
  auto check = [&](const Eigen::VectorXd& at5, const Eigen::VectorXd& interpolated,
                   const Eigen::VectorXd& scale, const char* what) {
    const double tolerance = 1e-8 * (scale.lpNorm<Eigen::Infinity>() + 1e-300);
    if (!((at5 - interpolated).lpNorm<Eigen::Infinity>() <= tolerance)) {
      throw InvalidInput(std::string("the ") + what +
                         " is not affine in the three mesh axes: the exact faces need axes "
                         "that are forces or torques");
    }
  };
  check(switchingComponents(d5), fa.s0 + fa.gradient * x5,
        fa.s0.cwiseAbs() + fa.gradient.cwiseAbs() * x5.cwiseAbs(), "RS/SR switching field");
  check(oneSlipNormalForces(d5), fa.n0 + fa.n_gradient * x5,
        fa.n0.cwiseAbs() + fa.n_gradient.cwiseAbs() * x5.cwiseAbs(), "RS/SR normal force");
  const filippov::TrigRationalSphereField field5 = d5.slipSlipRationalField();
  for (const auto& angles :
       {filippov::AnglePair::fromAngles(0.7, 1.9), filippov::AnglePair::fromAngles(3.9, 4.4)}) {
    const Eigen::Vector3d h0 = numerator(fa.f.ss_fields[0], angles);
    Eigen::Vector3d interp = h0, scale = h0.cwiseAbs();
    for (int k = 0; k < 3; ++k) {
      const Eigen::Vector3d dk =
          numerator(fa.f.ss_fields[static_cast<std::size_t>(k + 1)], angles) - h0;
      interp += x5[k] * dk;
      scale += std::fabs(x5[k]) * dk.cwiseAbs();
    }
    check(numerator(field5, angles), interp, scale, "two-point-slip field");
    const double d0 = fa.f.ss_fields[0].denominator.value(angles);
    if (!(std::fabs(field5.denominator.value(angles) - d0) <= 1e-10 * std::fabs(d0))) {
      throw InvalidInput(
          "the SS normal-force determinant changes with the mesh axes: they are not loads");
    }
  }
}

// Stage 4: the scale of the sheets, from coarse interior samples of both squares.
void measureSheetScale(FaceAssembly& fa) {
  for (int s = 0; s < 2; ++s) {
    for (int a = 1; a < 8; ++a) {
      for (int c = 1; c < 8; ++c) {
        fa.scale = std::max(
            fa.scale, slipSlipBoundaryPoint(fa.f, s * kPi + kPi * a / 8, s * kPi + kPi * c / 8)
                          .lpNorm<Eigen::Infinity>());
      }
    }
  }
}

// Stage 5: the tetrahedron of the planes: vertex k on the three planes other than k, strictly
// inside plane k.
void locateTetrahedron(FaceAssembly& fa) {
  for (int k = 0; k < 4; ++k) {
    Eigen::Matrix3d normals;
    Eigen::Vector3d offsets;
    int row = 0;
    for (int l = 0; l < 4; ++l) {
      if (l == k) continue;
      normals.row(row) = fa.f.planes[static_cast<std::size_t>(l)].outward_normal.transpose();
      offsets[row++] = fa.f.planes[static_cast<std::size_t>(l)].offset;
    }
    const Eigen::FullPivLU<Eigen::Matrix3d> lu(normals);
    const Eigen::Vector3d v = lu.solve(offsets);
    if (lu.rank() < 3 || !v.allFinite() ||
        !(fa.f.planes[static_cast<std::size_t>(k)].signedDistance(v) < 0.0)) {
      throw SolverFailure("the RS/SR planes do not bound a tetrahedron");
    }
    fa.f.tetrahedron_vertices[static_cast<std::size_t>(k)] = v;
  }
}

// The runs of set flags: [first, last] index pairs.
std::vector<std::pair<int, int>> runsOf(const std::vector<char>& flags) {
  std::vector<std::pair<int, int>> out;
  for (int i = 0; i < static_cast<int>(flags.size()); ++i) {
    if (!flags[static_cast<std::size_t>(i)]) continue;
    if (out.empty() || out.back().second != i - 1) {
      out.emplace_back(i, i);
    } else {
      out.back().second = i;
    }
  }
  return out;
}

// Stage 6 (per sheet): the sheet's part inside the planes. The plane values along a sheet are
// N± times a function of one angle, so that part is a product of intervals of theta+ and of
// theta-. Located on a 96 x 96 scan of the open square (which must show the product), the ends
// of the intervals bisected along lines through the inside.
void locateSheetRectangles(FaceAssembly& fa, int s) {
  const StabilityBodyFaces& f = fa.f;
  const double margin = 1e-10 * fa.scale;
  const double lower = s * kPi;
  const int scan = 96;
  auto angle = [&](int i) { return lower + kPi * (i + 0.5) / scan; };
  std::vector<char> in(static_cast<std::size_t>(scan * scan));
  std::vector<char> plus_in(scan, 0), minus_in(scan, 0);
  for (int a = 0; a < scan; ++a) {
    for (int c = 0; c < scan; ++c) {
      const bool inside = outsideness(f, slipSlipBoundaryPoint(f, angle(a), angle(c))) < -margin;
      in[static_cast<std::size_t>(a * scan + c)] = inside;
      plus_in[static_cast<std::size_t>(a)] |= inside;
      minus_in[static_cast<std::size_t>(c)] |= inside;
    }
  }
  for (int a = 0; a < scan; ++a) {
    for (int c = 0; c < scan; ++c) {
      if (in[static_cast<std::size_t>(a * scan + c)] !=
          (plus_in[static_cast<std::size_t>(a)] && minus_in[static_cast<std::size_t>(c)])) {
        throw SolverFailure("the part of the two-point-slip sheet " + std::to_string(s) +
                            " inside the RS/SR planes is not a product of slip-angle "
                            "intervals: not the faces of Fig. 10");
      }
    }
  }
  const auto plus_runs = runsOf(plus_in), minus_runs = runsOf(minus_in);
  if (plus_runs.empty()) return;  // the sheet does not bound this body
  // The ends of a run, bisected along a line of the other angle through the inside.
  auto interval = [&](std::pair<int, int> run, const std::function<double(double)>& outside) {
    auto end_between = [&](double t_in, double t_out) {
      for (int k = 0; k < 80; ++k) {
        const double mid = 0.5 * (t_in + t_out);
        if (mid == t_in || mid == t_out) break;
        (outside(mid) < 0.0 ? t_in : t_out) = mid;
      }
      return t_in;
    };
    const double lo_end =
        run.first == 0 ? lower : end_between(angle(run.first), angle(run.first - 1));
    const double hi_end = run.second == scan - 1
                              ? lower + kPi
                              : end_between(angle(run.second), angle(run.second + 1));
    return std::make_pair(lo_end, hi_end);
  };
  const double minus_inside = angle(minus_runs.front().first);
  const double plus_inside = angle(plus_runs.front().first);
  for (const auto& pr : plus_runs) {
    const auto plus_interval = interval(
        pr, [&](double t) { return outsideness(f, slipSlipBoundaryPoint(f, t, minus_inside)); });
    for (const auto& mr : minus_runs) {
      const auto minus_interval = interval(
          mr, [&](double t) { return outsideness(f, slipSlipBoundaryPoint(f, plus_inside, t)); });
      SheetRectangle rect;
      rect.sheet = s;
      rect.angles = {plus_interval.first, plus_interval.second, minus_interval.first,
                     minus_interval.second};
      fa.f.curved.push_back(rect);
    }
  }
}

// Stage 7: a rectangle across which Def 11 does not change (another SS limit direction decides
// on both sides) bounds nothing: dropped.
void dropRectanglesWithoutChange(const TwoContactFamily& family, FaceAssembly& fa) {
  std::vector<SheetRectangle> kept;
  for (const auto& rect : fa.f.curved) {
    const SlipAngleRectangle& r = rect.angles;
    const SurfacePoint p = slipSlipBoundaryPointWithPartials(
        fa.f, 0.5 * (r.plus_lower + r.plus_upper), 0.5 * (r.minus_lower + r.minus_upper));
    const Eigen::Vector3d n = p.dx_dtheta_plus.cross(p.dx_dtheta_minus).normalized();
    const double probe = 1e-6 * fa.scale;
    if (realizableAt(family, p.x - probe * n) != realizableAt(family, p.x + probe * n)) {
      kept.push_back(rect);
    }
  }
  fa.f.curved = kept;
}

// Stage 8 (per rectangle): checks on a 48 x 48 grid: sides on a plane each, interior inside all
// planes, no fold, positive normal forces of SS there and of RS/SR; the bounding box grows.
void checkRectangle(FaceAssembly& fa, SheetRectangle& rect) {
  const StabilityBodyFaces& f = fa.f;
  const int s = rect.sheet;
  const SlipAngleRectangle& r = rect.angles;
  const int n = 48;
  const double side_tolerance = 1e-8 * fa.scale;
  std::vector<Eigen::Vector3d> normals(static_cast<std::size_t>((n + 1) * (n + 1)));
  std::array<double, 4> side_worst_plane[4];  // per side, max |distance| from each plane
  for (auto& side : side_worst_plane) side.fill(0.0);
  for (int a = 0; a <= n; ++a) {
    for (int c = 0; c <= n; ++c) {
      const double tp = r.plus_lower + (r.plus_upper - r.plus_lower) * a / n;
      const double tm = r.minus_lower + (r.minus_upper - r.minus_lower) * c / n;
      const Eigen::Vector3d x = slipSlipBoundaryPoint(f, tp, tm);
      fa.lo = fa.lo.cwiseMin(x);
      fa.hi = fa.hi.cwiseMax(x);
      const int side_of[4] = {a == 0, c == 0, a == n, c == n};
      const bool on_side = a == 0 || c == 0 || a == n || c == n;
      for (int side = 0; side < 4; ++side) {
        if (!side_of[side]) continue;
        for (std::size_t k = 0; k < 4; ++k) {
          side_worst_plane[side][k] =
              std::max(side_worst_plane[side][k], std::fabs(f.planes[k].signedDistance(x)));
        }
      }
      if (!on_side && !(outsideness(f, x) < 0.0)) {
        throw SolverFailure("the two-point-slip sheet " + std::to_string(s) +
                            " crosses an RS/SR plane inside its rectangle");
      }
      // A fold (x_theta+ parallel to x_theta-, the sheet doubling back) turns the normal over
      // between neighbouring samples; a smooth sheet turns it by far less than 90 degrees over
      // one grid step.
      const SurfacePoint sp = slipSlipBoundaryPointWithPartials(f, tp, tm);
      const Eigen::Vector3d normal = sp.dx_dtheta_plus.cross(sp.dx_dtheta_minus).normalized();
      normals[static_cast<std::size_t>(a * (n + 1) + c)] = normal;
      const bool flips =
          !normal.allFinite() ||
          (a > 0 &&
           !(normal.dot(normals[static_cast<std::size_t>((a - 1) * (n + 1) + c)]) > 0.0)) ||
          (c > 0 && !(normal.dot(normals[static_cast<std::size_t>(a * (n + 1) + c - 1)]) > 0.0));
      if (flips) {
        throw SolverFailure("the two-point-slip sheet " + std::to_string(s) +
                            " folds over near slip angles (" + formatValue(tp) + ", " +
                            formatValue(tm) + ") rad: it is not a face of the body there");
      }
      const Eigen::Vector2d nss = slipSlipNormalForces(f, tp, tm, x);
      const Eigen::Matrix<double, 8, 1> nrs = fa.n0 + fa.n_gradient * x;
      if (!(nss.minCoeff() > 0.0) || !(nrs.minCoeff() > 0.0)) {
        throw SolverFailure(
            "a normal force vanishes on the two-point-slip face: contact loss bounds this "
            "body, which the exact faces do not cover");
      }
    }
  }
  for (int side = 0; side < 4; ++side) {
    int plane = -1;
    for (int k = 0; k < 4; ++k) {
      if (side_worst_plane[side][static_cast<std::size_t>(k)] <= side_tolerance) plane = k;
    }
    if (plane < 0) {
      throw SolverFailure("a side of the two-point-slip face " + std::to_string(s) +
                          " does not lie on an RS/SR plane");
    }
    rect.side_plane[static_cast<std::size_t>(side)] = plane;
  }
}

// Stage 9: the diameter: the curved faces' samples and the tetrahedron's vertices that belong
// to the body (Def 11 just inside them).
void measureDiameter(const TwoContactFamily& family, FaceAssembly& fa) {
  const auto& t = fa.f.tetrahedron_vertices;
  const Eigen::Vector3d centroid = 0.25 * (t[0] + t[1] + t[2] + t[3]);
  for (const auto& v : t) {
    if (!realizableAt(family, v + 1e-3 * (centroid - v))) continue;
    fa.lo = fa.lo.cwiseMin(v);
    fa.hi = fa.hi.cwiseMax(v);
  }
  if (!(fa.hi - fa.lo).allFinite()) throw SolverFailure("no face of the body was found");
  fa.f.diameter = (fa.hi - fa.lo).norm();
}

}  // namespace

StabilityBodyFaces stabilityBodyFaces(const TwoContactFamily& family) {
  if (!family) throw InvalidInput("the two-contact family is empty");
  if (const auto d = invariantLoadDirection(family)) {
    throw InvalidInput("the realizable set is unbounded along the direction (" +
                       formatValue((*d)[0]) + ", " + formatValue((*d)[1]) + ", " +
                       formatValue((*d)[2]) + ") of the three axes");
  }
  FaceAssembly fa;
  sampleAtFourLoads(family, fa);
  fitPlanes(fa);
  checkAffinity(family, fa);
  measureSheetScale(fa);
  locateTetrahedron(fa);
  for (int sheet = 0; sheet < 2; ++sheet) locateSheetRectangles(fa, sheet);
  dropRectanglesWithoutChange(family, fa);
  for (auto& rect : fa.f.curved) checkRectangle(fa, rect);
  measureDiameter(family, fa);
  return fa.f;
}

}  // namespace nsd::stability_body
