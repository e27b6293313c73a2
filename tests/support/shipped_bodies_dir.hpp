#pragma once
// The folder of the shipped body files (examples/bodies), given to the tests that read them by
// the NSDKIT_BODIES_DIR definition of tests/CMakeLists.txt.
#include <string>

namespace nsd::test {

inline const std::string kShippedBodiesDir = NSDKIT_BODIES_DIR;

}  // namespace nsd::test
