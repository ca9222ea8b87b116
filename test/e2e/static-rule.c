/* test/e2e/static-rule.c - a stand-in for a Monte Carlo transport code, for
 * the static half of the placement rule (e2e.sh static-*): its three large
 * objects of about the same size are accessed in three different ways, and
 * only the compiler's view of the loops tells them apart.
 *
 *   grid    the sorted energy grid and its cross sections, found by binary
 *           search for every particle: gather, latency-bound (as XSBench's
 *           unionized grid)
 *   flux    a flux tally swept whole every batch: streaming, bandwidth-bound
 *   source  the particles' source positions, generated once and read once
 *           when the particles are born: write-once, cold
 *
 * Sizes scale with the argument (MiB per object, default 8). Self-checking:
 * the tally is recomputed from the particles' grid points without the grid
 * search, and the sum of the source must come back. Exit 0 verified, 1 not. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MIB (1024UL * 1024UL)
#define BATCHES 6
#define LOOKUPS_PER_BATCH 40000

typedef struct {
  double energy;
  double xs[3]; /* total, scatter, absorption */
} point_t;

static point_t *grid;  /* the large objects: file-scope pointers, as codes keep them */
static double *flux;
static double *source;

static uint64_t mix(uint64_t x) {
  x ^= x >> 33, x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33, x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}

static double uniform(uint64_t i) { return (double)(mix(i) >> 11) * (1.0 / 9007199254740992.0); }

/* Largest point whose energy is <= e (0 if none). */
static long find(long n, double e) {
  long lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    long mid = lo + (hi - lo) / 2;
    if (grid[mid].energy <= e) lo = mid;
    else hi = mid;
  }
  return grid[hi].energy <= e ? hi : lo;
}

int main(int argc, char **argv) {
  long mib = argc > 1 ? atol(argv[1]) : 8;
  if (mib < 1 || mib > 4096) {
    fprintf(stderr, "static-rule: error: size '%s' is not 1-4096 (MiB per object)\n", argv[1]);
    return 2;
  }
  long npoints = (long)(mib * MIB / sizeof(point_t)), ncells = (long)(mib * MIB / sizeof(double));
  grid = malloc((size_t)npoints * sizeof *grid);
  source = malloc((size_t)ncells * sizeof *source);
  flux = calloc((size_t)ncells, sizeof *flux);
  if (!grid || !source || !flux) {
    fprintf(stderr, "static-rule: error: cannot allocate 3 x %ld MiB\n", mib);
    return 3;
  }
  double e = 0, want = 0;
  for (long i = 0; i < npoints; i++) {
    e += 0.5 + uniform(i);
    grid[i].energy = e;
    for (int k = 0; k < 3; k++) grid[i].xs[k] = uniform(3 * i + k + 7);
  }
  for (long i = 0; i < ncells; i++) source[i] = uniform(i + 99), want += source[i];

  /* Batches: particles are born from the source, each looks up the grid;
   * then the tally decays and takes the batch's contributions. */
  double check = 0, total = 0, born = 0;
  long cell = 0;
  for (int b = 0; b < BATCHES; b++) {
    double collide = 0;
    for (long p = 0; p < LOOKUPS_PER_BATCH; p++) {
      double en = grid[0].energy + uniform(1000003 * (uint64_t)b + (uint64_t)p) * (e - grid[0].energy);
      long g = find(npoints, en);
      collide += grid[g].xs[0] - grid[g].xs[2];
      /* recomputed without the search: the point is the last one at or below en */
      long lo = g, hi = g + 1;
      check += (grid[lo].energy <= en && (hi == npoints || grid[hi].energy > en)) ? 1 : 0;
    }
    long end = b == BATCHES - 1 ? ncells : (b + 1) * (ncells / BATCHES); /* the batch's share */
    for (; cell < end; cell++) born += source[cell];
    for (long i = 0; i < ncells; i++) flux[i] = 0.5 * flux[i] + collide * 1e-9;
    total += collide;
  }
  double f = 0;
  for (long i = 0; i < ncells; i += 512) f += flux[i];
  int ok = check == (double)BATCHES * LOOKUPS_PER_BATCH && born == want && f > 0;
  printf("static-rule: %ld MiB per object, %d x %d lookups, collisions %.6e, flux %.6e: %s\n", mib, BATCHES,
         LOOKUPS_PER_BATCH, total, f, ok ? "VERIFICATION SUCCESSFUL" : "VERIFICATION FAILED");
  free(grid), free(source), free(flux);
  return ok ? 0 : 1;
}
