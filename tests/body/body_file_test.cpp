// Body files: every malformed field is refused with a message naming it, and the shipped
// ball_trough.json is, bit for bit, the body of --model ball-trough.
#include <nsdkit/body/body_file.hpp>

#include <gtest/gtest.h>

#include "../support/shipped_bodies_dir.hpp"

#include <random>
#include <string>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/models/ball_trough.hpp>

namespace nsd::body {
namespace {

using test::kShippedBodiesDir;

// A valid two-contact body; the tests break one field at a time.
std::string validText() {
  return R"({
    "format": "nsdkit-body/1", "name": "t", "mass": 1.0,
    "inertia": [[0.001, 0, 0], [0, 0.001, 0], [0, 0, 0.001]],
    "gravity": [-6.9, -6.9, 0],
    "contacts": [
      {"point": [0, -0.05, 0], "normal": [0, 1, 0], "friction": {"law": "coulomb", "mu": 0.3}},
      {"point": [-0.05, 0, 0], "normal": [1, 0, 0], "friction": {"law": "coulomb", "mu": 0.3}}],
    "loads": [{"name": "mx", "effects": [{"torque": [1, 0, 0]}]}]
  })";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

// The message of the InvalidInput thrown for `text` ("" if none).
std::string errorOf(const std::string& text) {
  try {
    (void)parseBody(text, "f.json");
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "";
}

TEST(BodyFile, ValidTextReads) {
  const BodyDescription b = parseBody(validText(), "f.json");
  EXPECT_EQ(b.contacts.size(), 2u);
  EXPECT_EQ(b.loads.size(), 1u);
  EXPECT_EQ(b.contacts[1].name, "contact 1");
}

TEST(BodyFile, EachMalformedFieldIsNamed) {
  const std::string v = validText();
  struct Case {
    std::string text, expected;
  };
  const Case cases[] = {
      {replaced(v, "\"mass\": 1.0,", ""), "f.json: mass: missing field"},
      {replaced(v, "\"mass\": 1.0", "\"mass\": -1"), "f.json: mass: must be > 0"},
      {replaced(v, "[0, 0.001, 0]", "[0, -0.001, 0]"),
       "f.json: inertia: must be positive definite"},
      {replaced(v, "[[0.001, 0, 0]", "[[0.001, 0.0005, 0]"), "f.json: inertia: must be symmetric"},
      {replaced(v, "[[0.001, 0, 0], [0, 0.001, 0], [0, 0, 0.001]]",
                "[[0.001, 0, 0], [0, 0.001, 0], [0, 0, 0.0025]]"),
       "violate J3 <= J1 + J2"},
      {replaced(v, "\"normal\": [0, 1, 0]", "\"normal\": [0, 0.98, 0]"),
       "f.json: contacts[0].normal: must be a unit vector (its norm is 0.98)"},
      {replaced(v, "\"point\": [-0.05, 0, 0]", "\"point\": [0, -0.05, 0]"),
       "f.json: contacts: the two contact points coincide"},
      {replaced(v, "\"point\": [-0.05, 0, 0]", "\"point\": [0, 0.05, 0]"),
       "f.json: at the default loads: degenerate geometry: r+ - r- is parallel to the "
       "normal"},  // r+ - r- along n: excluded after eq. (3)
      {replaced(v, "\"mu\": 0.3}}]", "\"mu\": -0.3}}]"),
       "f.json: contacts[1].friction.mu: must be >= 0, got -0.3"},
      {replaced(v, "\"law\": \"coulomb\", \"mu\": 0.3}},\n",
                "\"law\": \"stribeck\", \"mu\": 0.3}},\n"),
       "f.json: contacts[0].friction.law: unknown friction law 'stribeck'"},
      {replaced(v, "\"gravity\"", "\"gravity_W\""), "f.json: unknown field 'gravity_W'"},
      {replaced(v, "\"torque\": [1, 0, 0]", "\"torque\": [1, 0]"),
       "f.json: loads[0].effects[0].torque: must be an array of 3 numbers"},
      {replaced(v, "\"name\": \"mx\"", "\"name\": \"omega_a\""),
       "loads[0].name: 'omega_a' is the velocity state's name"},
      {replaced(v, "nsdkit-body/1", "nsdkit-body/3"), "f.json: format: 'nsdkit-body/3'"},
      {replaced(v, "\"mass\": 1.0,", "\"mass\": 1.0"), "f.json: not valid JSON"},
      // A number beyond double (nlohmann reports it as out_of_range, not parse_error; found by
      // the body-file fuzzer).
      {replaced(v, "\"mass\": 1.0", "\"mass\": 2.4e720"), "f.json: not valid JSON"},
      {replaced(v, "\"contacts\": [",
                "\"contacts\": [ {\"point\": [0,0,0], \"normal\": [0,0,1], "
                "\"friction\": {\"mu\": 1}},"),
       "f.json: contacts: must be an array of one or two contacts"},
  };
  for (const auto& c : cases) {
    const std::string message = errorOf(c.text);
    EXPECT_NE(message.find(c.expected), std::string::npos)
        << "expected '" << c.expected << "' in '" << message << "'";
  }
}

TEST(BodyFile, UnreadableFileIsNamed) {
  try {
    (void)readBodyFile("/nonexistent/body.json");
    FAIL() << "no exception";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("body file '/nonexistent/body.json': does not exist"), std::string::npos);
  }
}

// The shipped paper ball is the --model ball-trough body, every double identical, at seeded
// random torques (so every product built on either gives byte-identical output).
TEST(BodyFile, ShippedBallIsTheModelBitForBit) {
  const BodyDescription body = readBodyFile(kShippedBodiesDir + "/ball_trough.json");
  const ParameterBinding binding = bindParameters(body, {"mx", "my", "mz"});
  const models::BallTroughParameters p = models::BallTroughParameters::paper(0.3, 0.4);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> torque(-0.6, 0.6);
  int realizable = 0;
  for (int i = 0; i < 200; ++i) {
    const Eigen::Vector3d m(torque(rng), torque(rng), torque(rng));
    const ConfiguredBody c = configure(body, binding, {m[0], m[1], m[2]});
    const contact::TwoContactBody expected = models::makeTwoContactBody(p, m);
    ASSERT_EQ(c.contact_count, 2);
    EXPECT_EQ(c.two.mass, expected.mass);
    EXPECT_EQ(c.two.inertia_C_W, expected.inertia_C_W);
    EXPECT_EQ(c.two.r_CPplus_W, expected.r_CPplus_W);
    EXPECT_EQ(c.two.r_CPminus_W, expected.r_CPminus_W);
    EXPECT_EQ(c.two.n_plus_W, expected.n_plus_W);
    EXPECT_EQ(c.two.n_minus_W, expected.n_minus_W);
    EXPECT_EQ(c.two.force_external_W, expected.force_external_W);
    EXPECT_EQ(c.two.torque_external_W, expected.torque_external_W);
    EXPECT_EQ(c.two.friction_plus.mu_static, expected.friction_plus.mu_static);
    EXPECT_EQ(c.two.friction_minus.mu_static, expected.friction_minus.mu_static);
    const BodyVerdict v = classify(c);
    const models::BallTroughClassification g = models::classifyGeneric(p, m);
    EXPECT_EQ(v.realizable, g.realizable);
    EXPECT_EQ(v.escapeLabel(), models::escapeLabel(g.escapes));
    realizable += v.realizable;
  }
  EXPECT_GT(realizable, 5);  // both verdicts occur among the samples
  EXPECT_LT(realizable, 195);
}

TEST(BodyFile, UnknownParameterListsTheKnownOnes) {
  const BodyDescription body = readBodyFile(kShippedBodiesDir + "/ball_trough.json");
  try {
    (void)bindParameters(body, {"mq"});
    FAIL() << "no exception";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("has no parameter 'mq' (it has: 'mx', 'my', 'mz', 'mu', 'omega_a')"),
              std::string::npos)
        << e.what();
  }
}

// A body built in C++ (not read from a file) whose effect names a contact it does not have is
// refused when configured, never indexed past its contacts.
TEST(BodyFile, EffectOnAMissingContactIsRefused) {
  BodyDescription body = parseBody(validText(), "f.json");
  LoadParameter mu{"mu", "-", 0.3, 1.0, {LoadEffect{LoadEffect::Kind::kFriction, {}, {3}}}};
  body.loads.push_back(mu);
  try {
    (void)configure(body, bindParameters(body, {"mu"}), {0.4});
    FAIL() << "no exception";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("acts on contact 3; the body has 2"), std::string::npos);
  }
}

TEST(BodyFile, ParameterValuesAreChecked) {
  const BodyDescription body = readBodyFile(kShippedBodiesDir + "/ball_trough.json");
  const ParameterBinding binding = bindParameters(body, {"mx", "mu"});
  EXPECT_THROW((void)configure(body, binding, {NAN, 0.3}), InvalidInput);
  EXPECT_THROW((void)configure(body, binding, {1e300, 0.3}), InvalidInput);
  EXPECT_THROW((void)configure(body, binding, {0.0, -0.1}), InvalidInput);
}

}  // namespace
}  // namespace nsd::body
