/* verify.c - the verification of xs (xs.h): the histories of every
 * XS_VERIFY_STRIDE-th particle replayed from their birth, each nuclide found
 * by a binary search in its own grid (no union or index grid). */
#include "xs.h"

/* Their hashes and cross-section sums (hash_sub, sum_sub). */
xs_tally_t replay(xs_data_t SD, long np) {
  const int niso = SD.n_isotopes;
  const long ngp = SD.n_gridpoints;
  const xs_point_t *nuclide_grid = SD.nuclide_grid;
  const int *mat_count = SD.mat_count, *mat_nuclide = SD.mat_nuclide;
  const double *mat_conc = SD.mat_conc;
  uint64_t ref_hash = 0;
  double ref_sum = 0.0;
#pragma omp parallel for schedule(dynamic, 1000) reduction(+ : ref_hash, ref_sum)
  for (long p = 0; p < np; p += XS_VERIFY_STRIDE) {
    double E;
    int mat;
    birth(p, &E, &mat);
    for (int e = 0; e < XS_EVENTS; e++) {
      double macro[5] = {0, 0, 0, 0, 0};
      for (int c = 0; c < mat_count[mat]; c++) {
        int n = mat_nuclide[mat * niso + c];
        const xs_point_t *g = nuclide_grid + (size_t)n * ngp;
        long j = search(&g[0].energy, ngp, sizeof *g / sizeof(double), E);
        if (j > ngp - 2) j = ngp - 2;
        interpolate(g + j, E, mat_conc[mat * niso + c], macro);
      }
      ref_hash += (uint64_t)(e * np + p + 1) * argmax5(macro);
      ref_sum += macro[0] + macro[1] + macro[2] + macro[3] + macro[4];
      collide(p, e, &E, &mat);
    }
  }
  return (xs_tally_t){0, ref_hash, ref_sum};
}
