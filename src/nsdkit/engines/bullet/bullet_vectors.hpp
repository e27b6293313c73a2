#pragma once
/// @file bullet_vectors.hpp
/// Vectors between Eigen and Bullet (double-precision build: btScalar is double, so both ways
/// are exact). Internal to the Bullet adapters.

#include <Eigen/Core>
#include <LinearMath/btVector3.h>

namespace nsd::engines::detail {

/// An Eigen vector as Bullet's, component by component (same frame and unit).
inline btVector3 bt(const Eigen::Vector3d& v) { return btVector3(v.x(), v.y(), v.z()); }
/// A Bullet vector as Eigen's, component by component (same frame and unit).
inline Eigen::Vector3d eig(const btVector3& v) { return Eigen::Vector3d(v.x(), v.y(), v.z()); }

}  // namespace nsd::engines::detail
