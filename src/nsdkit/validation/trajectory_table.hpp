#pragma once
/// @file trajectory_table.hpp
/// Internal to nsd_validation: a solver's trajectory checked and converted one row at a time,
/// so that a CSV of any size is never held whole (trajectory_csv.cpp) and a table from Python is
/// checked by the same rules (trajectoryFromTable).

#include <cstddef>
#include <string>
#include <vector>

#include <nsdkit/validation/case_files.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {

/// The most rows a trajectory may hold (2^21 = 2,097,152: 5 us steps over the longest case,
/// 10 s). A longer trajectory fails its row at the first row past the limit, before its sample
/// is stored, so that scoring needs at most about kMaxTrajectoryRows * 500 bytes (1 GB: the
/// samples and the judge's working values) whatever the file.
inline constexpr std::size_t kMaxTrajectoryRows = std::size_t{1} << 21;

/// The CSV header's columns: t,x,y,z,vx,vy,vz,wx,wy,wz, or with qw,qx,qy,qz after z.
const std::vector<std::string>& trajectoryColumns(bool with_orientation);

/// A trajectory whose only content is its failure (`reason`).
SolverTrajectory failedTrajectory(const std::string& reason);

/// Checks rows one at a time by the rules of trajectoryFromTable (finite values, a unit
/// quaternion, the initial state at t = 0, increasing times at most kMaxSampleSpacing_s apart)
/// and keeps each accepted row after the first as a sample. After the first failing row, rows
/// are ignored and the samples kept so far released.
class TrajectoryTableBuilder {
 public:
  /// `expected_rows`: the rows to reserve room for (an upper bound, or 0), so that the samples'
  /// vector never doubles: its peak is the samples themselves.
  TrajectoryTableBuilder(const ValidationCase& c, bool with_orientation,
                         std::size_t expected_rows);

  /// Adds one row of `size` values; returns false once a row has failed.
  bool add(const double* row, std::size_t size);

  /// The trajectory: the samples, or the first failure ("no samples" without rows).
  SolverTrajectory finish();

 private:
  /// The failure of the next row ("" when it is accepted; the sample is then kept).
  std::string checkRow(const double* row, std::size_t size);

  engines::SphereScene scene_;
  bool with_orientation_ = false;
  std::size_t rows_ = 0;
  double last_t_ = 0.0;
  SolverTrajectory trajectory_;
};

}  // namespace nsd::validation
