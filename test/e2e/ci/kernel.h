/* A multi-file stand-in for the CI gate (e2e/ci-gate, numa-lab/gate): grids made in grid.c,
 * swept in solve.c, driven by main.c; large arrays, small hot vectors and a
 * site that never allocates in a good run. */
#include <stddef.h>

#define N (1 << 20)            /* doubles per large array: 8 MiB */
#define SCRATCH (32 << 10)     /* doubles of the scratch vector: 256 KiB, below OLI_MIN_SIZE */

typedef struct grid_s {
  double *energy;   /* streamed every sweep */
  double *xs;       /* streamed every sweep */
  double *coeff;    /* a small table, read every sweep */
} grid_t;

grid_t grid_make(size_t n);
double *grid_spare(size_t n); /* only when a sweep fails */
double sweep(const grid_t *g, double *scratch, size_t n, int reps);
