// The Python module `nsdkit` (pybind11; the only code that includes it): body files, Def-11 /
// Def-9 classification of arrays of load points, region sweeps, meshes of realizable sets, the
// paper's ball, the rattleback, and the combined friction models, with NumPy arrays in and out.
// Library errors become Python exceptions: InvalidInput (bad input) is a std::invalid_argument, so
// ValueError; SolverFailure is RuntimeError. Long calls release the GIL and run on `threads` worker
// threads (0: all cores).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nsdkit/body/body_file.hpp>
#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/friction/combined_friction.hpp>
#include <nsdkit/friction/heavy_ball.hpp>
#include <nsdkit/mesh/body_mesh.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/rattleback/kane_levinson.hpp>
#include <nsdkit/rattleback/pade_contact.hpp>
#include <nsdkit/region/body_predicate.hpp>
#include <nsdkit/region/region.hpp>
#include <nsdkit/validation/validation.hpp>

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
  params.opening_angle_rad = nsd::degreesToRadians(angle_deg);
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

// A mesh as arrays: vertices (V, 3), faces (F, 3), and its measured report.
py::dict meshArrays(const nsd::mesh::BodyMesh& m) {
  const auto nv = static_cast<py::ssize_t>(m.mesh.vertices.size());
  const auto nf = static_cast<py::ssize_t>(m.mesh.triangles.size());
  py::array_t<double> vertices({nv, py::ssize_t{3}});
  py::array_t<std::int64_t> faces({nf, py::ssize_t{3}});
  auto v = vertices.mutable_unchecked<2>();
  auto f = faces.mutable_unchecked<2>();
  for (py::ssize_t i = 0; i < nv; ++i) {
    for (py::ssize_t k = 0; k < 3; ++k) v(i, k) = m.mesh.vertices[static_cast<std::size_t>(i)][k];
  }
  for (py::ssize_t i = 0; i < nf; ++i) {
    for (py::ssize_t k = 0; k < 3; ++k) {
      f(i, k) = m.mesh.triangles[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)];
    }
  }
  py::dict out;
  out["vertices"] = vertices;
  out["faces"] = faces;
  if (!m.mesh.face_of_triangle.empty()) {
    py::array_t<std::int64_t> face_of(nf);
    for (py::ssize_t i = 0; i < nf; ++i) {
      face_of.mutable_at(i) = m.mesh.face_of_triangle[static_cast<std::size_t>(i)];
    }
    out["face_of_triangle"] = face_of;
  }
  const nsd::mesh::BodyMeshReport& r = m.report;
  out["volume"] = r.volume;
  out["exact_volume"] = r.exact_volume;  // NaN for the implicit route
  out["area"] = r.area;
  out["closed"] = r.closed;
  out["manifold"] = r.manifold;
  out["outward"] = r.outward;
  out["diameter"] = r.diameter;
  out["hausdorff"] = r.hausdorff;
  out["min_angle_deg"] = r.min_angle_deg;
  return out;
}

py::dict meshBody(const Body& body, const std::vector<std::string>& axes,
                  const std::map<std::string, double>& fixed, int resolution, int threads,
                  const std::string& route, double tolerance) {
  if (axes.size() != 3) throw nsd::InvalidInput("mesh needs three axes (parameter names)");
  const nsd::region::RealizableSet3 set =
      nsd::region::bodyRealizableSet(*body, {axes[0], axes[1], axes[2]}, fixed);
  nsd::mesh::BodyMeshOptions options;
  options.tolerance = tolerance;
  nsd::mesh::RealizableSetMesh meshed;
  {
    py::gil_scoped_release release;
    meshed = nsd::mesh::meshRealizableSet(set.inside, set.default_point, set.two_contact_dynamics,
                                          nsd::mesh::parseMeshRoute(route), options, resolution,
                                          threadCount(threads));
  }
  py::dict out = meshArrays(meshed.body);
  out["axes"] = axes;
  out["route"] = nsd::mesh::toString(meshed.route);
  out["exact_route_refused"] = meshed.exact_route_refused;
  return out;
}

py::dict meshBall(double mu, double inertia, double tolerance, double mu_minus, double angle_deg) {
  auto params = nsd::models::BallTroughParameters::paper(mu, inertia);
  if (!std::isnan(mu_minus)) params.mu_minus = mu_minus;
  params.opening_angle_rad = nsd::degreesToRadians(angle_deg);
  nsd::mesh::BodyMeshOptions options;
  options.tolerance = tolerance;
  nsd::mesh::BodyMesh mesh;
  {
    py::gil_scoped_release release;
    mesh = nsd::mesh::meshBallTroughBody(params, options);
  }
  return meshArrays(mesh);
}

// Columns of a vector of samples as 1-D arrays, by member.
template <class Sample>
py::array_t<double> column(const std::vector<Sample>& samples, double Sample::*member) {
  py::array_t<double> a(static_cast<py::ssize_t>(samples.size()));
  auto v = a.mutable_unchecked<1>();
  for (std::size_t i = 0; i < samples.size(); ++i)
    v(static_cast<py::ssize_t>(i)) = samples[i].*member;
  return a;
}

// The columns both rattleback models sample: t [s], the angles [rad], omega3 [rad/s], energy [J].
template <class Sample>
py::dict rattlebackColumns(const std::vector<Sample>& s) {
  py::dict out;
  out["t"] = column(s, &Sample::t);
  out["alpha"] = column(s, &Sample::alpha);
  out["beta"] = column(s, &Sample::beta);
  out["gamma"] = column(s, &Sample::gamma);
  out["delta"] = column(s, &Sample::delta);
  out["omega3"] = column(s, &Sample::omega3);
  out["energy"] = column(s, &Sample::energy);
  return out;
}

py::dict kaneLevinson(double t_end, double alpha, double beta, double omega1, double omega2,
                      double omega3, double sigma, double sample_spacing) {
  nsd::rattleback::KaneLevinsonParameters p;
  p.sigma = sigma;
  nsd::rattleback::KaneLevinsonInitial init;
  init.alpha = alpha;
  init.beta = beta;
  init.omega1 = omega1;
  init.omega2 = omega2;
  init.omega3 = omega3;
  nsd::rattleback::IntegrationOptions options;
  options.sample_spacing = sample_spacing;
  nsd::rattleback::KaneLevinsonTrajectory trajectory;
  {
    py::gil_scoped_release release;
    trajectory = nsd::rattleback::simulateKaneLevinson(p, init, t_end, options);
  }
  using S = nsd::rattleback::KaneLevinsonSample;
  const auto& s = trajectory.samples;
  py::dict out = rattlebackColumns(s);
  out["omega1"] = column(s, &S::omega1);
  out["omega2"] = column(s, &S::omega2);
  out["spin_reversals"] = trajectory.spin_reversals;
  return out;
}

py::dict padeRattleback(const std::string& preset, double t_end, double alpha, double beta,
                        double omega3, double sample_spacing) {
  const nsd::rattleback::PadeRattlebackParameters p = nsd::rattleback::padePreset(preset);
  nsd::rattleback::KaneLevinsonInitial init;
  init.alpha = alpha;
  init.beta = beta;
  init.omega3 = omega3;
  nsd::rattleback::PadeRattlebackTrajectory trajectory;
  {
    py::gil_scoped_release release;
    trajectory = nsd::rattleback::simulatePadeRattleback(p, init, t_end, sample_spacing);
  }
  using S = nsd::rattleback::PadeRattlebackSample;
  const auto& s = trajectory.samples;
  py::dict out = rattlebackColumns(s);
  out["normal_force"] = column(s, &S::normal_force);
  out["slip_speed"] = column(s, &S::slip_speed);
  return out;
}

py::dict heavyBall(double v0, double u0, double t_end, double sample_spacing, double k_r0,
                   bool exact) {
  nsd::friction::HeavyBallParameters p;
  p.k_r0 = k_r0;
  p.exact_model = exact;
  nsd::friction::HeavyBallTrajectory trajectory;
  {
    py::gil_scoped_release release;
    trajectory = nsd::friction::simulateHeavyBall(p, {v0, u0}, t_end, sample_spacing);
  }
  using S = nsd::friction::HeavyBallSample;
  const auto& s = trajectory.samples;
  py::dict out;
  out["t"] = column(s, &S::t);
  out["x"] = column(s, &S::x);
  out["y"] = column(s, &S::y);
  out["v"] = column(s, &S::v);
  out["u"] = column(s, &S::u);
  out["slip_stop_time"] = trajectory.slip_stop_time;
  out["whirl_stop_time"] = trajectory.whirl_stop_time;
  return out;
}

// The friction resultants of (6) or (10) at arrays of (v, u) (same length), k_r and beta fixed.
py::dict frictionArrays(const Matrix& v, const Matrix& u, double k_r, double beta,
                        const std::string& model, double tolerance, int threads) {
  if (v.ndim() != 1 || u.ndim() != 1 || v.shape(0) != u.shape(0)) {
    throw nsd::InvalidInput("v and u must be 1-D arrays of one length");
  }
  if (model != "exact" && model != "pade") {
    throw nsd::InvalidInput("model must be 'exact' or 'pade', got '" + model + "'");
  }
  const auto n = static_cast<std::size_t>(v.shape(0));
  std::vector<nsd::friction::FrictionResultant> results(n);
  const nsd::friction::PressureDistribution hertz = nsd::friction::hertzPressure();
  const nsd::friction::PadeCoefficients pade = nsd::friction::hertzPadeCoefficients();
  const double *vd = v.data(), *ud = u.data();
  {
    py::gil_scoped_release release;
    nsd::parallelFor(n, threadCount(threads), [&](std::size_t i) {
      const nsd::friction::CombinedMotion motion{vd[i], ud[i], k_r, beta};
      results[i] = model == "exact" ? nsd::friction::exactFriction(motion, hertz, tolerance)
                                    : nsd::friction::padeFriction(motion, pade);
    });
  }
  using R = nsd::friction::FrictionResultant;
  py::dict out;
  out["f_par"] = column(results, &R::f_par);
  out["f_perp"] = column(results, &R::f_perp);
  out["m_c"] = column(results, &R::m_c);
  return out;
}

// The validation cases' names (nsdkit validate's list).
std::vector<std::string> validationCaseNames() {
  std::vector<std::string> names;
  for (const auto& c : nsd::validation::generateCases()) names.push_back(c.name);
  return names;
}

// Runs the named cases (all when empty) through the named solvers (all when empty) and returns
// one dict per row of the report.
py::list validate(const std::vector<std::string>& case_names,
                  const std::vector<std::string>& solver_names, int threads) {
  std::vector<nsd::validation::ValidationCase> cases;
  for (auto& c : nsd::validation::generateCases()) {
    if (case_names.empty() ||
        std::find(case_names.begin(), case_names.end(), c.name) != case_names.end()) {
      cases.push_back(std::move(c));
    }
  }
  if (cases.size() < std::max<std::size_t>(1, case_names.size())) {
    throw nsd::InvalidInput(
        "unknown validation case among the names given (see "
        "validation_cases())");
  }
  nsd::validation::ValidationOptions options;
  if (!solver_names.empty()) {
    options.solvers.clear();
    for (const auto& s : nsd::validation::allSolvers()) {
      if (std::find(solver_names.begin(), solver_names.end(), s.name) != solver_names.end()) {
        options.solvers.push_back(s);
      }
    }
    if (options.solvers.empty()) {
      throw nsd::InvalidInput(
          "no solver among the names given (nsdkit-event-driven, siconos, "
          "mujoco, bullet, ode, dart)");
    }
  }
  options.threads = threadCount(threads);
  std::vector<nsd::validation::ValidationResult> results;
  {
    py::gil_scoped_release release;
    results = nsd::validation::runValidation(cases, options);
  }
  py::list rows;
  for (const auto& r : results) {
    py::dict row;
    row["case"] = r.case_name;
    row["solver"] = r.solver;
    row["setting"] = r.setting;
    row["step_s"] = r.step_s;
    row["reference"] = nsd::validation::toString(r.reference);
    row["expected"] = r.expected;
    row["observed"] = r.observed;
    row["pass"] = r.pass;
    row["acceleration"] = r.acceleration;
    row["acceleration_error"] = r.acceleration_error;
    row["final_speed"] = r.final_speed;
    row["wall_seconds"] = r.wall_seconds;
    row["reason"] = r.reason;
    rows.append(row);
  }
  return rows;
}

}  // namespace

void bindValidation(py::module_& m);  // validation_bindings.cpp

PYBIND11_MODULE(nsdkit, m) {
  bindValidation(m);
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
      .def("mesh", &meshBody, py::arg("axes"), py::arg("fixed") = std::map<std::string, double>{},
           py::arg("resolution") = 24, py::arg("threads") = 0, py::arg("route") = "auto",
           py::arg("tolerance") = 5e-4,
           "Surface mesh of the realizable set over three parameters (`axes`, the others fixed "
           "or at their defaults). route='exact': conforming exact faces (two-contact bodies "
           "whose axes are loads; distance `tolerance` relative to the diameter); 'implicit': "
           "marching tetrahedra on `resolution` cells per axis around the default point; "
           "'auto': exact where its faces fit, else implicit ('exact_route_refused' says why). "
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
  m.def("mesh_ball", &meshBall, py::arg("mu") = 0.3, py::arg("inertia") = 0.4,
        py::arg("tolerance") = 5e-4, py::arg("mu_minus") = NAN, py::arg("angle_deg") = 90.0,
        "The stability body of the ball in a trough (mu+ = mu, mu- = mu_minus or mu, opening "
        "angle [deg]) meshed from its exact faces (exact sharp edges): the dict of Body.mesh "
        "in dimensionless torques (79), plus 'face_of_triangle' (0, 1 the two-point-slip "
        "sheets (SS), 2-5 the planes RS (u1- > 0), RS (u1- < 0), SR (u1+ > 0), SR (u1+ < 0)).");
  m.def("kane_levinson", &kaneLevinson, py::arg("t_end"), py::arg("alpha") = 0.0,
        py::arg("beta") = 0.0, py::arg("omega1") = 0.0, py::arg("omega2") = 0.0,
        py::arg("omega3") = 0.0, py::arg("sigma") = 0.0, py::arg("sample_spacing") = 1e-3,
        "The Kane-Levinson rattleback (Sect. 3 parameters, air drag sigma [N m s]) from the "
        "initial angles [rad] and body rates [rad/s] until t_end [s]: arrays 't', 'alpha', "
        "'beta', 'gamma', 'delta' [rad], 'omega1..3' [rad/s], 'energy' [J], and the "
        "'spin_reversals' times [s].");
  m.def("pade_rattleback", &padeRattleback, py::arg("preset") = "A", py::arg("t_end") = 5.0,
        py::arg("alpha") = 0.0, py::arg("beta") = 0.0, py::arg("omega3") = 0.0,
        py::arg("sample_spacing") = 1e-3,
        "The rattleback with Pade-approximated Coulomb-Contensou friction and rolling "
        "resistance (the stone of Sect. 3, contact model `preset` of Table 1: A, B, C, C1, D, "
        "D1, E, F) from the initial angles [rad] and spin omega3 [rad/s]: arrays 't', 'alpha', "
        "'beta', 'gamma', 'delta' [rad], 'omega3' [rad/s], 'normal_force' [N], 'slip_speed' [m/s], "
        "'energy' [J].");
  m.def("heavy_ball", &heavyBall, py::arg("v0") = 1.0, py::arg("u0") = 3.0, py::arg("t_end") = 10.0,
        py::arg("sample_spacing") = 1e-3, py::arg("k_r0") = 0.5, py::arg("exact") = false,
        "Kireenkov's heavy ball (dimensionless m = g = R = f = 1) with combined sliding, "
        "whirling and rolling friction, Pade model (10) or the exact integrals (6): arrays "
        "'t', 'x', 'y', 'v' (slip speed), 'u' (whirl omega R), and the stop times.");
  m.def("combined_friction", &frictionArrays, py::arg("v"), py::arg("u"), py::arg("k_r") = 0.0,
        py::arg("beta") = 0.0, py::arg("model") = "exact", py::arg("tolerance") = 1e-8,
        py::arg("threads") = 0,
        "Friction force and torque of a Hertz contact sliding at v and whirling at u = omega R "
        "(1-D arrays), rolling asymmetry k_r at angle beta [rad]: 'f_par', 'f_perp' (per f N) "
        "and 'm_c' (per f R N), by the exact integrals (6) or the Pade model (10).");
  m.def("validation_cases", &validationCaseNames,
        "Names of the generated validation cases (the ball in the trough: realizable and "
        "non-realizable torques, sliding starts, other troughs), as `nsdkit validate` runs them.");
  m.def("validate", &validate, py::arg("cases") = std::vector<std::string>{},
        py::arg("solvers") = std::vector<std::string>{}, py::arg("threads") = 0,
        "Runs validation cases (names; all when empty) through solvers (nsdkit-event-driven, "
        "siconos, mujoco, bullet, ode, dart; all settings and steps of each; all when empty) "
        "and judges each run against the analytic reference by the common mode rule. Returns "
        "one dict per run: 'case', 'solver', 'setting', 'step_s' [s], 'reference', 'expected' "
        "and 'observed' modes, 'pass', 'acceleration' [m/s^2] and its relative "
        "'acceleration_error', 'final_speed' [m/s], 'wall_seconds', 'reason'.");
  m.def("classify_ball", &classifyBall, py::arg("torques"), py::arg("mu") = 0.3,
        py::arg("inertia") = 0.4, py::arg("angle_deg") = 90.0, py::arg("mu_plus") = py::none(),
        py::arg("mu_minus") = py::none(), py::arg("method") = "generic", py::arg("threads") = 0,
        "Def 11 for the paper's ball in a V trough (Sect. 6) at an (N, 3) array of dimensionless "
        "torques (79); returns the dict of Body.classify.");
}
