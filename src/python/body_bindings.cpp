// nsdkit.Body: body files, Def-11 / Def-9 classification of arrays of load points, the rolling
// motion, region sweeps and meshes of realizable sets. Long calls release the GIL and run on
// `threads` worker threads (0: all cores).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/mesh/stability_body_mesh.hpp>
#include <nsdkit/models/ball_trough_body.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/region/region.hpp>

#include "binding_common.hpp"

namespace nsd::python {
namespace {

py::dict classifyBody(const Body& body, const Matrix& values, const std::vector<std::string>& names,
                      int threads, bool certify) {
  const nsd::body::ParameterBinding binding = nsd::body::bindParameters(*body, names);
  const Points p = pointsOf(values, names.size(), "values");
  std::vector<char> realizable(p.rows), loss(p.rows), certified(p.rows);
  std::vector<std::string> escapes(p.rows);
  nsd::body::ClassifyOptions options;
  options.certify = certify;
  {
    py::gil_scoped_release release;
    nsd::parallelFor(p.rows, threadCount(threads), [&](std::size_t i) {
      const std::vector<double> row(p.data + i * p.cols, p.data + (i + 1) * p.cols);
      const nsd::body::BodyVerdict v = nsd::body::classify(*body, binding, row, options);
      realizable[i] = v.realizable;
      loss[i] = v.contact_loss;
      certified[i] = v.certified;
      escapes[i] = v.escapeLabel();
    });
  }
  py::dict out = verdictArrays(p.rows, realizable, loss, escapes);
  if (certify) {
    py::array_t<bool> flags(static_cast<py::ssize_t>(p.rows));
    for (std::size_t i = 0; i < p.rows; ++i) {
      flags.mutable_at(static_cast<py::ssize_t>(i)) = certified[i] != 0;
    }
    out["certified"] = flags;
  }
  return out;
}

py::dict rollingMotion(const Body& body, const Matrix& values,
                       const std::vector<std::string>& names) {
  const Points p = pointsOf(values, names.size(), "values");
  if (p.rows != 1) throw nsd::InvalidInput("rolling_motion takes one point (a 1-D array)");
  const std::vector<double> row(p.data, p.data + p.cols);
  const nsd::body::RollingMotion m = nsd::body::rollingMotion(
      nsd::body::configure(*body, nsd::body::bindParameters(*body, names), row));
  auto vec = [](const Eigen::Vector3d& v) {
    py::array_t<double> a(3);
    for (py::ssize_t k = 0; k < 3; ++k) a.mutable_at(k) = v[k];
    return a;
  };
  py::list forces;
  for (const auto& f : m.contact_forces_W) forces.append(vec(f));
  py::dict out;
  out["dv_C"] = vec(m.dv_C_W);
  out["domega"] = vec(m.domega_W);
  out["contact_forces"] = forces;
  return out;
}

py::dict sweepBody(const Body& body,
                   const std::vector<std::tuple<std::string, double, double, int>>& axes_in,
                   const std::map<std::string, double>& fixed, double refine_tolerance,
                   int threads) {
  std::vector<nsd::region::Axis> axes;
  std::vector<std::string> names;
  for (const auto& [name, lower, upper, count] : axes_in) {
    axes.push_back({name, lower, upper, count});
    names.push_back(name);
  }
  for (const auto& [name, value] : fixed) names.push_back(name);
  const nsd::region::ModelPredicate predicate = nsd::region::bodyPredicate(*body, names);
  nsd::region::SweepOptions options;
  options.threads = threadCount(threads);
  options.refine_tolerance = refine_tolerance;
  nsd::region::SweepResult result;
  {
    py::gil_scoped_release release;
    result = nsd::region::sweep(axes, fixed, predicate, options);
  }
  const auto rows = static_cast<py::ssize_t>(result.points.size());
  const auto cols = static_cast<py::ssize_t>(axes.size());
  py::array_t<double> values({rows, cols});
  py::array_t<bool> realizable(rows);
  std::vector<std::string> labels;
  auto v = values.mutable_unchecked<2>();
  auto r = realizable.mutable_unchecked<1>();
  for (py::ssize_t i = 0; i < rows; ++i) {
    const auto& point = result.points[static_cast<std::size_t>(i)];
    for (py::ssize_t k = 0; k < cols; ++k) v(i, k) = point.values[static_cast<std::size_t>(k)];
    r(i) = point.verdict.realizable;
    labels.push_back(point.verdict.label());
  }
  const auto boundary_rows = static_cast<py::ssize_t>(result.boundary.size());
  py::array_t<double> boundary({boundary_rows, cols});
  auto b = boundary.mutable_unchecked<2>();
  for (py::ssize_t i = 0; i < boundary_rows; ++i) {
    for (py::ssize_t k = 0; k < cols; ++k) {
      b(i, k) = result.boundary[static_cast<std::size_t>(i)].values[static_cast<std::size_t>(k)];
    }
  }
  py::dict out;
  out["names"] = names;
  out["values"] = values;
  out["realizable"] = realizable;
  out["labels"] = labels;
  out["boundary"] = boundary;
  return out;
}

py::dict meshBody(const Body& body, const std::vector<std::string>& axes,
                  const std::map<std::string, double>& fixed, int resolution, int threads,
                  const std::string& route, double tolerance, double edge_length) {
  if (axes.size() != 3) throw nsd::InvalidInput("mesh needs three axes (parameter names)");
  const nsd::mesh::MeshRoute chosen = nsd::mesh::parseMeshRoute(route);
  const bool edge_length_given = !std::isnan(edge_length);
  if (edge_length_given && chosen != nsd::mesh::MeshRoute::kShaped) {
    throw nsd::InvalidInput("edge_length is for route='shaped'");
  }
  nsd::mesh::ShapedMeshOptions shaped;
  if (edge_length_given) shaped.edge_length = edge_length;
  const nsd::region::RealizableSet3 set =
      nsd::region::bodyRealizableSet(*body, {axes[0], axes[1], axes[2]}, fixed);
  nsd::mesh::StabilityBodyMeshOptions options;
  options.tolerance = tolerance;
  nsd::mesh::RealizableSetMesh meshed;
  {
    py::gil_scoped_release release;
    meshed = nsd::mesh::meshRealizableSet(set.inside, set.default_point, set.two_contact_dynamics,
                                          chosen, options, resolution, threadCount(threads),
                                          set.piece, shaped);
  }
  py::dict out = meshArrays(meshed.stability_body);
  out["axes"] = axes;
  out["route"] = nsd::mesh::toString(meshed.route);
  out["exact_route_refused"] = meshed.exact_route_refused;
  out["shaped_route_refused"] = meshed.shaped_route_refused;
  return out;
}

}  // namespace

void bindBody(py::module_& m) {
  py::class_<nsd::body::BodyDescription, Body>(m, "Body",
                                               "A body with one or two contacts (a body file).")
      .def_property_readonly("name", [](const Body& b) { return b->name; })
      .def_property_readonly("description", [](const Body& b) { return b->description; })
      .def_property_readonly(
          "mass", [](const Body& b) { return b->mass_kg; }, "m [kg]")
      .def_property_readonly("contact_count",
                             [](const Body& b) { return static_cast<int>(b->contacts.size()); })
      .def_property_readonly(
          "parameters",
          [](const Body& b) {
            std::vector<std::string> names;
            for (const auto& l : b->loads) names.push_back(l.name);
            for (const auto& s :
                 nsd::body::stateParameterNames(static_cast<int>(b->contacts.size()))) {
              names.push_back(s);
            }
            return names;
          },
          "load parameter names, then the velocity-state names (omega_a [rad/s] for two "
          "contacts; omega_x, omega_y, omega_z for one)")
      .def_property_readonly(
          "defaults",
          [](const Body& b) {
            std::map<std::string, double> d;
            for (const auto& l : b->loads) d[l.name] = l.value;
            return d;
          },
          "default value of each load parameter, in its own unit")
      .def("classify", &classifyBody, py::arg("values"), py::arg("names"), py::arg("threads") = 0,
           py::arg("certify") = false,
           "Realizability of rolling at each row of `values` (N x len(names), the parameters in "
           "the units of the body file; the others keep their defaults). Returns a dict with "
           "'realizable' and 'contact_loss' (bool arrays) and 'escapes' (list of 'RS|SR|SS'-style "
           "labels, 'slip' for one contact; '' when realizable). With certify=True each "
           "verdict's limit-direction search is re-checked in interval arithmetic (about 100 "
           "times slower) and 'certified' (bool array) says where that proof succeeded.")
      .def("mesh", &meshBody, py::arg("axes"), py::arg("fixed") = std::map<std::string, double>{},
           py::arg("resolution") = 24, py::arg("threads") = 0, py::arg("route") = "auto",
           py::arg("tolerance") = 5e-4, py::arg("edge_length") = NAN,
           "Surface mesh of the realizable set over three parameters (`axes`, the others fixed "
           "or at their defaults). route='exact': conforming exact faces (two-contact bodies "
           "whose axes are loads; distance `tolerance` relative to the diameter); 'implicit': "
           "marching tetrahedra on `resolution` cells per axis around the default point; "
           "'shaped': shaped triangles of `edge_length` (relative to the body's size, default "
           "0.008) with the sharp edges kept, from a seed on `resolution` cells per axis; "
           "'auto': exact where its faces fit, else shaped (resolution 8 to 200), else implicit "
           "('exact_route_refused' and 'shaped_route_refused' say why). "
           "Returns 'vertices' (V x 3, in the parameters' units), 'faces' (F x 3 vertex indices, "
           "outward), 'route', 'volume', 'exact_volume' (NaN for the implicit route), 'area', "
           "'closed', 'manifold', 'outward', 'diameter', 'hausdorff' and 'min_angle_deg'.")
      .def("rolling_motion", &rollingMotion, py::arg("values"), py::arg("names"),
           "The rolling motion at one point: 'dv_C' [m/s^2], 'domega' [rad/s^2] (frame W of the "
           "body file) and the contact forces [N] (two contacts: the minimum-norm set).")
      .def("sweep", &sweepBody, py::arg("axes"), py::arg("fixed") = std::map<std::string, double>{},
           py::arg("refine_tolerance") = 0.0, py::arg("threads") = 0,
           "Grid sweep: axes = [(name, lower, upper, count), ...], fixed = {name: value}. "
           "Returns 'names', 'values' (N x len(axes), last axis fastest), 'realizable', 'labels' "
           "and 'boundary' (points bisected to refine_tolerance, if > 0).");

  m.def(
      "ball_trough_body",
      [](double mu, double inertia, double angle_deg, const py::object& mu_plus,
         const py::object& mu_minus) -> Body {
        return std::make_shared<nsd::body::BodyDescription>(nsd::models::ballTroughBody(
            ballTroughParameters(mu, inertia, angle_deg, mu_plus, mu_minus)));
      },
      py::arg("mu") = 0.3, py::arg("inertia") = 0.4, py::arg("angle_deg") = 90.0,
      py::arg("mu_plus") = py::none(), py::arg("mu_minus") = py::none(),
      "The paper's ball in the V trough as a Body (C++ models::ballTroughBody), for any opening "
      "angle [deg], inertia ratio j and friction: mu at both contacts unless mu_plus or "
      "mu_minus is given (m 1 kg, r 0.05 m, g 9.81). Parameters mx, my, mz (the dimensionless "
      "torques (79)), then 'mu' (mu+ = mu-) or 'mu_plus' and 'mu_minus'. For the paper's values "
      "it is read_body('examples/bodies/ball_trough.json'), number for number.");
  m.def(
      "read_body",
      [](const std::string& path) -> Body {
        return std::make_shared<nsd::body::BodyDescription>(nsd::body::readBodyFile(path));
      },
      py::arg("path"), "Reads and checks a body file (JSON, format nsdkit-body/1).");
  m.def(
      "body_from_json",
      [](const std::string& text, const std::string& source) -> Body {
        return std::make_shared<nsd::body::BodyDescription>(nsd::body::parseBody(text, nsd::quoteInput(source)));
      },
      py::arg("text"), py::arg("source") = "<string>",
      "Parses and checks a body from JSON text (a dict: json.dumps it first).");
}

}  // namespace nsd::python
