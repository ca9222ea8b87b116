/* fuzz-options.c - libFuzzer target for the environment parser
 * (runtime/base/options.c): every OLI_* value goes through _oli_option_check, and
 * the pure parsers behind it (oli_policy_parse, _oli_parse_weights,
 * _oli_parse_nodelist: common/grammar.c under the options' rules), the list formatter and the %p/%r/%h path
 * pattern expansion.
 *
 * Input: a string (a NUL is added), tried as the value of every option.
 *
 * Every error message must be one line, whatever the value holds (values are
 * shown escaped since 05d2c86); corpus/options/crash-newline-in-value is the
 * regression input (docs/reliability.md). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grammar.h"
#include "internal.h"

static void quiet(const char *msg, void *arg) { (void)msg, (void)arg; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int once;
  if (!once) {
    _oli_set_output(quiet, NULL);
    once = 1;
  }
  char *s = malloc(size + 1);
  if (s == NULL) return 0;
  memcpy(s, data, size);
  s[size] = '\0';
  for (int o = 0; o < _oli_option_last; o++) {
    char msg[256];
    long out = -12345;
    bool forced = false;
    memset(msg, 'x', sizeof msg);
    msg[sizeof msg - 1] = '\0';
    int rc = _oli_option_check((oli_option_t)o, s, &out, &forced, msg, sizeof msg);
    if (rc != 0 && rc != -1) abort();
    if (rc == -1 && (msg[0] == '\0' || strchr(msg, '\n') != NULL)) abort(); /* one line */
    char tiny[2];
    (void)_oli_option_check((oli_option_t)o, s, &out, &forced, tiny, sizeof tiny);
    if (rc == 0 && o == oli_option_large_percent && (out < 0 || out > 100)) abort();
    if (rc == 0 && (o == oli_option_dram_limit || o == oli_option_min_size ||
                    o == oli_option_arena_size) && out < 0)
      abort(); /* sizes never wrap to negative */
  }

  oli_policy_t p;
  if (oli_policy_parse(s, &p) == 0 && strcmp(oli_policy_name(p), s) != 0) {
    /* names may be case-insensitive; the name must at least be a known one */
    oli_policy_t q;
    if (oli_policy_parse(oli_policy_name(p), &q) != 0 || q != p) abort();
  }

  uint32_t w[OLI_MAX_TARGETS] = {0};
  int n = -1;
  if (_oli_parse_weights(s, w, &n) == 0 && (n < 1 || n > OLI_MAX_TARGETS)) abort();

  uint64_t mask = 0;
  if (_oli_parse_nodelist(s, &mask) == 0) {
    char buf[4 * OLI_MAX_NODES], tiny[3];
    uint64_t again = 0;
    oli_format_list(mask, buf, sizeof buf);
    if (mask != 0 && (_oli_parse_nodelist(buf, &again) != 0 || again != mask)) abort();
    oli_format_list(mask, tiny, sizeof tiny);
    if (memchr(tiny, '\0', sizeof tiny) == NULL) abort();
  }

  char path[64];
  for (size_t cap = 1; cap <= sizeof path; cap *= 4) {
    memset(path, 'z', sizeof path);
    if (_oli_expand_pattern(s, path, cap) == 0 && memchr(path, '\0', cap) == NULL) abort();
  }
  free(s);
  return 0;
}
