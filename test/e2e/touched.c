/* test/e2e/touched.c - objects of which a run touches all or part (e2e.sh
 * profile-touched): a global swept whole, a placed object of which only its
 * second 4 MiB are used, one swept whole by two threads (each its half),
 * an object below OLI_MIN_SIZE of which its first quarter is used, and four
 * 2 MiB objects of one site of which each its first 512 KiB is used (the span
 * is within an object, not across them). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MiB (1u << 20)

double grid[MiB]; /* 8 MiB */

int main(void) {
  double *blk[4];
  for (int k = 0; k < 4; k++)
    if (!(blk[k] = malloc(2 * MiB))) return 1;
  for (int k = 0; k < 4; k++)
    for (size_t i = 0; i < 512 * 1024 / 8; i++) blk[k][i] = (double)(i ^ (size_t)k);
  double *part = malloc(32 * MiB); /* used: [4 MiB, 8 MiB) */
  double *all = malloc(16 * MiB);
  double *small = malloc(512 * 1024); /* used: its first 128 KiB */
  if (!part || !all || !small) return 1;
  size_t lo = 4 * MiB / 8, hi = 8 * MiB / 8, n = 16 * MiB / 8, m = 128 * 1024 / 8;
  for (size_t i = lo; i < hi; i++) part[i] = (double)i;
  for (size_t i = 0; i < m; i++) small[i] = (double)i;
#pragma omp parallel for
  for (size_t i = 0; i < n; i++) all[i] = 1.0;
  double s = 0;
  for (int r = 0; r < 4; r++) {
    for (size_t i = 0; i < MiB; i++) grid[i] += r;
    uint64_t x = 88172645463325252ull;
    for (size_t i = 0; i < hi - lo; i++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      s += part[lo + x % (hi - lo)];
    }
#pragma omp parallel for reduction(+ : s)
    for (size_t i = 0; i < n; i++) s += all[i];
    for (size_t i = 0; i < m; i++) s += small[i];
    for (int k = 0; k < 4; k++)
      for (size_t i = 0; i < 512 * 1024 / 8; i++) s += blk[k][i];
  }
  printf("%g %g %p\n", s, grid[MiB - 1], (void *)blk[3]);
  free(part);
  free(all);
  free(small);
  for (int k = 0; k < 4; k++) free(blk[k]);
  return 0;
}
