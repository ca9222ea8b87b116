/* common/size.c - byte-size parsing and formatting shared by runtime and CLI. */
#include "size.h"

#include <stdio.h>

static int suffix_shift(char c) {
  switch (c) {
  case 'k': case 'K': return 10;
  case 'm': case 'M': return 20;
  case 'g': case 'G': return 30;
  case 't': case 'T': return 40;
  case 'p': case 'P': return 50;
  default: return -1;
  }
}

int oli_parse_size(const char *s, uint64_t *out) {
  if (s == NULL || *s == '\0') return -1;
  const char *p = s;
  uint64_t whole = 0;
  int ndigits = 0;
  for (; *p >= '0' && *p <= '9'; p++, ndigits++) {
    uint64_t d = (uint64_t)(*p - '0');
    if (whole > (UINT64_MAX - d) / 10) return -3;
    whole = whole * 10 + d;
  }
  /* fraction: up to 9 digits kept, as numerator over 10^k */
  uint64_t frac = 0, frac_den = 1;
  if (*p == '.') {
    p++;
    int nf = 0;
    for (; *p >= '0' && *p <= '9'; p++, nf++) {
      if (nf < 9) { frac = frac * 10 + (uint64_t)(*p - '0'); frac_den *= 10; }
    }
    if (nf == 0) return -1;
  }
  if (ndigits == 0) return -1;
  int shift = 0;
  if (*p != '\0') {
    shift = suffix_shift(*p);
    if (shift < 0) {
      if ((*p == 'b' || *p == 'B') && p[1] == '\0') return frac ? -1 : (*out = whole, 0);
      return -1;
    }
    p++;
    if (*p == 'i' && (p[1] == 'B' || p[1] == 'b')) p += 2;
    else if (*p == 'B' || *p == 'b') p++;
    if (*p != '\0') return -1;
  } else if (frac != 0) {
    return -1; /* "1.5" bytes */
  }
  if (shift > 0 && whole > (UINT64_MAX >> shift)) return -3;
  uint64_t v = whole << shift;
  if (frac) {
    /* frac/frac_den * 2^shift without overflow: frac < 10^9, shift <= 50 */
    unsigned __int128 f = ((unsigned __int128)frac << shift) / frac_den;
    if (v > UINT64_MAX - (uint64_t)f) return -3;
    v += (uint64_t)f;
  }
  if (v == 0 && (whole || frac)) return -2; /* "0.0000001K": not zero, yet below a byte */
  *out = v;
  return 0;
}

char *oli_format_size(uint64_t bytes, char *buf, int n) {
  static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  int u = 0;
  double v = (double)bytes;
  while (v >= 1024.0 && u < 5) { v /= 1024.0; u++; }
  if (u == 0) snprintf(buf, (size_t)n, "%llu B", (unsigned long long)bytes);
  else snprintf(buf, (size_t)n, "%.1f %s", v, units[u]);
  return buf;
}
