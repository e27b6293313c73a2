#pragma once
/// @file body_cases.hpp
/// Validation cases of a user's body file (`nsdkit validate --body`): each case starts the body
/// in two-point rolling at the rate omega_a (0 unless given: at rest) under the loads of one
/// parameter point and runs t_end; for an isotropic body the expected modes come from Def 11
/// (generic route) and the expected acceleration of C from the RR solution (Table 2), measured
/// along its own direction. An anisotropic body's rolling acceleration and Def 11 verdict change
/// as J turns with it: the modes Def 11 allows at the start and the final mode of nsdkit's
/// event-driven integrator are allowed (ReferenceSource::kEventDriven), and no acceleration is
/// compared.

#include <string>
#include <vector>

#include <nsdkit/body/rigid_body.hpp>
#include <nsdkit/validation/cases.hpp>
#include <nsdkit/validation/solvers.hpp>

namespace nsd::validation {

/// One case per point (values in the order of `names`, the body's parameter names).
/// @throws InvalidInput for a one-contact body (the event-driven integrator and the Siconos
/// model are two-contact), an unknown name, or invalid values.
std::vector<ValidationCase> bodyCases(const body::BodyDescription& body,
                                      const std::vector<std::string>& names,
                                      const std::vector<std::vector<double>>& points,
                                      double t_end_s = 0.2);

/// The solvers that can run every case: nsdkit's event-driven integrator, Siconos at h = 1e-3
/// and 1e-4, and the engines (both settings and steps) when every case is a sphere on planes.
std::vector<SolverSpec> solversForCases(const std::vector<ValidationCase>& cases);

}  // namespace nsd::validation
