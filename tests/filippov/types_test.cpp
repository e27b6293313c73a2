// Point types from limit-direction types (Def 8): classifyDirections against classifyFromCounts
// and the closed-form rules.
#include <gtest/gtest.h>

#include <vector>

#include "filippov/types.hpp"

namespace nsd::filippov {
namespace {

struct Direction {
  LimitDirectionType type;
};

std::vector<Direction> directions(std::initializer_list<LimitDirectionType> types) {
  std::vector<Direction> out;
  for (const auto t : types) out.push_back(Direction{t});
  return out;
}

TEST(Types, PointTypeFromDirectionTypes) {
  using T = LimitDirectionType;
  EXPECT_EQ(classifyDirections(directions({})), SlidingPointType::kNoLimitDirection);
  EXPECT_EQ(classifyDirections(directions({T::kAttracting, T::kAttracting})),
            SlidingPointType::kAttractingSliding);
  EXPECT_EQ(classifyDirections(directions({T::kRepelling})), SlidingPointType::kRepellingSliding);
  EXPECT_EQ(classifyDirections(directions({T::kAttracting, T::kRepelling})),
            SlidingPointType::kCrossing);
  EXPECT_EQ(classifyDirections(directions({T::kAttracting, T::kNeutral})),
            SlidingPointType::kMarginal);
  // Counting agrees with classifyFromCounts on every small combination.
  for (int a = 0; a < 3; ++a) {
    for (int r = 0; r < 3; ++r) {
      for (int n = 0; n < 3; ++n) {
        std::vector<Direction> d;
        d.insert(d.end(), static_cast<std::size_t>(a), Direction{T::kAttracting});
        d.insert(d.end(), static_cast<std::size_t>(r), Direction{T::kRepelling});
        d.insert(d.end(), static_cast<std::size_t>(n), Direction{T::kNeutral});
        EXPECT_EQ(classifyDirections(d), classifyFromCounts(a, r, n)) << a << r << n;
      }
    }
  }
}

}  // namespace
}  // namespace nsd::filippov
