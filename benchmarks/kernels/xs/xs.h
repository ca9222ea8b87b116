/* xs - Monte Carlo neutron cross-section lookups on a unionized energy grid
 * (the memory behaviour of XSBench's event-based "unionized" mode: random,
 * latency-bound reads of a huge index grid and of the nuclide grids, and a
 * particle bank swept once per event).
 *
 * Data: every nuclide has a sorted energy grid with five cross sections per
 * point (nuclide_grid); union_energy is all those energies sorted; index_grid
 * holds, per union energy and nuclide, the position of that energy in the
 * nuclide's own grid. The bank holds every particle's state (energy,
 * material, running sums), about the size of the index grid, as an
 * event-based transport code keeps its particles in flight.
 * An event is one sweep of the bank: each particle looks up its energy in
 * the union grid (binary search), interpolates every nuclide of its material
 * and sums concentration-weighted macroscopic cross sections, then collides:
 * it loses energy (elastic scattering) and may enter another material.
 * Verification: every 4th particle's history is replayed without the union
 * and index grids (binary search in each nuclide's own grid) and must give
 * the same results; the checksums of both must agree.
 *
 * In several files, as a real code is: grid.c builds the grids into the
 * fields of an xs_data_t returned by value (XSBench's SimulationData, built
 * in GridInit.c); simulation.c owns the particle bank and runs the events,
 * gathering the grids through the xs_data_t it is passed by value; verify.c
 * replays histories from the same xs_data_t; main.c reads the class, times
 * the events and compares the results. The oli report names each grid after
 * the field it is stored into (SD.index_grid) and the bank after its
 * file-scope pointer; the static estimate joins the accesses of every file
 * (docs/static-intensity.md, "Across modules"). */
#ifndef XS_H
#define XS_H

#include "bench.h"
#include <math.h>

typedef struct {
  int n_isotopes;
  long n_gridpoints; /* per nuclide */
  long n_particles;  /* the bank: XS_EVENTS lookups each */
} xs_params_t;

#define XS_SEED 0x7853ull
#define XS_NMAT 12
#define XS_VERIFY_STRIDE 4
#define XS_EVENTS 2     /* collisions per particle: sweeps of the bank */
#define XS_ALPHA 0.6    /* smallest energy kept in an elastic collision */

typedef struct {
  double energy;
  double xs[5]; /* total, elastic, absorption, fission, nu-fission */
} xs_point_t;

typedef struct {
  double energy; /* now */
  double sum;    /* of every lookup's five macroscopic cross sections */
  uint64_t hash; /* of every lookup's largest reaction */
  int32_t mat;   /* now */
  int32_t pad;
} xs_particle_t;

/* Everything a lookup reads, built once by grid_init and passed by value. */
typedef struct {
  int n_isotopes;
  long n_gridpoints;        /* per nuclide */
  long n_union;             /* n_isotopes * n_gridpoints */
  xs_point_t *nuclide_grid; /* [n_isotopes][n_gridpoints] */
  double *union_energy;     /* [n_union], sorted */
  int32_t *index_grid;      /* [n_union][n_isotopes] */
  int *mat_count;           /* [XS_NMAT]: nuclides of each material */
  int *mat_nuclide;         /* [XS_NMAT][n_isotopes] */
  double *mat_conc;         /* [XS_NMAT][n_isotopes] */
} xs_data_t;

/* Results of the timed events over the whole bank, and over every
 * XS_VERIFY_STRIDE-th particle (what the verification replays). */
typedef struct {
  uint64_t hash_all, hash_sub;
  double sum_sub;
} xs_tally_t;

/* grid.c */
xs_data_t grid_init(xs_params_t P);

/* simulation.c */
void bank_init(long np);
void run_events(xs_data_t SD, long np);
xs_tally_t bank_tally(long np);
/* The physics of a particle's history, replayed by the verification. */
void birth(long p, double *E, int *mat);
void collide(long p, int e, double *E, int *mat);
uint64_t argmax5(const double v[5]);

/* verify.c */
xs_tally_t replay(xs_data_t SD, long np);

/* The two steps of a lookup, shared by the events and the verification. */

/* Largest i in [0, n) with e[i] <= E (0 if none), stride in doubles. */
static inline long search(const double *e, long n, long stride, double E) {
  long lo = 0, hi = n - 1;
  if (E < e[0]) return 0;
  while (hi - lo > 1) {
    long mid = lo + (hi - lo) / 2;
    if (e[mid * stride] <= E) lo = mid; else hi = mid;
  }
  return e[hi * stride] <= E ? hi : lo;
}

static inline void interpolate(const xs_point_t *lo, double E, double conc, double macro[5]) {
  const xs_point_t *hi = lo + 1;
  double f = (hi->energy - E) / (hi->energy - lo->energy);
  for (int k = 0; k < 5; k++) macro[k] += conc * (hi->xs[k] - f * (hi->xs[k] - lo->xs[k]));
}

#endif /* XS_H */
