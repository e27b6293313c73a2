#include <nsdkit/friction/combined_friction.hpp>

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::friction {
namespace {

double moment(const PressureDistribution& p, int k) {
  boost::math::quadrature::tanh_sinh<double> ts;
  return ts.integrate([&](double r) { return p.sigma(r) * std::pow(r, k); }, 0.0, 1.0, 1e-13);
}

void validateMotion(const CombinedMotion& m) {
  requireFinite(m.v, "sliding velocity v");
  requireFinite(m.u, "whirling velocity u");
  requireFinite(m.k_r, "rolling coefficient k_r");
  requireFinite(m.beta, "rolling angle beta");
  if (m.v < 0.0) throw InvalidInput("sliding velocity v must be >= 0, got " + formatValue(m.v));
  if (std::fabs(m.k_r) > 1.0) {
    throw InvalidInput("rolling coefficient k_r must satisfy |k_r| <= 1, got " +
                       formatValue(m.k_r));
  }
}

}  // namespace

PressureDistribution hertzPressure() {
  return {[](double r) { return 1.5 / kPi * std::sqrt(std::max(0.0, 1.0 - r * r)); }, "hertz"};
}

PressureDistribution uniformPressure() {
  return {[](double) { return 1.0 / kPi; }, "uniform"};
}

PressureDistribution customPressure(std::function<double(double)> sigma, std::string name) {
  if (!sigma) throw InvalidInput("pressure distribution is empty");
  for (int k = 0; k <= 100; ++k) {
    const double v = sigma(k / 100.0);
    if (!std::isfinite(v) || v < 0.0) {
      throw InvalidInput("pressure distribution must be finite and >= 0, got " + formatValue(v) +
                         " at r = " + formatValue(k / 100.0));
    }
  }
  PressureDistribution raw{sigma, name};
  const double total = kTwoPi * moment(raw, 1);
  if (!(total > 0.0)) throw InvalidInput("pressure distribution integrates to zero");
  return {[sigma, total](double r) { return sigma(r) / total; }, std::move(name)};
}

FrictionResultant exactFriction(const CombinedMotion& motion, const PressureDistribution& pressure,
                                double relative_tolerance) {
  validateMotion(motion);
  requirePositive(relative_tolerance, "relative_tolerance");
  if (!pressure.sigma) throw InvalidInput("pressure distribution is empty");
  const double u = motion.u, v = motion.v;
  if (u == 0.0 && v == 0.0) {
    throw InvalidInput("friction is undefined for u = v = 0 (no sliding and no whirling)");
  }
  const double kr = motion.k_r, sb = std::sin(motion.beta), cb = std::cos(motion.beta);
  const auto& sigma = pressure.sigma;
  FrictionResultant out;
  boost::math::quadrature::tanh_sinh<double> inner;
  double inner_error_max = 0.0;

  // Integrand families: component c = 0 (F_par), 1 (F_perp), 2 (M_c).
  const bool singular = u != 0.0 && std::fabs(v / u) < 1.0;
  const double d = singular ? v / u : 0.0;
  const double su = u >= 0.0 ? 1.0 : -1.0;

  auto integrate_component = [&](int c) {
    auto outer_integrand = [&](double angle) {
      double value = 0.0, err = 0.0, l1 = 0.0;
      if (singular) {
        // Polar coordinates about the instantaneous centre P = (0, d): x = rho cos t,
        // y = d + rho sin t, |V| = |u| rho.
        const double st = std::sin(angle), ct = std::cos(angle);
        const double rho_max = -d * st + std::sqrt(std::max(0.0, 1.0 - d * d * ct * ct));
        auto f = [&](double rho) {
          ++out.evaluations;
          const double y = d + rho * st;
          const double r = std::sqrt(std::min(1.0, rho * rho * ct * ct + y * y));
          const double s = sigma(r);
          const double asym = 1.0 - kr * y * sb;
          switch (c) {
            case 0:  // (v - u y)/|V| = -sgn(u) sin t
              return s * asym * (-su * st) * rho;
            case 1:  // k_r cos b u x^2 / |V| = k_r cos b sgn(u) rho cos^2 t
              return kr * cb * s * su * rho * ct * ct * rho;
            default:  // (u r^2 - v y)/|V| = sgn(u) (rho + d sin t)
              return s * asym * su * (rho + d * st) * rho;
          }
        };
        value = rho_max > 0.0
                    ? inner.integrate(f, 0.0, rho_max, relative_tolerance * 0.1, &err, &l1)
                    : 0.0;
      } else {
        const double sp = std::sin(angle), cp = std::cos(angle);
        auto f = [&](double r) {
          ++out.evaluations;
          const double speed = std::sqrt(std::max(0.0, u * u * r * r + v * v - 2 * u * v * r * sp));
          if (speed == 0.0) return 0.0;
          const double s = sigma(r);
          const double asym = 1.0 - kr * r * sp * sb;
          switch (c) {
            case 0:
              return (v - u * r * sp) * r * s * asym / speed;
            case 1:
              return kr * cb * u * r * r * r * s * cp * cp / speed;
            default:
              return (u * r * r - v * r * sp) * r * s * asym / speed;
          }
        };
        value = inner.integrate(f, 0.0, 1.0, relative_tolerance * 0.1, &err, &l1);
      }
      inner_error_max = std::max(inner_error_max, err);
      return value;
    };
    double error = 0.0;
    const double result = boost::math::quadrature::gauss_kronrod<double, 31>::integrate(
        outer_integrand, 0.0, kTwoPi, 15, relative_tolerance, &error);
    out.error_estimate = std::max(out.error_estimate, error + kTwoPi * inner_error_max);
    return result;
  };
  out.f_par = integrate_component(0);
  out.f_perp = kr == 0.0 ? 0.0 : integrate_component(1);
  out.m_c = integrate_component(2);
  const double scale = std::max({std::fabs(out.f_par), std::fabs(out.m_c), 1e-3});
  if (!std::isfinite(out.f_par) || !std::isfinite(out.f_perp) || !std::isfinite(out.m_c) ||
      out.error_estimate > 1e3 * relative_tolerance * scale) {
    throw SolverFailure("exact friction quadrature did not reach the tolerance (error estimate " +
                        formatValue(out.error_estimate) + ")");
  }
  return out;
}

PadeCoefficients hertzPadeCoefficients() {
  PadeCoefficients c;
  c.f0 = 1.0;
  c.f_r = 3.0 * kPi / 32.0;
  c.m0 = 3.0 * kPi / 16.0;
  c.s = 0.2;
  c.a = 8.0 / (3.0 * kPi);
  c.b = 15.0 * kPi / 32.0;
  c.m = 15.0 * kPi / 16.0;
  c.m_wr = 0.2;
  return c;
}

PadeCoefficients padeCoefficients(const PressureDistribution& pressure) {
  if (!pressure.sigma) throw InvalidInput("pressure distribution is empty");
  const double i0 = moment(pressure, 0), i2 = moment(pressure, 2), i3 = moment(pressure, 3);
  PadeCoefficients c;
  c.f0 = 1.0;
  c.f_r = kPi * i2;
  c.m0 = 2.0 * kPi * i2;
  c.s = kPi * i3;
  c.m_wr = kPi * i3;
  c.a = 1.0 / (kPi * i0);
  c.m = c.m0 / (kPi * i3);
  c.b = c.f_r / (kPi * i3);
  return c;
}

FrictionResultant padeFriction(const CombinedMotion& motion, const PadeCoefficients& c) {
  validateMotion(motion);
  FrictionResultant out;
  const double u = std::fabs(motion.u), v = motion.v;
  const double su = motion.u >= 0.0 ? 1.0 : -1.0;
  const double sb = std::sin(motion.beta), cb = std::cos(motion.beta);
  if (u == 0.0 && v == 0.0) return out;
  // Eq. (10); the whirl sign enters as in (6) (F_par odd part and M_c follow sgn(u)).
  out.m_c = su * (c.m0 * u + su * motion.k_r * c.m_wr * v * sb) / (u + c.m * v);
  out.f_par = (c.f0 * v + su * motion.k_r * c.f_r * u * sb) / (v + c.a * u);
  out.f_perp = su * motion.k_r * c.f_r * u * cb / (u + c.b * v);
  return out;
}

RollingTorque rollingTorque(double k_r, double beta, const PadeCoefficients& c) {
  requireFinite(k_r, "k_r");
  requireFinite(beta, "beta");
  const double m_r = c.s * k_r;  // eq. (8), per unit R N
  return {-m_r * std::cos(beta), -m_r * std::sin(beta)};
}

}  // namespace nsd::friction
