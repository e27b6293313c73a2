// The sweeps' shortcuts change no verdict: 10^6 points of four shipped two-contact bodies (and
// 2 x 10^5 of the paper's ball), in sweep order along random lines, classified
//  - the old way: a TwoContactDynamics built for each point, the complete SS search;
//  - as the sweeps do now: body::classify (its per-thread TwoContactDynamicsCache and SS warm
//    start, contact::SlipSlipWarmStart) and models::classifyGenericVerdict;
// with identical realizable flags, escape sets (RS, SR, SS), contact losses and uncertain flags
// (no point of these lines leaves the complete search incomplete; where one does and a deciding
// escape was found, the sweeps call the verdict decided: the test after them).
// An explicit warm-started route counts the points decided by a seed, so the comparison is known
// to cover the shortcut (most SS points along a line).
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/body/rigid_body.hpp>
#include <nsdkit/contact/two_contact_body.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/region/region.hpp>

namespace nsd {
namespace {

// Points of this test (NSDKIT_WARM_START_POINTS scales it down for a quick run).
std::size_t totalPoints() {
  const char* text = std::getenv("NSDKIT_WARM_START_POINTS");
  return text ? static_cast<std::size_t>(std::stoul(text)) : 1000000;
}

struct Outcome {
  bool realizable = false;
  std::vector<contact::EscapeMode> escapes;
  bool contact_loss = false;
  bool uncertain = false;
};

bool operator==(const Outcome& a, const Outcome& b) {
  return a.realizable == b.realizable && a.escapes == b.escapes &&
         a.contact_loss == b.contact_loss && a.uncertain == b.uncertain;
}

std::string describe(const Outcome& o) {
  std::string s = o.realizable ? "realizable" : "";
  for (const auto e : o.escapes) s += contact::toString(e) + " ";
  if (o.contact_loss) s += "contact_loss ";
  if (o.uncertain) s += "uncertain";
  return s;
}

Outcome outcomeOf(const contact::TwoPointRealizability& r) {
  return {r.realizable, r.escapes, r.contact_loss,
          r.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete};
}

contact::RealizabilityOptions verdictOptions() {
  contact::RealizabilityOptions options;
  options.analyze_roll_roll = false;  // as body::classify
  return options;
}

// Random lines of 100 points through the section's box: sweep order (neighbours one step
// apart) with a jump between lines.
std::vector<std::vector<double>> linePoints(const region::Axis& x, const region::Axis& y,
                                            std::size_t count, std::mt19937& rng) {
  std::uniform_real_distribution<double> ux(x.lower, x.upper), uy(y.lower, y.upper);
  std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
  std::vector<std::vector<double>> points;
  const double step_x = (x.upper - x.lower) / 150.0, step_y = (y.upper - y.lower) / 150.0;
  while (points.size() < count) {
    double px = ux(rng), py = uy(rng);
    const double a = angle(rng), dx = step_x * std::cos(a), dy = step_y * std::sin(a);
    for (int k = 0; k < 100 && points.size() < count; ++k, px += dx, py += dy) {
      if (px < x.lower || px > x.upper || py < y.lower || py > y.upper) break;
      points.push_back({px, py});
    }
  }
  return points;
}

void compareBody(const std::string& file, std::size_t count, unsigned seed) {
  const body::BodyDescription b = body::readBodyFile(std::string(NSDKIT_BODIES_DIR) + "/" + file);
  const region::Axis x = region::parseAxis(b.section.x_axis);
  const region::Axis y = region::parseAxis(b.section.y_axis);
  std::vector<std::string> names{x.name, y.name};
  std::vector<double> fixed_values;
  for (const auto& [name, value] : b.section.fixed) {
    names.push_back(name);
    fixed_values.push_back(value);
  }
  const body::ParameterBinding binding = body::bindParameters(b, names);
  std::mt19937 rng(seed);
  contact::TwoContactDynamicsCache cache;
  contact::SlipSlipWarmStart warm_start;
  std::size_t eligible_ss = 0, differences = 0;
  for (const auto& xy : linePoints(x, y, count, rng)) {
    std::vector<double> values = xy;
    values.insert(values.end(), fixed_values.begin(), fixed_values.end());
    const body::ConfiguredBody configured = body::configure(b, binding, values);
    ASSERT_EQ(configured.contact_count, 2) << file;
    const Eigen::Vector3d omega =
        contact::rollingAngularVelocity(configured.two, configured.omega_a_rad_per_s);
    const Outcome old_way = outcomeOf(
        contact::TwoContactDynamics(configured.two, omega).analyzeRealizability(verdictOptions()));
    const contact::TwoContactDynamics& cached = cache.at(configured.two, omega);
    const Outcome warm = outcomeOf(cached.analyzeRealizability(verdictOptions(), &warm_start));
    const body::BodyVerdict v = body::classify(configured);
    const Outcome now{v.realizable, v.escapes, v.contact_loss, v.uncertain};
    // SS points a seed may decide: no SS direction can lose contact there.
    if (cached.slipSlipNormalForcesPositiveEverywhere()) {
      for (const auto e : old_way.escapes) eligible_ss += e == contact::EscapeMode::kSS;
    }
    if (!(old_way == now) || !(old_way == warm)) {
      if (++differences <= 5) {
        ADD_FAILURE() << file << " at (" << xy[0] << ", " << xy[1] << "): complete search "
                      << describe(old_way) << ", body::classify " << describe(now)
                      << ", warm-started " << describe(warm);
      }
    }
  }
  EXPECT_EQ(differences, 0u) << file;
  // The shortcut decided most SS points where it may (a warm start that never fired would test
  // nothing).
  EXPECT_GT(eligible_ss, 0u) << file;
  EXPECT_GT(warm_start.shortcuts, eligible_ss / 2) << file << ": " << eligible_ss << " SS points";
  ::testing::Test::RecordProperty(file + "_shortcuts", static_cast<int>(warm_start.shortcuts));
}

TEST(SweepWarmStart, ShippedBodiesKeepEveryVerdict) {
  const std::size_t per_body = totalPoints() / 4 + 1;
  compareBody("anisotropic_ball_trough.json", per_body, 1);
  compareBody("wheelset.json", per_body, 2);
  compareBody("ball_inclined_trough.json", per_body, 3);  // axes mu and slope: no reuse
  compareBody("axle_on_plane.json", per_body, 4);  // both wheels on one plane: contact losses
}

// Where the complete search is left incomplete (cells unresolved near a double root) but has
// found a non-attracting direction that decides SS, the sweeps report the verdict as decided,
// not uncertain, whether or not a seed came: ball_trough.json's section at m = (-0.3, -0.3, 0)
// (a grid node of its section, where the symmetric torque gives double roots). The escapes are
// the complete search's.
TEST(SweepWarmStart, AnIncompleteSearchWithADecidingEscapeIsNotUncertain) {
  const body::BodyDescription b =
      body::readBodyFile(std::string(NSDKIT_BODIES_DIR) + "/ball_trough.json");
  const body::ParameterBinding binding = body::bindParameters(b, {"mx", "my", "mz"});
  const region::Axis axis = region::parseAxis(b.section.x_axis);  // mx:-1.2:1.2:97
  const double m = region::axisNode(axis, 36);                    // -0.30000000000000004
  const body::ConfiguredBody configured = body::configure(b, binding, {m, m, 0.0});
  const Eigen::Vector3d omega =
      contact::rollingAngularVelocity(configured.two, configured.omega_a_rad_per_s);
  const contact::TwoContactDynamics dynamics(configured.two, omega);
  const contact::TwoPointRealizability complete = dynamics.analyzeRealizability(verdictOptions());
  ASSERT_EQ(complete.ss.report.completeness, filippov::Completeness::kPossiblyIncomplete)
      << "the point no longer exercises an incomplete search";
  for (const bool seeded : {false, true}) {
    contact::SlipSlipWarmStart warm_start;
    if (seeded) {
      for (const auto& d : complete.offending_ss_directions) {
        if (!d.on_equator_arc) {
          warm_start.seeds.push_back(filippov::slipAnglesOf(d, dynamics.slipSlipRationalField()));
        }
      }
    }
    const contact::TwoPointRealizability r =
        dynamics.analyzeRealizability(verdictOptions(), &warm_start);
    EXPECT_EQ(r.escapes, complete.escapes);
    EXPECT_EQ(r.contact_loss, complete.contact_loss);
    EXPECT_EQ(r.ss.report.completeness, filippov::Completeness::kEscapeFound) << seeded;
  }
  const body::BodyVerdict v = body::classify(configured);
  EXPECT_FALSE(v.uncertain);
  EXPECT_EQ(v.escapes, complete.escapes);
}

TEST(SweepWarmStart, ThePapersBallKeepsEveryVerdict) {
  const auto p = models::BallTroughParameters::paper(0.3, 0.4);
  std::mt19937 rng(4);
  const region::Axis x{"mx", -1.0, 1.0, 2}, y{"my", -1.0, 1.0, 2};
  std::uniform_real_distribution<double> uz(-0.6, 0.6);
  std::size_t differences = 0, escape_found = 0;
  double mz = 0.0;
  std::size_t k = 0;
  for (const auto& xy : linePoints(x, y, totalPoints() / 5, rng)) {
    if (k++ % 100 == 0) mz = uz(rng);  // one m_z per line
    const Eigen::Vector3d m(xy[0], xy[1], mz);
    const models::BallTroughClassification full = models::classifyGeneric(p, m);
    const models::BallTroughClassification verdict = models::classifyGenericVerdict(p, m);
    escape_found += verdict.ss.report.completeness == filippov::Completeness::kEscapeFound;
    const bool same = full.realizable == verdict.realizable && full.escapes == verdict.escapes &&
                      full.contact_loss == verdict.contact_loss &&
                      (full.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete) ==
                          (verdict.ss.report.completeness ==
                           filippov::Completeness::kPossiblyIncomplete);
    if (!same && ++differences <= 5) {
      ADD_FAILURE() << "m = (" << m.transpose() << "): " << models::escapeLabel(full.escapes)
                    << " vs " << models::escapeLabel(verdict.escapes);
    }
  }
  EXPECT_EQ(differences, 0u);
  EXPECT_GT(escape_found, totalPoints() / 5 / 4);  // about half the ball's points shortcut
}

}  // namespace
}  // namespace nsd
