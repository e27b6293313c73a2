// The Python module `nsdkit` (pybind11; the only code that includes it): body files, Def-11 /
// Def-9 classification of arrays of load points, region sweeps and the paper's ball, with NumPy
// arrays in and out. Library errors become Python exceptions: InvalidInput (bad input) is a
// std::invalid_argument, so ValueError; SolverFailure is RuntimeError. Long calls release the
// GIL and run on `threads` worker threads (0: all cores).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/region/region.hpp>

namespace py = pybind11;

namespace {

using Body = std::shared_ptr<nsd::body::BodyDescription>;  // read-only from Python
using Matrix = py::array_t<double, py::array::c_style | py::array::forcecast>;

unsigned threadCount(int threads) {
  if (threads < 0) throw nsd::InvalidInput("threads must be >= 0 (0: all cores)");
  return threads == 0 ? std::max(1u, std::thread::hardware_concurrency())
                      : static_cast<unsigned>(threads);
}

// An (N, k) array of load points (a 1-D array is one point).
struct Points {
  std::size_t rows = 0, cols = 0;
  const double* data = nullptr;
};
Points pointsOf(const Matrix& values, std::size_t expected_cols, const char* what) {
  Points p;
  if (values.ndim() == 1) {
    p.rows = 1;
    p.cols = static_cast<std::size_t>(values.shape(0));
  } else if (values.ndim() == 2) {
    p.rows = static_cast<std::size_t>(values.shape(0));
    p.cols = static_cast<std::size_t>(values.shape(1));
  } else {
    throw nsd::InvalidInput(std::string(what) + " must be a 1-D or 2-D array");
  }
  if (p.cols != expected_cols) {
    throw nsd::InvalidInput(std::string(what) + " has " + std::to_string(p.cols) +
                            " columns, expected " + std::to_string(expected_cols));
  }
  p.data = values.data();
  return p;
}

// Verdicts of many points as arrays: realizable (bool), contact_loss (bool), escapes (str).
py::dict verdictArrays(std::size_t rows, const std::vector<char>& realizable,
                       const std::vector<char>& contact_loss,
                       const std::vector<std::string>& escapes) {
  py::array_t<bool> r(static_cast<py::ssize_t>(rows)), c(static_cast<py::ssize_t>(rows));
  auto rv = r.mutable_unchecked<1>();
  auto cv = c.mutable_unchecked<1>();
  for (std::size_t i = 0; i < rows; ++i) {
    rv(static_cast<py::ssize_t>(i)) = realizable[i] != 0;
    cv(static_cast<py::ssize_t>(i)) = contact_loss[i] != 0;
  }
  py::dict out;
  out["realizable"] = r;
  out["contact_loss"] = c;
  out["escapes"] = escapes;
  return out;
}

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
      escapes[i] = v.escape_label;
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

py::dict classifyBall(const Matrix& torques, double mu, double inertia, double angle_deg,
                      py::object mu_plus, py::object mu_minus, const std::string& method,
                      int threads) {
  nsd::models::BallTroughParameters params;
  params.mu_plus = mu_plus.is_none() ? mu : mu_plus.cast<double>();
  params.mu_minus = mu_minus.is_none() ? mu : mu_minus.cast<double>();
  params.inertia_ratio = inertia;
  nsd::requireFinite(angle_deg, "angle_deg");
  params.opening_angle_rad = angle_deg == 90.0 ? 0.5 * nsd::kPi : angle_deg * nsd::kPi / 180.0;
  params.validate();
  if (method != "generic" && method != "closed-form") {
    throw nsd::InvalidInput("method must be 'generic' or 'closed-form', got '" + method + "'");
  }
  if (method == "closed-form" && !params.closedFormApplies()) {
    throw nsd::InvalidInput("method 'closed-form' needs a 90 degree trough and mu+ = mu-");
  }
  const Points p = pointsOf(torques, 3, "torques");
  std::vector<char> realizable(p.rows), loss(p.rows);
  std::vector<std::string> escapes(p.rows);
  {
    py::gil_scoped_release release;
    nsd::parallelFor(p.rows, threadCount(threads), [&](std::size_t i) {
      const Eigen::Vector3d m(p.data[3 * i], p.data[3 * i + 1], p.data[3 * i + 2]);
      const nsd::models::BallTroughClassification c =
          method == "closed-form" ? nsd::models::classifyClosedForm(params, m)
                                  : nsd::models::classifyGeneric(params, m);
      realizable[i] = c.realizable;
      loss[i] = c.contact_loss;
      escapes[i] = nsd::models::escapeLabel(c.escapes);
    });
  }
  return verdictArrays(p.rows, realizable, loss, escapes);
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
  const nsd::region::ParameterPredicate predicate = nsd::region::bodyPredicate(*body, names);
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
    labels.push_back(point.verdict.label);
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

}  // namespace

PYBIND11_MODULE(nsdkit, m) {
  m.doc() =
      "nsdkit: realizability of rolling for rigid bodies with frictional contacts (Def 9 for "
      "one contact, Def 11 for two). Units: SI (kg, m, s, N, rad), as in the body files.";

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
      .def("rolling_motion", &rollingMotion, py::arg("values"), py::arg("names"),
           "The rolling motion at one point: 'dv_C' [m/s^2], 'domega' [rad/s^2] (frame W of the "
           "body file) and the contact forces [N] (two contacts: the minimum-norm set).")
      .def("sweep", &sweepBody, py::arg("axes"), py::arg("fixed") = std::map<std::string, double>{},
           py::arg("refine_tolerance") = 0.0, py::arg("threads") = 0,
           "Grid sweep: axes = [(name, lower, upper, count), ...], fixed = {name: value}. "
           "Returns 'names', 'values' (N x len(axes), last axis fastest), 'realizable', 'labels' "
           "and 'boundary' (points bisected to refine_tolerance, if > 0).");

  m.def(
      "read_body",
      [](const std::string& path) -> Body {
        return std::make_shared<nsd::body::BodyDescription>(nsd::body::readBodyFile(path));
      },
      py::arg("path"), "Reads and checks a body file (JSON, format nsdkit-body/1).");
  m.def(
      "body_from_json",
      [](const std::string& text, const std::string& source) -> Body {
        return std::make_shared<nsd::body::BodyDescription>(nsd::body::parseBody(text, source));
      },
      py::arg("text"), py::arg("source") = "<string>",
      "Parses and checks a body from JSON text (a dict: json.dumps it first).");
  m.def("classify_ball", &classifyBall, py::arg("torques"), py::arg("mu") = 0.3,
        py::arg("inertia") = 0.4, py::arg("angle_deg") = 90.0, py::arg("mu_plus") = py::none(),
        py::arg("mu_minus") = py::none(), py::arg("method") = "generic", py::arg("threads") = 0,
        "Def 11 for the paper's ball in a V trough (Sect. 6) at an (N, 3) array of dimensionless "
        "torques (79); returns the dict of Body.classify.");
}
