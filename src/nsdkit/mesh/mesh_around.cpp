// meshRegionAround (stability_body_mesh.hpp): the box of a bounded region found by ray probes from
// a point inside it, then the implicit mesher; meshRealizableSet: the choice between the routes.
#include <algorithm>
#include <cmath>
#include <string>

#include <nsdkit/core/bisection.hpp>
#include <nsdkit/core/errors.hpp>
#include <nsdkit/mesh/stability_body_mesh.hpp>

namespace nsd::mesh {

namespace {

// inside(centre + reach d) on a box probe's ray that was inside up to `inside_to`: where the
// predicate cannot decide, the error says how far the region was followed.
bool insideAlongRay(const std::function<bool(const Eigen::Vector3d&)>& inside,
                    const Eigen::Vector3d& centre, const Eigen::Vector3d& d, double reach,
                    double inside_to) {
  try {
    return inside(centre + reach * d);
  } catch (const SolverFailure& e) {
    const Eigen::Vector3d p = centre + reach * d;
    const std::string direction =
        "(" + formatValue(d[0]) + ", " + formatValue(d[1]) + ", " + formatValue(d[2]) + ")";
    const std::string followed =
        inside_to > 0.0 ? "the region reaches at least " + formatValue(inside_to) + " along " +
                              direction + " from the start point, and at ("
                        : "going along " + direction + " from the start point, at (";
    throw SolverFailure(followed + formatValue(p[0]) + ", " + formatValue(p[1]) + ", " +
                        formatValue(p[2]) + ") the predicate cannot decide: " + e.what() +
                        " (fix another parameter or choose other axes)");
  }
}

}  // namespace

// The region's box from ray probes, then the implicit mesher (stability_body_mesh.hpp).
StabilityBodyMesh meshRegionAround(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                   const Eigen::Vector3d& centre, int resolution, unsigned threads,
                                   bool measure_distance) {
  if (!inside(centre)) throw InvalidInput("the interior point of the region is not inside it");
  Eigen::Vector3d extent = Eigen::Vector3d::Zero();
  for (int a = -2; a <= 2; ++a)
    for (int b = -2; b <= 2; ++b)
      for (int c = -2; c <= 2; ++c) {
        if (!a && !b && !c) continue;
        const Eigen::Vector3d d = Eigen::Vector3d(a, b, c).normalized();
        double reach = 4.0;
        while (insideAlongRay(inside, centre, d, reach, reach > 4.0 ? reach / 2.0 : 0.0)) {
          reach *= 2.0;
          if (reach > 1e12) {
            throw InvalidInput("the realizable set is unbounded along (" + formatValue(d[0]) +
                               ", " + formatValue(d[1]) + ", " + formatValue(d[2]) +
                               "): no closed body to mesh (fix another parameter)");
          }
        }
        // 20 halvings of [0, reach]; the outside end is the bound the box needs.
        const double hi = bisect([&](double t) { return inside(centre + t * d); }, 0.0, reach,
                                 reach * std::ldexp(1.0, -20))
                              .last_false;
        extent = extent.cwiseMax((hi * d).cwiseAbs());
      }
  ImplicitMeshOptions io;
  io.resolution = resolution;
  io.interior_point = centre;
  io.bisection_tolerance = 1e-6 * std::max(1.0, extent.maxCoeff() / 4.0);
  io.threads = threads;
  io.measure_distance = measure_distance;
  double pad = 1.25;
  for (int attempt = 0;; ++attempt) {
    io.box_lower = centre - pad * extent - Eigen::Vector3d::Constant(1e-3);
    io.box_upper = centre + pad * extent + Eigen::Vector3d::Constant(1e-3);
    try {
      return meshImplicitRegion(inside, io);
    } catch (const InvalidInput& e) {
      if (attempt >= 3 || std::string(e.what()).find("touches") == std::string::npos) throw;
      pad *= 1.5;
    }
  }
}

MeshRoute parseMeshRoute(const std::string& name) {
  if (name == "auto") return MeshRoute::kAuto;
  if (name == "exact") return MeshRoute::kExact;
  if (name == "implicit") return MeshRoute::kImplicit;
  if (name == "shaped") return MeshRoute::kShaped;
  throw InvalidInput("unknown mesh route " + quoteInput(name) + " (auto|exact|implicit|shaped)");
}

std::string toString(MeshRoute route) {
  switch (route) {
    case MeshRoute::kAuto:
      return "auto";
    case MeshRoute::kExact:
      return "exact";
    case MeshRoute::kShaped:
      return "shaped";
    default:
      return "implicit";
  }
}

RealizableSetMesh meshRealizableSet(const std::function<bool(const Eigen::Vector3d&)>& inside,
                                    const Eigen::Vector3d& start, const TwoContactFamily& family,
                                    MeshRoute route, const StabilityBodyMeshOptions& exact_options,
                                    int resolution, unsigned threads,
                                    const BoundaryPieceLabel& piece,
                                    const ShapedMeshOptions& shaped) {
  RealizableSetMesh out;
  if (family) {
    if (const auto d = invariantLoadDirection(family)) {
      throw InvalidInput(
          "the realizable set is unbounded: Def 11 does not change along the direction (" +
          formatValue((*d)[0]) + ", " + formatValue((*d)[1]) + ", " + formatValue((*d)[2]) +
          ") of the three axes (those loads only change the rolling motion); fix a combination "
          "of them or choose other axes");
    }
  }
  if (route == MeshRoute::kExact && !family) {
    throw InvalidInput(
        "the exact route needs a two-contact body over three loads (forces, torques): a "
        "one-contact body, or axes such as mu, are meshed by the implicit or shaped route");
  }
  if (route == MeshRoute::kExact || route == MeshRoute::kAuto) {
    if (!family) {
      out.exact_route_refused = "no two-contact family over three loads (forces, torques)";
    } else {
      try {
        out.stability_body = meshTwoContactStabilityBody(family, exact_options);
        out.route = MeshRoute::kExact;
        return out;
      } catch (const SolverFailure& e) {
        if (route == MeshRoute::kExact) throw;
        out.exact_route_refused = e.what();
      } catch (const InvalidInput& e) {
        if (route == MeshRoute::kExact) throw;
        out.exact_route_refused = e.what();
      }
    }
  }
  // The routes on the predicate alone: around a realizable start point.
  if (!inside(start)) {
    throw InvalidInput("the start point is not realizable for these parameters: no body");
  }
  // auto: the shaped route where its seed's resolution allows, marching tetrahedra where it
  // fails (the reason kept).
  const bool shaped_seed_resolution =
      resolution >= kShapedSeedResolutionMin && resolution <= kShapedSeedResolutionMax;
  if (route == MeshRoute::kShaped || (route == MeshRoute::kAuto && shaped_seed_resolution)) {
    ShapedMeshOptions options = shaped;
    options.seed_resolution = resolution;
    options.threads = threads;
    try {
      out.stability_body = meshRegionShaped(inside, piece, start, options);
      out.route = MeshRoute::kShaped;
      return out;
    } catch (const SolverFailure& e) {
      if (route == MeshRoute::kShaped) throw;
      out.shaped_route_refused = e.what();
    }
  } else if (route == MeshRoute::kAuto) {
    out.shaped_route_refused = "the seed resolution " + std::to_string(resolution) +
                               " is outside [8, 200]";
  }
  out.stability_body = meshRegionAround(inside, start, resolution, threads);
  out.route = MeshRoute::kImplicit;
  return out;
}

}  // namespace nsd::mesh
