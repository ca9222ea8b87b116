/* fuzz-summary.c - libFuzzer target for the access summaries' reader and
 * join (common/summary.c): `oli sites` and `oli plan --static` run them over
 * the oli_summary section of any ELF file they are pointed at, the runtime
 * over every loaded module's (docs/static-intensity.md, "Across modules").
 *
 * Input: the section's bytes. A section the check accepts is joined for
 * every site its EDGEs start from (up to 16), as `oli sites` does: the join
 * must end, stay inside the buffer (ASan) and give an estimate whose shares
 * are percentages. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "summary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* a private copy, exactly sized, so ASan sees any read past the end */
  unsigned char *buf = malloc(size ? size : 1);
  if (buf == NULL) return 0;
  memcpy(buf, data, size);
  char why[160];
  if (oli_summary_check(buf, buf + size, why, sizeof why) != 0) {
    if (memchr(why, '\0', sizeof why) == NULL) abort();
    free(buf);
    return 0;
  }
  uint64_t sites[16];
  unsigned n = 0;
  oli_summary_t r;
  for (size_t at = 0; at < size && n < 16;) {
    int rc = oli_summary_decode(buf + at, size - at, at, &r, why, sizeof why);
    if (rc < 0) abort(); /* the check accepted the section */
    if (rc == 0) {
      at += 8;
      continue;
    }
    if (r.size < 8 || r.size % 8 || r.size > size - at) abort();
    if (r.what == OLI_SUMMARY_EDGE && r.from_site) sites[n++] = r.from_site;
    at += r.size;
  }
  oli_summary_buf_t b = {buf, size};
  for (unsigned i = 0; i < n; i++) {
    __oli_site_static_t local = {1, 16, OLI_PATTERN_STREAMING, OLI_CONFIDENCE_MEDIUM, OLI_STATIC_F_KEYED,
                                 {100, 0, 0}, 0.125f, 1.0f};
    __oli_site_static_t out;
    oli_summary_join(&b, 1, sites[i], i % 2 ? 0 : (uint64_t)1 << 24, &local, &out);
    if (out.share[0] > 100 || out.share[1] > 100 || out.share[2] > 100) abort();
  }
  free(buf);
  return 0;
}
