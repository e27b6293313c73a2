#include <nsdkit/region/sweep_problem.hpp>

namespace nsd::region {

SweepResult sweep(const SweepProblem& problem, const SweepOptions& options) {
  return sweep(problem.axes, problem.fixed, problem.predicate, options);
}

CheckpointedSweep sweepWithCheckpoints(const SweepProblem& problem, const SweepOptions& options,
                                       const CheckpointOptions& checkpoint,
                                       const WorkSharing& sharing) {
  return sweepWithCheckpoints(problem.axes, problem.fixed, problem.predicate, options, checkpoint,
                              problem.metadata, sharing);
}

StreamedSweepReport sweepIntoSink(const SweepProblem& problem, const SweepOptions& options,
                                  const CheckpointOptions& checkpoint, const WorkSharing& sharing,
                                  SweepSink& sink) {
  return sweepIntoSink(problem.axes, problem.fixed, problem.predicate, options, checkpoint,
                       problem.metadata, sharing, sink);
}

}  // namespace nsd::region
