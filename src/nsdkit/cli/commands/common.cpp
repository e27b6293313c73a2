#include <nsdkit/cli/commands/commands.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/models/ball_trough.hpp>

namespace nsd::cli {

std::string number(double value) { return formatValue(value); }

PointResult classifyPoint(const models::BallTroughParameters& p, const Eigen::Vector3d& m,
                          const std::string& method, bool certify) {
  contact::RealizabilityOptions options;
  if (method == "generic-sampled") options.ss_search = contact::SlipSlipSearch::kSampledField;
  options.ss_rational.certify = certify;
  const models::BallTroughClassification c =
      method == "closed-form" ? models::classifyClosedForm(p, m, options.ss_rational)
                              : models::classifyGeneric(p, m, options);
  return {c.realizable, models::escapeLabel(c.escapes),
          c.ss.report.completeness == filippov::Completeness::kPossiblyIncomplete,
          c.ss.report.completeness == filippov::Completeness::kCertified};
}

void requireSampleCount(double t_end, double dt) {
  requirePositive(t_end, "--t-end");
  requirePositive(dt, "--dt");
  if (t_end / dt > 1e7) {
    throw InvalidInput("--t-end / --dt = " + formatValue(t_end / dt) +
                       " output samples; at most 1e7 (raise --dt)");
  }
}

}  // namespace nsd::cli
