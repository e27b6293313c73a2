#include <nsdkit/filippov/codim3_bilinear_fit.hpp>

#include <Eigen/Dense>
#include <array>
#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/filippov/codim2.hpp>

namespace nsd::filippov::detail {
namespace {

// The bilinear fit route of sampled fields (SampledCodim3Options::fit_bilinear_fields).
// Sample design: 4 x 4 interior points of each parameter square, the least-squares
// pseudo-inverse of the basis (1, cos, sin)(phi+) x (1, cos, sin)(phi-) on them (coefficient
// index i + 3 j, as TrigPoly2 stores a 3 x 3 coefficient matrix), and 2 points on each equator
// arc.
constexpr int kFitSamples = 32;
struct BilinearFitDesign {
  std::array<SphereDirection, kFitSamples> directions;
  Eigen::Matrix<double, kFitSamples, 9> basis;
  Eigen::Matrix<double, 9, kFitSamples> pseudo_inverse;
  std::array<SphereDirection, 8> arc_directions;
};

const BilinearFitDesign& bilinearFitDesign() {
  static const BilinearFitDesign design = [] {
    BilinearFitDesign d;
    int row = 0;
    for (int square = 0; square < 2; ++square) {
      const double base = square == 0 ? 0.0 : kPi;
      for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j, ++row) {
          const double phi_plus = base + (i + 0.5) * kPi / 4,
                       phi_minus = base + (j + 0.5) * kPi / 4;
          d.directions[static_cast<std::size_t>(row)] =
              SphereDirection::make(sphereNormal(phi_plus, phi_minus), phi_plus, phi_minus);
          const double f[3] = {1.0, std::cos(phi_plus), std::sin(phi_plus)};
          const double g[3] = {1.0, std::cos(phi_minus), std::sin(phi_minus)};
          for (int a = 0; a < 3; ++a) {
            for (int b = 0; b < 3; ++b) d.basis(row, a + 3 * b) = f[a] * g[b];
          }
        }
      }
    }
    const Eigen::Matrix<double, 9, 9> normal = d.basis.transpose() * d.basis;
    d.pseudo_inverse = normal.ldlt().solve(d.basis.transpose());
    for (int arc = 0; arc < 4; ++arc) {
      const double s1 = (arc & 1) ? -1.0 : 1.0, s2 = (arc & 2) ? -1.0 : 1.0;
      for (int k = 0; k < 2; ++k) {
        const double theta = (k == 0 ? 0.125 : 0.375) * kPi;
        const auto at = static_cast<std::size_t>(2 * arc + k);
        d.arc_directions[at] =
            SphereDirection::make(Eigen::Vector3d(s1 * std::cos(theta), s2 * std::sin(theta), 0.0),
                                  s1 > 0 ? 0.0 : kPi, s2 > 0 ? 0.0 : kPi);
      }
    }
    return d;
  }();
  return design;
}

}  // namespace

BilinearFitAttempt analyzeBilinearFit(const SphereField& field,
                                      const SampledCodim3Options& options) {
  BilinearFitAttempt attempt;
  int& evaluations = attempt.evaluations;
  const BilinearFitDesign& design = bilinearFitDesign();
  Eigen::Matrix<double, kFitSamples, 3> samples;
  for (int k = 0; k < kFitSamples; ++k) {
    const SphereDirection& d = design.directions[static_cast<std::size_t>(k)];
    const Eigen::Vector3d g = field(d);
    ++evaluations;
    if (!g.allFinite()) {
      throw InvalidInput("limit field is not finite at (phi+, phi-) = (" + formatValue(d.phi_plus) +
                         ", " + formatValue(d.phi_minus) + ")");
    }
    samples.row(k) = g.transpose();
  }
  const double scale = std::max(samples.cwiseAbs().maxCoeff(), 1e-300);
  const double tolerance = options.value_tolerance_relative * scale;
  const Eigen::Matrix<double, 9, 3> coefficients = design.pseudo_inverse * samples;
  if (!((design.basis * coefficients - samples).cwiseAbs().maxCoeff() <= tolerance)) {
    return attempt;
  }
  TrigRationalSphereField fitted;
  for (int c = 0; c < 3; ++c) {
    fitted.numerator[static_cast<std::size_t>(c)] =
        TrigPoly2::fromCoefficients(Eigen::Map<const Eigen::Matrix3d>(coefficients.col(c).data()));
  }
  fitted.denominator = TrigPoly2::fromCoefficients(Eigen::MatrixXd::Ones(1, 1));
  // On the arcs the fitted field is its value at the square corner (phi± in {0, pi}): G must be
  // that there too.
  for (const SphereDirection& d : design.arc_directions) {
    const Eigen::Vector3d g = field(d);
    ++evaluations;
    if (!g.allFinite()) throw InvalidInput("limit field is not finite on an equator arc");
    if (!((g - fitted.value(d)).cwiseAbs().maxCoeff() <= tolerance)) return attempt;
  }
  // The fitted field through the rational search, with the sampled search's tolerance, arc
  // rule and evaluation cap (its own grid and depth defaults).
  RationalCodim3Options rational;
  rational.value_tolerance_relative = options.value_tolerance_relative;
  rational.arc_rule = options.arc_rule;
  rational.max_evaluations = options.max_evaluations;
  rational.certify = false;  // a fitted field: its certificate would not be the field's
  Codim3Result result = analyzeCodim3(fitted, rational);
  if (result.report.completeness == Completeness::kContinuum) return attempt;
  // Each root on G itself: G ∥ n to the value tolerance; R and the type from G.
  for (Codim3LimitDirection& root : result.directions) {
    const SphereDirection d = root.asSphereDirection();
    const Eigen::Vector3d g = field(d);
    ++evaluations;
    if (!g.allFinite()) throw InvalidInput("limit field is not finite at a limit direction");
    const double radial = g.dot(d.n);
    const double off_normal = (g - radial * d.n).norm();
    if (!(off_normal <= tolerance)) return attempt;
    root.radial = radial;
    root.type = typeFromRadial(radial, tolerance);
    root.residual = off_normal;
  }
  result.type = classifyDirections(result.directions);
  result.report.evaluations = evaluations;
  result.report.field_scale = scale;
  result.report.value_tolerance = tolerance;
  if (result.report.completeness == Completeness::kCertified ||
      result.report.completeness == Completeness::kFloatingPointBounds) {
    result.report.completeness = Completeness::kEstimatedBounds;
    result.report.method =
        "bilinear fit of the sampled field (degree (1, 1) in phi+-, 32 square and 8 arc samples "
        "matched to the value tolerance), searched by the certified route for "
        "trigonometric-rational fields; every root checked on the field";
  }
  attempt.result = std::move(result);
  return attempt;
}

}  // namespace nsd::filippov::detail
