#pragma once
/// @file trig_polynomial.hpp
/// Real trigonometric polynomials in two angles (theta1, theta2) [rad]:
///   p(theta1, theta2) = sum_{i, j} P(i, j) f_i(theta1) g_j(theta2),
/// with the real bases f = (1, cos t, sin t, cos 2t, sin 2t, ..., cos d1 t, sin d1 t) and g the
/// same to degree d2. They represent the codimension-3 limit fields whose dependence on the two
/// slip directions is polynomial (Coulomb contact fields times their normal-force determinant),
/// and give exact derivatives and rigorous bounds on second derivatives:
///   |d^2 p / dtheta1^2| <= sum |P(i,j)| k_i^2,  |d^2 p / dtheta1 dtheta2| <= sum |P(i,j)| k_i l_j,
///   |d^2 p / dtheta2^2| <= sum |P(i,j)| l_j^2,  where k_i, l_j are the harmonic orders.

#include <Eigen/Core>
#include <functional>
#include <initializer_list>

namespace nsd::filippov {

/// A point of the torus carried as cos/sin of both angles (no trigonometric function needed).
struct AnglePair {
  double cos1 = 1.0, sin1 = 0.0;  ///< cos/sin of theta1.
  /** @var cos1
      cos theta1 (with sin1: theta1 carried without trigonometric functions). */
  double cos2 = 1.0, sin2 = 0.0;  ///< cos/sin of theta2.
  /** @var cos2
      cos theta2 (with sin2: theta2 carried without trigonometric functions). */
  /// The pair with cos/sin of the two angles [rad].
  static AnglePair fromAngles(double theta1_rad, double theta2_rad);
};

/// Basis values f = (1, cos t, sin t, ..., cos d t, sin d t) and their derivatives df/dt from
/// cos/sin of t, by the angle-addition recurrence (no trigonometric function). f and df must
/// hold 2 d + 1 values.
void trigBasis(int degree, double cos_t, double sin_t, double* f, double* df);

/// Value and exact gradient of a trigonometric polynomial at one point.
struct TrigValueGradient {
  /// p at the point.
  double value = 0.0;
  double d1 = 0.0;  ///< d p / d theta1
  double d2 = 0.0;  ///< d p / d theta2
};

/// Bounds on the second partial derivatives over the whole torus (see file comment).
struct SecondDerivativeBounds {
  double b11 = 0.0, b12 = 0.0, b22 = 0.0;
  /** @var b11
      Bound on |d^2 p / dtheta1^2| over the torus: sum |P(i,j)| k_i^2. */
  /** @var b12
      Bound on |d^2 p / dtheta1 dtheta2| over the torus: sum |P(i,j)| k_i l_j. */
  /** @var b22
      Bound on |d^2 p / dtheta2^2| over the torus: sum |P(i,j)| l_j^2. */
  /// Bound on the Frobenius norm of the Hessian: Lipschitz constant of the gradient (2-norm).
  double hessianNorm() const;
};

/// A real trigonometric polynomial of degrees (d1, d2) <= (4, 4) in (theta1, theta2). The
/// coefficients are stored inline (no heap allocation).
class TrigPoly2 {
 public:
  /// The largest degree in each angle that the inline storage holds.
  static constexpr int kMaxDegree = 4;
  /// The coefficient matrix P, (2 d1 + 1) x (2 d2 + 1) in the bases f (rows) and g (columns),
  /// stored inline up to kMaxDegree.
  using Coefficients = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor,
                                     2 * kMaxDegree + 1, 2 * kMaxDegree + 1>;

  /// The zero polynomial of degrees (d1, d2) >= 0. @throws InvalidInput for negative degrees.
  TrigPoly2(int degree1 = 0, int degree2 = 0);
  /// From a coefficient matrix of size (2 d1 + 1) x (2 d2 + 1) in the bases above.
  /// @throws InvalidInput for even sizes, degrees above kMaxDegree or non-finite coefficients.
  static TrigPoly2 fromCoefficients(const Eigen::Ref<const Eigen::MatrixXd>& coefficients);
  /// Interpolates f exactly if f is a trigonometric polynomial of degrees <= (d1, d2): samples
  /// on the (2 d1 + 1) x (2 d2 + 1) uniform grid and a discrete Fourier transform.
  /// @throws InvalidInput if f is not finite at a sample.
  static TrigPoly2 fit(int degree1, int degree2, const std::function<double(const AnglePair&)>& f);

  /// d1, the degree in theta1.
  int degree1() const { return degree1_; }
  /// d2, the degree in theta2.
  int degree2() const { return degree2_; }
  /// The coefficients P(i, j).
  const Coefficients& coefficients() const { return coefficients_; }

  /// p at the point x.
  double value(const AnglePair& x) const;
  /// p and its exact gradient (dp/dtheta1, dp/dtheta2) at x.
  TrigValueGradient valueGradient(const AnglePair& x) const;
  /// The bounds of the file comment on the second partial derivatives, over the whole torus.
  SecondDerivativeBounds secondDerivativeBounds() const;
  /// Largest |coefficient| (the polynomial vanishes identically iff this is 0).
  double maxAbsCoefficient() const;
  /// Sum of |coefficients|: a bound on |p| over the torus.
  double absCoefficientSum() const;
  /// Lower bound of p over the torus: constant term minus the other |coefficients|.
  double simpleLowerBound() const;

  /// p(theta1, theta2) * cos(theta1), sin(theta1), cos(theta2), sin(theta2): exact products,
  /// of degree one higher in that angle.
  TrigPoly2 timesCos1() const;
  /// p sin(theta1) (see timesCos1).
  TrigPoly2 timesSin1() const;
  /// p cos(theta2) (see timesCos1).
  TrigPoly2 timesCos2() const;
  /// p sin(theta2) (see timesCos1).
  TrigPoly2 timesSin2() const;
  /// Sum and scaling (the sum has the larger degrees of the two).
  TrigPoly2 operator+(const TrigPoly2& other) const;
  /// p times a number.
  TrigPoly2 operator*(double factor) const;
  /// Product f(theta1) g(theta2) of one-angle polynomials given by their coefficient vectors
  /// (1, cos, sin, ...): the outer product of the coefficients.
  static TrigPoly2 separable(const Eigen::Ref<const Eigen::VectorXd>& f_of_theta1,
                             const Eigen::Ref<const Eigen::VectorXd>& g_of_theta2);

 private:
  int degree1_;
  int degree2_;
  Coefficients coefficients_;
};

/// Coefficients (1, cos t, sin t, ..., cos d t, sin d t) of a real trigonometric polynomial of
/// one angle t [rad], degree d <= TrigPoly2::kMaxDegree + 1 (inline storage).
using TrigCoefficients1 =
    Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 2 * TrigPoly2::kMaxDegree + 3, 1>;

/// Coefficients from a list (1, cos t, sin t, ...), e.g. {0.5, 1.0, 0.0} for 0.5 + cos t.
inline TrigCoefficients1 trigCoefficients1(std::initializer_list<double> values) {
  TrigCoefficients1 c(static_cast<Eigen::Index>(values.size()));
  Eigen::Index k = 0;
  for (double v : values) c[k++] = v;
  return c;
}

/// p(t) cos t and p(t) sin t, exactly (one degree higher). @throws InvalidInput if the result
/// would exceed the storage (degree TrigPoly2::kMaxDegree + 1).
TrigCoefficients1 trigTimesCos(const TrigCoefficients1& p);
/// p(t) sin t, exactly (one degree higher). @throws InvalidInput as trigTimesCos.
TrigCoefficients1 trigTimesSin(const TrigCoefficients1& p);

/// p(t) and dp/dt from cos/sin of t.
struct TrigValueDerivative {
  /// p(t).
  double value = 0.0;
  /// dp/dt [per rad].
  double derivative = 0.0;
};
/// p(t) and dp/dt of the one-angle polynomial p at t given by cos t and sin t.
TrigValueDerivative trigValueDerivative(const TrigCoefficients1& p, double cos_t, double sin_t);

}  // namespace nsd::filippov
