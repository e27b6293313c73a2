// models::ballTroughBody: the paper's ball as a generic rigid body, against two independent
// references. (1) For the paper's parameters, examples/bodies/ball_trough.json, written by hand
// with the exact doubles of the model: the same mass, inertia, gravity, contacts and loads,
// number for number. (2) For a 60 degree trough with mu+ != mu- (no closed form, no body file),
// the model's own generic route (models::classifyGenericVerdict on makeTwoContactBody): the
// generic body (body::classify, configured from the description's loads) gives the same verdict
// at seeded torques across the stability body's boundary, also with mu+ swept as a parameter.
#include <nsdkit/models/ball_trough_body.hpp>

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

#include "../support/shipped_bodies_dir.hpp"

namespace nsd::models {
namespace {

void expectSameLoads(const body::LoadParameter& a, const body::LoadParameter& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.value, b.value) << a.name;
  EXPECT_EQ(a.scale, b.scale) << a.name;
  ASSERT_EQ(a.effects.size(), b.effects.size()) << a.name;
  for (std::size_t k = 0; k < a.effects.size(); ++k) {
    EXPECT_EQ(a.effects[k].kind, b.effects[k].kind) << a.name;
    EXPECT_EQ(a.effects[k].vector, b.effects[k].vector) << a.name;
    EXPECT_EQ(a.effects[k].contacts, b.effects[k].contacts) << a.name;
  }
}

TEST(BallTroughBody, ThePapersBallIsTheShippedBodyFileNumberForNumber) {
  const body::BodyDescription made = ballTroughBody(BallTroughParameters::paper(0.3, 0.4));
  const body::BodyDescription file =
      body::readBodyFile(test::kShippedBodiesDir + "/ball_trough.json");
  EXPECT_EQ(made.mass_kg, file.mass_kg);
  EXPECT_EQ(made.inertia_C_W, file.inertia_C_W);
  EXPECT_EQ(made.gravity_W, file.gravity_W);
  EXPECT_EQ(made.force_W, file.force_W);
  EXPECT_EQ(made.torque_W, file.torque_W);
  ASSERT_EQ(made.contacts.size(), 2u);
  ASSERT_EQ(file.contacts.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(made.contacts[i].name, file.contacts[i].name);
    EXPECT_EQ(made.contacts[i].point_W, file.contacts[i].point_W) << i;
    EXPECT_EQ(made.contacts[i].normal_W, file.contacts[i].normal_W) << i;
    EXPECT_EQ(made.contacts[i].friction.mu_static, file.contacts[i].friction.mu_static) << i;
  }
  ASSERT_EQ(made.loads.size(), file.loads.size());
  for (std::size_t k = 0; k < made.loads.size(); ++k) expectSameLoads(made.loads[k], file.loads[k]);
}

TEST(BallTroughBody, AnotherTroughClassifiesAsTheModelsGenericRoute) {
  BallTroughParameters p;
  p.opening_angle_rad = 60.0 * kRadiansPerDegree;
  p.mu_plus = 0.25;
  p.mu_minus = 0.4;
  p.inertia_ratio = 0.5;
  const body::BodyDescription made = ballTroughBody(p);
  ASSERT_EQ(made.loads.back().name, "mu_minus");
  const std::vector<std::string> names{"mx", "my", "mz", "mu_plus"};
  const body::ParameterBinding binding = body::bindParameters(made, names);
  std::mt19937 rng(1234);
  std::uniform_real_distribution<double> torque(-0.8, 0.8), mu_plus(0.1, 0.6);
  std::size_t realizable = 0, escaped = 0;
  for (int i = 0; i < 300; ++i) {
    const Eigen::Vector3d m(torque(rng), torque(rng), torque(rng));
    BallTroughParameters q = p;
    q.mu_plus = mu_plus(rng);
    const BallTroughClassification model = classifyGenericVerdict(q, m);
    const body::BodyVerdict generic = body::classify(made, binding, {m[0], m[1], m[2], q.mu_plus});
    ASSERT_EQ(generic.realizable, model.realizable)
        << "m = " << m.transpose() << ", mu+ " << q.mu_plus;
    ASSERT_EQ(generic.failingModes(), contact::EscapeSet::of(model.escapes))
        << "m = " << m.transpose() << ", mu+ " << q.mu_plus;
    (model.realizable ? realizable : escaped) += 1;
  }
  // Both sides of the boundary were compared (169 realizable, 131 escaping points).
  EXPECT_GT(realizable, 80u);
  EXPECT_GT(escaped, 60u);
}

TEST(BallTroughBody, RefusesParametersTheModelRefuses) {
  BallTroughParameters p;
  p.inertia_ratio = 0.0;
  EXPECT_THROW(ballTroughBody(p), InvalidInput);
  p = BallTroughParameters{};
  p.mu_minus = -0.1;
  EXPECT_THROW(ballTroughBody(p), InvalidInput);
}

}  // namespace
}  // namespace nsd::models
