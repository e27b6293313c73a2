#pragma once
/// @file codim3_bilinear_fit.hpp
/// The bilinear fit route of sampled codim-3 fields (SampledCodim3Options::fit_bilinear_fields),
/// used by analyzeCodim3(SphereField): sample G on a fixed design, fit degree (1, 1) in (phi+,
/// phi-), and if the fit reproduces every sample, search the fitted field by the rational
/// route and check each root on G. Internal (not installed with the public headers).

#include <optional>

#include <nsdkit/filippov/codim3.hpp>

namespace nsd::filippov::detail {

// An attempt of the fit route: its result, or none when the field is not bilinear to the value
// tolerance or a root fails the check on G; and the evaluations of G it spent either way.
struct BilinearFitAttempt {
  std::optional<Codim3Result> result;
  int evaluations = 0;
};

/// Runs the route. @throws InvalidInput if G is not finite at a sample.
BilinearFitAttempt analyzeBilinearFit(const SphereField& field,
                                      const SampledCodim3Options& options);

}  // namespace nsd::filippov::detail
