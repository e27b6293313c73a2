// The typed verdict's escapes against their labels and codes: every label the predicates make
// reads back to the same set, the bits are the HDF5 files' documented codes, and anything else
// is refused.
#include <nsdkit/contact/escape_set.hpp>

#include <gtest/gtest.h>

#include <string>

#include <nsdkit/core/errors.hpp>

namespace nsd::contact {
namespace {

TEST(EscapeSet, EveryLabelOfThePredicatesReadsBackToTheSameSet) {
  for (const char* label :
       {"realizable", "RS", "SR", "SS", "RS|SR", "RS|SS", "SR|SS", "RS|SR|SS", "slip",
        "contact_loss", "RS|contact_loss", "realizable|contact_loss", "slip|contact_loss"}) {
    const bool realizable = std::string(label).rfind("realizable", 0) == 0;
    EXPECT_EQ(verdictLabel(realizable, parseVerdictLabel(label)), label);
  }
}

TEST(EscapeSet, BitsAreTheDocumentedEscapeCodes) {
  // docs/command_line.md and the HDF5 files' bit_* attributes: 1 RS, 2 SR, 4 SS, 8 slip,
  // 16 contact loss.
  EXPECT_EQ(parseVerdictLabel("RS|SS").bits(), 1 + 4);
  EXPECT_EQ(parseVerdictLabel("SR|slip|contact_loss").bits(), 2 + 8 + 16);
  EXPECT_EQ(parseVerdictLabel("realizable").bits(), 0);
  EXPECT_EQ(EscapeSet::of({EscapeMode::kSS, EscapeMode::kRS}).bits(), 1 + 4);
  for (std::uint8_t code = 0; code < 32; ++code) {
    EXPECT_EQ(EscapeSet::fromBits(code).bits(), code);
    EXPECT_EQ(parseVerdictLabel(verdictLabel(false, EscapeSet::fromBits(code))).bits(), code);
  }
}

TEST(EscapeSet, RefusesUnknownPartsAndCodes) {
  EXPECT_THROW(parseVerdictLabel("RR"), InvalidInput);
  EXPECT_THROW(parseVerdictLabel("RS|"), InvalidInput);  // empty part
  EXPECT_THROW(parseVerdictLabel("RS|realizable"), InvalidInput);
  EXPECT_THROW(EscapeSet::fromBits(32), InvalidInput);
}

}  // namespace
}  // namespace nsd::contact
