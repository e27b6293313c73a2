#pragma once
/// @file sweep_problem.hpp
/// One sweep as one value: its axes, the parameters it holds fixed, the model's predicate and
/// the model's parameters recorded beside the output. The three drivers (in memory,
/// checkpointed and shared between processes, streamed into a sink) take it.

#include <nsdkit/region/checkpoint.hpp>
#include <nsdkit/region/region.hpp>
#include <nsdkit/region/streamed_sweep.hpp>

namespace nsd::region {

/// What a sweep sweeps.
struct SweepProblem {
  std::vector<Axis> axes;    ///< the swept parameters, in the grid's order (last fastest)
  ParameterPoint fixed;      ///< parameters held at these values
  ModelPredicate predicate;  ///< the model's Def 11 / Def 9 predicate over all of them
  /// The model's parameters, written with the output and, for a checkpointed sweep, into its
  /// manifest (a resume with other parameters is refused).
  ParameterPoint metadata;
};

/// sweep() of the problem.
SweepResult sweep(const SweepProblem& problem, const SweepOptions& options = {});
/// sweepWithCheckpoints() of the problem.
CheckpointedSweep sweepWithCheckpoints(const SweepProblem& problem, const SweepOptions& options,
                                       const CheckpointOptions& checkpoint,
                                       const WorkSharing& sharing = {});
/// sweepIntoSink() of the problem.
StreamedSweepReport sweepIntoSink(const SweepProblem& problem, const SweepOptions& options,
                                  const CheckpointOptions& checkpoint, const WorkSharing& sharing,
                                  SweepSink& sink);

}  // namespace nsd::region
