#include <nsdkit/region/region.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <mutex>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <thread>

#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/checksum.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/parallel.hpp>
#include <nsdkit/region/sweep_detail.hpp>

namespace nsd::region {

int boundaryPiece(const PointVerdict& verdict) {
  if (verdict.realizable || verdict.label().find('|') != std::string::npos) return -1;
  return static_cast<int>(fnv1a32(verdict.label()) & 0x7fffffffu);
}


Axis parseAxis(const std::string& text) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, ':')) parts.push_back(part);
  if (parts.size() != 4 || parts[0].empty()) {
    throw InvalidInput("axis " + quoteInput(text) + " must be name:lower:upper:count");
  }
  Axis a;
  a.name = parts[0];
  try {
    std::size_t used = 0;
    a.lower = std::stod(parts[1], &used);
    if (used != parts[1].size()) throw std::invalid_argument("trailing");
    a.upper = std::stod(parts[2], &used);
    if (used != parts[2].size()) throw std::invalid_argument("trailing");
    a.count = std::stoi(parts[3], &used);
    if (used != parts[3].size()) throw std::invalid_argument("trailing");
  } catch (const std::exception&) {
    throw InvalidInput("axis " + quoteInput(text) + ": lower, upper and count must be numbers");
  }
  requireFinite(a.lower, "axis " + quoteInput(a.name) + " lower bound");
  requireFinite(a.upper, "axis " + quoteInput(a.name) + " upper bound");
  if (a.count < 1) throw InvalidInput("axis '" + a.name + "' needs count >= 1");
  return a;
}

ModelPredicate ModelPredicate::fromBinder(Binder binder) {
  ModelPredicate m;
  m.binder_ = std::move(binder);
  return m;
}

ModelPredicate::Binder ModelPredicate::byNameBinder(ParameterPredicate by_name) {
  return [by_name = std::move(by_name)](const std::vector<std::string>& names) -> BoundPredicate {
    return [by_name, names](const std::vector<double>& values) {
      ParameterPoint point;
      for (std::size_t k = 0; k < names.size(); ++k) point[names[k]] = values[k];
      return by_name(point);
    };
  };
}

BoundPredicate ModelPredicate::bind(const std::vector<std::string>& names) const {
  if (!binder_) throw InvalidInput("region predicate is empty");
  return binder_(names);
}

PointVerdict ModelPredicate::operator()(const ParameterPoint& point) const {
  std::vector<std::string> names;
  std::vector<double> values;
  for (const auto& [name, value] : point) {
    names.push_back(name);
    values.push_back(value);
  }
  return bind(names)(values);
}

namespace detail {

std::size_t validateSweep(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                          const ModelPredicate& predicate, double refine_tolerance,
                          std::size_t max_points) {
  if (axes.empty()) throw InvalidInput("a sweep needs at least one axis");
  if (!predicate) throw InvalidInput("region predicate is empty");
  requireNonNegative(refine_tolerance, "refine tolerance");
  std::size_t total = 1;
  for (const Axis& a : axes) {
    if (a.count < 1) throw InvalidInput("axis '" + a.name + "' needs count >= 1");
    requireFinite(a.lower, "axis " + quoteInput(a.name) + " lower bound");
    requireFinite(a.upper, "axis " + quoteInput(a.name) + " upper bound");
    if (fixed.count(a.name)) {
      throw InvalidInput("parameter '" + a.name + "' is both swept and fixed");
    }
    if (std::count_if(axes.begin(), axes.end(), [&](const Axis& b) { return b.name == a.name; }) >
        1) {
      throw InvalidInput("axis '" + a.name + "' is given twice");
    }
    const auto count = static_cast<std::size_t>(a.count);
    if (total > max_points / count) {
      throw InvalidInput(
          max_points == kMaxInMemoryPoints
              ? "sweep grid exceeds 5e7 points (about 6 GB in memory): write it with "
                "--format hdf5 (streamed, memory per process bounded by its blocks) or split "
                "the sweep along an axis"
              : "sweep grid exceeds 1e13 points: split the sweep along an axis");
    }
    total *= count;
  }
  return total;
}

}  // namespace detail

double axisNode(const Axis& a, int k) {
  if (a.count == 1 || k == 0) return a.lower;
  if (k == a.count - 1) return a.upper;
  return a.lower + (a.upper - a.lower) * k / (a.count - 1);
}

namespace detail {

std::vector<double> gridValues(const std::vector<Axis>& axes, std::size_t index) {
  std::vector<double> values(axes.size());
  for (std::size_t d = axes.size(); d-- > 0;) {
    const Axis& a = axes[d];
    const auto c = static_cast<std::size_t>(a.count);
    const int k = static_cast<int>(index % c);
    values[d] = axisNode(a, k);
    index /= c;
  }
  return values;
}

BoundPredicate bindToSweep(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                           const ModelPredicate& model) {
  std::vector<std::string> names;
  for (const Axis& a : axes) names.push_back(a.name);
  std::vector<double> fixed_values;
  for (const auto& [name, value] : fixed) {
    names.push_back(name);
    fixed_values.push_back(value);
  }
  BoundPredicate bound = model.bind(names);
  if (fixed_values.empty()) return bound;
  return [bound = std::move(bound), fixed_values](const std::vector<double>& axis_values) {
    std::vector<double> values = axis_values;
    values.insert(values.end(), fixed_values.begin(), fixed_values.end());
    return bound(values);
  };
}

std::vector<GridEdge> boundaryEdges(const std::vector<Axis>& axes,
                                    const std::vector<std::uint8_t>& realizable) {
  std::vector<GridEdge> edges;
  std::size_t stride = 1;
  for (std::size_t d = axes.size(); d-- > 0;) {
    const auto c = static_cast<std::size_t>(axes[d].count);
    for (std::size_t i = 0; i < realizable.size(); ++i) {
      if ((i / stride) % c + 1 < c) {
        const std::size_t j = i + stride;
        if (realizable[i] != realizable[j]) edges.push_back({i, j, d});
      }
    }
    stride *= c;
  }
  return edges;
}

std::vector<GridEdge> boundaryEdges(const std::vector<Axis>& axes,
                                    const std::vector<SweepPoint>& points) {
  std::vector<std::uint8_t> realizable(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) realizable[i] = points[i].verdict.realizable;
  return boundaryEdges(axes, realizable);
}

BoundaryPoint refineEdge(const BoundPredicate& predicate, const std::vector<SweepPoint>& points,
                         const GridEdge& edge, double tolerance, std::size_t& calls) {
  const bool a_inside = points[edge.a].verdict.realizable;
  const SweepPoint& inside = a_inside ? points[edge.a] : points[edge.b];
  const SweepPoint& outside = a_inside ? points[edge.b] : points[edge.a];
  return refineEdge(predicate, inside.values, outside.values, outside.verdict.escapes,
                    edge.axis, tolerance, calls);
}

BoundaryPoint refineEdge(const BoundPredicate& predicate, std::vector<double> inside,
                         std::vector<double> outside, contact::EscapeSet outside_escapes, std::size_t axis,
                         double tolerance, std::size_t& calls) {
  // Bisection along the edge's axis; the label of the last point found outside is kept.
  std::vector<double> point = inside;
  const BisectionResult bisection = bisect(
      [&](double x) {
        point[axis] = x;
        const PointVerdict v = predicate(point);
        if (!v.realizable) outside_escapes = v.escapes;
        return v.realizable;
      },
      inside[axis], outside[axis], tolerance);
  calls = static_cast<std::size_t>(bisection.predicate_calls);
  inside[axis] = bisection.last_true;
  outside[axis] = bisection.last_false;
  BoundaryPoint b;
  b.values = inside;
  b.values[axis] = 0.5 * (inside[axis] + outside[axis]);
  b.bracket_width = std::fabs(inside[axis] - outside[axis]);
  b.outside_escapes = outside_escapes;
  b.axis = axis;
  return b;
}

}  // namespace detail

SweepResult sweep(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                  const ModelPredicate& model, const SweepOptions& options) {
  const std::size_t total = detail::validateSweep(axes, fixed, model, options.refine_tolerance);
  const BoundPredicate predicate = detail::bindToSweep(axes, fixed, model);
  const auto t0 = std::chrono::steady_clock::now();
  SweepResult r;
  r.axes = axes;
  r.fixed = fixed;
  r.points.resize(total);
  nsd::parallelFor(
      total, options.threads,
      [&](std::size_t i) {
        r.points[i].values = detail::gridValues(axes, i);
        r.points[i].verdict = predicate(r.points[i].values);
      },
      options.progress);
  r.predicate_calls = total;

  if (options.refine_tolerance > 0.0) {
    const std::vector<detail::GridEdge> edges = detail::boundaryEdges(axes, r.points);
    r.boundary.resize(edges.size());
    std::vector<std::size_t> calls(edges.size(), 0);
    nsd::parallelFor(edges.size(), options.threads, [&](std::size_t e) {
      r.boundary[e] = detail::refineEdge(predicate, r.points, edges[e],
                                         options.refine_tolerance, calls[e]);
    });
    for (std::size_t c : calls) r.predicate_calls += c;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

void writeCsv(std::ostream& out, const SweepResult& r, const ParameterPoint& metadata) {
  out << "# nsdkit region sweep\n";
  for (const auto& [k, v] : metadata) out << "# " << k << " = " << formatValue(v) << '\n';
  for (const auto& [k, v] : r.fixed) out << "# fixed " << k << " = " << formatValue(v) << '\n';
  for (const Axis& a : r.axes) {
    out << "# axis " << a.name << " " << formatValue(a.lower) << " " << formatValue(a.upper) << " "
        << a.count << '\n';
  }
  out << "# predicate_calls = " << r.predicate_calls << ", boundary points = " << r.boundary.size()
      << '\n';
  out << "kind";
  for (const Axis& a : r.axes) out << ',' << a.name;
  out << ",realizable,label,uncertain,bracket\n";
  for (const SweepPoint& p : r.points) {
    out << "grid";
    for (double v : p.values) out << ',' << formatValue(v);
    out << ',' << (p.verdict.realizable ? 1 : 0) << ',' << p.verdict.label() << ','
        << (p.verdict.uncertain ? 1 : 0) << ",0\n";
  }
  for (const BoundaryPoint& b : r.boundary) {
    out << "boundary";
    for (double v : b.values) out << ',' << formatValue(v);
    out << ",1," << b.outside_label() << ",0," << formatValue(b.bracket_width) << '\n';
  }
}

void writeJson(std::ostream& out, const SweepResult& r, const ParameterPoint& metadata) {
  nlohmann::json j;
  j["metadata"] = metadata;
  j["fixed"] = r.fixed;
  j["predicate_calls"] = r.predicate_calls;  // no wall time: outputs are byte-reproducible
  for (const Axis& a : r.axes) {
    j["axes"].push_back(
        {{"name", a.name}, {"lower", a.lower}, {"upper", a.upper}, {"count", a.count}});
  }
  j["points"] = nlohmann::json::array();
  for (const SweepPoint& p : r.points) {
    j["points"].push_back({{"values", p.values},
                           {"realizable", p.verdict.realizable},
                           {"label", p.verdict.label()},
                           {"uncertain", p.verdict.uncertain}});
  }
  j["boundary"] = nlohmann::json::array();
  for (const BoundaryPoint& b : r.boundary) {
    j["boundary"].push_back({{"values", b.values},
                             {"bracket_width", b.bracket_width},
                             {"outside_label", b.outside_label()},
                             {"axis", b.axis}});
  }
  out << j.dump() << '\n';
}

}  // namespace nsd::region
