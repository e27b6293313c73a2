#pragma once
/// @file ball_trough_job.hpp
/// The main job: the paper's ball-in-trough analysis end to end (two-point-contact paper,
/// Sect. 6). The closed forms (90)-(91) against the generic two-contact route, a classified grid
/// of torques, the two-point-slip surface (88), cross-sections at the special heights and the
/// stability body meshed from its exact faces (Fig. 11). `nsdkit ball-trough` and
/// `nsdkit.jobs.ball_trough` both run `runBallTroughJob` and write its files with
/// `writeBallTroughJobFiles`.

#include <Eigen/Core>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include <nsdkit/core/bisection.hpp>
#include <nsdkit/jobs/html_page.hpp>
#include <nsdkit/jobs/trough_options.hpp>
#include <nsdkit/mesh/stability_body_mesh.hpp>
#include <nsdkit/models/ball_trough.hpp>
#include <nsdkit/models/ball_trough_analysis.hpp>
#include <nsdkit/region/region.hpp>

namespace nsd::jobs {

/// What the main job is asked.
struct BallTroughJobOptions {
  TroughOptions trough;  ///< a right-angle trough with mu+ = mu- < 1 (the closed forms' case)
  int grid = 21;         ///< torques per axis of the classified grid, in [2, 400]
  unsigned threads = 1;  ///< worker threads (the grid and the cross-sections), >= 1
};

/// The special values (90) and the maximum acceleration (91): closed forms and the generic
/// route (bisection on the Def-11 predicate; the maximum of the generic F_RR over m_z = 0).
struct SpecialFigures {
  models::SpecialValues closed_form;               ///< (90), dimensionless torques (79)
  BisectionResult mz1;  ///< generic m_z1 (dimensionless torque (79)), bisection to 1e-6
  BisectionResult mz2;  ///< generic m_z2 (dimensionless torque (79)), bisection to 1e-6
  BisectionResult mz3;  ///< generic m_z3 (dimensionless torque (79)), bisection to 1e-9
  models::MaxAccelerationResult max_acceleration;  ///< generic, [m/s^2]
};

/// One cross-section m_z = const of the torque space, labelled by escape mode.
struct TroughSection {
  std::string name;           ///< "0", "mz1", "mz2" or "0.97mz3" (the file section_NAME.csv)
  double mz = 0.0;            ///< the section's height (dimensionless torque (79))
  region::SweepResult sweep;  ///< 101 x 101 points over (m_x, m_y), boundary refined to 1e-6
};

/// One sample of the two-point-slip surface (88): the slip angles phi+, phi- [rad] and the
/// torque (m_x, m_y, m_z) at which both contacts slip in those directions.
struct SlipSurfaceSample {
  double phi_plus = 0.0;   ///< slip angle phi+ at P+ [rad]
  double phi_minus = 0.0;  ///< slip angle phi- at P- [rad]
  Eigen::Vector3d torque = Eigen::Vector3d::Zero();  ///< (m_x, m_y, m_z) of (88), as in (79)
};

/// Everything the main job computed.
struct BallTroughJobResult {
  models::BallTroughParameters parameters;  ///< the checked parameters (checkBallTroughJob)
  region::ParameterPoint metadata;  ///< the model's parameters as the section CSVs record them
  int grid = 0;                     ///< torques per axis of the classified grid
  SpecialFigures special;  ///< (90) and (91): closed forms and the generic route
  models::TorqueGridClassification grid_classification;  ///< Def-11 verdicts of the grid^3 torques
  std::vector<SlipSurfaceSample> slip_surface;  ///< (88) over both parameter squares
  models::EdgeExtent max_acceleration_edge;     ///< the realizable part of the edge of (91)
  std::vector<TroughSection> sections;          ///< at m_z = 0, m_z1, m_z2, 0.97 m_z3
  mesh::StabilityBodyMesh stability_body;       ///< exact route, triangles with conditions
};

/// The checks made before any work. @throws InvalidInput naming the option: invalid
/// parameters, not the closed forms' case (90 degree trough, mu+ = mu-), mu >= 1, grid outside
/// [2, 400], no threads.
models::BallTroughParameters checkBallTroughJob(const BallTroughJobOptions& options);

/// Runs the analysis. @throws as checkBallTroughJob, and SolverFailure if the mesh of the
/// exact faces fails its checks.
BallTroughJobResult runBallTroughJob(const BallTroughJobOptions& options);

/// The files of the main job, written atomically into `dir` (created):
/// summary.json, grid_classification.csv, two_point_slip_surface.csv,
/// section_{0,mz1,mz2,0.97mz3}.csv, stability_body.ply, stability_body_triangles.csv; then
/// stability_body.html by `page` (when given). Returns the names written, in that order.
std::vector<std::string> writeBallTroughJobFiles(const BallTroughJobResult& result,
                                                 const std::string& dir,
                                                 const HtmlPageWriter& page = {});

/// The job and its files, as both front ends run it.
struct BallTroughJobRun {
  BallTroughJobResult result;      ///< what runBallTroughJob computed
  std::vector<std::string> files;  ///< the names written into the folder, in order
};
/// checkBallTroughJob, then `dir` created (before any work), runBallTroughJob and
/// writeBallTroughJobFiles. @throws as those.
BallTroughJobRun runBallTroughJobInto(const BallTroughJobOptions& options, const std::string& dir,
                                      const HtmlPageWriter& page = {});

/// summary.json: the parameters, the special values and maximum acceleration both ways, the
/// edge's extent, the tetrahedron's volume, the grid's counts and the mesh's measures.
nlohmann::json ballTroughJobSummary(const BallTroughJobResult& result);

/// The text `nsdkit ball-trough` prints: the parameters, the special values and the maximum
/// acceleration (closed form | generic), the grid's counts, the edge's extent, the mesh.
void printBallTroughJob(const BallTroughJobResult& result, std::ostream& out);

/// The mesh of the ball's stability body over its dimensionless torques (m_x, m_y, m_z) (79),
/// any trough angle and mu±: mesh::meshTwoContactStabilityBody of models::makeTwoContactBody.
/// @throws as mesh::meshTwoContactStabilityBody, and InvalidInput for invalid parameters.
mesh::StabilityBodyMesh meshBallTroughStabilityBody(
    const models::BallTroughParameters& p, const mesh::StabilityBodyMeshOptions& options = {});

}  // namespace nsd::jobs
