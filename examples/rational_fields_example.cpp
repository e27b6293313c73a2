// Contact fields are rational in the slip directions. Given in that form, nsdkit finds the
// limit directions exactly: by algebra at a codimension-2 set (one sticking contact) and by a
// subdivision with exact bounds at a codimension-3 set (two-point rolling), each then proved
// again in outward-rounded interval arithmetic ("certified"; certify = false keeps the fast
// path, "floating_point_bounds"). The same fields sampled as black boxes give the same answer,
// more slowly and with estimated bounds only.
#include <chrono>
#include <iostream>

#include <nsdkit/contact/two_contact_body.hpp>
#include <nsdkit/filippov/codim2.hpp>
#include <nsdkit/filippov/codim3.hpp>
#include <nsdkit/models/ball_trough.hpp>

namespace {

template <class F>
double microseconds(F&& f, int repeats = 2000) {
  const auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < repeats; ++k) f();
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() /
         repeats;
}

}  // namespace

int main() {
  using namespace nsd;
  // Codimension 2: G(phi) = g0 + C (cos phi, sin phi), i.e. H = G and D = 1.
  filippov::TrigRationalPlaneField plane;
  plane.numerator[0] = Eigen::Vector3d(0.2, -1.0, 0.4);
  plane.numerator[1] = Eigen::Vector3d(-0.1, 0.3, -0.8);
  plane.denominator = Eigen::Matrix<double, 1, 1>::Ones();
  const auto exact2 = filippov::analyzeCodim2(plane);
  const filippov::NormalPlaneFieldOfDirection sampled_plane =
      [&](const filippov::PlaneDirection& n) { return plane.value(n.cos_phi, n.sin_phi); };
  const auto sampled2 = filippov::analyzeCodim2(sampled_plane);
  std::cout << "codim 2: " << exact2.directions.size() << " limit directions ("
            << filippov::toString(exact2.report.completeness) << "), sampled search finds "
            << sampled2.directions.size() << " ("
            << filippov::toString(sampled2.report.completeness) << ")\n";
  for (std::size_t k = 0; k < exact2.directions.size(); ++k) {
    std::cout << "  phi = " << exact2.directions[k].phi_rad << " rad ("
              << filippov::toString(exact2.directions[k].type) << "), sampled "
              << sampled2.directions[k].phi_rad << '\n';
  }
  filippov::Codim2Options fast2;
  fast2.certify = false;
  std::cout << "  time per call: certified "
            << microseconds([&] { filippov::analyzeCodim2(plane); }) << " us, without the re-check "
            << microseconds([&] { filippov::analyzeCodim2(plane, fast2); }) << " us, sampled "
            << microseconds([&] { filippov::analyzeCodim2(sampled_plane); }) << " us\n";

  // Codimension 3: the SS field of the ball in the trough through the generic machinery.
  const auto p = models::BallTroughParameters::paper(0.3, 0.4);
  const contact::TwoContactDynamics ball(
      models::makeTwoContactBody(p, Eigen::Vector3d(0.5, -0.3, 0.3)));
  const filippov::TrigRationalSphereField field = ball.slipSlipRationalField();
  const auto exact3 = filippov::analyzeCodim3(field);
  const filippov::SphereField sampled_field = [&](const filippov::SphereDirection& d) {
    return ball.slipSlipLimitNormalPart(d);
  };
  const auto sampled3 = filippov::analyzeCodim3(sampled_field);
  std::cout << "codim 3 (ball, m = (0.5, -0.3, 0.3)): " << exact3.directions.size()
            << " SS limit directions (" << filippov::toString(exact3.report.completeness)
            << "), sampled search finds " << sampled3.directions.size() << " ("
            << filippov::toString(sampled3.report.completeness) << ")\n";
  for (const auto& d : exact3.directions) {
    std::cout << "  (phi+, phi-) = (" << d.phi_plus << ", " << d.phi_minus << "), R = " << d.radial
              << " m/s^2 (" << filippov::toString(d.type) << ")\n";
  }
  filippov::RationalCodim3Options fast;
  fast.certify = false;
  std::cout << "  time per call: certified "
            << microseconds([&] { filippov::analyzeCodim3(field); }, 20) << " us ("
            << exact3.report.certificate_cells << " interval cells), without the re-check "
            << microseconds([&] { filippov::analyzeCodim3(field, fast); }, 200) << " us ("
            << filippov::toString(filippov::analyzeCodim3(field, fast).report.completeness)
            << "), sampled " << microseconds([&] { filippov::analyzeCodim3(sampled_field); }, 200)
            << " us\n";
  return exact3.report.completeness == filippov::Completeness::kCertified &&
                 exact2.report.completeness == filippov::Completeness::kCertified &&
                 exact3.directions.size() == sampled3.directions.size() &&
                 exact2.directions.size() == sampled2.directions.size()
             ? 0
             : 1;
}
