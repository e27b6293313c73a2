#pragma once
/// @file validation.hpp
/// Umbrella header of the validation of multibody solvers against nsdkit's analytic references:
/// it declares nothing itself and includes the headers of the validation's whole API, for users
/// who want all of it at once and for code written against the single header it used to be.
///
/// Code inside nsdkit includes the headers it uses instead:
/// - cases.hpp: the cases (ValidationCase, the trough's and the one-plane families' cases,
///   canonicalCases, sceneOf, rollingPossibility);
/// - solvers.hpp: a solver's settings and a run's trajectory (SolverSpec, SolverTrajectory);
/// - solver_registry.hpp: the solvers themselves (allSolvers, runSolver, selectSolvers);
/// - result.hpp: a row of the report (ValidationResult, RowStatus, ReportSeries);
/// - judge.hpp: the judge (ModeRule, JudgeOptions, judge, familyMetricName);
/// - run.hpp: a validation run (ValidationOptions, runValidation);
/// - number_format.hpp: numbers in reasons and reports (formatForReport).

#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/judge.hpp>
#include <nsdkit/validation/number_format.hpp>
#include <nsdkit/validation/result.hpp>
#include <nsdkit/validation/run.hpp>
#include <nsdkit/validation/solver_registry.hpp>
#include <nsdkit/validation/solvers.hpp>
