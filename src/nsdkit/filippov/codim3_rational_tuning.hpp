#pragma once
/// @file codim3_rational_tuning.hpp
/// Internal (not installed): how the rational search of trigonometric-rational fields does
/// its work, for its tests and benchmarks. No switch changes a result: the initial cell
/// tests are the same whichever way they are evaluated, the self-test only checks, and the
/// interval re-check decides the same cells either way (SphereCertificateWork).

#include <nsdkit/filippov/codim3.hpp>
#include <nsdkit/filippov/interval_certificate.hpp>

namespace nsd::filippov {

/// How the initial cells are tested (the tests are the same; only their cost differs).
enum class InitialCellTests {
  kAutomatic,  ///< batched when many cells survive the whole-strip tests, else one by one.
  kBatched,    ///< always tabulate the node-line ranges over the initial arcs (one pass).
  kOneByOne,   ///< always test each surviving initial cell in the search loop.
};

struct RationalSearchTuning {
  InitialCellTests initial_tests = InitialCellTests::kAutomatic;
  /// Structured (Coulomb) fields: check the remainder bounds of every cell's second-order model
  /// (W± and their first partials against their Taylor polynomials at the cell centre, with the
  /// third-derivative coefficient bounds) on a 5 x 5 grid of the cell, and throw SolverFailure
  /// on a violation (a self-test; slow).
  bool verify_model_bounds = false;
  /// How the interval re-check (RationalCodim3Options::certify) does its work.
  certified::SphereCertificateWork certificate_work;
};

/// analyzeCodim3 for a TrigRationalSphereField with the tuning given.
Codim3Result analyzeCodim3(const TrigRationalSphereField& field,
                           const RationalCodim3Options& options,
                           const RationalSearchTuning& tuning);

}  // namespace nsd::filippov
