/* fuzz-machine.c - libFuzzer target for the machine-file reader
 * (common/machine.c), which the runtime runs on OLI_MACHINE or the default
 * machine file at start-up, and `oli calibrate --show` on any file.
 *
 * Input: the file's contents. A file the reader accepts must hold only
 * values in the documented ranges, no measurement twice, and read back the
 * same after the writer has written it again (parse, write, parse). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"

static oli_machine_t m, again;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char why[256];
  if (oli_machine_parse((const char *)data, size, NULL, &m, why, sizeof why) != 0) {
    if (strchr(why, '\n') || why[0] == '\0') abort(); /* errors are one non-empty line */
    return 0;
  }
  if (m.n == 0 || m.n > OLI_MACHINE_MAX_ROWS) abort();
  for (size_t i = 0; i < m.n; i++) {
    const oli_machine_row_t *r = &m.rows[i];
    if (r->from < 0 || r->from > OLI_MACHINE_MAX_NODE || r->to < 0 || r->to > OLI_MACHINE_MAX_NODE) abort();
    if (r->read_bw == 0 || r->nsweep > OLI_MACHINE_MAX_SWEEP || r->ntriad > OLI_MACHINE_MAX_SWEEP) abort();
    for (uint32_t k = 0; k < r->ntriad; k++) /* MB/s above 0, threads ascending: the curve the planner reads */
      if (r->triad[k].triad_bw == 0 || (k && r->triad[k].threads <= r->triad[k - 1].threads)) abort();
    if (oli_machine_find(&m, r->from, r->to) != r) abort(); /* no duplicate (from, to) */
  }
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (f == NULL) return 0;
  if (oli_machine_write(f, &m, "fuzz") != 0) abort();
  fclose(f);
  if (oli_machine_parse(text, len, NULL, &again, why, sizeof why) != 0) abort();
  if (again.n != m.n || strcmp(again.host, m.host) != 0 || again.buffer_bytes != m.buffer_bytes) abort();
  for (size_t i = 0; i < m.n; i++)
    if (memcmp(&again.rows[i], &m.rows[i], sizeof m.rows[i]) != 0) abort();
  free(text);
  return 0;
}
