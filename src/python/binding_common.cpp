// Helpers shared by the Python module's binding files (see binding_common.hpp).
#include "binding_common.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <thread>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::python {

unsigned threadCount(int threads) {
  if (threads < 0) throw nsd::InvalidInput("threads must be >= 0 (0: all cores)");
  return threads == 0 ? std::max(1u, std::thread::hardware_concurrency())
                      : static_cast<unsigned>(threads);
}

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

// A mesh as arrays: vertices (V, 3), faces (F, 3), and its measured report.
nsd::models::BallTroughParameters ballTroughParameters(double mu, double inertia, double angle_deg,
                                                       const py::object& mu_plus,
                                                       const py::object& mu_minus) {
  nsd::models::BallTroughParameters params;
  nsd::requirePositive(mu, "mu");
  params.mu_plus = mu_plus.is_none() ? mu : mu_plus.cast<double>();
  params.mu_minus = mu_minus.is_none() ? mu : mu_minus.cast<double>();
  nsd::requirePositive(params.mu_plus, "mu_plus");
  nsd::requirePositive(params.mu_minus, "mu_minus");
  nsd::requirePositive(inertia, "inertia");
  params.inertia_ratio = inertia;
  nsd::requireFinite(angle_deg, "angle_deg");
  params.opening_angle_rad = nsd::degreesToRadians(angle_deg);
  params.validate();
  return params;
}

py::dict meshArrays(const nsd::mesh::StabilityBodyMesh& m) {
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
  const nsd::mesh::StabilityBodyMeshReport& r = m.report;
  out["volume"] = r.volume;
  out["exact_volume"] = r.exactVolume();  // NaN off the exact route
  out["area"] = r.area;
  out["closed"] = r.closed;
  out["manifold"] = r.manifold;
  out["min_angle_away_from_corners_deg"] = r.min_angle_away_from_corners_deg;
  if (r.shaped) {
    out["seed"] = r.shaped->seed;
    const Eigen::Vector3d& scale = r.shaped->axis_scale;
    out["axis_scale"] = std::vector<double>{scale[0], scale[1], scale[2]};
  }
  out["sharp_edges"] = r.sharp_edges;
  out["corners"] = r.corners;
  out["outward"] = r.outward;
  out["diameter"] = r.diameter;
  out["hausdorff"] = r.hausdorff;
  out["min_angle_deg"] = r.min_angle_deg;
  return out;
}

}  // namespace nsd::python
