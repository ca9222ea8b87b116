/* NUMA lab workload for the real-CXL-stack suite (suite-cxl.sh), compiled WITH
 * the oli plugin. Small on purpose: QEMU 7.2 emulates every access to a CXL
 * Type-3 device's memory one by one, ~100x slower than RAM under TCG.
 * Same output as objects.c (labutil.c).
 *   lab_cxlobjects RUN
 * Sizes: 8 and 3 MiB are >= 10% of the ~12 MiB footprint, 1 MiB is not, 64 KiB is
 * below OLI_MIN_SIZE. Each allocation and the __LINE__ that names it stand on one line. */
#include <stdio.h>
#include <stdlib.h>

#include "labutil.h"

#define MiB (1024UL * 1024UL)

int main(int argc, char **argv) {
  const char *run = argc > 1 ? argv[1] : "run";
  char *heap = malloc(8 * MiB); const int heap_line = __LINE__;
  double *zeroed = calloc(3 * MiB / sizeof(double), sizeof(double)); const int calloc_line = __LINE__;
  char *small = malloc(1 * MiB); const int small_line = __LINE__;
  char *tiny = malloc(64 * 1024); const int tiny_line = __LINE__;
  if (!heap || !zeroed || !small || !tiny) {
    printf("OLI-LAB alloc run=%s ok=0\n", run);
    return 1;
  }
  int ok = lab_is_zero(zeroed, 3 * MiB);
  lab_fill(heap, 8 * MiB, 1);
  lab_fill(zeroed, 3 * MiB, 2);
  lab_fill(small, 1 * MiB, 4);
  lab_fill(tiny, 64 * 1024, 5);
  ok = ok && lab_verify(heap, 8 * MiB, 1) && lab_verify(zeroed, 3 * MiB, 2) && lab_verify(small, 1 * MiB, 4) &&
       lab_verify(tiny, 64 * 1024, 5);
  printf("OLI-LAB alloc run=%s ok=%d\n", run, ok);
  lab_object(run, "heap", __FILE__, heap_line, heap, 8 * MiB);
  lab_object(run, "calloc", __FILE__, calloc_line, zeroed, 3 * MiB);
  lab_object(run, "small", __FILE__, small_line, small, 1 * MiB);
  lab_object(run, "tiny", __FILE__, tiny_line, tiny, 64 * 1024);
  return ok ? 0 : 1;
}
