// The Python module `nsdkit` (pybind11; only src/python includes it): body files, Def-11 /
// Def-9 classification of arrays of load points, region sweeps, meshes of realizable sets, the
// paper's ball, the rattleback, the combined friction models and validation, with NumPy arrays
// in and out. Library errors become Python exceptions: InvalidInput (bad input) is a
// std::invalid_argument, so ValueError; SolverFailure is RuntimeError.
#include <pybind11/pybind11.h>

#include "binding_common.hpp"

PYBIND11_MODULE(_nsdkit, m) {
  using namespace nsd::python;
  bindValidation(m);
  m.doc() =
      "nsdkit: realizability of rolling for rigid bodies with frictional contacts (Def 9 for "
      "one contact, Def 11 for two). Units: SI (kg, m, s, N, rad), as in the body files.";
  bindBody(m);
  bindModels(m);
  bindSweepFiles(m);
}
