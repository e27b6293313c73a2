#pragma once
/// @file angles.hpp
/// Angle helpers. All angles in nsdkit are in radians.

#include <cmath>

namespace nsd {

/// pi to double precision.
inline constexpr double kPi = 3.14159265358979323846;
/// 2 pi to double precision.
inline constexpr double kTwoPi = 6.28318530717958647692;

/// Degrees per radian, 180 / pi (case files convert with it both ways).
inline constexpr double kDegreesPerRadian = 180.0 / kPi;
/// Radians per degree, pi / 180.
inline constexpr double kRadiansPerDegree = kPi / 180.0;

/// Degrees to radians: deg / 180 pi (exact for 90, 45, 180: the fraction first).
inline constexpr double degreesToRadians(double degrees) { return degrees / 180.0 * kPi; }

/// Radians to degrees.
inline constexpr double radiansToDegrees(double radians) { return radians / kPi * 180.0; }

/// Wraps an angle [rad] into [0, 2 pi).
inline double wrapToTwoPi(double angle_rad) {
  double wrapped = std::fmod(angle_rad, kTwoPi);
  if (wrapped < 0.0) wrapped += kTwoPi;
  if (wrapped >= kTwoPi) wrapped = 0.0;
  return wrapped;
}

/// Wraps an angle in [-pi, pi] (an atan2 result) into [0, 2 pi) without fmod or branches.
inline double wrapHalfTurnToTwoPi(double angle_rad) {
  double wrapped = angle_rad + kTwoPi * static_cast<double>(angle_rad < 0.0);
  wrapped *= static_cast<double>(wrapped < kTwoPi);  // -tiny + 2 pi rounds to 2 pi: that is 0
  return wrapped;
}

/// Smallest absolute difference [rad] between two angles on the circle, in [0, pi].
inline double circularDistance(double a_rad, double b_rad) {
  const double d = std::fabs(wrapToTwoPi(a_rad - b_rad));
  return d > kPi ? kTwoPi - d : d;
}

}  // namespace nsd
