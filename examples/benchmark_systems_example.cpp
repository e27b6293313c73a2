// The contact benchmark's systems as classes (validation/benchmark_systems.hpp): a solid sphere
// released on a 20-degree incline, the same sphere thrown with backspin, a box thrown on a
// horizontal plane and the paper's ball started sliding along the trough, each with its
// closed-form reference and its exact trajectory. Checked against the values written out here:
// the sphere rolls at 5/7 g sin s; thrown at v0 with backspin omega0 it rolls from
// t* = 2 (v0 + r omega0) / (7 mu g) at (5 v0 - 2 r omega0) / 7; the box stops after v0 / (mu g)
// at v0^2 / (2 mu g); the ball in the right-angle trough (j = 2/5) decelerates at sqrt2 mu g
// until t* = v0 / (sqrt2 mu g (1 + 1/(2j))) and then rolls at v0 / (1 + 2j).
#include <cmath>
#include <iostream>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/validation/benchmark_systems.hpp>

#include "example_checks.hpp"

int main() {
  using namespace nsd::validation;
  nsd_examples::Checks checks;
  const double g = 9.81;

  OnePlaneModel incline;  // a solid sphere (j = 2/5), mu = 0.3, 5 cm, 1 kg
  incline.family = CaseFamily::kIncline;
  incline.slope_rad = nsd::degreesToRadians(20.0);
  incline.duration_s = 1.0;
  const SphereOnIncline rolling(incline);
  const OnePlaneReference on_incline = rolling.reference();
  const BodyState after_1s = rolling.stateAt(1.0);
  std::cout << "incline 20 deg: rolls " << on_incline.rolls << ", dv/dt "
            << on_incline.acceleration_m_s2 << " m/s^2, after 1 s " << after_1s.v_C_W.norm()
            << " m/s and " << after_1s.x_C_W.norm() << " m\n";
  checks.that("the sphere rolls on 20 degrees with mu = 0.3", on_incline.rolls);
  checks.near("rolling acceleration 5/7 g sin s", on_incline.acceleration_m_s2,
              5.0 / 7.0 * g * std::sin(incline.slope_rad), 1e-12);
  checks.near("distance after 1 s", after_1s.x_C_W.norm(), 0.5 * on_incline.acceleration_m_s2,
              1e-12);

  OnePlaneModel launch;
  launch.family = CaseFamily::kLaunch;
  launch.launch_speed_m_s = 1.0;
  launch.backspin_rad_s = 10.0;  // r omega0 = 0.5 m/s
  const LaunchedSphere thrown(launch);
  const OnePlaneReference after_launch = thrown.reference();
  std::cout << "launch 1 m/s with backspin 10 rad/s: rolls from " << after_launch.rolling_onset_s
            << " s at " << after_launch.final_speed_m_s << " m/s\n";
  checks.near("rolling onset 2 (v0 + r omega0) / (7 mu g)", after_launch.rolling_onset_s,
              2.0 * 1.5 / (7.0 * 0.3 * g), 1e-12);
  checks.near("final speed (5 v0 - 2 r omega0) / 7", after_launch.final_speed_m_s,
              (5.0 - 1.0) / 7.0, 1e-12);
  checks.near("the trajectory reaches it", thrown.stateAt(launch.duration_s).v_C_W.norm(),
              after_launch.final_speed_m_s, 1e-12);

  OnePlaneModel block;
  block.family = CaseFamily::kBlock;
  block.launch_speed_m_s = 1.0;
  block.duration_s = 0.6;
  const BoxOnPlane box(block);
  const OnePlaneReference stop = box.reference();
  std::cout << "box thrown at 1 m/s: stops after " << stop.stop_time_s << " s at "
            << stop.stop_distance_m << " m\n";
  checks.near("stop time v0 / (mu g)", stop.stop_time_s, 1.0 / (0.3 * g), 1e-12);
  checks.near("stop distance v0^2 / (2 mu g)", box.stateAt(block.duration_s).x_C_W.norm(),
              1.0 / (2.0 * 0.3 * g), 1e-12);

  TroughCaseModel trough;
  trough.group = "example";
  trough.probe = "sliding";
  trough.parameters = nsd::models::BallTroughParameters::paper(0.3, 0.4);
  trough.initial_speed_m_s = 1.0;
  trough.duration_s = 0.5;
  const BallInTrough ball(trough);
  const TroughReference sliding = ball.reference();
  std::cout << "ball sliding at 1 m/s in the trough: rolls from " << sliding.rolling_onset_s
            << " s at " << sliding.final_speed_m_s << " m/s\n";
  checks.near("rolling onset v0 / (sqrt2 mu g (1 + 1/(2j)))", sliding.rolling_onset_s,
              1.0 / (std::sqrt(2.0) * 0.3 * g * 2.25), 1e-12);
  checks.near("speed halfway to t*", ball.stateAt(0.5 * sliding.rolling_onset_s).v_C_W.z(),
              1.0 - std::sqrt(2.0) * 0.3 * g * 0.5 * sliding.rolling_onset_s, 1e-12);
  checks.near("final speed v0 / (1 + 2j)", ball.stateAt(trough.duration_s).v_C_W.z(), 1.0 / 1.8,
              1e-12);
  return checks.exitStatus();
}
