/* common/text.c - escaping of outside strings for text output (text.h). */
#include "text.h"

#include <stdio.h>
#include <string.h>

size_t oli_utf8_decode(const char *s, uint32_t *cp) {
  const unsigned char *p = (const unsigned char *)s;
  size_t k = p[0] < 0x80 ? 1 : p[0] >= 0xf0 ? 4 : p[0] >= 0xe0 ? 3 : p[0] >= 0xc2 ? 2 : 0;
  if (k == 0 || p[0] > 0xf4) return 0;
  uint32_t c = k == 1 ? p[0] : p[0] & (0x7f >> k);
  for (size_t i = 1; i < k; i++) {
    if ((p[i] & 0xc0) != 0x80) return 0; /* cut short (a NUL ends the loop here too) */
    c = c << 6 | (p[i] & 0x3f);
  }
  if (k == 3 && ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0))) return 0; /* overlong, surrogate */
  if (k == 4 && ((p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))) return 0; /* overlong, > U+10FFFF */
  if (cp) *cp = c;
  return k;
}

int oli_text_unsafe(uint32_t cp) {
  return (cp >= 0x80 && cp <= 0x9f)        /* C1 controls: a terminal may obey them (0x9b is CSI) */
         || cp == 0x2028 || cp == 0x2029   /* line and paragraph separators: a line break */
         || cp == 0x061c || cp == 0x200e || cp == 0x200f /* bidirectional marks */
         || (cp >= 0x202a && cp <= 0x202e) /* bidirectional embeddings and overrides (U+202E) */
         || (cp >= 0x2066 && cp <= 0x2069); /* bidirectional isolates */
}

char *oli_text_escape(char *buf, size_t n, const char *s, size_t max_chars) {
  static const char hex[] = "0123456789abcdef";
  if (n == 0) return buf;
  size_t k = 0, chars = 0;
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  while (*p) {
    char piece[8];
    size_t len = 0, used = 1;
    uint32_t cp = 0;
    unsigned char c = *p;
    if (max_chars && chars == max_chars) {
      if (k + 3 < n) memcpy(buf + k, "...", 3), k += 3;
      break;
    }
    if (c == '\n' || c == '\r' || c == '\t') {
      piece[0] = '\\';
      piece[1] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
      len = 2;
    } else if (c < 0x20 || c == 0x7f) {
      memcpy(piece, "\\x", 2);
      piece[2] = hex[c >> 4];
      piece[3] = hex[c & 15];
      len = 4;
    } else if (c < 0x80) {
      piece[0] = (char)c;
      len = 1;
    } else if ((used = oli_utf8_decode((const char *)p, &cp)) == 0) {
      used = 1;
      memcpy(piece, "\\x", 2);
      piece[2] = hex[c >> 4];
      piece[3] = hex[c & 15];
      len = 4;
    } else if (oli_text_unsafe(cp)) {
      snprintf(piece, sizeof piece, "\\u%04x", (unsigned)cp);
      len = 6;
    } else {
      memcpy(piece, p, used);
      len = used;
    }
    if (k + len >= n) break;
    memcpy(buf + k, piece, len);
    k += len;
    p += used;
    chars++;
  }
  buf[k] = '\0';
  return buf;
}

char *oli_text_where(char *buf, size_t n, const char *file, unsigned line, int is_global, const char *function,
                     unsigned ordinal) {
  char f[1024], fn[256];
  if (n == 0) return buf;
  oli_text_escape(f, sizeof f, file && *file ? file : "?", 0);
  if (line) snprintf(buf, n, "%s:%u", f, line);
  else if (is_global || !function || !*function) snprintf(buf, n, "%s", f);
  else snprintf(buf, n, "%s:%s#%u", f, oli_text_escape(fn, sizeof fn, function, 0), ordinal);
  return buf;
}

char *oli_text_hex(const void *b, size_t n, char *out, size_t cap) {
  static const char d[] = "0123456789abcdef";
  const unsigned char *c = b;
  size_t k = 0;
  if (cap == 0) return out;
  for (size_t i = 0; i < n && k + 2 < cap; i++) out[k++] = d[c[i] >> 4], out[k++] = d[c[i] & 15];
  out[k] = 0;
  return out;
}

int oli_text_same_file(const char *a, const char *b) {
  if (!a || !b) return 0;
  while (a[0] == '.' && a[1] == '/') a += 2;
  while (b[0] == '.' && b[1] == '/') b += 2;
  size_t la = strlen(a), lb = strlen(b);
  if (la < lb) {
    const char *t = a;
    size_t n = la;
    a = b, la = lb, b = t, lb = n;
  }
  return lb > 0 && strcmp(a + la - lb, b) == 0 && (la == lb || a[la - lb - 1] == '/');
}

const char *oli_text_base_name(const char *path) {
  const char *b = strrchr(path, '/');
  return b ? b + 1 : path;
}
