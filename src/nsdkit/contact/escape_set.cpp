#include <nsdkit/contact/escape_set.hpp>

#include <algorithm>

#include <nsdkit/core/errors.hpp>

namespace nsd::contact {
namespace {

// In the order labels join them.
constexpr Escape kEscapes[] = {Escape::kRS, Escape::kSR, Escape::kSS, Escape::kSlip,
                               Escape::kContactLoss};
constexpr std::uint8_t kAllBits = 31;

}  // namespace

EscapeSet EscapeSet::fromBits(std::uint8_t bits) {
  if (bits > kAllBits) {
    throw InvalidInput("escape code " + std::to_string(bits) + " has bits outside 1, 2, 4, 8, 16");
  }
  EscapeSet set;
  set.bits_ = bits;
  return set;
}

EscapeSet EscapeSet::of(const std::vector<EscapeMode>& modes) {
  EscapeSet set;
  for (const EscapeMode mode : modes) {
    switch (mode) {
      case EscapeMode::kRS:
        set.add(Escape::kRS);
        break;
      case EscapeMode::kSR:
        set.add(Escape::kSR);
        break;
      case EscapeMode::kSS:
        set.add(Escape::kSS);
        break;
    }
  }
  return set;
}

const char* toString(Escape escape) {
  switch (escape) {
    case Escape::kRS:
      return "RS";
    case Escape::kSR:
      return "SR";
    case Escape::kSS:
      return "SS";
    case Escape::kSlip:
      return "slip";
    case Escape::kContactLoss:
      return "contact_loss";
  }
  return "?";
}

std::string verdictLabel(bool realizable, EscapeSet escapes) {
  std::string label = realizable ? "realizable" : "";
  for (const Escape e : kEscapes) {
    if (escapes.has(e)) label += (label.empty() ? "" : "|") + std::string(toString(e));
  }
  return label;
}

EscapeSet parseVerdictLabel(const std::string& label) {
  EscapeSet set;
  if (label.empty()) return set;  // a verdict without escape modes
  std::size_t start = 0;
  for (bool first = true; start <= label.size(); first = false) {
    const std::size_t bar = std::min(label.find('|', start), label.size());
    const std::string part = label.substr(start, bar - start);
    start = bar + 1;
    if (first && part == "realizable") continue;
    const auto* known = std::find_if(std::begin(kEscapes), std::end(kEscapes),
                                     [&](Escape e) { return part == toString(e); });
    if (known == std::end(kEscapes)) {
      throw InvalidInput("sweep label '" + label + "' has an unknown part '" + part + "'");
    }
    set.add(*known);
  }
  return set;
}

}  // namespace nsd::contact
