// Numbers in the validation's reasons and reports (number_format.hpp).
#include <nsdkit/validation/number_format.hpp>

#include <cmath>
#include <sstream>

namespace nsd::validation {

std::string formatForReport(double v, int precision) {
  if (!std::isfinite(v)) return "-";
  std::ostringstream s;
  s.precision(precision);
  s << v;
  return s.str();
}

}  // namespace nsd::validation
