// bodyRealizableSet (region/body_predicate.hpp) over an axis that sets friction: the axle on a
// plane (examples/bodies/axle_on_plane.json) over (fz, ty, mu) against its definition: mu is not
// a load (no exact-route family), the set ends at mu = 0 (a negative coefficient is outside, not
// an error), and a set still realizable past the friction laws' largest coefficient is unbounded.
// Its inside-predicate (the verdict alone, body::isRealizable) against the body's predicate
// (body::classify) at seeded points of three shipped bodies.
#include <nsdkit/region/body_predicate.hpp>

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <vector>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/errors.hpp>

#include "../support/shipped_bodies_dir.hpp"

namespace nsd::region {
namespace {

body::BodyDescription axle() { return body::readBodyFile(NSDKIT_BODIES_DIR "/axle_on_plane.json"); }

TEST(BodyRealizableSet, OnlyLoadAxesGiveTheExactFamily) {
  EXPECT_TRUE(bodyRealizableSet(axle(), {"fz", "ty", "fx"}).two_contact_dynamics);
  // mu does not enter the contact accelerations: as a "load" it would look like a direction
  // along which Def 11 cannot change, and the set like a prism.
  EXPECT_FALSE(bodyRealizableSet(axle(), {"fz", "ty", "mu"}).two_contact_dynamics);
}

TEST(BodyRealizableSet, NegativeFrictionIsOutsideTheSet) {
  const RealizableSet3 set = bodyRealizableSet(axle(), {"fz", "ty", "mu"});
  ASSERT_TRUE(set.inside(set.default_point));  // mu = 0.5
  const Eigen::Vector3d below(0.0, 0.0, -1e-9);
  EXPECT_FALSE(set.inside(below));
  EXPECT_FALSE(set.inside(Eigen::Vector3d(0.0, 0.0, -3.0)));
  // The body's own predicate refuses such a coefficient by name.
  const ModelPredicate predicate = bodyPredicate(axle(), {"fz", "ty", "mu"});
  EXPECT_THROW(predicate({{"fz", 0.0}, {"ty", 0.0}, {"mu", -3.0}}), InvalidInput);
}

TEST(BodyRealizableSet, FrictionBeyondTheLargestCoefficientIsUnbounded) {
  const RealizableSet3 set = bodyRealizableSet(axle(), {"fz", "ty", "mu"});
  try {
    set.inside(Eigen::Vector3d(0.0, 0.0, 2e6));
    ADD_FAILURE() << "mu = 2e6 was classified";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("unbounded along mu"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(set.inside(Eigen::Vector3d(0.0, 0.0, 1.0)));
}

struct SetCase {
  const char* file;
  std::array<std::string, 3> axes;
  Eigen::Vector3d lower, upper;
};

TEST(BodyRealizableSet, InsideIsThePredicatesVerdict) {
  // Boxes in which a fair share of the points is realizable and the rest fails in every way
  // (the axle: RS, SR and SS first; the hoop has one contact).
  const SetCase cases[] = {
      {"axle_on_plane.json", {"fz", "ty", "fx"}, Eigen::Vector3d(-100, -100, -100),
       Eigen::Vector3d(100, 100, 100)},
      {"axle_on_plane.json", {"ty", "mu", "fz"}, Eigen::Vector3d(-100, 0.01, -100),
       Eigen::Vector3d(100, 1.0, 100)},
      {"wheelset.json", {"fx", "fz", "tx"}, Eigen::Vector3d(-0.5, -1.2, -0.5),
       Eigen::Vector3d(0.5, 1.2, 0.5)},
      {"hoop_on_plane.json", {"fz", "mu", "omega_x"}, Eigen::Vector3d(-20, 0.01, -20),
       Eigen::Vector3d(20, 1.0, 20)}};
  std::mt19937 rng(176);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const SetCase& c : cases) {
    const body::BodyDescription body = body::readBodyFile(test::kShippedBodiesDir + "/" + c.file);
    const RealizableSet3 set = bodyRealizableSet(body, c.axes);
    const std::vector<std::string> names(c.axes.begin(), c.axes.end());
    const BoundPredicate predicate = bodyPredicate(body, names).bind(names);
    int inside = 0, mismatches = 0;
    const int points = 1500;
    for (int k = 0; k < points; ++k) {
      const Eigen::Vector3d x = c.lower + (c.upper - c.lower).cwiseProduct(
                                              Eigen::Vector3d(unit(rng), unit(rng), unit(rng)));
      const bool expected = predicate({x[0], x[1], x[2]}).realizable;
      inside += expected;
      if (set.inside(x) != expected) ++mismatches;
    }
    EXPECT_EQ(mismatches, 0) << c.file;
    // Both verdicts occur often, so the comparison tests something either way.
    EXPECT_GT(inside, points / 20) << c.file;
    EXPECT_LT(inside, points - points / 20) << c.file;
  }
}

}  // namespace
}  // namespace nsd::region
