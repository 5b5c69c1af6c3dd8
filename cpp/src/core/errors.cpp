#include "parlour/core/errors.hpp"

#include <cstdio>

namespace parlour::core {

std::string quote(std::string_view text) {
  constexpr std::size_t kMax = 80;
  std::string out = "'";
  std::size_t n = 0;
  for (char ch : text) {
    if (n++ == kMax) {
      out += "...";
      break;
    }
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '\'' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    } else {
      out += ch;
    }
  }
  out += "'";
  return out;
}

}  // namespace parlour::core
