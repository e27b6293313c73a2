#include <nsdkit/mesh/curved_face_mesh.hpp>

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Delaunay_mesh_face_base_2.h>
#include <CGAL/Delaunay_mesh_size_criteria_2.h>
#include <CGAL/Delaunay_mesh_vertex_base_2.h>
#include <CGAL/Delaunay_mesher_2.h>
#include <CGAL/Surface_mesh_parameterization/LSCM_parameterizer_3.h>
#include <CGAL/Surface_mesh_parameterization/parameterize.h>
#include <CGAL/boost/graph/helpers.h>
#include <CGAL/intersections.h>

#include <algorithm>
#include <cmath>
#include <map>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/mesh/mesh_measures.hpp>

namespace nsd::mesh::detail {
namespace {

using K = Kernel;
using Point2 = K::Point_2;
using Vb = CGAL::Delaunay_mesh_vertex_base_2<K>;
using Fb = CGAL::Delaunay_mesh_face_base_2<K>;
using Tds = CGAL::Triangulation_data_structure_2<Vb, Fb>;
using CDT = CGAL::Constrained_Delaunay_triangulation_2<K, Tds, CGAL::Exact_predicates_tag>;
namespace SMP = CGAL::Surface_mesh_parameterization;

// The flattened reference grid: slip angles of its vertices, their flat positions, and a bucket
// grid over its triangles for point location.
class Flattening {
 public:
  std::vector<Eigen::Vector2d> angles, flat;
  std::vector<std::array<int, 3>> triangles;

  void buildIndex() {
    lo_ = Eigen::Vector2d::Constant(INFINITY);
    hi_ = -lo_;
    for (const auto& u : flat) {
      lo_ = lo_.cwiseMin(u);
      hi_ = hi_.cwiseMax(u);
    }
    cells_ = std::max(1, static_cast<int>(std::sqrt(static_cast<double>(triangles.size()))));
    buckets_.assign(static_cast<std::size_t>(cells_ * cells_), {});
    for (std::size_t t = 0; t < triangles.size(); ++t) {
      Eigen::Vector2d a = Eigen::Vector2d::Constant(INFINITY), b = -a;
      for (int v : triangles[t]) {
        a = a.cwiseMin(flat[static_cast<std::size_t>(v)]);
        b = b.cwiseMax(flat[static_cast<std::size_t>(v)]);
      }
      const auto [i0, j0] = cell(a);
      const auto [i1, j1] = cell(b);
      for (int i = i0; i <= i1; ++i)
        for (int j = j0; j <= j1; ++j)
          buckets_[static_cast<std::size_t>(j * cells_ + i)].push_back(static_cast<int>(t));
    }
  }

  // Slip angles at flat point u: barycentric in the reference triangle containing it (the one
  // it is least outside of, for points on the border within rounding).
  Eigen::Vector2d lift(const Eigen::Vector2d& u) const {
    const auto [i, j] = cell(u);
    double best = -INFINITY;
    Eigen::Vector3d best_w = Eigen::Vector3d::Constant(1.0 / 3.0);
    int best_t = -1;
    for (int t : buckets_[static_cast<std::size_t>(j * cells_ + i)]) {
      const Eigen::Vector3d w = barycentric(t, u);
      if (w.minCoeff() > best) {
        best = w.minCoeff();
        best_w = w;
        best_t = t;
        if (best >= 0.0) break;
      }
    }
    if (best_t < 0) {  // outside every bucketed triangle: search all
      for (std::size_t t = 0; t < triangles.size(); ++t) {
        const Eigen::Vector3d w = barycentric(static_cast<int>(t), u);
        if (w.minCoeff() > best) {
          best = w.minCoeff();
          best_w = w;
          best_t = static_cast<int>(t);
        }
      }
    }
    best_w = best_w.cwiseMax(0.0);
    best_w /= best_w.sum();
    const auto& tri = triangles[static_cast<std::size_t>(best_t)];
    return best_w[0] * angles[static_cast<std::size_t>(tri[0])] +
           best_w[1] * angles[static_cast<std::size_t>(tri[1])] +
           best_w[2] * angles[static_cast<std::size_t>(tri[2])];
  }

 private:
  Eigen::Vector2d lo_, hi_;
  int cells_ = 1;
  std::vector<std::vector<int>> buckets_;

  std::pair<int, int> cell(const Eigen::Vector2d& u) const {
    const Eigen::Vector2d s = (u - lo_).cwiseQuotient((hi_ - lo_).cwiseMax(1e-300)) * cells_;
    return {std::clamp(static_cast<int>(std::floor(s[0])), 0, cells_ - 1),
            std::clamp(static_cast<int>(std::floor(s[1])), 0, cells_ - 1)};
  }
  Eigen::Vector3d barycentric(int t, const Eigen::Vector2d& u) const {
    const auto& tri = triangles[static_cast<std::size_t>(t)];
    const Eigen::Vector2d a = flat[static_cast<std::size_t>(tri[0])];
    const Eigen::Vector2d b = flat[static_cast<std::size_t>(tri[1])];
    const Eigen::Vector2d c = flat[static_cast<std::size_t>(tri[2])];
    const double area = (b - a).x() * (c - a).y() - (b - a).y() * (c - a).x();
    const double wb = ((u - a).x() * (c - a).y() - (u - a).y() * (c - a).x()) / area;
    const double wc = ((b - a).x() * (u - a).y() - (b - a).y() * (u - a).x()) / area;
    return {1.0 - wb - wc, wb, wc};
  }
};

// CGAL's size-and-shape criteria with the size replaced by the chord error on the surface:
// a triangle is imperatively bad while an edge midpoint or its centroid, lifted onto the
// surface, is further than the tolerance from the flat 3-D triangle through its lifted
// vertices.
class ChordCriteria : public CGAL::Delaunay_mesh_size_criteria_2<CDT> {
 public:
  using Base = CGAL::Delaunay_mesh_size_criteria_2<CDT>;
  using Lift = std::function<Eigen::Vector3d(const Eigen::Vector2d&)>;

  ChordCriteria(double aspect_bound, const Lift* lift, double tolerance)
      : CGAL::Delaunay_mesh_criteria_2<CDT>(aspect_bound),
        Base(aspect_bound, 0.0),
        lift_(lift),
        tolerance_(tolerance) {}

  class Is_bad : public Base::Is_bad {
   public:
    Is_bad(double aspect_bound, const Geom_traits& geom_traits, const Lift* lift, double tolerance)
        : Base::Is_bad(aspect_bound, 0.0, geom_traits), lift_(lift), tolerance_(tolerance) {}
    CGAL::Mesh_2::Face_badness operator()(const Quality q) const {
      return Base::Is_bad::operator()(q);
    }
    CGAL::Mesh_2::Face_badness operator()(const CDT::Face_handle& fh, Quality& q) const {
      Base::Is_bad::operator()(fh, q);  // the angle part; size 0 (no size bound)
      std::array<Eigen::Vector2d, 3> u;
      std::array<Eigen::Vector3d, 3> x;
      for (int k = 0; k < 3; ++k) {
        u[static_cast<std::size_t>(k)] = {fh->vertex(k)->point().x(), fh->vertex(k)->point().y()};
        x[static_cast<std::size_t>(k)] = (*lift_)(u[static_cast<std::size_t>(k)]);
      }
      // Deviations along the flat triangle's normal (the lift may also move a point along the
      // surface, which is no distance from it).
      const Eigen::Vector3d normal = (x[1] - x[0]).cross(x[2] - x[0]).normalized();
      double error =
          std::fabs(normal.dot((*lift_)((u[0] + u[1] + u[2]) / 3.0) - (x[0] + x[1] + x[2]) / 3.0));
      for (std::size_t k = 0; k < 3; ++k) {
        const std::size_t l = (k + 1) % 3;
        error = std::max(
            error, std::fabs(normal.dot((*lift_)(0.5 * (u[k] + u[l])) - 0.5 * (x[k] + x[l]))));
      }
      if (!std::isfinite(error)) error = INFINITY;  // a degenerate flat-lifted triangle
      q.second = error / tolerance_;
      return operator()(q);
    }

   private:
    const Lift* lift_;
    double tolerance_;
  };

  Is_bad is_bad_object() const { return Is_bad(this->bound(), this->traits, lift_, tolerance_); }

 private:
  const Lift* lift_;
  double tolerance_;
};

using ChordMesher = CGAL::Delaunay_mesher_2<CDT, ChordCriteria>;
using Sheet = std::function<Eigen::Vector3d(double, double)>;

constexpr int kArcSamples = 256;  // samples of each parameter line for its length

// Cumulative surface length along theta+ (plus) or theta- at kArcSamples + 1 equal parameter
// steps: the largest over three parameter lines (at 5 %, 50 % and 95 % of the other angle).
std::vector<double> cumulativeArcLength(const Sheet& sheet, const stability_body::SlipAngleRectangle& r,
                                        bool plus) {
  std::vector<double> cumulative(kArcSamples + 1, 0.0);
  for (double s : {0.05, 0.5, 0.95}) {
    Eigen::Vector3d previous;
    for (int k = 0; k <= kArcSamples; ++k) {
      const double t = static_cast<double>(k) / kArcSamples;
      const Eigen::Vector3d x = plus ? sheet(r.plus_lower + (r.plus_upper - r.plus_lower) * t,
                                             r.minus_lower + (r.minus_upper - r.minus_lower) * s)
                                     : sheet(r.plus_lower + (r.plus_upper - r.plus_lower) * s,
                                             r.minus_lower + (r.minus_upper - r.minus_lower) * t);
      if (k > 0) {
        cumulative[static_cast<std::size_t>(k)] =
            std::max(cumulative[static_cast<std::size_t>(k)],
                     cumulative[static_cast<std::size_t>(k - 1)] + (x - previous).norm());
      }
      previous = x;
    }
  }
  return cumulative;
}

// `count` + 1 nodes from lower to upper at equal steps of the cumulative length (linear between
// its samples).
std::vector<double> equalLengthNodes(const std::vector<double>& cumulative, int count, double lower,
                                     double upper) {
  std::vector<double> out{lower};
  std::size_t k = 0;
  for (int n = 1; n < count; ++n) {
    const double target = cumulative.back() * n / count;
    while (cumulative[k + 1] < target) ++k;
    const double w = (target - cumulative[k]) / (cumulative[k + 1] - cumulative[k]);
    out.push_back(lower + (upper - lower) * (static_cast<double>(k) + w) / kArcSamples);
  }
  out.push_back(upper);
  return out;
}

// The reference grid on the sheet: (np + 1) x (nq + 1) nodes, vertex id(a, c), each cell split
// along its shorter 3-D diagonal; its slip angles and triangles go to the flattening.
struct ReferenceGrid {
  SurfaceMesh mesh;
  std::vector<SurfaceMesh::Vertex_index> handle;
  std::vector<Eigen::Vector3d> position;  // on the sheet
  int np = 0, nq = 0;
  int id(int a, int c) const { return c * (np + 1) + a; }
};

// Nodes at equal steps of the surface length along each angle, their counts from the two
// lengths (about square cells on the surface, `cells` along the longer side, at least 8).
ReferenceGrid buildReferenceGrid(const Sheet& sheet, const stability_body::SlipAngleRectangle& r,
                                 int cells, Flattening& flattening) {
  const std::vector<double> sp = cumulativeArcLength(sheet, r, true);
  const std::vector<double> sq = cumulativeArcLength(sheet, r, false);
  const double lp = sp.back(), lq = sq.back();
  ReferenceGrid g;
  g.np = std::clamp(static_cast<int>(std::lround(cells * lp / std::max(lp, lq))), 8, cells);
  g.nq = std::clamp(static_cast<int>(std::lround(cells * lq / std::max(lp, lq))), 8, cells);
  const std::vector<double> plus_nodes = equalLengthNodes(sp, g.np, r.plus_lower, r.plus_upper);
  const std::vector<double> minus_nodes =
      equalLengthNodes(sq, g.nq, r.minus_lower, r.minus_upper);
  for (int c = 0; c <= g.nq; ++c) {
    for (int a = 0; a <= g.np; ++a) {
      const Eigen::Vector2d t(plus_nodes[static_cast<std::size_t>(a)],
                              minus_nodes[static_cast<std::size_t>(c)]);
      const Eigen::Vector3d x = sheet(t[0], t[1]);
      g.handle.push_back(g.mesh.add_vertex(Point3(x[0], x[1], x[2])));
      g.position.push_back(x);
      flattening.angles.push_back(t);
    }
  }
  const auto at = [&g](int v) { return g.position[static_cast<std::size_t>(v)]; };
  for (int c = 0; c < g.nq; ++c) {
    for (int a = 0; a < g.np; ++a) {
      const int v00 = g.id(a, c), v10 = g.id(a + 1, c), v01 = g.id(a, c + 1),
                v11 = g.id(a + 1, c + 1);
      const bool short_main = (at(v00) - at(v11)).norm() <= (at(v10) - at(v01)).norm();
      const std::array<std::array<int, 3>, 2> tris =
          short_main ? std::array<std::array<int, 3>, 2>{{{v00, v10, v11}, {v00, v11, v01}}}
                     : std::array<std::array<int, 3>, 2>{{{v00, v10, v01}, {v10, v11, v01}}};
      for (const auto& t : tris) {
        g.mesh.add_face(g.handle[static_cast<std::size_t>(t[0])],
                        g.handle[static_cast<std::size_t>(t[1])],
                        g.handle[static_cast<std::size_t>(t[2])]);
        flattening.triangles.push_back(t);
      }
    }
  }
  return g;
}

// The conformal scale (3-D over flat edge length) must stay within a factor 1e3 over the face
// (it stays below 2 for the paper's ball at mu 0.1-0.95 and the 60 and 120 degree troughs):
// beyond that the flat domain has features too small for a robust Delaunay refinement.
void requireModerateDistortion(const ReferenceGrid& grid, const Flattening& flattening) {
  double smallest = INFINITY, largest = 0.0;
  for (const auto& t : flattening.triangles) {
    for (std::size_t k = 0; k < 3; ++k) {
      const auto u = static_cast<std::size_t>(t[k]), w = static_cast<std::size_t>(t[(k + 1) % 3]);
      const double flat_length = (flattening.flat[u] - flattening.flat[w]).norm();
      const double scale = (grid.position[u] - grid.position[w]).norm() / flat_length;
      smallest = std::min(smallest, scale);
      largest = std::max(largest, scale);
    }
  }
  if (!(largest < 1e3 * smallest)) {
    throw SolverFailure("the conformal flattening of a curved face is too distorted (scale ratio " +
                        formatValue(largest / smallest) + ")");
  }
}

// Least-squares conformal flattening of the reference grid into flattening.flat, checked for
// folds and distortion, and indexed. Returns whether the flat orientation is against
// (theta+, theta-).
bool flattenConformally(ReferenceGrid& grid, Flattening& flattening) {
  auto uv = grid.mesh.add_property_map<SurfaceMesh::Vertex_index, Point2>("v:uv").first;
  SurfaceMesh::Halfedge_index border;
  for (const auto h : grid.mesh.halfedges()) {
    if (grid.mesh.is_border(h)) {
      border = h;
      break;
    }
  }
  const SMP::Error_code status =
      SMP::parameterize(grid.mesh, SMP::LSCM_parameterizer_3<SurfaceMesh>(), border, uv);
  if (status != SMP::OK) {
    throw SolverFailure(std::string("the conformal flattening of a curved face failed: ") +
                        SMP::get_error_message(status));
  }
  for (const auto v : grid.handle) flattening.flat.emplace_back(uv[v].x(), uv[v].y());
  // Orientation: the flat triangles must all turn the same way (no fold).
  int positive = 0, negative = 0;
  for (const auto& t : flattening.triangles) {
    const Eigen::Vector2d a = flattening.flat[static_cast<std::size_t>(t[0])];
    const Eigen::Vector2d b = flattening.flat[static_cast<std::size_t>(t[1])];
    const Eigen::Vector2d c = flattening.flat[static_cast<std::size_t>(t[2])];
    const double area = (b - a).x() * (c - a).y() - (b - a).y() * (c - a).x();
    (area > 0 ? positive : negative) += 1;
  }
  if (positive > 0 && negative > 0) {
    throw SolverFailure("the conformal flattening of a curved face folds over");
  }
  requireModerateDistortion(grid, flattening);
  flattening.buildIndex();
  return negative > 0;
}

// Slip angles snapped onto the rectangle's sides (within 1e-9 of a side's span) and clamped.
Eigen::Vector2d snapToRectangle(Eigen::Vector2d t, const stability_body::SlipAngleRectangle& r) {
  const double snap = 1e-9;
  auto to = [&](double& value, double lower, double upper) {
    const double span = upper - lower;
    if (std::fabs(value - lower) <= snap * span) value = lower;
    if (std::fabs(value - upper) <= snap * span) value = upper;
    value = std::clamp(value, lower, upper);
  };
  to(t[0], r.plus_lower, r.plus_upper);
  to(t[1], r.minus_lower, r.minus_upper);
  return t;
}

// The reference grid's border as vertex ids, counter-clockwise in (theta+, theta-).
std::vector<int> borderLoop(const ReferenceGrid& g) {
  std::vector<int> loop;
  for (int a = 0; a < g.np; ++a) loop.push_back(g.id(a, 0));
  for (int c = 0; c < g.nq; ++c) loop.push_back(g.id(g.np, c));
  for (int a = g.np; a > 0; --a) loop.push_back(g.id(a, g.nq));
  for (int c = g.nq; c > 0; --c) loop.push_back(g.id(0, c));
  return loop;
}

// The flat border must be simple: no two non-adjacent segments meet (exact predicates).
void requireSimpleBorder(const Flattening& flattening, const std::vector<int>& loop) {
  std::vector<Point2> polygon;
  for (int v : loop) {
    const Eigen::Vector2d& u = flattening.flat[static_cast<std::size_t>(v)];
    polygon.emplace_back(u[0], u[1]);
  }
  const std::size_t n = polygon.size();
  for (std::size_t i = 0; i < n; ++i) {
    const K::Segment_2 a(polygon[i], polygon[(i + 1) % n]);
    for (std::size_t k = i + 2; k < n; ++k) {
      if (i == 0 && k == n - 1) continue;  // adjacent through the closing segment
      if (CGAL::do_intersect(a, K::Segment_2(polygon[k], polygon[(k + 1) % n]))) {
        throw SolverFailure("the conformal flattening of a curved face overlaps itself");
      }
    }
  }
}

// Delaunay refinement of the flat domain inside the border loop until every triangle meets the
// aspect bound and the chord tolerance of its lift (at most 400000 vertices).
void refineFlatDomain(CDT& cdt, const Flattening& flattening, const std::vector<int>& loop,
                      const ChordCriteria::Lift& lift, double chord_tolerance,
                      double aspect_bound) {
  std::vector<CDT::Vertex_handle> border_handles;
  for (int v : loop) {
    const Eigen::Vector2d& u = flattening.flat[static_cast<std::size_t>(v)];
    border_handles.push_back(cdt.insert(Point2(u[0], u[1])));
  }
  for (std::size_t k = 0; k < border_handles.size(); ++k) {
    cdt.insert_constraint(border_handles[k], border_handles[(k + 1) % border_handles.size()]);
  }
  if (cdt.number_of_vertices() != loop.size()) {
    throw SolverFailure("the conformal flattening of a curved face merges border points");
  }
  ChordMesher mesher(cdt, ChordCriteria(aspect_bound, &lift, chord_tolerance));
  mesher.init();
  const std::size_t max_vertices = 400000;
  while (!mesher.is_refinement_done()) {
    mesher.try_one_step_refine_mesh();
    if (cdt.number_of_vertices() > max_vertices) {
      throw SolverFailure(
          "the refinement of a curved face exceeded 400000 vertices: the sheet is too curved "
          "for the tolerance, or singular");
    }
  }
}

// Vertices exactly on each side of the rectangle (theta+ lower, theta- lower, theta+ upper,
// theta- upper), sorted by the other angle.
void collectSides(CurvedFaceMesh& out, const stability_body::SlipAngleRectangle& r) {
  for (std::size_t v = 0; v < out.angles.size(); ++v) {
    const Eigen::Vector2d& t = out.angles[v];
    if (t[0] == r.plus_lower) out.sides[0].push_back(static_cast<int>(v));
    if (t[1] == r.minus_lower) out.sides[1].push_back(static_cast<int>(v));
    if (t[0] == r.plus_upper) out.sides[2].push_back(static_cast<int>(v));
    if (t[1] == r.minus_upper) out.sides[3].push_back(static_cast<int>(v));
  }
  for (int s = 0; s < 4; ++s) {
    const int along = s % 2 == 0 ? 1 : 0;
    auto& side = out.sides[static_cast<std::size_t>(s)];
    std::sort(side.begin(), side.end(), [&](int a, int b) {
      return out.angles[static_cast<std::size_t>(a)][along] <
             out.angles[static_cast<std::size_t>(b)][along];
    });
    if (side.size() < 2) throw SolverFailure("a curved face's side has fewer than two vertices");
  }
}

// The refined flat mesh in slip angles: each vertex lifted (snapped onto the sides), triangles
// turned to (theta+, theta-) orientation.
CurvedFaceMesh liftedMesh(const CDT& cdt, const Flattening& flattening,
                          const stability_body::SlipAngleRectangle& r, bool flat_reversed) {
  CurvedFaceMesh out;
  std::map<CDT::Vertex_handle, int> index_of;
  for (auto f = cdt.finite_faces_begin(); f != cdt.finite_faces_end(); ++f) {
    if (!f->is_in_domain()) continue;
    std::array<int, 3> tri{};
    for (int m = 0; m < 3; ++m) {
      const auto h = f->vertex(m);
      auto it = index_of.find(h);
      if (it == index_of.end()) {
        out.angles.push_back(snapToRectangle(flattening.lift({h->point().x(), h->point().y()}), r));
        it = index_of.emplace(h, static_cast<int>(out.angles.size()) - 1).first;
      }
      tri[static_cast<std::size_t>(m)] = it->second;
    }
    if (flat_reversed) std::swap(tri[1], tri[2]);
    out.triangles.push_back(tri);
  }
  collectSides(out, r);
  return out;
}

}  // namespace

// A pipeline: the reference grid on the sheet, its conformal flattening, the Delaunay refinement
// of the flat domain under the chord criterion of the exact lift, and the refined mesh lifted
// back to slip angles.
CurvedFaceMesh meshCurvedFaceConformally(const Sheet& sheet,
                                         const stability_body::SlipAngleRectangle& r,
                                         double chord_tolerance, double aspect_bound, int cells) {
  Flattening flattening;
  ReferenceGrid grid = buildReferenceGrid(sheet, r, cells, flattening);
  const bool flat_reversed = flattenConformally(grid, flattening);
  const ChordCriteria::Lift lift = [&](const Eigen::Vector2d& u) {
    const Eigen::Vector2d t = snapToRectangle(flattening.lift(u), r);
    return sheet(t[0], t[1]);
  };
  const std::vector<int> loop = borderLoop(grid);
  requireSimpleBorder(flattening, loop);
  CDT cdt;
  refineFlatDomain(cdt, flattening, loop, lift, chord_tolerance, aspect_bound);
  return liftedMesh(cdt, flattening, r, flat_reversed);
}

}  // namespace nsd::mesh::detail
