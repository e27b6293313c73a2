// nsdkit.read_sweep: an HDF5 sweep file (nsdkit region --format hdf5, from one process or many
// MPI ranks) as NumPy arrays shaped like the grid. The file is read by nsdkit's HDF5 library
// (src/nsdkit/hdf5), so this module needs no HDF5 headers; plain h5py reads the same file.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <nsdkit/hdf5/sweep_file.hpp>

#include "binding_common.hpp"

namespace nsd::python {
namespace {

template <class T>
py::array_t<T> shaped(const std::vector<T>& values, const std::vector<py::ssize_t>& shape) {
  py::array_t<T> a(shape);
  std::copy(values.begin(), values.end(), a.mutable_data());
  return a;
}

py::dict readSweep(const std::string& path) {
  const hdf5::SweepFileContents c = hdf5::readSweepFile(path);
  std::vector<py::ssize_t> shape;
  std::vector<std::string> names;
  py::list axis_values;
  for (std::size_t i = 0; i < c.axes.size(); ++i) {
    shape.push_back(c.axes[i].count);
    names.push_back(c.axes[i].name);
    axis_values.append(shaped(c.axis_values[i], {c.axes[i].count}));
  }
  py::dict out;
  out["format"] = c.format;
  out["nsdkit_version"] = c.nsdkit_version;
  out["model"] = c.model_name;
  out["body_file"] = c.body_file_text;
  out["names"] = names;
  out["axes"] = axis_values;
  out["fixed"] = c.fixed;
  out["model_parameters"] = c.model_parameters;
  out["refine_tolerance"] = c.refine_tolerance;
  std::vector<bool> realizable(c.realizable.begin(), c.realizable.end());
  py::array_t<bool> r(shape);
  std::copy(realizable.begin(), realizable.end(), r.mutable_data());
  out["realizable"] = r;
  out["escapes"] = shaped(c.escapes, shape);
  py::array_t<bool> u(shape);
  for (std::size_t i = 0; i < c.uncertain.size(); ++i) u.mutable_data()[i] = c.uncertain[i] != 0;
  out["uncertain"] = u;
  const auto m = static_cast<py::ssize_t>(c.boundary_bracket_width.size());
  const auto k = static_cast<py::ssize_t>(c.axes.size());
  out["boundary"] = shaped(c.boundary_values, {m, k});
  out["boundary_bracket_width"] = shaped(c.boundary_bracket_width, {m});
  out["boundary_axis"] = shaped(c.boundary_axis, {m});
  out["boundary_escapes"] = shaped(c.boundary_outside_escapes, {m});
  out["boundary_predicate_calls"] = shaped(c.boundary_predicate_calls, {m});
  py::dict bits;
  for (const contact::Escape e : {contact::Escape::kRS, contact::Escape::kSR, contact::Escape::kSS,
                                  contact::Escape::kSlip, contact::Escape::kContactLoss}) {
    bits[contact::toString(e)] = static_cast<int>(e);
  }
  out["escape_bits"] = bits;
  return out;
}

}  // namespace

void bindSweepFiles(py::module_& m) {
  m.def("read_sweep", &readSweep, py::arg("path"),
        "Reads an HDF5 sweep file (nsdkit region --format hdf5 or nsdkit-mpi region --format "
        "hdf5). Returns a dict: 'names' (axis names in order), 'axes' (their values), "
        "'realizable' and 'uncertain' (bool arrays of the grid's shape, axis 0 first), "
        "'escapes' (uint8 codes of the failing escape modes, bits in 'escape_bits': RS 1, SR 2, "
        "SS 4, slip 8, contact_loss 16), 'boundary' (m x k refined points) with "
        "'boundary_bracket_width', 'boundary_axis', 'boundary_escapes' and "
        "'boundary_predicate_calls', and the header: 'fixed', 'model', 'model_parameters', "
        "'body_file', 'refine_tolerance', 'format', 'nsdkit_version'. ValueError for a file "
        "that is not a sweep file.");
}

}  // namespace nsd::python
