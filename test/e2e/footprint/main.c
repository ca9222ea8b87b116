/* fp SMALL_KIB NSMALL MID_KIB BIG_KIB: NSMALL work vectors of SMALL_KIB, half
 * of them allocated before the mid-size array, half after, then the big one
 * (MID_KIB or BIG_KIB 0: not allocated). Every array is written and swept. */
#include <stdio.h>
#include <stdlib.h>

#include "fp.h"

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: fp SMALL_KIB NSMALL MID_KIB BIG_KIB\n");
    return 2;
  }
  size_t small = strtoul(argv[1], NULL, 10) * 128, nsmall = strtoul(argv[2], NULL, 10);
  size_t mid = strtoul(argv[3], NULL, 10) * 128, big = strtoul(argv[4], NULL, 10) * 128;
  double **work = malloc((nsmall + 1) * sizeof *work);
  double *m = NULL, *b = NULL;
  for (size_t k = 0; k < nsmall; k++) {
    if (k == nsmall / 2 && mid) m = fp_field(mid);
    work[k] = fp_work(small);
  }
  if (big) b = fp_grid(big);
  double s = 0;
  for (int it = 0; it < 3; it++) {
    for (size_t k = 1; k < nsmall; k++) fp_axpy(work[k], work[k - 1], small);
    if (m) fp_axpy(m, m, mid);
    if (b) fp_axpy(b, b, big);
  }
  for (size_t k = 0; k < nsmall; k++) s += fp_sum(work[k], small);
  if (m) s += fp_sum(m, mid);
  if (b) s += fp_sum(b, big);
  printf("sum %g\n", s);
  return 0;
}
