#pragma once
/// @file outward_interval.hpp
/// Internal (not installed): interval arithmetic with outward rounding for the interval
/// certificates of the rational limit-direction searches (interval_certificate.hpp).
///
/// Intervals are boost::numeric::interval<double> with a rounding policy that never changes the
/// processor's rounding mode: every operation (+, -, *, /, sqrt) is computed in the default
/// round-to-nearest mode and its result moved one step outward with std::nextafter.
/// Why this encloses the exact result r: IEEE 754 rounds these operations correctly, so the
/// computed fl(r) is a double nearest to r; no double lies strictly between fl(r) and r, hence
/// nextafter(fl(r), -inf) <= r <= nextafter(fl(r), +inf). This holds for subnormal results too
/// (the step is then the smallest subnormal) and for overflow (fl(r) = +inf only when r exceeds
/// DBL_MAX, the lower end returned). It needs round-to-nearest (the default; nsdkit never
/// changes it) and operations rounded to double once (SSE2 arithmetic: every x86-64 and ARM64
/// build; no x87 extended precision, no -ffast-math).

#include <boost/numeric/interval.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace nsd::filippov::certified {

/// Rounding policy of Interval (see the file comment for why it is outward).
struct OutwardRounding : boost::numeric::interval_lib::rounded_arith_exact<double> {
  /// The next double above x (std::nextafter(x, +inf), inline): one step of the bit pattern,
  /// which orders finite doubles of one sign; from 0 (either sign) the smallest subnormal.
  static double up(double x) {
    if (!(x < std::numeric_limits<double>::infinity())) return x;  // +inf or NaN
    if (x == 0.0) return std::numeric_limits<double>::denorm_min();
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    bits = x > 0.0 ? bits + 1 : bits - 1;
    std::memcpy(&x, &bits, sizeof bits);
    return x;
  }
  /// The next double below x.
  static double down(double x) { return -up(-x); }
  double add_down(const double& x, const double& y) { return down(x + y); }
  double add_up(const double& x, const double& y) { return up(x + y); }
  double sub_down(const double& x, const double& y) { return down(x - y); }
  double sub_up(const double& x, const double& y) { return up(x - y); }
  double mul_down(const double& x, const double& y) { return down(x * y); }
  double mul_up(const double& x, const double& y) { return up(x * y); }
  double div_down(const double& x, const double& y) { return down(x / y); }
  double div_up(const double& x, const double& y) { return up(x / y); }
  double sqrt_down(const double& x) { return x > 0.0 ? std::fmax(0.0, down(std::sqrt(x))) : 0.0; }
  double sqrt_up(const double& x) { return up(std::sqrt(x)); }
};

using Interval = boost::numeric::interval<
    double, boost::numeric::interval_lib::policies<
                OutwardRounding, boost::numeric::interval_lib::checking_base<double>>>;

/// Enclosures of cos and sin over a set of angles.
struct CosSinEnclosure {
  Interval cos{1.0};
  Interval sin{0.0};
};

/// cos and sin over the angles [angle.lower(), angle.upper()] [rad], any width: the values at
/// both ends (libm's, widened by the bound of its error, see the .cpp), joined with every
/// extremum (±1 at the multiples of pi / 2, located with an enclosure of pi) that may lie in
/// the interval.
CosSinEnclosure cosSinEnclosure(const Interval& angle);

/// An enclosure of pi (its two neighbouring doubles).
Interval piEnclosure();

}  // namespace nsd::filippov::certified
