#pragma once
// Internal to the Python module (pybind11: only src/python sees it): the helpers the binding
// files share. Arrays in, arrays out; bad input raises nsd::InvalidInput (ValueError).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>  // in every binding file alike (one set of casters)

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/mesh/stability_body_mesh.hpp>
#include <nsdkit/models/ball_trough.hpp>

namespace nsd::python {

namespace py = pybind11;

using Body = std::shared_ptr<nsd::body::BodyDescription>;  // read-only from Python
using Matrix = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// Worker threads for `threads` (0: all cores; negative refused).
unsigned threadCount(int threads);

/// An (N, k) array of load points (a 1-D array is one point).
struct Points {
  std::size_t rows = 0, cols = 0;
  const double* data = nullptr;
};
Points pointsOf(const Matrix& values, std::size_t expected_cols, const char* what);

/// Verdicts of many points as arrays: realizable (bool), contact_loss (bool), escapes (str).
py::dict verdictArrays(std::size_t rows, const std::vector<char>& realizable,
                       const std::vector<char>& contact_loss,
                       const std::vector<std::string>& escapes);

/// A bool array of `values` (read through `flag`).
template <class T, class Flag>
py::array_t<bool> boolArray(const std::vector<T>& values, Flag&& flag) {
  py::array_t<bool> out(static_cast<py::ssize_t>(values.size()));
  for (std::size_t k = 0; k < values.size(); ++k) {
    out.mutable_at(static_cast<py::ssize_t>(k)) = flag(values[k]);
  }
  return out;
}

/// The ball-in-trough parameters of Python's keywords (mu for both contacts unless mu_plus or
/// mu_minus is given; inertia j; the trough's opening angle [deg]), checked by name.
nsd::models::BallTroughParameters ballTroughParameters(double mu, double inertia, double angle_deg,
                                                       const py::object& mu_plus,
                                                       const py::object& mu_minus);

/// A mesh as arrays: vertices (V, 3), faces (F, 3), and its measured report.
py::dict meshArrays(const nsd::mesh::StabilityBodyMesh& m);

void bindBody(py::module_& m);        // body_bindings.cpp
void bindModels(py::module_& m);      // model_bindings.cpp
void bindValidation(py::module_& m);  // validation_bindings.cpp
void bindSweepFiles(py::module_& m);  // sweep_file_bindings.cpp
void bindJobs(py::module_& m);        // jobs_bindings.cpp

}  // namespace nsd::python
