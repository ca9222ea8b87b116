/* common/siterec.h - walk the __oli_site_t records of an `oli_sites` section
 * held in a byte buffer (a loaded module's [__start_oli_sites,
 * __stop_oli_sites), or the section's bytes read from an ELF file).
 *
 *   oli_siterec_iter_t it;
 *   oli_siterec_t r;
 *   char why[128];
 *   int rc;
 *   oli_siterec_iter_init(&it, start, stop);
 *   while ((rc = oli_siterec_next(&it, &r, why, sizeof why)) > 0)
 *     printf("0x%016llx %s\n", (unsigned long long)r.id, r.function);
 *   if (rc < 0) fprintf(stderr, "oli: %s\n", why);  // e.g. "record at offset 96: bad magic"
 *
 * Every record is validated before it is returned: magic, size (multiple of
 * 8, >= OLI_SITE_HEADER_SIZE, inside the buffer), kind (1..OLI_KIND_MAX_),
 * string lengths and their NUL terminators, and the static estimate block
 * when the record has room for one after its strings (version >= 1, size >=
 * 16, pattern and confidence in range). Zero 8-byte words between
 * records (padding between modules' contributions) are skipped. After an
 * error the iterator stays at the bad record (next returns the same error).
 * The buffer need not be aligned; fields are read with memcpy. Little-endian
 * hosts only (like the ABI).
 */
#ifndef OLI_COMMON_SITEREC_H
#define OLI_COMMON_SITEREC_H

#include <stddef.h>
#include <stdint.h>

#include "oli_abi.h"
#include "oli_vocab.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct oli_siterec_s {
  uint64_t id;
  uint64_t size_hint;   /* valid when flags & OLI_SITE_F_SIZE_KNOWN */
  uint32_t line, rel;
  uint8_t kind, flags;
  uint16_t size;        /* record size in bytes */
  const char *file;     /* NUL-terminated, inside the buffer */
  const char *function;
  const char *name;     /* "" when unknown */
  int has_static;       /* the record has a static estimate block (its confidence may be none) */
  __oli_site_static_t st; /* the block's version-1 fields, zero when absent */
  size_t offset;        /* of the record from the buffer start */
  const void *record;   /* the record itself (for the runtime: its __oli_site_t) */
} oli_siterec_t;

typedef struct oli_siterec_iter_s {
  const unsigned char *base;
  size_t len, pos;
} oli_siterec_iter_t;

void oli_siterec_iter_init(oli_siterec_iter_t *it, const void *start, const void *stop);
/* 1 = a record in *out; 0 = end of buffer; -1 = malformed (why filled, one line). */
int oli_siterec_next(oli_siterec_iter_t *it, oli_siterec_t *out, char *why, size_t why_n);
/* Validate and read the one record at rec, with `left` bytes available
 * (`offset`: its position, for messages): 1 ok, -1 malformed (why filled). */
int oli_siterec_decode(const void *rec, size_t left, size_t offset, oli_siterec_t *out, char *why, size_t why_n);
/* The strings of a registered record: file, function, object name ("" when
 * absent or the record does not decode). */
void oli_siterec_strings(const __oli_site_t *s, const char **file, const char **func, const char **name);

/* Kind names: oli_kind_name(); pattern and confidence names:
 * oli_access_pattern_name(), oli_confidence_name() (include/oli_vocab.h). */

#ifdef __cplusplus
}
#endif
#endif /* OLI_COMMON_SITEREC_H */
