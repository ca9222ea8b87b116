/* common/grammar.c - ratios, lists and site IDs (grammar.h). */
#include "grammar.h"

#include <stdio.h>

static int is_digit(char c) { return c >= '0' && c <= '9'; }

int oli_parse_decimal(const char **p, uint64_t max, uint64_t *out) {
  const char *s = *p;
  uint64_t v = 0;
  if (!is_digit(*s)) return -1;
  for (; is_digit(*s); s++) {
    uint64_t d = (uint64_t)(*s - '0');
    if (d > max || v > (max - d) / 10) return -1;
    v = v * 10 + d;
  }
  *p = s;
  *out = v;
  return 0;
}

int oli_parse_ratio(const char *s, uint32_t max, uint32_t w[OLI_NODE_TIERS], int *parts) {
  uint32_t t[OLI_NODE_TIERS] = {0};
  int k = 0;
  const char *p = s;
  if (s == NULL) return -1;
  for (;;) {
    uint64_t v;
    if (k == OLI_NODE_TIERS || oli_parse_decimal(&p, max, &v) != 0) return -1;
    t[k++] = (uint32_t)v;
    if (*p == '\0') break;
    if (*p++ != ':') return -1;
  }
  if (k < 2) return -1;
  for (int i = 0; i < OLI_NODE_TIERS; i++) w[i] = t[i];
  if (parts) *parts = k;
  return 0;
}

char *oli_format_ratio(const uint32_t w[OLI_NODE_TIERS], char *buf, size_t n) {
  if (w[OLI_TIER_REMOTE]) snprintf(buf, n, "%u:%u:%u", w[OLI_TIER_DRAM], w[OLI_TIER_CXL], w[OLI_TIER_REMOTE]);
  else snprintf(buf, n, "%u:%u", w[OLI_TIER_DRAM], w[OLI_TIER_CXL]);
  return buf;
}

int oli_ratio_equal(const uint32_t a[OLI_NODE_TIERS], const uint32_t b[OLI_NODE_TIERS]) {
  for (int i = 0; i < OLI_NODE_TIERS; i++)
    for (int j = 0; j < OLI_NODE_TIERS; j++)
      if ((uint64_t)a[i] * b[j] != (uint64_t)a[j] * b[i]) return 0;
  return 1;
}

static const char *blanks(const char *p) {
  while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
  return p;
}

int oli_parse_list(const char *s, uint64_t *bits, unsigned nbits, uint64_t max, int *count) {
  if (s == NULL) return -1;
  const char *p = blanks(s);
  int c = 0;
  while (*p != '\0') {
    uint64_t a, b;
    if (oli_parse_decimal(&p, max, &a) != 0) return -1;
    b = a;
    if (*p == '-') {
      p++;
      if (oli_parse_decimal(&p, max, &b) != 0 || b < a) return -1;
    }
    for (uint64_t i = a; i <= b; i++) {
      if (bits && i < nbits) bits[i / 64] |= 1ULL << (i % 64);
      c++;
    }
    if (*p == ',') {
      p++;
      if (!is_digit(*p)) return -1; /* "0," or "0,,1" */
    } else if (*blanks(p) != '\0') {
      return -1;
    } else {
      break;
    }
  }
  if (count) *count = c;
  return 0;
}

char *oli_format_list(uint64_t mask, char *buf, size_t n) {
  size_t len = 0;
  if (n == 0) return buf;
  buf[0] = '\0';
  for (int i = 0; i < 64 && len < n;) {
    if (!(mask >> i & 1)) {
      i++;
      continue;
    }
    int j = i;
    while (j + 1 < 64 && (mask >> (j + 1) & 1)) j++;
    int k = j == i ? snprintf(buf + len, n - len, "%s%d", len ? "," : "", i)
                   : snprintf(buf + len, n - len, "%s%d-%d", len ? "," : "", i, j);
    if (k < 0) break;
    len += (size_t)k;
    i = j + 1;
  }
  if (len == 0) snprintf(buf, n, "(none)");
  return buf;
}

int oli_parse_site_id(const char *s, uint64_t *out) {
  if (s == NULL || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return -1;
  uint64_t v = 0;
  int k = 0;
  for (const char *p = s + 2; *p; p++, k++) {
    int d = *p >= '0' && *p <= '9'   ? *p - '0'
            : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
            : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10
                                     : -1;
    if (d < 0 || k >= 16) return -1;
    v = v << 4 | (uint64_t)d;
  }
  if (k == 0) return -1;
  *out = v;
  return 0;
}

char *oli_format_site_id(uint64_t id, char buf[OLI_SITE_ID_LEN]) {
  snprintf(buf, OLI_SITE_ID_LEN, "0x%016llx", (unsigned long long)id);
  return buf;
}
