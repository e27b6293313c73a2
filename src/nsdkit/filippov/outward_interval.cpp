// Outward-rounded enclosures of cos and sin (outward_interval.hpp).
#include <nsdkit/filippov/outward_interval.hpp>

#include <algorithm>
#include <cmath>

namespace nsd::filippov::certified {

namespace {

// Bound on the error of libm's cos and sin at a double argument: glibc documents at most 1 ulp
// for both on x86-64 and AArch64 ("Known Maximum Errors in Math Functions" of its manual), and
// an ulp of a value in [-1, 1] is at most 2^-52; 2^-50 leaves a factor 4.
constexpr double kLibmError = 0x1p-50;

Interval valueWithLibmError(double value) {
  return Interval(std::max(-1.0, value - kLibmError), std::min(1.0, value + kLibmError));
}

}  // namespace

Interval piEnclosure() {
  // 0x1.921fb54442d18p1 is the double just below pi; the next double is above it.
  constexpr double kPiBelow = 0x1.921fb54442d18p1;
  return Interval(kPiBelow, std::nextafter(kPiBelow, 4.0));
}

CosSinEnclosure cosSinEnclosure(const Interval& angle) {
  const double lo = angle.lower(), hi = angle.upper();
  const Interval pi = piEnclosure();
  CosSinEnclosure out;
  if (!(hi - lo < 6.0)) {  // wider than about a turn (or not finite): the whole range
    out.cos = Interval(-1.0, 1.0);
    out.sin = Interval(-1.0, 1.0);
    return out;
  }
  out.cos = hull(valueWithLibmError(std::cos(lo)), valueWithLibmError(std::cos(hi)));
  out.sin = hull(valueWithLibmError(std::sin(lo)), valueWithLibmError(std::sin(hi)));
  // The extrema at q pi / 2 (cos = 1, sin = 1, cos = -1, sin = -1 for q = 0, 1, 2, 3 mod 4),
  // included whenever the enclosure of q pi / 2 meets the interval (a candidate range one
  // wider on each side than the floating-point quotient suggests).
  // q pi / 2 lies in [q pi_lo / 2, q pi_hi / 2] (q >= 0; reversed for q < 0); each product is
  // rounded to nearest and moved one step outward (halving is exact).
  const double quarter_lo = 0.5 * pi.lower(), quarter_hi = 0.5 * pi.upper();
  const long first = static_cast<long>(std::floor(lo / quarter_lo)) - 1;
  const long last = static_cast<long>(std::ceil(hi / quarter_lo)) + 1;
  for (long q = first; q <= last; ++q) {
    const double qd = static_cast<double>(q);
    const double a = qd * (q >= 0 ? quarter_lo : quarter_hi);
    const double b = qd * (q >= 0 ? quarter_hi : quarter_lo);
    if (OutwardRounding::up(b) < lo || OutwardRounding::down(a) > hi) continue;
    switch (((q % 4) + 4) % 4) {
      case 0:
        out.cos = hull(out.cos, Interval(1.0));
        break;
      case 1:
        out.sin = hull(out.sin, Interval(1.0));
        break;
      case 2:
        out.cos = hull(out.cos, Interval(-1.0));
        break;
      default:
        out.sin = hull(out.sin, Interval(-1.0));
        break;
    }
  }
  return out;
}

}  // namespace nsd::filippov::certified
