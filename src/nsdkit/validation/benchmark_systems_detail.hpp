#pragma once
/// @file benchmark_systems_detail.hpp
/// Internal: what the one-plane systems' sources share (defined in benchmark_systems.cpp).

#include <nsdkit/validation/one_plane_families.hpp>

namespace nsd::validation::detail {

/// @throws InvalidInput naming `system` unless the model's family is `family`.
void requireFamily(const OnePlaneModel& m, CaseFamily family, const char* system);
/// Omega . n at t = duration under the drilling torque: tau_n t / J [rad/s].
double drillingSpinAtEnd(const OnePlaneModel& m);
/// A body at rest on the slope s: the drilling spin, the threshold of tan s and whether tan s is
/// below it (OnePlaneReference::rolls; tan s as sin s / cos s).
OnePlaneReference atRestOnSlope(const OnePlaneModel& m, double threshold_tan_slope);
/// Sliding down the slope: g (sin s - mu cos s) [m/s^2].
double slidingAcceleration(const OnePlaneModel& m);
/// Incline, creep and the block on a slope: uniform acceleration from rest along e, the spin about
/// a growing at the constant rate ref.spin_rate_rad_s / duration, the drilling spin at tau_n t / J.
BodyState uniformlyAcceleratedFromRest(const OnePlaneModel& m, const OnePlaneReference& ref,
                                       double t);

}  // namespace nsd::validation::detail
