/* common/grammar.h - the small grammars users and documents write, parsed the
 * same way by the runtime, the pass and the CLI:
 *   sizes      "64G", "1.5M", "64GiB", "4096"   (common/size.h)
 *   ratios     "3:1", "2:1:1"                    local DRAM : CXL [: remote DRAM]
 *   lists      "0-3,8" (node lists, the kernel's cpulist/nodelist files)
 *   site IDs   "0x3f2a9c0d11e4b5a7"              (docs/site-ids.md)
 * Pure functions, no malloc, no locale. */
#ifndef OLI_COMMON_GRAMMAR_H
#define OLI_COMMON_GRAMMAR_H

#include <stddef.h>
#include <stdint.h>

#include "oli_vocab.h"
#include "size.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Decimal digits at *p (no sign, no blanks), value 0..max: 0 with *out set
 * and *p past the digits; -1 when there are none or the value passes max
 * (checked before each step: no overflow). The number inside every grammar
 * below, and in the kernel's sysfs files. */
int oli_parse_decimal(const char **p, uint64_t max, uint64_t *out);

/* A ratio "D:C" or "D:C:R": 2 or 3 decimal integers, each 0..max, separated
 * by ':' and nothing else. w[] gets them by tier (a missing R is 0), *parts
 * their number. 0 ok; -1 bad syntax or a part above max (w untouched).
 * Callers add what their value needs (plans: not all zero; OLI_WEIGHTS: each
 * at least 1). */
int oli_parse_ratio(const char *s, uint32_t max, uint32_t w[OLI_NODE_TIERS], int *parts);
/* w by tier as "D:C" (R == 0) or "D:C:R" into buf; returns buf. */
char *oli_format_ratio(const uint32_t w[OLI_NODE_TIERS], char *buf, size_t n);
/* Two ratios are the same split (6:2 is 3:1): cross products agree. */
int oli_ratio_equal(const uint32_t a[OLI_NODE_TIERS], const uint32_t b[OLI_NODE_TIERS]);

/* A list "a-b,c,..." of decimal members, optionally surrounded by blanks
 * and newlines (sysfs files end in one); empty (or all blank) is a list
 * with no members. Members below nbits are set in bits[] (64 per word;
 * bits may be NULL); every member is counted in *count (may be NULL). A
 * member above max, a range backwards, or any other character: -1. */
int oli_parse_list(const char *s, uint64_t *bits, unsigned nbits, uint64_t max, int *count);
/* The members of a 64-bit mask as "0-1,3" ("(none)" when empty); returns buf. */
char *oli_format_list(uint64_t mask, char *buf, size_t n);

/* A site ID: "0x" (or "0X") and 1 to 16 hex digits of either case. 0 ok, -1 bad. */
int oli_parse_site_id(const char *s, uint64_t *out);
/* As documents write it: "0x" and 16 lowercase hex digits (19 bytes with NUL). */
#define OLI_SITE_ID_LEN 19
char *oli_format_site_id(uint64_t id, char buf[OLI_SITE_ID_LEN]);

#ifdef __cplusplus
}
#endif
#endif /* OLI_COMMON_GRAMMAR_H */
