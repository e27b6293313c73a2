// A validation run (run.hpp): every case through every solver, in parallel, each run judged.
#include <nsdkit/validation/run.hpp>

#include <algorithm>
#include <ostream>

#include <nsdkit/core/atomic_file.hpp>
#include <nsdkit/core/parallel.hpp>

namespace nsd::validation {

std::string seriesFileName(const std::string& case_name, const std::string& solver_label) {
  std::string name = case_name + "__" + solver_label + ".csv";
  for (char& ch : name) {
    if (ch == '/' || ch == '=' || ch == '|') ch = '_';
  }
  return name;
}

namespace {

void writeSeries(const std::string& path, const std::string& case_name, const std::string& solver,
                 const SolverTrajectory& t) {
  writeFileAtomically(path, [&](std::ostream& out) {
    out << "# case " << case_name << ", solver " << solver
        << "\nt,slip_plus,slip_minus,N_plus,N_minus,T_plus,T_minus,v_along\n";
    for (const auto& s : t.samples) {
      out << s.t << ',' << s.contacts[0].slip_W.norm() << ',' << s.contacts[1].slip_W.norm() << ','
          << s.contacts[0].normal_force_N << ',' << s.contacts[1].normal_force_N << ','
          << s.contacts[0].tangential_force_W.norm() << ','
          << s.contacts[1].tangential_force_W.norm() << ',' << s.v_C_W.z() << '\n';
    }
  });
}

}  // namespace

std::vector<ValidationResult> runValidation(const std::vector<ValidationCase>& cases,
                                            const ValidationOptions& o) {
  const std::size_t ns = o.solvers.size();
  std::vector<ValidationResult> results(cases.size() * ns);
  // Batch solvers (one process for every case of a setting) run first, `threads` settings at a
  // time; their rows then only read the results.
  parallelFor(o.solvers.size(), o.threads, [&](std::size_t k) {
    if (const SolverAdapter* a = findSolver(o.solvers[k].name)) a->prepare(cases, o.solvers[k]);
  });
  struct Release {
    const std::vector<SolverSpec>& solvers;
    ~Release() {
      for (const SolverSpec& s : solvers) {
        if (const SolverAdapter* a = findSolver(s.name)) a->release(s);
      }
    }
  } release{o.solvers};
  parallelFor(
      results.size(), o.threads,
      [&](std::size_t i) {
        const auto& c = cases[i / ns];
        const auto& s = o.solvers[i % ns];
        const SolverTrajectory t = runSolver(c, s);
        results[i] = judge(c, s, t, o.judge);
        if (!o.series_dir.empty() && std::find(o.series_cases.begin(), o.series_cases.end(),
                                               c.name) != o.series_cases.end()) {
          writeSeries(o.series_dir + "/" + seriesFileName(c.name, s.label()), c.name, s.label(), t);
        }
      },
      o.progress);
  return results;
}

}  // namespace nsd::validation
