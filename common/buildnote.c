/* common/buildnote.c - writer and reader of the oli build note (buildnote.h). */
#include "buildnote.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oli_abi.h"

int oli_build_format(const oli_build_t *b, char *buf, size_t n) {
  int k = snprintf(buf, n,
                   OLI_BUILD_VERSION_TAG ";options=0x%016" PRIx64 ";profile-every=%" PRIu64
                                         ";plan-hash=0x%016" PRIx64 ";plan-sites=%" PRIu32
                                         ";plan-left-out=%" PRIu32 ";plan=%s",
                   b->options, b->profile_every, b->plan_hash, b->plan_sites, b->plan_left_out, b->plan);
  return k < 0 || (size_t)k >= n ? -1 : k;
}

/* The unsigned number of a value: 0 ok. */
static int number(const char *v, size_t len, uint64_t *out) {
  char tmp[32], *end;
  if (len == 0 || len >= sizeof tmp) return -1;
  memcpy(tmp, v, len);
  tmp[len] = 0;
  if (tmp[0] == '-') return -1;
  *out = strtoull(tmp, &end, 0);
  return *end ? -1 : 0;
}

int oli_build_parse(const char *desc, size_t len, oli_build_t *out, char *why, size_t why_n) {
  memset(out, 0, sizeof *out);
  const char *nul = memchr(desc, 0, len);
  if (nul) len = (size_t)(nul - desc);
  size_t tag = strlen(OLI_BUILD_VERSION_TAG);
  if (len < tag || memcmp(desc, OLI_BUILD_VERSION_TAG, tag) != 0 || (len > tag && desc[tag] != ';')) {
    if (why && why_n) snprintf(why, why_n, "build note does not start with '%s'", OLI_BUILD_VERSION_TAG);
    return -1;
  }
  const char *p = desc + tag, *end = desc + len;
  while (p < end) {
    p++; /* the ';' */
    const char *eq = memchr(p, '=', (size_t)(end - p));
    if (eq == NULL) break;
    size_t klen = (size_t)(eq - p);
    const char *v = eq + 1;
    if (klen == 4 && memcmp(p, "plan", 4) == 0) { /* last: the rest is the path */
      size_t vlen = (size_t)(end - v);
      if (vlen >= sizeof out->plan) vlen = sizeof out->plan - 1;
      memcpy(out->plan, v, vlen);
      out->plan[vlen] = 0;
      break;
    }
    const char *semi = memchr(v, ';', (size_t)(end - v));
    size_t vlen = (size_t)((semi ? semi : end) - v);
    uint64_t x = 0;
    int bad = number(v, vlen, &x);
#define KEY(s) (klen == sizeof(s) - 1 && memcmp(p, s, klen) == 0)
    if (KEY("options")) bad = bad || (out->options = x, 0);
    else if (KEY("profile-every")) bad = bad || (out->profile_every = x, 0);
    else if (KEY("plan-hash")) bad = bad || (out->plan_hash = x, 0);
    else if (KEY("plan-sites")) bad = bad || x > UINT32_MAX || (out->plan_sites = (uint32_t)x, 0);
    else if (KEY("plan-left-out")) bad = bad || x > UINT32_MAX || (out->plan_left_out = (uint32_t)x, 0);
    else bad = 0; /* a later version's key */
#undef KEY
    if (bad) {
      if (why && why_n) snprintf(why, why_n, "build note: bad value for '%.*s'", (int)klen, p);
      return -1;
    }
    p = semi ? semi : end;
  }
  return 0;
}

int oli_build_next(const unsigned char **pp, const unsigned char *end, oli_build_t *out) {
  const unsigned char *p = *pp;
  while (p && end - p >= 12) {
    uint32_t hdr[3]; /* namesz, descsz, type */
    memcpy(hdr, p, sizeof hdr);
    size_t name_at = 12, desc_at = name_at + (((size_t)hdr[0] + 3) & ~(size_t)3);
    size_t next = desc_at + (((size_t)hdr[1] + 3) & ~(size_t)3);
    if (hdr[0] > (size_t)(end - p) || hdr[1] > (size_t)(end - p) || next > (size_t)(end - p)) break;
    const unsigned char *q = p;
    p += next;
    if (hdr[2] != OLI_NOTE_BUILD || hdr[0] != sizeof OLI_NOTE_OWNER ||
        memcmp(q + name_at, OLI_NOTE_OWNER, sizeof OLI_NOTE_OWNER) != 0)
      continue;
    if (oli_build_parse((const char *)q + desc_at, hdr[1], out, NULL, 0) == 0) {
      *pp = p;
      return 1;
    }
  }
  *pp = end;
  return 0;
}
