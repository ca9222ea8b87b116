/* NUMA lab workload, compiled WITH the oli plugin: several objects of different
 * kinds and sizes, all live until exit, so the runtime's report (OLI_REPORT)
 * covers each. For every object it prints the kernel's own page count per node
 * (labutil.c, move_pages), keyed by the source line of the allocation, which
 * check.py matches to the report's site (file, line).
 *
 *   lab_objects RUN      RUN names the result lines (OLI-LAB obj run=RUN ...)
 *
 * Sizes: 32+24+20 MiB are >= 10% of the ~86 MiB footprint (large), 8 and 2 MiB
 * are not, 64 KiB is below OLI_MIN_SIZE. Each allocation and the __LINE__ that
 * names it stand on one line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "labutil.h"

#define MiB (1024UL * 1024UL)

static char global_arr[20 * MiB]; static const int global_line = __LINE__;

int main(int argc, char **argv) {
  const char *run = argc > 1 ? argv[1] : "run";
  char *heap = malloc(32 * MiB); const int heap_line = __LINE__;
  double *zeroed = calloc(24 * MiB / sizeof(double), sizeof(double)); const int calloc_line = __LINE__;
  char *aligned = aligned_alloc(2 * MiB, 8 * MiB); const int aligned_line = __LINE__;
  char *small = malloc(2 * MiB); const int small_line = __LINE__;
  char *tiny = malloc(64 * 1024); const int tiny_line = __LINE__;
  if (!heap || !zeroed || !aligned || !small || !tiny) {
    printf("OLI-LAB alloc run=%s ok=0\n", run);
    return 1;
  }
  int ok = lab_is_zero(zeroed, 24 * MiB) && lab_is_zero(global_arr, sizeof global_arr);
  lab_fill(heap, 32 * MiB, 1);
  lab_fill(zeroed, 24 * MiB, 2);
  lab_fill(aligned, 8 * MiB, 3);
  lab_fill(small, 2 * MiB, 4);
  lab_fill(tiny, 64 * 1024, 5);
  lab_fill(global_arr, sizeof global_arr, 6);
  ok = ok && ((unsigned long)aligned % (2 * MiB)) == 0;
  ok = ok && lab_verify(heap, 32 * MiB, 1) && lab_verify(zeroed, 24 * MiB, 2) && lab_verify(aligned, 8 * MiB, 3) &&
       lab_verify(small, 2 * MiB, 4) && lab_verify(tiny, 64 * 1024, 5) && lab_verify(global_arr, sizeof global_arr, 6);
  printf("OLI-LAB alloc run=%s ok=%d\n", run, ok);
  lab_object(run, "heap", __FILE__, heap_line, heap, 32 * MiB);
  lab_object(run, "calloc", __FILE__, calloc_line, zeroed, 24 * MiB);
  lab_object(run, "aligned", __FILE__, aligned_line, aligned, 8 * MiB);
  lab_object(run, "global", __FILE__, global_line, global_arr, sizeof global_arr);
  lab_object(run, "small", __FILE__, small_line, small, 2 * MiB);
  lab_object(run, "tiny", __FILE__, tiny_line, tiny, 64 * 1024);
  return ok ? 0 : 1;
}
