// bodyRealizableSet (region/body_predicate.hpp) over an axis that sets friction: the axle on a
// plane (examples/bodies/axle_on_plane.json) over (fz, ty, mu) against its definition: mu is not
// a load (no exact-route family), the set ends at mu = 0 (a negative coefficient is outside, not
// an error), and a set still realizable past the friction laws' largest coefficient is unbounded.
#include <nsdkit/region/body_predicate.hpp>

#include <gtest/gtest.h>

#include <string>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/errors.hpp>

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

}  // namespace
}  // namespace nsd::region
