#pragma once
/// @file studied_body.hpp
/// The rigid body a job studies, chosen once from the job's options: the paper's ball in the V
/// trough (two-point-contact paper, Sect. 6; `--model ball-trough`), which brings its three
/// classification routes and its closed-form references, or a body file (`--body FILE`,
/// examples/bodies). The classify, region and mesh jobs ask it for what they need and never ask
/// which of the two it is.

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nsdkit/body/rigid_body.hpp>
#include <nsdkit/contact/escape_set.hpp>
#include <nsdkit/core/numeric_csv.hpp>
#include <nsdkit/jobs/trough_options.hpp>
#include <nsdkit/region/realizable_set3.hpp>
#include <nsdkit/region/region.hpp>
#include <nsdkit/region/sweep_problem.hpp>

namespace nsd::jobs {

/// How the points of a table are classified.
struct ClassifyRoute {
  std::string method = "generic";  ///< generic | generic-sampled | closed-form (the ball only)
  bool certify = false;  ///< re-check each SS search in interval arithmetic
  unsigned threads = 1;  ///< worker threads
};

/// The rigid body of a job: its realizable set as a sweep, a mesh or a table of verdicts.
class StudiedBody {
 public:
  /// A studied body is used through this interface and destroyed through it.
  virtual ~StudiedBody() = default;

  /// The model name sweep files record: "ball-trough" or "body".
  virtual std::string modelName() const = 0;
  /// A body file's `name`; "" for the paper's ball.
  virtual std::string displayName() const = 0;
  /// A body file's bytes (HDF5 sweep files keep them); "" for the paper's ball.
  virtual const std::string& fileText() const = 0;

  /// The sweep of the realizable set over `axes` with `fixed` held: the predicate over their
  /// names and the metadata recorded with the results (the model's parameters; a body file's
  /// other default loads and its checksum). @throws InvalidInput for a name it does not have.
  virtual region::SweepProblem sweepProblem(const std::vector<region::Axis>& axes,
                                            const region::ParameterPoint& fixed) const = 0;

  /// The checks of a mesh's parameters before any work (the ball: no --axes or --fix, a mu it
  /// can resolve; a body file: nothing here, its axes are checked by realizableSet3).
  virtual void checkMeshParameters(const std::vector<std::string>& axes,
                                   const region::ParameterPoint& fixed) const = 0;
  /// The realizable set over three parameters (the ball: always mx, my, mz). @throws
  /// InvalidInput for a body file without three axes or with a name it does not have.
  virtual region::RealizableSet3 realizableSet3(const std::vector<std::string>& axes,
                                                const region::ParameterPoint& fixed) const = 0;
  /// The three axes' labels on a mesh page.
  virtual std::array<std::string, 3> meshAxisLabels(const std::vector<std::string>& axes) const = 0;
  /// The stability body's volume in closed form, where the body has one (the ball in the 90
  /// degree trough with mu+ = mu-: the tetrahedron of eqs. (82)-(83)).
  virtual std::optional<double> closedFormVolume() const = 0;

  /// The checks of a classification route before any file is read.
  virtual void checkClassifyRoute(const ClassifyRoute& route) const = 0;
  /// Reads the CSV table to classify (the ball: columns mx, my, mz; a body file: its parameter
  /// names). @throws InvalidInput naming the file, line and field.
  virtual NumericTable readTable(const std::string& path) const = 0;
  /// Every row of `table` classified by Def 11 (two contacts) or Def 9 (one contact): the
  /// rigid body's verdict (body::BodyVerdict: failing modes, contact loss, completeness), typed up
  /// to the file.
  virtual std::vector<body::BodyVerdict> classify(const NumericTable& table,
                                                  const ClassifyRoute& route) const = 0;
};

/// The paper's ball in the trough with these settings. @throws InvalidInput for invalid
/// settings (troughParameters).
std::unique_ptr<StudiedBody> studiedBallInTrough(const TroughOptions& trough);
/// The rigid body of a body file. @throws InvalidInput naming the file and field.
std::unique_ptr<StudiedBody> studiedBodyFile(const std::string& path);

/// The checks of the model's name, before any work: a body file, or the model "ball-trough".
/// @throws InvalidInput for an unknown model.
void checkStudiedModel(const std::string& model, const std::string& body_file);
/// The studied rigid body a job's options name: the body file when one is given, else the model
/// (checkStudiedModel). @throws as the factories.
std::unique_ptr<StudiedBody> studiedBody(const std::string& model, const TroughOptions& trough,
                                         const std::string& body_file);

}  // namespace nsd::jobs
