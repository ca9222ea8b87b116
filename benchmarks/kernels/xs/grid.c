/* grid.c - the grids and materials of xs (xs.h), each allocated when it is
 * built into a field of the xs_data_t that grid_init returns. */
#include "xs.h"

/* Share of nuclides in each material (fuel first). */
static const double mat_share[XS_NMAT] = {0.5, 0.15, 0.1, 0.1, 0.08, 0.12,
                                          0.12, 0.05, 0.14, 0.06, 0.05, 0.1};

/* As XSBench's grid set-up does: the union grid is filled and sorted before
 * the index grid (30x its size) exists, so the runtime learns the footprint
 * only after the small union grid has its pages (re-decided and migrated
 * then); the particle bank (simulation.c) comes after the grids. */
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

xs_data_t grid_init(xs_params_t P) {
  xs_data_t SD;
  const int niso = P.n_isotopes;
  const long ngp = P.n_gridpoints, nunion = niso * ngp;
  SD.n_isotopes = niso;
  SD.n_gridpoints = ngp;
  SD.n_union = nunion;

  SD.nuclide_grid = malloc((size_t)nunion * sizeof *SD.nuclide_grid);
  BENCH_CHECK_ALLOC(SD.nuclide_grid, nunion * sizeof *SD.nuclide_grid);
  /* ---- materials: small objects ---- */
  SD.mat_count = malloc(XS_NMAT * sizeof *SD.mat_count);
  BENCH_CHECK_ALLOC(SD.mat_count, XS_NMAT * sizeof *SD.mat_count);
  SD.mat_nuclide = malloc((size_t)XS_NMAT * niso * sizeof *SD.mat_nuclide);
  BENCH_CHECK_ALLOC(SD.mat_nuclide, XS_NMAT * niso * sizeof *SD.mat_nuclide);
  SD.mat_conc = malloc((size_t)XS_NMAT * niso * sizeof *SD.mat_conc);
  BENCH_CHECK_ALLOC(SD.mat_conc, XS_NMAT * niso * sizeof *SD.mat_conc);

  /* Nuclide grids: energies are normalised running sums of random steps. */
  xs_point_t *nuclide_grid = SD.nuclide_grid;
#pragma omp parallel for schedule(dynamic)
  for (int n = 0; n < niso; n++) {
    xs_point_t *g = nuclide_grid + (size_t)n * ngp;
    uint64_t base = (uint64_t)n * (uint64_t)ngp * 8;
    double e = 0.0;
    for (long j = 0; j < ngp; j++) {
      e += 0.05 + bench_uniform(XS_SEED + 1, base + 8 * j);
      g[j].energy = e;
      for (int k = 0; k < 5; k++) g[j].xs[k] = bench_uniform(XS_SEED + 1, base + 8 * j + 1 + k);
    }
    e += 0.05 + bench_uniform(XS_SEED + 2, (uint64_t)n);
    for (long j = 0; j < ngp; j++) g[j].energy /= e;
  }
  /* Union grid: every energy, sorted. */
  SD.union_energy = malloc((size_t)nunion * sizeof *SD.union_energy);
  BENCH_CHECK_ALLOC(SD.union_energy, nunion * sizeof *SD.union_energy);
  double *union_energy = SD.union_energy;
#pragma omp parallel for schedule(static)
  for (long u = 0; u < nunion; u++) union_energy[u] = nuclide_grid[u].energy;
  qsort(union_energy, (size_t)nunion, sizeof *union_energy, cmp_double);
  /* Index grid: walk each nuclide's grid along the union grid. */
  SD.index_grid = malloc((size_t)nunion * niso * sizeof *SD.index_grid);
  BENCH_CHECK_ALLOC(SD.index_grid, nunion * niso * sizeof *SD.index_grid);
  int32_t *index_grid = SD.index_grid;
#pragma omp parallel for schedule(static)
  for (long u = 0; u < nunion; u++) index_grid[(size_t)u * niso] = 0; /* first touch */
#pragma omp parallel for schedule(dynamic)
  for (int n = 0; n < niso; n++) {
    const xs_point_t *g = nuclide_grid + (size_t)n * ngp;
    long j = 0;
    for (long u = 0; u < nunion; u++) {
      while (j + 1 < ngp && g[j + 1].energy <= union_energy[u]) j++;
      index_grid[(size_t)u * niso + n] = (int32_t)(j < ngp - 1 ? j : ngp - 2);
    }
  }
  /* Materials: distinct random nuclides, random concentrations. */
  for (int m = 0; m < XS_NMAT; m++) {
    int cnt = (int)(mat_share[m] * niso + 0.5);
    if (cnt < 1) cnt = 1;
    SD.mat_count[m] = cnt;
    int start = (int)(bench_mix64(XS_SEED + 3 + m) % (uint64_t)niso);
    int step = m == 0 ? 1 : 1 + (int)(bench_mix64(XS_SEED + 4 + m) % 3);
    for (int c = 0; c < cnt; c++) {
      SD.mat_nuclide[m * niso + c] = (start + c * step) % niso;
      SD.mat_conc[m * niso + c] = 0.1 + bench_uniform(XS_SEED + 5, (uint64_t)(m * niso + c));
    }
    /* step 2 or 3 may revisit a nuclide when cnt is large: fall back to step 1 */
    if ((long)cnt * step > niso)
      for (int c = 0; c < cnt; c++) SD.mat_nuclide[m * niso + c] = (start + c) % niso;
  }
  if (bench_fault()) memset(index_grid + (size_t)nunion * niso / 2, 0, 4096);
  return SD;
}
