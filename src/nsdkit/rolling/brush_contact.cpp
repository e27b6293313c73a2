#include <nsdkit/rolling/brush_contact.hpp>

#include <cmath>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::rolling {

void BrushContactParameters::validate() const {
  requirePositive(radius, "radius");
  requirePositive(load, "load (normal force)");
  requirePositive(elastic_modulus, "elastic modulus");
  requirePositive(shear_modulus, "shear modulus");
  requireNonNegative(mu, "mu");
  if (grid < 4 || grid > 2000) throw InvalidInput("grid must be in [4, 2000] cells per diameter");
}

HertzPatch hertzPatch(const BrushContactParameters& p) {
  p.validate();
  HertzPatch h;
  h.a = std::cbrt(3.0 * p.load * p.radius / (4.0 * p.elastic_modulus));  // (1)
  h.p0 = 3.0 * p.load / (2.0 * kPi * h.a * h.a);                         // (2)
  h.L1 = 8.0 * h.a / (3.0 * p.shear_modulus * 4.34);                     // (27)
  h.L2 = 8.0 * h.a / (3.0 * p.shear_modulus * 3.73);                     // (28)
  h.L3 = kPi * h.a * h.a / (4.0 * p.shear_modulus * h.a * 1.50);         // (29)
  return h;
}

BrushContact::BrushContact(const BrushContactParameters& p) : params_(p), patch_(hertzPatch(p)) {
  n_ = p.grid;
  h_ = 2.0 * patch_.a / n_;
  const auto cells = static_cast<std::size_t>(n_ * n_);
  u_.assign(cells, Eigen::Vector2d::Zero());
  p_.assign(cells, Eigen::Vector2d::Zero());
  pz_.assign(cells, 0.0);
  sliding_.assign(cells, 0);
  for (int j = 0; j < n_; ++j) {
    for (int i = 0; i < n_; ++i) {
      const double x = -patch_.a + (i + 0.5) * h_, y = -patch_.a + (j + 0.5) * h_;
      const double r2 = (x * x + y * y) / (patch_.a * patch_.a);
      if (r2 < 1.0) pz_[static_cast<std::size_t>(j * n_ + i)] = patch_.p0 * std::sqrt(1.0 - r2);
    }
  }
  flexibility_ = patch_.L1;
}

Eigen::Vector2d BrushContact::sample(const std::vector<Eigen::Vector2d>& u, double x,
                                     double y) const {
  // Bilinear interpolation on the cell-centre lattice; zero outside the patch.
  const double fi = (x + patch_.a) / h_ - 0.5, fj = (y + patch_.a) / h_ - 0.5;
  const int i0 = static_cast<int>(std::floor(fi)), j0 = static_cast<int>(std::floor(fj));
  const double tx = fi - i0, ty = fj - j0;
  auto at = [&](int i, int j) -> Eigen::Vector2d {
    if (i < 0 || j < 0 || i >= n_ || j >= n_) return Eigen::Vector2d::Zero();
    const auto k = static_cast<std::size_t>(j * n_ + i);
    return pz_[k] > 0.0 ? u[k] : Eigen::Vector2d::Zero();
  };
  return (1 - tx) * (1 - ty) * at(i0, j0) + tx * (1 - ty) * at(i0 + 1, j0) +
         (1 - tx) * ty * at(i0, j0 + 1) + tx * ty * at(i0 + 1, j0 + 1);
}

void BrushContact::applyTractionBound(double flexibility) {
  for (std::size_t k = 0; k < u_.size(); ++k) {
    if (pz_[k] <= 0.0) {
      u_[k].setZero();
      p_[k].setZero();
      sliding_[k] = 0;
      continue;
    }
    const Eigen::Vector2d p = u_[k] / flexibility;  // (7)
    const double bound = params_.mu * pz_[k];       // (9)
    if (p.norm() > bound) {
      p_[k] = bound * p / p.norm();  // (10), sliding
      u_[k] = flexibility * p_[k];
      sliding_[k] = 1;
    } else {
      p_[k] = p;
      sliding_[k] = 0;
    }
  }
}

TractionResultant BrushContact::step(double dq, double dcx, double dcy, double dphi) {
  requireFinite(dq, "rolling increment");
  requireFinite(dcx, "longitudinal creep increment");
  requireFinite(dcy, "lateral creep increment");
  requireFinite(dphi, "spin increment");
  if (std::fabs(dq) > h_) {
    // Keep the bilinear shift accurate: sub-step so that no bristle travels more than a cell.
    const int m = static_cast<int>(std::ceil(std::fabs(dq) / h_));
    TractionResultant r;
    for (int k = 0; k < m; ++k) r = step(dq / m, dcx / m, dcy / m, dphi / m);
    return r;
  }
  // Flexibility (8) from the creepage mix of this step (L1 for pure rolling without creep).
  const double a = patch_.a;
  const double norm = std::sqrt(dcx * dcx + dcy * dcy + dphi * a * dphi * a);
  if (norm > 0.0) {
    flexibility_ = (patch_.L1 * std::fabs(dcx) + patch_.L2 * std::fabs(dcy) +
                    patch_.L3 * std::fabs(dphi * a)) /
                   norm;
  }
  std::vector<Eigen::Vector2d> shifted(u_.size(), Eigen::Vector2d::Zero());
  for (int j = 0; j < n_; ++j) {
    for (int i = 0; i < n_; ++i) {
      const auto k = static_cast<std::size_t>(j * n_ + i);
      if (pz_[k] <= 0.0) continue;
      const double x = -a + (i + 0.5) * h_, y = -a + (j + 0.5) * h_;
      // Characteristics of (6): u(x, q + dq) = u(x + dq, q) - C dq.
      shifted[k] = sample(u_, x + dq, y) - Eigen::Vector2d(dcx - dphi * y, dcy + dphi * x);
    }
  }
  u_ = std::move(shifted);
  applyTractionBound(flexibility_);
  return resultant();
}

void BrushContact::setDisplacement(const std::function<Eigen::Vector2d(double, double)>& field) {
  for (int j = 0; j < n_; ++j) {
    for (int i = 0; i < n_; ++i) {
      const auto k = static_cast<std::size_t>(j * n_ + i);
      const double x = -patch_.a + (i + 0.5) * h_, y = -patch_.a + (j + 0.5) * h_;
      u_[k] = pz_[k] > 0.0 ? field(x, y) : Eigen::Vector2d::Zero();
      requireFinite(u_[k], "initial displacement");
    }
  }
  applyTractionBound(flexibility_);
}

TractionResultant BrushContact::resultant() const {
  // Tractions p act on the plane from the sphere's bristles; the force on the sphere is -p
  // integrated. Moment about the patch centre (z).
  TractionResultant r;
  int inside = 0, sliding = 0;
  for (int j = 0; j < n_; ++j) {
    for (int i = 0; i < n_; ++i) {
      const auto k = static_cast<std::size_t>(j * n_ + i);
      if (pz_[k] <= 0.0) continue;
      const double x = -patch_.a + (i + 0.5) * h_, y = -patch_.a + (j + 0.5) * h_;
      r.fx += p_[k][0] * h_ * h_;                       // (11)
      r.fy += p_[k][1] * h_ * h_;                       // (12)
      r.mz += (x * p_[k][1] - y * p_[k][0]) * h_ * h_;  // (13)
      ++inside;
      sliding += sliding_[k];
    }
  }
  r.sliding_fraction = inside ? static_cast<double>(sliding) / inside : 0.0;
  return r;
}

}  // namespace nsd::rolling
