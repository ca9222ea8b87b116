/* common/size.h - sizes as users write them: "64G", "512M", "4096", "1.5T". */
#ifndef OLI_COMMON_SIZE_H
#define OLI_COMMON_SIZE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Parse a byte size: digits with an optional fraction and an optional suffix
 * K/M/G/T/P (powers of 1024; an optional trailing "B" or "iB" is accepted).
 * 0 on success; -1 on bad syntax; -2 for a value that is not zero yet less
 * than one byte ("0.0000001K": 0 means something else to the callers); -3
 * for a size of 16 EiB or more (well formed, too large); *out untouched on
 * failure. */
int oli_parse_size(const char *s, uint64_t *out);

/* Format bytes as "64.0 GiB" / "512 B" into buf; returns buf. */
char *oli_format_size(uint64_t bytes, char *buf, int n);

#ifdef __cplusplus
}
#endif
#endif
