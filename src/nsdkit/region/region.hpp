#pragma once
/// @file region.hpp
/// Realizable sets in parameter space: grid sweeps (1-D lines, 2-D slices, 3-D boxes,
/// any number of named parameters) through a realizability predicate, with adaptive boundary
/// refinement by bisection, escape-mode labels, deterministic multi-threading and progress
/// reporting. Model-independent: a model exposes its parameters by name through a
/// ModelPredicate.

#include <functional>
#include <type_traits>
#include <map>
#include <string>
#include <vector>

#include <nsdkit/contact/escape_set.hpp>

namespace nsd::region {

/// The verdict of the predicate at one parameter point (typed: its label is made only when a
/// file is written).
struct PointVerdict {
  bool realizable = false;     ///< rolling is realizable there
  contact::EscapeSet escapes;  ///< how rolling fails there (empty when realizable)
  bool uncertain = false;      ///< the underlying search reported possibly incomplete.
  /// "realizable" or the failing escapes, e.g. "RS|SS" (contact::verdictLabel).
  std::string label() const { return contact::verdictLabel(realizable, escapes); }
};

/// The boundary piece a point outside a realizable set lies beyond, from its verdict there: the
/// same number for the same single bounding condition (FNV-1a of the label), -1 where there is no
/// single piece (the point is inside, or several conditions fail at once: the wedge beyond an
/// edge where two pieces meet). Meshes keep the edges between pieces sharp.
int boundaryPiece(const PointVerdict& verdict);

/// A named parameter vector (values in the parameter's own unit).
using ParameterPoint = std::map<std::string, double>;

/// Predicate over parameter points by name; must be thread-safe (called concurrently). A map is
/// built for every call: fine for tests and simple models; a model gives a ModelPredicate.
using ParameterPredicate = std::function<PointVerdict(const ParameterPoint&)>;

/// A predicate bound to an order of parameters: called with their values in that order.
/// Thread-safe (called concurrently).
using BoundPredicate = std::function<PointVerdict(const std::vector<double>& values)>;

/// A model's predicate over its named parameters, bound once per sweep to the order of the
/// sweep's parameters (the axes, then the fixed ones by name) and then called with values only:
/// no names, maps or name checks per point.
class ModelPredicate {
 public:
  /// Binds an order of names. @throws InvalidInput for a name the model does not have.
  using Binder = std::function<BoundPredicate(const std::vector<std::string>& names)>;

  /// Empty: bind and calls throw InvalidInput, `bool` is false.
  ModelPredicate() = default;
  /// A model's binder.
  static ModelPredicate fromBinder(Binder binder);
  /// A predicate over ParameterPoints (a map per call), e.g. a lambda of a test.
  template <class F, class = std::enable_if_t<
                         std::is_invocable_r_v<PointVerdict, const F&, const ParameterPoint&>>>
  ModelPredicate(F by_name)  // NOLINT(google-explicit-constructor): lambdas convert
      : binder_(byNameBinder(ParameterPredicate(std::move(by_name)))) {}

  /// The predicate over `names`' values. @throws InvalidInput as the binder.
  BoundPredicate bind(const std::vector<std::string>& names) const;
  /// One point by name (binds its names first: for single points, not for sweeps).
  PointVerdict operator()(const ParameterPoint& point) const;
  /// Whether a predicate is held (not default-constructed).
  explicit operator bool() const { return static_cast<bool>(binder_); }

 private:
  static Binder byNameBinder(ParameterPredicate by_name);
  Binder binder_;
};

/// One swept axis: `count` equally spaced values from `lower` to `upper` (count >= 1).
struct Axis {
  std::string name;    ///< the parameter's name
  double lower = 0.0;  ///< first value (the parameter's own unit)
  double upper = 0.0;  ///< last value
  int count = 1;       ///< number of values, >= 1
};

/// The k-th grid node of `a` (0 <= k < count): lower + (upper - lower) k / (count - 1), with the
/// last node exactly `upper` (the formula alone can miss it by one rounding: -1.2 + 2.1 gives
/// 0.9000000000000001), and `lower` when count is 1.
double axisNode(const Axis& a, int k);

/// Parses "name:lower:upper:count" (e.g. "mx:-1:1:101"). @throws InvalidInput naming the field.
Axis parseAxis(const std::string& text);

/// Options of a sweep.
struct SweepOptions {
  unsigned threads = 1;           ///< worker threads (>= 1); output order does not depend on it
  double refine_tolerance = 0.0;  ///< > 0: bisect every realizable/non-realizable grid edge
  /// Called with (done, total) from the calling thread about every 1% (may be empty).
  std::function<void(std::size_t, std::size_t)> progress;
};

/// A classified grid point.
struct SweepPoint {
  std::vector<double> values;  ///< one per axis, in axis order
  PointVerdict verdict;        ///< the predicate there
};

/// A boundary point found by bisection between two neighbouring grid points.
struct BoundaryPoint {
  std::vector<double> values;  ///< the located boundary point (midpoint of the last bracket)
  double bracket_width = 0.0;  ///< distance between the last inside and outside points
  contact::EscapeSet outside_escapes;  ///< the escapes just outside (inside: realizable)
  std::size_t axis = 0;                ///< the axis along which the bracket runs
  /// The escape label just outside (contact::verdictLabel).
  std::string outside_label() const { return contact::verdictLabel(false, outside_escapes); }
};

/// Result of a sweep.
struct SweepResult {
  std::vector<Axis> axes;               ///< the swept axes
  ParameterPoint fixed;                 ///< parameters held constant
  std::vector<SweepPoint> points;       ///< row-major, last axis fastest
  std::vector<BoundaryPoint> boundary;  ///< sorted deterministically
  std::size_t predicate_calls = 0;      ///< grid points plus boundary bisection calls
  double seconds = 0.0;                 ///< wall time [s]
};

/// Sweeps the grid spanned by `axes` (fixed parameters in `fixed`).
/// @throws InvalidInput for no axis, count < 1, non-finite bounds, or an axis also fixed.
SweepResult sweep(const std::vector<Axis>& axes, const ParameterPoint& fixed,
                  const ModelPredicate& predicate, const SweepOptions& options = {});

/// Writes the result as CSV with '#'-prefixed metadata lines (model, parameters, axes).
void writeCsv(std::ostream& out, const SweepResult& result, const ParameterPoint& metadata);
/// Writes the result as one JSON object {metadata, axes, fixed, points, boundary}.
void writeJson(std::ostream& out, const SweepResult& result, const ParameterPoint& metadata);

}  // namespace nsd::region
