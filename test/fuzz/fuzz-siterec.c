/* fuzz-siterec.c - libFuzzer target for the oli_sites record iterator
 * (common/siterec.c): the CLI runs it over the section bytes of any ELF file
 * it is pointed at, the runtime over every loaded module's section.
 *
 * Input: the section's bytes. Every record returned must lie inside the
 * buffer with NUL-terminated strings inside it, and a static estimate block
 * after them with its values in range; the walk must end. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "siterec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* a private copy, exactly sized, so ASan sees any read past the end */
  unsigned char *buf = malloc(size ? size : 1);
  if (buf == NULL) return 0;
  memcpy(buf, data, size);
  oli_siterec_iter_t it;
  oli_siterec_t r;
  char why[128];
  int rc;
  size_t n = 0;
  oli_siterec_iter_init(&it, buf, buf + size);
  while ((rc = oli_siterec_next(&it, &r, why, sizeof why)) > 0) {
    if (r.offset + r.size > size || r.size < OLI_SITE_HEADER_SIZE || r.size % 8) abort();
    if ((const unsigned char *)r.record != buf + r.offset) abort();
    /* strings inside the record, terminated */
    const char *lo = (const char *)buf + r.offset, *hi = lo + r.size;
    const char *strs[] = {r.file, r.function, r.name};
    for (int k = 0; k < 3; k++) {
      if (strs[k] < lo || strs[k] >= hi) abort();
      if (memchr(strs[k], '\0', (size_t)(hi - strs[k])) == NULL) abort();
    }
    if (r.has_static) { /* the block lies after the strings, its values in range */
      const char *end = r.name + strlen(r.name) + 1;
      if (end > hi - OLI_SITE_STATIC_SIZE || r.st.pattern > OLI_PATTERN_MAX_ || r.st.confidence > OLI_CONFIDENCE_MAX_ ||
          r.st.version < 1 || r.st.size < OLI_SITE_STATIC_SIZE)
        abort();
    }
    oli_site_kind_t back;
    if (oli_kind_parse(oli_kind_name(r.kind), &back) != 0 || back != r.kind) abort();
    if (++n > size / 8 + 1) abort(); /* the walk advances */
  }
  if (rc < 0) {
    if (memchr(why, '\0', sizeof why) == NULL) abort();
    /* after an error the iterator stays put */
    char why2[128];
    if (oli_siterec_next(&it, &r, why2, sizeof why2) != -1 || strcmp(why, why2) != 0) abort();
  }
  /* a tiny why buffer must not overflow */
  oli_siterec_iter_init(&it, buf, buf + size);
  char tiny[1];
  while (oli_siterec_next(&it, &r, tiny, sizeof tiny) > 0) {
  }
  free(buf);
  return 0;
}
