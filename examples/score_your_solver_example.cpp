// Bring your own solver: export nsdkit's validation cases, "simulate" them (here: the analytic
// solutions, where two-point rolling is realizable), and score the trajectories.
//
// A real user replaces `mySolver` by their engine: read <cases>/<i>.json (geometry, mass,
// inertia, mu+-, gravity, torque, initial state, duration; frame in the file), simulate, and write
// <trajectories>/<i>.csv with columns t,x,y,z,vx,vy,vz,wx,wy,wz (ball centre and angular velocity
// in the case's frame, SI units). Then: nsdkit validate --score --cases DIR --trajectories TDIR.
#include <filesystem>
#include <iostream>

#include <nsdkit/validation/validation.hpp>

int main() {
  namespace fs = std::filesystem;
  namespace val = nsd::validation;
  const fs::path work = fs::temp_directory_path() / "nsdkit_score_example";
  fs::remove_all(work);

  std::vector<val::ValidationCase> cases;
  // The paper's trough and every one-plane family (incline, launch, creep).
  for (const auto& c : val::generateCases(val::allCaseFamilies())) {
    if (c.kind != val::CaseFamily::kTrough || c.family == "mu0.3_j0.4") cases.push_back(c);
  }
  val::exportCases(cases, (work / "cases").string());
  const auto imported = val::importCases((work / "cases").string());

  fs::create_directories(work / "trajectories");
  int written = 0;
  for (std::size_t i = 0; i < imported.size(); ++i) {
    if (!imported[i].refusal.empty()) return 1;  // our own export must rebuild exactly
    // No analytic trajectory where two-point rolling is not realizable: scored as missing.
    if (!imported[i].realizable && !imported[i].one_plane) continue;
    val::writeTrajectoryCsv(val::analyticTrajectory(imported[i], 1e-3),
                            (work / "trajectories" / (std::to_string(i) + ".csv")).string());
    ++written;
  }
  const auto results =
      val::scoreTrajectories(imported, (work / "trajectories").string(), "analytic");
  int passed = 0, passed_written = 0;
  for (std::size_t i = 0; i < results.size(); ++i) {
    passed += results[i].pass;
    if (imported[i].realizable || imported[i].one_plane) passed_written += results[i].pass;
  }
  std::cout << imported.size() << " cases exported; " << written
            << " analytic trajectories written, " << passed_written << " of them pass; " << passed
            << " of " << results.size() << " rows pass (the others have no file)\n";
  val::writeReport((work / "report").string(), imported, results, {}, {{"analytic", "-", 0.0}}, {});
  std::cout << "report: " << (work / "report" / "report.md").string() << '\n';
  fs::remove_all(work);
  return passed_written == written ? 0 : 1;
}
