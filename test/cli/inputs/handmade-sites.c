/* Hand-made oli_sites records in the ABI v1 layout (include/oli_abi.h), as the
 * pass would emit them, to test `oli sites` without the plugin. Built with
 * -DSECOND_TU for a second translation unit that repeats one inline site. */
#include <stdint.h>
#include <stddef.h>

#include "oli_abi.h"

/* A record with room for its strings: file NUL function NUL name NUL, padded to 8. */
#define REC(var, ID, KIND, FLAGS, HINT, LINE, REL, FILE_, FUNC, NAME)                        \
  static struct {                                                                           \
    __oli_site_t h;                                                                         \
    char s[(sizeof(FILE_) + sizeof(FUNC) + sizeof(NAME) + 7) / 8 * 8];                      \
  } var __attribute__((section(OLI_SITE_SECTION), used, aligned(8))) = {                    \
      {OLI_SITE_MAGIC, (uint16_t)(OLI_SITE_HEADER_SIZE +                                    \
                                  (sizeof(FILE_) + sizeof(FUNC) + sizeof(NAME) + 7) / 8 * 8), \
       KIND, FLAGS, ID, HINT, LINE, REL, sizeof(FILE_) - 1, sizeof(FUNC) - 1,               \
       sizeof(NAME) - 1, 0, 0},                                                             \
      FILE_ "\0" FUNC "\0" NAME}

#ifndef SECOND_TU
REC(r1, 0x3f2a9c0d11e4b5a7ull, OLI_KIND_MALLOC, OLI_SITE_F_HAS_LINE, 0, 120, 8, "cg/cg.c", "main", "a");
REC(r2, 0x00000000000000ffull, OLI_KIND_GLOBAL, OLI_SITE_F_SIZE_KNOWN, 8388608, 12, 0, "cg/globals.c",
    "", "colidx");
REC(r3, 0x1111222233334444ull, OLI_KIND_NEW_ARRAY, OLI_SITE_F_HAS_LINE | OLI_SITE_F_SIZE_KNOWN, 4096,
    40, 3, "x.cc", "vec_init", "");
#endif
/* the same inline helper's site, in both translation units */
REC(rinl, 0xabcdef0123456789ull, OLI_KIND_CALLOC, OLI_SITE_F_HAS_LINE, 0, 7, 1, "util.h", "xcalloc", "");

#ifdef BAD_SIZE /* size below the header */
static struct { uint32_t magic; uint16_t size; uint8_t kind, flags; uint64_t rest[5]; } bad
    __attribute__((section(OLI_SITE_SECTION), used, aligned(8))) = {OLI_SITE_MAGIC, 40, 1, 0, {0}};
#endif
#ifdef BAD_MAGIC /* not a record: wrong magic */
static uint64_t bad[6] __attribute__((section(OLI_SITE_SECTION), used, aligned(8))) = {0x1234567, 1, 2, 3, 4, 5};
#endif

#ifndef SECOND_TU
int main(void) { return 0; }
#endif
