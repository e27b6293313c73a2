// The leaderboard counts every row once, in its solver's row and its family's column, against
// counts made by hand for a constructed set of rows.
#include <gtest/gtest.h>

#include <sstream>

#include <nsdkit/validation/report.hpp>
#include <nsdkit/validation/result.hpp>

namespace nsd::validation {
namespace {

ValidationResult row(const std::string& solver, CaseFamily family, RowStatus status, bool pass) {
  ValidationResult r;
  r.solver = solver;
  r.family = family;
  r.status = status;
  r.pass = pass;
  return r;
}

TEST(Leaderboard, CountsEachRowInItsSolverAndFamily) {
  const std::vector<ValidationResult> results{
      row("a/exact", CaseFamily::kLaunch, RowStatus::kPass, true),
      row("a/exact", CaseFamily::kLaunch, RowStatus::kFail, false),
      row("b", CaseFamily::kBlock, RowStatus::kPass, true),
      row("a/exact", CaseFamily::kBlock, RowStatus::kNotRepresentable, false),
      row("b", CaseFamily::kLaunch, RowStatus::kRefused, false),
      row("a/exact", CaseFamily::kBlock, RowStatus::kPass, true),
  };
  const Leaderboard board = leaderboardOf(results);
  // Families in the canonical order (launch before block), solvers in the order of the rows.
  ASSERT_EQ(board.families, (std::vector<CaseFamily>{CaseFamily::kLaunch, CaseFamily::kBlock}));
  ASSERT_EQ(board.rows.size(), 2u);
  EXPECT_EQ(board.rows[0].solver, "a/exact");
  const LeaderboardCell& a_launch = board.rows[0].cells[0];
  const LeaderboardCell& a_block = board.rows[0].cells[1];
  EXPECT_EQ(a_launch.pass, 1);
  EXPECT_EQ(a_launch.fail, 1);
  EXPECT_EQ(a_block.pass, 1);
  EXPECT_EQ(a_block.not_representable, 1);
  EXPECT_EQ(board.rows[1].cells[0].refused, 1);
  EXPECT_EQ(board.rows[1].cells[1].pass, 1);

  std::ostringstream md;
  writeLeaderboard(md, board);
  EXPECT_NE(md.str().find("| solver | launch | block | all |"), std::string::npos) << md.str();
  EXPECT_NE(md.str().find("| a/exact | 1/2 | 1/1 (n.r. 1) | 2/3 (n.r. 1) |"), std::string::npos)
      << md.str();
  EXPECT_NE(md.str().find("| b | 0/0 (refused 1) | 1/1 | 1/1 (refused 1) |"), std::string::npos)
      << md.str();
}

}  // namespace
}  // namespace nsd::validation
