// Bring your own solver: export nsdkit's validation cases, "simulate" them (here: the analytic
// solutions, where one exists), declare the others not representable in the solver's manifest,
// and score the trajectories.
//
// A real user replaces `mySolver` by their engine: read <cases>/<n>.json (scene, duration,
// frames in the file; docs/schema/validation_case.schema.json), simulate, and write
// <trajectories>/<n>.csv with columns t,x,y,z,vx,vy,vz,wx,wy,wz (mass centre and angular velocity
// in the case's frame, SI units), n the case's number (its file's "index"), plus
// <trajectories>/solver.json. Then: nsdkit validate --score --cases DIR --trajectories TDIR.
// Exits non-zero when a row is not what the analytic solutions must give.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/report.hpp>
#include <nsdkit/validation/result.hpp>

int main() {
  namespace fs = std::filesystem;
  namespace val = nsd::validation;
  const fs::path work = fs::temp_directory_path() / "nsdkit_score_example";
  fs::remove_all(work);

  // Every case of every family: a benchmark score covers whole families.
  val::exportCases(val::generateCases(val::allCaseFamilies()), (work / "cases").string());
  const auto imported = val::importCases((work / "cases").string());

  fs::create_directories(work / "trajectories");
  nlohmann::json not_representable = nlohmann::json::array();
  int written = 0;
  for (const auto& c : imported) {
    if (!c.refusal.empty() || c.custom) return 1;  // our own export is nsdkit's set, exactly
    if (!c.realizable && !c.one_plane) {
      // No analytic trajectory where two-point rolling is not realizable: declared.
      not_representable.push_back({{"case", c.name}, {"reason", "no closed-form escape motion"}});
      continue;
    }
    val::writeTrajectoryCsv(
        val::analyticTrajectory(c, 1e-3),
        (work / "trajectories" / (std::to_string(c.case_index) + ".csv")).string());
    ++written;
  }
  std::ofstream(work / "trajectories" / "solver.json") << nlohmann::json{
      {"name", "analytic"},
      {"version", "nsdkit's closed forms"},
      {"step_s", 1e-3},
      {"not_representable", not_representable}}.dump(2);

  const auto results =
      val::scoreTrajectories(imported, (work / "trajectories").string(), "analytic");
  int passed = 0, declared = 0;
  for (const auto& r : results) {
    passed += r.pass;
    declared += r.status == val::RowStatus::kNotRepresentable;
  }
  std::cout << imported.size() << " cases exported; " << written
            << " analytic trajectories written, " << passed << " pass; " << declared
            << " declared not representable (solver.json); " << results.size() << " rows\n";
  val::writeReport((work / "report").string(), imported, results, {}, {{"analytic", "-", 1e-3}},
                   {});
  std::cout << "report: " << (work / "report" / "report.md").string() << '\n';
  fs::remove_all(work);
  const bool every_row_accounted = results.size() == imported.size();
  return passed == written && declared == static_cast<int>(not_representable.size()) &&
                 every_row_accounted
             ? 0
             : 1;
}
