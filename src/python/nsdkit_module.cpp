// The Python module `nsdkit` (pybind11; only src/python includes it): body files, Def-11 /
// Def-9 classification of arrays of load points, region sweeps, meshes of realizable sets, the
// paper's ball, the rattleback, the combined friction models and validation, with NumPy arrays
// in and out. Library errors become Python exceptions: InvalidInput (bad input) is a
// std::invalid_argument, so ValueError; SolverFailure is RuntimeError.
#include <pybind11/pybind11.h>

#include <cstdio>
#include <string>

#include <nsdkit/core/errors.hpp>

#include "binding_common.hpp"

namespace {

// The message of a ValueError as one printable line: control bytes escaped (\xNN), never empty
// (the library's messages quote their inputs already; this is the last guard).
std::string printableMessage(const char* what) {
  std::string out;
  for (const char* c = what; c && *c; ++c) {
    const auto byte = static_cast<unsigned char>(*c);
    if (byte < 0x20 || byte == 0x7f) {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
      out += escaped;
    } else {
      out += *c;
    }
  }
  return out.empty() ? std::string("invalid input (the library gave no detail)") : out;
}

}  // namespace

PYBIND11_MODULE(_nsdkit, m) {
  using namespace nsd::python;
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const nsd::InvalidInput& e) {
      PyErr_SetString(PyExc_ValueError, printableMessage(e.what()).c_str());
    }
  });
  bindValidation(m);
  m.doc() =
      "nsdkit: realizability of rolling for rigid bodies with frictional contacts (Def 9 for "
      "one contact, Def 11 for two). Units: SI (kg, m, s, N, rad), as in the body files.";
  bindBody(m);
  bindModels(m);
  bindSweepFiles(m);
  bindJobs(m);
}
