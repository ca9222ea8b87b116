/* cg_matrix.h - the random SPD matrix and the known solutions of the cg
 * kernels (cg.c, mpi/cg_mpi.c): both solve exactly the same problems. */
#ifndef OLI_CG_MATRIX_H
#define OLI_CG_MATRIX_H
#include "bench.h"
#include <math.h>

typedef struct {
  long n;      /* rows */
  int k;       /* random partners generated per row */
  double shift;
  int nsolve;
} cg_params_t;

static const cg_params_t cg_classes[BENCH_NCLASS] = {
    {20000, 8, 0.5, 3},        /* S: a 2.7 MB, colidx 1.4 MB */
    {150000, 10, 0.3, 4},      /* W: a 25 MB */
    {400000, 15, 0.2, 8},      /* A: a 100 MB */
    {2000000, 20, 0.1, 5},     /* B: a 0.65 GB */
    {16000000, 25, 0.1, 4},    /* C: a 6.5 GB, colidx 3.3 GB, ~11 GB total */
};

#define CG_SEED 0x5eed0c6ull
#define CG_TOL 1e-10
#define CG_MAXIT 1000

/* Partner and value of pair (i, j) of the generated stream. */
static inline void cg_pair(long n, long i, int j, long *col, double *val) {
  uint64_t h = bench_mix64(CG_SEED ^ ((uint64_t)i * 64 + (uint64_t)j));
  long c = (long)(h % (uint64_t)n);
  if (c == i) c = (c + 1) % n;
  *col = c;
  *val = -(0.1 + 0.9 * ((double)(h >> 40) * 0x1.0p-24));
}

static inline double zexact_value(int s, long i) {
  return 1.0 + 0.5 * sin(0.37 * (double)i + s) + 0.1 * bench_uniform(CG_SEED + s, (uint64_t)i);
}

#endif /* OLI_CG_MATRIX_H */
