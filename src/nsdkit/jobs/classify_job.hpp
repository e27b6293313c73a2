#pragma once
/// @file classify_job.hpp
/// The classify job: Def-11 (two contacts) or Def-9 (one contact) verdicts of the points of a
/// CSV table, for the paper's ball (columns mx, my, mz: dimensionless torques (79)) by one of
/// its three routes, or for a body file (columns: its parameters). `nsdkit classify` and
/// `nsdkit.jobs.classify` run `runClassifyJob`.

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include <nsdkit/core/numeric_csv.hpp>
#include <nsdkit/jobs/studied_body.hpp>
#include <nsdkit/jobs/trough_options.hpp>

namespace nsd::jobs {

/// What the classify job is asked.
struct ClassifyJobOptions {
  std::string model;           ///< "ball-trough" (required when no body file is given)
  TroughOptions trough;        ///< the ball's settings
  std::string body_file;       ///< a body file (JSON) instead of the model
  std::string input;           ///< CSV: header mx,my,mz (model) or the body's parameter names
  std::string output;          ///< CSV: the input columns, realizable, escapes ("-": stdout)
  std::string method = "generic";  ///< generic | generic-sampled | closed-form (model only)
  unsigned threads = 1;        ///< worker threads, in [1, 1024]
  bool certify = false;  ///< re-check each SS search in interval arithmetic (column certified)
};

/// The table and its verdicts.
struct ClassifyJobResult {
  NumericTable table;                   ///< the input CSV as read (header and rows)
  std::vector<body::BodyVerdict> points;  ///< one per row of the table
  double seconds = 0.0;                 ///< reading and classifying
  std::size_t realizable = 0;           ///< points found realizable
  std::size_t incomplete = 0;           ///< points whose SS search was possibly incomplete
  std::size_t certified = 0;            ///< points whose SS search was certified
};

/// Reads the table, classifies every row and writes the output CSV (the input columns, then
/// realizable, escapes and, with certify, certified). @throws InvalidInput naming the option or
/// the file, line and field of the input.
ClassifyJobResult runClassifyJob(const ClassifyJobOptions& options);

/// The line `nsdkit classify` prints.
void printClassifyJob(const ClassifyJobOptions& options, const ClassifyJobResult& result,
                      std::ostream& out);

}  // namespace nsd::jobs
