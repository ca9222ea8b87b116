/* fuzz-size.c - libFuzzer target for the size parser (common/size.c) behind
 * OLI_DRAM_LIMIT, OLI_MIN_SIZE, OLI_ARENA_SIZE and the CLI's --dram-limit.
 *
 * Input: a string (a NUL is added). Accepted values must be exact: a plain
 * decimal number parses to itself, and formatting never overflows. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "size.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (s == NULL) return 0;
  memcpy(s, data, size);
  s[size] = '\0';
  uint64_t v = 0x5a5a5a5a5a5a5a5aull, keep = v;
  int rc = oli_parse_size(s, &v);
  if (rc != 0 && v != keep) abort(); /* *out untouched on failure */
  if (rc > 0 || rc < -3) abort();     /* 0, or what is wrong: syntax, below a byte, too large */
  int only_digits = size > 0;
  for (size_t i = 0; i < size && only_digits; i++) only_digits = isdigit((unsigned char)s[i]) != 0;
  if (only_digits && rc != 0 && rc != -3) abort(); /* well formed: a size or too large, never bad syntax */
  if (rc == 0) {
    int digits = size > 0 && size <= 19;
    for (size_t i = 0; i < size && digits; i++) digits = isdigit((unsigned char)s[i]) != 0;
    if (digits && v != strtoull(s, NULL, 10)) abort();
    char buf[32], tiny[4];
    oli_format_size(v, buf, sizeof buf);
    if (memchr(buf, '\0', sizeof buf) == NULL) abort();
    oli_format_size(v, tiny, sizeof tiny);
    if (memchr(tiny, '\0', sizeof tiny) == NULL) abort();
  }
  free(s);
  return 0;
}
