#pragma once
/// @file sweep_file.hpp
/// Region sweeps as HDF5 files (format "nsdkit-sweep-hdf5/1"), written block by block by one
/// process or, with parallel HDF5 (Debian's libhdf5-openmpi-dev), by every MPI rank at once with
/// collective I/O, and read back. The only folder that includes HDF5.
///
/// Layout (grid order: row-major, last axis fastest; k axes of n_0 x ... x n_{k-1} points):
///   /                 attributes format, nsdkit_version, grid_order, axis_names (in order),
///                     refine_tolerance, block_points, model (the model's name or "body")
///   /axes/NAME        the axis values (n_i doubles), attributes index, lower, upper, count
///   /fixed            attributes: the parameters held constant
///   /model            attributes: the model's parameters (as in the CSV header)
///   /body_file        the body file's text, when the sweep was of a body file
///   /grid/realizable  uint8 (n_0, ..., n_{k-1}): 1 where rolling is realizable
///   /grid/escapes     uint8, same shape: escape code (contact::Escape: 1 RS, 2 SR, 4 SS,
///                     8 slip, 16 contact_loss; 0 realizable), attributes bit_NAME
///   /grid/uncertain   uint8, same shape: 1 where a search reported possibly incomplete
///   /boundary/values           double (m, k): refined boundary points, in edge order
///   /boundary/bracket_width    double (m)
///   /boundary/axis             uint8 (m): the axis of the bisected edge
///   /boundary/outside_escapes  uint8 (m): escape code just outside
///   /boundary/predicate_calls  uint64 (m)
/// The grid datasets are chunked (the blocks of region::chunkedGrid) and deflate-compressed; the
/// boundary ones chunked by edge block. The file is written under a temporary name beside the
/// target and renamed into place when complete: a target path holds a whole file or nothing.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nsdkit/region/region.hpp>
#include <nsdkit/region/streamed_sweep.hpp>

namespace nsd::hdf5 {

/// What a sweep file records besides the results.
struct SweepFileHeader {
  /// The swept axes, in grid order (name, lower, upper, count).
  std::vector<region::Axis> axes;
  /// The parameters held constant.
  region::ParameterPoint fixed;
  /// The model's parameters (as in the CSV header).
  region::ParameterPoint model_parameters;
  std::string model_name;      ///< "ball-trough", or "body" for a body file
  std::string body_file_text;  ///< the body file, when model_name is "body"
  /// The boundary refinement's bisection tolerance (0: no refinement), as region::SweepOptions.
  double refine_tolerance = 0.0;
  std::size_t block_points = 4096;  ///< grid points per block (chunk), region::chunkedGrid
  std::size_t block_edges = 64;     ///< boundary points per chunk
};

/// A sweep file written by this process alone (serial HDF5, library nsdkit::sweep_hdf5).
/// Creates the temporary file at once, so an unwritable target is refused before any work.
/// @throws InvalidInput naming the path if it cannot be created or is not a regular file.
std::unique_ptr<region::SweepSink> createSweepFile(const std::string& path,
                                                   const SweepFileHeader& header);

/// A sweep file written by all ranks of MPI_COMM_WORLD together (parallel HDF5, library
/// nsdkit::sweep_hdf5_mpi): every rank calls this and then every sink method collectively;
/// each rank writes its own blocks. `rank` 0 renames the finished file into place.
std::unique_ptr<region::SweepSink> createParallelSweepFile(const std::string& path,
                                                           const SweepFileHeader& header, int rank);

/// A sweep file read back whole (serial library).
struct SweepFileContents {
  std::string format, nsdkit_version, model_name, body_file_text;
  /** @var format
      The format attribute ("nsdkit-sweep-hdf5/1"). */
  /** @var nsdkit_version
      The version of nsdkit that wrote the file. */
  /** @var model_name
      "ball-trough", or "body" for a body file. */
  /** @var body_file_text
      The body file's text ("" unless model_name is "body"). */
  /// The swept axes, in grid order.
  std::vector<region::Axis> axes;
  /// The values of each axis (/axes/NAME), in grid order.
  std::vector<std::vector<double>> axis_values;
  region::ParameterPoint fixed, model_parameters;
  /** @var fixed
      The parameters held constant (/fixed). */
  /** @var model_parameters
      The model's parameters (/model). */
  /// The boundary refinement's bisection tolerance (0: no refinement).
  double refine_tolerance = 0.0;
  std::vector<std::uint8_t> realizable, escapes, uncertain;  ///< grid order
  /** @var realizable
      1 where rolling is realizable (/grid/realizable), grid order. */
  /** @var escapes
      Escape codes (/grid/escapes), grid order. */
  std::vector<double> boundary_values;                       ///< m x k, row-major
  /// Final bisection bracket of each boundary point (/boundary/bracket_width).
  std::vector<double> boundary_bracket_width;
  std::vector<std::uint8_t> boundary_axis, boundary_outside_escapes;
  /** @var boundary_axis
      The axis of each bisected edge (/boundary/axis). */
  /** @var boundary_outside_escapes
      The escape code just outside each boundary point (/boundary/outside_escapes). */
  /// Predicate calls spent on each boundary point (/boundary/predicate_calls).
  std::vector<std::uint64_t> boundary_predicate_calls;
};

/// @throws InvalidInput naming the path and the missing or malformed part.
SweepFileContents readSweepFile(const std::string& path);

}  // namespace nsd::hdf5
