#include "parlour/core/errors.hpp"

#include <cstdio>

namespace parlour::core {

namespace {

// The length of the UTF-8 sequence starting at text[i], or 0 when the bytes there
// are not a well-formed UTF-8 character (RFC 3629: no overlongs, no surrogates,
// nothing above U+10FFFF).
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xbf;  // the allowed range of the second byte
  if (b0 < 0x80) return 1;
  if (b0 >= 0xc2 && b0 <= 0xdf) {
    n = 2;
  } else if (b0 >= 0xe0 && b0 <= 0xef) {
    n = 3;
    if (b0 == 0xe0) lo = 0xa0;
    if (b0 == 0xed) hi = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    n = 4;
    if (b0 == 0xf0) lo = 0x90;
    if (b0 == 0xf4) hi = 0x8f;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xbf) return 0;
  return n;
}

std::string escape(std::string_view text, bool quotes) {
  constexpr std::size_t kMax = 80;  // characters
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (chars++ == kMax) {
      out += "...";
      break;
    }
    const auto u = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_length(text, i);
    if (n == 0 || u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(u));
      out += buf;
      i += 1;
      continue;
    }
    if (quotes && (text[i] == '\'' || text[i] == '\\')) out += '\\';
    out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

}  // namespace

std::string quote(std::string_view text) {
  // Appended, not "'" + s + "'": GCC 12 warns (-Wrestrict, wrongly) on that insert at 0.
  std::string out(1, '\'');
  out += escape(text, true);
  out += '\'';
  return out;
}

std::string clip(std::string_view text) { return escape(text, false); }

}  // namespace parlour::core
