// The jobs (src/nsdkit/jobs) for nsdkit.jobs (src/python/nsdkit/jobs.py, which gives them their
// keyword arguments and their HTML page writer): the same library functions the CLI runs.
#include <pybind11/functional.h>

#include <cmath>
#include <map>
#include <optional>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/jobs/ball_trough_job.hpp>
#include <nsdkit/jobs/classify_job.hpp>
#include <nsdkit/jobs/friction_jobs.hpp>
#include <nsdkit/jobs/mesh_job.hpp>
#include <nsdkit/jobs/rattleback_job.hpp>
#include <nsdkit/jobs/rolling_job.hpp>
#include <nsdkit/jobs/validate_job.hpp>
#include <nsdkit/jobs/region_job.hpp>
#include <nsdkit/hdf5/sweep_file.hpp>

#include "binding_common.hpp"

namespace nsd::python {
namespace {

// A Python callable page(page, paths, options, field) -> bool as the jobs' page writer (None:
// no page).
jobs::HtmlPageWriter pageWriter(const py::object& page) {
  if (page.is_none()) return {};
  return [page](const jobs::HtmlPageRequest& r) {
    return page(r.page, r.paths, r.options, r.field).cast<bool>();
  };
}

jobs::TroughOptions troughOptions(const py::dict& trough) {
  jobs::TroughOptions o;
  o.mu = trough["mu"].cast<double>();
  if (!trough["mu_plus"].is_none()) o.mu_plus = trough["mu_plus"].cast<double>();
  if (!trough["mu_minus"].is_none()) o.mu_minus = trough["mu_minus"].cast<double>();
  o.inertia = trough["inertia"].cast<double>();
  o.angle_deg = trough["trough_angle_deg"].cast<double>();
  return o;
}

// fix={name: value}: every value finite.
region::ParameterPoint fixedValues(const std::map<std::string, double>& fix) {
  for (const auto& [name, value] : fix) {
    if (!std::isfinite(value)) {
      throw InvalidInput("fix " + quoteInput(name) + " = " + formatValue(value) +
                         ": value is not a finite number");
    }
  }
  return {fix.begin(), fix.end()};
}

py::dict ballTrough(const std::string& output_dir, const py::dict& trough, int grid, int threads,
                    const py::object& page) {
  jobs::BallTroughJobOptions o;
  o.trough = troughOptions(trough);
  o.grid = grid;
  o.threads = threadCount(threads);
  const jobs::BallTroughJobRun run = jobs::runBallTroughJobInto(o, output_dir, pageWriter(page));
  py::dict out;
  out["summary"] = jobs::ballTroughJobSummary(run.result).dump();
  out["files"] = run.files;
  return out;
}

std::string mesh(const py::dict& args, const py::dict& trough,
                 const std::map<std::string, double>& fix, const py::object& page) {
  jobs::MeshJobOptions o;
  o.model = args["model"].cast<std::string>();
  o.trough = troughOptions(trough);
  o.body_file = args["body"].cast<std::string>();
  o.axes = args["axes"].cast<std::vector<std::string>>();
  o.fixed = fixedValues(fix);
  o.output = args["output"].cast<std::string>();
  o.format = args["format"].cast<std::string>();
  o.html = args["html"].cast<std::string>();
  o.route = args["route"].cast<std::string>();
  o.tolerance = args["tolerance"].cast<double>();
  o.edge_length = args["edge_length"].cast<double>();
  o.resolution = args["resolution"].cast<int>();
  o.threads = threadCount(args["threads"].cast<int>());
  const long long samples = args["mc_samples"].cast<long long>();
  if (samples < 0) throw InvalidInput("mc_samples must be >= 0, got " + std::to_string(samples));
  o.mc_samples = static_cast<std::size_t>(samples);
  const jobs::MeshJobResult result = jobs::runMeshJob(o, pageWriter(page));
  return jobs::meshJobSummary(o, result).dump();
}

py::dict region(const py::dict& args, const py::dict& trough,
                const std::vector<std::string>& axes, const std::map<std::string, double>& fix) {
  jobs::RegionJobOptions o;
  o.model = args["model"].cast<std::string>();
  o.trough = troughOptions(trough);
  o.body_file = args["body"].cast<std::string>();
  for (const std::string& text : axes) o.axes.push_back(region::parseAxis(text));
  o.fixed = fixedValues(fix);
  o.refine_tolerance = args["refine_tol"].cast<double>();
  o.format = jobs::parseSweepFileFormat(args["format"].cast<std::string>());
  o.output = args["output"].cast<std::string>();
  if (o.output == "-") throw InvalidInput("output '-' (standard output) is for the CLI: give a file");
  o.threads = threadCount(args["threads"].cast<int>());
  o.checkpoint = args["checkpoint"].cast<std::string>();
  o.resume = args["resume"].cast<bool>();
  const long long block_points = args["block_points"].cast<long long>();
  if (block_points < 1) throw InvalidInput("block_points must be >= 1");
  o.block_points = static_cast<std::size_t>(block_points);
  const jobs::RegionJobReport r = jobs::runRegionJob(o, {}, hdf5::createSweepFile);
  py::dict out;
  out["points"] = r.points;
  out["realizable"] = r.realizable;
  out["boundary_points"] = r.boundary_points;
  out["predicate_calls"] = r.predicate_calls;
  out["seconds"] = r.seconds;
  out["blocks_computed"] = r.blocks_computed;
  out["blocks_reused"] = r.blocks_reused;
  return out;
}

py::dict classify(const py::dict& args, const py::dict& trough) {
  jobs::ClassifyJobOptions o;
  o.model = args["model"].cast<std::string>();
  o.trough = troughOptions(trough);
  o.body_file = args["body"].cast<std::string>();
  o.input = args["input"].cast<std::string>();
  o.output = args["output"].cast<std::string>();
  if (o.output == "-") throw InvalidInput("output '-' (standard output) is for the CLI: give a file");
  o.method = args["method"].cast<std::string>();
  o.threads = threadCount(args["threads"].cast<int>());
  o.certify = args["certify"].cast<bool>();
  const jobs::ClassifyJobResult r = jobs::runClassifyJob(o);
  py::dict out;
  out["points"] = r.points.size();
  out["realizable"] = r.realizable;
  out["incomplete"] = r.incomplete;
  out["certified"] = r.certified;
  out["seconds"] = r.seconds;
  return out;
}

py::dict body(const std::string& body_file, const std::string& output_dir, int threads) {
  jobs::BodyJobOptions o;
  o.body_file = body_file;
  o.output_dir = output_dir;
  o.threads = threadCount(threads);
  const jobs::BodyJobResult r = jobs::runBodyJob(o);
  py::dict out;
  out["name"] = r.body.name;
  out["points"] = r.section.points.size();
  out["realizable"] = r.realizable;
  out["axes"] = std::vector<std::string>{r.section_spec.axes[0].name, r.section_spec.axes[1].name};
  return out;
}

std::string frictionPoint(const py::dict& a) {
  jobs::FrictionJobOptions o;
  o.model = a["model"].cast<std::string>();
  o.v = a["v"].cast<double>();
  o.u = a["u"].cast<double>();
  o.k_r = a["kr"].cast<double>();
  o.beta = a["beta"].cast<double>();
  o.pressure = a["pressure"].cast<std::string>();
  o.tolerance = a["tolerance"].cast<double>();
  return jobs::runFrictionJob(o).dump();
}

py::dict frictionMap(const py::dict& a) {
  jobs::FrictionMapJobOptions o;
  o.output_dir = a["output_dir"].cast<std::string>();
  o.grid = a["grid"].cast<int>();
  o.pressure = a["pressure"].cast<std::string>();
  o.tolerance = a["tolerance"].cast<double>();
  o.threads = threadCount(a["threads"].cast<int>());
  const jobs::FrictionMapJobResult r = jobs::runFrictionMapJob(o);
  py::dict out;
  out["points"] = r.points.size();
  out["max_difference"] = std::vector<double>(r.max_difference, r.max_difference + 3);
  return out;
}

py::dict heavyBallJob(const py::dict& a) {
  jobs::HeavyBallJobOptions o;
  o.model = a["model"].cast<std::string>();
  o.v0 = a["v0"].cast<double>();
  o.u0 = a["u0"].cast<double>();
  o.t_end = a["t_end"].cast<double>();
  o.dt = a["dt"].cast<double>();
  o.output = a["output"].cast<std::string>();
  o.ball.friction = a["friction"].cast<double>();
  o.ball.contact_radius = a["contact_radius"].cast<double>();
  o.ball.k_r0 = a["kr"].cast<double>();
  o.ball.mass = a["mass"].cast<double>();
  o.ball.ball_radius = a["radius"].cast<double>();
  o.ball.gravity = a["gravity"].cast<double>();
  if (!(o.ball.k_r0 >= 0.0 && o.ball.k_r0 <= 1.0)) {
    throw InvalidInput("kr must be in [0, 1], got " + formatValue(o.ball.k_r0));
  }
  const friction::HeavyBallTrajectory tr = jobs::runHeavyBallJob(o);
  py::dict out;
  out["samples"] = tr.samples.size();
  out["steps"] = tr.steps;
  out["slip_stop_time"] = tr.slip_stop_time;
  out["whirl_stop_time"] = tr.whirl_stop_time;
  return out;
}

template <class T>
std::optional<T> optionalOf(const py::handle& value) {
  if (value.is_none()) return std::nullopt;
  return value.cast<T>();
}

py::dict rattleback(const py::dict& a) {
  jobs::RattlebackJobOptions o;
  o.model = a["model"].cast<std::string>();
  o.preset = optionalOf<std::string>(a["preset"]);
  o.mu = optionalOf<double>(a["mu"]);
  o.eps1 = optionalOf<double>(a["eps1"]);
  o.sigma = optionalOf<double>(a["sigma"]);
  o.omega3 = a["omega3"].cast<double>();
  o.alpha0_deg = a["alpha0_deg"].cast<double>();
  o.beta0_deg = a["beta0_deg"].cast<double>();
  o.t_end = a["t_end"].cast<double>();
  o.dt = a["dt"].cast<double>();
  o.tolerance = optionalOf<double>(a["tolerance"]);
  o.realizability = a["realizability"].cast<bool>();
  o.stick_slip_margin = optionalOf<double>(a["stick_slip_check"]);
  o.output = a["output"].cast<std::string>();
  const jobs::RattlebackJobResult r = jobs::runRattlebackJob(o);
  py::dict out;
  if (o.realizability) {
    out["summary"] = r.realizability_summary.dump();
    return out;
  }
  out["samples"] = r.samples;
  out["steps"] = r.steps;
  out["seconds"] = r.seconds;
  out["spin_reversals_s"] = r.spin_reversals_s;
  out["final_gamma_rad"] = r.final_gamma_rad;
  return out;
}

std::string rollingFriction(const py::dict& a) {
  jobs::RollingFrictionJobOptions o;
  o.parameters.system = a["case"].cast<std::string>();
  o.groove_angle_deg = a["groove_angle_deg"].cast<double>();
  o.input = a["input"].cast<std::string>();
  o.initial_omega = a["initial_omega"].cast<double>();
  o.speed = a["speed"].cast<double>();
  o.duration = a["duration"].cast<double>();
  o.amplitude = a["amplitude"].cast<double>();
  o.frequency = a["frequency"].cast<double>();
  o.periods = a["periods"].cast<int>();
  o.dt = a["dt"].cast<double>();
  o.w_max = a["w_max"].cast<double>();
  if (!a["mu"].is_none()) o.parameters.mu = a["mu"].cast<double>();
  if (!a["grid"].is_none()) o.parameters.grid = a["grid"].cast<int>();
  if (!a["load"].is_none()) o.parameters.load = a["load"].cast<double>();
  if (!a["radius"].is_none()) o.parameters.radius = a["radius"].cast<double>();
  o.output_dir = a["output_dir"].cast<std::string>();
  return jobs::runRollingFrictionJob(o).summary.dump();
}

py::dict validateJob(const py::dict& a, const py::object& page) {
  jobs::ValidateJobOptions o;
  o.output = a["output"].cast<std::string>();
  o.t_end = optionalOf<double>(a["t_end"]);
  o.map_grid = a["map_grid"].cast<int>();
  o.threads = threadCount(a["threads"].cast<int>());
  o.quick = a["quick"].cast<bool>();
  o.quiet = true;
  o.export_cases = a["export_cases"].cast<std::string>();
  o.score = a["score"].cast<bool>();
  o.cases_dir = a["cases"].cast<std::string>();
  o.trajectories_dir = a["trajectories"].cast<std::string>();
  o.solver_name = optionalOf<std::string>(a["solver_name"]);
  o.families = optionalOf<std::string>(a["families"]);
  o.engines = optionalOf<std::string>(a["engines"]);
  o.body = a["body"].cast<std::string>();
  o.input = a["input"].cast<std::string>();
  o.body_grid = a["body_grid"].cast<int>();
  const jobs::ValidateJobResult r = jobs::runValidateJob(o, pageWriter(page));
  py::dict out;
  out["runs"] = r.runs;
  out["passed"] = r.passed;
  out["exported"] = r.exported;
  out["declared_not_representable"] = r.declared_not_representable;
  out["custom"] = r.custom;
  out["refused"] = r.refused;
  out["page_written"] = r.page_written;
  return out;
}

}  // namespace

void bindJobs(py::module_& m) {
  py::module_ jobs = m.def_submodule(
      "_jobs", "The jobs the CLI runs (src/nsdkit/jobs); use nsdkit.jobs, which names them.");
  jobs.def("ball_trough", &ballTrough, py::arg("output_dir"), py::arg("trough"), py::arg("grid"),
           py::arg("threads"), py::arg("page"));
  jobs.def("mesh", &mesh, py::arg("args"), py::arg("trough"), py::arg("fix"), py::arg("page"));
  jobs.def("region", &region, py::arg("args"), py::arg("trough"), py::arg("axes"),
           py::arg("fix"));
  jobs.def("classify", &classify, py::arg("args"), py::arg("trough"));
  jobs.def("friction", &frictionPoint, py::arg("args"));
  jobs.def("friction_map", &frictionMap, py::arg("args"));
  jobs.def("heavy_ball", &heavyBallJob, py::arg("args"));
  jobs.def("rattleback", &rattleback, py::arg("args"));
  jobs.def("rolling_friction", &rollingFriction, py::arg("args"));
  jobs.def("validate", &validateJob, py::arg("args"), py::arg("page"));
  jobs.def("body", &body, py::arg("body"), py::arg("output_dir"), py::arg("threads"));
}

}  // namespace nsd::python
