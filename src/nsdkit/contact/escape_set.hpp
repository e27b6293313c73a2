#pragma once
/// @file escape_set.hpp
/// The typed verdict's escapes: how rolling (sticking) fails at a point, as one bit per way,
/// from the contact analyses (Def 11's modes, Def 9, a negative normal force) to the files.
/// Strings only at file I/O: verdictLabel writes a label ("realizable", "RS|SS",
/// "slip|contact_loss"), parseVerdictLabel reads one back; the bits are the escape codes of the
/// HDF5 sweep files (docs/command_line.md).

#include <cstdint>
#include <string>
#include <vector>

#include <nsdkit/contact/two_contact_body.hpp>

namespace nsd::contact {

/// One way rolling fails, as a bit of an EscapeSet (the HDF5 sweep files' escape codes).
enum class Escape : std::uint8_t {
  kRS = 1,           ///< rolling at P+, slipping at P- escapes (two contacts, Def 11)
  kSR = 2,           ///< slipping at P+, rolling at P- escapes
  kSS = 4,           ///< both slipping escapes
  kSlip = 8,         ///< one contact: the sticking point is not attracting (Def 9)
  kContactLoss = 16  ///< a normal force of the rolling motion is negative
};

/// The set of escapes of a verdict (empty when rolling is realizable).
class EscapeSet {
 public:
  /// The empty set (rolling realizable).
  constexpr EscapeSet() = default;
  /// The set of the bits of an escape code. @throws InvalidInput for bits outside the five.
  static EscapeSet fromBits(std::uint8_t bits);
  /// The Def-11 modes (RS, SR, SS) as a set.
  static EscapeSet of(const std::vector<EscapeMode>& modes);

  /// Adds an escape to the set; returns the set.
  EscapeSet& add(Escape escape) {
    bits_ = static_cast<std::uint8_t>(bits_ | static_cast<std::uint8_t>(escape));
    return *this;
  }
  /// Whether the set holds `escape`.
  bool has(Escape escape) const { return (bits_ & static_cast<std::uint8_t>(escape)) != 0; }
  /// True when no escape is set: rolling is realizable.
  bool empty() const { return bits_ == 0; }
  /// The escape code: the sum of the set's Escape values (0 to 31).
  std::uint8_t bits() const { return bits_; }
  friend bool operator==(EscapeSet a, EscapeSet b) { return a.bits_ == b.bits_; }
  friend bool operator!=(EscapeSet a, EscapeSet b) { return a.bits_ != b.bits_; }

 private:
  std::uint8_t bits_ = 0;
};

/// The name of one escape in labels: "RS", "SR", "SS", "slip", "contact_loss".
const char* toString(Escape escape);

/// A verdict's label in files: "realizable" when realizable, then the escapes joined by '|' in
/// the order RS, SR, SS, slip, contact_loss (e.g. "RS|SS", "realizable|contact_loss"; "" for a
/// verdict that is neither realizable nor has an escape).
std::string verdictLabel(bool realizable, EscapeSet escapes);

/// The escapes of a label written by verdictLabel (a leading "realizable" is skipped).
/// @throws InvalidInput for a part that is not an escape's name, or an empty part.
EscapeSet parseVerdictLabel(const std::string& label);

}  // namespace nsd::contact
