#include <nsdkit/models/ball_trough.hpp>

#include <cmath>
#include <utility>

#include <nsdkit/core/angles.hpp>
#include <nsdkit/core/errors.hpp>

namespace nsd::models {

namespace {
const double kSqrt2 = std::sqrt(2.0);
}  // namespace

BallTroughParameters BallTroughParameters::paper(double mu, double inertia_ratio) {
  BallTroughParameters p;
  p.mu_plus = p.mu_minus = mu;
  p.inertia_ratio = inertia_ratio;
  p.validate();
  return p;
}

void BallTroughParameters::validate() const {
  requirePositive(mu_plus, "mu+ (friction coefficient at P+)");
  requirePositive(mu_minus, "mu- (friction coefficient at P-)");
  for (const double mu : {mu_plus, mu_minus}) {
    if (mu > contact::kMaxFrictionCoefficient) {
      throw InvalidInput("friction coefficient mu = " + formatValue(mu) +
                         " is above 1e6 (the limit fields would overflow)");
    }
  }
  requirePositive(inertia_ratio, "inertia ratio j");
  if (inertia_ratio > 1.0) {
    throw InvalidInput("inertia ratio j must be in (0, 1], got " + formatValue(inertia_ratio));
  }
  requirePositive(opening_angle_rad, "trough opening angle");
  if (!(opening_angle_rad < kPi)) {
    throw InvalidInput("trough opening angle must be below pi rad (180 deg), got " +
                       formatValue(opening_angle_rad));
  }
  requirePositive(mass_kg, "mass");
  requirePositive(radius_m, "radius");
  requirePositive(gravity_m_s2, "gravity");
}

bool BallTroughParameters::closedFormApplies() const {
  return mu_plus == mu_minus && std::fabs(opening_angle_rad - 0.5 * kPi) < 1e-14;
}

double BallTroughParameters::mu() const {
  if (!closedFormApplies()) {
    throw InvalidInput(
        "the closed forms of the paper hold for a right-angle trough with mu+ = mu- only");
  }
  return mu_plus;
}

namespace {

// The stability body spans |m| of order mu (1 + 2j) <= a few units; beyond 1e100 the limit
// fields (products of torques and forces) would overflow to inf and NaN.
constexpr double kMaxDimensionlessTorque = 1e100;

void requireTorqueInRange(const Eigen::Vector3d& m) {
  requireFinite(m, "dimensionless torque (m_x, m_y, m_z)");
  const char* names[3] = {"m_x", "m_y", "m_z"};
  for (int i = 0; i < 3; ++i) {
    if (std::fabs(m[i]) > kMaxDimensionlessTorque) {
      throw InvalidInput(std::string("dimensionless torque ") + names[i] + " = " +
                         formatValue(m[i]) + " is out of range (|" + names[i] +
                         "| <= 1e100; the limit fields would overflow)");
    }
  }
}

}  // namespace

Eigen::Vector3d torqueFromDimensionless(const BallTroughParameters& p, const Eigen::Vector3d& m) {
  requireTorqueInRange(m);
  return m * (p.mass_kg * p.gravity_m_s2 * p.radius_m / kSqrt2);  // eq. (79)
}

contact::TwoContactBody makeTwoContactBody(const BallTroughParameters& p,
                                           const Eigen::Vector3d& m) {
  p.validate();
  const Eigen::Vector3d e_up = Eigen::Vector3d(1, 1, 0) / kSqrt2;
  const Eigen::Vector3d e_h = Eigen::Vector3d(1, -1, 0) / kSqrt2;
  const double beta = 0.5 * kPi - 0.5 * p.opening_angle_rad;
  contact::TwoContactBody b;
  b.mass = p.mass_kg;
  b.inertia_C_W =
      p.inertia_ratio * p.mass_kg * p.radius_m * p.radius_m * Eigen::Matrix3d::Identity();
  if (p.closedFormApplies()) {  // exact unit vectors of eq. (68)
    b.n_plus_W = Eigen::Vector3d::UnitY();
    b.n_minus_W = Eigen::Vector3d::UnitX();
  } else {
    b.n_plus_W = std::cos(beta) * e_up - std::sin(beta) * e_h;
    b.n_minus_W = std::cos(beta) * e_up + std::sin(beta) * e_h;
  }
  b.r_CPplus_W = -p.radius_m * b.n_plus_W;
  b.r_CPminus_W = -p.radius_m * b.n_minus_W;
  b.force_external_W = -p.mass_kg * p.gravity_m_s2 * e_up;
  b.torque_external_W = torqueFromDimensionless(p, m);
  b.friction_plus = contact::FrictionLaw::coulomb(p.mu_plus);
  b.friction_minus = contact::FrictionLaw::coulomb(p.mu_minus);
  return b;
}

double rollingAcceleration(const BallTroughParameters& p, const Eigen::Vector3d& m) {
  requireFinite(m, "m");
  const double j = p.inertia_ratio;
  return p.gravity_m_s2 * (m[0] - m[1]) / (kSqrt2 * (1.0 + 2.0 * j));  // eq. (78) with (79)
}

OnePointSlipField rollSlipField(const BallTroughParameters& p, const Eigen::Vector3d& m,
                                int sigma) {
  if (sigma != 1 && sigma != -1) throw InvalidInput("slip sign must be +1 or -1");
  const double mu = p.mu(), j = p.inertia_ratio, g = p.gravity_m_s2 / kSqrt2;
  OnePointSlipField f;
  // ERRATA item 6 (corrected (80)-(81)).
  f.rates[1] =
      g * (j * m[0] + (1 + j) * m[1] - sigma * mu * (1 + 2 * j) * (1 + m[2])) / (j * (1 + j));
  f.rates[3] = g * (m[0] - sigma * mu * (1 + m[2])) / (1 + j);
  f.slipping_normal_force = p.mass_kg * g * (1 + m[2]);  // N-
  return f;
}

OnePointSlipField slipRollField(const BallTroughParameters& p, const Eigen::Vector3d& m,
                                int sigma) {
  if (sigma != 1 && sigma != -1) throw InvalidInput("slip sign must be +1 or -1");
  const double mu = p.mu(), j = p.inertia_ratio, g = p.gravity_m_s2 / kSqrt2;
  OnePointSlipField f;
  f.rates[0] =
      g * (-(1 + j) * m[0] - j * m[1] - sigma * mu * (1 + 2 * j) * (1 - m[2])) / (j * (1 + j));
  // From (75) with du1- = 0: m dv = (T1+ - M_ey/r)/(1 + j), T1+ = -sigma mu N+.
  f.rates[3] = g * (-m[1] - sigma * mu * (1 - m[2])) / (1 + j);
  f.slipping_normal_force = p.mass_kg * g * (1 - m[2]);  // N+
  return f;
}

Eigen::Vector4d planeValues(const BallTroughParameters& p, const Eigen::Vector3d& m) {
  const double mu = p.mu(), j = p.inertia_ratio;
  const double k = mu * (1 + 2 * j);
  Eigen::Vector4d v;
  v[0] = j * m[0] + (1 + j) * m[1] - k * (m[2] + 1);  // (82), first
  v[1] = j * m[0] + (1 + j) * m[1] + k * (m[2] + 1);  // (82), second
  v[2] = j * m[1] + (1 + j) * m[0] - k * (m[2] - 1);  // (83), first
  v[3] = j * m[1] + (1 + j) * m[0] + k * (m[2] - 1);  // (83), second
  return v;
}

bool insideTetrahedron(const BallTroughParameters& p, const Eigen::Vector3d& m) {
  const Eigen::Vector4d v = planeValues(p, m);
  return v[0] < 0 && v[1] > 0 && v[2] > 0 && v[3] < 0;
}

double tetrahedronVolume(const BallTroughParameters& p) {
  const double mu = p.mu();
  return 16.0 / 3.0 * mu * mu * (1 + 2 * p.inertia_ratio);
}

Eigen::Vector2d slipSlipNormalForces(const BallTroughParameters& p, double phi_plus,
                                     double phi_minus) {
  const double mu = p.mu();
  const double sp = std::sin(phi_plus), sm = std::sin(phi_minus);
  const double w = p.mass_kg * p.gravity_m_s2 / kSqrt2;
  const double den = 1 + mu * mu * sp * sm;
  return {w * (1 - mu * sm) / den, w * (1 + mu * sp) / den};  // eq. (86)
}

Eigen::Vector4d slipSlipLimitField(const BallTroughParameters& p, const Eigen::Vector3d& m,
                                   double phi_plus, double phi_minus) {
  const double mu = p.mu(), j = p.inertia_ratio, mass = p.mass_kg, r = p.radius_m;
  const Eigen::Vector3d torque = torqueFromDimensionless(p, m);
  const Eigen::Vector2d n = slipSlipNormalForces(p, phi_plus, phi_minus);
  const double cp = std::cos(phi_plus), cm = std::cos(phi_minus);
  const double sp = std::sin(phi_plus), sm = std::sin(phi_minus);
  Eigen::Vector4d f;  // eq. (85)
  f[0] =
      -torque[0] / (r * mass * j) - mu * (1 + j) / (j * mass) * n[0] * cp - mu / mass * n[1] * cm;
  f[1] = torque[1] / (r * mass * j) - mu * (1 + j) / (j * mass) * n[1] * cm - mu / mass * n[0] * cp;
  f[2] = torque[2] / (r * mass * j) - mu / (mass * j) * n[0] * sp - mu / (mass * j) * n[1] * sm;
  f[3] = -mu / mass * n[0] * cp - mu / mass * n[1] * cm;
  return f;
}

filippov::TrigRationalSphereField slipSlipRationalField(const BallTroughParameters& p,
                                                        const Eigen::Vector3d& m) {
  const double mu = p.mu(), j = p.inertia_ratio, mass = p.mass_kg;
  if (!(mu < 1.0)) {
    throw InvalidInput("the rational form of (85) needs mu < 1 (its denominator " +
                       std::string("1 + mu^2 sin(phi+) sin(phi-) vanishes), got mu = ") +
                       formatValue(mu));
  }
  const Eigen::Vector3d torque = torqueFromDimensionless(p, m);
  const double w = mass * p.gravity_m_s2 / kSqrt2;  // N+- = w (1 -+ mu sin phi-+) / D, (86)
  const double a = mu * (1 + j) / (j * mass), b = mu / mass, cj = mu / (mass * j);
  const double t0 = -torque[0] / (p.radius_m * mass * j), t1 = torque[1] / (p.radius_m * mass * j),
               t2 = torque[2] / (p.radius_m * mass * j);
  // Coefficients of (1, cos, sin)(phi+) x (1, cos, sin)(phi-): D = 1 + mu^2 sp sm, and H = D G
  // with G = (85) expanded term by term.
  Eigen::Matrix3d d = Eigen::Matrix3d::Zero(), h0 = d, h1 = d, h2 = d;
  d(0, 0) = 1.0;
  d(2, 2) = mu * mu;
  h0 = t0 * d;         // -M_x / (r m j) D
  h0(1, 0) += -a * w;  // -a N+ cp D = -a w (1 - mu sm) cp
  h0(1, 2) += a * w * mu;
  h0(0, 1) += -b * w;  // -b N- cm D = -b w (1 + mu sp) cm
  h0(2, 1) += -b * w * mu;
  h1 = t1 * d;         // M_y / (r m j) D
  h1(0, 1) += -a * w;  // -a N- cm D
  h1(2, 1) += -a * w * mu;
  h1(1, 0) += -b * w;  // -b N+ cp D
  h1(1, 2) += b * w * mu;
  h2 = t2 * d;          // M_z / (r m j) D
  h2(2, 0) += -cj * w;  // -cj N+ sp D = -cj w (1 - mu sm) sp
  h2(2, 2) += cj * w * mu;
  h2(0, 2) += -cj * w;  // -cj N- sm D = -cj w (1 + mu sp) sm
  h2(2, 2) += -cj * w * mu;
  filippov::TrigRationalSphereField f;
  f.denominator = filippov::TrigPoly2::fromCoefficients(d);
  f.numerator = {filippov::TrigPoly2::fromCoefficients(h0),
                 filippov::TrigPoly2::fromCoefficients(h1),
                 filippov::TrigPoly2::fromCoefficients(h2)};
  return f;  // c+- = 1: the closed-form coordinates (u1+, u1-, u2) use phi+- directly
}

Eigen::Vector3d twoPointSlipSurface(double mu, double j, double p, double q) {
  const double sp = std::sin(p), sq = std::sin(q), cp = std::cos(p), cq = std::cos(q);
  const double den = 1 + mu * mu * sp * sq;
  return {-mu * ((1 + j) * cp * (1 - mu * sq) + j * cq * (1 + mu * sp)) / den,  // eq. (88)
          mu * ((1 + j) * cq * (1 + mu * sp) + j * cp * (1 - mu * sq)) / den, mu * (sp + sq) / den};
}

SpecialValues specialValues(double mu) {
  requirePositive(mu, "mu");
  const double m2 = mu * mu;
  return {2 * m2 / (1 + m2), (m2 + mu) / (2 * m2 - mu + 1), 2 * mu / (1 + m2)};  // eq. (90)
}

double maxRealizableAcceleration(const BallTroughParameters& p) {
  return kSqrt2 * p.mu() * p.gravity_m_s2;  // eq. (91)
}

std::string escapeLabel(const std::vector<contact::EscapeMode>& escapes) {
  std::string label;
  for (const auto e : escapes) {
    if (!label.empty()) label += '|';
    label += contact::toString(e);
  }
  return label;
}

BallTroughClassification classifyClosedForm(const BallTroughParameters& p, const Eigen::Vector3d& m,
                                            const filippov::RationalCodim3Options& options) {
  p.validate();
  requireTorqueInRange(m);
  (void)p.mu();  // throws unless the closed forms apply (90-degree trough, mu+ = mu-)
  BallTroughClassification c;
  const Eigen::Vector4d v = planeValues(p, m);
  // RS attracting sliding iff du1-(sigma=+1) < 0 and du1-(sigma=-1) > 0, i.e. v0 < 0 < v1; a
  // one-point slip that loses contact fails too (ERRATA item 6: N- = (m g / sqrt2)(1 + m_z) in
  // RS, N+ = (m g / sqrt2)(1 - m_z) in SR).
  const bool rs_loss = !(1 + m[2] > 0), sr_loss = !(1 - m[2] > 0);
  if (!(v[0] < 0 && v[1] > 0) || rs_loss) c.escapes.push_back(contact::EscapeMode::kRS);
  if (!(v[2] > 0 && v[3] < 0) || sr_loss) c.escapes.push_back(contact::EscapeMode::kSR);
  // (85) with (86) is rational in the slip angles: the rational search applies. Its
  // denominator 1 + mu^2 sin(phi+) sin(phi-) is positive for mu < 1 only; beyond, (90) no
  // longer orders and the field is sampled.
  if (p.mu() < 1.0) {
    c.ss = filippov::analyzeCodim3(slipSlipRationalField(p, m), options);
  } else {
    const filippov::SphereField field = [&](const filippov::SphereDirection& d) {
      return Eigen::Vector3d(slipSlipLimitField(p, m, d.phi_plus, d.phi_minus).head<3>());
    };
    // The sampled search with the rational options' tolerance, arc rule and evaluation cap.
    filippov::SampledCodim3Options sampled = contact::slipSlipSampledOptions();
    sampled.value_tolerance_relative = options.value_tolerance_relative;
    sampled.arc_rule = options.arc_rule;
    sampled.max_evaluations = options.max_evaluations;
    c.ss = filippov::analyzeCodim3(field, sampled);
  }
  // Contact loss (as in the generic route): a normal force <= 0 in RS or SR, or, by (86), at an
  // SS limit direction. (86) stays positive for mu < 1; for mu > 1 it can change sign, where
  // the paper's assumption of permanent contact (Sect. 2) fails. An SS limit direction offends
  // if it is not attracting or loses contact.
  c.contact_loss = rs_loss || sr_loss;
  bool offending = false;
  for (const auto& d : c.ss.directions) {
    const Eigen::Vector2d n = slipSlipNormalForces(p, d.phi_plus, d.phi_minus);
    const bool direction_loss = !(n[0] > 0) || !(n[1] > 0);
    c.contact_loss |= direction_loss;
    offending |= d.type != filippov::LimitDirectionType::kAttracting || direction_loss;
  }
  if (offending) c.escapes.push_back(contact::EscapeMode::kSS);
  c.realizable = c.escapes.empty();  // every contact loss above also fails its mode
  return c;
}

namespace {

// Per thread, the last ball's dynamics (the classifications and isRealizableGeneric share it): a
// sweep over the torque reuses W and the bases. Valid until this thread's next call.
const contact::TwoContactDynamics& cachedDynamics(const BallTroughParameters& p,
                                                  const Eigen::Vector3d& m) {
  thread_local contact::TwoContactDynamicsCache cache;
  return cache.at(makeTwoContactBody(p, m), Eigen::Vector3d::Zero());
}

BallTroughClassification classifyGenericWith(const BallTroughParameters& p,
                                             const Eigen::Vector3d& m,
                                             const contact::RealizabilityOptions& options,
                                             contact::SlipSlipWarmStart* warm_start) {
  const contact::TwoContactDynamics& dynamics = cachedDynamics(p, m);
  // The classification does not report the RR motion (Def 11 does not use it).
  contact::RealizabilityOptions classify_only = options;
  classify_only.analyze_roll_roll = false;
  contact::TwoPointRealizability r = dynamics.analyzeRealizability(classify_only, warm_start);
  BallTroughClassification c;
  c.realizable = r.realizable;
  c.escapes = std::move(r.escapes);
  c.ss = std::move(r.ss);
  c.contact_loss = r.contact_loss;
  return c;
}

}  // namespace

BallTroughClassification classifyGeneric(const BallTroughParameters& p, const Eigen::Vector3d& m,
                                         const contact::RealizabilityOptions& options) {
  return classifyGenericWith(p, m, options, nullptr);
}

BallTroughClassification classifyGenericVerdict(const BallTroughParameters& p,
                                                const Eigen::Vector3d& m) {
  thread_local contact::SlipSlipWarmStart warm_start;
  return classifyGenericWith(p, m, contact::RealizabilityOptions{}, &warm_start);
}

bool isRealizableGeneric(const BallTroughParameters& p, const Eigen::Vector3d& m) {
  // Its own SS warm start, as classifyGenericVerdict has.
  thread_local contact::SlipSlipWarmStart warm_start;
  return cachedDynamics(p, m)
      .realizabilityVerdict(contact::RealizabilityOptions{}, &warm_start)
      .realizable;
}

Eigen::Vector3d genericToClosedFormDirection(const BallTroughParameters& p,
                                             const Eigen::Vector3d& n) {
  const contact::ContactBases b =
      contact::contactBases(makeTwoContactBody(p, Eigen::Vector3d::Zero()).r_CPplus_W,
                            makeTwoContactBody(p, Eigen::Vector3d::Zero()).r_CPminus_W,
                            makeTwoContactBody(p, Eigen::Vector3d::Zero()).n_plus_W,
                            makeTwoContactBody(p, Eigen::Vector3d::Zero()).n_minus_W);
  const Eigen::Vector3d mapped(n[0], n[1], b.c_plus * n[2]);
  return mapped / mapped.norm();
}

ClassificationMethod parseClassificationMethod(const std::string& name,
                                               const std::string& field) {
  for (const ClassificationMethod m : {ClassificationMethod::kGeneric,
                                       ClassificationMethod::kGenericSampled,
                                       ClassificationMethod::kClosedForm}) {
    if (name == toString(m)) return m;
  }
  throw InvalidInput(field + " must be generic, generic-sampled or closed-form, got " +
                     quoteInput(name));
}

std::string toString(ClassificationMethod method) {
  switch (method) {
    case ClassificationMethod::kGeneric: return "generic";
    case ClassificationMethod::kGenericSampled: return "generic-sampled";
    case ClassificationMethod::kClosedForm: return "closed-form";
  }
  return "?";
}

BallTroughClassification classifyBallTrough(const BallTroughParameters& p,
                                            const Eigen::Vector3d& m, ClassificationMethod method,
                                            bool certify) {
  if (method == ClassificationMethod::kClosedForm && !p.closedFormApplies()) {
    throw InvalidInput("method closed-form needs a 90 degree trough and mu+ = mu-");
  }
  if (certify && method == ClassificationMethod::kGenericSampled) {
    throw InvalidInput("certify needs a rational SS search (method generic or closed-form); a "
                       "sampled field is never certified");
  }
  contact::RealizabilityOptions options;
  if (method == ClassificationMethod::kGenericSampled) {
    options.ss_search = contact::SlipSlipSearch::kSampledField;
  }
  options.ss_rational.certify = certify;
  return method == ClassificationMethod::kClosedForm ? classifyClosedForm(p, m, options.ss_rational)
                                                     : classifyGeneric(p, m, options);
}

}  // namespace nsd::models
