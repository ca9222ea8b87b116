/* test/runtime/sitehelper.h - build __oli_site_t records in tests the way the
 * pass lays them out (header, then file NUL function NUL name NUL, 8-aligned). */
#ifndef OLI_SITEHELPER_H
#define OLI_SITEHELPER_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "oli_abi.h"

/* A record in `buf` (>= 256 bytes, 8-aligned); returns it. */
static inline __oli_site_t *test_site_at(void *buf, uint64_t id, unsigned kind, uint64_t hint, const char *file,
                                         unsigned line, const char *func, const char *name) {
  __oli_site_t *s = (__oli_site_t *)buf;
  size_t fl = strlen(file), fn = strlen(func), nl = name ? strlen(name) : 0;
  size_t size = (OLI_SITE_HEADER_SIZE + fl + 1 + fn + 1 + nl + 1 + 7) & ~(size_t)7;
  memset(s, 0, size);
  s->magic = OLI_SITE_MAGIC;
  s->size = (uint16_t)size;
  s->kind = (uint8_t)kind;
  s->flags = (uint8_t)((hint ? OLI_SITE_F_SIZE_KNOWN : 0) | OLI_SITE_F_HAS_LINE);
  s->id = id;
  s->size_hint = hint;
  s->line = line;
  s->file_len = (uint16_t)fl;
  s->func_len = (uint16_t)fn;
  s->name_len = (uint16_t)nl;
  char *p = s->strings;
  memcpy(p, file, fl + 1);
  memcpy(p + fl + 1, func, fn + 1);
  if (nl) memcpy(p + fl + 1 + fn + 1, name, nl + 1);
  return s;
}

/* s given the pass's static estimate block after its strings (buf holds
 * >= 256 bytes); returns s. */
static inline __oli_site_t *test_site_estimate(__oli_site_t *s, unsigned pattern, unsigned confidence, unsigned flags,
                                               float intensity, float passes, unsigned streaming, unsigned gather) {
  __oli_site_static_t e;
  memset(&e, 0, sizeof e);
  e.version = OLI_SITE_STATIC_VERSION, e.size = OLI_SITE_STATIC_SIZE;
  e.pattern = (uint8_t)pattern, e.confidence = (uint8_t)confidence, e.flags = (uint8_t)flags;
  e.share[0] = (uint8_t)streaming, e.share[2] = (uint8_t)gather;
  e.intensity = intensity, e.passes = passes;
  memcpy((char *)s + s->size, &e, sizeof e);
  s->size = (uint16_t)(s->size + ((OLI_SITE_STATIC_SIZE + 7) & ~7));
  return s;
}

/* A fresh heap-independent record (static storage, up to 64 per test). */
static inline __oli_site_t *test_site(uint64_t id, unsigned kind, uint64_t hint, const char *name) {
  static uint64_t store[64][32];
  static int used;
  int k = used++;
  return test_site_at(store[k % 64], id, kind, hint, "test/runtime/sites.c", 10 + (unsigned)k, "main", name);
}

#endif
