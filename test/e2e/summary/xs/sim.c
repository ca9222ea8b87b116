#include "xs.h"

static unsigned long hash(unsigned long x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdUL;
  x ^= x >> 33;
  return x;
}

/* the first energy-grid point at or above e */
static long search(const double *grid, long n, double e) {
  long lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    long mid = lo + (hi - lo) / 2;
    if (grid[mid] > e) hi = mid;
    else lo = mid;
  }
  return lo;
}

static void lookup(const SimulationData *SD, Particle *p) {
  long points = SD->n_isotopes * SD->n_gridpoints;
  long idx = search(SD->energy_grid, points, p->energy);
  for (int k = 0; k < 5; k++) p->xs[k] = 0;
  for (long iso = 0; iso < SD->n_isotopes; iso++) {
    long g = SD->index_grid[idx * SD->n_isotopes + iso];
    const double *xs = &SD->nuclide_grid[(iso * SD->n_gridpoints + g) * 5];
    for (int k = 0; k < 5; k++) p->xs[k] += xs[k];
  }
}

double run_events(SimulationData SD, Particle *bank, long n, int events) {
  double sum = 0;
  for (int ev = 0; ev < events; ev++) {
    for (long i = 0; i < n; i++) {
      Particle *p = &bank[i];
      lookup(&SD, p);
      p->weight *= 0.5 + (double)(hash((unsigned long)(i + ev)) % 100) / 200.0;
      p->energy = (double)(hash((unsigned long)i * 31 + (unsigned long)ev) % 1000000) / 1000000.0;
      sum += p->xs[0] * p->weight;
    }
  }
  return sum;
}
