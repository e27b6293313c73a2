#pragma once
/// @file ball_trough_analysis.hpp
/// Numerical checks of the paper's ball-in-trough results through the *generic* route:
/// the special values (90) and the maximum realizable acceleration (91) are located by bisection
/// on the Def-11 predicate, never from the formulas.

#include <Eigen/Core>
#include <array>
#include <map>
#include <string>
#include <vector>

#include <nsdkit/contact/escape_set.hpp>
#include <nsdkit/core/bisection.hpp>
#include <nsdkit/models/ball_trough.hpp>

namespace nsd::models {

/// A bisection result: the located value and its bracket width (error bound).
using nsd::BisectionResult;  // core/bisection.hpp

/// m_z3: the largest m_z with realizable rolling, on the axis (0, 0, m_z) (top of the body,
/// the maximum of (88) at phi+ = phi- = pi/2).
BisectionResult numericalMz3(const BallTroughParameters& p, double tolerance = 1e-9);

/// m_z1: below it the two-point-slip condition never bounds the region. Located as the m_z at
/// which an SS escape first appears on the boundary of the tetrahedron cross-section (sampled
/// with `samples_per_side` points per side, shrunk by `inset` towards its centre).
BisectionResult numericalMz1(const BallTroughParameters& p, double tolerance = 1e-6,
                             int samples_per_side = 200, double inset = 1e-7);

/// m_z2: above it the planes (82)-(83) no longer bound the region: no point just inside the
/// tetrahedron cross-section boundary is realizable.
BisectionResult numericalMz2(const BallTroughParameters& p, double tolerance = 1e-6,
                             int samples_per_side = 200, double inset = 1e-7);

/// Largest realizable rolling acceleration over the section m_z = const of the stability body,
/// found without using (91): the section's boundary is located by bisection on the generic Def-11
/// predicate along 360 rays from (0, 0, m_z), dv/dt of the generic RR solution is maximized over
/// it, and the best angle is refined by golden-section search to 1e-10 rad. For the paper's ball
/// the maximum is sqrt2 mu g on the edge (91) for |m_z| <= m_z1.
/// @throws InvalidInput if (0, 0, m_z) is not realizable.
struct MaxAccelerationResult {
  double acceleration = 0.0;                         ///< [m/s^2], from the generic F_RR.
  Eigen::Vector3d torque = Eigen::Vector3d::Zero();  ///< dimensionless, at the boundary.
  double bracket_width = 0.0;  ///< of the last radial bisection [dimensionless torque].
};
/// The MaxAccelerationResult of the section at `m_z` (radial bisections to `tolerance`).
/// @throws InvalidInput if (0, 0, m_z) is not realizable or tolerance is not positive.
MaxAccelerationResult numericalMaxAcceleration(const BallTroughParameters& p, double m_z = 0.0,
                                               double tolerance = 1e-10);

/// The realizable part of the edge of maximum acceleration (91) (m_x - m_y = 2 mu (1 + 2j),
/// m_x + m_y = -2 mu m_z; Fig. 11's red edge), probed 1e-7 inside the edge: both ends of the
/// realizable m_z interval by bisection on the generic Def-11 predicate, each bracket checked
/// (m_z = 0 realizable, +-m_z3 not). For the paper's ball the ends are +-m_z1.
struct EdgeExtent {
  BisectionResult lower;  ///< lower end: the realizable m_z range starts at lower.last_true
  BisectionResult upper;  ///< upper end: the range ends at upper.last_true
};
/// The EdgeExtent of `p`, each end bisected to `tolerance`. @throws InvalidInput if a bracket
/// does not hold (the edge is not realizable at m_z = 0, or is at +-m_z3), or from p.mu().
EdgeExtent maxAccelerationEdgeExtent(const BallTroughParameters& p, double tolerance = 1e-9);

/// Def-11 verdicts of a grid of torques over the tetrahedron's bounding box (|m_x|, |m_y| <=
/// 2.1 mu (1 + 2j), |m_z| <= 1.05 m_z3), points_per_axis^3 points, by the generic route on
/// `threads` workers (the result does not depend on the thread count).
struct TorqueGridClassification {
  int points_per_axis = 0;    ///< grid points per axis, in [2, 400]
  double half_width_xy = 0.0;  ///< |m_x|, |m_y| <= this: 2.1 mu (1 + 2j)
  double half_width_z = 0.0;   ///< |m_z| <= this: 1.05 m_z3
  std::vector<Eigen::Vector3d> torques;  ///< dimensionless (79); m_x slowest, m_z fastest
  std::vector<char> realizable;           ///< 1 where torques[i] is realizable (Def 11)
  /// The failing modes (RS, SR, SS) at torques[i]; empty where realizable.
  std::vector<contact::EscapeSet> failing_modes;
  /// "realizable" or the failing modes' label ("RS|SS", contact::verdictLabel) -> points.
  std::map<std::string, std::size_t> counts;
  double seconds = 0.0;                       ///< wall time of the classification
};
/// @throws InvalidInput for points_per_axis outside [2, 400] or threads < 1.
TorqueGridClassification classifyTorqueGrid(const BallTroughParameters& p, int points_per_axis,
                                            unsigned threads);

/// Corners of the tetrahedron cross-section at height m_z (a parallelogram for |m_z| < 1),
/// counter-clockwise, as (m_x, m_y).
std::array<Eigen::Vector2d, 4> tetrahedronSection(const BallTroughParameters& p, double m_z);

}  // namespace nsd::models
