/* common/siterec.c - validating iterator over oli_sites records. */
#include "siterec.h"

#include <stdio.h>
#include <string.h>

/* The static estimate block of a record of `size` bytes whose strings end
 * (NULs included) at `strings_end`: 1 read, 0 none (no room after the
 * strings, padded to 8), -1 malformed (why says how). */
static int read_static(const unsigned char *rec, size_t size, size_t strings_end, __oli_site_static_t *out,
                       char *why, size_t why_n) {
  size_t at = (strings_end + 7) & ~(size_t)7;
  memset(out, 0, sizeof *out);
  if (size < at + OLI_SITE_STATIC_SIZE) return 0;
  memcpy(out, rec + at, OLI_SITE_STATIC_SIZE);
  if (out->version < 1 || out->size < OLI_SITE_STATIC_SIZE || out->pattern > OLI_PATTERN_MAX_ ||
      out->confidence > OLI_CONFIDENCE_MAX_) {
    if (why && why_n)
      snprintf(why, why_n, "static estimate block version %u, size %u, pattern %u, confidence %u (want version >= 1, "
               "size >= %d, pattern <= %d, confidence <= %d)", out->version, out->size, out->pattern,
               out->confidence, OLI_SITE_STATIC_SIZE, OLI_PATTERN_MAX_, OLI_CONFIDENCE_MAX_);
    return -1;
  }
  return 1;
}

void oli_siterec_iter_init(oli_siterec_iter_t *it, const void *start, const void *stop) {
  it->base = start;
  it->len = (start && stop && stop > start) ? (size_t)((const char *)stop - (const char *)start) : 0;
  it->pos = 0;
}

#define BAD(...)                                                                              \
  do {                                                                                        \
    if (why && why_n) snprintf(why, why_n, __VA_ARGS__);                                      \
    return -1;                                                                                \
  } while (0)

int oli_siterec_decode(const void *rec, size_t left, size_t offset, oli_siterec_t *out, char *why, size_t why_n) {
  const unsigned char *p = rec;
  uint32_t magic;
  uint16_t size, file_len, func_len, name_len;
  if (left < 8) BAD("record at offset %zu: truncated header (%zu of %d bytes)", offset, left, OLI_SITE_HEADER_SIZE);
  memcpy(&magic, p, 4);
  if (magic != OLI_SITE_MAGIC)
    BAD("record at offset %zu: bad magic 0x%08x (want 0x%08x)", offset, magic, OLI_SITE_MAGIC);
  if (left < OLI_SITE_HEADER_SIZE)
    BAD("record at offset %zu: truncated header (%zu of %d bytes)", offset, left, OLI_SITE_HEADER_SIZE);
  memcpy(&size, p + 4, 2);
  if (size < OLI_SITE_HEADER_SIZE || size % 8 != 0)
    BAD("record at offset %zu: bad size %u (a multiple of 8, >= %d)", offset, size, OLI_SITE_HEADER_SIZE);
  if (size > left)
    BAD("record at offset %zu: size %u runs past the section end (%zu bytes left)", offset, size, left);
  out->kind = p[6];
  out->flags = p[7];
  if (out->kind == 0 || out->kind > OLI_KIND_MAX_) BAD("record at offset %zu: unknown kind %u", offset, out->kind);
  memcpy(&out->id, p + 8, 8);
  memcpy(&out->size_hint, p + 16, 8);
  memcpy(&out->line, p + 24, 4);
  memcpy(&out->rel, p + 28, 4);
  memcpy(&file_len, p + 32, 2);
  memcpy(&func_len, p + 34, 2);
  memcpy(&name_len, p + 36, 2);
  size_t need = (size_t)OLI_SITE_HEADER_SIZE + file_len + 1u + func_len + 1u + name_len + 1u;
  if (need > size)
    BAD("record at offset %zu: strings (%u+%u+%u bytes) do not fit its size %u", offset, file_len, func_len,
        name_len, size);
  const char *s = (const char *)p + OLI_SITE_HEADER_SIZE;
  if (s[file_len] != '\0' || s[file_len + 1 + func_len] != '\0' || s[file_len + 1 + func_len + 1 + name_len] != '\0')
    BAD("record at offset %zu: a string is not NUL-terminated at its length", offset);
  if (memchr(s, '\0', file_len) || memchr(s + file_len + 1, '\0', func_len) ||
      memchr(s + file_len + func_len + 2, '\0', name_len))
    BAD("record at offset %zu: a string holds a NUL before its length", offset);
  char what[200];
  int st = read_static(p, size, need, &out->st, what, sizeof what);
  if (st < 0) BAD("record at offset %zu: %s", offset, what);
  out->has_static = st;
  out->size = size;
  out->file = s;
  out->function = s + file_len + 1;
  out->name = s + file_len + 1 + func_len + 1;
  out->offset = offset;
  out->record = p;
  return 1;
}

int oli_siterec_next(oli_siterec_iter_t *it, oli_siterec_t *out, char *why, size_t why_n) {
  static const unsigned char zero8[8];
  for (;;) {
    size_t left = it->len - it->pos;
    if (left == 0) return 0;
    const unsigned char *p = it->base + it->pos;
    if (left >= 8 && memcmp(p, zero8, 8) == 0) {
      it->pos += 8;
      continue;
    }
    if (left < 8) {
      /* a tail shorter than a word: fine only when all zero */
      for (size_t i = 0; i < left; i++)
        if (p[i]) BAD("record at offset %zu: %zu stray bytes at the end of the section", it->pos, left);
      it->pos = it->len;
      return 0;
    }
    int rc = oli_siterec_decode(p, left, it->pos, out, why, why_n);
    if (rc > 0) it->pos += out->size;
    return rc;
  }
}

void oli_siterec_strings(const __oli_site_t *s, const char **file, const char **func, const char **name) {
  static const char none[] = "";
  oli_siterec_t r;
  *file = *func = *name = none;
  if (s && oli_siterec_decode(s, s->size, 0, &r, NULL, 0) > 0) {
    *file = r.file;
    *func = r.function;
    *name = r.name;
  }
}
