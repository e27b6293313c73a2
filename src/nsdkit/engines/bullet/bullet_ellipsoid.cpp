#include <nsdkit/engines/bullet/bullet_ellipsoid.hpp>

#include <BulletCollision/BroadphaseCollision/btBroadphaseProxy.h>
#include <BulletCollision/CollisionShapes/btConvexInternalShape.h>
#include <LinearMath/btScalar.h>
#include <btBulletCollisionCommon.h>

#include <cmath>
#include <string>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/engines/bullet/bullet_vectors.hpp>

namespace nsd::engines {
namespace {

// The ellipsoid E = {x : x^T S^-2 x <= 1} with S = diag(implicit dimensions * local scaling),
// plus the (zero by default) collision margin. Derives from btConvexInternalShape as Bullet's own
// implicit primitives (btSphereShape, btCapsuleShape) do; btConvexShape's non-virtual support,
// margin and AABB queries fall back to these virtuals for CUSTOM_CONVEX_SHAPE_TYPE, so GJK/EPA
// and btConvexPlaneCollisionAlgorithm see the exact ellipsoid. Not polyhedral: the convex-plane
// algorithm adds no perturbed points.
ATTRIBUTE_ALIGNED16(class) EllipsoidShape : public btConvexInternalShape {
 public:
  BT_DECLARE_ALIGNED_ALLOCATOR();

  explicit EllipsoidShape(const btVector3& semi_axes_m) {
    m_shapeType = CUSTOM_CONVEX_SHAPE_TYPE;
    m_implicitShapeDimensions = semi_axes_m;
    m_collisionMargin = 0.0;  // btConvexInternalShape's default is 0.04 m.
  }

  // S [m]: the semi-axes including the local scaling.
  btVector3 semiAxes() const { return m_implicitShapeDimensions * m_localScaling; }

  // (1): x*(d) = S^2 d / |S d|. For d = 0 every point of E is a maximiser of <d, x>; the vertex
  // (a, 0, 0) is returned.
  btVector3 supportWithoutMargin(const btVector3& d) const {
    const btVector3 s = semiAxes();
    const btVector3 sd = s * d;
    const btScalar norm = sd.length();
    if (!(norm > 0.0)) return btVector3(s.x(), 0, 0);
    return (s * sd) / norm;
  }

  btVector3 localGetSupportingVertexWithoutMargin(const btVector3& vec) const override {
    return supportWithoutMargin(vec);
  }

  // The support point of E grown by the margin: x*(d) + margin d / |d|.
  btVector3 localGetSupportingVertex(const btVector3& vec) const override {
    btVector3 support = supportWithoutMargin(vec);
    const btScalar margin = getMargin();
    const btScalar length = vec.length();
    if (margin != 0.0 && length > 0.0) support += (margin / length) * vec;
    return support;
  }

  void batchedUnitVectorGetSupportingVertexWithoutMargin(
      const btVector3* vectors, btVector3* supportVerticesOut, int numVectors) const override {
    for (int i = 0; i < numVectors; ++i) supportVerticesOut[i] = supportWithoutMargin(vectors[i]);
  }

  // The exact AABB of E at basis B and origin o: along world axis i, E reaches
  // max <e_i, o + B x> = o_i + |S B^T e_i| (support function of (1)), grown by the margin.
  void getAabb(const btTransform& t, btVector3& aabbMin, btVector3& aabbMax) const override {
    const btVector3 s = semiAxes();
    const btMatrix3x3& basis = t.getBasis();
    btVector3 extent;
    for (int i = 0; i < 3; ++i) extent[i] = (basis[i] * s).length() + getMargin();
    aabbMin = t.getOrigin() - extent;
    aabbMax = t.getOrigin() + extent;
  }

  void getAabbSlow(const btTransform& t, btVector3& aabbMin, btVector3& aabbMax) const override {
    getAabb(t, aabbMin, aabbMax);
  }

  // A uniform solid ellipsoid: I = m/5 (b^2 + c^2, a^2 + c^2, a^2 + b^2) about its axes.
  void calculateLocalInertia(btScalar mass, btVector3 & inertia) const override {
    const btVector3 s = semiAxes();
    const btVector3 s2 = s * s;
    inertia = (mass / 5.0) * btVector3(s2.y() + s2.z(), s2.x() + s2.z(), s2.x() + s2.y());
  }

  const char* getName() const override { return "nsdkitEllipsoid"; }
};

using detail::bt;
using detail::eig;

void requireSemiAxes(const Eigen::Vector3d& semi_axes_m) {
  for (int i = 0; i < 3; ++i) {
    requirePositive(semi_axes_m[i], "ellipsoid semi-axis " + std::to_string(i) + " [m]");
  }
}

}  // namespace

std::unique_ptr<btConvexShape> makeBulletEllipsoid(const Eigen::Vector3d& semi_axes_m) {
  requireSemiAxes(semi_axes_m);
  return std::make_unique<EllipsoidShape>(bt(semi_axes_m));
}

Eigen::Vector3d bulletEllipsoidSupport(const Eigen::Vector3d& semi_axes_m,
                                       const Eigen::Vector3d& direction_S) {
  requireFinite(direction_S, "support direction");
  if (direction_S.norm() == 0.0) throw InvalidInput("support direction must be non-zero");
  const std::unique_ptr<btConvexShape> shape = makeBulletEllipsoid(semi_axes_m);
  return eig(shape->localGetSupportingVertex(bt(direction_S)));
}

BulletPlaneContact bulletEllipsoidPlaneContact(const Eigen::Vector3d& semi_axes_m,
                                               const Eigen::Vector3d& centre_W,
                                               const Eigen::Quaterniond& q_WS,
                                               const Eigen::Vector3d& normal_W, double offset_m) {
  requireFinite(centre_W, "ellipsoid centre [m]");
  requireFinite(normal_W, "plane normal");
  requireFinite(offset_m, "plane offset [m]");
  if (std::fabs(normal_W.norm() - 1.0) > 1e-9) {
    throw InvalidInput("plane normal must be a unit vector, its norm is " +
                       formatValue(normal_W.norm()));
  }
  const std::unique_ptr<btConvexShape> shape = makeBulletEllipsoid(semi_axes_m);
  btStaticPlaneShape plane(bt(normal_W), offset_m);

  btDefaultCollisionConfiguration configuration;
  btCollisionDispatcher dispatcher(&configuration);
  btDbvtBroadphase broadphase;
  btCollisionWorld world(&dispatcher, &broadphase, &configuration);
  btCollisionObject body;
  body.setCollisionShape(shape.get());
  const Eigen::Quaterniond q = q_WS.normalized();
  btTransform pose;
  pose.setOrigin(bt(centre_W));
  pose.setRotation(btQuaternion(q.x(), q.y(), q.z(), q.w()));
  body.setWorldTransform(pose);
  btCollisionObject ground;
  ground.setCollisionShape(&plane);
  world.addCollisionObject(&body);
  world.addCollisionObject(&ground);
  world.performDiscreteCollisionDetection();

  BulletPlaneContact out;
  for (int m = 0; m < dispatcher.getNumManifolds(); ++m) {
    const btPersistentManifold* manifold = dispatcher.getManifoldByIndexInternal(m);
    if (manifold->getNumContacts() == 0) continue;
    const btManifoldPoint& point = manifold->getContactPoint(0);
    const bool body_is_a = manifold->getBody0() == &body;
    out.num_points = manifold->getNumContacts();
    out.point_on_body_W =
        eig(body_is_a ? point.getPositionWorldOnA() : point.getPositionWorldOnB());
    out.point_on_plane_W =
        eig(body_is_a ? point.getPositionWorldOnB() : point.getPositionWorldOnA());
    out.distance_m = point.getDistance();
  }
  world.removeCollisionObject(&ground);
  world.removeCollisionObject(&body);
  return out;
}

}  // namespace nsd::engines
