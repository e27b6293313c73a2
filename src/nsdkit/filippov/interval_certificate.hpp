#pragma once
/// @file interval_certificate.hpp
/// Internal (not installed): the interval re-check behind Completeness::kCertified of the
/// rational searches (analyzeCodim2 and analyzeCodim3 for trigonometric-rational fields).
///
/// The searches decide in floating point. This re-check proves their answer again with
/// outward-rounded interval arithmetic (outward_interval.hpp), from the field's coefficients
/// alone, independently of the bounds the search used:
///  1. D > 0 on the whole domain (interval enclosures over a subdivision);
///  2. every root the search reports is the only zero of W in a box around it (Krawczyk's test:
///     K(X) inside the interior of X proves a unique zero in X);
///  3. W has no other zero: every cell of a subdivision of the domain either lies inside such
///     a box or has 0 outside the enclosure of W+ or of W- (the mean-value form at the cell
///     centre, intersected with the natural enclosure);
///  4. every reported type holds on the whole box: the enclosure of R = G.n lies in the class
///     (below -tolerance, within, above) of the reported type; the equator-arc decisions
///     (codimension 3) likewise from enclosures of G at the square corners.
/// A double root (singular Jacobian) fails step 2, so a result with a tangency or a cluster
/// that the boxes cannot separate is never called certified.

#include <array>
#include <cstddef>
#include <vector>

#include <nsdkit/filippov/codim2.hpp>
#include <nsdkit/filippov/codim3.hpp>
#include <nsdkit/filippov/trig_polynomial.hpp>

namespace nsd::filippov::certified {

/// Outcome of a re-check.
struct Certificate {
  bool certified = false;
  std::size_t cells = 0;     ///< interval cells and boxes evaluated.
  const char* failure = "";  ///< why not certified (static text), empty when certified.
};

/// What the codim-3 search reports about one zero of (W+, W-) it found on the torus.
struct SphereRootClaim {
  enum class Kind {
    kDirection,      ///< inside a parameter square: a limit direction of type `type`
    kExcludedPoint,  ///< on a square side (the sphere meets Sigma+ or Sigma-): not counted
    kOffSphere,      ///< in a mixed square (not a direction of the sphere)
  };
  AnglePair trig;  ///< cos/sin of (theta+, theta-)
  Kind kind = Kind::kDirection;
  LimitDirectionType type = LimitDirectionType::kNeutral;
};

/// What the codim-3 search reports about the equator arc of one square corner
/// (theta+, theta-) in {0, pi}^2 with cos = (s1, s2), corner index (s1 < 0) + 2 (s2 < 0).
struct ArcClaim {
  bool present = false;
  LimitDirectionType type = LimitDirectionType::kNeutral;
};

/// Re-checks a complete codim-3 search of `field`: its zeros of (W+, W-) on both closed
/// parameter squares, their kinds and types, and the arcs (decided by `arc_rule`), with the
/// zero tests' `tolerance` [field units].
/// How the sphere's re-check does its work (not what it decides).
struct SphereCertificateWork {
  /// Test each cell first with the natural enclosures of D and W± (values only; the initial
  /// cells' theta+ column sums shared along their row), and compute the derivative enclosures,
  /// the centre values and Krawczyk's operator only for cells these leave open. The mean-value
  /// enclosures of the full test are intersected with the natural ones, so the cells decided,
  /// the subdivision and the outcome are the same either way (a test compares them); false
  /// runs the full test on every cell, as the re-check did before.
  bool natural_enclosures_first = true;
};

Certificate certifySphereSearch(const TrigRationalSphereField& field,
                                const std::vector<SphereRootClaim>& roots,
                                const std::array<ArcClaim, 4>& arcs, ArcRule arc_rule,
                                double tolerance, const SphereCertificateWork& work = {});

/// Re-checks a complete codim-2 search of `field`: `directions` are all zeros of W = D V on
/// the circle, with their types (tolerance [field units] as in the search).
Certificate certifyCircleSearch(const TrigRationalPlaneField& field,
                                const std::vector<Codim2LimitDirection>& directions,
                                double tolerance);

}  // namespace nsd::filippov::certified
