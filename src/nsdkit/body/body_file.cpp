#include <nsdkit/body/body_file.hpp>

#include <Eigen/Dense>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <map>
#include <set>
#include <unordered_set>
#include <sstream>

#include <nsdkit/core/errors.hpp>
#include <nsdkit/core/json_depth.hpp>

namespace nsd::body {
namespace {

using nlohmann::json;

constexpr const char* kFormat = "nsdkit-body/1";
constexpr const char* kFormatShapes = "nsdkit-body/2";  // format 1 and contact shapes
// Unit vectors in a file are typed with a handful of digits: accepted within 1e-6 and
// normalized exactly; anything further off is a mistake, not rounding.
constexpr double kUnitTolerance = 1e-6;

// A JSON value with its path in the file, for messages "SOURCE: path: problem".
class Node {
 public:
  Node(const json& value, std::string path, const std::string& source)
      : value_(value), path_(std::move(path)), source_(source) {}

  [[noreturn]] void fail(const std::string& problem) const {
    throw InvalidInput(source_ + ": " + (path_.empty() ? "" : path_ + ": ") + problem);
  }
  const json& value() const { return value_; }
  const std::string& path() const { return path_; }

  bool has(const char* key) const { return value_.contains(key); }
  Node at(const char* key) const {
    if (!value_.contains(key)) child(key).fail("missing field");
    return child(key);
  }
  Node child(const std::string& key) const {
    static const json null_value;
    const json& v = value_.contains(key) ? value_.at(key) : null_value;
    return Node(v, path_.empty() ? key : path_ + "." + key, source_);
  }
  Node element(std::size_t i) const {
    return Node(value_.at(i), path_ + "[" + std::to_string(i) + "]", source_);
  }

  void requireObject(std::initializer_list<const char*> allowed) const {
    if (!value_.is_object()) fail("must be a JSON object");
    const std::set<std::string> keys(allowed.begin(), allowed.end());
    for (const auto& item : value_.items()) {
      if (!keys.count(item.key())) {
        std::string list;
        for (const auto& k : keys) list += (list.empty() ? "" : ", ") + k;
        fail("unknown field '" + item.key() + "' (fields: " + list + ")");
      }
    }
  }
  double number() const {
    if (!value_.is_number()) fail("must be a number");
    const double v = value_.get<double>();
    if (!std::isfinite(v)) fail("must be finite");
    return v;
  }
  std::string text() const {
    if (!value_.is_string()) fail("must be a string");
    return value_.get<std::string>();
  }
  Eigen::Vector3d vector3() const {
    if (!value_.is_array() || value_.size() != 3) fail("must be an array of 3 numbers");
    Eigen::Vector3d v;
    for (std::size_t i = 0; i < 3; ++i) v[static_cast<Eigen::Index>(i)] = element(i).number();
    return v;
  }
  Eigen::Vector3d unitVector() const {
    const Eigen::Vector3d v = vector3();
    const double norm = v.norm();
    if (!(std::fabs(norm - 1.0) <= kUnitTolerance)) {
      fail("must be a unit vector (its norm is " + formatValue(norm) + ")");
    }
    return norm == 1.0 ? v : Eigen::Vector3d(v / norm);
  }
  Eigen::Matrix3d matrix3() const {
    if (!value_.is_array() || value_.size() != 3) fail("must be a 3 x 3 array of rows");
    Eigen::Matrix3d m;
    for (std::size_t i = 0; i < 3; ++i) {
      m.row(static_cast<Eigen::Index>(i)) = element(i).vector3().transpose();
    }
    return m;
  }
  int index(int count) const {
    const double v = number();
    if (v != std::floor(v) || v < 0 || v >= count) {
      fail("must be a contact index 0.." + std::to_string(count - 1) + ", got " + formatValue(v));
    }
    return static_cast<int>(v);
  }

 private:
  const json& value_;
  std::string path_;
  const std::string& source_;
};

contact::FrictionLaw readFriction(const Node& node) {
  node.requireObject({"law", "mu", "mu_static", "mu_dynamic", "stribeck_velocity"});
  const std::string law = node.has("law") ? node.child("law").text() : "coulomb";
  auto nonnegative = [&](const char* key) {
    const Node n = node.at(key);
    const double v = n.number();
    if (v < 0) n.fail("must be >= 0, got " + formatValue(v));
    return v;
  };
  if (law == "coulomb") {
    if (node.has("mu_static") || node.has("mu_dynamic") || node.has("stribeck_velocity")) {
      node.fail("a Coulomb law has 'mu' only (Coulomb-Stribeck: \"law\": \"coulomb-stribeck\")");
    }
    return contact::FrictionLaw::coulomb(nonnegative("mu"));
  }
  if (law == "coulomb-stribeck") {
    if (node.has("mu")) node.fail("a Coulomb-Stribeck law has mu_static, mu_dynamic");
    const double mu_s = nonnegative("mu_static"), mu_d = nonnegative("mu_dynamic");
    const Node vs = node.at("stribeck_velocity");
    const double v = vs.number();
    if (!(v > 0)) vs.fail("must be > 0 [m/s], got " + formatValue(v));
    if (mu_d > mu_s) node.fail("mu_dynamic must not exceed mu_static");
    return contact::FrictionLaw::coulombStribeck(mu_s, mu_d, v);
  }
  node.child("law").fail("unknown friction law '" + law + "' (coulomb, coulomb-stribeck)");
}

// A contact shape (format 2): {"kind": "sphere", "radius": r} | {"kind": "ellipsoid",
// "semi_axes": [a, b, c]} | {"kind": "torus", "major_radius": R, "minor_radius": r} |
// {"kind": "cone", "rolling_radius": r0, "cone_angle": gamma [rad]}, with
// "centre" (relative to C, in W; default 0) and "axes" (columns: the shape's axes in W; default
// the identity).
contact::ContactShape readShape(const Node& node) {
  node.requireObject(
      {"kind", "radius", "semi_axes", "major_radius", "minor_radius", "rolling_radius",
       "cone_angle", "centre", "axes"});
  contact::ContactShape shape;
  const std::string kind = node.at("kind").text();
  // Each kind's own size fields, and only those (a sphere carrying semi_axes is refused).
  const std::map<std::string, std::set<std::string>> size_fields = {
      {"sphere", {"radius"}},
      {"ellipsoid", {"semi_axes"}},
      {"torus", {"major_radius", "minor_radius"}},
      {"cone", {"rolling_radius", "cone_angle"}}};
  if (const auto own = size_fields.find(kind); own != size_fields.end()) {
    for (const auto& [other_kind, fields] : size_fields) {
      for (const std::string& field : fields) {
        if (!own->second.count(field) && node.has(field.c_str())) {
          node.child(field).fail("is not a field of a " + kind + " (it belongs to a " +
                                 other_kind + ")");
        }
      }
    }
  }
  if (kind == "sphere") {
    shape.kind = contact::ContactShapeKind::kSphere;
    shape.semi_axes_m[0] = node.at("radius").number();
  } else if (kind == "ellipsoid") {
    shape.kind = contact::ContactShapeKind::kEllipsoid;
    shape.semi_axes_m = node.at("semi_axes").vector3();
  } else if (kind == "torus") {
    shape.kind = contact::ContactShapeKind::kTorus;
    shape.semi_axes_m =
        Eigen::Vector3d(node.at("major_radius").number(), node.at("minor_radius").number(), 0.0);
  } else if (kind == "cone") {
    shape.kind = contact::ContactShapeKind::kCone;
    shape.semi_axes_m[0] = node.at("rolling_radius").number();
    shape.cone_angle_rad = node.at("cone_angle").number();
  } else {
    node.child("kind").fail("unknown shape '" + kind + "' (sphere, ellipsoid, torus, cone)");
  }
  if (node.has("centre")) shape.centre_B = node.child("centre").vector3();
  if (node.has("axes")) shape.axes_B = node.child("axes").matrix3();
  try {
    shape.validate();
  } catch (const InvalidInput& e) {
    node.fail(e.what());
  }
  return shape;
}

// The fixed surface a shape touches (format 2): {"kind": "plane"} (the default) or
// {"kind": "cylinder", "radius": rho, "axis": [x, y, z]} (a rail head; axis in W, unit).
contact::CounterSurface readCounterSurface(const Node& node) {
  node.requireObject({"kind", "radius", "axis"});
  contact::CounterSurface counter;
  const std::string kind = node.at("kind").text();
  if (kind == "cylinder") {
    counter.kind = contact::CounterSurface::Kind::kCylinder;
    counter.radius_m = node.at("radius").number();
    counter.axis_B = node.at("axis").unitVector();
  } else if (kind != "plane") {
    node.child("kind").fail("unknown counter surface '" + kind + "' (plane, cylinder)");
  }
  try {
    counter.validate();
  } catch (const InvalidInput& e) {
    node.fail(e.what());
  }
  return counter;
}

ContactDescription readContact(const Node& node, std::size_t i, bool shapes) {
  node.requireObject({"name", "point", "normal", "bias", "bias_per_rate_squared", "friction",
                      "shape", "counter_surface"});
  ContactDescription c;
  c.name = node.has("name") ? node.child("name").text() : "contact " + std::to_string(i);
  if (node.has("shape")) {
    if (!shapes) node.child("shape").fail("needs \"format\": \"nsdkit-body/2\"");
    for (const char* derived : {"point", "bias", "bias_per_rate_squared"}) {
      if (node.has(derived)) {
        node.child(derived).fail("is derived from the shape: give one or the other");
      }
    }
    c.has_shape = true;
    c.shape = readShape(node.child("shape"));
    if (node.has("counter_surface")) {
      c.counter = readCounterSurface(node.child("counter_surface"));
    }
    c.normal_W = node.at("normal").unitVector();
    c.friction = readFriction(node.at("friction"));
    return c;
  }
  if (node.has("counter_surface")) node.child("counter_surface").fail("needs a \"shape\"");
  c.point_W = node.at("point").vector3();
  c.normal_W = node.at("normal").unitVector();
  if (node.has("bias")) c.bias_W = node.child("bias").vector3();
  if (node.has("bias_per_rate_squared")) {
    c.bias_per_rate_squared_W = node.child("bias_per_rate_squared").vector3();
  }
  c.friction = readFriction(node.at("friction"));
  return c;
}

std::vector<int> contactList(const Node& node, int count) {
  std::vector<int> list;
  if (node.value().is_number()) return {node.index(count)};
  if (!node.value().is_array() || node.value().empty()) {
    node.fail("must be a contact index or a non-empty array of them");
  }
  for (std::size_t i = 0; i < node.value().size(); ++i)
    list.push_back(node.element(i).index(count));
  return list;
}

LoadEffect readEffect(const Node& node, int contacts) {
  node.requireObject({"force", "torque", "mu", "rotate_gravity", "rotate_normal", "shift_point"});
  if (node.value().size() != 1) {
    node.fail(
        "an effect has exactly one of force, torque, mu, rotate_gravity, rotate_normal, "
        "shift_point");
  }
  LoadEffect e;
  using Kind = LoadEffect::Kind;
  if (node.has("force")) {
    e.kind = Kind::kForce;
    e.vector = node.child("force").vector3();
  } else if (node.has("torque")) {
    e.kind = Kind::kTorque;
    e.vector = node.child("torque").vector3();
  } else if (node.has("mu")) {
    e.kind = Kind::kFriction;
    e.contacts = contactList(node.child("mu"), contacts);
  } else if (node.has("rotate_gravity")) {
    e.kind = Kind::kRotateGravity;
    e.vector = node.child("rotate_gravity").unitVector();
  } else {
    const bool rotate = node.has("rotate_normal");
    const Node inner = node.child(rotate ? "rotate_normal" : "shift_point");
    inner.requireObject({"contact", rotate ? "axis" : "direction"});
    e.kind = rotate ? Kind::kRotateNormal : Kind::kShiftPoint;
    e.contacts = contactList(inner.at("contact"), contacts);
    e.vector = rotate ? inner.at("axis").unitVector() : inner.at("direction").vector3();
  }
  return e;
}

LoadParameter readLoad(const Node& node, int contacts) {
  node.requireObject({"name", "unit", "value", "scale", "effects", "description"});
  LoadParameter p;
  p.name = node.at("name").text();
  if (p.name.empty() || p.name.find_first_of(",:= \t\"") != std::string::npos) {
    node.child("name").fail("'" + p.name +
                            "' is not a parameter name (non-empty, no , : = quote or space)");
  }
  p.unit = node.has("unit") ? node.child("unit").text() : "-";
  if (node.has("value")) p.value = node.child("value").number();
  if (node.has("scale")) {
    p.scale = node.child("scale").number();
    if (p.scale == 0.0) node.child("scale").fail("must not be 0");
  }
  const Node effects = node.at("effects");
  if (!effects.value().is_array() || effects.value().empty()) {
    effects.fail("must be a non-empty array of effects");
  }
  for (std::size_t i = 0; i < effects.value().size(); ++i) {
    p.effects.push_back(readEffect(effects.element(i), contacts));
  }
  return p;
}

SectionHint readSection(const Node& node) {
  node.requireObject({"x", "y", "fixed"});
  SectionHint s;
  s.x_axis = node.at("x").text();
  s.y_axis = node.at("y").text();
  if (node.has("fixed")) {
    const Node fixed = node.child("fixed");
    if (!fixed.value().is_object()) fixed.fail("must be an object {name: value}");
    for (const auto& item : fixed.value().items()) {
      s.fixed.emplace_back(item.key(), fixed.child(item.key()).number());
    }
  }
  return s;
}

// The checks of the body at its default parameter values, with the field named.
void checkBody(const BodyDescription& b, const Node& root, const std::string& source) {
  const Eigen::Matrix3d& j = b.inertia_C_W;
  if (!j.isApprox(j.transpose(), 1e-12)) root.child("inertia").fail("must be symmetric");
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(j);
  if (!(eig.eigenvalues().minCoeff() > 1e-12 * eig.eigenvalues().maxCoeff())) {
    root.child("inertia").fail("must be positive definite (smallest eigenvalue " +
                               formatValue(eig.eigenvalues().minCoeff()) + " kg m^2)");
  }
  // Principal moments of a rigid body obey the triangle inequality J1 <= J2 + J3.
  const Eigen::Vector3d moments = eig.eigenvalues();
  if (moments[2] > (moments[0] + moments[1]) * (1 + 1e-12)) {
    root.child("inertia").fail("principal moments " + formatValue(moments[0]) + ", " +
                               formatValue(moments[1]) + ", " + formatValue(moments[2]) +
                               " violate J3 <= J1 + J2: no rigid body has this inertia");
  }
  std::vector<double> defaults;
  std::vector<std::string> names;
  for (const auto& l : b.loads) names.push_back(l.name);
  const ParameterBinding binding = bindParameters(b, names);
  for (const auto& l : b.loads) defaults.push_back(l.value);
  try {
    const ConfiguredBody configured = configure(b, binding, defaults);
    if (configured.contact_count == 2) {
      const double length =
          std::max({1.0, configured.two.r_CPplus_W.norm(), configured.two.r_CPminus_W.norm()});
      if ((configured.two.r_CPplus_W - configured.two.r_CPminus_W).norm() <= 1e-9 * length) {
        root.child("contacts").fail("the two contact points coincide (at the default loads)");
      }
      contact::TwoContactDynamics check(configured.two);  // bases, inertia, friction
    } else {
      contact::SingleContactBody one = configured.one;
      (void)contact::analyzeSingleContact(one);
    }
  } catch (const SolverFailure& e) {
    root.fail(std::string("at the default loads: ") + e.what());
  } catch (const InvalidInput& e) {
    const std::string message = e.what();
    if (message.rfind(source + ": ", 0) == 0) throw;  // already names the field
    root.fail(std::string("at the default loads: ") + message);
  }
}

// A key given twice in one object (nlohmann keeps the last one silently): the first such key,
// found by a SAX pass over the text (linear; a parser callback would make the DOM parse
// quadratic in the length of arrays of objects).
class DuplicateKeyFinder : public nlohmann::json_sax<json> {
 public:
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override {
    keys_.emplace_back();
    return true;
  }
  bool key(string_t& k) override {
    if (!keys_.back().insert(k).second && duplicate_.empty()) duplicate_ = k;
    return true;
  }
  bool end_object() override {
    keys_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }
  const std::string& duplicate() const { return duplicate_; }

 private:
  std::vector<std::unordered_set<std::string>> keys_;
  std::string duplicate_;
};

std::string firstDuplicateKey(const std::string& text) {
  DuplicateKeyFinder finder;
  json::sax_parse(text, &finder);
  return finder.duplicate();
}

}  // namespace

BodyDescription parseBody(const std::string& text, const std::string& source) {
  checkJsonDepth(text, kMaxJsonDepth, source);
  json document;
  try {
    document = json::parse(text);
  } catch (const json::exception& e) {  // parse_error, and out_of_range for numbers beyond double
    throw InvalidInput(source + ": not valid JSON: " + e.what());
  }
  const std::string duplicate = firstDuplicateKey(text);
  if (!duplicate.empty()) {
    throw InvalidInput(source + ": the key " + quoteInput(duplicate) +
                       " is given twice in one object (each field once)");
  }
  const Node root(document, "", source);
  root.requireObject({"format", "name", "description", "mass", "inertia", "gravity", "force",
                      "torque", "contacts", "loads", "section"});
  const Node format = root.at("format");
  if (format.text() != kFormat && format.text() != kFormatShapes) {
    format.fail(quoteInput(format.text()) + " is not supported (expected \"" + kFormat + "\" or \"" +
                kFormatShapes + "\")");
  }
  const bool shapes = format.text() == kFormatShapes;
  BodyDescription b;
  b.name = root.at("name").text();
  if (root.has("description")) b.description = root.child("description").text();
  const Node mass = root.at("mass");
  b.mass_kg = mass.number();
  if (!(b.mass_kg > 0)) mass.fail("must be > 0 [kg], got " + formatValue(b.mass_kg));
  b.inertia_C_W = root.at("inertia").matrix3();
  b.gravity_W = root.at("gravity").vector3();
  if (root.has("force")) b.force_W = root.child("force").vector3();
  if (root.has("torque")) b.torque_W = root.child("torque").vector3();
  const Node contacts = root.at("contacts");
  if (!contacts.value().is_array() || contacts.value().empty() || contacts.value().size() > 2) {
    contacts.fail("must be an array of one or two contacts");
  }
  for (std::size_t i = 0; i < contacts.value().size(); ++i) {
    b.contacts.push_back(readContact(contacts.element(i), i, shapes));
  }
  const int count = static_cast<int>(b.contacts.size());
  if (root.has("loads")) {
    const Node loads = root.child("loads");
    if (!loads.value().is_array()) loads.fail("must be an array of load parameters");
    std::set<std::string> seen;
    const auto states = stateParameterNames(count);
    for (std::size_t i = 0; i < loads.value().size(); ++i) {
      LoadParameter p = readLoad(loads.element(i), count);
      if (!seen.insert(p.name).second) {
        loads.element(i).child("name").fail("duplicate parameter name " + quoteInput(p.name));
      }
      for (const auto& s : states) {
        if (p.name == s) {
          loads.element(i).child("name").fail(quoteInput(s) + " is the velocity state's name");
        }
      }
      b.loads.push_back(std::move(p));
    }
  }
  if (root.has("section")) b.section = readSection(root.child("section"));
  checkBody(b, root, source);
  return b;
}

std::string readBodyFileText(const std::string& path) {
  // Checked before reading: a regular file of at most kMaxBodyFileBytes (not /dev/zero, not a
  // folder, not a gigabyte of anything).
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (!fs::exists(status)) throw InvalidInput("body file " + quoteInput(path) + ": does not exist");
  if (!fs::is_regular_file(status)) {
    throw InvalidInput("body file " + quoteInput(path) + ": is not a regular file");
  }
  if (fs::file_size(path, ec) > kMaxBodyFileBytes) {
    throw InvalidInput("body file " + quoteInput(path) + ": larger than " +
                       std::to_string(kMaxBodyFileBytes >> 20) + " MiB, the limit of a body file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InvalidInput("body file " + quoteInput(path) + ": cannot be opened");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InvalidInput("body file " + quoteInput(path) + ": cannot be read");
  return text.str();
}

BodyDescription readBodyFile(const std::string& path) {
  return parseBody(readBodyFileText(path), path);
}

}  // namespace nsd::body
