#pragma once
/// @file brush_contact.hpp
/// Transient rolling contact of an elastic sphere on a rigid plane with a brush ("Winkler
/// bedding") model (transient rolling-friction paper, Sect. 2: eqs. (1)-(13) and Appendix B).
///
/// The contact patch is fixed in space; the plane moves under it. The patch [-a, a]^2 is
/// discretized into n x n cells (centres inside the circle carry the state). Each step of rolling
/// distance dq (any sign) shifts the bristle displacement field u = (u, v) by dq with 2-D bilinear
/// interpolation (zero outside the patch, so material enters with no deformation), then adds the
/// rigid-slip increment -(dcx - dphi y, dcy + dphi x) (the no-slip solution of the slip equation
/// (4)-(6) along the characteristics). Tractions follow the Winkler law (7) p = u / L with the
/// flexibility (8) and L1, L2, L3 of Appendix B, limited by the traction bound (9)-(10): where
/// |p| > mu p_z the bristle slides, p = mu p_z u/|u|, and u is reset to L p. Resultants by the
/// midpoint rule over the cells, (11)-(13). SI units; Section 2.4's scales are available.

#include <Eigen/Core>
#include <functional>
#include <vector>

namespace nsd::rolling {

/// Sphere, load and friction.
struct BrushContactParameters {
  double radius = 0.01;             ///< R [m]
  double load = 100.0;              ///< W [N]
  double elastic_modulus = 2.3e11;  ///< equivalent modulus E_e [Pa] for the patch size (1)
  double shear_modulus = 8.0e10;    ///< equivalent modulus of rigidity G [Pa] (Appendix B)
  double mu = 0.1;                  ///< local friction coefficient [-]
  int grid = 40;                    ///< cells per patch diameter (resolution)
  /// @throws InvalidInput naming the field: non-positive R, W, E_e or G, negative mu, or grid
  ///         outside [4, 2000].
  void validate() const;
};

/// The Hertz patch (1)-(2) and the flexibilities of Appendix B.
struct HertzPatch {
  double a = 0.0;                       ///< contact radius [m]
  double p0 = 0.0;                      ///< peak pressure [Pa]
  double L1 = 0.0, L2 = 0.0, L3 = 0.0;  ///< [m/Pa], (27)-(29)
  /** @var L1
      Longitudinal flexibility L1 = 8 a / (3 G 4.34) [m/Pa] (27). */
  /** @var L2
      Lateral flexibility L2 = 8 a / (3 G 3.73) [m/Pa] (28). */
};
/// The Hertz patch of p: a from (1), p0 from (2), L1-L3 from (27)-(29).
/// @throws InvalidInput for invalid parameters.
HertzPatch hertzPatch(const BrushContactParameters& p);

/// Resultant tractions on the sphere (11)-(13) [N, N, N m].
struct TractionResultant {
  double fx = 0.0, fy = 0.0, mz = 0.0;
  /** @var fx
      Tangential force on the sphere along x [N] (11). */
  /** @var fy
      Tangential force on the sphere along y [N] (12). */
  /** @var mz
      Spin moment on the sphere about the patch centre's normal z [N m] (13). */
  double sliding_fraction = 0.0;  ///< share of patch cells at the traction bound
};

/// The discretized brush contact.
class BrushContact {
 public:
  /// @throws InvalidInput for invalid parameters.
  explicit BrushContact(const BrushContactParameters& p);

  /// Advances by a rolling distance dq [m] (sign = rolling direction) with creepage increments
  /// dcx = dVx dt, dcy = dVy dt [m] and spin increment dphi = phi' dt [rad] (eq. (3)).
  /// Returns the resultant after the step.
  TractionResultant step(double dq, double dcx, double dcy, double dphi);

  /// Sets the bristle displacement field (e.g. a non-zero initial traction field), limited by the
  /// traction bound. `field(x, y)` returns (u, v) [m].
  void setDisplacement(const std::function<Eigen::Vector2d(double x, double y)>& field);

  /// The resultant of the current traction field (11)-(13), by the midpoint rule over the cells.
  TractionResultant resultant() const;
  /// The Hertz patch and flexibilities of the parameters.
  const HertzPatch& patch() const { return patch_; }
  /// Cells per patch diameter (the grid is cells() x cells()).
  int cells() const { return n_; }

 private:
  Eigen::Vector2d sample(const std::vector<Eigen::Vector2d>& u, double x, double y) const;
  void applyTractionBound(double flexibility);

  BrushContactParameters params_;
  HertzPatch patch_;
  int n_ = 0;
  double h_ = 0.0;
  std::vector<Eigen::Vector2d> u_;  // displacement per cell
  std::vector<Eigen::Vector2d> p_;  // traction per cell
  std::vector<double> pz_;          // Hertz pressure per cell (0 outside)
  std::vector<char> sliding_;
  double flexibility_ = 0.0;
};

}  // namespace nsd::rolling
