/* NUMA lab workload, compiled WITH the oli plugin: one object as large as the
 * lab holds, interleaved (it is the whole footprint), touched and verified; then
 * the kernel's node of every page (labutil.c, move_pages): the longest run on
 * one node and the worst window, for check.py to hold against the run bound
 * max(w) x 2 MiB and one huge page per window (issue 11).
 *
 *   lab_stripe RUN [MiB [WINDOW_PAGES]]     default 800 MiB, windows of 2560 pages
 *                                            (sum(w) x 2 MiB at 4:1)
 *   lab_stripe migrate [MiB]                 re-decision with pages present (issue
 *                                            11): a 4 MiB object `first`, filled while
 *                                            it is the whole footprint (interleaved),
 *                                            then the big one: `first` is no longer
 *                                            large and is migrated to local DRAM;
 *                                            both verified after
 * The allocation and the __LINE__ that names it stand on one line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "labutil.h"

#define MiB (1024UL * 1024UL)

int main(int argc, char **argv) {
  const char *run = argc > 1 ? argv[1] : "stripe";
  size_t bytes = (argc > 2 ? strtoul(argv[2], NULL, 10) : 800) * MiB;
  long window = argc > 3 ? strtol(argv[3], NULL, 10) : 2560;
  int migrate = strcmp(run, "migrate") == 0;
  char *first = NULL;
  int first_line = 0;
  if (migrate) {
    first = malloc(4 * MiB); first_line = __LINE__;
    if (!first) {
      printf("OLI-LAB alloc run=%s ok=0\n", run);
      return 1;
    }
    lab_fill(first, 4 * MiB, 3);
  }
  char *big = malloc(bytes); const int big_line = __LINE__;
  if (!big) {
    printf("OLI-LAB alloc run=%s ok=0\n", run);
    return 1;
  }
  lab_fill(big, bytes, 7);
  int ok = lab_verify(big, bytes, 7);
  if (migrate) ok &= lab_verify(first, 4 * MiB, 3); /* its pages moved: still its data */
  printf("OLI-LAB alloc run=%s ok=%d\n", run, ok);
  lab_object(run, "big", __FILE__, big_line, big, bytes);
  if (migrate) lab_object(run, "first", __FILE__, first_line, first, 4 * MiB);
  else lab_stripe(run, big, bytes, window);
  return ok ? 0 : 1;
}
