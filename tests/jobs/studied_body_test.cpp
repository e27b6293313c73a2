// StudiedBody (jobs/studied_body.hpp): the paper's ball in the trough through the model
// (`--model ball-trough`) against the same ball through its body file
// (examples/bodies/ball_trough.json, whose numbers are the exact doubles of the model's
// construction). Two independent constructions of one rigid body: the model by name
// (region::ballTroughPredicate, models::classifyBallTrough) and the body file by its contacts and
// loads (region::bodyPredicate, body::classify). Their sweeps, realizable sets over
// (mx, my, mz) and classified tables must agree at seeded torques across the stability body's
// boundary. The ball's closed-form volume is checked against the tetrahedron of eqs. (82)-(83),
// (16/3) mu^2 (1 + 2 j), written out here; the body file's text and checksum against the file's
// bytes; and the checks each kind makes.
#include <nsdkit/jobs/studied_body.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nsdkit/core/checksum.hpp>
#include <nsdkit/core/errors.hpp>

#include "../support/shipped_bodies_dir.hpp"

namespace nsd::jobs {
namespace {

const std::string kBallFile = test::kShippedBodiesDir + "/ball_trough.json";

// Seeded torques (mx, my, mz) in [-0.7, 0.7]^3, inside and outside the stability body: at
// mu = 0.3 it fills about a sixth of that cube (65 of the first 400 points), and the points
// outside it lie beyond every kind of face.
std::vector<Eigen::Vector3d> seededTorques(std::size_t count) {
  std::mt19937 rng(4711);
  std::uniform_real_distribution<double> u(-0.7, 0.7);
  std::vector<Eigen::Vector3d> torques(count);
  for (Eigen::Vector3d& m : torques) m = Eigen::Vector3d(u(rng), u(rng), u(rng));
  return torques;
}

std::string fileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(StudiedBody, TheModelAndItsBodyFileSweepTheSameSet) {
  const auto model = studiedBody("ball-trough", TroughOptions{}, "");
  const auto file = studiedBody("", TroughOptions{}, kBallFile);
  EXPECT_EQ(model->modelName(), "ball-trough");
  EXPECT_EQ(file->modelName(), "body");
  const std::vector<region::Axis> axes{{"mx", -1.2, 1.2, 5}, {"my", -1.2, 1.2, 5}};
  const region::ParameterPoint fixed{{"mz", 0.0}};
  const region::SweepProblem a = model->sweepProblem(axes, fixed);
  const region::SweepProblem b = file->sweepProblem(axes, fixed);
  const region::BoundPredicate pa = a.predicate.bind({"mx", "my", "mz"});
  const region::BoundPredicate pb = b.predicate.bind({"mx", "my", "mz"});
  std::size_t realizable = 0, escaped = 0;
  for (const Eigen::Vector3d& m : seededTorques(400)) {
    const region::PointVerdict va = pa({m[0], m[1], m[2]});
    const region::PointVerdict vb = pb({m[0], m[1], m[2]});
    ASSERT_EQ(va.label(), vb.label()) << "at m = " << m.transpose();
    (va.realizable ? realizable : escaped) += 1;
  }
  // Both kinds of point were seen (65 and 335): the comparison crossed the boundary.
  EXPECT_GT(realizable, 30u);
  EXPECT_GT(escaped, 200u);
  // The model records its parameters; the body file its other loads and its checksum.
  EXPECT_DOUBLE_EQ(a.metadata.at("mu_plus"), 0.3);
  EXPECT_DOUBLE_EQ(a.metadata.at("angle_deg"), 90.0);
  EXPECT_EQ(a.metadata.count("body_file_checksum"), 0u);
  EXPECT_DOUBLE_EQ(b.metadata.at("mu"), 0.3);
}

TEST(StudiedBody, TheModelAndItsBodyFileGiveTheSameRealizableSet3) {
  const auto model = studiedBallInTrough(TroughOptions{});
  const auto file = studiedBodyFile(kBallFile);
  const region::RealizableSet3 a = model->realizableSet3({}, {});
  const region::RealizableSet3 b = file->realizableSet3({"mx", "my", "mz"}, {});
  ASSERT_TRUE(a.two_contact_dynamics);
  ASSERT_TRUE(b.two_contact_dynamics);
  EXPECT_TRUE(a.inside(a.default_point));
  EXPECT_TRUE(b.inside(b.default_point));
  std::size_t pieces = 0;
  for (const Eigen::Vector3d& m : seededTorques(400)) {
    ASSERT_EQ(a.inside(m), b.inside(m)) << "at m = " << m.transpose();
    ASSERT_EQ(a.piece(m), b.piece(m)) << "at m = " << m.transpose();
    pieces += a.piece(m) != -1;
    // The dynamics the exact faces are built from: the same contact accelerations.
    const Eigen::Vector3d x = m;
    const contact::TwoContactDynamics da = a.two_contact_dynamics(x);
    const contact::TwoContactDynamics db = b.two_contact_dynamics(x);
    EXPECT_TRUE(da.freeAcceleration().isApprox(db.freeAcceleration(), 1e-12)) << m.transpose();
    EXPECT_TRUE(da.delassus().isApprox(db.delassus(), 1e-12)) << m.transpose();
  }
  EXPECT_GT(pieces, 40u);  // 92 points beyond one face: the pieces were compared
  EXPECT_EQ(model->meshAxisLabels({}), (std::array<std::string, 3>{"m_x", "m_y", "m_z"}));
  EXPECT_EQ(file->meshAxisLabels({"mx", "my", "mz"}),
            (std::array<std::string, 3>{"mx", "my", "mz"}));
}

TEST(StudiedBody, TheModelAndItsBodyFileClassifyATableAlike) {
  const auto model = studiedBallInTrough(TroughOptions{});
  const auto file = studiedBodyFile(kBallFile);
  NumericTable table;
  table.header = {"mx", "my", "mz"};
  for (const Eigen::Vector3d& m : seededTorques(200)) table.rows.push_back({m[0], m[1], m[2]});
  const ClassifyRoute route{"generic", false, 2};
  model->checkClassifyRoute(route);
  file->checkClassifyRoute(route);
  const std::vector<body::BodyVerdict> a = model->classify(table, route);
  const std::vector<body::BodyVerdict> b = file->classify(table, route);
  ASSERT_EQ(a.size(), table.rows.size());
  ASSERT_EQ(b.size(), table.rows.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].realizable, b[i].realizable) << "row " << i;
    EXPECT_EQ(a[i].failingModes(), b[i].failingModes()) << "row " << i;
    EXPECT_EQ(a[i].contact_loss, b[i].contact_loss) << "row " << i;
  }
}

TEST(StudiedBody, TheBallHasTheTetrahedronWhereTheClosedFormApplies) {
  TroughOptions trough;
  trough.mu = 0.35;
  trough.inertia = 0.4;
  const double tetrahedron = 16.0 / 3.0 * 0.35 * 0.35 * (1.0 + 2.0 * 0.4);  // eqs. (82)-(83)
  const std::optional<double> volume = studiedBallInTrough(trough)->closedFormVolume();
  ASSERT_TRUE(volume.has_value());
  EXPECT_NEAR(*volume, tetrahedron, 1e-14 * tetrahedron);
  trough.angle_deg = 60.0;  // the closed form needs the right-angle trough
  EXPECT_FALSE(studiedBallInTrough(trough)->closedFormVolume().has_value());
  trough.angle_deg = 90.0;
  trough.mu_plus = 0.2;  // ... and mu+ = mu-
  EXPECT_FALSE(studiedBallInTrough(trough)->closedFormVolume().has_value());
  EXPECT_FALSE(studiedBodyFile(kBallFile)->closedFormVolume().has_value());
}

TEST(StudiedBody, TheBodyFileKeepsItsBytesAndTheirChecksum) {
  const auto file = studiedBodyFile(kBallFile);
  const std::string bytes = fileBytes(kBallFile);
  ASSERT_FALSE(bytes.empty());
  EXPECT_EQ(file->fileText(), bytes);
  EXPECT_EQ(file->displayName(), "ball-trough");
  const region::SweepProblem p = file->sweepProblem({{"mx", -1.0, 1.0, 3}}, {});
  const std::uint64_t hash = fnv1a64(bytes.data(), bytes.size()) & ((1ull << 52) - 1);
  EXPECT_EQ(p.metadata.at("body_file_checksum"), static_cast<double>(hash));
  EXPECT_TRUE(studiedBallInTrough(TroughOptions{})->fileText().empty());
}

TEST(StudiedBody, EachKindRefusesWhatIsNotItsOwn) {
  const auto model = studiedBallInTrough(TroughOptions{});
  const auto file = studiedBodyFile(kBallFile);
  // Axes and fixed values of a mesh are the body file's; the ball's are always mx, my, mz.
  EXPECT_THROW(model->checkMeshParameters({"mx", "my", "mz"}, {}), InvalidInput);
  EXPECT_THROW(model->checkMeshParameters({}, {{"mz", 0.0}}), InvalidInput);
  EXPECT_NO_THROW(model->checkMeshParameters({}, {}));
  EXPECT_THROW(file->realizableSet3({"mx", "my"}, {}), InvalidInput);
  EXPECT_THROW(file->realizableSet3({"mx", "my", "nope"}, {}), InvalidInput);
  // A mu the mesher cannot resolve.
  TroughOptions tiny;
  tiny.mu = 1e-9;
  EXPECT_THROW(studiedBallInTrough(tiny)->checkMeshParameters({}, {}), InvalidInput);
  // Classification routes: the ball has three, a body file the generic one.
  EXPECT_THROW(file->checkClassifyRoute({"closed-form", false, 1}), InvalidInput);
  EXPECT_NO_THROW(model->checkClassifyRoute({"closed-form", false, 1}));
  EXPECT_THROW(model->checkClassifyRoute({"nope", false, 1}), InvalidInput);
  TroughOptions sixty;
  sixty.angle_deg = 60.0;
  EXPECT_THROW(studiedBallInTrough(sixty)->checkClassifyRoute({"closed-form", false, 1}),
               InvalidInput);
  // Sweeps over a parameter the model does not have.
  EXPECT_THROW(model->sweepProblem({{"fz", 0.0, 1.0, 3}}, {}), InvalidInput);
  EXPECT_THROW(file->sweepProblem({{"fz", 0.0, 1.0, 3}}, {}), InvalidInput);
  // The model's name.
  EXPECT_THROW(studiedBody("ball", TroughOptions{}, ""), InvalidInput);
  EXPECT_THROW(studiedBody("", TroughOptions{}, ""), InvalidInput);
  EXPECT_THROW(studiedBodyFile(test::kShippedBodiesDir + "/missing.json"), InvalidInput);
  TroughOptions nan_mu;
  nan_mu.mu = NAN;
  EXPECT_THROW(studiedBallInTrough(nan_mu), InvalidInput);
}

}  // namespace
}  // namespace nsd::jobs
