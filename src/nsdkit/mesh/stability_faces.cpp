#include <nsdkit/mesh/stability_faces.hpp>

#include <Eigen/Geometry>
#include <Eigen/LU>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::mesh {
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

// The interval of one angle (the other fixed) over which the sheet is inside all planes,
// within (lower, lower + pi): sampled, its ends bisected to machine precision (or the square's
// edges).
std::pair<double, double> insideInterval(const std::function<double(double)>& outside, double lower,
                                         double margin, int sheet, const char* angle) {
  const int n = 720;
  std::vector<bool> in(n + 1, false);
  for (int i = 1; i < n; ++i)
    in[static_cast<std::size_t>(i)] = outside(lower + kPi * i / n) < -margin;
  int first = -1, last = -1, runs = 0;
  for (int i = 1; i < n; ++i) {
    if (in[static_cast<std::size_t>(i)] && !in[static_cast<std::size_t>(i - 1)]) ++runs;
    if (in[static_cast<std::size_t>(i)]) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (runs != 1) {
    throw SolverFailure("the two-point-slip sheet " + std::to_string(sheet) +
                        " is inside the RS/SR " + "planes over " + std::to_string(runs) +
                        " intervals of " + angle + " (one expected): not the faces of Fig. 10");
  }
  auto end_between = [&](double t_in, double t_out) {
    for (int k = 0; k < 80; ++k) {
      const double mid = 0.5 * (t_in + t_out);
      if (mid == t_in || mid == t_out) break;
      (outside(mid) < 0.0 ? t_in : t_out) = mid;
    }
    return t_in;
  };
  const double lo =
      first == 1 ? lower : end_between(lower + kPi * first / n, lower + kPi * (first - 1) / n);
  const double hi = last == n - 1
                        ? lower + kPi
                        : end_between(lower + kPi * last / n, lower + kPi * (last + 1) / n);
  return {lo, hi};
}

}  // namespace

Eigen::Vector3d slipSlipBoundaryPoint(const StabilityBodyFaces& f, double theta_plus,
                                      double theta_minus) {
  const auto angles = filippov::AnglePair::fromAngles(theta_plus, theta_minus);
  const Eigen::Vector3d h0 = numerator(f.ss_fields[0], angles);
  Eigen::Matrix3d a;
  for (int k = 0; k < 3; ++k)
    a.col(k) = numerator(f.ss_fields[static_cast<std::size_t>(k + 1)], angles) - h0;
  const Eigen::FullPivLU<Eigen::Matrix3d> lu(a);
  if (lu.rank() < 3 || !(lu.rcond() > 1e-13)) {
    throw SolverFailure("the two-point-slip boundary is singular at slip angles (" +
                        formatValue(theta_plus) + ", " + formatValue(theta_minus) +
                        ") rad: the loads on the axes cannot cancel the SS field there");
  }
  return lu.solve(-h0);
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
  const Eigen::FullPivLU<Eigen::Matrix3d> lu(a);
  if (lu.rank() < 3 || !(lu.rcond() > 1e-13)) {
    throw SolverFailure("the two-point-slip boundary is singular at slip angles (" +
                        formatValue(theta_plus) + ", " + formatValue(theta_minus) + ") rad");
  }
  SurfacePoint out;
  out.x = lu.solve(-h[0].col(0));
  out.dx_dtheta_plus = lu.solve(-(a_p * out.x + h[0].col(1)));
  out.dx_dtheta_minus = lu.solve(-(a_q * out.x + h[0].col(2)));
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

StabilityBodyFaces stabilityBodyFaces(const TwoContactFamily& family) {
  if (!family) throw InvalidInput("the two-contact family is empty");
  if (const auto d = invariantLoadDirection(family)) {
    throw InvalidInput("the realizable set is unbounded along the direction (" +
                       formatValue((*d)[0]) + ", " + formatValue((*d)[1]) + ", " +
                       formatValue((*d)[2]) + ") of the three axes");
  }
  StabilityBodyFaces f;
  for (int k = 0; k < 4; ++k) {
    f.dynamics.push_back(family(unitLoad(k)));
    f.ss_fields[static_cast<std::size_t>(k)] = f.dynamics.back().slipSlipRationalField();
  }

  // The four planes from the switching components at the four loads.
  const Eigen::Vector4d s0 = switchingComponents(f.dynamics[0]);
  Eigen::Matrix<double, 4, 3> gradient;
  for (int k = 0; k < 3; ++k)
    gradient.col(k) = switchingComponents(f.dynamics[static_cast<std::size_t>(k + 1)]) - s0;
  const double inside_sign[4] = {1.0, -1.0, 1.0, -1.0};  // attracting: F1*_k < 0 < F2*_k
  const char* names[4] = {"RS (u1- > 0): du1- = 0", "RS (u1- < 0): du1- = 0",
                          "SR (u1+ > 0): du1+ = 0", "SR (u1+ < 0): du1+ = 0"};
  for (int k = 0; k < 4; ++k) {
    const Eigen::Vector3d g = inside_sign[k] * gradient.row(k).transpose();
    const double norm = g.norm();
    if (!(norm > 1e-12 * (std::fabs(s0[k]) + 1e-300))) {
      throw SolverFailure(std::string("the condition ") + names[k] +
                          " does not depend on the three load parameters");
    }
    f.planes[static_cast<std::size_t>(k)] = {g / norm, -inside_sign[k] * s0[k] / norm, names[k]};
  }

  // Affinity, checked at a fifth load: the switching components, the SS numerators at two
  // angle pairs and the one-point-slip normal forces must be the affine interpolation.
  {
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
    check(switchingComponents(d5), s0 + gradient * x5,
          s0.cwiseAbs() + gradient.cwiseAbs() * x5.cwiseAbs(), "RS/SR switching field");
    const Eigen::Matrix<double, 8, 1> n0 = oneSlipNormalForces(f.dynamics[0]);
    Eigen::Matrix<double, 8, 1> n_interp = n0, n_scale = n0.cwiseAbs();
    for (int k = 0; k < 3; ++k) {
      const Eigen::Matrix<double, 8, 1> dk =
          oneSlipNormalForces(f.dynamics[static_cast<std::size_t>(k + 1)]) - n0;
      n_interp += x5[k] * dk;
      n_scale += std::fabs(x5[k]) * dk.cwiseAbs();
    }
    check(oneSlipNormalForces(d5), n_interp, n_scale, "RS/SR normal force");
    const filippov::TrigRationalSphereField field5 = d5.slipSlipRationalField();
    for (const auto& angles :
         {filippov::AnglePair::fromAngles(0.7, 1.9), filippov::AnglePair::fromAngles(3.9, 4.4)}) {
      const Eigen::Vector3d h0 = numerator(f.ss_fields[0], angles);
      Eigen::Vector3d interp = h0, scale = h0.cwiseAbs();
      for (int k = 0; k < 3; ++k) {
        const Eigen::Vector3d dk =
            numerator(f.ss_fields[static_cast<std::size_t>(k + 1)], angles) - h0;
        interp += x5[k] * dk;
        scale += std::fabs(x5[k]) * dk.cwiseAbs();
      }
      check(numerator(field5, angles), interp, scale, "two-point-slip field");
      const double d0 = f.ss_fields[0].denominator.value(angles);
      if (!(std::fabs(field5.denominator.value(angles) - d0) <= 1e-10 * std::fabs(d0))) {
        throw InvalidInput(
            "the SS normal-force determinant changes with the mesh axes: they are not loads");
      }
    }
  }

  // Scale of the sheets: coarse interior samples of both squares.
  double scale = 0.0;
  for (int s = 0; s < 2; ++s) {
    for (int a = 1; a < 8; ++a) {
      for (int c = 1; c < 8; ++c) {
        scale =
            std::max(scale, slipSlipBoundaryPoint(f, s * kPi + kPi * a / 8, s * kPi + kPi * c / 8)
                                .lpNorm<Eigen::Infinity>());
      }
    }
  }
  const double margin = 1e-10 * scale;

  // Each sheet trimmed to the rectangle inside all planes (trimming lines are lines of one
  // angle): located on a 96 x 96 scan of the open square, which must show a rectangle of inside
  // points, then its ends bisected along the lines through its middle.
  for (int s = 0; s < 2; ++s) {
    const double lower = s * kPi;
    const int scan = 96;
    auto angle = [&](int i) { return lower + kPi * (i + 0.5) / scan; };
    std::vector<char> in(static_cast<std::size_t>(scan * scan));
    int a0 = scan, a1 = -1, c0 = scan, c1 = -1, count = 0;
    for (int a = 0; a < scan; ++a) {
      for (int c = 0; c < scan; ++c) {
        const bool inside = outsideness(f, slipSlipBoundaryPoint(f, angle(a), angle(c))) < -margin;
        in[static_cast<std::size_t>(a * scan + c)] = inside;
        if (!inside) continue;
        ++count;
        a0 = std::min(a0, a);
        a1 = std::max(a1, a);
        c0 = std::min(c0, c);
        c1 = std::max(c1, c);
      }
    }
    if (count == 0) {
      throw SolverFailure("the two-point-slip sheet " + std::to_string(s) +
                          " is nowhere inside the RS/SR planes: not the faces of Fig. 10");
    }
    if (count != (a1 - a0 + 1) * (c1 - c0 + 1)) {
      throw SolverFailure("the part of the two-point-slip sheet " + std::to_string(s) +
                          " inside the RS/SR planes is not a rectangle of slip angles: not the "
                          "faces of Fig. 10");
    }
    SlipAngleRectangle r;
    const double minus_middle = 0.5 * (angle(c0) + angle(c1));
    std::tie(r.plus_lower, r.plus_upper) = insideInterval(
        [&](double t) { return outsideness(f, slipSlipBoundaryPoint(f, t, minus_middle)); },
        lower, margin, s, "theta+");
    const double plus_middle = 0.5 * (angle(a0) + angle(a1));
    std::tie(r.minus_lower, r.minus_upper) = insideInterval(
        [&](double t) { return outsideness(f, slipSlipBoundaryPoint(f, plus_middle, t)); }, lower,
        margin, s, "theta-");
    f.curved[static_cast<std::size_t>(s)] = r;
  }

  // Checks on a grid of each rectangle: sides on one plane each (four different planes),
  // interior inside all planes, positive normal forces of SS there and of RS/SR.
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(INFINITY), hi = -lo;
  const Eigen::Matrix<double, 8, 1> n0 = oneSlipNormalForces(f.dynamics[0]);
  Eigen::Matrix<double, 8, 3> n_gradient;
  for (int k = 0; k < 3; ++k)
    n_gradient.col(k) = oneSlipNormalForces(f.dynamics[static_cast<std::size_t>(k + 1)]) - n0;
  const double side_tolerance = 1e-8 * scale;
  for (int s = 0; s < 2; ++s) {
    const SlipAngleRectangle& r = f.curved[static_cast<std::size_t>(s)];
    const int n = 48;
    std::vector<Eigen::Vector3d> normals(static_cast<std::size_t>((n + 1) * (n + 1)));
    std::array<double, 4> side_worst_plane[4];  // per side, max |distance| from each plane
    for (auto& side : side_worst_plane) side.fill(0.0);
    for (int a = 0; a <= n; ++a) {
      for (int c = 0; c <= n; ++c) {
        const double tp = r.plus_lower + (r.plus_upper - r.plus_lower) * a / n;
        const double tm = r.minus_lower + (r.minus_upper - r.minus_lower) * c / n;
        const Eigen::Vector3d x = slipSlipBoundaryPoint(f, tp, tm);
        lo = lo.cwiseMin(x);
        hi = hi.cwiseMax(x);
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
        // A fold (x_theta+ parallel to x_theta-, the sheet doubling back) turns the normal
        // over between neighbouring samples; a smooth sheet turns it by far less than 90
        // degrees over one grid step.
        {
          const SurfacePoint sp = slipSlipBoundaryPointWithPartials(f, tp, tm);
          const Eigen::Vector3d normal = sp.dx_dtheta_plus.cross(sp.dx_dtheta_minus).normalized();
          normals[static_cast<std::size_t>(a * (n + 1) + c)] = normal;
          const bool flips =
              !normal.allFinite() ||
              (a > 0 &&
               !(normal.dot(normals[static_cast<std::size_t>((a - 1) * (n + 1) + c)]) > 0.0)) ||
              (c > 0 &&
               !(normal.dot(normals[static_cast<std::size_t>(a * (n + 1) + c - 1)]) > 0.0));
          if (flips) {
            throw SolverFailure("the two-point-slip sheet " + std::to_string(s) +
                                " folds over near slip angles (" + formatValue(tp) + ", " +
                                formatValue(tm) + ") rad: it is not a face of the body there");
          }
        }
        const Eigen::Vector2d nss = slipSlipNormalForces(f, tp, tm, x);
        const Eigen::Matrix<double, 8, 1> nrs = n0 + n_gradient * x;
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
      f.side_plane[static_cast<std::size_t>(s)][static_cast<std::size_t>(side)] = plane;
    }
    auto sides = f.side_plane[static_cast<std::size_t>(s)];
    std::sort(sides.begin(), sides.end());
    if (std::unique(sides.begin(), sides.end()) != sides.end()) {
      throw SolverFailure("two sides of the two-point-slip face " + std::to_string(s) +
                          " lie on the same plane");
    }
  }
  f.diameter = (hi - lo).norm();
  return f;
}

}  // namespace nsd::mesh
