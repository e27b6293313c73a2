#pragma once
/// @file one_contact_solvers.hpp
/// nsdkit's own solvers on the one-plane families (incline, launch, creep, block, rattleback):
///  - the adapter "nsdkit-stick-slip": the one-contact Coulomb stick-slip integrator
///    (eventdriven/shape_stick_slip.hpp, transitions by Def 9) for a sphere or an ellipsoid,
///    and its face contact (simulateFaceSliding) for a box lying on a face;
///  - the one-plane runs of the "siconos" adapter (sim/siconos_one_plane.hpp).
/// Both take the case's engine-neutral scene (sceneOf) and return samples in the case's frame,
/// slip and gap computed by the engines' common rule (engines::makeSample).

#include <memory>
#include <string>

#include <nsdkit/validation/solver_registry.hpp>
namespace nsd::validation {

/// The adapter "nsdkit-stick-slip" (setting "-", step 0 = adaptive): one-plane cases only.
std::unique_ptr<SolverAdapter> makeNsdkitStickSlipAdapter();

/// Why Siconos's one-plane model cannot run a one-plane case ("" when it can).
std::string siconosOnePlaneCannotRun(const ValidationCase& c);

/// A one-plane case through Siconos's one-plane model at step h [s]. Throws what the model
/// throws (runSolver turns it into a failed row).
SolverTrajectory runSiconosOnePlane(const ValidationCase& c, double step_s);

}  // namespace nsd::validation
