#include <nsdkit/filippov/trig_polynomial.hpp>

#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::filippov {
namespace {

template <int MaxSize>
struct Basis {
  double f[MaxSize];
  double df[MaxSize];
  void fill(int degree, double c, double s) { trigBasis(degree, c, s, f, df); }
};

constexpr int kMaxDegree = TrigPoly2::kMaxDegree;
constexpr int kMaxSize = 2 * kMaxDegree + 1;

int harmonic(int index) { return (index + 1) / 2; }

}  // namespace

void trigBasis(int degree, double c, double s, double* f, double* df) {
  f[0] = 1.0;
  df[0] = 0.0;
  double ck = 1.0, sk = 0.0;
  for (int k = 1; k <= degree; ++k) {
    const double cn = ck * c - sk * s, sn = sk * c + ck * s;
    ck = cn;
    sk = sn;
    f[2 * k - 1] = ck;
    f[2 * k] = sk;
    df[2 * k - 1] = -k * sk;
    df[2 * k] = k * ck;
  }
}

AnglePair AnglePair::fromAngles(double theta1, double theta2) {
  return AnglePair{std::cos(theta1), std::sin(theta1), std::cos(theta2), std::sin(theta2)};
}

double SecondDerivativeBounds::hessianNorm() const {
  return std::sqrt(b11 * b11 + 2.0 * b12 * b12 + b22 * b22);
}

TrigPoly2::TrigPoly2(int degree1, int degree2) : degree1_(degree1), degree2_(degree2) {
  if (degree1 < 0 || degree2 < 0 || degree1 > kMaxDegree || degree2 > kMaxDegree) {
    throw InvalidInput("trigonometric polynomial degrees must be in [0, " +
                       std::to_string(kMaxDegree) + "]");
  }
  coefficients_.setZero(2 * degree1 + 1, 2 * degree2 + 1);
}

TrigPoly2 TrigPoly2::fromCoefficients(const Eigen::Ref<const Eigen::MatrixXd>& coefficients) {
  if (coefficients.rows() % 2 == 0 || coefficients.cols() % 2 == 0 ||
      coefficients.rows() > 2 * kMaxDegree + 1 || coefficients.cols() > 2 * kMaxDegree + 1) {
    throw InvalidInput(
        "trigonometric polynomial coefficient matrix must have odd sizes of at "
        "most " +
        std::to_string(2 * kMaxDegree + 1));
  }
  TrigPoly2 p(0, 0);
  p.degree1_ = static_cast<int>(coefficients.rows() / 2);
  p.degree2_ = static_cast<int>(coefficients.cols() / 2);
  p.coefficients_.resize(coefficients.rows(), coefficients.cols());
  bool finite = true;
  for (Eigen::Index j = 0; j < coefficients.cols(); ++j) {
    for (Eigen::Index i = 0; i < coefficients.rows(); ++i) {
      const double v = coefficients(i, j);
      finite = finite && std::isfinite(v);
      p.coefficients_(i, j) = v;
    }
  }
  if (!finite) requireFinite(coefficients, "trigonometric polynomial coefficients");
  return p;
}

TrigPoly2 TrigPoly2::fit(int degree1, int degree2,
                         const std::function<double(const AnglePair&)>& f) {
  TrigPoly2 p(degree1, degree2);
  const int n1 = 2 * degree1 + 1, n2 = 2 * degree2 + 1;
  Eigen::MatrixXd samples(n1, n2);
  for (int i = 0; i < n1; ++i) {
    for (int j = 0; j < n2; ++j) {
      const AnglePair x = AnglePair::fromAngles(kTwoPi * i / n1, kTwoPi * j / n2);
      samples(i, j) = f(x);
      if (!std::isfinite(samples(i, j))) {
        throw InvalidInput("function to fit is not finite at (" + formatValue(kTwoPi * i / n1) +
                           ", " + formatValue(kTwoPi * j / n2) + ")");
      }
    }
  }
  // Discrete Fourier transform on each axis: basis matrix B(k, i) with weights 1/n, 2/n.
  auto analysis = [](int n, int degree) {
    Eigen::MatrixXd b(2 * degree + 1, n);
    for (int i = 0; i < n; ++i) {
      const double t = kTwoPi * i / n;
      b(0, i) = 1.0 / n;
      for (int k = 1; k <= degree; ++k) {
        b(2 * k - 1, i) = 2.0 * std::cos(k * t) / n;
        b(2 * k, i) = 2.0 * std::sin(k * t) / n;
      }
    }
    return b;
  };
  p.coefficients_ = analysis(n1, degree1) * samples * analysis(n2, degree2).transpose();
  return p;
}

double TrigPoly2::value(const AnglePair& x) const { return valueGradient(x).value; }

TrigValueGradient TrigPoly2::valueGradient(const AnglePair& x) const {
  Basis<kMaxSize> f, g;
  f.fill(degree1_, x.cos1, x.sin1);
  g.fill(degree2_, x.cos2, x.sin2);
  const int n1 = 2 * degree1_ + 1, n2 = 2 * degree2_ + 1;
  const double* column = coefficients_.data();  // column-major: column j is contiguous
  double value = 0.0, d1 = 0.0, d2 = 0.0;
  for (int j = 0; j < n2; ++j, column += n1) {
    double with_f = 0.0, with_df = 0.0;
    for (int i = 0; i < n1; ++i) {
      with_f += column[i] * f.f[i];
      with_df += column[i] * f.df[i];
    }
    value += with_f * g.f[j];
    d1 += with_df * g.f[j];
    d2 += with_f * g.df[j];
  }
  return TrigValueGradient{value, d1, d2};
}

SecondDerivativeBounds TrigPoly2::secondDerivativeBounds() const {
  SecondDerivativeBounds b;
  for (int i = 0; i < coefficients_.rows(); ++i) {
    const double k = harmonic(i);
    for (int j = 0; j < coefficients_.cols(); ++j) {
      const double l = harmonic(j);
      const double a = std::fabs(coefficients_(i, j));
      b.b11 += a * k * k;
      b.b12 += a * k * l;
      b.b22 += a * l * l;
    }
  }
  return b;
}

double TrigPoly2::maxAbsCoefficient() const { return coefficients_.cwiseAbs().maxCoeff(); }

double TrigPoly2::absCoefficientSum() const { return coefficients_.cwiseAbs().sum(); }

double TrigPoly2::simpleLowerBound() const {
  // p >= c00 - sum_{(i,j) != (0,0)} |c_ij| since every basis function is bounded by 1.
  return coefficients_(0, 0) - (absCoefficientSum() - std::fabs(coefficients_(0, 0)));
}

namespace {

// Coefficients (1, cos, sin, ...) of p(t) * cos(t) or p(t) * sin(t), one degree higher, from
// cos t cos kt = (cos(k-1)t + cos(k+1)t)/2, cos t sin kt = (sin(k+1)t + sin(k-1)t)/2,
// sin t cos kt = (sin(k+1)t - sin(k-1)t)/2, sin t sin kt = (cos(k-1)t - cos(k+1)t)/2.
using Column = TrigCoefficients1;

Column timesTrig(const Column& p, bool sine) {
  const int degree = static_cast<int>(p.size() / 2);
  if (2 * degree + 3 > Column::MaxRowsAtCompileTime) {
    throw InvalidInput("trigonometric polynomial degree would exceed " +
                       std::to_string(Column::MaxRowsAtCompileTime / 2));
  }
  Column out;
  out.setZero(2 * degree + 3);
  auto cos_index = [](int k) { return k == 0 ? 0 : 2 * k - 1; };
  auto add_cos = [&](int k, double v) { out[cos_index(k)] += v; };
  auto add_sin = [&](int k, double v) {
    if (k > 0) out[2 * k] += v;  // sin 0t = 0
  };
  // constant term
  if (sine) {
    add_sin(1, p[0]);
  } else {
    add_cos(1, p[0]);
  }
  for (int k = 1; k <= degree; ++k) {
    const double a = p[2 * k - 1], b = p[2 * k];  // a cos kt + b sin kt
    if (!sine) {
      add_cos(k - 1, 0.5 * a);
      add_cos(k + 1, 0.5 * a);
      add_sin(k + 1, 0.5 * b);
      add_sin(k - 1, 0.5 * b);
    } else {
      add_sin(k + 1, 0.5 * a);
      add_sin(k - 1, -0.5 * a);
      add_cos(k - 1, 0.5 * b);
      add_cos(k + 1, -0.5 * b);
    }
  }
  return out;
}

}  // namespace

TrigPoly2 TrigPoly2::timesCos1() const {
  TrigPoly2 out(degree1_ + 1, degree2_);
  for (int j = 0; j < coefficients_.cols(); ++j) {
    out.coefficients_.col(j) = timesTrig(Column(coefficients_.col(j)), false);
  }
  return out;
}

TrigPoly2 TrigPoly2::timesSin1() const {
  TrigPoly2 out(degree1_ + 1, degree2_);
  for (int j = 0; j < coefficients_.cols(); ++j) {
    out.coefficients_.col(j) = timesTrig(Column(coefficients_.col(j)), true);
  }
  return out;
}

TrigPoly2 TrigPoly2::timesCos2() const {
  TrigPoly2 out(degree1_, degree2_ + 1);
  for (int i = 0; i < coefficients_.rows(); ++i) {
    out.coefficients_.row(i) =
        timesTrig(Column(coefficients_.row(i).transpose()), false).transpose();
  }
  return out;
}

TrigPoly2 TrigPoly2::timesSin2() const {
  TrigPoly2 out(degree1_, degree2_ + 1);
  for (int i = 0; i < coefficients_.rows(); ++i) {
    out.coefficients_.row(i) =
        timesTrig(Column(coefficients_.row(i).transpose()), true).transpose();
  }
  return out;
}

TrigPoly2 TrigPoly2::operator+(const TrigPoly2& other) const {
  TrigPoly2 out(std::max(degree1_, other.degree1_), std::max(degree2_, other.degree2_));
  out.coefficients_.topLeftCorner(coefficients_.rows(), coefficients_.cols()) += coefficients_;
  out.coefficients_.topLeftCorner(other.coefficients_.rows(), other.coefficients_.cols()) +=
      other.coefficients_;
  return out;
}

TrigPoly2 TrigPoly2::operator*(double factor) const {
  TrigPoly2 out = *this;
  out.coefficients_ *= factor;
  return out;
}

TrigPoly2 TrigPoly2::separable(const Eigen::Ref<const Eigen::VectorXd>& f,
                               const Eigen::Ref<const Eigen::VectorXd>& g) {
  if (f.size() % 2 == 0 || g.size() % 2 == 0) {
    throw InvalidInput("one-angle trigonometric coefficient vectors must have odd sizes");
  }
  TrigPoly2 p(static_cast<int>(f.size() / 2), static_cast<int>(g.size() / 2));
  p.coefficients_.noalias() = f * g.transpose();
  requireFinite(p.coefficients_, "trigonometric polynomial coefficients");
  return p;
}

TrigCoefficients1 trigTimesCos(const TrigCoefficients1& p) { return timesTrig(p, false); }
TrigCoefficients1 trigTimesSin(const TrigCoefficients1& p) { return timesTrig(p, true); }

TrigValueDerivative trigValueDerivative(const TrigCoefficients1& p, double c, double s) {
  TrigValueDerivative out{p.size() > 0 ? p[0] : 0.0, 0.0};
  double ck = 1.0, sk = 0.0;
  const int degree = static_cast<int>(p.size() / 2);
  for (int k = 1; k <= degree; ++k) {
    const double cn = ck * c - sk * s, sn = sk * c + ck * s;
    ck = cn;
    sk = sn;
    const double a = p[2 * k - 1], b = p[2 * k];
    out.value += a * ck + b * sk;
    out.derivative += k * (b * ck - a * sk);
  }
  return out;
}

}  // namespace nsd::filippov
